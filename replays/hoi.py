"""What one game needs from its hội (RULES R9.2, R2.4, C2), so that it can be opened alone.

A game is rebuilt from its deal, its events and one fact of its hội: the seat that may call
thông in it (C2). The viewer also shows the hội's running totals before it (R9.2), and a hội
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

from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from engine.chan import LangRules
from engine.errors import BadDeal
from replays.errors import BadRecord, problem_of
from replays.rebuild import replay_game, start_game
from replays.record import GameRecord, SessionRecord

FORMAT = 1  # the "v" of a stored state


@dataclass(frozen=True, slots=True)
class HoiState:
    """The hội as a game starts: its totals so far, who may call thông, who picks next."""

    totals: tuple[float, ...]  # the finished games' transfers summed per seat (R9.2)
    thong_seat: int | None  # C2: the seat whose win in this game is thông
    next_picker: int  # R2.4: the seat the hội gives the pick to
    first_picker: int  # the first game's picker (R2.4, after a game nobody picked)

    def to_text(self) -> str:
        """The stored JSON text."""
        return json.dumps({"v": FORMAT, "totals": list(self.totals),
                           "thong_seat": self.thong_seat, "next_picker": self.next_picker,
                           "first_picker": self.first_picker}, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object, players: int) -> HoiState | None:
        """A stored state, or None if it is missing or not one this version wrote for a hội
        of ``players`` seats (it is then rebuilt by replaying, never trusted)."""
        if not isinstance(text, str) or len(text) > 4096:
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
        return cls(tuple(float(t) for t in totals), thong, nxt, first)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and math.isfinite(value)


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def first_state(players: int, thong_seat: int | None, first_picker: int | None) -> HoiState:
    """The state before a hội's first game: ``thong_seat`` is the one the hội carried in
    (sessions.thong_seat), ``first_picker`` the first deal's picker."""
    first = first_picker or 0
    return HoiState((0.0,) * players, thong_seat, first, first)


def after(state: HoiState, game: Game, rules: LangRules) -> HoiState:
    """The state after ``game`` (the game ``state`` came before, replayed): a finished game
    adds its transfers, gives the pick and maybe thông on; one that is not over adds nothing
    and breaks the thông chain."""
    if not game.is_over:
        return replace(state, thong_seat=None)
    session = Session(len(state.totals), rules, first_picker=state.first_picker)
    result = session.record(game)
    totals = tuple(t + a for t, a in zip(state.totals, result.transfers, strict=True))
    return HoiState(totals, session.thong_seat, session.next_picker, state.first_picker)


def record_states(record: SessionRecord, games: Iterable[GameRecord] | None = None
                  ) -> Iterator[tuple[HoiState, Game, HoiState]]:
    """Replay a hội one game at a time (only one game held): each game's state before it,
    the game rebuilt, and the state after it; BadRecord at the first game that cannot be
    replayed. ``games``: the hội's games read one by one (default: ``record.games``)."""
    state: HoiState | None = None
    for gi, g in enumerate(record.games if games is None else games):
        if state is None:
            state = first_state(len(record.players), record.thong_seat, g.deal.picker)
        try:
            game = start_game(g, record.rules, state.thong_seat)
        except BadDeal as e:
            raise BadRecord([problem_of(e, gi, None, "deal")]) from None
        replay_game(game, g.actions, gi, not g.unfinished)
        nxt = after(state, game, record.rules)
        yield state, game, nxt
        state = nxt


def states_of(record: SessionRecord, games: Sequence[Game]) -> list[tuple[HoiState, HoiState]]:
    """The state before and after each game of a hội already replayed (``games``: one per
    game of ``record``, as replays.rebuild.replay_session rebuilt them)."""
    state = first_state(len(record.players), record.thong_seat,
                        record.games[0].deal.picker if record.games else None)
    out: list[tuple[HoiState, HoiState]] = []
    for game in games:
        nxt = after(state, game, record.rules)
        out.append((state, nxt))
        state = nxt
    return out


def one_game(record: SessionRecord, index: int, state: HoiState) -> SessionRecord:
    """The hội's header with game ``index`` alone, carrying the thông it is played with: it
    replays and analyses exactly as that game does within its hội."""
    return replace(record, games=record.games[index:index + 1], thong_seat=state.thong_seat)
