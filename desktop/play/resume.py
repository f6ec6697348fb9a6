"""Continuing a hội from the store: which interrupted game to offer, and the hội's state
(totals, next picker, thông) before it — kept with the game by the store (replays.hoi),
or rebuilt by the engine from the recorded games.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from replays.chan_game import chan_only
from replays.errors import BadRecord
from replays.rebuild import replay_session
from replays.record import SessionRecord, human_seat
from replays.store import Store


def session_after(record: SessionRecord, games: Iterable[Game]) -> Session:
    """The engine Session of `record` once the finished ones of `games` — its replayed
    games — are recorded (R9.2)."""
    first = record.games[0].deal.picker if record.games else None
    session = Session(len(record.players), record.rules, first_picker=first or 0)
    for game in games:
        if game.is_over:
            session.record(game)
    return session


def session_before(record: SessionRecord, position: int) -> Session:
    """The engine Session after the finished games that precede `position` (R9.2)."""
    earlier = SessionRecord(record.rules, record.players, record.games[:position],
                            record.thong_seat, record.created_at)
    try:
        games = tuple(chan_only(g) for g in replay_session(earlier).games)
    except BadRecord:  # an edited database: totals restart, the game itself still resumes
        games = ()
    return session_after(record, games)


def session_at(store: Store, game_id: int) -> Session:
    """The engine Session before a game of the store, from the hội's state kept with it
    (replays.hoi: its totals and first picker, R9.2, R2.4; the earlier games are not replayed
    unless that state is missing, issue 13); when the hội cannot be replayed, as
    ``session_before``. The next picker and thông follow from the game once it is recorded."""
    session_id, position = store.locate(game_id)
    header = store.session(session_id, upto=-1)
    try:
        state = store.hoi_state(game_id)
    except BadRecord:  # an edited database: totals restart, the game itself still resumes
        return session_before(store.session(session_id, position), position)
    return Session(len(header.players), header.rules, first_picker=state.first_picker,
                   totals=list(state.totals))


def offerable_game(store: Store, skip: Iterable[int] = (), game: str | None = None
                   ) -> int | None:
    """The newest interrupted game the learner played (a hội with a human seat — seat 0, or
    the seat a "play on from here" branch gave the learner), not skipped; ``game``: only a
    game of that ruleset ("chan", "to_tom"; issue 23)."""
    skipped = set(skip)
    for game_id in reversed(store.unfinished_games()):
        if game_id in skipped:
            continue
        try:
            session_id, _ = store.locate(game_id)
            header = store.session(session_id, upto=-1)
        except (KeyError, BadRecord):
            continue
        if human_seat(header.players) is not None and game in (None, header.game):
            return game_id
    return None


def game_kind(store: Store, game_id: int) -> str:
    """Which game a stored game is ("chan" or "to_tom"); KeyError or BadRecord as the store
    says."""
    session_id, _ = store.locate(game_id)
    return store.session(session_id, upto=-1).game
