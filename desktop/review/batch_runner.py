"""Batch analysis of the whole library in the background (replays.batch.analyze_library on
the Worker, with its own database connection), reporting progress on the UI thread and
cancelled between games — what is done stays cached (issue 8).
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import Any

from desktop.qt import QObject, Signal
from desktop.worker import Job, Worker
from replays.batch import BatchResult, analyze_library


class BatchRunner(QObject):
    """One batch at a time; `progress(done, total)`, then `finished(BatchResult)` or
    `failed(error)`."""

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(object)
    _ticked = Signal(int, int)  # emitted in the pool thread, received here (queued)

    def __init__(self, worker: Worker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self._job: Job[BatchResult] | None = None
        self._stop = threading.Event()
        self._ticked.connect(self._tick)
        self.done = 0
        self.total = 0

    @property
    def running(self) -> bool:
        """A batch is under way (or cancelling)."""
        return self._job is not None

    def start(self, db_path: Path) -> bool:
        """Analyse every finished game not analysed yet; False if a batch already runs."""
        if self._job is not None:
            return False
        self._stop = threading.Event()
        stop = self._stop
        ticked = self._ticked
        self.done = self.total = 0
        self._job = self.worker.run(
            lambda: analyze_library(db_path, progress=lambda d, t: _emit(ticked, d, t),
                                    cancelled=stop.is_set),
            self._finished, self._failed)
        return True

    def cancel(self) -> None:
        """Stop after the game being analysed (it and every earlier one stay cached)."""
        self._stop.set()

    @property
    def cancelling(self) -> bool:
        """Cancel was asked and the batch has not stopped yet."""
        return self._job is not None and self._stop.is_set()

    def _tick(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self._job is not None:
            self.progress.emit(done, total)

    def _finished(self, result: BatchResult) -> None:
        self._job = None
        self.finished.emit(result)

    def _failed(self, error: BaseException) -> None:
        self._job = None
        self.failed.emit(error)

    def shutdown(self) -> None:
        """Stop the batch (the window closes); its callbacks are dropped."""
        self._stop.set()
        if self._job is not None:
            self._job.cancel()
            self._job = None


def _emit(signal: Any, done: int, total: int) -> None:
    """From the pool thread; a runner already gone (the program closing) is ignored."""
    with contextlib.suppress(RuntimeError):
        signal.emit(done, total)
