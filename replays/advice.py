"""The computer's view of one decision (issue 8): what it would play, why, and what each
other move is worth — "máy gợi ý X, bạn mất V" in the replay viewer.

The values are the computer player's own evaluation (engine.chan.ai, level ``ADVISER`` unless
asked otherwise: ``strong``, the best player — measured by duplicate evaluation, issue 15 —
whose one search both chooses and values, StrongPlayer.judge: a move that leads its choice by
less than the search can tell apart is a tie, so its choice is the best value and "value
lost" is 0 for it, never negative) on the deciding seat's observation only: advice never
peeks at another hand or at the nọc. Every advice says which player judged (``judge``,
"theo máy mạnh" / "by the strong player"). The strong player searches a fixed number of
worlds from a fixed seed (``reproducible_player``), so a position always gets the same advice
and a stored game's advice can be kept (``advice_json``, ``advice_from_json``: the replay
database's ``advice`` table, migration m005, under ``ADVICE_VERSION``).
A claim is a decision too: a seat with a pending ù or chíu, or the entitled
seat while others may still claim, is advised as if the claims ranked before it (R4.2) had
been let pass.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from engine import __version__ as ENGINE_VERSION
from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan.ai import reproducible_player
from engine.events import Declined, Event
from engine.game import Phase
from replays.errors import RecordError

ADVISERS = ("normal", "strong")  # the levels that play their best (beginner slips on purpose)
ADVISER = "strong"  # the level the review asks by default: the best player (issue 15)
JUDGES = {"normal": ("máy thường", "the normal player"),
          "strong": ("máy mạnh", "the strong player")}
SCALES = {  # what a value means, per judge
    "normal": ("cơ hội ù máy ước lượng sau nước đi, thang 0–100, đã trừ cái giá của lỗi",
               "the chance of ù the computer estimates after the move, 0–100, less the cost "
               "of a lỗi"),
    "strong": ("tỉ lệ thắng trong các ván mô phỏng (thang 0–100) cộng 10 cho mỗi điểm được "
               "trả (trừ khi phải trả), đã trừ cái giá của lỗi; nước rõ ràng thì máy không mô "
               "phỏng: cơ hội ù máy ước lượng, thang 0–100",
               "the share of simulated games won (0–100) plus 10 for each điểm paid to the "
               "seat (minus when it pays), less the cost of a lỗi; a clear decision is not "
               "simulated: the chance of ù the computer estimates, 0–100"),
}
ADVICE_SEED = 0  # the strong player's sampling: fixed, so the same position gets the same advice
# Kept advice is made again when this changes: bump it when an adviser plays or values
# differently, or the advice's JSON form changes (the engine's version is part of the key too).
ADVICE_REVISION = 2  # 2: values as chances, never below 0 (issue 20)
ADVICE_VERSION = f"{ENGINE_VERSION}+advice.{ADVICE_REVISION}"


class NoAdvice(RecordError, ValueError):
    """A question advice cannot answer: no decision for that seat, an action it may not take,
    a level that is not an adviser (English and Vietnamese)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The computer's view of one seat's decision."""

    seat: int
    best: Action
    best_value: float
    values: Mapping[Action, float]  # every legal action of the seat
    reason_vi: str  # why ``best`` (engine.chan.ai reasons: the engine's facts)
    reason_en: str
    judge: str = "normal"  # the level whose evaluation this is

    @property
    def judge_vi(self) -> str:
        """Who judged, in Vietnamese: "theo máy mạnh"."""
        return f"theo {JUDGES[self.judge][0]}"

    @property
    def judge_en(self) -> str:
        """Who judged, in English: "by the strong player"."""
        return f"by {JUDGES[self.judge][1]}"

    @property
    def scale_vi(self) -> str:
        """What the values mean, in Vietnamese."""
        return SCALES[self.judge][0]

    @property
    def scale_en(self) -> str:
        """What the values mean, in English."""
        return SCALES[self.judge][1]

    def lost(self, action: Action) -> float:
        """How much value ``action`` gives up against the best move (0 for the best; never
        negative: a lỗi the computer refuses to play costs its lỗi, shown by the analyzer,
        even when its value after the penalty comes out higher)."""
        action = as_choice(action)
        if action not in self.values:
            raise NoAdvice(f"{action} is not one of seat {self.seat}'s legal moves here",
                           f"{action} không phải nước đi hợp lệ của ghế {self.seat} lúc này")
        return max(0.0, self.best_value - self.values[action])

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its values as a plain dict (a mappingproxy does not pickle): advice
        is searched in the Worker's helper process (issue 20)."""
        return (_advice, (self.seat, self.best, self.best_value, dict(self.values),
                          self.reason_vi, self.reason_en, self.judge))


def _advice(seat: int, best: Action, best_value: float, values: dict[Action, float],
            reason_vi: str, reason_en: str, judge: str) -> Advice:
    return Advice(seat, best, best_value, MappingProxyType(values), reason_vi, reason_en, judge)


def advice_json(advice: Advice) -> dict[str, Any]:
    """The JSON form of an advice (actions in their text form), as the replay database keeps
    it (advice_from_json reads it back)."""
    return {"seat": advice.seat, "judge": advice.judge, "best": str(advice.best),
            "best_value": advice.best_value,
            "values": [[str(a), v] for a, v in advice.values.items()],
            "reason_vi": advice.reason_vi, "reason_en": advice.reason_en}


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{value!r} is not a value")
    try:
        number = float(value)
    except OverflowError:  # a whole number no float holds
        raise ValueError("a value too large") from None
    if not math.isfinite(number):
        raise ValueError(f"{value!r} is not a value")
    return number


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not text")
    return value


def advice_from_json(data: object, point: DecisionPoint, seat: int, judge: str) -> Advice:
    """Kept advice read back as untrusted input: the advice of ``seat``'s decision ``point``
    by ``judge``, or ValueError when ``data`` is anything else — not that form, another
    seat's or judge's, values for other moves than the decision's legal ones, a best move
    that is not the best value of its clean moves (an edited or damaged database)."""
    if not isinstance(data, dict):
        raise ValueError("kept advice is not a JSON object")
    if data.get("seat") != seat or data.get("judge") != judge or judge not in ADVISERS:
        raise ValueError("kept advice of another seat or judge")
    pairs = data.get("values")
    if not isinstance(pairs, list):
        raise ValueError("kept advice without values")
    values: dict[Action, float] = {}
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"{pair!r} is not a move and its value")
        values[Action.parse(_text(pair[0]))] = _number(pair[1])
    position = deciding(point.before, seat)
    if len(values) != len(pairs) or set(values) != set(position.legal_actions()):
        raise ValueError("kept advice values other moves than the decision's")
    best = Action.parse(_text(data.get("best")))
    best_value = _number(data.get("best_value"))
    clean = [v for a, v in values.items() if not position.faults_of(a)]
    if best not in values or values[best] != best_value or any(v > best_value for v in clean):
        raise ValueError("kept advice whose best move is not its best value")
    return Advice(seat=seat, best=best, best_value=best_value,
                  values=MappingProxyType(values), reason_vi=_text(data.get("reason_vi")),
                  reason_en=_text(data.get("reason_en")), judge=judge)


def as_choice(action: Action) -> Action:
    """The move as a seat chooses it: a recorded ``draw`` names the card it turned up, which
    the seat did not choose (the top of the nọc), so it is the plain ``draw``."""
    if action.act is Act.DRAW and action.card is not None:
        return Action(action.seat, Act.DRAW)
    return action


def deciding(game: Game, seat: int) -> Game:
    """The position in which ``seat`` decides: ``game`` itself when it is the actor; in a
    claim window (R4.2), a copy in which the claims ranked before it were let pass."""
    if game.actor == seat:
        return game
    if game.phase is Phase.CLAIM:
        claims = game.pending_claims()
        if any(c.seat == seat for c in claims) or seat == game.entitled:
            position = game.copy()
            while position.phase is Phase.CLAIM and position.actor not in (seat, None):
                position.apply(Action(position.actor, Act.DECLINE))
            if position.actor == seat:
                return position
    raise NoAdvice(f"seat {seat} has no decision to make at this point of the game",
                   f"ghế {seat} không có nước nào phải quyết định lúc này")


def advise(game: Game, seat: int | None = None, level: str | None = None) -> Advice:
    """The computer's advice to ``seat`` (default: the actor) at this point of ``game``, by
    ``level`` (default ``ADVISER``)."""
    level = ADVISER if level is None else level
    if level not in ADVISERS:
        raise NoAdvice(f"advice comes from the normal or strong player, not '{level}'",
                       f"lời khuyên lấy từ máy cấp normal hoặc strong, không phải '{level}'")
    if seat is None:
        if game.actor is None:
            raise NoAdvice("the game is over: there is no decision to advise",
                           "ván đã kết thúc: không còn nước nào để gợi ý")
        seat = game.actor
    obs = deciding(game, seat).observation(seat)
    decision, values = reproducible_player(level, ADVICE_SEED).judge(obs)  # one search
    return Advice(seat=seat, best=decision.action, best_value=values[decision.action],
                  values=MappingProxyType(dict(values)), reason_vi=decision.reason.vi,
                  reason_en=decision.reason.en, judge=level)


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One decision a seat made in a recorded game."""

    event: int  # the recorded event it made; for a claim let pass, the event that placed
    # the card (where the analyzer puts missed_u / missed_chiu)
    before: Game  # the game just before it, the seat to act (a copy: free to explore)
    action: Action  # what the seat did: the recorded action (a draw names its card: see
    # as_choice), or Act.DECLINE for a claim let pass
    nth: int = 0  # its order among the seat's decisions at ``event``: 1 for the ù on a card
    # the seat drew itself let pass after the draw (event, nth name it: kept advice)


def decision_points(game: Game, seat: int) -> list[DecisionPoint]:
    """Every decision ``seat`` made in a replayed game, in order: its recorded actions taken
    as the actor, and each claim (ù, chíu) it let pass — records never show those
    (FORMATS.md); the engine says which were let pass (its Declined events, R4.2)."""
    g = Game(game.deal, game.rules, game.mode, game.thong_seat)
    out: list[DecisionPoint] = []
    for i, action in enumerate(game.record):
        before = g.copy()
        events = g.apply(action)
        if action.act is not Act.DECLINE:  # an explicit decline is itself the decision
            _let_pass(before, events, seat, out)
        if before.actor == seat and action.seat == seat:
            out.append(DecisionPoint(i, before, action))
    if game.is_over:  # the nọc stop card let pass by everyone (Game.finish)
        _let_pass(g.copy(), g.copy().finish(), seat, out)
    seen: dict[int, int] = {}
    for i, point in enumerate(out):
        seen[point.event] = nth = seen.get(point.event, -1) + 1
        if nth:
            out[i] = replace(point, nth=nth)
    return out


def _let_pass(before: Game, events: list[Event], seat: int, out: list[DecisionPoint]) -> None:
    """Walk ``before`` through the claims the engine declined on the way to ``events``,
    noting those of ``seat`` (where it could have taken the card and did not)."""
    for e in events:
        if isinstance(e, Declined) and before.phase is Phase.CLAIM:
            if e.seat == seat:
                out.append(DecisionPoint(e.event, before.copy(), Action(seat, Act.DECLINE)))
            before.apply(Action(e.seat, Act.DECLINE))
