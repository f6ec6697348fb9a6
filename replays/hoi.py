"""What one game needs from its hội (RULES R9.2, R2.4, C2), so that it can be opened alone.

A game is rebuilt from its deal, its events and one fact of its hội: the seat that may call
thông in it (C2) — a Tổ tôm game also its pool and debts (TOTOM T8, T6.6), and the cái its
hội gives it (T2.4). The viewer also shows the hội's running totals before it (R9.2), and a hội
that goes on needs its next picker (R2.4). These are the ``HoiState`` before each game: the
store keeps it with every game (migration m004, ``hoi_state``), so opening game 10,000 of a
hội costs what opening game 1 does; when it is missing or unreadable the hội is replayed.

The state follows exactly what replaying the whole hội gives (replays.rebuild.replay_session
for the thông — a game that is not over breaks the chain —, and the engine ``Session`` of the
finished games for the totals and the picker, as desktop.play.resume.session_after keeps
them); tests/replays/test_hoi_snapshot.py checks them against each other.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import ChanError
from engine.game import Game
from engine.ruleset import DEFAULT_GAME
from engine.session import GameResult
from replays.errors import BadRecord, problem_of
from replays.games import record_game
from replays.rebuild import replay_game, start_game
from replays.record import Carried, GameRecord, SessionRecord

FORMAT = 1  # the "v" of a stored state
MAX_TEXT = 4096  # characters of a stored state: a five-seat Tổ tôm state is a few hundred


@dataclass(frozen=True, slots=True)
class HoiState:
    """The hội as a game starts: its totals so far, who may call thông, who picks next.

    A Tổ tôm hội keeps more (TOTOM T8, T6.6, T2.4): ``pool`` (None for Chắn), each seat's
    ``debts``, whether the hội has ``closed`` (T8.3), and whether the game before is of the
    same chain (``chained``: then the next cái is ``next_picker``, T2.4)."""

    totals: tuple[float, ...]  # the finished games' transfers summed per seat (R9.2)
    thong_seat: int | None  # C2: the seat whose win in this game is thông
    next_picker: int  # R2.4: the seat the hội gives the pick to (Tổ tôm: the next cái)
    first_picker: int  # the first game's picker (R2.4, after a game nobody picked)
    pool: float | None = None  # T8.1: the points pool (Tổ tôm)
    debts: tuple[int, ...] | None = None  # T6.6: ù owed per seat (Tổ tôm)
    closed: bool = False  # T8.3: the hội has ended
    chained: bool = False  # a finished game of the hội came just before (T2.4)

    def to_text(self) -> str:
        """The stored JSON text."""
        doc: dict[str, Any] = {"v": FORMAT, "totals": list(self.totals),
                               "thong_seat": self.thong_seat, "next_picker": self.next_picker,
                               "first_picker": self.first_picker}
        if self.pool is not None:  # a Chắn state's text stays as it was
            doc.update(pool=self.pool, debts=list(self.debts or ()), closed=self.closed,
                       chained=self.chained)
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object, players: int) -> HoiState | None:
        """A stored state, or None if it is missing or not one this version wrote for a hội
        of ``players`` seats (it is then rebuilt by replaying, never trusted)."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return None
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(doc, dict) or doc.get("v") != FORMAT:
            return None
        totals, thong = doc.get("totals"), doc.get("thong_seat")
        nxt, first = doc.get("next_picker"), doc.get("first_picker")
        if not isinstance(totals, list) or len(totals) != players or not all(
                _number(t) for t in totals):
            return None
        if not (thong is None or _seat(thong, players)) or not isinstance(nxt, int) \
                or not isinstance(first, int) or not _seat(nxt, players) \
                or not _seat(first, players):
            return None
        state = cls(tuple(float(t) for t in totals), thong, nxt, first)
        if "pool" not in doc:
            return state
        pool, debts = doc.get("pool"), doc.get("debts")
        closed, chained = doc.get("closed"), doc.get("chained")
        if not _number(pool) or not isinstance(debts, list) or len(debts) != players \
                or not all(_count(d) for d in debts) or not isinstance(closed, bool) \
                or not isinstance(chained, bool):
            return None
        assert isinstance(pool, int | float)
        return replace(state, pool=float(pool), debts=tuple(debts), closed=closed,
                       chained=chained)

    @property
    def carried(self) -> Carried | None:
        """What a game played in this state inherits beyond thông (Tổ tôm's pool and debts),
        as a one-game record carries it."""
        if self.pool is None:
            return None
        return Carried(self.pool, self.debts or (0,) * len(self.totals))


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and math.isfinite(value)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 31


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def first_state(players: int, thong_seat: int | None, first_picker: int | None,
                rules: Any = None, game: str = DEFAULT_GAME,
                carried: Carried | None = None) -> HoiState:
    """The state before a hội's first game: ``thong_seat`` is the one the hội carried in
    (sessions.thong_seat), ``first_picker`` the first deal's picker (Tổ tôm: its cái);
    ``rules``, ``game`` and ``carried``: what else the game's hội starts with (Tổ tôm's pool
    and debts)."""
    first = first_picker or 0
    state = HoiState((0.0,) * players, thong_seat, first, first)
    start = record_game(game).start_state(players, rules, carried)
    return replace(state, **start) if start else state


def after(state: HoiState, game: Game[Any], rules: Any, name: str = DEFAULT_GAME) -> HoiState:
    """The state after ``game`` (the game ``state`` came before, replayed): a finished game
    adds its transfers, gives the pick and maybe thông on; one that is not over adds nothing
    and breaks the thông chain."""
    return after_and_result(state, game, rules, name)[0]


def after_and_result(state: HoiState, game: Game[Any], rules: Any, name: str = DEFAULT_GAME
                     ) -> tuple[HoiState, GameResult | None]:
    """``after``, and what the game gave the hội (None for a game that is not over)."""
    if not game.is_over:
        return replace(state, thong_seat=None, chained=False), None
    kind = record_game(name)
    session = kind.session_at(state, rules)
    result = session.record(game)
    more = dict(kind.state_of(session))
    totals = more.pop("totals", None)  # a hội whose end changes them (Tổ tôm, T6.6)
    if totals is None:
        totals = tuple(t + a for t, a in zip(state.totals, result.transfers, strict=True))
    return HoiState(totals, session.thong_seat, kind.next_picker(session), state.first_picker,
                    **more), result


def record_states(record: SessionRecord, games: Iterable[GameRecord] | None = None
                  ) -> Iterator[tuple[HoiState, Game[Any], HoiState]]:
    """Replay a hội one game at a time (only one game held): each game's state before it,
    the game rebuilt, and the state after it; BadRecord at the first game that cannot be
    replayed. ``games``: the hội's games read one by one (default: ``record.games``)."""
    kind = record_game(record.game)
    state: HoiState | None = None
    for gi, g in enumerate(record.games if games is None else games):
        if state is None:
            state = first_state(len(record.players), record.thong_seat,
                                kind.first_picker(g.deal), record.rules, record.game,
                                record.carried)
        try:
            kind.check_state(state, g.deal)
            game = start_game(g, record.rules, state.thong_seat, record.game)
        except ChanError as e:
            raise BadRecord([problem_of(e, gi, None, "deal")]) from None
        replay_game(game, g.actions, gi, not g.unfinished)
        nxt = after(state, game, record.rules, record.game)
        yield state, game, nxt
        state = nxt


def states_of(record: SessionRecord, games: Sequence[Game[Any]]
              ) -> list[tuple[HoiState, HoiState]]:
    """The state before and after each game of a hội already replayed (``games``: one per
    game of ``record``, as replays.rebuild.replay_session rebuilt them)."""
    kind = record_game(record.game)
    state = first_state(len(record.players), record.thong_seat,
                        kind.first_picker(record.games[0].deal) if record.games else None,
                        record.rules, record.game, record.carried)
    out: list[tuple[HoiState, HoiState]] = []
    for game in games:
        nxt = after(state, game, record.rules, record.game)
        out.append((state, nxt))
        state = nxt
    return out


def one_game(record: SessionRecord, index: int, state: HoiState) -> SessionRecord:
    """The hội's header with game ``index`` alone, carrying the thông it is played with (and
    Tổ tôm's pool and debts): it replays and analyses exactly as that game does within its
    hội."""
    return replace(record, games=record.games[index:index + 1], thong_seat=state.thong_seat,
                   carried=state.carried)
