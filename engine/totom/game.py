"""A game of Tổ tôm on the shared core (TOTOM T4, T5): the opening (khàn and thiên khai face down,
thiên ù, the shown thiên khai and their ù windows), the claim window ù > dậy khàn > phỗng (and,
where the làng says so, hạ trùng at any cửa) before the entitled player's eat, draw or dưới,
trả cửa after an out-of-turn take, bất thực, the last card and kê, the win and the call.

engine/game.py plays the table; this class adds Tổ tôm's acts to its action table and fills in
its hooks. Who broke which rule is engine/totom/offences.py's (``faults_of``); what an ù is
worth at the end is engine/totom/verdict.py's; what a seat may see is observation.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple, Self

from engine.actions import Act, Action
from engine.errors import BadDeal, CardNotHeld, IllegalAction, NothingToEat, NotYourTurn
from engine.events import Claim, Declined, Ended, EndKind, Event, Origin, Outcome, Placed
from engine.game import Game, Mode, Phase
from engine.registry import Registry
from engine.totom import offences
from engine.totom.actions import TomAction
from engine.totom.call import CallToken
from engine.totom.cards import ALL_CARDS, N_KINDS, Card
from engine.totom.deal import Deal
from engine.totom.eats import EatPlan, Hand, eat_options, plan_eat
from engine.totom.history import TomHistory
from engine.totom.mat import MeldOrigin, SeatMeld, extends_run
from engine.totom.melds import GroupType, is_phu_doc
from engine.totom.position import Position
from engine.totom.rulebook import REGISTRY
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.verdict import TomSettlement, Verdict, no_win, settle
from engine.totom.win import thien_u, wins

# T4.16: the duties a lesson may leave to the game (on in teaching and strict modes).
LAY, REVEAL, COPIES, HA_TRUNG, DAY_KHAN = "lay", "reveal", "copies", "ha_trung", "day_khan"
AUTOMATIONS = frozenset({LAY, REVEAL, COPIES, HA_TRUNG, DAY_KHAN})


def default_automations(mode: Mode) -> frozenset[str]:
    """T4.16: every automation in teaching and strict modes, none in real mode."""
    return frozenset() if mode is Mode.REAL else AUTOMATIONS


class BatThuc(NamedTuple):
    """A khàn or thiên khai given up as a lưng (T4.13): its size, the cards of it discarded
    since, and the event that declared it."""

    size: int
    discarded: int
    event: int


class WinState(NamedTuple):
    """What the ù is judged on (T5, T6): the winner, W (None: thiên ù), the position before W,
    the phỗng statement, whether the win was a claim the engine offered, and its event."""

    seat: int
    card: Card | None
    position: Position
    phong: bool | None
    legit: bool
    event: int


class TomGame(Game[Card]):
    """The state of one game of Tổ tôm and the only place it changes."""

    ACTION: ClassVar[type[TomAction]] = TomAction  # type: ignore[misc]
    ACTIONS: ClassVar[Mapping[Act, tuple[str, str, bool]]] = {
        Act.DECLINE: ("_check_decline", "_do_decline", True),
        Act.DRAW: ("_check_draw", "_do_draw", True),
        Act.PASS: ("_check_pass", "_do_pass", True),
        Act.DISCARD: ("_check_discard", "_do_discard", True),
        Act.RETURN: ("_check_return", "_do_return", True),
        Act.WIN: ("_check_win", "_do_win", True),
        Act.CALL: ("_check_call", "_do_call", True),
        Act.EAT: ("_check_eat", "_do_eat", True),  # T4.6
        Act.PHONG: ("_check_phong", "_do_phong", True),  # T4.7
        Act.DAY_KHAN: ("_check_day_khan", "_do_day_khan", False),  # T4.8
        Act.HA_TRUNG: ("_check_ha_trung", "_do_ha_trung", False),  # T4.12
        Act.UP_KHAN: ("_check_lay", "_do_lay", False),  # T4.1
        Act.UP_THIEN_KHAI: ("_check_lay", "_do_lay", False),  # T4.1
        Act.BAT_THUC: ("_check_bat_thuc", "_do_bat_thuc", False),  # T4.13
        Act.REVEAL: ("_check_reveal", "_do_reveal", False),  # T4.2
    }
    # T4.4: ù, then dậy khàn, then phỗng; hạ trùng at another's cửa only under any_cua (T4.12).
    CLAIM_KINDS: ClassVar[tuple[Act, ...]] = (Act.WIN, Act.DAY_KHAN, Act.PHONG, Act.HA_TRUNG)
    LET_PASS: ClassVar[Mapping[Act, str]] = {Act.WIN: "TN1", Act.DAY_KHAN: "TD7",
                                            Act.PHONG: "missed_phong", Act.HA_TRUNG: "TD5"}
    FALSE_WIN: ClassVar[str] = "TD1"
    CARDS: ClassVar[tuple[Card, ...]] = ALL_CARDS
    SEATS: ClassVar[int] = 5  # T2.1
    CARD_ACTS: ClassVar[tuple[Act, ...]] = (Act.DISCARD, Act.RETURN, Act.UP_KHAN,
                                            Act.UP_THIEN_KHAI, Act.BAT_THUC, Act.REVEAL)
    UNINTERNED: ClassVar[frozenset[Act]] = frozenset({Act.CALL, Act.HA_TRUNG})
    AUTOMATIONS: ClassVar[frozenset[str]] = AUTOMATIONS
    SAYS: ClassVar[Mapping[str, str]] = {
        "no_more_draws": "the last card of the nọc can only be won on (T2.8)",
        "draw_own": "{card} was just drawn by this seat: eat it or say dưới (T4.5)",
        "pass_own": "dưới is only said on one's own draw (T4.5)",
        "return_after": "trả cửa only follows an out-of-turn phỗng or dậy khàn (T4.9)",
        "dealt_win_who": "before the first discard only the cái may ù (thiên ù, T5.4)",
        "dealt_win_not": "these cards are not a winning hand (T5.2); a false ù is possible "
                         "only in real mode (T4.16)",
        "dealt_win_name": "thiên ù",
        "call_after": "only the winner calls, right after ù (T5.8)",
        "strict": "strict mode refuses a move that commits {rules} (T4.16)",
    }
    SHARED: ClassVar[tuple[str, ...]] = (*Game.SHARED, "_queue", "_first_draw", "_pending",
                                         "_reveal_ctx", "_win", "_next_id")

    __slots__ = ("_deferred", "_first_draw", "_next_id", "_pending", "_pos", "_queue",
                 "_reveal_ctx", "_win", "bat_thuc")

    deal: Deal
    rules: TomRules
    hand: list[Hand]
    mats: list[list[SeatMeld]]
    hist: list[TomHistory]
    settlement: TomSettlement | None
    verdict: Verdict | None
    record: list[TomAction]  # type: ignore[assignment]

    def __init__(self, deal: Deal, rules: TomRules = DEFAULT_RULES, mode: Mode = Mode.REAL,
                 thong_seat: int | None = None,
                 automations: Iterable[str] | None = None) -> None:
        if deal.players != rules.players:
            raise BadDeal(f"the deal has {deal.players} hands but the làng plays with "
                          f"{rules.players} players (T2.1)",
                          vi=f"chia {deal.players} tay nhưng làng chơi {rules.players} người")
        self.bat_thuc: list[dict[Card, BatThuc]] = [{} for _ in range(deal.players)]
        super().__init__(deal, rules, mode, thong_seat)
        self._pos: list[Position | None] = [None] * self.players
        self._deferred: list[tuple[str, int, Card, int | None]] = []
        self._first_draw = False
        self._pending: tuple[Card, int, bool] | None = None  # a draw waiting for the shows
        self._reveal_ctx: tuple[Any, ...] | None = None
        self._win: WinState | None = None
        self._next_id = 0
        cai = deal.cai_seat
        self._queue: tuple[int, ...] = tuple(
            s for s in ((cai + i) % self.players for i in range(self.players))
            if self.triples(s))
        if self._queue:
            self.phase, self.actor = Phase.LAY, self._queue[0]
        chosen = default_automations(mode) if automations is None else frozenset(automations)
        unknown = chosen - AUTOMATIONS
        if unknown:
            raise ValueError(f"unknown automation(s): {', '.join(sorted(unknown))} "
                             f"(known: {', '.join(sorted(AUTOMATIONS))})")
        self.automations = chosen
        self.automate()

    @classmethod
    def replay(cls, deal: Any, actions: Iterable[Action[Card]], rules: Any = None,
               mode: Mode = Mode.REAL, thong_seat: int | None = None,
               complete: bool = False, automations: Iterable[str] | None = None) -> Self:
        """Rebuild a game from its deal and its actions. The record holds every step an
        automation took, so they are replayed with the automations off; the game then has
        the mode's (or the given) automations for what comes next."""
        game = cls(deal, DEFAULT_RULES if rules is None else rules, mode, thong_seat, ())
        for a in actions:
            game.apply(a)
        if complete:
            game.finish()
        game.automations = default_automations(mode) if automations is None \
            else frozenset(automations)
        return game

    def _copy_into(self, twin: Any) -> None:
        twin.bat_thuc = [dict(b) for b in self.bat_thuc]
        twin._pos = list(self._pos)
        twin._deferred = list(self._deferred)

    def ruleset_registry(self) -> Registry:
        """Tổ tôm's rulebook."""
        return REGISTRY

    # ------------------------------------------------------------------ the hand

    def _pack(self, cards: Iterable[Card]) -> Hand:
        counts = [0] * N_KINDS
        for c in cards:
            counts[c] += 1
        return tuple(counts)

    def _new_history(self) -> TomHistory:
        return TomHistory()

    def _holds(self, seat: int, card: int) -> bool:
        return self.hand[seat][card] > 0

    def _remove(self, seat: int, card: int, n: int) -> None:
        self._add(seat, Card(card), -n)

    def _add(self, seat: int, card: Card, n: int) -> None:
        h = list(self.hand[seat])
        h[card] += n
        self.hand[seat] = tuple(h)
        self.hand_n[seat] += n
        self._pos[seat] = None

    def _kinds_in_hand(self, seat: int) -> list[int]:
        return [k for k, n in enumerate(self.hand[seat]) if n]

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand, sorted."""
        return tuple(Card(k) for k, n in enumerate(self.hand[seat]) for _ in range(n))

    def triples(self, seat: int) -> list[Card]:
        """Kinds held three or four times in the hand, not under bất thực: khàn and thiên khai
        still to lay face down (T4.1)."""
        bat = self.bat_thuc[seat]
        return [Card(k) for k, n in enumerate(self.hand[seat]) if n >= 3 and Card(k) not in bat]

    def position(self, seat: int) -> Position:
        """The seat's position (T0): hand, mat as it lies, bất thực; a broken meld's cards are
        arranged like hand cards."""
        p = self._pos[seat]
        if p is None:
            cards = list(self.hand_cards(seat))
            mat = []
            for m in self.mats[seat]:
                if m.broken:
                    cards.extend(m.all_cards)
                else:
                    mat.append(m.mat_meld())
            giong = {m.cards[0] for m in mat if m.type is GroupType.GIONG}
            bat = frozenset(k for k in self.bat_thuc[seat]
                            if k not in giong and cards.count(k) >= 2)
            p = self._pos[seat] = Position(tuple(cards), tuple(mat), bat)
        return p

    def face_down(self, seat: int, size: int | None = None) -> list[SeatMeld]:
        """The seat's face-down melds (of ``size`` cards: 3 a khàn, 4 a thiên khai)."""
        return [m for m in self.mats[seat]
                if m.face_down and (size is None or len(m.cards) == size)]

    def _meld_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _set_meld(self, seat: int, index: int | None, meld: SeatMeld) -> None:
        mats = self.mats[seat]
        if index is None:
            mats.append(meld)
        else:
            mats[index] = meld
        self._pos[seat] = None

    # ------------------------------------------------------------------ the win test

    def can_win_on(self, seat: int, card: Card) -> bool:
        """T5.2: the seat's position wins with ``card``."""
        return wins(self.position(seat), card, self.rules)

    def waits(self, seat: int) -> tuple[Card, ...]:
        """T5.5: the kinds the seat's position wins with."""
        from engine.totom.waits import waits
        return waits(self.position(seat), self.rules)

    def _dealt_win(self, seat: int) -> bool:
        return seat == self.deal.cai_seat and thien_u(self.position(seat), self.rules)

    # ------------------------------------------------------------------ claims (T4.4)

    def _claimants(self, card: Card, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """T4.4: who may ù (not the seat that discarded, returned or showed the card), dậy
        khàn (a face-down khàn of its kind), phỗng (a pair, not the entitled seat, whose phỗng
        is an eat; obligatory under khàn bất thực, T4.13) and, under ``ha_trung_scope =
        any_cua``, hạ trùng (T4.12); on the last card and a shown thiên khai only ù."""
        out: list[Claim] = []
        n = self.players
        only_u = final or origin is Origin.REVEAL
        any_cua = self.rules.ha_trung_scope == "any_cua"
        for i in range(n):
            s = (home + i) % n
            if s == by and origin is not Origin.DRAW:
                continue
            if self.can_win_on(s, card):
                out.append(Claim(s, Act.WIN))
            if only_u:
                continue
            if self._khan_of(s, card) is not None:
                out.append(Claim(s, Act.DAY_KHAN))
            elif s != home and self.hand[s][card] >= 2:
                out.append(Claim(s, Act.PHONG))
            if any_cua and s != home and self.ha_trung_runs(s, card):
                out.append(Claim(s, Act.HA_TRUNG))
        return out

    def _khan_of(self, seat: int, card: Card) -> int | None:
        """The index of the seat's face-down khàn of ``card``'s kind (T4.8)."""
        for i, m in enumerate(self.mats[seat]):
            if m.face_down and len(m.cards) == 3 and m.kind == card and not m.broken:
                return i
        return None

    def ha_trung_runs(self, seat: int, card: Card) -> list[int]:
        """T4.12: the seat's mat runs ``card`` extends at an end, when it holds a copy."""
        if not self.hand[seat][card]:
            return []
        return [i for i, m in enumerate(self.mats[seat]) if extends_run(m, card)]

    def obliged_phong(self, seat: int, card: Card) -> bool:
        """T4.13: the fourth card of the seat's khàn bất thực, which it must phỗng."""
        bt = self.bat_thuc[seat].get(card)
        return bt is not None and bt.size == 3 and self.hand[seat][card] >= 2

    # ------------------------------------------------------------------ moves

    def moves(self) -> list[Action[Card]]:
        """Every action the actor could physically take, faults included."""
        phase, s = self.phase, self.actor
        if s is None or phase is Phase.OVER:
            return []
        make = self.ACTION
        simple, by_card = self._SIMPLE, self._BY_CARD
        out: list[Action[Card]] = []
        if phase is Phase.LAY:
            for k in self.triples(s):
                act = Act.UP_KHAN if self.hand[s][k] == 3 else Act.UP_THIEN_KHAI
                out.append(by_card[act][s][k])
            out += [by_card[Act.BAT_THUC][s][k] for k in self.bat_thuc_kinds(s)]
            out.append(simple[(s, Act.DECLINE)])
        elif phase is Phase.SHOW:
            out += [by_card[Act.REVEAL][s][m.kind] for m in self.face_down(s, 4)]
            out.append(simple[(s, Act.DECLINE)])
        elif phase is Phase.OPENING:
            if self._dealt_win(s):
                out.append(simple[(s, Act.WIN)])
            out += [by_card[Act.REVEAL][s][m.kind] for m in self.face_down(s, 4)]
            out += [by_card[Act.BAT_THUC][s][k] for k in self.bat_thuc_kinds(s)]
            out += self._discards(s, Act.DISCARD)
        elif phase is Phase.CLAIM:
            claim = self.claims[self.claim_pos]
            live = self.live
            assert live is not None
            if claim.act is Act.WIN:
                out += self._win_moves(s, live.card)
            elif claim.act is Act.DAY_KHAN:
                out.append(simple[(s, Act.DAY_KHAN)])
                if s == self.entitled:
                    out += [make(s, Act.DAY_KHAN, cards=run) for run in self._khan_runs(s)]
            elif claim.act is Act.PHONG:
                out.append(simple[(s, Act.PHONG)])
            else:
                out += [make(s, Act.HA_TRUNG, live.card, onto=i)
                        for i in self.ha_trung_runs(s, live.card)]
            out.append(simple[(s, Act.DECLINE)])
        elif phase is Phase.PLAY:
            live = self.live
            assert live is not None
            copies = COPIES in self.automations
            for cards, onto in eat_options(self.hand[s], self.mats[s], live.card,
                                           without_copies=not copies):
                out.append(make(s, Act.EAT, cards=cards, onto=onto))
            out += [make(s, Act.HA_TRUNG, live.card, onto=i)
                    for i in self.ha_trung_runs(s, live.card)]
            out += [by_card[Act.BAT_THUC][s][k] for k in self.bat_thuc_kinds(s)]
            out.append(simple[(s, Act.PASS if self.may_pass else Act.DRAW)])
        elif phase is Phase.DISCARD:
            out += self._discards(s, Act.DISCARD)
        elif phase is Phase.RETURN:
            out += self._discards(s, Act.RETURN)
        elif phase is Phase.CALL:
            out.append(make(s, Act.CALL, tokens=self.true_tokens()))
        return out

    def _discards(self, seat: int, act: Act) -> list[Action[Card]]:
        """Discards (or trả cửa) of each hand kind; in real mode also of a mat card (TD3)."""
        table = self._BY_CARD[act][seat]
        out = [table[k] for k in self._kinds_in_hand(seat)]
        if self.mode is Mode.REAL:
            held = set(self._kinds_in_hand(seat))
            mat = sorted({c for m in self.mats[seat] for c in m.all_cards} - held)
            out += [table[k] for k in mat]
        return out

    def _win_moves(self, seat: int, card: Card) -> list[Action[Card]]:
        """Ù, with the phỗng statement when the winner holds two cards like W (T5.6)."""
        make = self.ACTION
        if self.hand[seat][card] >= 2:
            return [make(seat, Act.WIN, phong=True), make(seat, Act.WIN, phong=False),
                    make(seat, Act.WIN)]
        return [self._SIMPLE[(seat, Act.WIN)]]

    def _khan_runs(self, seat: int) -> list[tuple[Card, ...]]:
        """T4.8: the two hand cards that make a three-card run with the live card."""
        from engine.totom.eats import run_pairs
        live = self.live
        assert live is not None
        return [(a, b) for a, b in run_pairs(self.hand[seat], live.card)]

    def bat_thuc_kinds(self, seat: int) -> list[Card]:
        """Kinds the seat may now declare bất thực (T4.13): its khàn and thiên khai, on the mat
        or still in the hand."""
        out = {m.kind for m in self.mats[seat] if m.is_khan}
        out |= set(self.triples(seat))
        return sorted(out - set(self.bat_thuc[seat]))

    def _take_moves(self, seat: int) -> list[Action[Card]]:  # pragma: no cover - moves() above
        return []

    # ------------------------------------------------------------------ verification

    def _check(self, a: Action[Card]) -> Phase:
        if self.phase in (Phase.LAY, Phase.SHOW) and not self._in_step(a):
            twin = self.copy()
            twin._end_step([])
            return twin._check(a)
        return super()._check(a)

    def _in_step(self, a: Action[Card]) -> bool:
        """Whether ``a`` belongs to the opening step in progress (LAY or SHOW)."""
        if a.act is Act.DECLINE:
            return a.seat == self.actor
        acts = (Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC) if self.phase is Phase.LAY \
            else (Act.REVEAL,)
        return a.act in acts and a.seat in self._queue

    def _check_decline(self, a: Action[Card]) -> Phase:
        if self.phase in (Phase.LAY, Phase.SHOW) and a.seat == self.actor:
            return self.phase
        return super()._check_decline(a)

    def _check_turn_to_take(self, a: Action[Card]) -> Placed[Card]:
        live = super()._check_turn_to_take(a)
        if live.origin is Origin.REVEAL:
            raise IllegalAction(a.seat, a, "a shown thiên khai can only be won on (T4.2)")
        return live

    def _check_held(self, a: Action[Card]) -> Phase:
        assert a.card is not None
        if self.hand[a.seat][a.card]:
            return self.phase
        if self.mode is Mode.REAL and any(a.card in m.all_cards for m in self.mats[a.seat]):
            return self.phase  # TD3: a mat card, judged (T4.15)
        raise CardNotHeld(a.seat, a, f"{a.card} is not in this seat's hand")

    def _check_lay(self, a: Action[Card]) -> Phase:
        if self.phase is not Phase.LAY or a.seat not in self._queue:
            raise NotYourTurn(a.seat, a, "khàn and thiên khai are laid face down at the "
                                         "opening, in play order from the cái (T4.1)")
        assert a.card is not None
        want = 3 if a.act is Act.UP_KHAN else 4
        if self.hand[a.seat][a.card] != want or a.card in self.bat_thuc[a.seat]:
            what = "khàn" if want == 3 else "thiên khai"
            raise CardNotHeld(a.seat, a, f"a {what} of {a.card} is {want} identical cards in "
                                         f"the hand (T3.5)")
        return self.phase

    def _check_bat_thuc(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        own = (phase is Phase.LAY and seat in self._queue) or (
            phase is Phase.OPENING and seat == self.actor) or (
            phase is Phase.PLAY and seat == self.actor) or (
            phase is Phase.CLAIM and seat == self.entitled and self.live is not None
            and self.live.origin is not Origin.REVEAL and not self.live.final)
        if not own:
            raise NotYourTurn(seat, a, "bất thực is declared at the opening or on one's own "
                                       "decision (T4.13)")
        if a.card not in self.bat_thuc_kinds(seat):
            raise CardNotHeld(seat, a, f"this seat has no khàn or thiên khai of {a.card} to "
                                       f"give up (T4.13)")
        return phase

    def _check_reveal(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        if not ((phase is Phase.OPENING and seat == self.actor)
                or (phase is Phase.SHOW and seat in self._queue)):
            raise NotYourTurn(seat, a, "the cái shows its thiên khai before its first discard, "
                                       "the others just before the first draw (T4.2)")
        if not any(m.kind == a.card for m in self.face_down(seat, 4)):
            raise CardNotHeld(seat, a, f"this seat has no face-down thiên khai of {a.card}")
        return phase

    def _check_eat(self, a: Action[Card]) -> Phase:
        live = self._check_turn_to_take(a)
        if live.final:
            raise IllegalAction(a.seat, a, self.SAYS["no_more_draws"])
        plan = self._plan(a)
        if isinstance(plan, str):
            raise NothingToEat(a.seat, a, f"{plan} (T4.6)")
        return self.phase

    def _plan(self, a: Action[Card]) -> EatPlan | str:
        live = self.live
        assert live is not None and isinstance(a, TomAction)
        seat = a.seat
        if len(a.cards) >= self.hand_n[seat]:
            return "eating with the last hand cards leaves nothing to discard"
        return plan_eat(self.hand[seat], self.mats[seat], live.card, a.cards, a.onto)

    def _check_phong(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        live = self.live
        if phase is Phase.CLAIM and self._claim_index(seat, Act.PHONG) is not None:
            return phase
        if live is not None and seat == self.entitled and phase in (Phase.CLAIM, Phase.PLAY):
            self._check_turn_to_take(a)
            if not live.final and self.hand[seat][live.card] >= 2 \
                    and self.hand_n[seat] > self.hand[seat][live.card]:
                return phase  # at one's own cửa a phỗng is an eat (T4.6, T4.7)
        raise IllegalAction(seat, a, "phỗng takes the live card with a pair in the hand, not "
                                     "on the last card, not one's own discard (T4.7)")

    def _check_day_khan(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        if phase is not Phase.CLAIM or self._claim_index(seat, Act.DAY_KHAN) is None:
            raise IllegalAction(seat, a, "dậy khàn takes the live card onto one's face-down "
                                         "khàn of its kind, in its claim window (T4.8)")
        assert isinstance(a, TomAction)
        if a.cards:
            live = self.live
            assert live is not None
            if seat != self.entitled:
                raise IllegalAction(seat, a, "dậy khàn with a run only at one's own cửa (T4.8)")
            if any(self.hand[seat][c] < a.cards.count(c) for c in a.cards) or \
                    not is_phu_doc((live.card, *a.cards)) or len(a.cards) != 2:
                raise NothingToEat(seat, a, f"{live.card} with the hand cards makes no "
                                            f"three-card run (T4.8)")
        return phase

    def _check_ha_trung(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        live = self.live
        assert isinstance(a, TomAction)
        own = live is not None and seat == self.entitled and (
            phase is Phase.PLAY or phase is Phase.CLAIM) and live.origin is not Origin.REVEAL
        claim = phase is Phase.CLAIM and self._claim_index(seat, Act.HA_TRUNG) is not None
        if not (own or claim) or live is None:
            raise NotYourTurn(seat, a, "hạ trùng is laid when the card comes to one's cửa, "
                                       "before drawing or dưới (T4.12)")
        if a.card != live.card or a.onto not in self.ha_trung_runs(seat, live.card):
            raise IllegalAction(seat, a, f"hạ trùng lays a copy of {live.card} onto a mat run "
                                         f"{live.card} extends at an end (T4.12)")
        return phase

    def _why_no_win(self, seat: int) -> str:
        live = self.live
        if live is None or not self.window_open:
            return "there is no card to ù on now (T5.1)"
        if live.origin is not Origin.DRAW and live.by == seat:
            return f"a player may not ù on {live.card}, which it placed itself (T5.1)"
        if not self.can_win_on(seat, live.card):
            return f"this hand does not win with {live.card} (T5.2)"
        return "this claim window has passed this seat (T4.4)"

    # ------------------------------------------------------------------ judging (T6)

    def faults_of(self, a: Action[Card]) -> list[Any]:
        """Every TN and TD cause ``a`` would record now (offences.py)."""
        return offences.faults(self, a)

    # ------------------------------------------------------------------ automations (T4.16)

    def _automatic(self) -> Action[Card] | None:
        on, phase, s = self.automations, self.phase, self.actor
        if s is None:
            return None
        if phase is Phase.LAY and LAY in on:
            for k in self.triples(s):
                act = Act.UP_KHAN if self.hand[s][k] == 3 else Act.UP_THIEN_KHAI
                return self._BY_CARD[act][s][k]  # type: ignore[no-any-return]
        elif (phase is Phase.SHOW and REVEAL in on) or (
                phase is Phase.OPENING and REVEAL in on and not self._dealt_win(s)):
            for m in self.face_down(s, 4):
                return self._BY_CARD[Act.REVEAL][s][m.kind]  # type: ignore[no-any-return]
        elif phase is Phase.CLAIM:
            claim = self.claims[self.claim_pos]
            live = self.live
            assert live is not None
            if claim.act is Act.DAY_KHAN and DAY_KHAN in on:
                return self._SIMPLE[(s, Act.DAY_KHAN)]  # type: ignore[no-any-return]
            if claim.act is Act.HA_TRUNG and HA_TRUNG in on:
                return self.ACTION(s, Act.HA_TRUNG, live.card,
                                   onto=self.ha_trung_runs(s, live.card)[0])
        return None

    def _before(self, action: Action[Card]) -> list[Action[Card]]:
        """T4.12: hạ trùng before drawing or dưới, when the duty is there."""
        live = self.live
        if HA_TRUNG not in self.automations or action.act not in (Act.DRAW, Act.PASS) \
                or live is None or action.seat != self.entitled or live.final:
            return []
        runs = self.ha_trung_runs(action.seat, live.card)
        return [self.ACTION(action.seat, Act.HA_TRUNG, live.card, onto=runs[0])] if runs else []

    def _completed(self, action: Action[Card]) -> Action[Card]:
        """T4.6 H1: an eat takes every copy of the card down with it."""
        live = self.live
        if COPIES not in self.automations or action.act is not Act.EAT or live is None:
            return action
        assert isinstance(action, TomAction)
        held = self.hand[action.seat][live.card] - action.cards.count(live.card)
        if held <= 0:
            return action
        full = TomAction(action.seat, Act.EAT, cards=action.cards + (live.card,) * held,
                         onto=action.onto)
        return full if not isinstance(self._plan(full), str) else action

    # ------------------------------------------------------------------ the opening (T4.1, T4.2)

    def _apply_one(self, action: Action[Card]) -> list[Event[Card]]:
        events: list[Event[Card]] = []
        if self.phase in (Phase.LAY, Phase.SHOW):
            if not self._in_step(action):
                self._check(action)  # on a copy: the step ends only for a legal action
                self._end_step(events)
            elif action.act is not Act.DECLINE:
                while self._queue and self._queue[0] != action.seat:
                    self._step_declined(self._queue[0], events)
                    self._queue = self._queue[1:]
                self.actor = action.seat
            self.log.extend(events)
        return events + super()._apply_one(action)

    def _end_step(self, events: list[Event[Card]]) -> None:
        """Every seat left in the opening step lets it pass (records hold no declines)."""
        while self.phase in (Phase.LAY, Phase.SHOW):
            assert self.actor is not None
            self._step_declined(self.actor, events)
            self._next_in_step(events, drop=True)

    def _step_declined(self, seat: int, events: list[Event[Card]]) -> None:
        """A seat lays nothing more (LAY: what it keeps is TN2 at its first discard) or shows
        nothing (SHOW: TN2 now, at the first draw)."""
        if self.phase is Phase.LAY:
            self.hist[seat].unlaid = tuple(self.triples(seat))
            return
        draw = self._pending_draw_event()
        for m in self.face_down(seat, 4):
            self._judged([offences.violation("TN2", seat, m.kind, draw)], events)

    def _pending_draw_event(self) -> int:
        return max(i for i, a in enumerate(self.record) if a.act is Act.DRAW)

    def _next_in_step(self, events: list[Event[Card]], drop: bool) -> None:
        """Move on to the next seat of the step when the actor is done (``drop``: it is)."""
        if self.phase is Phase.LAY:
            queue = list(self._queue)
            if queue and (drop or not self.triples(queue[0])):
                queue.pop(0)
            while queue and not self.triples(queue[0]):
                queue.pop(0)
            self._queue = tuple(queue)
            if queue:
                self.actor = queue[0]
            else:
                self.phase, self.actor = Phase.OPENING, self.deal.cai_seat
            return
        queue = list(self._queue)
        if queue and (drop or not self.face_down(queue[0], 4)):
            queue.pop(0)
        self._queue = tuple(queue)
        if queue:
            self.actor = queue[0]
            return
        assert self._pending is not None
        card, drawer, final = self._pending
        self._pending = None
        self._place(card, drawer, Origin.DRAW, drawer, drawer, True, final, events)

    def _do_decline(self, a: Action[Card], phase: Phase, faults: list[Any],
                    events: list[Event[Card]]) -> None:
        if phase in (Phase.LAY, Phase.SHOW):
            self._step_declined(a.seat, events)
            self._next_in_step(events, drop=True)
            return
        super()._do_decline(a, phase, faults, events)

    def _do_lay(self, a: Action[Card], phase: Phase, faults: list[Any],
                events: list[Event[Card]]) -> None:
        """T4.1: a khàn or thiên khai goes face down on the mat."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        n = self.hand[seat][k]
        self._add(seat, k, -n)
        origin = MeldOrigin.KHAN if n == 3 else MeldOrigin.THIEN_KHAI
        self._set_meld(seat, None, SeatMeld(self._meld_id(), origin, (k,) * n, face_down=True))
        self._next_in_step(events, drop=False)

    def _do_bat_thuc(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.13: the khàn or thiên khai goes back into the hand, no longer a lưng."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        mats = self.mats[seat]
        found = next((i for i, m in enumerate(mats) if m.is_khan and m.kind == k), None)
        if found is not None:
            meld = mats.pop(found)
            self._add(seat, k, len(meld.cards))
            size = len(meld.cards)
        else:
            size = self.hand[seat][k]
        self.bat_thuc[seat][k] = BatThuc(size, 0, len(self.record) - 1)
        self._pos[seat] = None
        if phase is Phase.LAY:
            self._next_in_step(events, drop=False)
        elif phase is Phase.CLAIM:  # the entitled seat's own decision: the claims passed
            self.phase, self.actor = Phase.PLAY, seat

    def _do_reveal(self, a: Action[Card], phase: Phase, faults: list[Any],
                   events: list[Event[Card]]) -> None:
        """T4.2: the thiên khai turns face up; its ù window opens (only ù)."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        mats = self.mats[seat]
        i = next(i for i, m in enumerate(mats) if m.face_down and m.kind == k
                 and len(m.cards) == 4)
        self._set_meld(seat, i, replace(mats[i], face_down=False))
        self._reveal_ctx = (self.phase, self.actor, self.live, self.entitled, self.may_pass,
                            self.window_open)
        self.live = Placed(k, seat, Origin.REVEAL, seat, seat, False, False,
                           len(self.record) - 1)
        self.entitled, self.may_pass, self.window_open = seat, False, True
        self.claims = self._claims_on(k, Origin.REVEAL, seat, seat, False)
        self.claim_pos = 0
        self._after_claims(events)

    def _after_claims(self, events: list[Event[Card]]) -> None:
        live = self.live
        if live is not None and live.origin is Origin.REVEAL \
                and self.claim_pos >= len(self.claims):
            ctx = self._reveal_ctx
            assert ctx is not None
            self._reveal_ctx = None
            (self.phase, self.actor, self.live, self.entitled, self.may_pass,
             self.window_open) = ctx
            self.claims, self.claim_pos = [], 0
            if self.phase is Phase.SHOW:
                self._next_in_step(events, drop=False)
            return
        super()._after_claims(events)

    # ------------------------------------------------------------------ the turn (T4.4–T4.12)

    def _played(self, action: Action[Card], events: list[Event[Card]]) -> None:
        super()._played(action, events)
        if self._deferred:
            self._flush(len(self.record) - 1, events)

    def _flush(self, event: int, events: list[Event[Card]]) -> None:
        """What a closed claim window recorded: TD7, TD5 and declined phỗng (T4.14), at the
        event that closed it."""
        deferred, self._deferred = self._deferred, []
        for what, seat, card, cause in deferred:
            if what == "declined_phong":
                offences.note_declined_phong(self.hist[seat], card, event)
            else:
                self._judged([offences.violation(what, seat, card, event, cause)], events)

    def _decline_until(self, stop: int, events: list[Event[Card]]) -> None:
        live = self.live
        assert live is not None
        for i in range(self.claim_pos, stop):
            c = self.claims[i]
            if c.act is Act.DAY_KHAN:
                self._deferred.append(("TD7", c.seat, live.card, live.event))
            elif c.act is Act.PHONG:
                if self.obliged_phong(c.seat, live.card):
                    self._deferred.append(("TD7", c.seat, live.card, live.event))
                self._deferred.append(("declined_phong", c.seat, live.card, None))
            elif c.act is Act.HA_TRUNG:
                self._deferred.append(("TD5", c.seat, live.card, live.event))
        super()._decline_until(stop, events)

    def _do_draw(self, a: Action[Card], phase: Phase, faults: list[Any],
                 events: list[Event[Card]]) -> None:
        seat = a.seat
        self._left(seat, a, faults, events)
        self.last_drawer = seat
        card = self._noc[self.noc_pos]
        self.noc_pos += 1
        final = len(self._noc) - self.noc_pos == self.rules.noc_stop
        if not self._first_draw:
            self._first_draw = True
            cai, n = self.deal.cai_seat, self.players
            queue = tuple(s for s in ((seat + i) % n for i in range(n))
                          if s != cai and self.face_down(s, 4))
            if queue:  # T4.2: the others show their thiên khai before the card is seen
                self._queue, self._pending = queue, (card, seat, final)
                self.phase, self.actor = Phase.SHOW, queue[0]
                self._close_window()
                return
        self._place(card, seat, Origin.DRAW, seat, seat, True, final, events)

    def _do_pass(self, a: Action[Card], phase: Phase, faults: list[Any],
                 events: list[Event[Card]]) -> None:
        live = self.live
        if phase is Phase.OVER or (live is not None and live.final):
            super()._do_pass(a, phase, faults, events)
            return
        seat = a.seat
        self._left(seat, a, faults, events)
        self._close_window()
        self.entitled = (seat + 1) % self.players
        self.may_pass = False
        self.phase, self.actor = Phase.PLAY, self.entitled

    def _left(self, seat: int, a: Action[Card], faults: list[Any],
              events: list[Event[Card]]) -> None:
        """The entitled seat leaves the live card (draw or dưới): a decline (T4.14) and the
        duties it missed (``faults``: TD5, TD7, TD10)."""
        live = self.live
        assert live is not None
        declined = offences.decline_of(self, seat)
        self._played(self.ACTION(seat, Act.DRAW, self._noc[self.noc_pos])
                     if a.act is Act.DRAW and a.card is None else a, events)
        if declined is not None:
            offences.note_decline(self.hist[seat], declined, len(self.record) - 1)
        self._judged(faults, events)

    def _do_eat(self, a: Action[Card], phase: Phase, faults: list[Any],
                events: list[Event[Card]]) -> None:
        """T4.6: the live card with hand cards to the mat (a new phu or a gá); then a
        discard."""
        assert isinstance(a, TomAction)
        plan = self._plan(a)
        assert isinstance(plan, EatPlan)
        self._played(a, events)
        self._judged(faults, events)
        self._take(a.seat, list(a.cards), plan)
        self.phase, self.actor = Phase.DISCARD, a.seat

    def _take(self, seat: int, cards: list[Card], plan: EatPlan) -> None:
        """The live card leaves its cửa for the seat's mat with ``cards`` from the hand."""
        live = self.live
        assert live is not None
        self.cua[live.cua].pop()
        for c in cards:
            self._add(seat, c, -1)
        if plan.onto is None:
            meld = SeatMeld(self._meld_id(), plan.origin, plan.cards, plan.trung,
                            taken=live.card)
        else:
            meld = self.mats[seat][plan.onto]
            meld = SeatMeld(meld.id, meld.origin, plan.cards, plan.trung, False, meld.taken)
        self._set_meld(seat, plan.onto, meld)
        self.hist[seat].taken.append((live.card, len(self.record) - 1))
        if plan.origin is MeldOrigin.PHONG:
            self.bat_thuc[seat].pop(live.card, None)  # T4.13: the khàn is back
        self._close_window()

    def _do_phong(self, a: Action[Card], phase: Phase, faults: list[Any],
                  events: list[Event[Card]]) -> None:
        """T4.7: the pair (every copy held) and the live card face up on the mat; trả cửa
        after it, unless taken at one's own cửa."""
        seat = a.seat
        live = self.live
        assert live is not None
        self._played(a, events)
        self._judged(faults, events)
        n = self.hand[seat][live.card]
        plan = EatPlan((live.card,) * (n + 1), (), MeldOrigin.PHONG, None)
        self._take(seat, [live.card] * n, plan)
        self._after_take(seat, live)

    def _after_take(self, seat: int, live: Placed[Card]) -> None:
        if seat == self.entitled:
            self.phase, self.actor = Phase.DISCARD, seat
        else:
            self._take_out_of_turn(seat, live)

    def _do_day_khan(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.8: the live card onto the face-down khàn, a thiên khai face up; or, at one's
        own cửa, the khàn turned up and the card eaten into a run."""
        assert isinstance(a, TomAction)
        seat = a.seat
        live = self.live
        assert live is not None
        self._played(a, events)
        self._judged(faults, events)
        i = self._khan_of(seat, live.card)
        assert i is not None
        khan = self.mats[seat][i]
        if a.cards:
            self._set_meld(seat, i, SeatMeld(khan.id, MeldOrigin.KHAN, khan.cards))
            run = tuple(sorted((live.card, *a.cards)))
            self._take(seat, list(a.cards), EatPlan(run, (), MeldOrigin.EATEN, None))
        else:
            self.cua[live.cua].pop()
            self._set_meld(seat, i, SeatMeld(khan.id, MeldOrigin.THIEN_KHAI,
                                             (*khan.cards, live.card), taken=live.card))
            self.hist[seat].taken.append((live.card, len(self.record) - 1))
            self._close_window()
        self._after_take(seat, live)

    def _do_ha_trung(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.12: the copy of the live card goes onto the mat run it extends."""
        assert isinstance(a, TomAction) and a.card is not None and a.onto is not None
        seat = a.seat
        self._played(a, events)
        self._add(seat, a.card, -1)
        meld = self.mats[seat][a.onto]
        self._set_meld(seat, a.onto, meld.grown((a.card,)))
        if phase is Phase.CLAIM:
            stop = self._claim_index(seat, Act.HA_TRUNG)
            if stop is not None:  # a claim at another's cửa (any_cua): the window goes on
                self.claim_pos = stop + 1
                self._after_claims(events)
            else:  # the entitled seat's own duty: every claim passed
                self.phase, self.actor = Phase.PLAY, seat

    def _do_discard(self, a: Action[Card], phase: Phase, faults: list[Any],
                    events: list[Event[Card]]) -> None:
        seat = a.seat
        if phase is Phase.OPENING and self._dealt_win(seat):  # T5.7: thiên ù let pass
            self.hist[seat].bo_u.append(len(self.record))
            events.append(Declined(seat, Act.WIN, None, len(self.record)))
        self._played(a, events)
        card = self._let_go(a, faults, events)
        self._place(card, seat, Origin.DISCARD, seat, (seat + 1) % self.players, False, False,
                    events)

    def _do_return(self, a: Action[Card], phase: Phase, faults: list[Any],
                   events: list[Event[Card]]) -> None:
        x = self._taken_from
        assert x is not None
        self._played(a, events)
        card = self._let_go(a, faults, events)
        self._taken_from = None
        if x.origin is Origin.DRAW:  # T4.9: the drawer decides on R as on its own draw
            home, may_pass = x.cua, True
        else:
            home, may_pass = (x.cua + 1) % self.players, False
        self._place(card, x.cua, Origin.RETURN, a.seat, home, may_pass, False, events)

    def _let_go(self, a: Action[Card], faults: list[Any], events: list[Event[Card]]) -> Card:
        """A discard or trả cửa leaves the hand (or, TD3, the mat)."""
        seat, card = a.seat, a.card
        assert card is not None
        self._judged(faults, events)
        self.hist[seat].unlaid_judged = True
        if self.hand[seat][card]:
            self._add(seat, card, -1)
            bt = self.bat_thuc[seat].get(card)
            if bt is not None:
                self.bat_thuc[seat][card] = bt._replace(discarded=bt.discarded + 1)
        else:
            self._break(seat, card)
        self.hist[seat].discards.append((card, len(self.record) - 1))
        return card

    def _break(self, seat: int, card: Card) -> None:
        """TD3: a card leaves a mat meld, which lies broken from then on."""
        mats = self.mats[seat]
        order = sorted(range(len(mats)), key=lambda i: (not mats[i].broken, mats[i].face_down))
        i = next(i for i in order if card in mats[i].all_cards)
        meld = mats[i]
        left = list(meld.all_cards)
        left.remove(card)
        if left:
            mats[i] = SeatMeld(meld.id, meld.origin, tuple(left), (), False, meld.taken, True)
        else:
            mats.pop(i)
        self._pos[seat] = None

    # ------------------------------------------------------------------ the win (T5)

    def _do_win(self, a: Action[Card], phase: Phase, faults: list[Any],
                events: list[Event[Card]]) -> None:
        """T5.1: every declared ù ends the game; the winner takes W and calls; the làng judges
        (T6)."""
        assert isinstance(a, TomAction)
        seat = a.seat
        self._played(a, events)
        win_event = len(self.record) - 1
        live = self.live
        if phase is Phase.OPENING:
            card, legit = None, self._dealt_win(seat)
        else:
            assert live is not None
            card = live.card
            legit = phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None
        position = self.position(seat)
        hist = self.hist[seat]
        named = card if card is not None else offences.winning_named(self, seat)
        if hist.bo_u:  # T5.7: an ù let pass earlier in this game
            let_pass = self.record[hist.bo_u[0]].card
            faults = [offences.violation("TN1", seat, let_pass if let_pass is not None
                                         else named, win_event, hist.bo_u[0]), *faults]
        if not hist.unlaid_judged:  # T5.2: a khàn kept in the hand counts, but is TN2
            faults = [*faults, *(offences.violation("TN2", seat, k, win_event)
                                 for k in hist.unlaid)]
            hist.unlaid_judged = True
        self._judged(faults, events)
        if card is not None and live is not None:
            if live.origin is Origin.REVEAL:  # T4.2: W is one of the four (Q32)
                owner = self.mats[live.by]
                i = next(i for i, m in enumerate(owner) if m.kind == card and len(m.cards) == 4
                         and m.origin is MeldOrigin.THIEN_KHAI)
                self._set_meld(live.by, i, SeatMeld(owner[i].id, owner[i].origin, (card,) * 3))
                self._reveal_ctx = None
            else:
                self.cua[live.cua].pop()
            self._add(seat, card, 1)
        self._close_window()
        self._win = WinState(seat, card, position, a.phong, legit, win_event)
        self.outcome = Outcome(EndKind.WIN, seat, card, thien_u=card is None,
                               win_event=win_event)
        self.phase, self.actor = Phase.CALL, seat

    def _do_call(self, a: Action[Card], phase: Phase, faults: list[Any],
                 events: list[Event[Card]]) -> None:
        """T5.8, T6: the call is judged with everything the winner committed."""
        assert isinstance(a, TomAction)
        self._played(a, events)
        self._judged(faults, events)
        win = self._win
        assert win is not None and self.outcome is not None
        self.settlement = settle(self, win, a.tokens)
        self.verdict = self.settlement.verdict
        self.phase, self.actor = Phase.OVER, None
        events.append(Ended(self.outcome))

    def win_state(self) -> WinState | None:
        """What the ù is judged on, once declared."""
        return self._win

    def true_tokens(self) -> tuple[CallToken, ...]:
        """The winner's right call (T5.8, T7.5): its face-down khàn turned up, its bất thực
        reported, then its true cước in canonical order; empty before a win."""
        return offences.true_tokens(self)

    def true_call(self) -> tuple[tuple[str, int], ...]:
        """The winner's true cước as (id, count), in canonical order; empty before a win."""
        return tuple((t.cuoc or t.name, t.count) for t in self.true_tokens() if t.cuoc)

    def _settle_draw(self) -> TomSettlement:
        return no_win(self.last_drawer)

    def _settle_false_win(self, seat: int) -> TomSettlement:  # pragma: no cover - _do_win
        raise AssertionError("a declared ù is always called and judged (T5.8)")

    def _settle_win(self, seat: int) -> TomSettlement:  # pragma: no cover - _do_call
        raise AssertionError("settled in _do_call")

    def _won(self, seat: int, card: Card | None, win_event: int) -> Outcome[Card]:
        raise AssertionError("_do_win keeps what the ù is judged on")  # pragma: no cover

    def _judge_call(self, call: Any) -> Any:  # pragma: no cover - _do_call
        raise AssertionError("judged in _do_call")

    def _end(self, outcome: Outcome[Card], events: list[Event[Card]]) -> None:
        if self._deferred:
            self._flush(len(self.record) - 1, events)
        super()._end(outcome, events)

    # ------------------------------------------------------------------ views

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know (observation.py)."""
        from engine.totom.observation import observe
        return observe(self, seat)

    def state_key(self) -> tuple[object, ...]:
        """Everything that determines the future of the game: equal keys, equal games."""
        return (*super().state_key(), tuple(tuple(sorted(b.items())) for b in self.bat_thuc),
                self._queue, self._first_draw, self._pending, self._reveal_ctx,
                tuple(self._deferred), self._win, tuple(self.hist))

    def __repr__(self) -> str:
        return (f"<TomGame {self.players}p phase={self.phase.value} actor={self.actor} "
                f"events={len(self.record)} noc={self.noc_left}>")
