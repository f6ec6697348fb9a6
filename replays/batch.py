"""Batch analysis of the library (issue 8): every finished game not yet analysed by this
engine version under its own rules, in the background, with progress and cancel.

Each session (hội) is replayed once, in order (its games carry thông, C2); each game's
document is cached — with its annotation counts — the moment the replay has moved past it,
one commit per game, so a cancel or a crash keeps everything already done. A game the engine
cannot replay is reported in ``failed`` with the store's own message, never fatal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.game import Game
from engine.session import GameResult
from replays.errors import BadRecord
from replays.games import Doc, GameWatcher, record_game
from replays.library import current_counts
from replays.rebuild import replay_session
from replays.record import Carried, SessionRecord
from replays.store import Store, rules_key


@dataclass(frozen=True, slots=True)
class BatchResult:
    """How a batch went: games to analyse, analysed (and cached), failed, and whether it was
    cancelled before the end."""

    total: int
    done: int
    failed: tuple[tuple[int, str], ...]  # (game id, the problem in English and Vietnamese)
    cancelled: bool


class _Cancelled(Exception):
    """Raised inside a replay to stop it between two games."""


class _Seen:
    """The teaching notes of one game (its game's watcher, replays.games), keeping hold of
    the game they watch."""

    __slots__ = ("game", "inner")

    def __init__(self, inner: GameWatcher) -> None:
        self.inner = inner
        self.game: Game[Any] | None = None

    @property
    def items(self) -> list[Doc]:
        """The notes collected."""
        return self.inner.items

    def before(self, game: Game[Any], index: int, action: Action[Any]) -> None:
        self.game = game
        self.inner.before(game, index, action)

    def after(self, game: Game[Any], index: int, action: Action[Any], events: list[Any]) -> None:
        self.inner.after(game, index, action, events)


@dataclass(slots=True)
class _Run:
    """The progress of one batch, and the callbacks it reports to."""

    store: Store
    total: int
    progress: Callable[[int, int], None] | None
    cancelled: Callable[[], bool] | None
    done: int = 0
    failed: list[tuple[int, str]] = field(default_factory=list)

    def stop(self) -> bool:
        return self.cancelled is not None and self.cancelled()

    def tick(self) -> None:
        if self.progress is not None:
            self.progress(self.done + len(self.failed), self.total)

    def cache(self, game_id: int, key: str, doc: dict[str, object]) -> None:
        self.store.cache_analysis(game_id, key, doc)
        self.done += 1
        self.tick()

    def one_by_one(self, game_id: int) -> None:
        """The store's own analysis of one game: caches it, or says why it cannot."""
        try:
            self.store.analysis(game_id)
        except BadRecord as e:
            self.failed.append((game_id, str(e)))
            self.tick()
            return
        self.done += 1
        self.tick()


def pending_games(store: Store, game_ids: Sequence[int] | None = None) -> list[int]:
    """Finished games (of ``game_ids``, or all) with no analysis cached for this engine
    version under their own rules, oldest first."""
    # the counts, not the documents: a document m003 could not count (edited by hand) is
    # analysed again, or the library would list its game as "not analysed" for ever
    cached = current_counts(store)
    wanted = None if game_ids is None else set(game_ids)
    return [gid for (gid,) in store.db.execute(
                "SELECT id FROM games WHERE status = 'over' ORDER BY id")
            if (wanted is None or gid in wanted) and gid not in cached]


class _Session:
    """One session replayed once: each wanted game (position → id) is cached as soon as the
    replay has moved past it. A bad game and every game after it (its thông chain, C2, is
    broken) are left for ``one_by_one``, which gives the store's message."""

    def __init__(self, run: _Run, record: SessionRecord, wanted: dict[int, int]) -> None:
        self.run = run
        self.record = record
        self.wanted = wanted
        self.key = rules_key(record.rules)
        self.kind = record_game(record.game)
        self.watchers: dict[int, _Seen] = {}
        self.facts: dict[int, tuple[Carried | None, GameResult | None]] = {}
        self.cached: set[int] = set()
        self.next = 0  # the first game not yet given
        self.broken = False

    def replay(self) -> set[int]:
        """Replay and cache; the ids cached."""
        with suppress(BadRecord):  # the bad game is found again by one_by_one
            replay_session(self.record, watch=self.watch, done=self.done)
        self.give_upto(len(self.record.games))
        return self.cached

    def watch(self, pos: int) -> _Seen:
        """Called as game ``pos`` starts: the games before it are complete."""
        self.give_upto(pos)
        if self.run.stop():
            raise _Cancelled
        self.watchers[pos] = _Seen(self.kind.notes())
        return self.watchers[pos]

    def done(self, pos: int, game: Game[Any], before: Carried | None,
             result: GameResult | None) -> None:
        """What game ``pos`` inherited from its hội and gave it (Tổ tôm's pool and debts)."""
        self.facts[pos] = (before, result)

    def give_upto(self, stop: int) -> None:
        while self.next < stop and not self.broken:
            pos = self.next
            seen = self.watchers.pop(pos, None)
            if not self.record.games[pos].actions and pos not in self.wanted:
                self.next = pos + 1  # a game abandoned before its first event
                continue
            game = None if seen is None else seen.game
            if seen is None or game is None or len(game.record) != len(
                    self.record.games[pos].actions):
                self.broken = True
                return
            if pos in self.wanted:
                gid = self.wanted[pos]
                before, result = self.facts.get(pos, (None, None))
                self.run.cache(gid, self.key,
                               self.kind.document(pos, game, seen.items, before, result))
                self.cached.add(gid)
            self.next = pos + 1


def analyze_library(db_path: Path, game_ids: Sequence[int] | None = None,
                    progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> BatchResult:
    """Analyse and cache every finished game not yet analysed (or only ``game_ids``), on a
    Store of its own (it runs on a worker thread); ``progress(processed, total)`` after each
    game, ``cancelled()`` asked between games."""
    with Store.open(Path(db_path)) as store:
        todo = pending_games(store, game_ids)
        run = _Run(store, len(todo), progress, cancelled)
        by_session: dict[int, dict[int, int]] = {}
        for gid in todo:
            sid, pos = store.locate(gid)
            by_session.setdefault(sid, {})[pos] = gid
        try:
            for sid, wanted in sorted(by_session.items()):
                if run.stop():
                    raise _Cancelled
                try:
                    record = store.session(sid, max(wanted))
                except BadRecord:
                    record = None  # an edited row: each game fails with its own message
                cached = set() if record is None else _Session(run, record, wanted).replay()
                for _, gid in sorted(wanted.items()):
                    if gid not in cached:
                        if run.stop():
                            raise _Cancelled
                        run.one_by_one(gid)
        except _Cancelled:
            return BatchResult(run.total, run.done, tuple(run.failed), True)
    return BatchResult(run.total, run.done, tuple(run.failed), False)
