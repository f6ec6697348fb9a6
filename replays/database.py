"""Opening a replay database: recognise it, refuse what this version must not touch, migrate.

Before anything is written, the file is checked from its header and through a read-only
connection: another program's database, a damaged file, or a schema newer than this version
is refused with a clear message and left exactly as it was.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from replays.errors import BadFile
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


def _damaged(name: str, error: Exception) -> BadFile:
    return _bad(name, f"the database is damaged or truncated ({error})",
                f"cơ sở dữ liệu bị hỏng hoặc bị cắt cụt ({error})")


def probe(path: Path, name: str, schema: Schema = REPLAYS) -> None:
    """Check an existing, non-empty file without writing anything; BadFile if it must not be
    opened for writing by this version."""
    try:
        with path.open("rb") as f:
            header = f.read(HEADER)
    except OSError as e:
        raise _bad(name, f"cannot be read ({e.strerror})",
                   f"không đọc được tệp ({e.strerror})") from None
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
    if path.exists() and path.stat().st_size > 0:
        probe(path, label, schema)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = Database(path)
    except sqlite3.DatabaseError as e:
        raise _damaged(label, e) from None
    try:
        db.execute("PRAGMA busy_timeout = 5000")
        if check:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise _damaged(label, RuntimeError(verdict))
        db.execute("PRAGMA foreign_keys = ON")
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")
        schema.migrations.apply(db)
    except sqlite3.DatabaseError as e:
        db.close()
        raise _damaged(label, e) from None
    except BaseException:
        db.close()
        raise
    return db


@contextmanager
def copied(path: Path) -> Iterator[Path]:
    """A private copy of a database the user named (and its write-ahead log), so reading it
    never changes the user's file, not even by a checkpoint; refuses files over 2 GB."""
    checked_size(path, MAX_DB_BYTES)
    with path.open("rb") as f:
        if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            raise _bad(str(path), "not a SQLite database (not a replay database)",
                       "không phải cơ sở dữ liệu SQLite (không phải tệp ván đấu)")
    with TemporaryDirectory(prefix="chan-tutor-") as tmp:
        copy = Path(tmp) / "copy.db"
        shutil.copyfile(path, copy)
        wal = path.with_name(path.name + "-wal")
        if wal.is_file():
            shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        yield copy
