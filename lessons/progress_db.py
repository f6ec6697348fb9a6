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

import os
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from lessons.progress_rows import time_column
from lessons.srs import replay
from replays import database
from replays.columns import BadColumn, whole_column
from replays.database import Schema
from replays.files import MAX_DB_BYTES, checked_size
from replays.paths import data_dir

APPLICATION_ID = 0x43_48_4C_53  # "CHLS"
DB_NAME = "progress.db"
MIGRATION_SET = "chan_tutor_lessons"

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


@migrations(name="m002_fsrs_schedule")
def m002_fsrs_schedule(db: Database) -> None:
    """FSRS replaces SM-2 (issue 16): each item's answers, oldest first, are replayed into FSRS
    (lessons/srs.py) to make its new schedule row; the SM-2 rows are kept, untouched, as
    ``sm2_schedule``; every answer gains its FSRS rating. Items never answered stay due when
    they were."""
    db.execute("DROP INDEX schedule_by_due")
    db.execute("ALTER TABLE schedule RENAME TO sm2_schedule")
    db.execute("ALTER TABLE answers ADD COLUMN rating INTEGER CHECK (rating BETWEEN 1 AND 4)")
    db.execute("UPDATE answers SET rating = CASE WHEN quality < 3 THEN 1 WHEN quality = 3 "
               "THEN 2 WHEN quality = 4 THEN 3 ELSE 4 END")
    db.execute("""
        CREATE TABLE schedule (
            item_id TEXT PRIMARY KEY REFERENCES items(id),
            state INTEGER NOT NULL,         -- fsrs.State: 1 learning, 2 review, 3 relearning
            step INTEGER,                   -- the (re)learning step; NULL in review
            stability REAL,                 -- days; NULL before the first answer
            difficulty REAL,
            reps INTEGER NOT NULL,
            lapses INTEGER NOT NULL,
            last_correct INTEGER NOT NULL CHECK (last_correct IN (0, 1)),
            due_at TEXT NOT NULL,
            last_at TEXT
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX schedule_by_due ON schedule(due_at)")
    history: dict[str, list[tuple[int, datetime]]] = {}
    for item_id, q, at in db.execute(
            "SELECT item_id, quality, answered_at FROM answers ORDER BY id"):
        try:  # an edited answer is not replayed (the row itself is kept as it is)
            answer = (whole_column(q, "quality", 0, 5), time_column(at, "answered_at"))
        except BadColumn:
            continue
        history.setdefault(item_id, []).append(answer)
    rows = db.execute("SELECT item_id, due_at FROM sm2_schedule").fetchall()
    for item_id, old_due in rows:
        m, due = replay(history.get(item_id, []))
        db.execute("INSERT INTO schedule VALUES (?,?,?,?,?,?,?,?,?,?)", (
            item_id, m.state, m.step, m.stability, m.difficulty, m.reps, m.lapses,
            int(m.last_correct), old_due if due is None else stamp(due),
            None if m.last_at is None else stamp(m.last_at)))
    _version(db, 2)


SCHEMA_VERSION = 2
KNOWN = frozenset({"m001_items_answers_schedule", "m002_fsrs_schedule"})


def stamp(t: datetime) -> str:
    """A time as stored: ISO 8601 in UTC, to the second (sorts as text)."""
    return t.astimezone(UTC).isoformat(timespec="seconds")


def default_path(override: Path | None = None) -> Path:
    """``progress.db`` in the user data folder (``--data-dir`` overrides it)."""
    return data_dir(override) / DB_NAME


PROGRESS = Schema(APPLICATION_ID, SCHEMA_VERSION, KNOWN, migrations,
                  "lesson progress database", "cơ sở dữ liệu tiến độ học")


def probe(path: Path, name: str) -> None:
    """Check an existing, non-empty file without writing to it; BadFile if this version must
    not open it (another program's file, a damaged one, or a newer schema)."""
    database.probe(path, name, PROGRESS)


def connect(path: Path, name: str | None = None) -> Database:
    """Open (creating or migrating) a progress database for reading and writing: WAL,
    foreign keys on, synchronous=FULL (an answer survives a power cut, replays.database).

    Anything but a regular file in its place (a FIFO, a device) is refused before SQLite
    opens it: such a file is not a failing disk, and opening a FIFO may block (issue 20)."""
    if os.path.lexists(path) and not path.is_dir():
        checked_size(path, MAX_DB_BYTES)
    return database.connect(path, name, schema=PROGRESS)
