"""The replay database's schema, one sqlite-utils migration per version.

A new stored thing is a new migration at the end (DESIGN.md), never an edit of an old one.
``PRAGMA user_version`` holds the schema version (the number of migrations applied) and
``PRAGMA application_id`` marks the file as ours, so another program's database and a
database from a newer version are recognised from the header alone.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

APPLICATION_ID = 0x43_48_41_4E  # "CHAN"
MIGRATION_SET = "chan_tutor_replays"

migrations = Migrations(MIGRATION_SET)


def _version(db: Database, n: int) -> None:
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {n}")


@migrations(name="m001_sessions_games_events")
def m001_sessions_games_events(db: Database) -> None:
    """Sessions (hội), their games and the games' events, append-only."""
    db.execute("""
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            created_at TEXT NOT NULL,
            rules TEXT NOT NULL,           -- LangRules JSON (FORMATS "rules")
            players TEXT NOT NULL,         -- FORMATS "players"
            thong_seat INTEGER             -- C2 carried into the first game, if any
        )""")
    db.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            position INTEGER NOT NULL,     -- 0, 1, ... within the session
            started_at TEXT NOT NULL,
            rules TEXT NOT NULL,           -- the rules it is judged by (R11)
            players TEXT NOT NULL,
            deal TEXT NOT NULL,            -- FORMATS deal, in the form it came in
            mode TEXT NOT NULL CHECK (mode IN ('teaching', 'strict', 'real')),
            engine_version TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('playing', 'over')),
            result TEXT,                   -- JSON summary once over
            UNIQUE (session_id, position)
        )""")
    db.execute("""
        CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games(id),
            idx INTEGER NOT NULL CHECK (idx >= 0),
            seat INTEGER NOT NULL,
            act TEXT NOT NULL,
            data TEXT NOT NULL,            -- the FORMATS event
            PRIMARY KEY (game_id, idx)
        ) WITHOUT ROWID""")
    _version(db, 1)


@migrations(name="m002_analysis_cache")
def m002_analysis_cache(db: Database) -> None:
    """Cached analysis documents, keyed by (game, engine version, rules)."""
    db.execute("""
        CREATE TABLE analysis (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            engine_version TEXT NOT NULL,
            rules TEXT NOT NULL,
            created_at TEXT NOT NULL,
            document TEXT NOT NULL,
            PRIMARY KEY (game_id, engine_version, rules)
        ) WITHOUT ROWID""")
    db.execute("CREATE INDEX games_by_status ON games(status)")
    _version(db, 2)


SCHEMA_VERSION = 2
KNOWN = frozenset({"m001_sessions_games_events", "m002_analysis_cache"})
