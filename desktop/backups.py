"""The learner's databases backed up while the program runs (issue 20, replays.backup): at
start, after each hội and at most every EVERY_MINUTES of play — each time only if something
changed — on the Worker, with connections of its own.

A backup that fails never stops anything: a full disk or a read-only folder is said once in
words (non-modal: play goes on) and on stderr; a library whose copy is not whole is damaged,
and that is passed on (``damaged``) for the offer to restore or salvage it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from desktop.i18n import pick
from desktop.qt import QMessageBox, QObject, Qt, QTimer, QWidget, Signal
from desktop.worker import Job, Worker
from replays.backup import EVERY_MINUTES, REPLAYS, Backup, BackupFailed, Contents, take
from replays.errors import DAMAGED
from replays.paths import data_dir as data_folder
from replays.paths import default_db


@dataclass(frozen=True, slots=True)
class Outcome:
    """One database's backup: the one taken (None: unchanged, or no such database) or why
    it failed."""

    db: Path
    backup: Backup | None
    failed: BackupFailed | None


def take_all(targets: tuple[tuple[Path, Contents], ...]) -> list[Outcome]:
    """Back up each database (on the Worker); a failure is kept, never raised."""
    outcomes = []
    for db, contents in targets:
        try:
            outcomes.append(Outcome(db, take(db, contents), None))
        except BackupFailed as e:
            outcomes.append(Outcome(db, None, e))
    return outcomes


def targets_of(data_dir: Path | None) -> tuple[tuple[Path, Contents], ...]:
    """replays.db and progress.db of the data folder, with what their backups check."""
    from lessons.progress_db import APPLICATION_ID, DB_NAME  # not on the way to the chiếu

    return ((default_db(data_dir), REPLAYS),
            (data_folder(data_dir) / DB_NAME, Contents(APPLICATION_ID, "answers")))


class Backups(QObject):
    """Backups of one data folder while a window is open."""

    damaged = Signal(object)  # BackupFailed: the library's copy was not whole
    done = Signal(object)  # list[Outcome], after each round (tests)

    def __init__(self, data_dir: Path | None, worker: Worker, parent: QWidget) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self.worker = worker
        self.window = parent
        self.timer = QTimer(self)
        self.timer.setInterval(EVERY_MINUTES * 60 * 1000)
        self.timer.timeout.connect(self.take)
        self._job: Job[list[Outcome]] | None = None
        self._again = False
        self._said: set[tuple[str, str]] = set()  # (database, cause) already said this run
        self.notice: QMessageBox | None = None
        self.taken: list[Backup] = []  # this run's backups, oldest first
        self.problems: list[BackupFailed] = []  # this run's failures, oldest first

    def start(self) -> None:
        """The backup at start, then one every EVERY_MINUTES when something changed."""
        self.take()
        self.timer.start()

    def take(self) -> None:
        """Back up now (after the round under way, if one is)."""
        if self._job is not None:
            self._again = True
            return
        targets = targets_of(self.data_dir)
        self._job = self.worker.run(lambda: take_all(targets), self._done, self._failed)

    @property
    def busy(self) -> bool:
        """A round of backups is under way."""
        return self._job is not None

    def stop(self) -> None:
        """No more backups (the window closes; a round under way finishes on its own)."""
        self.timer.stop()
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self._again = False

    def _done(self, outcomes: list[Outcome]) -> None:
        self._job = None
        for outcome in outcomes:
            if outcome.backup is not None:
                self.taken.append(outcome.backup)
            if outcome.failed is not None:
                self._report(outcome.db, outcome.failed)
        self.done.emit(outcomes)
        if self._again:
            self._again = False
            self.take()

    def _failed(self, error: BaseException) -> None:  # a bug in a backup: said, never raised
        self._job = None
        print(f"chan-tutor: backup: {error!r}", file=sys.stderr)

    def _report(self, db: Path, error: BackupFailed) -> None:
        self.problems.append(error)
        print(f"chan-tutor: {error.en}", file=sys.stderr)
        if error.cause == DAMAGED and db.name == default_db(self.data_dir).name:
            self.damaged.emit(error)
            return
        key = (db.name, error.cause)
        if key in self._said:
            return
        self._said.add(key)
        box = QMessageBox(QMessageBox.Icon.Warning, pick("Chưa sao lưu được", "Not backed up"),
                          pick(f"{error.vi}\n\nCác bản sao lưu trước vẫn được giữ nguyên; "
                               f"chương trình vẫn chạy bình thường và sẽ thử lại sau.",
                               f"{error.en}\n\nThe earlier backups are kept as they were; the "
                               f"program goes on as usual and will try again later."),
                          QMessageBox.StandardButton.Ok, self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setWindowModality(Qt.WindowModality.NonModal)  # said, never in the way of play:
        box.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)  # nor of its keys
        box.finished.connect(box.deleteLater)
        box.show()
        self.notice = box
