"""The one helper for long work (STYLE: "Layers you can see"): run a function off the UI thread
and call back on the UI thread with its result or its error.

Computer thinking, hints, game analysis and opening the audio device all go through a Worker;
widgets never start threads of their own. A callback runs only while its Worker lives, so a
screen that is closed never hears from work it started.

`run` uses a thread of a pool: right for reading a database (SQLite lets go of Python's lock
while it reads) and for short work. `run_apart` runs a function in the Worker's helper
process instead, for a search that computes in Python for seconds: in a thread it would hold
Python's one lock, and the UI thread would wait for it many times a frame (stepping in the
viewer took 39 ms at p95 instead of 18 while the strong player searched the advice, issue
20). The helper process is one for the program, started when first needed; each Worker
gives it one job at a time, the newest first, and a job cancelled before it starts never
runs.

The Worker owns one signal carrier for all its jobs, created with it in the UI thread: nothing
per job is a QObject, so no Qt object is ever created or destroyed by a pool thread or while a
pool thread is still emitting through it.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

from desktop.qt import QObject, Qt, QThreadPool, Signal, Slot

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
        # queued even when emitted here: a job of the helper process may be done before its
        # callback is added, which then runs at once, inside the code that started the job
        queued = Qt.ConnectionType.QueuedConnection
        self._signals.done.connect(self._done, queued)
        self._signals.failed.connect(self._failed, queued)
        self._numbers = itertools.count(1)
        self._live: dict[int, Job[Any]] = {}
        self._apart: list[tuple[int, Callable[..., Any], tuple[Any, ...]]] = []  # waiting
        self._running: tuple[int, Future[Any]] | None = None  # the job in the process

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

    def run_apart(self, fn: Callable[..., T], args: tuple[Any, ...],
                  on_done: Callable[[T], None],
                  on_failed: Callable[[BaseException], None] | None = None) -> Job[T]:
        """Run `fn(*args)` in the helper process (see the module docstring); `on_done(result)`
        or `on_failed(error)` follows here. `fn` is a module-level function of a module that
        does not need Qt, and it, `args` and the result must pickle."""
        job: Job[T] = Job(on_done, on_failed)
        number = next(self._numbers)
        self._live[number] = job
        self._apart.append((number, fn, args))
        self._next_apart()
        return job

    def _next_apart(self) -> None:
        """Start the newest waiting job in the process when it is free."""
        while self._running is None and self._apart:
            number, fn, args = self._apart.pop()
            job = self._live.get(number)
            if job is None or job.cancelled:
                self._take(number)
                continue
            try:
                future = _submit(fn, args)
            except (RuntimeError, OSError) as error:  # no process could be started
                self._signals.failed.emit(number, error)  # said from the event loop
                continue
            self._running = (number, future)
            future.add_done_callback(functools.partial(_report, self._signals, number))

    def pending(self) -> int:
        """How many jobs will still call back."""
        return sum(not job.cancelled for job in self._live.values())

    def wait(self, msecs: int = 5000) -> bool:
        """Block until the pool is idle and the job in the helper process is done unless it
        was cancelled (shutdown and tests); True when they are. Jobs waiting for the process
        start only from the event loop."""
        running = self._running
        if running is not None and self._will_call_back(running[0]):
            done, _ = wait_futures([running[1]], msecs / 1000)
            if not done:
                return False
        return bool(self._pool.waitForDone(msecs))

    def _will_call_back(self, number: int) -> bool:
        """The job numbered ``number`` will still call back."""
        job = self._live.get(number)
        return job is not None and not job.cancelled

    def close(self) -> None:
        """Drop every job that has not called back (the window closing); the helper
        process finishes the job it runs and waits, idle, until the program ends."""
        for number, _, _ in self._apart:
            self._live.pop(number, None)
        self._apart.clear()
        for job in self._live.values():
            job.cancel()

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
        if self._running is not None and self._running[0] == number:
            self._running = None
            self._next_apart()
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
_HELPER: list[ProcessPoolExecutor] = []  # the helper process, once started


def _helper() -> ProcessPoolExecutor:
    if not _HELPER:
        # spawn: a fresh interpreter (forking a process that runs Qt threads is unsafe)
        _HELPER.append(ProcessPoolExecutor(max_workers=1,
                                           mp_context=multiprocessing.get_context("spawn")))
    return _HELPER[0]


def _submit(fn: Callable[..., T], args: tuple[Any, ...]) -> Future[T]:
    try:
        return _helper().submit(fn, *args)
    except BrokenProcessPool:  # the helper died (killed, out of memory): a new one
        _HELPER.pop().shutdown(wait=False, cancel_futures=True)
        return _helper().submit(fn, *args)


def _report(signals: _Signals, number: int, future: Future[Any]) -> None:
    """A job of the helper process is done (called in a thread of the executor)."""
    if future.cancelled():
        return
    error = future.exception()
    if error is not None:
        _emit(signals.failed, number, error)
    else:
        _emit(signals.done, number, future.result())


def _emit(signal: Any, number: int, value: object) -> None:
    """Emit from the pool thread; a Worker already gone (the program closing) is ignored."""
    with contextlib.suppress(RuntimeError):
        signal.emit(number, value)
