"""The progress database (``progress.db``, beside ``replays.db`` in the user data folder):
its schema, one sqlite-utils migration per version, and the checks made before it is opened.

A file of its own, not tables inside replays.db: the replay database's version lives in its
header (``PRAGMA user_version``) and belongs to replays/migrations.py, and replays' own check
would migrate that file before the lessons could look at their tables. With a separate file,
each database has one owner and one version in its header, so "a database from a newer version
is refused and never touched" holds for each by the same header check, before any write —
and neither layer's upgrade can lock the other's data away.

``PRAGMA application_id`` ("CHLS") marks the file as a lesson progress database, so a replay
database (or anything else) given in its place is refused too.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from replays.errors import BadFile
from replays.files import SQLITE_MAGIC
from replays.paths import data_dir

APPLICATION_ID = 0x43_48_4C_53  # "CHLS"
DB_NAME = "progress.db"
MIGRATION_SET = "chan_tutor_lessons"
HEADER = 100

migrations = Migrations(MIGRATION_SET)


def _version(db: Database, n: int) -> None:
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {n}")


@migrations(name="m001_items_answers_schedule")
def m001_items_answers_schedule(db: Database) -> None:
    """Items asked (their JSON), every answer, and the SM-2 schedule of each item."""
    db.execute("""
        CREATE TABLE items (
            id TEXT PRIMARY KEY,            -- lessons.item.item_id
            family TEXT NOT NULL,
            kind TEXT NOT NULL,
            deck TEXT NOT NULL,             -- 'lessons' | 'mistakes'
            data TEXT NOT NULL,             -- Item.to_json()
            created_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            item_id TEXT NOT NULL REFERENCES items(id),
            answered_at TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            quality INTEGER NOT NULL CHECK (quality BETWEEN 0 AND 5),
            elapsed_ms INTEGER,
            response TEXT,                  -- the learner's answer, JSON
            rule_ids TEXT NOT NULL          -- the grade's rule ids, JSON
        )""")
    db.execute("""
        CREATE TABLE schedule (
            item_id TEXT PRIMARY KEY REFERENCES items(id),
            repetitions INTEGER NOT NULL,
            interval_days REAL NOT NULL,
            easiness REAL NOT NULL,
            lapses INTEGER NOT NULL,
            due_at TEXT NOT NULL,
            last_at TEXT
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX answers_by_item ON answers(item_id, answered_at)")
    db.execute("CREATE INDEX schedule_by_due ON schedule(due_at)")
    _version(db, 1)


SCHEMA_VERSION = 1
KNOWN = frozenset({"m001_items_answers_schedule"})


def default_path(override: Path | None = None) -> Path:
    """``progress.db`` in the user data folder (``--data-dir`` overrides it)."""
    return data_dir(override) / DB_NAME


def _bad(name: str, en: str, vi: str) -> BadFile:
    return BadFile(f"{name}: {en}", f"{name}: {vi}")


def _not_ours(name: str) -> BadFile:
    return _bad(name, "not a chan-tutor lesson progress database",
                "không phải cơ sở dữ liệu tiến độ học của chan-tutor")


def _newer(name: str, version: int) -> BadFile:
    return _bad(name, f"made by a newer version of chan-tutor (progress schema version "
                      f"{version}; this version knows up to {SCHEMA_VERSION}); it was left "
                      f"untouched",
                f"được tạo bởi phiên bản chan-tutor mới hơn (lược đồ tiến độ phiên bản "
                f"{version}; phiên bản này chỉ biết đến {SCHEMA_VERSION}); tệp được giữ nguyên")


def _damaged(name: str, error: Exception) -> BadFile:
    return _bad(name, f"the database is damaged or truncated ({error})",
                f"cơ sở dữ liệu bị hỏng hoặc bị cắt cụt ({error})")


def probe(path: Path, name: str) -> None:
    """Check an existing, non-empty file without writing to it; BadFile if this version must
    not open it (another program's file, a damaged one, or a newer schema)."""
    try:
        with path.open("rb") as f:
            header = f.read(HEADER)
    except OSError as e:
        raise _bad(name, f"cannot be read ({e.strerror})",
                   f"không đọc được tệp ({e.strerror})") from None
    if len(header) < HEADER or not header.startswith(SQLITE_MAGIC):
        raise _not_ours(name)
    version = int.from_bytes(header[60:64], "big", signed=True)
    app_id = int.from_bytes(header[68:72], "big", signed=True)
    if app_id not in (0, APPLICATION_ID):
        raise _not_ours(name)
    if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
        raise _newer(name, version)
    wal = path.with_name(path.name + "-wal").exists()
    mode = "ro" if wal else "ro&immutable=1"
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)) as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            applied: set[str] = set()
            if "_sqlite_migrations" in tables:
                applied = {r[0] for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = ?",
                    (MIGRATION_SET,))}
    except sqlite3.DatabaseError as e:
        raise _damaged(name, e) from None
    if app_id != APPLICATION_ID and tables:
        raise _not_ours(name)
    if version > SCHEMA_VERSION or applied - KNOWN:
        raise _newer(name, version)


def connect(path: Path, name: str | None = None) -> Database:
    """Open (creating or migrating) a progress database for reading and writing: WAL,
    foreign keys on, synchronous=NORMAL (an answer survives the program being killed)."""
    label = str(path) if name is None else name
    if path.exists() and path.stat().st_size > 0:
        probe(path, label)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = Database(path)
    except sqlite3.DatabaseError as e:
        raise _damaged(label, e) from None
    try:
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute("PRAGMA foreign_keys = ON")
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")
        migrations.apply(db)
    except sqlite3.DatabaseError as e:
        db.close()
        raise _damaged(label, e) from None
    except BaseException:
        db.close()
        raise
    return db
