"""A library that cannot be opened is never a dead end (issue 20): what is wrong with it, read
through SQLite alone; the damaged file set aside, never overwritten or deleted; then either
the newest good backup restored, or every readable game salvaged into a new library.

Both are built beside the library under a temporary name and checked before anything is
renamed: a failure (a full disk) leaves the damaged library where it was. Only then is the
damaged file — with its write-ahead log and index — renamed aside as
``replays.db.damaged-YYYYMMDD-HHMMSS`` (local time) and the new library renamed into its
place, where it opens as any library does. The library must not be open in this process
(the program closes its store first).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from replays.backup import (
    REPLAYS,
    SIDES,
    Backup,
    BackupFailed,
    clean_stale,
    connect_kept,
    copy_database,
    newest_good,
    scratch,
    sync_folder,
)
from replays.database import connect
from replays.errors import DAMAGED, RecordError, database_error
from replays.salvage import Salvaged, salvage


def is_damage(error: BaseException) -> bool:
    """Whether SQLite refused a read or write because the database is damaged (its own
    SQLITE_CORRUPT or SQLITE_NOTADB), through the errors that carry one (NotSaved.cause) —
    never a lock, a full disk, a missing permission or a broken constraint."""
    seen: set[int] = set()
    at: BaseException | None = error
    while at is not None and id(at) not in seen:
        seen.add(id(at))
        if isinstance(at, sqlite3.DatabaseError):
            code = getattr(at, "sqlite_errorcode", None)
            if isinstance(code, int):
                return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
            text = str(at).lower()
            return "malformed" in text or "not a database" in text
        cause = getattr(at, "cause", None)
        at = cause if isinstance(cause, BaseException) else at.__cause__
    return False


def _reader(db: Path) -> sqlite3.Connection:
    """A read-only connection that changes nothing of ``db`` (with a write-ahead log beside
    it, SQLite reads the log too and may only rebuild its index, ``-shm``)."""
    wal = db.with_name(db.name + "-wal").exists()
    mode = "ro" if wal else "ro&immutable=1"
    return sqlite3.connect(f"{db.resolve().as_uri()}?mode={mode}", uri=True)


def damage(db: Path) -> str | None:
    """What SQLite finds wrong with the database ``db`` (its quick_check, or the damage it
    refuses the file for), or None: it reads whole, or it cannot be read for another cause
    (locked, no permission, not a file: said otherwise)."""
    try:
        if not db.is_file() or db.stat().st_size == 0:
            return None
        with closing(_reader(db)) as conn:
            verdict = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as e:
        return str(e) if is_damage(e) else None
    except (sqlite3.Error, OSError):
        return None
    return None if verdict == ["ok"] else "; ".join(verdict[:3])


def emptied(db: Path) -> tuple[Backup, int] | None:
    """A library truncated to nothing (0 bytes: SQLite would make it a new, empty one) while
    a whole backup still holds games: that backup and its games; None otherwise."""
    try:
        if not db.is_file() or db.stat().st_size != 0:
            return None
    except OSError:
        return None
    found = newest_good(db)
    return found if found is not None and found[1] > 0 else None


@dataclass(frozen=True, slots=True)
class Inspection:
    """What is wrong with a library (None: nothing SQLite can see) and the newest whole
    backup of it with its games (None: none)."""

    damage: str | None
    backup: tuple[Backup, int] | None


def inspect(db: Path) -> Inspection:
    """The library ``db`` checked through a connection of its own, and its newest whole
    backup: what the offer to restore or salvage it says."""
    found = damage(db)
    return Inspection(found, newest_good(db) if found is not None else None)


def set_aside(db: Path, now: datetime | None = None) -> Path | None:
    """Rename the damaged database ``db`` and the files SQLite keeps beside it to
    ``<name>.damaged-YYYYMMDD-HHMMSS`` (and its -wal, -shm, -journal), never over anything;
    the new name, or None when there is no such file. The log goes first: a database must
    never meet another one's log."""
    if not (db.exists() or db.is_symlink()):
        return None
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    number = 0
    while True:
        aside = db.with_name(f"{db.name}.damaged-{stamp}{f'-{number}' if number else ''}")
        if not any(aside.with_name(aside.name + s).exists() for s in ("", *SIDES)):
            break
        number += 1
    moved: list[tuple[Path, Path]] = []
    try:
        for suffix in (*SIDES, ""):
            source = db.with_name(db.name + suffix)
            if source.exists():
                target = aside.with_name(aside.name + suffix)
                os.rename(source, target)
                moved.append((source, target))
    except OSError:
        for source, target in reversed(moved):  # all or nothing: put back what moved
            os.rename(target, source)
        raise
    sync_folder(db.parent)
    return aside


@dataclass(frozen=True, slots=True)
class Recovered:
    """What a restore or a salvage did: where the damaged file was kept, how many games the
    library holds now, the backup used, and a salvage's account."""

    aside: Path | None
    games: int
    backup: Backup | None
    salvaged: Salvaged | None = None


class RecoveryFailed(RecordError):
    """A restore or a salvage could not be done; the library was left where it was."""


def _failed(db: Path, doing_en: str, doing_vi: str, error: BaseException) -> RecoveryFailed:
    if isinstance(error, RecordError):
        return RecoveryFailed(f"{doing_en}: {error.en}", f"{doing_vi}: {error.vi}")
    said = database_error(db.name, error)
    return RecoveryFailed(f"{doing_en}: {said.en}", f"{doing_vi}: {said.vi}")


def _swap(db: Path, built: Path, now: datetime | None) -> Path | None:
    """The damaged library aside, the one built in its place."""
    aside = set_aside(db, now)
    if any(db.with_name(db.name + s).exists() for s in ("", *SIDES)):
        raise FileExistsError(17, "another database appeared there", str(db))
    os.rename(built, db)
    sync_folder(db.parent)
    return aside


def restore(db: Path, backup: Backup | None = None, now: datetime | None = None) -> Recovered:
    """Put the newest good backup (or ``backup``) in place of the library ``db``, the
    damaged file kept aside. RecoveryFailed when there is no good backup or it could not be
    copied: the library is then left where it was."""
    if backup is None:
        found = newest_good(db)
        if found is None:
            raise RecoveryFailed("There is no whole backup of the library to restore.",
                                 "Không có bản sao lưu nào còn nguyên của thư viện để khôi "
                                 "phục.")
        backup = found[0]
    clean_stale(db.parent, db.stem)
    try:
        with closing(connect_kept(backup.path)) as source, scratch(db.parent, db.stem) as tmp:
            games = copy_database(source, tmp, REPLAYS)
            aside = _swap(db, tmp, now)
    except (sqlite3.Error, OSError, BackupFailed) as e:
        raise _failed(db, f"The backup {backup.path.name} could not be restored",
                      f"Không khôi phục được bản sao lưu {backup.path.name}", e) from None
    return Recovered(aside, games, backup)


def rescue(db: Path, use_backup: bool = True, now: datetime | None = None,
           progress: Callable[[int, int], None] | None = None) -> Recovered:
    """Salvage every readable game of the damaged library ``db`` (and, with
    ``use_backup``, what only the newest good backup still has) into a new library in its
    place, the damaged file kept aside. RecoveryFailed if the new library could not be made:
    the damaged one is then left where it was."""
    found = newest_good(db) if use_backup else None
    backup = found[0] if found is not None else None
    clean_stale(db.parent, db.stem)
    try:
        with scratch(db.parent, db.stem) as tmp:
            into = connect(tmp, db.name)
            try:
                with closing(_reader(db)) as damaged:
                    # read what a truncated file still has: without it SQLite refuses a
                    # file shorter than its header says (read-only: nothing is written)
                    damaged.execute("PRAGMA writable_schema = ON")
                    if backup is None:
                        salvaged = salvage(damaged, None, into, progress)
                    else:
                        with closing(connect_kept(backup.path)) as spare:
                            salvaged = salvage(damaged, spare, into, progress)
                verdict = into.execute("PRAGMA quick_check").fetchone()[0]
                into.execute("PRAGMA journal_mode = DELETE")  # one whole file to rename
            finally:
                into.close()
            if verdict != "ok":  # never: the rows were inserted by SQLite itself
                raise database_error(db.name, RuntimeError(verdict), DAMAGED)
            aside = _swap(db, tmp, now)
    except (sqlite3.Error, OSError, RecordError) as e:
        raise _failed(db, "The games could not be salvaged", "Không cứu được các ván", e
                      ) from None
    return Recovered(aside, salvaged.games, backup, salvaged)
