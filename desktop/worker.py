"""The one helper for long work (STYLE: "Layers you can see"): run a function off the UI thread
and call back on the UI thread with its result or its error.

Computer thinking, hints, game analysis and opening the audio device all go through a Worker;
widgets never start threads of their own. A callback runs only while its Worker lives, so a
screen that is closed never hears from work it started.

The Worker owns one signal carrier for all its jobs, created with it in the UI thread: nothing
per job is a QObject, so no Qt object is ever created or destroyed by a pool thread or while a
pool thread is still emitting through it.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from desktop.qt import QObject, QThreadPool, Signal, Slot

T = TypeVar("T")


class _Signals(QObject):
    """Carries (job number, result or error) from a pool thread to the UI thread (queued: the
    receiver, the Worker, lives there)."""

    done = Signal(int, object)
    failed = Signal(int, object)


class Job(Generic[T]):
    """One piece of work: cancel it to drop its callback."""

    def __init__(self, on_done: Callable[[T], None],
                 on_failed: Callable[[BaseException], None] | None) -> None:
        self.on_done = on_done
        self.on_failed = on_failed
        self.cancelled = False
        self.finished = False

    def cancel(self) -> None:
        """Its callbacks will not run (the function itself runs to its end)."""
        self.cancelled = True


class Worker(QObject):
    """Runs functions in a thread pool; calls back on the thread that owns the Worker."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._signals = _Signals(self)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)
        self._numbers = itertools.count(1)
        self._live: dict[int, Job[Any]] = {}

    def run(self, fn: Callable[[], T], on_done: Callable[[T], None],
            on_failed: Callable[[BaseException], None] | None = None) -> Job[T]:
        """Start `fn()` in the pool; `on_done(result)` or `on_failed(error)` follows here."""
        job: Job[T] = Job(on_done, on_failed)
        number = next(self._numbers)
        self._live[number] = job
        signals = self._signals

        def task() -> None:
            try:
                result = fn()
            except BaseException as error:  # reported to on_failed, never lost in the pool
                _emit(signals.failed, number, error)
            else:
                _emit(signals.done, number, result)

        self._pool.start(task)
        return job

    def pending(self) -> int:
        """How many jobs have not called back yet."""
        return len(self._live)

    def wait(self, msecs: int = 5000) -> bool:
        """Block until the pool is idle (shutdown and tests); True when it is."""
        return bool(self._pool.waitForDone(msecs))

    @Slot(int, object)
    def _done(self, number: int, result: object) -> None:
        job = self._take(number)
        if job is not None:
            job.on_done(result)

    @Slot(int, object)
    def _failed(self, number: int, error: object) -> None:
        job = self._take(number)
        if job is None:
            return
        assert isinstance(error, BaseException)
        if job.on_failed is None:
            raise error
        job.on_failed(error)

    def _take(self, number: int) -> Job[Any] | None:
        job = self._live.pop(number, None)
        if job is None:
            return None
        job.finished = True
        return None if job.cancelled else job


def one_thread_pool(parent: QObject) -> QThreadPool:
    """A pool of one thread that never expires, for a Worker whose jobs must run one after
    another, in order, on the same thread: a SQLite connection opened by one of its jobs serves
    the next (a connection belongs to the thread that made it)."""
    pool = QThreadPool(parent)
    pool.setMaxThreadCount(1)
    pool.setExpiryTimeout(-1)
    return pool


def _emit(signal: Any, number: int, value: object) -> None:
    """Emit from the pool thread; a Worker already gone (the program closing) is ignored."""
    with contextlib.suppress(RuntimeError):
        signal.emit(number, value)
