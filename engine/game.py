"""One game (ván) as an explicit state machine (RULES R4, R5).

The phase says what kind of decision is pending and ``actor`` whose it is; ``legal_actions()``
lists the actor's choices; ``apply(action)`` checks, changes the state in one place and returns
the events it caused. A game rebuilt from its deal and recorded actions equals the live one.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from engine.actions import Act, Action, Call
from engine.chan import hand as H
from engine.chan.call import Verdict, judge
from engine.chan.cards import N_KINDS, Card, pairs_with
from engine.chan.cuoc import WinFacts, detect
from engine.chan.deal import Deal
from engine.chan.melds import Meld, MeldKind
from engine.chan.observation import Observation
from engine.chan.rulebook import REGISTRY
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.settlement import Settlement, no_payment, settle_u_lao, settle_win
from engine.chan.violations import (
    SeatHistory,
    discard_violations,
    eat_violations,
    legal_eats,
    makes_bao,
    note_decline,
    note_discard,
    note_eat,
)
from engine.errors import (
    BadDeal,
    BaoRestricted,
    CardNotHeld,
    ForbiddenMove,
    GameOver,
    IllegalAction,
    NocMismatch,
    NothingToEat,
    NotYourTurn,
)
from engine.events import (
    BecameBao,
    Claim,
    Declined,
    Ended,
    EndKind,
    Event,
    Origin,
    Outcome,
    Placed,
    Played,
    Violation,
)
from engine.faces import ActionFaces
from engine.registry import Explanation


class Phase(StrEnum):
    """What kind of decision is pending."""

    OPENING = "opening"  # R4.1: the cái recipient declares thiên ù or discards
    CLAIM = "claim"  # R4.2: a claimant decides to ù / chíu or to let the card pass
    PLAY = "play"  # R4.4: the entitled player eats, draws or says dưới
    DISCARD = "discard"  # R4.4: after eating, the eater discards
    RETURN = "return"  # R4.6: after a chíu, trả cửa
    CALL = "call"  # R8.1: the winner calls its cước
    OVER = "over"


class Mode(StrEnum):
    """Play modes (R7.5)."""

    TEACHING = "teaching"
    STRICT = "strict"
    REAL = "real"


_JUDGED = frozenset({Act.EAT, Act.DISCARD, Act.RETURN})
# Game slots holding immutable values; Game.copy() copies every other slot.
_SHARED = ("deal", "rules", "mode", "players", "phase", "actor", "noc_pos", "live", "entitled",
           "may_pass", "window_open", "claim_pos", "outcome", "cai_known", "_chiu_from", "_noc",
           "dealt", "thong_seat", "last_drawer", "verdict", "settlement", "_win_facts")


# Interned actions: legal_actions() is on the AI's hot path.
_DISCARD = [[Action(s, Act.DISCARD, Card(k)) for k in range(N_KINDS)] for s in range(4)]
_RETURN = [[Action(s, Act.RETURN, Card(k)) for k in range(N_KINDS)] for s in range(4)]
_EAT = [[Action(s, Act.EAT, Card(k)) for k in range(N_KINDS)] for s in range(4)]
_SIMPLE = {(s, a): Action(s, a) for s in range(4)
           for a in (Act.DRAW, Act.PASS, Act.CHIU, Act.WIN, Act.DECLINE)}
# Hand kinds that pair with each kind as chắn or cạ (R3.1, R3.2).
_PARTNERS = [tuple(k for k in range(N_KINDS) if pairs_with(x, k)) for x in range(N_KINDS)]


class Game(ActionFaces):
    """The state of one game and the only place it changes."""

    __slots__ = (
        "_chiu_from",
        "_noc",
        "_win_facts",
        "actor",
        "bao",
        "cai_known",
        "claim_pos",
        "claims",
        "cua",
        "deal",
        "dealt",
        "entitled",
        "hand",
        "hand_n",
        "hist",
        "last_drawer",
        "live",
        "log",
        "mat_chan",
        "mats",
        "may_pass",
        "mode",
        "noc_pos",
        "outcome",
        "phase",
        "players",
        "record",
        "rules",
        "settlement",
        "thong_seat",
        "verdict",
        "violations",
        "window_open",
    )

    def __init__(self, deal: Deal, rules: LangRules = DEFAULT_RULES,
                 mode: Mode = Mode.REAL, thong_seat: int | None = None) -> None:
        if len(deal.noc) <= rules.noc_stop:
            raise BadDeal(f"the nọc holds {len(deal.noc)} cards: it must hold more than the "
                          f"nọc stop ({rules.noc_stop}, R4.9)",
                          vi=f"nọc có {len(deal.noc)} quân: phải nhiều hơn điểm dừng nọc "
                             f"({rules.noc_stop}, R4.9)")
        self.deal = deal
        self.rules = rules
        self.mode = mode
        self.players = deal.players
        self.hand: list[int] = [H.pack(h) for h in deal.hands]
        self.hand_n: list[int] = [len(h) for h in deal.hands]
        self.mats: list[list[Meld]] = [[] for _ in range(self.players)]
        self.mat_chan: list[int] = [0] * self.players
        self.cua: list[list[Card]] = [[] for _ in range(self.players)]
        self._noc = deal.noc
        self.noc_pos = 0
        self.live: Placed | None = None
        self.entitled = deal.cai_seat
        self.may_pass = False
        self.window_open = False
        self.claims: list[Claim] = []
        self.claim_pos = 0
        self.bao: list[bool] = [False] * self.players
        self.record: list[Action] = []
        self.log: list[Event] = []
        self.outcome: Outcome | None = None
        self.cai_known = deal.cai_card is not None
        self._chiu_from: Placed | None = None
        self.hist = [SeatHistory() for _ in range(self.players)]
        self.dealt = tuple(self.hand)
        self.thong_seat = thong_seat  # C2: the seat that may call thông (from the session)
        self.last_drawer: int | None = None
        self.verdict: Verdict | None = None
        self.settlement: Settlement | None = None
        self.violations: list[Violation] = []
        self._win_facts: WinFacts | None = None
        self.phase = Phase.OPENING
        self.actor: int | None = deal.cai_seat

    # ------------------------------------------------------------------ queries

    @classmethod
    def replay(cls, deal: Deal, actions: Iterable[Action], rules: LangRules = DEFAULT_RULES,
               mode: Mode = Mode.REAL, thong_seat: int | None = None,
               complete: bool = False) -> Game:
        """Rebuild a game from its deal and its actions (recorded or live).

        ``complete`` says the actions are a whole record: a window left open on the nọc stop
        card was declined by everyone (see ``finish``).
        """
        game = cls(deal, rules, mode, thong_seat)
        for action in actions:
            game.apply(action)
        if complete:
            game.finish()
        return game

    def copy(self) -> Game:
        """An independent game in the same state (what searching players explore)."""
        twin = Game.__new__(Game)
        for name in _SHARED:  # immutable values: shared
            setattr(twin, name, getattr(self, name))
        twin.hand, twin.hand_n = list(self.hand), list(self.hand_n)
        twin.mats = [list(m) for m in self.mats]
        twin.mat_chan = list(self.mat_chan)
        twin.cua = [list(p) for p in self.cua]
        twin.claims, twin.bao = list(self.claims), list(self.bao)
        twin.record, twin.log = list(self.record), list(self.log)
        twin.hist = [h.copy() for h in self.hist]
        twin.violations = list(self.violations)
        return twin

    @property
    def noc_left(self) -> int:
        """Cards still in the nọc."""
        return len(self._noc) - self.noc_pos

    @property
    def is_over(self) -> bool:
        """The game has ended (win and call, ù láo, or a drawn game)."""
        return self.phase is Phase.OVER

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand, sorted."""
        return H.unpack(self.hand[seat])

    def hand_count(self, seat: int, card: int) -> int:
        """How many copies of a kind a seat holds in hand."""
        return (self.hand[seat] >> (3 * card)) & 7

    def pending_claims(self) -> tuple[Claim, ...]:
        """Claims not yet decided in the open claim window, in priority order (R4.2)."""
        if self.phase is not Phase.CLAIM:
            return ()
        return tuple(self.claims[self.claim_pos:])

    def can_win_on(self, seat: int, card: int) -> bool:
        """R5.1/R5.3 (+R5.6): the seat's hand and melds win with ``card``."""
        return H.is_winning(self.hand[seat], self.hand_n[seat], self.mat_chan[seat], card)

    def waits(self, seat: int) -> tuple[Card, ...]:
        """The kinds that would complete the seat's hand (R5.5)."""
        return tuple(Card(k) for k in H.waits(self.hand[seat], self.hand_n[seat],
                                              self.mat_chan[seat]))

    def seen_by(self, seat: int) -> tuple[Card, ...]:
        """Cards a seat can see outside its own hand: mats, cửa piles, a known quân cái."""
        seen: list[Card] = [c for mat in self.mats for m in mat for c in m.cards]
        seen.extend(c for pile in self.cua for c in pile)
        if self.cai_known and seat != self.deal.cai_seat and self.deal.cai_card is not None:
            seen.append(self.deal.cai_card)
        return tuple(seen)

    def legal_actions(self) -> list[Action]:
        """The actor's possible actions (never ù láo, which only real mode accepts).

        In strict mode (R7.5) moves that commit a lỗi are left out while another move exists.
        """
        moves = self.moves()
        if self.mode is Mode.STRICT and len(moves) > 1:
            clean = [a for a in moves if not self.faults_of(a)]
            if clean:
                return clean
        return moves

    def moves(self) -> list[Action]:
        """Every action the actor could physically take, lỗi included (what strict mode
        filters, R7.5); like legal_actions(), never ù láo."""
        phase = self.phase
        actor = self.actor
        if actor is None or phase is Phase.OVER:
            return []
        if phase is Phase.CLAIM:
            claim = self.claims[self.claim_pos]
            return [_SIMPLE[(actor, claim.act)], _SIMPLE[(actor, Act.DECLINE)]]
        if phase is Phase.PLAY:
            live = self.live
            assert live is not None
            out: list[Action] = []
            if not self.bao[actor] and self.hand_n[actor] > 1:
                h = self.hand[actor]
                eats = _EAT[actor]
                out = [eats[k] for k in _PARTNERS[live.card] if (h >> (3 * k)) & 7]
            out.append(_SIMPLE[(actor, Act.PASS if self.may_pass else Act.DRAW)])
            return out
        if phase is Phase.DISCARD or phase is Phase.OPENING:
            table = _DISCARD[actor]
            out = [table[k] for k in H.kinds_held(self.hand[actor])]
            if phase is Phase.OPENING and self._dealt_win(actor):
                out.append(_SIMPLE[(actor, Act.WIN)])
            return out
        if phase is Phase.RETURN:
            table = _RETURN[actor]
            return [table[k] for k in H.kinds_held(self.hand[actor])]
        if phase is Phase.CALL:
            return [Action(actor, Act.CALL, None, self.true_call())]
        return []

    def true_call(self) -> Call:
        """The winner's true cước in canonical order (R6, R8.5); empty before a win."""
        return () if self._win_facts is None else detect(self._win_facts)

    def win_facts(self, seat: int, card: int | None) -> WinFacts:
        """The facts of R6 for ``seat`` winning now on the live card (None: thiên ù)."""
        hist = self.hist[seat]
        h = self.hand[seat]
        live = self.live
        chiu_u = card is not None and (h >> (3 * card)) & 7 == 3
        dealt = self.dealt[seat]
        return WinFacts(
            hand=h, hand_n=self.hand_n[seat], mats=tuple(self.mats[seat]),
            card=None if card is None else Card(card),
            chi=card is not None and live is not None and live.cua == seat,
            thien_u=card is None, dia_u=card is not None and not hist.touched_cua_chi,
            chiu_u=chiu_u, bon_done=hist.bon_done,
            # C9: a card the winner could have eaten as bòn (its cửa chì or cửa trên)
            u_bon=card is not None and not chiu_u and card in hist.bon_open
            and (h >> (3 * card)) & 7 >= 1 and live is not None
            and live.cua in (seat, (seat - 1) % self.players),
            pha_thien=not ((dealt >> 1) | (dealt >> 2)) & H.LOW,
            thong=seat == self.thong_seat,
        )

    # ------------------------------------------------------------------ judging (R7)

    def faults_of(self, a: Action) -> list[Violation]:
        """The lỗi (L1–L17) that ``a`` would commit if applied now (R7)."""
        act = a.act
        seat = a.seat
        index = len(self.record)
        if act is Act.EAT:
            live = self.live
            if live is None or a.card is None:
                return []
            return eat_violations(self.hand[seat], self.hand_n[seat], self.mat_chan[seat],
                                  self.hist[seat], live.card, a.card, seat, index)
        if (act is Act.DISCARD or act is Act.RETURN) and a.card is not None:
            return discard_violations(self.hist[seat], a.card, seat, index, act, self.hand[seat],
                                      self.hand_n[seat], self.mat_chan[seat])
        return []

    def explain(self, a: Action) -> tuple[Explanation, ...]:
        """Teaching mode (R7.5): every fault ``a`` would commit, with one sentence each."""
        explanation = REGISTRY.explanation
        out = [explanation(v.rule, str(v.card)) for v in self.faults_of(a)]
        live = self.live
        if live is not None and self.phase is Phase.CLAIM:
            if a.act is Act.DECLINE and self.actor == a.seat:
                claim = self.claims[self.claim_pos]
                out.append(explanation("bo_u" if claim.act is Act.WIN else "missed_chiu",
                                       str(live.card)))
            elif a.act in (Act.EAT, Act.DRAW, Act.PASS):
                for c in self.claims[self.claim_pos:]:
                    if c.seat == a.seat:
                        out.append(explanation("bo_u" if c.act is Act.WIN else "missed_chiu",
                                               str(live.card)))
        if a.act is Act.WIN and self.can(a) and not self._legit_win(a.seat):
            out.append(explanation("u_lao", "" if live is None else str(live.card)))
        if a.act is Act.DISCARD and self.phase is Phase.OPENING and self._dealt_win(a.seat):
            out.append(explanation("bo_u", "thiên ù"))
        return tuple(out)

    def _legit_win(self, seat: int) -> bool:
        if self.phase is Phase.OPENING:
            return seat == self.deal.cai_seat and self._dealt_win(seat)
        return self.phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None

    # ------------------------------------------------------------------ verification

    def verify(self, action: Action) -> None:
        """Raise a specific IllegalAction if ``action`` is physically impossible now."""
        self._check(action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, a: Action) -> Phase:
        """Verify and return the phase the action is taken in (CLAIM actions may close it)."""
        seat, act, phase = a.seat, a.act, self.phase
        name = a  # formatted by the error, only when one is raised
        if phase is Phase.OVER:
            if self._closing_pass(a):
                return phase
            raise GameOver(seat, name, "the game is over")
        if not 0 <= seat < self.players:
            raise NotYourTurn(seat, name, f"there is no seat {seat} at a "
                                          f"{self.players}-player table")
        if act is Act.WIN:
            self._check_win(a)
            return phase
        if act is Act.DECLINE:
            if phase is not Phase.CLAIM or self.actor != seat:
                raise NotYourTurn(seat, name, "there is no claim for this seat to let pass")
            return phase
        if act is Act.CHIU:
            if self.bao[seat]:
                raise BaoRestricted(seat, name, "a báo player may not chíu (R4.8)")
            if phase is not Phase.CLAIM or (self._claim_index(seat, Act.CHIU) is None
                                            and not self._chiu_instead_of_u(seat)):
                raise IllegalAction(seat, name, self._why_no_chiu(seat))
            return phase
        if act in (Act.EAT, Act.DRAW, Act.PASS):
            if phase is Phase.CLAIM and seat == self.entitled:
                pass  # the entitled player acts: every pending claim was declined (R4.2)
            elif phase is not Phase.PLAY or seat != self.actor:
                raise NotYourTurn(seat, name, self._whose_turn())
            if self.bao[seat] and act is Act.EAT:
                raise BaoRestricted(seat, name, "a báo player may only bốc and dưới (R4.8)")
            live = self.live
            assert live is not None
            if live.final and act is not Act.PASS:  # R4.9: only ù, or the drawer's dưới
                raise IllegalAction(seat, name, "the last card of the nọc can only be won on "
                                                "(R4.9)" if act is Act.EAT else
                                    "the nọc stop is reached: nobody draws again (R4.9)")
            if act is Act.EAT:
                assert a.card is not None
                if not (self.hand[seat] >> (3 * a.card)) & 7:
                    raise CardNotHeld(seat, name, f"{a.card} is not in this seat's hand")
                if self.hand_n[seat] < 2:
                    raise NothingToEat(seat, name, "eating with the last hand card leaves "
                                                   "nothing to discard (R4.4)")
                if not pairs_with(live.card, a.card):
                    raise NothingToEat(seat, name, f"{a.card} makes neither chắn nor cạ with "
                                                   f"{live.card} (R3.1, R3.2)")
            elif act is Act.DRAW:
                if self.may_pass:
                    raise IllegalAction(seat, name, f"{live.card} was just drawn by this seat: "
                                                    f"eat it or say dưới (R4.4)")
                if a.card is not None and a.card != self._noc[self.noc_pos]:
                    raise NocMismatch(seat, name, f"the top of the nọc is "
                                                  f"{self._noc[self.noc_pos]}, not {a.card}")
            elif not self.may_pass:
                raise IllegalAction(seat, name, "dưới is only said on one's own draw (R4.4)")
            return phase
        if act is Act.DISCARD or act is Act.RETURN:
            want = Phase.RETURN if act is Act.RETURN else Phase.DISCARD
            if seat != self.actor or not (phase is want or (act is Act.DISCARD
                                                             and phase is Phase.OPENING)):
                if act is Act.RETURN and phase is not Phase.RETURN:
                    raise IllegalAction(seat, name, "trả cửa only follows one's own chíu (R4.6)")
                raise NotYourTurn(seat, name, self._whose_turn())
            assert a.card is not None
            if not (self.hand[seat] >> (3 * a.card)) & 7:
                raise CardNotHeld(seat, name, f"{a.card} is not in this seat's hand")
            return phase
        if act is Act.CALL:
            if phase is not Phase.CALL or seat != self.actor:
                raise NotYourTurn(seat, name, "only the winner calls, right after ù (R8.1)")
            return phase
        raise IllegalAction(seat, name, "unknown act")  # pragma: no cover

    def _check_win(self, a: Action) -> None:
        seat, phase = a.seat, self.phase
        name = a  # formatted by the error, only when one is raised
        if self.bao[seat]:
            raise BaoRestricted(seat, name, "a báo player may not ù (R4.8)")
        if phase is Phase.OPENING:
            if seat != self.deal.cai_seat:
                raise NotYourTurn(seat, name, "before the first discard only the cái recipient "
                                              "may ù (thiên ù, R5.2)")
            if self._dealt_win(seat) or self.mode is Mode.REAL:
                return
            raise IllegalAction(seat, name, "these 20 cards are not a winning hand (R5.1); "
                                            "ù láo is possible only in real mode (R7.5)")
        if phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None:
            return
        if self.window_open and self.mode is Mode.REAL and phase in (Phase.CLAIM, Phase.PLAY):
            return  # ù láo: judged, not refused (R7.4, R7.5)
        raise IllegalAction(seat, name, self._why_no_win(seat))

    def _why_no_win(self, seat: int) -> str:
        live = self.live
        if live is None or not self.window_open:
            return "there is no card to ù on now (R4.2)"
        if live.origin is not Origin.DRAW and self.hand_count(seat, live.card) != 3:
            return (f"{live.card} was not drawn from the nọc: only a chíu ù can win on it "
                    f"(R5.2, R5.4)")
        if not self.can_win_on(seat, live.card):
            return f"this hand does not win with {live.card} (R5.1, R5.3)"
        return "this claim window has passed this seat (R4.2)"

    def _why_no_chiu(self, seat: int) -> str:
        live = self.live
        if live is None or not self.window_open:
            return "there is no card to chíu now (R4.2)"
        if self.hand_count(seat, live.card) != 3:
            return f"chíu needs three {live.card} in hand (R4.2)"
        if live.final:
            return "the last card of the nọc can only be won on (R4.9)"
        if self.hand_n[seat] < 4:
            return "after a chíu there would be no card left for trả cửa (R4.6)"
        if live.origin is not Origin.DRAW and live.by == seat:
            return "a player may not chíu a card it discarded or returned itself (R4.2)"
        return "this claim window has passed this seat (R4.2)"

    def _closing_pass(self, a: Action) -> bool:
        """R4.9 (FORMATS reading rule): once a game has ended drawn on the nọc-stop card, its
        drawer may still say dưới on it, once, as the next event; it changes nothing."""
        live, outcome = self.live, self.outcome
        return (a.act is Act.PASS and live is not None and live.final and a.seat == live.by
                and outcome is not None and outcome.kind is EndKind.DRAW
                and live.event == len(self.record) - 1)

    def _chiu_instead_of_u(self, seat: int) -> bool:
        """R4.7: a seat whose chíu would win is offered the chíu ù only; a recorded plain chíu
        by it is still accepted, as an ù let pass (bỏ ù) followed by a chíu and trả cửa."""
        live = self.live
        return (live is not None and not live.final and self.hand_n[seat] > 3
                and self.hand_count(seat, live.card) == 3
                and self._claim_index(seat, Act.WIN) is not None)

    def _whose_turn(self) -> str:
        return f"it is seat {self.actor}'s decision ({self.phase.value})"

    def _claim_index(self, seat: int, act: Act) -> int | None:
        for i in range(self.claim_pos, len(self.claims)):
            c = self.claims[i]
            if c.seat == seat and c.act is act:
                return i
        return None

    def _dealt_win(self, seat: int) -> bool:
        return H.is_winning_dealt(self.hand[seat], self.hand_n[seat]) and self._win_allowed(
            seat, None)

    def _win_allowed(self, seat: int, card: int | None) -> bool:
        """R5.6: with ù xuông not allowed, a win with no cước is no win."""
        if self.rules.allow_xuong:
            return True
        return detect(self.win_facts(seat, card)) != (("xuong", 1),)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Verify and apply an action; return the events it caused."""
        phase = self._check(action)
        events: list[Event] = []
        act = action.act
        seat = action.seat
        faults = self.faults_of(action) if act in _JUDGED else []
        if faults and self.mode is Mode.STRICT and any(
                not self.faults_of(m) for m in self.moves()):
            rules = ", ".join(v.rule for v in faults)
            raise ForbiddenMove(seat, str(action), f"strict mode refuses a move that commits "
                                                   f"{rules} (R7.5)")
        if phase is Phase.CLAIM and act is not Act.DECLINE:
            # A recorded action implies that the claims ranked before it were declined.
            stop = self._claim_index(seat, act) if act in (Act.WIN, Act.CHIU) else None
            if stop is not None or act is not Act.WIN:  # an ù láo pre-empts, it declines nothing
                self._decline_until(len(self.claims) if stop is None else stop, events)
        if act is Act.DECLINE:
            self._decline_until(self.claim_pos + 1, events)
            self._after_claims(events)
        elif act is Act.DRAW:
            self._note_decline(seat)
            self.last_drawer = seat
            card = self._noc[self.noc_pos]
            self.noc_pos += 1
            recorded = _SIMPLE[(seat, Act.DRAW)] if action.card is None else action
            self._played(Action(seat, Act.DRAW, card) if recorded.card is None else recorded,
                         events)
            final = self.noc_left == self.rules.noc_stop
            self._place(card, seat, Origin.DRAW, seat, seat, True, final, events)
        elif act is Act.EAT:
            live = self.live
            assert action.card is not None and live is not None
            self._played(action, events)
            note_eat(self.hist[seat], self.hand[seat], live.card, action.card,
                     len(self.record) - 1)
            self.cua[live.cua].pop()
            self._take(seat, action.card, 1)
            kind = MeldKind.CHAN if live.card == action.card else MeldKind.CA
            self.mats[seat].append(Meld(kind, (live.card, action.card), live.card))
            self.mat_chan[seat] += kind is MeldKind.CHAN
            self._judged(faults, events)
            self._close_window()
            self.phase, self.actor = Phase.DISCARD, seat
        elif act is Act.PASS and (phase is Phase.OVER or (self.live is not None
                                                         and self.live.final)):
            # R4.9: the drawer's dưới on the nọc-stop card (the claims were declined above)
            # ends the game drawn, or, said after the end, only stands in the record
            self._played(action, events)
            if phase is not Phase.OVER:
                self._after_claims(events)
        elif act is Act.PASS:
            self._note_decline(seat)
            self._played(action, events)
            self.hist[seat].touched_cua_chi = True
            self._close_window()
            self.entitled = (seat + 1) % self.players
            self.may_pass = False
            self.phase, self.actor = Phase.PLAY, self.entitled
        elif act is Act.DISCARD:
            assert action.card is not None
            if phase is Phase.OPENING and self._dealt_win(seat):  # R7.1: thiên ù let pass
                self.hist[seat].bo_u.append(len(self.record))
                events.append(Declined(seat, Act.WIN, None, len(self.record)))
            self._played(action, events)
            self._judged(faults, events)
            note_discard(self.hist[seat], action.card, len(self.record) - 1)
            self.hist[seat].touched_cua_chi = True
            self._take(seat, action.card, 1)
            self._place(action.card, seat, Origin.DISCARD, seat, (seat + 1) % self.players,
                        False, False, events)
        elif act is Act.CHIU:
            live = self.live
            assert live is not None
            self._played(action, events)
            self.cua[live.cua].pop()
            self._take(seat, live.card, 3)
            self.mats[seat].append(Meld(MeldKind.CHIU, (live.card,) * 4, live.card))
            self.mat_chan[seat] += 2
            self._close_window()
            self._chiu_from = live
            self.phase, self.actor = Phase.RETURN, seat
        elif act is Act.RETURN:
            assert action.card is not None
            x = self._chiu_from
            assert x is not None
            self._played(action, events)
            self._judged(faults, events)
            note_discard(self.hist[seat], action.card, len(self.record) - 1)
            if x.cua == seat:
                self.hist[seat].touched_cua_chi = True
            self._take(seat, action.card, 1)
            self._chiu_from = None
            if x.origin is Origin.DRAW:  # R4.6: the drawer decides on R as on its own draw
                home, may_pass = x.cua, True
            else:
                home, may_pass = (x.cua + 1) % self.players, False
            self._place(action.card, x.cua, Origin.RETURN, seat, home, may_pass, False, events)
        elif act is Act.WIN:
            self._win(action, events)
        elif act is Act.CALL:
            self._played(action, events)
            self.verdict = judge(self.true_call(), action.cuoc, self.rules.strict_order)
            hist = self.hist[seat]
            self.settlement = settle_win(self.players, seat, self.verdict,
                                         (v.rule for v in hist.faults), bool(hist.bo_u),
                                         tuple(self.bao), self.rules)
            self.phase, self.actor = Phase.OVER, None
            assert self.outcome is not None
            events.append(Ended(self.outcome))
        self.log.extend(events)
        return events

    def _judged(self, faults: list[Violation], events: list[Event]) -> None:
        """Record the lỗi of the event just played; L6–L17 make the player báo (R7.3)."""
        for v in faults:
            self.hist[v.seat].faults.append(v)
            self.violations.append(v)
            events.append(v)
        cause = makes_bao(faults)
        if cause is not None and not self.bao[cause.seat]:
            self.bao[cause.seat] = True
            events.append(BecameBao(cause.seat, cause.event, cause.rule))

    def _note_decline(self, seat: int) -> None:
        """The entitled seat leaves the live card: declined if it could eat it legally (R7)."""
        live = self.live
        if live is None or self.bao[seat]:
            return
        h = self.hand[seat]
        if legal_eats(h, self.hand_n[seat], self.mat_chan[seat], live.card):
            note_decline(self.hist[seat], h, live.card, len(self.record))

    def finish(self) -> list[Event]:
        """A complete record ends on the last nọc card: its pending claims were declined.

        Records never hold declines (FORMATS.md), so a replayed game whose nọc stop card was
        let pass by everyone still shows the claims; the reader of a finished record calls this.
        (A record may also end with the drawer's dưới on that card, which declines them itself:
        ``_closing_pass``, issue 14.)
        """
        live = self.live
        if self.phase is not Phase.CLAIM or live is None or not live.final:
            return []
        events: list[Event] = []
        self._decline_until(len(self.claims), events)
        self._after_claims(events)
        self.log.extend(events)
        return events

    def _played(self, action: Action, events: list[Event]) -> None:
        events.append(Played(len(self.record), action))
        self.record.append(action)

    def _take(self, seat: int, card: int, n: int) -> None:
        self.hand[seat] -= n * H.ONE[card]
        self.hand_n[seat] -= n
        if self.cai_known and seat == self.deal.cai_seat and card == self.deal.cai_card:
            self.cai_known = False  # the quân cái may be the copy that left the hand

    def _close_window(self) -> None:
        self.window_open = False
        self.claims = []
        self.claim_pos = 0

    def _decline_until(self, stop: int, events: list[Event]) -> None:
        live = self.live
        assert live is not None
        for i in range(self.claim_pos, stop):
            c = self.claims[i]
            events.append(Declined(c.seat, c.act, live.card, live.event))
            if c.act is Act.WIN:
                self.hist[c.seat].bo_u.append(live.event)  # R7.1
        self.claim_pos = stop

    def _place(self, card: Card, cua: int, origin: Origin, by: int, home: int, may_pass: bool,
               final: bool, events: list[Event]) -> None:
        """A card goes face up into a cửa: the claim window opens (R4.2)."""
        self.cua[cua].append(card)
        self.live = Placed(card, cua, origin, by, home, may_pass, final, len(self.record) - 1)
        self.entitled = home
        self.may_pass = may_pass
        self.window_open = True
        self.claims = self._claims_on(card, origin, by, home, final)
        self.claim_pos = 0
        self._after_claims(events)

    def _claims_on(self, card: int, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """R4.2: who may ù, then who may chíu, nearest first from the entitled seat."""
        claims: list[Claim] = []
        chiu: Claim | None = None
        shift = 3 * card
        n = self.players
        for i in range(n):
            s = (home + i) % n
            if self.bao[s]:
                continue
            held = (self.hand[s] >> shift) & 7
            if origin is not Origin.DRAW and (held != 3 or s == by):
                continue
            wins = self.can_win_on(s, card) and self._win_allowed(s, card)
            if wins:
                claims.append(Claim(s, Act.WIN))
            # R4.6 needs a card to return; R4.7: a chíu that would win is the chíu ù above
            if held == 3 and not final and self.hand_n[s] > 3 and not wins:
                chiu = Claim(s, Act.CHIU)
        if chiu is not None:
            claims.append(chiu)
        return claims

    def _after_claims(self, events: list[Event]) -> None:
        """Ask the next claimant, or hand the card to the entitled player (or end, R4.9)."""
        if self.claim_pos < len(self.claims):
            self.phase, self.actor = Phase.CLAIM, self.claims[self.claim_pos].seat
            return
        live = self.live
        assert live is not None
        if live.final:
            self.settlement = no_payment(self.players)
            self._end(Outcome(EndKind.DRAW), events)
            return
        self.phase, self.actor = Phase.PLAY, self.entitled

    def _win(self, action: Action, events: list[Event]) -> None:
        seat = action.seat
        self._played(action, events)
        win_event = len(self.record) - 1
        if self.phase is Phase.OPENING:
            if self._dealt_win(seat):
                self._win_facts = self.win_facts(seat, None)
                self.outcome = Outcome(EndKind.WIN, seat, None, thien_u=True, win_event=win_event)
                self.phase, self.actor = Phase.CALL, seat
            else:
                self.settlement = settle_u_lao(self.players, seat, self.rules)
                self._end(Outcome(EndKind.U_LAO, seat, None, win_event=win_event), events)
            return
        live = self.live
        assert live is not None
        legit = self.phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None
        self._close_window()
        if not legit:
            self.settlement = settle_u_lao(self.players, seat, self.rules)
            self._end(Outcome(EndKind.U_LAO, seat, live.card, win_event=win_event), events)
            return
        self._win_facts = self.win_facts(seat, live.card)
        chiu_u = self.hand_count(seat, live.card) == 3
        self.outcome = Outcome(EndKind.WIN, seat, live.card, chiu_u=chiu_u, win_event=win_event)
        self.phase, self.actor = Phase.CALL, seat

    def _end(self, outcome: Outcome, events: list[Event]) -> None:
        self.outcome = outcome
        self.phase, self.actor = Phase.OVER, None
        events.append(Ended(outcome))

    # ------------------------------------------------------------------ views

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its own hand and everything public (nothing hidden)."""
        legal = tuple(self.legal_actions()) if self.actor == seat else ()
        return Observation(
            seat=seat, players=self.players, phase=self.phase.value, actor=self.actor,
            hand=self.hand_cards(seat), hand_sizes=tuple(self.hand_n),
            mats=tuple(tuple(m) for m in self.mats), cua=tuple(tuple(p) for p in self.cua),
            live=self.live, entitled=self.entitled, may_pass=self.may_pass,
            noc_left=self.noc_left, cai_card=self.deal.cai_card, cai_seat=self.deal.cai_seat,
            cai_known=self.cai_known, bao=tuple(self.bao), history=tuple(self.record),
            legal=legal,
            faults=tuple(tuple(v.rule for v in self.faults_of(a)) for a in legal),
            rules=self.rules, mode=self.mode.value, outcome=self.outcome,
            seen=self.seen_by(seat), thong_seat=self.thong_seat,
        )

    def state_key(self) -> tuple[object, ...]:
        """Everything that determines the future of the game: equal keys, equal games."""
        return (self.phase, self.actor, tuple(self.hand), tuple(self.hand_n),
                tuple(tuple(m) for m in self.mats), tuple(tuple(p) for p in self.cua),
                self.noc_pos, self.live, self.entitled, self.may_pass, self.window_open,
                tuple(self.claims[self.claim_pos:]), tuple(self.bao), tuple(self.record),
                self.outcome, self.cai_known, self._chiu_from, tuple(self.violations),
                self.last_drawer, self.verdict, self.settlement)

    def __repr__(self) -> str:
        return (f"<Game {self.players}p phase={self.phase.value} actor={self.actor} "
                f"events={len(self.record)} noc={self.noc_left}>")
