"""Opening a replay database: recognise it, refuse what this version must not touch, migrate.

Before anything is written, the file is checked from its header and through a read-only
connection: another program's database, a damaged file, or a schema newer than this version
is refused with a clear message and left exactly as it was.
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from replays.errors import DAMAGED, LOCKED, BadFile, cause_at, cause_of, database_error
from replays.files import MAX_DB_BYTES, SQLITE_MAGIC, checked_size
from replays.migrations import APPLICATION_ID, KNOWN, SCHEMA_VERSION, migrations

HEADER = 100


@dataclass(frozen=True, slots=True)
class Schema:
    """What a database of ours is: its mark, its version, its migrations and its name."""

    application_id: int  # PRAGMA application_id
    version: int  # PRAGMA user_version this code writes
    known: frozenset[str]  # migrations this code knows
    migrations: Migrations
    what_en: str  # "replay database"
    what_vi: str  # "cơ sở dữ liệu ván đấu"


REPLAYS = Schema(APPLICATION_ID, SCHEMA_VERSION, KNOWN, migrations, "replay database",
                 "cơ sở dữ liệu ván đấu")


def _bad(name: str, en: str, vi: str) -> BadFile:
    return BadFile(f"{name}: {en}", f"{name}: {vi}")


def _not_ours(name: str, schema: Schema) -> BadFile:
    return _bad(name, f"not a chan-tutor {schema.what_en} (another program's database?)",
                f"không phải {schema.what_vi} của chan-tutor (của chương trình khác?)")


def _newer(name: str, version: int, schema: Schema) -> BadFile:
    return _bad(name, f"made by a newer version of chan-tutor ({schema.what_en} schema version "
                      f"{version}; this version knows up to {schema.version}); it was left "
                      f"untouched",
                f"được tạo bởi phiên bản chan-tutor mới hơn ({schema.what_vi}, lược đồ phiên "
                f"bản {version}; phiên bản này chỉ biết đến {schema.version}); tệp được giữ "
                f"nguyên")


def _damaged(name: str, error: Exception, path: Path | None = None) -> BadFile:
    """What SQLite refused, by its real cause (replays.errors.cause_of): a database locked by
    another program, a full disk or a missing permission is never called damaged. A disk
    error where the disk of ``path`` has no room left is the full disk, and one that is
    mounted read-only is said to be (replays.errors.cause_at)."""
    return database_error(name, error, cause_of(error) if path is None
                          else cause_at(error, path))


def discard_unused(path: Path, error: BaseException) -> None:
    """After a command that created the database ``path`` failed to fill it (a full disk),
    remove it if it holds no row of ours: no empty ``x.db`` is left behind. Kept when another
    program may be using it (the error is a lock) or anything was stored in it meanwhile
    (two programs creating the same new database: the other one's games stay)."""
    if cause_of(error) == LOCKED or getattr(error, "cause", None) == LOCKED:
        return
    try:
        if not path.is_file() or not (_blank(path) or _unused(path)):
            return
        path.unlink()
        for suffix in ("-wal", "-shm", "-journal"):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    except OSError:  # what cannot be removed stays; the message already says why
        pass


def _unused(path: Path) -> bool:
    """Whether every table of ours in the database is empty (its migrations aside)."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                "'sqlite_%' AND name != '_sqlite_migrations'")]
            return all(conn.execute(f'SELECT NOT EXISTS (SELECT 1 FROM "{t}")').fetchone()[0]
                       for t in tables)
    except sqlite3.Error:
        return False


def _blank(path: Path) -> bool:
    """Whether a database file holds nothing: 0 bytes, or no table, index or view at all."""
    if path.stat().st_size == 0:
        return True
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            return bool(conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0)
    except sqlite3.Error:
        return False


def _unreadable(name: str, error: OSError) -> BadFile:
    if cause_of(error) is not None:
        return database_error(name, error)
    return _bad(name, f"cannot be read ({error.strerror or error})",
                f"không đọc được tệp ({error.strerror or error})")


def _folder(name: str) -> BadFile:
    return _bad(name, "is a folder, not a database (move it away or choose another folder)",
                "là một thư mục, không phải cơ sở dữ liệu (hãy chuyển nó đi hoặc chọn thư mục "
                "khác)")


def probe(path: Path, name: str, schema: Schema = REPLAYS) -> None:
    """Check an existing, non-empty file without writing anything; BadFile if it must not be
    opened for writing by this version."""
    try:
        with path.open("rb") as f:
            header = f.read(HEADER)
    except IsADirectoryError:
        raise _folder(name) from None
    except OSError as e:
        raise _unreadable(name, e) from None
    if len(header) < HEADER or not header.startswith(SQLITE_MAGIC):
        raise _bad(name, f"not a SQLite database (not a {schema.what_en})",
                   f"không phải cơ sở dữ liệu SQLite (không phải {schema.what_vi})")
    version = int.from_bytes(header[60:64], "big", signed=True)
    app_id = int.from_bytes(header[68:72], "big", signed=True)
    if app_id not in (0, schema.application_id):
        raise _not_ours(name, schema)
    if app_id == schema.application_id and version > schema.version:
        raise _newer(name, version, schema)
    # Ask SQLite too, read-only. Without a write-ahead log the file is the whole database and
    # 'immutable' reads it without creating any file beside it; with one (a live or
    # interrupted database) the log must be read, and SQLite may add its -shm index.
    wal = path.with_name(path.name + "-wal").exists()
    mode = "ro" if wal else "ro&immutable=1"
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            applied = set()
            if "_sqlite_migrations" in tables:
                applied = {r[0] for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = ?",
                    (schema.migrations.name,))}
    except sqlite3.DatabaseError as e:
        raise _damaged(name, e) from None
    if app_id != schema.application_id and tables:
        raise _not_ours(name, schema)
    if version > schema.version or applied - schema.known:
        raise _newer(name, version, schema)


def connect(path: Path, name: str | None = None, check: bool = False,
            schema: Schema = REPLAYS) -> Database:
    """Open (creating or migrating) one of our databases for reading and writing.

    WAL journal, foreign keys on, synchronous=NORMAL: a committed row survives the program
    being killed (only a power cut may lose the last few). ``check`` runs SQLite's
    quick_check first (for files the user brought from elsewhere).
    """
    label = str(path) if name is None else name
    new = False
    try:
        if path.is_dir():
            raise _folder(label)
        new = not path.exists()
        if not new and path.stat().st_size > 0:
            probe(path, label, schema)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:  # a folder we may not enter or write, a full disk
        raise _unreadable(label, e) from None
    try:
        db = Database(path)
    except sqlite3.Error as e:
        error = _damaged(label, e, path)
        _forget_new(path, new, error)
        raise error from None
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        if check:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise database_error(label, RuntimeError(verdict), DAMAGED)
        db.execute("PRAGMA foreign_keys = ON")
        _enable_wal(db)
        db.execute("PRAGMA synchronous = NORMAL")
        if schema.migrations.pending(db):
            # under the write lock, so that two programs opening the same new or older
            # database migrate it once (apply reads what is pending again, inside)
            with write_transaction(db):
                schema.migrations.apply(db)
    except sqlite3.Error as e:
        db.close()
        error = _damaged(label, e, path)
        _forget_new(path, new, error)
        raise error from None
    except BaseException:
        db.close()
        raise
    return db


BUSY_MS = 5000  # how long a connection waits for another program's write lock


def _enable_wal(db: Database) -> None:
    """Switch to the write-ahead log, waiting for other programs as every write does.

    SQLite answers "database is locked" to a journal-mode change at once, without its busy
    handler, when another connection is opening the same new file at that moment (seen with
    four programs creating one database): retry for up to the busy timeout instead.
    """
    deadline = time.monotonic() + BUSY_MS / 1000
    pause = 0.005
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as e:
            if cause_of(e) != LOCKED or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def _forget_new(path: Path, new: bool, error: BadFile) -> None:
    """After a failed creation (a full disk, a read-only folder), remove the empty database
    SQLite made, and its journal files: no 0-byte or blank ``replays.db`` is left behind.
    Never when another program holds the database (locked: it may be creating it now) or
    it holds anything (a table)."""
    if not new or getattr(error, "cause", None) == LOCKED:
        return
    try:
        if not path.is_file() or not _blank(path):
            return
        path.unlink()
        for suffix in ("-wal", "-shm", "-journal"):
            side = path.with_name(path.name + suffix)
            if side.is_file() and (suffix == "-shm" or side.stat().st_size == 0):
                side.unlink()
    except OSError:  # what cannot be removed stays; the message already says why
        pass


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock up front (BEGIN IMMEDIATE), waiting for
    another writer up to the busy timeout; inside another transaction, a savepoint of it.

    A plain (deferred) BEGIN under WAL reads first and asks for the lock only at its first
    write: if another connection writes meanwhile, SQLite answers "database is locked" at
    once, without waiting (issue 13). Committed on success, rolled back on any error.
    """
    conn = db.conn
    if conn.in_transaction:
        with db.atomic():
            yield db
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with suppress(sqlite3.Error):  # never hide the error that stopped the write
                conn.execute("ROLLBACK")
        raise


@contextmanager
def copied(path: Path) -> Iterator[Path]:
    """A private copy of a database the user named (and its write-ahead log), so reading it
    never changes the user's file, not even by a checkpoint; refuses files over 2 GB."""
    checked_size(path, MAX_DB_BYTES)
    try:
        with path.open("rb") as f:
            magic = f.read(len(SQLITE_MAGIC))
    except OSError as e:  # no read permission
        raise _unreadable(str(path), e) from None
    if magic != SQLITE_MAGIC:
        raise _bad(str(path), "not a SQLite database (not a replay database)",
                   "không phải cơ sở dữ liệu SQLite (không phải tệp ván đấu)")
    try:
        tmp = TemporaryDirectory(prefix="chan-tutor-")
    except OSError as e:  # no temporary folder to copy into
        raise _unreadable(str(path), e) from None
    with tmp:
        copy = Path(tmp.name) / "copy.db"
        try:
            shutil.copyfile(path, copy)
            wal = path.with_name(path.name + "-wal")
            if wal.is_file():
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        except OSError as e:  # the file, or the temporary folder's disk (full)
            raise _unreadable(str(path), e) from None
        yield copy
