"""One game (ván) as an explicit state machine: the table every ruleset shares (DESIGN.md "Two
games on one engine", TOTOM.md "Differences from Chắn").

The core owns the seats in play order, the cửa piles, the nọc and its stop, the live card and
its claim window (the claim kinds and their priority are the ruleset's), trả cửa after an
out-of-turn take, the win and the call, the event log and the modes. Each action is a
check/do pair in one table (``ACTIONS``: act → check method, do method, judged): ``apply``
looks the act up, checks it, lets the ruleset judge it (``faults_of``) and does it, in one
place. A ruleset subclasses ``Game`` (engine/chan/game.py): it adds its own actions to the
table (eating, chíu) and supplies the hooks below — the hand, the win test, the claims of a
seat, the judges, the cước, the settlement — and the words of the core's messages
(``SAYS``), which cite its own rule ids.

The phase says what kind of decision is pending and ``actor`` whose it is; ``legal_actions()``
lists the actor's choices; ``apply(action)`` returns the events it caused. A game rebuilt from
its deal and recorded actions equals the live one.

Automations (STYLE.md: duties the lesson player can leave to the game or walk a learner through)
are switches named by the ruleset (``AUTOMATIONS``); with some on, ``apply`` lets the ruleset
add the steps a duty asks before an action (``_before``), complete the action (``_completed``)
and take the steps that follow by themselves (``_automatic``). Each such step is an ordinary
recorded action, so the record replays with every switch off. Chắn has none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Self

from engine.actions import Act, Action, Call
from engine.errors import (
    CardNotHeld,
    ForbiddenMove,
    GameOver,
    IllegalAction,
    NocMismatch,
    NotYourTurn,
)
from engine.events import (
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
from engine.kind import K
from engine.observation import SeatView
from engine.registry import Explanation


class Phase(StrEnum):
    """What kind of decision is pending."""

    OPENING = "opening"  # the cái declares a dealt win (thiên ù) or discards first
    LAY = "lay"  # before that, a seat lays its khàn and thiên khai face down (TOTOM T4.1)
    SHOW = "show"  # before the first draw, a seat shows its thiên khai (TOTOM T4.2)
    CLAIM = "claim"  # a claimant takes the live card out of turn (ù, chíu…) or lets it pass
    PLAY = "play"  # the entitled player eats, draws or says dưới
    DISCARD = "discard"  # after eating, the eater discards
    RETURN = "return"  # after an out-of-turn take, trả cửa
    CALL = "call"  # the winner calls its cước
    OVER = "over"


class Mode(StrEnum):
    """Play modes (RULES R7.5, TOTOM T4.16)."""

    TEACHING = "teaching"
    STRICT = "strict"
    REAL = "real"


Check = Callable[[Any, Any], Phase]
Do = Callable[[Any, Any, Phase, list[Any], list[Any]], None]
Steps = dict[Act, tuple[Check, Do, bool]]


class Game(ActionFaces[K]):
    """The state of one game and the only place it changes (a ruleset's subclass is played)."""

    # The actions every ruleset has: act → (check method, do method, judged by faults_of).
    ACTIONS: ClassVar[Mapping[Act, tuple[str, str, bool]]] = {
        Act.DECLINE: ("_check_decline", "_do_decline", False),
        Act.DRAW: ("_check_draw", "_do_draw", False),
        Act.PASS: ("_check_pass", "_do_pass", False),
        Act.DISCARD: ("_check_discard", "_do_discard", True),
        Act.RETURN: ("_check_return", "_do_return", True),
        Act.WIN: ("_check_win", "_do_win", False),
        Act.CALL: ("_check_call", "_do_call", False),
    }
    # The claims on a placed card, highest priority first (ù always first).
    CLAIM_KINDS: ClassVar[tuple[Act, ...]] = (Act.WIN,)
    # The rule (the ruleset's registry) a seat breaks by letting each claim kind pass, and by
    # declaring a win it does not have.
    LET_PASS: ClassVar[Mapping[Act, str]] = {}
    FALSE_WIN: ClassVar[str] = ""
    # The core's messages that cite the ruleset's words and rule ids (see ChanGame.SAYS).
    SAYS: ClassVar[Mapping[str, str]] = {}
    # Slots holding immutable values (copy() shares them; it copies every other slot).
    SHARED: ClassVar[tuple[str, ...]] = (
        "deal", "rules", "mode", "players", "phase", "actor", "noc_pos", "live", "entitled",
        "may_pass", "window_open", "claim_pos", "outcome", "_taken_from", "_noc", "thong_seat",
        "last_drawer", "verdict", "settlement", "automations")
    # The ruleset's cards (its card type's values) and the most seats it seats: moves() hands
    # out interned actions (it is on the computer players' hot path).
    CARDS: ClassVar[tuple[Any, ...]] = ()
    SEATS: ClassVar[int] = 0
    CARD_ACTS: ClassVar[tuple[Act, ...]] = (Act.DISCARD, Act.RETURN)
    # Acts whose actions carry more than a card (a call, a ruleset's fields): never interned.
    UNINTERNED: ClassVar[frozenset[Act]] = frozenset({Act.CALL})
    _STEPS: ClassVar[Steps] = {}
    _SIMPLE: ClassVar[dict[tuple[int, Act], Any]] = {}  # interned Action[K]s
    _BY_CARD: ClassVar[dict[Act, list[list[Any]]]] = {}
    _DISCARDS: ClassVar[list[list[Any]]] = []
    _RETURNS: ClassVar[list[list[Any]]] = []

    # The automations the ruleset offers (switches, by name); a game holds those that are on.
    AUTOMATIONS: ClassVar[frozenset[str]] = frozenset()

    __slots__ = (
        "_noc",
        "_taken_from",
        "actor",
        "automations",
        "claim_pos",
        "claims",
        "cua",
        "deal",
        "entitled",
        "hand",
        "hand_n",
        "hist",
        "last_drawer",
        "live",
        "log",
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

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Resolve the action table to the subclass's own methods (overrides included)."""
        super().__init_subclass__(**kwargs)
        cls._STEPS = {act: (getattr(cls, check), getattr(cls, do), judged)
                      for act, (check, do, judged) in cls.ACTIONS.items()}
        seats = range(cls.SEATS)
        make = cls.ACTION
        cls._SIMPLE = {(s, act): make(s, act) for s in seats for act in cls.ACTIONS
                       if act not in cls.CARD_ACTS and act not in cls.UNINTERNED}
        cls._BY_CARD = {act: [[make(s, act, c) for c in cls.CARDS] for s in seats]
                        for act in cls.CARD_ACTS}
        cls._DISCARDS = cls._BY_CARD.get(Act.DISCARD, [])
        cls._RETURNS = cls._BY_CARD.get(Act.RETURN, [])

    def __init__(self, deal: Any, rules: Any = None, mode: Mode = Mode.REAL,
                 thong_seat: int | None = None) -> None:
        self.deal = deal
        self.rules = rules
        self.mode = mode
        self.players: int = deal.players
        self.hand: list[Any] = [self._pack(h) for h in deal.hands]  # the ruleset's form
        self.hand_n: list[int] = [len(h) for h in deal.hands]
        self.mats: list[list[Any]] = [[] for _ in range(self.players)]
        self.cua: list[list[K]] = [[] for _ in range(self.players)]
        self._noc: Sequence[K] = deal.noc
        self.noc_pos = 0
        self.live: Placed[K] | None = None
        self.entitled: int = deal.cai_seat
        self.may_pass = False
        self.window_open = False
        self.claims: list[Claim] = []
        self.claim_pos = 0
        self.record: list[Action[K]] = []
        self.log: list[Event[K]] = []
        self.outcome: Outcome[K] | None = None
        self._taken_from: Placed[K] | None = None  # the card taken out of turn, until trả cửa
        self.hist: list[Any] = [self._new_history() for _ in range(self.players)]
        self.thong_seat = thong_seat  # who may call thông (from the session)
        self.last_drawer: int | None = None
        self.verdict: Any = None
        self.settlement: Any = None
        self.violations: list[Violation[K]] = []
        self.automations: frozenset[str] = frozenset()
        self.phase = Phase.OPENING
        self.actor: int | None = deal.cai_seat

    # ------------------------------------------------------------------ the ruleset's hooks

    def _pack(self, cards: Iterable[K]) -> Any:
        """A dealt hand in the ruleset's form."""
        raise NotImplementedError

    def _new_history(self) -> Any:
        """An empty seat history (what the ruleset's judges look back at; it keeps the
        seat's ``faults`` and the events of the wins it let pass, ``bo_u``)."""
        raise NotImplementedError

    def _holds(self, seat: int, card: int) -> bool:
        """Whether the seat holds a card of that kind in hand."""
        raise NotImplementedError

    def _remove(self, seat: int, card: int, n: int) -> None:
        """Take n cards of a kind out of the seat's hand."""
        raise NotImplementedError

    def _kinds_in_hand(self, seat: int) -> list[int]:
        """The kinds the seat holds, ascending (what it may discard)."""
        raise NotImplementedError

    def _claimants(self, card: K, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """Every claim on a placed card (kinds of CLAIM_KINDS), the seats in play order from
        the entitled seat ``home``; the core orders them by kind."""
        raise NotImplementedError

    def _take_moves(self, seat: int) -> list[Action[K]]:
        """The entitled seat's ways of taking the live card (before drawing or dưới)."""
        raise NotImplementedError

    def _dealt_win(self, seat: int) -> bool:
        """Whether the cái's dealt hand wins by itself (thiên ù)."""
        raise NotImplementedError

    def _verify_may_act(self, seat: int, a: Action[K]) -> None:
        """Raise if the seat may not make this kind of move at all (a báo seat, R4.8)."""

    def _why_no_win(self, seat: int) -> str:
        """Why the seat may not declare ù now."""
        raise NotImplementedError

    def _won(self, seat: int, card: K | None, win_event: int) -> Outcome[K]:
        """A legitimate win by ``seat`` on ``card`` (None: thiên ù): keep what the cước
        are judged on; the outcome."""
        raise NotImplementedError

    def _settle_false_win(self, seat: int) -> Any:
        """The settlement of a declared win that is none (ù láo)."""
        raise NotImplementedError

    def _settle_win(self, seat: int) -> Any:
        """The settlement of the called win (after ``verdict`` is set)."""
        raise NotImplementedError

    def _settle_draw(self) -> Any:
        """The settlement of a game that ends at the nọc stop with no winner."""
        raise NotImplementedError

    def _judge_call(self, call: Call) -> Any:
        """The verdict on the winner's call."""
        raise NotImplementedError

    def true_call(self) -> Call:
        """The winner's true cước in canonical order; empty before a win."""
        raise NotImplementedError

    def faults_of(self, a: Action[K]) -> list[Violation[K]]:
        """The rules ``a`` would break if applied now (the ruleset's judges)."""
        return []

    def _judged(self, faults: list[Violation[K]], events: list[Event[K]]) -> None:
        """Record the faults of the event just played (the ruleset adds what they cause)."""
        for v in faults:
            self.hist[v.seat].faults.append(v)
            self.violations.append(v)
            events.append(v)

    def _note_decline(self, seat: int) -> None:
        """The entitled seat leaves the live card (by drawing or dưới)."""

    def _note_played(self, seat: int, card: K, event: int, own_cua: bool) -> None:
        """The seat put ``card`` into a cửa (a discard, or trả cửa; ``own_cua``: its own)."""

    def _note_passed(self, seat: int) -> None:
        """The seat said dưới on its own draw."""

    def observation(self, seat: int) -> SeatView[K]:
        """What ``seat`` may know: its own hand and everything public."""
        raise NotImplementedError

    # ------------------------------------------------------------------ queries

    @classmethod
    def replay(cls, deal: Any, actions: Iterable[Action[K]], rules: Any = None,
               mode: Mode = Mode.REAL, thong_seat: int | None = None,
               complete: bool = False) -> Self:
        """Rebuild a game from its deal and its actions (recorded or live).

        ``complete`` says the actions are a whole record: a window left open on the nọc stop
        card was declined by everyone (see ``finish``).
        """
        game = cls(deal, rules, mode, thong_seat) if rules is not None else \
            cls(deal, mode=mode, thong_seat=thong_seat)
        for action in actions:
            game.apply(action)
        if complete:
            game.finish()
        return game

    def copy(self) -> Self:
        """An independent game in the same state (what searching players explore)."""
        twin = type(self).__new__(type(self))
        for name in self.SHARED:  # immutable values: shared
            setattr(twin, name, getattr(self, name))
        twin.hand, twin.hand_n = list(self.hand), list(self.hand_n)
        twin.mats = [list(m) for m in self.mats]
        twin.cua = [list(p) for p in self.cua]
        twin.claims = list(self.claims)
        twin.record, twin.log = list(self.record), list(self.log)
        twin.hist = [h.copy() for h in self.hist]
        twin.violations = list(self.violations)
        self._copy_into(twin)
        return twin

    def _copy_into(self, twin: Any) -> None:
        """Copy the ruleset's own mutable state into ``twin``."""

    @property
    def noc_left(self) -> int:
        """Cards still in the nọc."""
        return len(self._noc) - self.noc_pos

    @property
    def is_over(self) -> bool:
        """The game has ended (win and call, a false win, or a drawn game)."""
        return self.phase is Phase.OVER

    def pending_claims(self) -> tuple[Claim, ...]:
        """Claims not yet decided in the open claim window, in priority order."""
        if self.phase is not Phase.CLAIM:
            return ()
        return tuple(self.claims[self.claim_pos:])

    def legal_actions(self) -> list[Action[K]]:
        """The actor's possible actions (never a false win, which only real mode accepts).

        In strict mode moves that break a rule are left out while another move exists.
        """
        moves = self.moves()
        if self.mode is Mode.STRICT and len(moves) > 1:
            clean = [a for a in moves if not self.faults_of(a)]
            if clean:
                return clean
        return moves

    def moves(self) -> list[Action[K]]:
        """Every action the actor could physically take, faults included (what strict mode
        filters); like legal_actions(), never a false win."""
        phase = self.phase
        actor = self.actor
        if actor is None or phase is Phase.OVER:
            return []
        simple = self._SIMPLE
        if phase is Phase.CLAIM:
            claim = self.claims[self.claim_pos]
            return [simple[(actor, claim.act)], simple[(actor, Act.DECLINE)]]
        if phase is Phase.PLAY:
            out = self._take_moves(actor)
            out.append(simple[(actor, Act.PASS if self.may_pass else Act.DRAW)])
            return out
        if phase is Phase.DISCARD or phase is Phase.OPENING:
            table = self._DISCARDS[actor]
            out = [table[k] for k in self._kinds_in_hand(actor)]
            if phase is Phase.OPENING and self._dealt_win(actor):
                out.append(simple[(actor, Act.WIN)])
            return out
        if phase is Phase.RETURN:
            table = self._RETURNS[actor]
            return [table[k] for k in self._kinds_in_hand(actor)]
        if phase is Phase.CALL:
            return [self.ACTION(actor, Act.CALL, None, self.true_call())]
        return []

    def explain(self, a: Action[K]) -> tuple[Explanation, ...]:
        """Teaching mode: every rule ``a`` would break, with one sentence each — its faults,
        the claims it lets pass, a false win, a dealt win let pass."""
        book = self.ruleset_registry()
        out = [book.explanation(v.rule, str(v.card)) for v in self.faults_of(a)]
        live = self.live
        if live is not None and self.phase is Phase.CLAIM:
            if a.act is Act.DECLINE and self.actor == a.seat:
                claim = self.claims[self.claim_pos]
                out.append(book.explanation(self.LET_PASS[claim.act], str(live.card)))
            elif a.act in (Act.EAT, Act.DRAW, Act.PASS):
                for c in self.claims[self.claim_pos:]:
                    if c.seat == a.seat:
                        out.append(book.explanation(self.LET_PASS[c.act], str(live.card)))
        if a.act is Act.WIN and self.can(a) and not self._legit_win(a.seat):
            out.append(book.explanation(self.FALSE_WIN, "" if live is None else str(live.card)))
        if a.act is Act.DISCARD and self.phase is Phase.OPENING and self._dealt_win(a.seat):
            out.append(book.explanation(self.LET_PASS[Act.WIN], self.SAYS["dealt_win_name"]))
        return tuple(dict.fromkeys(out))  # a fault that is also a claim let pass: said once

    def ruleset_registry(self) -> Any:
        """The ruleset's rule registry (engine.registry)."""
        raise NotImplementedError

    def _legit_win(self, seat: int) -> bool:
        if self.phase is Phase.OPENING:
            return seat == self.deal.cai_seat and self._dealt_win(seat)
        return self.phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None

    # ------------------------------------------------------------------ verification

    def verify(self, action: Action[K]) -> None:
        """Raise a specific IllegalAction if ``action`` is physically impossible now."""
        self._check(action)

    def can(self, action: Action[K]) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, a: Action[K]) -> Phase:
        """Verify and return the phase the action is taken in (CLAIM actions may close it)."""
        seat, phase = a.seat, self.phase
        if phase is Phase.OVER:
            if self._closing_pass(a):
                return phase
            raise GameOver(seat, a, "the game is over")
        if not 0 <= seat < self.players:
            raise NotYourTurn(seat, a, f"there is no seat {seat} at a "
                                       f"{self.players}-player table")
        step = self._STEPS.get(a.act)
        if step is None:
            raise IllegalAction(seat, a, "unknown act")  # pragma: no cover
        return step[0](self, a)

    def _check_decline(self, a: Action[K]) -> Phase:
        if self.phase is not Phase.CLAIM or self.actor != a.seat:
            raise NotYourTurn(a.seat, a, "there is no claim for this seat to let pass")
        return self.phase

    def _check_turn_to_take(self, a: Action[K]) -> Placed[K]:
        """The entitled seat's turn (a pending claim is declined by its acting); the live
        card."""
        seat, phase = a.seat, self.phase
        if phase is Phase.CLAIM and seat == self.entitled:
            pass  # the entitled player acts: every pending claim was declined
        elif phase is not Phase.PLAY or seat != self.actor:
            raise NotYourTurn(seat, a, self._whose_turn())
        live = self.live
        assert live is not None
        return live

    def _check_draw(self, a: Action[K]) -> Phase:
        seat = a.seat
        live = self._check_turn_to_take(a)
        if live.final:
            raise IllegalAction(seat, a, self.SAYS["no_more_draws"])
        if self.may_pass:
            raise IllegalAction(seat, a, self.SAYS["draw_own"].format(card=live.card))
        if a.card is not None and a.card != self._noc[self.noc_pos]:
            raise NocMismatch(seat, a, f"the top of the nọc is "
                                       f"{self._noc[self.noc_pos]}, not {a.card}")
        return self.phase

    def _check_pass(self, a: Action[K]) -> Phase:
        self._check_turn_to_take(a)
        if not self.may_pass:
            raise IllegalAction(a.seat, a, self.SAYS["pass_own"])
        return self.phase

    def _check_discard(self, a: Action[K]) -> Phase:
        seat, phase = a.seat, self.phase
        if seat != self.actor or phase not in (Phase.DISCARD, Phase.OPENING):
            raise NotYourTurn(seat, a, self._whose_turn())
        return self._check_held(a)

    def _check_return(self, a: Action[K]) -> Phase:
        seat, phase = a.seat, self.phase
        if seat != self.actor or phase is not Phase.RETURN:
            if phase is not Phase.RETURN:
                raise IllegalAction(seat, a, self.SAYS["return_after"])
            raise NotYourTurn(seat, a, self._whose_turn())
        return self._check_held(a)

    def _check_held(self, a: Action[K]) -> Phase:
        assert a.card is not None
        if not self._holds(a.seat, a.card):
            raise CardNotHeld(a.seat, a, f"{a.card} is not in this seat's hand")
        return self.phase

    def _check_win(self, a: Action[K]) -> Phase:
        seat, phase = a.seat, self.phase
        self._verify_may_act(seat, a)
        if phase is Phase.OPENING:
            if seat != self.deal.cai_seat:
                raise NotYourTurn(seat, a, self.SAYS["dealt_win_who"])
            if self._dealt_win(seat) or self.mode is Mode.REAL:
                return phase
            raise IllegalAction(seat, a, self.SAYS["dealt_win_not"])
        if phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None:
            return phase
        if self.window_open and self.mode is Mode.REAL and phase in (Phase.CLAIM, Phase.PLAY):
            return phase  # a false win: judged, not refused
        raise IllegalAction(seat, a, self._why_no_win(seat))

    def _check_call(self, a: Action[K]) -> Phase:
        if self.phase is not Phase.CALL or a.seat != self.actor:
            raise NotYourTurn(a.seat, a, self.SAYS["call_after"])
        return self.phase

    def _closing_pass(self, a: Action[K]) -> bool:
        """The nọc stop (FORMATS reading rule): once a game has ended drawn on the nọc-stop
        card, its drawer may still say dưới on it, once, as the next event; it changes
        nothing."""
        live, outcome = self.live, self.outcome
        return (a.act is Act.PASS and live is not None and live.final and a.seat == live.by
                and outcome is not None and outcome.kind is EndKind.DRAW
                and live.event == len(self.record) - 1)

    def _whose_turn(self) -> str:
        return f"it is seat {self.actor}'s decision ({self.phase.value})"

    def _claim_index(self, seat: int, act: Act) -> int | None:
        for i in range(self.claim_pos, len(self.claims)):
            c = self.claims[i]
            if c.seat == seat and c.act is act:
                return i
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action[K]) -> list[Event[K]]:
        """Verify and apply an action; return the events it caused (with the automations that
        are on, also those of the steps they take around it)."""
        if self.automations:
            return self._apply_automated(action)
        return self._apply_one(action)

    def _apply_automated(self, action: Action[K]) -> list[Event[K]]:
        """The steps a duty asks first, the action (completed), then the steps that follow by
        themselves (see the module docstring)."""
        self._check(action)
        events: list[Event[K]] = []
        for step in self._before(action):
            events += self._apply_one(step)
        events += self._apply_one(self._completed(action))
        events += self.automate()
        return events

    def automate(self) -> list[Event[K]]:
        """Take the steps the automations that are on take by themselves now; their events."""
        events: list[Event[K]] = []
        while self.automations:
            step = self._automatic()
            if step is None:
                break
            events += self._apply_one(step)
        return events

    def _before(self, action: Action[K]) -> list[Action[K]]:
        """The steps an automation takes before ``action`` (a duty it would otherwise miss)."""
        return []

    def _completed(self, action: Action[K]) -> Action[K]:
        """``action`` as an automation completes it."""
        return action

    def _automatic(self) -> Action[K] | None:
        """The step an automation takes by itself now, if any."""
        return None

    def _apply_one(self, action: Action[K]) -> list[Event[K]]:
        """Verify and apply one action; return the events it caused."""
        act = action.act
        step = self._STEPS.get(act)
        if step is None or self.phase is Phase.OVER or not 0 <= action.seat < self.players:
            phase = self._check(action)  # the game's end, a seat or an act that is not there
            step = self._STEPS[act]
        else:
            phase = step[0](self, action)
        _, do, judged = step
        events: list[Event[K]] = []
        faults = self.faults_of(action) if judged else []
        if faults and self.mode is Mode.STRICT and any(
                not self.faults_of(m) for m in self.moves()):
            rules = ", ".join(v.rule for v in faults)
            raise ForbiddenMove(action.seat, str(action), self.SAYS["strict"].format(
                rules=rules))
        if phase is Phase.CLAIM and act is not Act.DECLINE:
            # A recorded action implies that the claims ranked before it were declined.
            stop = self._claim_index(action.seat, act) if act in self.CLAIM_KINDS else None
            if stop is not None or act is not Act.WIN:  # a false win pre-empts, declines nothing
                self._decline_until(len(self.claims) if stop is None else stop, events)
        do(self, action, phase, faults, events)
        self.log.extend(events)
        return events

    def _do_decline(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                    events: list[Event[K]]) -> None:
        self._decline_until(self.claim_pos + 1, events)
        self._after_claims(events)

    def _do_draw(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                 events: list[Event[K]]) -> None:
        seat = a.seat
        self._note_decline(seat)
        self.last_drawer = seat
        card = self._noc[self.noc_pos]
        self.noc_pos += 1
        self._played(self.ACTION(seat, Act.DRAW, card) if a.card is None else a, events)
        final = len(self._noc) - self.noc_pos == self.rules.noc_stop
        self._place(card, seat, Origin.DRAW, seat, seat, True, final, events)

    def _do_pass(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                 events: list[Event[K]]) -> None:
        seat = a.seat
        live = self.live
        if phase is Phase.OVER or (live is not None and live.final):
            # The nọc stop: the drawer's dưới on the stop card (the claims were declined
            # above) ends the game drawn, or, said after the end, only stands in the record.
            self._played(a, events)
            if phase is not Phase.OVER:
                self._after_claims(events)
            return
        self._note_decline(seat)
        self._played(a, events)
        self._note_passed(seat)
        self._close_window()
        self.entitled = (seat + 1) % self.players
        self.may_pass = False
        self.phase, self.actor = Phase.PLAY, self.entitled

    def _do_discard(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                    events: list[Event[K]]) -> None:
        seat, card = a.seat, a.card
        assert card is not None
        if phase is Phase.OPENING and self._dealt_win(seat):  # a dealt win let pass
            self.hist[seat].bo_u.append(len(self.record))
            events.append(Declined(seat, Act.WIN, None, len(self.record)))
        self._played(a, events)
        self._judged(faults, events)
        self._note_played(seat, card, len(self.record) - 1, True)
        self._remove(seat, card, 1)
        self._place(card, seat, Origin.DISCARD, seat, (seat + 1) % self.players, False, False,
                    events)

    def _do_return(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                   events: list[Event[K]]) -> None:
        seat, card = a.seat, a.card
        assert card is not None
        x = self._taken_from
        assert x is not None
        self._played(a, events)
        self._judged(faults, events)
        self._note_played(seat, card, len(self.record) - 1, x.cua == seat)
        self._remove(seat, card, 1)
        self._taken_from = None
        if x.origin is Origin.DRAW:  # the drawer decides on R as on its own draw
            home, may_pass = x.cua, True
        else:
            home, may_pass = (x.cua + 1) % self.players, False
        self._place(card, x.cua, Origin.RETURN, seat, home, may_pass, False, events)

    def _take_out_of_turn(self, seat: int, live: Placed[K]) -> None:
        """A seat took the live card out of turn (a ruleset's claim): it returns a card into
        the same cửa next (trả cửa), which keeps the turn order."""
        self._close_window()
        self._taken_from = live
        self.phase, self.actor = Phase.RETURN, seat

    def _do_win(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                events: list[Event[K]]) -> None:
        seat = a.seat
        self._played(a, events)
        win_event = len(self.record) - 1
        if self.phase is Phase.OPENING:
            if self._dealt_win(seat):
                self.outcome = self._won(seat, None, win_event)
                self.phase, self.actor = Phase.CALL, seat
            else:
                self.settlement = self._settle_false_win(seat)
                self._end(Outcome(EndKind.U_LAO, seat, None, win_event=win_event), events)
            return
        live = self.live
        assert live is not None
        legit = self.phase is Phase.CLAIM and self._claim_index(seat, Act.WIN) is not None
        self._close_window()
        if not legit:
            self.settlement = self._settle_false_win(seat)
            self._end(Outcome(EndKind.U_LAO, seat, live.card, win_event=win_event), events)
            return
        self.outcome = self._won(seat, live.card, win_event)
        self.phase, self.actor = Phase.CALL, seat

    def _do_call(self, a: Action[K], phase: Phase, faults: list[Violation[K]],
                 events: list[Event[K]]) -> None:
        self._played(a, events)
        self.verdict = self._judge_call(a.cuoc)
        self.settlement = self._settle_win(a.seat)
        self.phase, self.actor = Phase.OVER, None
        assert self.outcome is not None
        events.append(Ended(self.outcome))

    def finish(self) -> list[Event[K]]:
        """A complete record ends on the last nọc card: its pending claims were declined.

        Records never hold declines (FORMATS.md), so a replayed game whose nọc stop card was
        let pass by everyone still shows the claims; the reader of a finished record calls this.
        (A record may also end with the drawer's dưới on that card, which declines them itself:
        ``_closing_pass``, issue 14.)
        """
        live = self.live
        if self.phase is not Phase.CLAIM or live is None or not live.final:
            return []
        events: list[Event[K]] = []
        self._decline_until(len(self.claims), events)
        self._after_claims(events)
        self.log.extend(events)
        return events

    def _played(self, action: Action[K], events: list[Event[K]]) -> None:
        events.append(Played(len(self.record), action))
        self.record.append(action)

    def _close_window(self) -> None:
        self.window_open = False
        self.claims = []
        self.claim_pos = 0

    def _decline_until(self, stop: int, events: list[Event[K]]) -> None:
        live = self.live
        assert live is not None
        for i in range(self.claim_pos, stop):
            c = self.claims[i]
            events.append(Declined(c.seat, c.act, live.card, live.event))
            if c.act is Act.WIN:
                self.hist[c.seat].bo_u.append(live.event)  # a win let pass
        self.claim_pos = stop

    def _place(self, card: K, cua: int, origin: Origin, by: int, home: int, may_pass: bool,
               final: bool, events: list[Event[K]]) -> None:
        """A card goes face up into a cửa: the claim window opens."""
        self.cua[cua].append(card)
        self.live = Placed(card, cua, origin, by, home, may_pass, final, len(self.record) - 1)
        self.entitled = home
        self.may_pass = may_pass
        self.window_open = True
        self.claims = self._claims_on(card, origin, by, home, final)
        self.claim_pos = 0
        self._after_claims(events)

    def _claims_on(self, card: K, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """The claims on a placed card: each kind of CLAIM_KINDS in turn, highest first, and
        within a kind the seats in play order from the entitled seat."""
        found = self._claimants(card, origin, by, home, final)
        if len(found) < 2:
            return found
        return [c for act in self.CLAIM_KINDS for c in found if c.act is act]

    def _after_claims(self, events: list[Event[K]]) -> None:
        """Ask the next claimant, or hand the card to the entitled player (or end at the
        nọc stop)."""
        if self.claim_pos < len(self.claims):
            self.phase, self.actor = Phase.CLAIM, self.claims[self.claim_pos].seat
            return
        live = self.live
        assert live is not None
        if live.final:
            self.settlement = self._settle_draw()
            self._end(Outcome(EndKind.DRAW), events)
            return
        self.phase, self.actor = Phase.PLAY, self.entitled

    def _end(self, outcome: Outcome[K], events: list[Event[K]]) -> None:
        self.outcome = outcome
        self.phase, self.actor = Phase.OVER, None
        events.append(Ended(outcome))

    # ------------------------------------------------------------------ views

    def state_key(self) -> tuple[object, ...]:
        """Everything that determines the future of the game: equal keys, equal games."""
        return (self.phase, self.actor, tuple(self.hand), tuple(self.hand_n),
                tuple(tuple(m) for m in self.mats), tuple(tuple(p) for p in self.cua),
                self.noc_pos, self.live, self.entitled, self.may_pass, self.window_open,
                tuple(self.claims[self.claim_pos:]), tuple(self.record), self.outcome,
                self._taken_from, tuple(self.violations), self.last_drawer, self.verdict,
                self.settlement)

    def __repr__(self) -> str:
        return (f"<Game {self.players}p phase={self.phase.value} actor={self.actor} "
                f"events={len(self.record)} noc={self.noc_left}>")
