"""Salvage: every readable game of a damaged replay database, copied into a new library
(issue 20).

The damaged file is read through SQLite alone (never as bytes: it may be the library this
process held), one table at a time and, where a read fails on a damaged page, one key at a
time, skipping what cannot be read. What it lost and the newest good backup still holds —
a game, a hội, the moves of a game — is taken from the backup; a row of the damaged file
wins over the backup's (it is newer). A game whose moves cannot all be read is kept up to its
last readable move, as an interrupted game (it can be reviewed and played on), and its cached
analysis and advice are dropped (they describe moves that are gone); a hội whose row is lost
is made again from its games' own copy of its rules and players.

Every value is copied as it is: the store reads every column as untrusted (replays.columns),
so a row that is readable but wrong is named when its game is opened, as for any edited
database.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from replays.database import write_transaction

Row = tuple[Any, ...]
MISS_RUN = 200  # ids probed past the last one read before a damaged stretch is given up


@dataclass(frozen=True, slots=True)
class Table:
    """A table of the replay database as salvage reads it: its columns, the first ``key``
    of them its primary key, the first one the integer it is read by (an id, a game id).
    ``added``: columns a later migration added, with the value a file from before it holds
    (m006: every hội of an older file is Chắn)."""

    name: str
    columns: tuple[str, ...]
    key: int = 1
    added: tuple[tuple[str, str | None], ...] = ()

    def pk(self, row: Row) -> Row:
        """The row's primary key."""
        return row[:self.key]


SESSIONS = Table("sessions", ("id", "created_at", "rules", "players", "thong_seat", "game",
                              "carried"), added=(("game", "chan"), ("carried", None)))
GAMES = Table("games", ("id", "session_id", "position", "started_at", "rules", "players",
                        "deal", "mode", "engine_version", "status", "result", "game"),
              added=(("game", "chan"),))
EVENTS = Table("events", ("game_id", "idx", "seat", "act", "data"), 2)
HOI_STATE = Table("hoi_state", ("game_id", "before", "after"))
# caches of a finished game: kept only with a game whose every move came back
CACHES = (Table("analysis", ("game_id", "engine_version", "rules", "created_at", "document"),
                3),
          Table("annotation_counts", ("game_id", "engine_version", "rules", "counts", "seats"),
                3),
          Table("advice", ("game_id", "event", "nth", "seat", "judge", "revision",
                           "created_at", "advice"), 6))


@dataclass(frozen=True, slots=True)
class Salvaged:
    """What a salvage brought back."""

    games: int  # games in the new library
    cut: int  # of them, kept only up to their last readable move
    from_backup: int  # games, or moves of games, that came from the backup
    unreadable: bool  # some part of the damaged file could not be read


class Source:
    """A database read through SQLite, row by row where it must: what cannot be read is
    skipped and remembered (``unreadable``)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.unreadable = False
        self._tables: set[str] | None = None
        self._columns: dict[str, set[str]] = {}

    def _has(self, table: Table) -> bool:
        if self._tables is None:
            try:
                self._tables = {r[0] for r in self.conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            except sqlite3.DatabaseError:  # its schema page is gone: nothing can be read
                self.unreadable = True
                self._tables = set()
        return table.name in self._tables

    def _select(self, table: Table, where: str = "") -> str:
        order = ", ".join(table.columns[:table.key])
        return f"SELECT {', '.join(self._read(table))} FROM {table.name} {where} ORDER BY {order}"

    def _read(self, table: Table) -> list[str]:
        """The columns to select: a column a later migration added that this file does not
        have is read as the value a file from before it holds."""
        if not table.added:
            return list(table.columns)
        if table.name not in self._columns:
            try:
                self._columns[table.name] = {r[1] for r in self.conn.execute(
                    f"PRAGMA table_info({table.name})")}
            except sqlite3.DatabaseError:
                self.unreadable = True
                self._columns[table.name] = set(table.columns) - {c for c, _ in table.added}
        have = self._columns[table.name]
        added = dict(table.added)
        return [c if c in have or c not in added else
                f"{'NULL' if added[c] is None else repr(added[c])} AS {c}"
                for c in table.columns]

    def _query(self, sql: str, args: Sequence[object]) -> list[Row] | None:
        """Every row of a query, or None where a damaged page stops it."""
        try:
            return list(self.conn.execute(sql, args))
        except sqlite3.DatabaseError:
            self.unreadable = True
            return None

    def rows(self, table: Table, hints: Iterable[int] = ()) -> list[Row]:
        """Every readable row of a table keyed by one integer: read in one pass; where that
        fails, the keys after the last row read are asked one by one (those ``hints``
        name, and every id until ``MISS_RUN`` in a row are missing)."""
        if not self._has(table):
            return []
        read: list[Row] = []
        try:
            for row in self.conn.execute(self._select(table)):
                read.append(row)
            return read
        except sqlite3.DatabaseError:
            self.unreadable = True
        start = read[-1][0] + 1 if read and isinstance(read[-1][0], int) else 1
        one = self._select(table, f"WHERE {table.columns[0]} = ?")
        asked: set[int] = set()

        def ask(key: int) -> bool:
            asked.add(key)
            got = self._query(one, (key,))
            read.extend(got or ())
            return bool(got)

        key, misses = start, 0
        while misses < MISS_RUN:
            misses = 0 if ask(key) else misses + 1
            key += 1
        for key in sorted(h for h in set(hints) if h >= start and h not in asked):
            ask(key)
        return read

    def of_game(self, table: Table, game_id: int) -> list[Row]:
        """The readable rows of one game in a table keyed by game first; where the game's
        range cannot be read, its events are asked one by one until the first that cannot
        (a game goes on only from a whole beginning)."""
        if not self._has(table):
            return []
        got = self._query(self._select(table, "WHERE game_id = ?"), (game_id,))
        if got is not None:
            return got
        if table is not EVENTS:
            return []
        one = self._select(table, "WHERE game_id = ? AND idx = ?")
        prefix: list[Row] = []
        while True:
            row = self._query(one, (game_id, len(prefix)))
            if not row:
                return prefix
            prefix.extend(row)


def _merged(first: Iterable[Row], then: Iterable[Row], table: Table) -> dict[Row, Row]:
    """Rows by primary key, the first source's winning (the backup only fills gaps)."""
    out: dict[Row, Row] = {}
    for row in (*first, *then):
        out.setdefault(table.pk(row), row)
    return out


def _result_events(result: object) -> int | None:
    """How many events a finished game's stored summary says it has (None: not said)."""
    try:
        summary = json.loads(result) if isinstance(result, str) else None
    except (ValueError, RecursionError):
        return None
    events = summary.get("events") if isinstance(summary, dict) else None
    return events if isinstance(events, int) and not isinstance(events, bool) else None


def _order(value: object) -> tuple[int, float, str]:
    """Integers in order, then anything else an edited row may hold."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return 0, value, ""
    return 1, 0.0, str(value)


def _insert(db: Database, table: Table, rows: Iterable[Row]) -> None:
    marks = ", ".join("?" * len(table.columns))
    db.conn.executemany(f"INSERT OR IGNORE INTO {table.name} ({', '.join(table.columns)}) "
                        f"VALUES ({marks})", list(rows))


def salvage(damaged: sqlite3.Connection, backup: sqlite3.Connection | None, into: Database,
            progress: Callable[[int, int], None] | None = None) -> Salvaged:
    """Copy every readable row of ``damaged`` (and what only ``backup`` still has) into the
    new, empty library ``into``; ``progress(done, total)`` after each game."""
    source = Source(damaged)
    spare = Source(backup) if backup is not None else None

    def both(table: Table, hints: Iterable[int] = ()) -> dict[Row, Row]:
        return _merged(source.rows(table, hints), spare.rows(table) if spare else (), table)

    states = both(HOI_STATE)
    spare_games = spare.rows(GAMES) if spare else []
    mine = {r[0]: r for r in source.rows(GAMES, [k[0] for k in states]
                                         + [r[0] for r in spare_games])}
    games = _merged(mine.values(), spare_games, GAMES)
    sessions = both(SESSIONS, {r[1] for r in games.values() if isinstance(r[1], int)})
    for row in sorted(games.values(), key=lambda r: _order(r[2])):
        # a lost hội made again from its first game: its rules, players and game (the thông
        # carried into it, C2, is kept with its games' states)
        sessions.setdefault((row[1],), (row[1], row[3], row[4], row[5], None, row[11], None))
    cut = from_backup = 0
    conn = into.conn
    conn.execute("PRAGMA foreign_keys = OFF")  # rows whose parent a check refused: see below
    with write_transaction(into):
        _insert(into, SESSIONS, sessions.values())
        for done, (key, row) in enumerate(sorted(games.items(), key=lambda kv: _order(kv[0][0]))):
            gid = key[0]
            own = source.of_game(EVENTS, gid)
            events = _merged(own, spare.of_game(EVENTS, gid) if spare else (), EVENTS)
            whole = 0  # a game goes on only from a whole beginning: none after a gap
            while (gid, whole) in events:
                whole += 1
            said = _result_events(row[10]) if row[9] == "over" else None
            complete = whole == len(events) and (row[9] != "over" or said in (None, whole))
            from_backup += gid not in mine or len({EVENTS.pk(r) for r in own}) < whole
            if not complete:
                cut += 1
                row = (*row[:9], "playing", None, *row[11:])
            _insert(into, GAMES, [row])
            _insert(into, EVENTS, (events[(gid, i)] for i in range(whole)))
            state = states.get((gid,))
            if state is not None:
                _insert(into, HOI_STATE, [state if complete else (*state[:2], None)])
            if complete:
                for table in CACHES:
                    _insert(into, table, _merged(
                        source.of_game(table, gid),
                        spare.of_game(table, gid) if spare else (), table).values())
            if progress is not None:
                progress(done + 1, len(games))
        # what a check of the new schema refused takes its children with it
        conn.execute("DELETE FROM events WHERE game_id NOT IN (SELECT id FROM games)")
        for table in (HOI_STATE, *CACHES):
            conn.execute(f"DELETE FROM {table.name} WHERE game_id NOT IN (SELECT id FROM games)")
        conn.execute("DELETE FROM annotation_counts WHERE NOT EXISTS (SELECT 1 FROM analysis a "
                     "WHERE a.game_id = annotation_counts.game_id AND a.engine_version = "
                     "annotation_counts.engine_version AND a.rules = annotation_counts.rules)")
    conn.execute("PRAGMA foreign_keys = ON")
    count = int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    return Salvaged(count, cut, from_backup, source.unreadable)
