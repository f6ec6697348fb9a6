"""One program per data folder (issue 20): the first takes the folder's lock and writes; a
second is offered the library read-only.

Two programs playing on one library both believe they own the game they resume, and the
loser of each write race was told its move was kept. The lock is a file beside the data
(``chan-tutor.lock``, Qt's QLockFile: it records the holder's process and is taken over when
that process no longer runs, so a program killed with -9 never locks the folder for good).
The command-line verbs take no lock: each of their writes is one SQLite transaction, safe
beside a running program.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from desktop.qt import QLockFile

LOCK_NAME = "chan-tutor.lock"


@dataclass(frozen=True, slots=True)
class Holder:
    """The program that holds a data folder: its process id and host (0 and "" if the lock
    file could not be read)."""

    pid: int
    host: str


class FolderLock:
    """The lock of one data folder, held from ``acquire`` until ``release`` (or exit)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        self.held = False

    def acquire(self) -> Holder | None:
        """Take the lock; None when it is ours now (or cannot be made at all: a read-only or
        missing folder is then said by the database itself), else who holds it."""
        if self._lock.tryLock(0):
            self.held = True
            return None
        if self._lock.error() != QLockFile.LockError.LockFailedError:
            return None  # no lock file can be made here: nobody else can take one either
        info = self._lock.getLockInfo()
        if isinstance(info, tuple) and len(info) >= 2:
            try:
                return Holder(int(info[0]), str(info[1]))
            except (TypeError, ValueError):
                pass
        return Holder(0, "")

    def release(self) -> None:
        """Let another program take the folder."""
        if self.held:
            self._lock.unlock()
            self.held = False
