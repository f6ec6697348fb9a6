"""The replay database's schema, one sqlite-utils migration per version.

A new stored thing is a new migration at the end (DESIGN.md), never an edit of an old one.
``PRAGMA user_version`` holds the schema version (the number of migrations applied) and
``PRAGMA application_id`` marks the file as ours, so another program's database and a
database from a newer version are recognised from the header alone.
"""

from __future__ import annotations

import json

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


Tally = tuple[dict[str, int], list[dict[str, dict[str, int]]]]
# The annotation kinds that name a rule broken (``rule``): Chắn's lỗi, Tổ tôm's offences (each
# game's ``fault_kinds``, replays.games; tests/replays/test_tom_library.py checks they agree).
FAULT_KINDS = ("violation", "offence")


def annotation_tally(doc: object) -> Tally:
    """What m003 keeps of an analysis document: its annotations by kind, and for each seat
    its annotations by kind (``kinds``) and its lỗi (Tổ tôm: offences) by rule id
    (``rules``); teaching notes (``note_*``) are never errors (FORMATS.md) and are left
    out."""
    counts: dict[str, int] = {}
    doc = doc if isinstance(doc, dict) else {}
    setup = doc.get("setup")
    hands = setup.get("hands") if isinstance(setup, dict) else None
    seats: list[dict[str, dict[str, int]]] = [
        {"kinds": {}, "rules": {}} for _ in (hands if isinstance(hands, list) else [])]
    annotations = doc.get("annotations")
    for a in annotations if isinstance(annotations, list) else []:
        kind = str(a.get("kind")) if isinstance(a, dict) else ""
        if not kind or kind.startswith("note_"):
            continue
        counts[kind] = counts.get(kind, 0) + 1
        seat = a.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(seats):
            mine = seats[seat]
            mine["kinds"][kind] = mine["kinds"].get(kind, 0) + 1
            rule = a.get("rule")
            if kind in FAULT_KINDS and isinstance(rule, str):
                mine["rules"][rule] = mine["rules"].get(rule, 0) + 1
    return counts, seats


@migrations(name="m003_annotation_counts")
def m003_annotation_counts(db: Database) -> None:
    """The annotations of each cached analysis counted by kind, for the game and for each
    seat, so the library and the statistics read a thousand games without opening a single
    document; filled from the documents already cached."""
    db.execute("""
        CREATE TABLE annotation_counts (
            game_id INTEGER NOT NULL,
            engine_version TEXT NOT NULL,
            rules TEXT NOT NULL,
            counts TEXT NOT NULL,          -- {"kind": n}: the annotations by kind, note_*
                                           -- left out (a kind not there: 0)
            seats TEXT NOT NULL,           -- per seat {"kinds": {"kind": n},
                                           --           "rules": {"L9": n}} (its lỗi)
            PRIMARY KEY (game_id, engine_version, rules),
            FOREIGN KEY (game_id, engine_version, rules)
                REFERENCES analysis (game_id, engine_version, rules)
                ON DELETE CASCADE ON UPDATE CASCADE
        ) WITHOUT ROWID""")
    rows = db.execute("SELECT game_id, engine_version, rules, document FROM analysis").fetchall()
    for game_id, version, rules, document in rows:
        try:
            counts, seats = annotation_tally(json.loads(document))
        except ValueError:
            continue  # an edited row: no counts, the game lists as not analysed
        db.execute("INSERT INTO annotation_counts VALUES (?, ?, ?, ?, ?)",
                   (game_id, version, rules, json.dumps(counts, sort_keys=True),
                    json.dumps(seats, sort_keys=True)))
    _version(db, 3)


@migrations(name="m004_hoi_state")
def m004_hoi_state(db: Database) -> None:
    """What each game needs from its hội (replays.hoi: the running totals before it, the
    next picker, the thông seat it is played with), kept with the game so that opening or
    analysing game 10,000 of a hội does not replay the 9,999 before it (issue 13); filled
    for the games already stored by replaying each hội once, one game at a time. A hội that
    cannot be replayed (an edited database) is left without: its games are replayed when
    opened, and say what is wrong as before."""
    db.execute("""
        CREATE TABLE hoi_state (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            before TEXT NOT NULL,          -- the hội before the game: {"v": 1, "totals":
                                           -- [..], "thong_seat", "next_picker",
                                           -- "first_picker"} (replays.hoi.HoiState)
            after TEXT                     -- the hội after it, once known (NULL: not yet)
        )""")
    from replays.store import backfill_hoi_states  # the store reads records: after m001-3

    backfill_hoi_states(db)
    _version(db, 4)


@migrations(name="m005_advice_cache")
def m005_advice_cache(db: Database) -> None:
    """The computer's advice on each decision of a stored game (replays.advice, issue 15),
    kept once computed so that opening the game again in the viewer does not search again;
    keyed by the decision (its event, its order among the seat's decisions at that event,
    the seat), the judge and the advice version (replays.advice.ADVICE_VERSION: a changed
    player makes its advice again). A row is read back as untrusted: one that does not hold
    that decision's advice is made again."""
    db.execute("""
        CREATE TABLE advice (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            event INTEGER NOT NULL,        -- DecisionPoint.event
            nth INTEGER NOT NULL,          -- DecisionPoint.nth (0 but for a second decision)
            seat INTEGER NOT NULL,
            judge TEXT NOT NULL,           -- the adviser's level: 'strong', 'normal'
            revision TEXT NOT NULL,        -- replays.advice.ADVICE_VERSION
            created_at TEXT NOT NULL,
            advice TEXT NOT NULL,          -- replays.advice.advice_json
            PRIMARY KEY (game_id, event, nth, seat, judge, revision)
        ) WITHOUT ROWID""")
    _version(db, 5)


@migrations(name="m006_game_of_hoi")
def m006_game_of_hoi(db: Database) -> None:
    """Which game each hội is (FORMATS ``game``: "chan", "to_tom"; issue 22): a column of the
    sessions, and of each game (so that the library lists and filters games by their game
    without a join, and a hội lost in a damaged file is made again from its games with its
    game, replays.salvage); and what a hội imported from the middle of another carries into
    its first game beyond thông (Tổ tôm's pool and debts, replays.record.Carried; NULL:
    nothing). Every hội stored before is Chắn: the default fills them, and nothing else of
    the database changes."""
    db.execute("ALTER TABLE sessions ADD COLUMN game TEXT NOT NULL DEFAULT 'chan'")
    db.execute("ALTER TABLE sessions ADD COLUMN carried TEXT")  # {"pool": n, "debts": [..]}
    db.execute("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'chan'")
    db.execute("CREATE INDEX games_by_game ON games(game)")
    _version(db, 6)


SCHEMA_VERSION = 6
KNOWN = frozenset({"m001_sessions_games_events", "m002_analysis_cache",
                   "m003_annotation_counts", "m004_hoi_state", "m005_advice_cache",
                   "m006_game_of_hoi"})
