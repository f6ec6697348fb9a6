"""Học's use of progress.db, off the UI thread (issue 20).

An answer is graded and shown at once; its record waits here (``Pending``) until a job on the
Worker has committed it. Jobs run one at a time, in order, each with a connection of its own
opened and closed inside the job, so nothing holds the file between them: the answers waiting
are written first, one transaction each, then whatever the job was asked to read. The UI
thread never opens, reads or writes the database, so a lock held by another program, a full
disk or a disk turned read-only never freezes the window.

A write that fails loses nothing: the answers stay here, in order, the failure is said
(``failure``: why, in both languages) and they are written on ``retry`` or with the next
answer. Rows a job finds damaged (lessons/progress_rows.py) are said once: ``damaged_found``
carries the ones not said before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from desktop.qt import QObject, Signal
from desktop.worker import Worker
from lessons.item import JSON, Grade, Item, LessonError, Text
from lessons.progress import Damaged, Progress
from replays.errors import RecordError, cause_at, database_error, write_cause


@dataclass(frozen=True, slots=True)
class Pending:
    """An answer graded and shown, to be recorded (``at``: when it was given)."""

    item: Item
    grade: Grade
    response: JSON
    elapsed_ms: int
    at: datetime
    deck: str


@dataclass(slots=True)
class Read:
    """A read asked of the queue: ``fn(progress)`` in a job, then ``done`` or ``failed`` on
    the UI thread — unless cancelled first."""

    fn: Callable[[Progress], Any]
    done: Callable[[Any], None]
    failed: Callable[[BaseException], None] | None
    cancelled: bool = False

    def cancel(self) -> None:
        """Its callbacks will not run."""
        self.cancelled = True


@dataclass(slots=True)
class Outcome:
    """What one job did: answers written before any failure, why the next one could not be,
    the read's result or error, and every damaged row met."""

    written: int = 0
    error: BaseException | None = None
    result: Any = None
    read_error: BaseException | None = None
    damaged: list[Damaged] = field(default_factory=list)


def run_job(path: Path, answers: list[Pending], read: Callable[[Progress], Any] | None,
            check: bool, known: list[Damaged] | None = None) -> Outcome:
    """One job (on the Worker): open, write ``answers`` in order, read, close. ``check``
    reads every row first (the first job); ``known``: the damaged rows found before, so that
    what is read leaves them aside without reading them again."""
    out = Outcome()
    try:
        progress = Progress.open(path)
    except Exception as error:  # a FIFO, a damaged or newer file, a lock, a full disk
        out.error = error if answers else None
        out.read_error = error
        return out
    with progress:
        for bad in known or ():
            progress.damaged.setdefault((bad.table, bad.key), bad)
        if check:  # what could not be read at all is not said to be damaged
            with suppress(sqlite3.Error):
                progress.check()
        for pending in answers:
            try:
                progress.record(pending.item, pending.grade, pending.response,
                                elapsed_ms=pending.elapsed_ms, now=pending.at,
                                deck=pending.deck)
            except Exception as error:  # locked, full, read-only: kept for the next try
                out.error = error
                break
            out.written += 1
        if read is not None:
            try:
                out.result = read(progress)
            except Exception as error:
                out.read_error = error
        out.damaged = list(progress.damaged.values())
    return out


def failure_words(error: BaseException, path: Path) -> Text:
    """Why progress.db could not be used, in both languages: the real cause (a lock, a full
    disk, a disk turned read-only, a FIFO in the file's place), never a traceback."""
    if isinstance(error, LessonError | RecordError):
        return Text(error.vi, error.en)
    if isinstance(error, sqlite3.Error):
        en, vi = write_cause(error, path)
        return Text(vi, en)
    said = database_error(path.name, error, cause_at(error, path))
    return Text(said.vi, said.en)


class ProgressQueue(QObject):
    """See the module docstring."""

    changed = Signal()  # the answers waiting or the failure changed
    damaged_found = Signal(object)  # list[Damaged]: rows not said before

    def __init__(self, path: Path, worker: Worker, parent: QObject | None = None,
                 read_only: bool = False) -> None:
        super().__init__(parent)
        self.path = path
        # another program writes the data folder (desktop.instance): answers are graded and
        # shown, never recorded — the window's read-only bar says so once
        self.read_only = read_only
        self.worker = worker
        self.waiting: list[Pending] = []
        self.failure: Text | None = None  # why the answers waiting could not be written
        self.said: dict[tuple[str, str], Damaged] = {}  # every damaged row found
        self._reads: list[Read] = []
        self._running = False
        self._retry = False  # write again even though the last write failed
        self._checked = False  # the whole file was read once for damaged rows
        self._closed = False

    @property
    def unsaved(self) -> int:
        """Answers given and shown but not in progress.db yet."""
        return len(self.waiting)

    @property
    def idle(self) -> bool:
        """No job running or waiting (tests wait for this)."""
        return not self._running and not self._reads and (
            not self.waiting or self.failure is not None)

    def record(self, pending: Pending) -> None:
        """Keep an answer and write it (and any answer a failure left) now."""
        if self.read_only:
            return
        self.waiting.append(pending)
        self._retry = True
        self.changed.emit()
        self._pump()

    def retry(self) -> None:
        """Write the answers a failure left (Ctrl+S, the bar's button)."""
        if self.waiting:
            self._retry = True
            self._pump()

    def read(self, fn: Callable[[Progress], Any], done: Callable[[Any], None],
             failed: Callable[[BaseException], None] | None = None) -> Read:
        """Run ``fn(progress)`` after the answers waiting; ``done(result)`` or
        ``failed(error)`` on the UI thread."""
        request = Read(fn, done, failed)
        self._reads.append(request)
        self._pump()
        return request

    def report(self, damaged: list[Damaged]) -> None:
        """Damaged rows another connection met (a round prepared on the Worker): said once."""
        new = [d for d in damaged if (d.table, d.key) not in self.said]
        self.said.update(((d.table, d.key), d) for d in new)
        if new and not self._closed:
            self.damaged_found.emit(new)

    def close(self) -> None:
        """The screen is closing: no new job, and no callback of a read."""
        self._closed = True
        for request in self._reads:
            request.cancel()
        self._reads = []

    def _pump(self) -> None:
        """Start the next job if none is running."""
        if self._running or self._closed:
            return
        self._reads = [r for r in self._reads if not r.cancelled]
        write = bool(self.waiting) and (self.failure is None or self._retry)
        if not write and not self._reads:
            return
        request = self._reads.pop(0) if self._reads else None
        answers = list(self.waiting) if write else []
        check, self._checked = not self._checked, True
        self._retry = False
        self._running = True
        path, fn, known = self.path, None if request is None else request.fn, \
            list(self.said.values())
        self.worker.run(lambda: run_job(path, answers, fn, check, known),
                        lambda out: self._finished(out, answers, request),
                        lambda error: self._finished(Outcome(error=error if answers else None,
                                                             read_error=error),
                                                     answers, request))

    def _finished(self, out: Outcome, answers: list[Pending], request: Read | None) -> None:
        self._running = False
        if answers:
            del self.waiting[:out.written]
            before = self.failure
            self.failure = None if out.error is None else failure_words(out.error, self.path)
            if self.failure != before or out.written:
                self.changed.emit()
        self.report(out.damaged)
        if request is not None and not request.cancelled:
            if out.read_error is None:
                request.done(out.result)
            elif request.failed is not None:
                request.failed(out.read_error)
        self._pump()
