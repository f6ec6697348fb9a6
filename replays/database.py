"""Opening a replay database: recognise it, refuse what this version must not touch, migrate.

Before anything is written, the file is checked through a read-only SQLite connection (never
``open()``, replays.readonly): another program's database, a damaged file, or a schema newer
than this version is refused with a clear message and left exactly as it was.
"""

from __future__ import annotations

import errno
import os
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
from replays.files import MAX_DB_BYTES, checked_size
from replays.migrations import APPLICATION_ID, KNOWN, SCHEMA_VERSION, migrations
from replays.readonly import NOT_A_DATABASE, is_regular, reading


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
    opened for writing by this version.

    Everything is read through a read-only SQLite connection, never with ``open()``: this
    process may already hold the database (a second Store of the program, a worker), and
    closing a descriptor of our own would drop its locks (replays.readonly, issue 20).
    """
    if path.is_dir():
        raise _folder(name)
    if not is_regular(path):
        raise _not_regular(name)
    if not os.access(path, os.R_OK):
        raise _unreadable(name, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    try:
        with reading(path) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id not in (0, schema.application_id):
                raise _not_ours(name, schema)
            if app_id == schema.application_id and version > schema.version:
                raise _newer(name, version, schema)
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            applied = set()
            if "_sqlite_migrations" in tables:
                applied = {r[0] for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = ?",
                    (schema.migrations.name,))}
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorcode", None) == NOT_A_DATABASE:
            raise _bad(name, f"not a SQLite database (not a {schema.what_en})",
                       f"không phải cơ sở dữ liệu SQLite (không phải {schema.what_vi})") from None
        raise _damaged(name, e) from None
    if app_id != schema.application_id and tables:
        raise _not_ours(name, schema)
    if version > schema.version or applied - schema.known:
        raise _newer(name, version, schema)


def _not_regular(name: str) -> BadFile:
    return _bad(name, "is not a regular file (a pipe, a device or a socket is never opened as "
                      "a database; move it away or choose another folder)",
                "không phải tệp thường (không mở ống dẫn, thiết bị hay socket như một cơ sở dữ "
                "liệu; hãy chuyển nó đi hoặc chọn thư mục khác)")


def connect(path: Path, name: str | None = None, check: bool = False,
            schema: Schema = REPLAYS) -> Database:
    """Open (creating or migrating) one of our databases for reading and writing.

    WAL journal, foreign keys on, synchronous=FULL: each commit is on the disk when it
    returns, so a move the program said it kept survives a power cut or a disk that fails
    mid-game (issue 20: NORMAL lost acknowledged moves; one fsync per move costs little at a
    card table, bench/storage.py). ``check`` runs SQLite's quick_check first (for files the
    user brought from elsewhere).
    """
    label = str(path) if name is None else name
    new = False
    try:
        if path.is_dir():
            raise _folder(label)
        new = not path.exists()
        if not new and not is_regular(path):  # a FIFO would block, a device is no database
            raise _not_regular(label)
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
        db.execute(f"PRAGMA busy_timeout = {_busy['ms']}")
        if check:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise database_error(label, RuntimeError(verdict), DAMAGED)
        db.execute("PRAGMA foreign_keys = ON")
        _enable_wal(db)
        db.execute("PRAGMA synchronous = FULL")
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
# A command-line verb has no window to keep alive and a script would rather wait than fail:
# it waits this long for the program's (or another verb's) write (issue 20: a 5 s wait failed
# an import in a soak on a loaded machine); CHAN_TUTOR_LOCK_WAIT (seconds) overrides it.
COMMAND_LINE_BUSY_MS = 60_000
LOCK_WAIT_VARIABLE = "CHAN_TUTOR_LOCK_WAIT"
_busy = {"ms": BUSY_MS}


def command_line_busy_ms() -> int:
    """How long a command-line verb waits for a write lock, in ms (the environment's
    CHAN_TUTOR_LOCK_WAIT seconds when it is a number from 0 to 3600)."""
    try:
        seconds = float(os.environ.get(LOCK_WAIT_VARIABLE, ""))
    except ValueError:
        return COMMAND_LINE_BUSY_MS
    return round(seconds * 1000) if 0 <= seconds <= 3600 else COMMAND_LINE_BUSY_MS


@contextmanager
def longer_lock_waits() -> Iterator[None]:
    """While it lasts, connections opened wait command_line_busy_ms() for a write lock (a
    command-line verb; the program keeps BUSY_MS and offers to retry)."""
    before, _busy["ms"] = _busy["ms"], command_line_busy_ms()
    try:
        yield
    finally:
        _busy["ms"] = before


def connect_read_only(path: Path, name: str | None = None, schema: Schema = REPLAYS) -> Database:
    """Open one of our databases that another program of ours is writing, for reading only
    (a second program on one data folder, desktop.instance): SQLite refuses every write on
    this connection, and nothing is migrated — a database that needs migrating is refused
    (the program writing it is of another version)."""
    label = str(path) if name is None else name
    try:
        if not path.exists():
            raise _bad(label, f"does not exist yet (no {schema.what_en} to read)",
                       f"chưa có ({schema.what_vi} chưa được tạo)")
        probe(path, label, schema)
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except OSError as e:
        raise _unreadable(label, e) from None
    except sqlite3.Error as e:
        raise _damaged(label, e, path) from None
    db = Database(conn)
    try:
        db.execute(f"PRAGMA busy_timeout = {_busy['ms']}")
        db.execute("PRAGMA foreign_keys = ON")
        if schema.migrations.pending(db):
            raise _bad(label, "is used by another version of chan-tutor that has not "
                              "brought it up to date; it cannot be read now",
                       "đang được một phiên bản chan-tutor khác dùng mà chưa cập nhật; chưa "
                       "đọc được lúc này")
    except sqlite3.Error as e:
        db.close()
        raise _damaged(label, e, path) from None
    except BaseException:
        db.close()
        raise
    return db


def _enable_wal(db: Database) -> None:
    """Switch to the write-ahead log, waiting for other programs as every write does.

    SQLite answers "database is locked" to a journal-mode change at once, without its busy
    handler, when another connection is opening the same new file at that moment (seen with
    four programs creating one database): retry for up to the busy timeout instead.
    """
    deadline = time.monotonic() + _busy["ms"] / 1000
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
    """A private copy of a database the user named (its write-ahead log included), so reading
    it never changes the user's file, not even by a checkpoint; refuses files over 2 GB.

    Copied by SQLite's online backup from a read-only connection, never by copying the file:
    the file may be the library this process holds (replays.readonly), and a backup is a
    consistent snapshot even while another program writes.
    """
    checked_size(path, MAX_DB_BYTES)
    if not os.access(path, os.R_OK):
        raise _unreadable(str(path), PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    try:
        tmp = TemporaryDirectory(prefix="chan-tutor-")
    except OSError as e:  # no temporary folder to copy into
        raise _unreadable(str(path), e) from None
    with tmp:
        copy = Path(tmp.name) / "copy.db"
        try:
            with reading(path) as source, closing(sqlite3.connect(copy)) as target:
                source.backup(target)
        except sqlite3.DatabaseError as e:
            if getattr(e, "sqlite_errorcode", None) == NOT_A_DATABASE:
                raise _bad(str(path), "not a SQLite database (not a replay database)",
                           "không phải cơ sở dữ liệu SQLite (không phải tệp ván đấu)") from None
            raise _damaged(str(path), e, copy) from None
        yield copy
