"""A game of Tổ tôm on the shared core (TOTOM T4, T5): the opening (khàn and thiên khai face down,
thiên ù, the shown thiên khai and their ù windows), the claim window ù > dậy khàn > phỗng (and,
where the làng says so, hạ trùng at any cửa) before the entitled player's eat, draw or dưới,
trả cửa after an out-of-turn take, bất thực, the last card and kê, the win and the call.

engine/game.py plays the table; this class adds Tổ tôm's acts to its action table and fills in
its hooks, on the seats (seats.py), the opening (opening.py) and the turn (turn.py). Who broke
which rule is offences.py's (``faults_of``); what an ù is worth at the end is verdict.py's;
what a seat may see is observation.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Self

from engine.actions import Act, Action
from engine.errors import BadDeal
from engine.events import Ended, EndKind, Event, Origin, Outcome
from engine.game import Game, Mode, Phase
from engine.totom import offences
from engine.totom.actions import TomAction
from engine.totom.call import CallToken
from engine.totom.cards import ALL_CARDS, Card
from engine.totom.deal import Deal
from engine.totom.eats import eat_options, run_pairs
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.observation import TomObservation, observe
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.seats import BatThuc, WinState
from engine.totom.turn import TomTurn
from engine.totom.verdict import TomSettlement, no_win, settle

# T4.16: the duties a lesson may leave to the game (on in teaching and strict modes).
LAY, REVEAL, COPIES, HA_TRUNG, DAY_KHAN = "lay", "reveal", "copies", "ha_trung", "day_khan"
AUTOMATIONS = frozenset({LAY, REVEAL, COPIES, HA_TRUNG, DAY_KHAN})


def default_automations(mode: Mode) -> frozenset[str]:
    """T4.16: every automation in teaching and strict modes, none in real mode."""
    return frozenset() if mode is Mode.REAL else AUTOMATIONS


class TomGame(TomTurn):
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

    __slots__ = ()

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
        """T4.8: the two hand cards that make a three-card run with the live card (a third
        is left for the discard)."""
        live = self.live
        assert live is not None
        if self.hand_n[seat] < 3:
            return []
        return [(a, b) for a, b in run_pairs(self.hand[seat], live.card)]

    def _take_moves(self, seat: int) -> list[Action[Card]]:  # pragma: no cover - moves() above
        return []

    def faults_of(self, a: Action[Card]) -> list[Any]:
        """Every TN and TD cause ``a`` would record now (offences.py)."""
        return offences.faults(self, a)

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

    def observation(self, seat: int) -> TomObservation:
        """What ``seat`` may know (observation.py)."""
        return observe(self, seat)

    def state_key(self) -> tuple[object, ...]:
        """Everything that determines the future of the game: equal keys, equal games."""
        return (*super().state_key(), tuple(tuple(sorted(b.items())) for b in self.bat_thuc),
                self._queue, self._first_draw, self._pending, self._reveal_ctx,
                tuple(self._deferred), self._win, tuple(h.key() for h in self.hist))

    def __repr__(self) -> str:
        return (f"<TomGame {self.players}p phase={self.phase.value} actor={self.actor} "
                f"events={len(self.record)} noc={self.noc_left}>")
