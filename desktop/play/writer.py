"""The hội's writes to replays.db, off the UI thread (issue 20).

A lock another program holds on replays.db makes SQLite wait its busy timeout (5 s) before it
gives up; a full or failing disk can be slow too. Every write of a game being played — a new
hội, a new game, each move — therefore runs on a Worker of its own with one thread, through a
connection of its own opened by the first job on that thread: the writes run one at a time, in
the order they were asked, and the window keeps drawing, ticking and answering meanwhile. The
hội (hoi.py) keeps the contract of issue 13 on top: a move counts as played only once its write
has committed, so nothing is shown, and no computer player moves, until then.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from desktop.qt import QObject
from desktop.worker import Job, Worker, one_thread_pool
from replays.store import Store

T = TypeVar("T")
CLOSE_WAIT_MS = 15_000  # closing waits for a write in flight (it may wait out a lock)


class StoreWriter(QObject):
    """Runs ``fn(store)`` for the hội, in order, on one thread with its own connection."""

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.worker = Worker(self, one_thread_pool(self))
        self.store: Store | None = None  # opened, used and closed on the writer's thread only

    def run(self, fn: Callable[[Store], T], done: Callable[[T], None],
            failed: Callable[[BaseException], None]) -> Job[T]:
        """Start ``fn(store)`` after the writes asked before it; ``done(result)`` or
        ``failed(error)`` follows on the UI thread."""

        def job() -> T:
            if self.store is None:
                self.store = Store.open(self.path)
            return fn(self.store)

        return self.worker.run(job, done, failed)

    def close(self) -> None:
        """The window is closing: finish the writes in flight, then close the connection on
        its own thread."""

        def shut() -> None:
            if self.store is not None:
                self.store.close()
                self.store = None

        self.worker.run(shut, lambda _: None, lambda _: None)
        self.worker.wait(CLOSE_WAIT_MS)
