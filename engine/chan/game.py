"""A game of Chắn on the shared core (RULES R4, R5, R7): the hand as packed counts, eating as
chắn or cạ, chíu (the claim after ù) and its trả cửa, the win test, báo, the judges of
violations.py, the cước and the settlement.

engine/game.py plays the table; this class adds Chắn's actions to its table (``ACTIONS``) and
fills in its hooks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from engine.actions import Act, Action, Call
from engine.chan import hand as H
from engine.chan.call import Verdict, judge
from engine.chan.cards import ALL_CARDS, N_KINDS, Card, pairs_with
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
from engine.errors import BadDeal, BaoRestricted, CardNotHeld, IllegalAction, NothingToEat
from engine.events import BecameBao, Claim, EndKind, Event, Origin, Outcome, Violation
from engine.game import Game, Mode, Phase
from engine.registry import Registry

# Hand kinds that pair with each kind as chắn or cạ (R3.1, R3.2).
_PARTNERS = [tuple(k for k in range(N_KINDS) if pairs_with(x, k)) for x in range(N_KINDS)]
# What a báo player may not do, and why (R4.8).
_BAO_SAYS = {Act.WIN: "a báo player may not ù (R4.8)",
             Act.CHIU: "a báo player may not chíu (R4.8)",
             Act.EAT: "a báo player may only bốc and dưới (R4.8)"}


class ChanGame(Game):
    """The state of one game of Chắn and the only place it changes."""

    ACTIONS: ClassVar[Mapping[Act, tuple[str, str, bool]]] = {
        **Game.ACTIONS,
        Act.EAT: ("_check_eat", "_do_eat", True),  # R4.4
        Act.CHIU: ("_check_chiu", "_do_chiu", False),  # R4.2, R4.6
    }
    CLAIM_KINDS: ClassVar[tuple[Act, ...]] = (Act.WIN, Act.CHIU)  # R4.2: ù before chíu
    LET_PASS: ClassVar[Mapping[Act, str]] = {Act.WIN: "bo_u", Act.CHIU: "missed_chiu"}
    FALSE_WIN: ClassVar[str] = "u_lao"
    CARDS: ClassVar[tuple[Card, ...]] = ALL_CARDS
    SEATS: ClassVar[int] = 4  # R2.1
    CARD_ACTS: ClassVar[tuple[Act, ...]] = (Act.DISCARD, Act.RETURN, Act.EAT)
    SAYS: ClassVar[Mapping[str, str]] = {
        "no_more_draws": "the nọc stop is reached: nobody draws again (R4.9)",
        "draw_own": "{card} was just drawn by this seat: eat it or say dưới (R4.4)",
        "pass_own": "dưới is only said on one's own draw (R4.4)",
        "return_after": "trả cửa only follows one's own chíu (R4.6)",
        "dealt_win_who": "before the first discard only the cái recipient may ù (thiên ù, "
                         "R5.2)",
        "dealt_win_not": "these 20 cards are not a winning hand (R5.1); ù láo is possible "
                         "only in real mode (R7.5)",
        "dealt_win_name": "thiên ù",
        "call_after": "only the winner calls, right after ù (R8.1)",
        "strict": "strict mode refuses a move that commits {rules} (R7.5)",
    }
    SHARED: ClassVar[tuple[str, ...]] = (*Game.SHARED, "cai_known", "dealt", "_win_facts")

    __slots__ = ("_win_facts", "bao", "cai_known", "dealt", "mat_chan")
    _EATS: ClassVar[list[list[Action]]] = []

    deal: Deal
    rules: LangRules
    hand: list[int]
    mats: list[list[Meld]]
    hist: list[SeatHistory]
    verdict: Verdict | None
    settlement: Settlement | None

    def __init__(self, deal: Deal, rules: LangRules = DEFAULT_RULES,
                 mode: Mode = Mode.REAL, thong_seat: int | None = None) -> None:
        if len(deal.noc) <= rules.noc_stop:
            raise BadDeal(f"the nọc holds {len(deal.noc)} cards: it must hold more than the "
                          f"nọc stop ({rules.noc_stop}, R4.9)",
                          vi=f"nọc có {len(deal.noc)} quân: phải nhiều hơn điểm dừng nọc "
                             f"({rules.noc_stop}, R4.9)")
        super().__init__(deal, rules, mode, thong_seat)
        self.mat_chan: list[int] = [0] * self.players
        self.bao: list[bool] = [False] * self.players
        self.cai_known = deal.cai_card is not None
        self.dealt = tuple(self.hand)
        self._win_facts: WinFacts | None = None

    def _copy_into(self, twin: Any) -> None:
        twin.mat_chan = list(self.mat_chan)
        twin.bao = list(self.bao)

    # ------------------------------------------------------------------ the hand

    def _pack(self, cards: Iterable[Card]) -> int:
        return H.pack(cards)

    def _new_history(self) -> SeatHistory:
        return SeatHistory()

    def _holds(self, seat: int, card: int) -> bool:
        return H.count(self.hand[seat], card) > 0

    def _remove(self, seat: int, card: int, n: int) -> None:
        self.hand[seat] = H.remove(self.hand[seat], card, n)
        self.hand_n[seat] -= n
        if self.cai_known and seat == self.deal.cai_seat and card == self.deal.cai_card:
            self.cai_known = False  # the quân cái may be the copy that left the hand

    def _kinds_in_hand(self, seat: int) -> list[int]:
        return H.kinds_held(self.hand[seat])

    def ruleset_registry(self) -> Registry:
        """Chắn's rulebook."""
        return REGISTRY

    # ------------------------------------------------------------------ queries

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand, sorted."""
        return H.unpack(self.hand[seat])

    def hand_count(self, seat: int, card: int) -> int:
        """How many copies of a kind a seat holds in hand."""
        return H.count(self.hand[seat], card)

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

    def true_call(self) -> Call:
        """The winner's true cước in canonical order (R6, R8.5); empty before a win."""
        return () if self._win_facts is None else detect(self._win_facts)

    def win_facts(self, seat: int, card: int | None) -> WinFacts:
        """The facts of R6 for ``seat`` winning now on the live card (None: thiên ù)."""
        hist = self.hist[seat]
        h = self.hand[seat]
        live = self.live
        held = 0 if card is None else H.count(h, card)
        chiu_u = held == 3
        return WinFacts(
            hand=h, hand_n=self.hand_n[seat], mats=tuple(self.mats[seat]),
            card=None if card is None else Card(card),
            chi=card is not None and live is not None and live.cua == seat,
            thien_u=card is None, dia_u=card is not None and not hist.touched_cua_chi,
            chiu_u=chiu_u, bon_done=hist.bon_done,
            # C9: a card the winner could have eaten as bòn (its cửa chì or cửa trên)
            u_bon=card is not None and not chiu_u and card in hist.bon_open
            and held >= 1 and live is not None
            and live.cua in (seat, (seat - 1) % self.players),
            pha_thien=not H.has_pair(self.dealt[seat]),
            thong=seat == self.thong_seat,
        )

    # ------------------------------------------------------------------ claims and moves

    def _claimants(self, card: Card, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """R4.2: who may ù (on a discard or trả cửa only a chíu ù, not by the seat that
        placed it) and who may chíu (three in hand, not on the nọc-stop card, with a card left
        for trả cửa, R4.6; a chíu that would win is the chíu ù, R4.7); báo seats claim
        nothing (R4.8)."""
        out: list[Claim] = []
        n = self.players
        held_by = H.counts(self.hand, card)
        drawn = origin is Origin.DRAW
        for i in range(n):
            s = (home + i) % n
            if self.bao[s]:
                continue
            held = held_by[s]
            if not drawn and (held != 3 or s == by):
                continue
            if self.can_win_on(s, card) and self._win_allowed(s, card):
                out.append(Claim(s, Act.WIN))
            elif held == 3 and not final and self.hand_n[s] > 3:
                out.append(Claim(s, Act.CHIU))
        return out

    def _take_moves(self, seat: int) -> list[Action]:
        live = self.live
        assert live is not None
        if self.bao[seat] or self.hand_n[seat] <= 1:
            return []
        eats = self._EATS[seat]
        return [eats[k] for k in H.held_of(self.hand[seat], _PARTNERS[live.card])]

    def _dealt_win(self, seat: int) -> bool:
        return H.is_winning_dealt(self.hand[seat], self.hand_n[seat]) and self._win_allowed(
            seat, None)

    def _win_allowed(self, seat: int, card: int | None) -> bool:
        """R5.6: with ù xuông not allowed, a win with no cước is no win."""
        if self.rules.allow_xuong:
            return True
        return detect(self.win_facts(seat, card)) != (("xuong", 1),)

    # ------------------------------------------------------------------ verification

    def _verify_may_act(self, seat: int, a: Action) -> None:
        if self.bao[seat] and a.act in _BAO_SAYS:
            raise BaoRestricted(seat, a, _BAO_SAYS[a.act])

    def _check_eat(self, a: Action) -> Phase:
        seat = a.seat
        live = self._check_turn_to_take(a)
        self._verify_may_act(seat, a)
        if live.final:  # R4.9: only ù, or the drawer's dưới
            raise IllegalAction(seat, a, "the last card of the nọc can only be won on (R4.9)")
        assert a.card is not None
        if not H.count(self.hand[seat], a.card):
            raise CardNotHeld(seat, a, f"{a.card} is not in this seat's hand")
        if self.hand_n[seat] < 2:
            raise NothingToEat(seat, a, "eating with the last hand card leaves nothing to "
                                        "discard (R4.4)")
        if not pairs_with(live.card, a.card):
            raise NothingToEat(seat, a, f"{a.card} makes neither chắn nor cạ with "
                                        f"{live.card} (R3.1, R3.2)")
        return self.phase

    def _check_chiu(self, a: Action) -> Phase:
        seat, phase = a.seat, self.phase
        self._verify_may_act(seat, a)
        if phase is not Phase.CLAIM or (self._claim_index(seat, Act.CHIU) is None
                                        and not self._chiu_instead_of_u(seat)):
            raise IllegalAction(seat, a, self._why_no_chiu(seat))
        return phase

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

    def _chiu_instead_of_u(self, seat: int) -> bool:
        """R4.7: a seat whose chíu would win is offered the chíu ù only; a recorded plain chíu
        by it is still accepted, as an ù let pass (bỏ ù) followed by a chíu and trả cửa."""
        live = self.live
        return (live is not None and not live.final and self.hand_n[seat] > 3
                and self.hand_count(seat, live.card) == 3
                and self._claim_index(seat, Act.WIN) is not None)

    # ------------------------------------------------------------------ judging (R7)

    def faults_of(self, a: Action) -> list[Violation]:
        """The lỗi (L1–L17, and any rule registered in the rulebook with a judge) that ``a``
        would commit if applied now (R7)."""
        act = a.act
        seat = a.seat
        if act is Act.EAT:
            live = self.live
            if live is None or a.card is None:
                return []
            return eat_violations(self.hand[seat], self.hand_n[seat], self.mat_chan[seat],
                                  self.hist[seat], live.card, a.card, seat, len(self.record))
        if (act is Act.DISCARD or act is Act.RETURN) and a.card is not None:
            return discard_violations(self.hist[seat], a.card, seat, len(self.record), act,
                                      self.hand[seat], self.hand_n[seat], self.mat_chan[seat])
        return []

    def _judged(self, faults: list[Violation], events: list[Event]) -> None:
        """Record the lỗi of the event just played; L6–L17 make the player báo (R7.3)."""
        super()._judged(faults, events)
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

    def _note_played(self, seat: int, card: Card, event: int, own_cua: bool) -> None:
        note_discard(self.hist[seat], card, event)
        if own_cua:
            self.hist[seat].touched_cua_chi = True  # C5

    def _note_passed(self, seat: int) -> None:
        self.hist[seat].touched_cua_chi = True  # C5

    # ------------------------------------------------------------------ Chắn's actions

    def _do_eat(self, a: Action, phase: Phase, faults: list[Violation],
                events: list[Event]) -> None:
        """R4.4: the live card and a hand card go to the mat as a chắn or a cạ; then a
        discard."""
        seat, y = a.seat, a.card
        live = self.live
        assert y is not None and live is not None
        self._played(a, events)
        note_eat(self.hist[seat], self.hand[seat], live.card, y, len(self.record) - 1)
        self.cua[live.cua].pop()
        self._remove(seat, y, 1)
        kind = MeldKind.CHAN if live.card == y else MeldKind.CA
        self.mats[seat].append(Meld(kind, (live.card, y), live.card))
        self.mat_chan[seat] += kind is MeldKind.CHAN
        self._judged(faults, events)
        self._close_window()
        self.phase, self.actor = Phase.DISCARD, seat

    def _do_chiu(self, a: Action, phase: Phase, faults: list[Violation],
                 events: list[Event]) -> None:
        """R4.2, R4.6: the fourth card from any cửa, all four to the mat; then trả cửa."""
        seat = a.seat
        live = self.live
        assert live is not None
        self._played(a, events)
        self.cua[live.cua].pop()
        self._remove(seat, live.card, 3)
        self.mats[seat].append(Meld(MeldKind.CHIU, (live.card,) * 4, live.card))
        self.mat_chan[seat] += 2
        self._take_out_of_turn(seat, live)

    def verify_eat(self, seat: int, with_: Card) -> None:
        """Raise if seat may not ăn the entitled card with with_."""
        self.verify(Action(seat, Act.EAT, with_))

    def can_eat(self, seat: int, with_: Card) -> bool:
        """Whether seat may ăn the entitled card with with_."""
        return self.can(Action(seat, Act.EAT, with_))

    def eat(self, seat: int, with_: Card) -> list[Event]:
        """Ăn the entitled card with the hand card with_."""
        return self.apply(Action(seat, Act.EAT, with_))

    def verify_chiu(self, seat: int) -> None:
        """Raise if seat may not chíu the live card."""
        self.verify(Action(seat, Act.CHIU))

    def can_chiu(self, seat: int) -> bool:
        """Whether seat may chíu the live card."""
        return self.can(Action(seat, Act.CHIU))

    def chiu(self, seat: int) -> list[Event]:
        """Chíu the live card."""
        return self.apply(Action(seat, Act.CHIU))

    # ------------------------------------------------------------------ the win (R5, R6, R8)

    def _won(self, seat: int, card: Card | None, win_event: int) -> Outcome:
        self._win_facts = self.win_facts(seat, card)
        if card is None:
            return Outcome(EndKind.WIN, seat, None, thien_u=True, win_event=win_event)
        chiu_u = self.hand_count(seat, card) == 3  # R5.4
        return Outcome(EndKind.WIN, seat, card, chiu_u=chiu_u, win_event=win_event)

    def _judge_call(self, call: Call) -> Verdict:
        return judge(self.true_call(), call, self.rules.strict_order)

    def _settle_win(self, seat: int) -> Settlement:
        hist = self.hist[seat]
        assert self.verdict is not None
        return settle_win(self.players, seat, self.verdict, (v.rule for v in hist.faults),
                          bool(hist.bo_u), tuple(self.bao), self.rules)

    def _settle_false_win(self, seat: int) -> Settlement:
        return settle_u_lao(self.players, seat, self.rules)

    def _settle_draw(self) -> Settlement:
        return no_payment(self.players)

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
        return (*super().state_key(), tuple(self.bao), self.cai_known)


ChanGame._EATS = ChanGame._BY_CARD[Act.EAT]  # the interned eats (moves() is a hot path)
