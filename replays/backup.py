"""Backups of the learner's databases, as Anki keeps them (issue 20).

A backup is a whole copy of ``replays.db`` (or ``progress.db``) made through SQLite's online
backup API from a connection of its own — never by reading the file, which this process may
hold open: closing any descriptor of it would drop the process's POSIX locks and let another
program corrupt it (SQLite, "How To Corrupt", 2.2). The copy is written under a temporary
name in the data folder's ``backups/``, checked (``PRAGMA quick_check``), and only then
renamed to its own name, the time it was taken (UTC): ``replays-20260322T141503Z.db``. A
backup that fails (a full disk, a read-only folder, a damaged library) leaves nothing behind
and never removes an older one; the oldest are pruned only once a new one is good.

Backups are taken only when the database changed since the newest (its tables' row counts
differ), so starting the program ten times does not push out ten older backups. ``KEEP``
are kept: with backups at start, after each hội and at most every ``EVERY_MINUTES`` of play,
ten reach back over two hours of play or ten sittings; each new one is checked, so the newest
is never a damaged copy. Older ones only matter for a loss SQLite cannot see — a library
emptied or shrunk by a failing disk — and those are guarded otherwise: a backup holding more
games than the newest is never pruned (the library never deletes a game, so fewer games
means games were lost, and the backup that still has them stays).
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from replays.database import BUSY_MS
from replays.errors import DAMAGED, PERMISSION, DatabaseProblem, cause_of, database_error
from replays.migrations import APPLICATION_ID

FOLDER = "backups"  # in the data folder, beside the databases
KEEP = 10  # backups kept per database (see the module's docstring for why ten)
EVERY_MINUTES = 15  # during play, a backup at most this often (when something changed)
STALE_SECONDS = 3600  # a temporary file this old is a backup that was killed midway
SIDES = ("-journal", "-wal", "-shm")  # the files SQLite may keep beside a database


@dataclass(frozen=True, slots=True)
class Contents:
    """What the backups of one database check: whose it is (``PRAGMA application_id``) and
    the table whose rows say how much it holds."""

    application_id: int
    counted: str


REPLAYS = Contents(APPLICATION_ID, "games")


@dataclass(frozen=True, slots=True)
class Backup:
    """One backup file of a database and when it was taken."""

    path: Path
    taken: datetime  # UTC, from the name
    number: int = 0  # a second backup in the same second is ``-1``, ``-2``, ...

    def local_time(self) -> str:
        """When it was taken, in local time, to the minute."""
        return self.taken.astimezone().strftime("%Y-%m-%d %H:%M")


class BackupFailed(DatabaseProblem):
    """A backup (or a restore from one) could not be made: what, why (``cause``) and where,
    in both languages. Nothing was removed."""


def folder_of(db: Path) -> Path:
    """The backups folder beside a database (``backups/`` of the data folder)."""
    return db.parent / FOLDER


def _pattern(db: Path) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(db.stem)}-(\d{{8}}T\d{{6}})Z(?:-(\d+))?\.db")


def backups(db: Path) -> list[Backup]:
    """The backups of ``db`` in its backups folder, newest first (only regular files named as
    a backup is named; nothing is opened)."""
    pattern = _pattern(db)
    found: list[Backup] = []
    try:
        entries = list(os.scandir(folder_of(db)))
    except OSError:  # no folder yet, or one we may not read: no backups to offer
        return []
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        try:
            regular = entry.is_file(follow_symlinks=False)
        except OSError:
            continue
        if match is None or not regular:
            continue
        try:
            taken = datetime.strptime(match[1], "%Y%m%dT%H%M%S").replace(tzinfo=UTC)
        except ValueError:  # 20261399T…: named like one, but no time
            continue
        found.append(Backup(Path(entry.path), taken, int(match[2] or 0)))
    return sorted(found, key=lambda b: (b.taken, b.number), reverse=True)


def _uri(path: Path, mode: str) -> str:
    return f"{path.resolve().as_uri()}?mode={mode}"


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    return sqlite3.connect(_uri(path, mode), uri=True, timeout=BUSY_MS / 1000)


def connect_live(db: Path) -> sqlite3.Connection:
    """A connection of its own to a database in use: it takes part in SQLite's locking like
    any other (the process's own connections included) and never creates a missing file."""
    return _connect(db, "rw")


def connect_kept(path: Path) -> sqlite3.Connection:
    """A read-only connection to a backup, a file no one writes: nothing is made beside it."""
    return _connect(path, "ro&immutable=1")


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def row_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """The rows of every table of a database (what says whether it changed)."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {n: int(conn.execute(f"SELECT COUNT(*) FROM {_quote(n)}").fetchone()[0])
            for n in sorted(names)}


def check(conn: sqlite3.Connection, contents: Contents) -> str | None:
    """What is wrong with a database as a copy of ``contents`` (SQLite's quick_check, its
    mark, its counted table), or None when it is whole."""
    verdict = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
    if verdict != ["ok"]:
        return "; ".join(verdict[:3])
    if conn.execute("PRAGMA application_id").fetchone()[0] != contents.application_id:
        return "not a chan-tutor database of this kind"
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                    (contents.counted,)).fetchone() is None:
        return f"no {contents.counted} table"
    return None


def held(backup: Backup, contents: Contents) -> int | None:
    """How many rows of its counted table a backup holds if it is whole (checked again:
    a disk may have damaged it since), else None."""
    try:
        with closing(connect_kept(backup.path)) as conn:
            if check(conn, contents) is not None:
                return None
            return int(conn.execute(
                f"SELECT COUNT(*) FROM {_quote(contents.counted)}").fetchone()[0])
    except sqlite3.Error:
        return None


def newest_good(db: Path, contents: Contents = REPLAYS) -> tuple[Backup, int] | None:
    """The newest backup of ``db`` that is whole, and the rows of its counted table (how
    many games it brings back); None when there is none."""
    for backup in backups(db):
        rows = held(backup, contents)
        if rows is not None:
            return backup, rows
    return None


def _counts_of(backup: Backup) -> dict[str, int] | None:
    try:
        with closing(connect_kept(backup.path)) as conn:
            return row_counts(conn)
    except sqlite3.Error:
        return None


def _failed(db: Path, what_en: str, what_vi: str, error: BaseException,
            cause: str | None = None) -> BackupFailed:
    said = database_error("", error, cause)
    assert isinstance(said, DatabaseProblem)
    return BackupFailed(f"{db.name}: {what_en}: {said.en}", f"{db.name}: {what_vi}: {said.vi}",
                        said.cause)


def _remove(path: Path) -> None:
    """A file of ours that is not (or no longer) a backup, with SQLite's files beside it."""
    for p in (path, *(path.with_name(path.name + s) for s in SIDES)):
        with suppress(OSError):
            p.unlink()


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_stale(folder: Path, stem: str) -> None:
    """Remove the temporary files of backups (or repairs) killed midway (older than an hour: another
    program's backup under way is never touched)."""
    now = time.time()
    with suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(f".{stem}-") and entry.name.endswith(".tmp"):
                with suppress(OSError):
                    if now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                        _remove(Path(entry.path))


def _free_name(folder: Path, stem: str, now: datetime) -> tuple[Path, datetime, int]:
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    taken = datetime.strptime(stamp, "%Y%m%dT%H%M%S").replace(tzinfo=UTC)
    number = 0
    while True:
        name = f"{stem}-{stamp}Z{f'-{number}' if number else ''}.db"
        if not (folder / name).exists():
            return folder / name, taken, number
        number += 1


@contextmanager
def scratch(folder: Path, stem: str) -> Iterator[Path]:
    """A temporary file name in ``folder`` (hidden, never taken for a backup); whatever is
    still at that name when the block ends (not renamed: a failure) is removed, with SQLite's
    files beside it."""
    tmp = folder / f".{stem}-{os.getpid()}-{time.monotonic_ns()}.tmp"
    try:
        yield tmp
    finally:
        _remove(tmp)


def copy_database(source: sqlite3.Connection, target: Path, contents: Contents) -> int:
    """Copy a database through the backup API into the new file ``target``, made
    self-contained (a rollback journal: nothing beside it to lose) and checked; the rows of
    its counted table. NotWhole if the copy is not whole (the source is damaged)."""
    with closing(sqlite3.connect(target)) as out:
        source.backup(out)
        out.execute("PRAGMA journal_mode = DELETE")
        problem = check(out, contents)
        if problem is not None:
            raise NotWhole(f"the copy is not whole: {problem}")
        return int(out.execute(f"SELECT COUNT(*) FROM {_quote(contents.counted)}").fetchone()[0])


class NotWhole(sqlite3.DatabaseError):
    """A copy that fails SQLite's check: the database it was made from is damaged."""


def take(db: Path, contents: Contents = REPLAYS, now: datetime | None = None
         ) -> Backup | None:
    """Back up ``db`` into its backups folder, then prune the oldest; None (nothing done)
    when there is no such database, it is blank or not of ``contents``' kind, or nothing
    changed since the newest backup.
    BackupFailed says why one could not be made: nothing is left behind and no older backup
    is removed."""
    if not db.is_file():
        return None
    folder = folder_of(db)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as e:  # a file in its place: it cannot be written there
        raise _failed(db, "could not be backed up", "không sao lưu được", e,
                      cause_of(e) or PERMISSION) from None
    clean_stale(folder, db.stem)
    kept = backups(db)
    try:
        with closing(connect_live(db)) as source, scratch(folder, db.stem) as tmp:
            counts = row_counts(source)
            if not counts or source.execute("PRAGMA application_id").fetchone()[0] != \
                    contents.application_id:
                return None  # a blank file, or not ours: whoever opens it says what it is
            if kept and _counts_of(kept[0]) == counts:
                return None
            copy_database(source, tmp, contents)
            path, taken, number = _free_name(folder, db.stem, now or datetime.now(UTC))
            os.rename(tmp, path)
    except (sqlite3.Error, OSError) as e:
        cause = DAMAGED if isinstance(e, NotWhole) else cause_of(e)
        raise _failed(db, "could not be backed up", "không sao lưu được", e, cause) from None
    sync_folder(folder)
    backup = Backup(path, taken, number)
    prune(db, contents)
    return backup


def prune(db: Path, contents: Contents = REPLAYS, keep: int = KEEP) -> list[Path]:
    """Remove the backups of ``db`` beyond the newest ``keep``, but never one that holds
    more rows of the counted table than the newest (games the library has lost); the paths
    removed."""
    kept = backups(db)
    if len(kept) <= keep:
        return []
    newest = held(kept[0], contents)
    removed: list[Path] = []
    for backup in kept[keep:]:
        rows = held(backup, contents)
        if rows is not None and newest is not None and rows > newest:
            continue
        try:
            backup.path.unlink()
        except OSError:  # what cannot be removed stays; the next prune tries again
            continue
        removed.append(backup.path)
    return removed
