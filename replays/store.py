"""The replay store: sessions, games and their events in SQLite (sqlite-utils), and the
analysis of each game cached by (game, engine version, rules).

Events are appended one per transaction as they happen (DESIGN.md): a crash loses at most
the move being made, and an unfinished game is rebuilt from its events and played on.
Every write takes the write lock up front (``write_transaction``: BEGIN IMMEDIATE), so it
waits for another writer — a batch analysis, an import, another program — up to the busy
timeout instead of failing at once (issue 13).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from engine import __version__ as ENGINE_VERSION
from engine.actions import Action
from engine.chan import DEFAULT_RULES
from engine.errors import BadAction
from engine.game import Game, Mode
from engine.ruleset import DEFAULT_GAME
from engine.session import GameResult
from replays.advice import (
    ADVICE_VERSION,
    ADVISER,
    Advice,
    DecisionPoint,
    advice_from_json,
    advice_json,
)
from replays.analyzer import ANALYSIS_VERSION, Doc, analyze_session
from replays.chanjson import read_file, read_players
from replays.columns import (
    PARSE_ERRORS,
    BadColumn,
    choice_column,
    fits_row_id,
    json_column,
    position_column,
    problem,
    seat_column,
    text_column,
)
from replays.database import connect, connect_read_only, copied, write_transaction
from replays.errors import BadRecord, Problem
from replays.files import is_database
from replays.games import RecordGame, game_of_rules, known_games, record_game
from replays.hoi import HoiState, after_and_result, first_state, record_states, states_of
from replays.migrations import annotation_tally
from replays.names import NameNotice
from replays.rebuild import SessionReplay, Watcher, replay_session
from replays.record import Carried, GameRecord, Player, SessionRecord, default_players


def now() -> str:
    """The current time as ISO 8601 UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def rules_key(rules: Any) -> str:
    """The canonical text of a set of làng options (the analysis cache key)."""
    return json.dumps(rules.to_json(), sort_keys=True, separators=(",", ":"))


def result_summary(game: Game[Any], result: GameResult | None = None) -> dict[str, Any] | None:
    """What the games table keeps of a finished game, for listing without replaying (its
    game's adapter says what: replays.games; ``result``: what the game gave its hội)."""
    return record_game(game_of_rules(game.rules)).summary(game, result)


def carried_text(carried: Carried | None) -> str | None:
    """The sessions.carried column (m006) of what a hội carries into its first game."""
    if carried is None:
        return None
    return json.dumps({"pool": carried.pool, "debts": list(carried.debts)},
                      separators=(",", ":"))


_INSERT_EVENT = "INSERT INTO events (game_id, idx, seat, act, data) VALUES (?, ?, ?, ?, ?)"


def _event_row(game_id: int, index: int, action: Action) -> tuple[int, int, int, str, str]:
    return (game_id, index, action.seat, action.act.value,
            json.dumps(action.to_json(), separators=(",", ":")))


class Store:
    """One replay database, opened for reading and writing."""

    def __init__(self, db: Database, path: Path, name: str | None = None,
                 read_only: bool = False) -> None:
        self.db = db
        self.path = path
        self.name = str(path) if name is None else name  # what messages call it
        self.read_only = read_only  # SQLite refuses every write (another program writes)

    @classmethod
    def open(cls, path: Path, name: str | None = None, check: bool = False) -> Store:
        """Open or create the database at ``path`` (BadFile if it must not be touched)."""
        return cls(connect(Path(path), name, check), Path(path), name)

    @classmethod
    def open_read_only(cls, path: Path, name: str | None = None) -> Store:
        """Open the database another program of ours is writing, for reading only
        (desktop.instance); BadFile if it cannot be read as it is."""
        return cls(connect_read_only(Path(path), name), Path(path), name, read_only=True)

    @classmethod
    @contextmanager
    def open_copy(cls, path: Path) -> Iterator[Store]:
        """Read a database the user named without ever changing it: work on a private copy."""
        with copied(Path(path)) as copy:
            store = cls.open(copy, name=str(path), check=True)
            try:
                yield store
            finally:
                store.close()

    def close(self) -> None:
        """Close the database (SQLite checkpoints the write-ahead log)."""
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------------- writing

    def new_session(self, rules: Any = DEFAULT_RULES,
                    players: Iterable[Player] | None = None, thong_seat: int | None = None,
                    created_at: str | None = None, game: str | None = None,
                    carried: Carried | None = None) -> int:
        """Start a hội of ``game`` (FORMATS ``game``; by default the game whose làng options
        ``rules`` are); ``carried``: what its first game inherits from a hội it was taken
        from (Tổ tôm's pool and debts). Returns its id."""
        name = game or game_of_rules(rules)
        if game_of_rules(rules) != name:
            raise ValueError(f"the rules {rules!r} are not the làng options of {name!r}")
        people = tuple(players) if players is not None else \
            default_players(record_game(name).seat_count(rules, None))
        values = (created_at or now(), json.dumps(rules.to_json()),
                  json.dumps([p.to_json() for p in people], ensure_ascii=False), thong_seat)
        with write_transaction(self.db):
            if self._knows_games:
                cur = self.db.execute(
                    "INSERT INTO sessions (created_at, rules, players, thong_seat, game, "
                    "carried) VALUES (?,?,?,?,?,?)", (*values, name, carried_text(carried)))
            else:  # a schema before m006 (being migrated) holds only Chắn
                cur = self.db.execute("INSERT INTO sessions (created_at, rules, players, "
                                      "thong_seat) VALUES (?,?,?,?)", values)
        assert cur.lastrowid is not None
        return cur.lastrowid

    def new_game(self, session_id: int, deal: Any, mode: Mode = Mode.REAL,
                 started_at: str | None = None, engine_version: str = ENGINE_VERSION) -> int:
        """Add the next game of a session, before its first event; returns its id."""
        game = ", game" if self._knows_games else ""
        with write_transaction(self.db):
            row = self.db.execute("SELECT rules, players, (SELECT COUNT(*) FROM games WHERE "
                                  f"session_id = ?){game} FROM sessions WHERE id = ?",
                                  (session_id, session_id)).fetchone()
            if row is None:
                raise KeyError(f"no session {session_id}")
            cur = self.db.execute(
                "INSERT INTO games (session_id, position, started_at, rules, players, deal, "
                f"mode, engine_version, status{game}) VALUES (?,?,?,?,?,?,?,?, 'playing'"
                f"{', ?' if game else ''})",
                (session_id, row[2], started_at or now(), row[0], row[1],
                 json.dumps(deal.to_json()), mode.value, engine_version, *row[3:]))
            assert cur.lastrowid is not None
            self._start_state(cur.lastrowid, session_id, row[2], deal, row[1])
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, index: int, action: Action[Any],
               finished: Game[Any] | None = None) -> None:
        """Store one recorded event, in its own transaction; with ``finished`` (the game it
        ended) the game is marked over in the same transaction."""
        with write_transaction(self.db):
            self.db.conn.execute(_INSERT_EVENT, _event_row(game_id, index, action))
            if finished is not None:
                self._mark_over(game_id, finished)

    def finish(self, game_id: int, game: Game[Any]) -> None:
        """Mark a game over (when it ended without a new event: the nọc stop, R4.9)."""
        with write_transaction(self.db):
            self._mark_over(game_id, game)

    def _mark_over(self, game_id: int, game: Game[Any]) -> None:
        result = self._end_state(game_id, game)
        self.db.conn.execute("UPDATE games SET status = 'over', result = ? WHERE id = ?",
                             (json.dumps(result_summary(game, result)), game_id))

    # ------------------------------------------------------------------------- hội state

    @property
    def _keeps_states(self) -> bool:
        """Whether the database has migration m004's table (a Store is made on an older
        schema only while it is being migrated, and by tests of migrations)."""
        kept = self.__dict__.get("_has_hoi_state")
        if kept is None:
            kept = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                                   "name = 'hoi_state'").fetchone() is not None
            self.__dict__["_has_hoi_state"] = kept
        return bool(kept)

    @property
    def _knows_games(self) -> bool:
        """Whether the database has migration m006's columns (the game of each hội)."""
        known = self.__dict__.get("_has_game")
        if known is None:
            known = any(r[1] == "game" for r in self.db.execute("PRAGMA table_info(sessions)"))
            self.__dict__["_has_game"] = known
        return bool(known)

    def _start_state(self, game_id: int, session_id: int, position: int, deal: Any,
                     players_text: str) -> None:
        """Keep the hội's state before a new game (m004, replays.hoi), from the state the
        game before it left (or the hội's start); none if that is not known: the game is
        then replayed with its hội when opened, and its state kept then."""
        if not self._keeps_states:
            return
        try:
            players = len(json.loads(players_text))
        except (TypeError, ValueError, RecursionError):
            return
        state = self._kept_next_state(session_id, position, deal, players)
        if state is not None:
            self.db.conn.execute("INSERT OR REPLACE INTO hoi_state (game_id, before, after) "
                                 "VALUES (?, ?, NULL)", (game_id, state.to_text()))

    def _kept_next_state(self, session_id: int, position: int, deal: Any,
                         players: int) -> HoiState | None:
        """The state before the hội's game at ``position`` dealt ``deal``, from the state kept
        with the game before it (or the hội's start), nothing replayed; None if not known."""
        state: HoiState | None
        kind = self._kind_of(session_id)
        if kind is None:
            return None
        if position == 0:
            try:  # an edited sessions row may hold anything: then no state is kept
                header = self.session(session_id, upto=-1)
                state = HoiState.from_text(first_state(
                    players, header.thong_seat, kind.first_picker(deal), header.rules,
                    header.game, header.carried).to_text(), players)
            except (*PARSE_ERRORS, BadRecord):
                state = None
        else:
            prev = self.db.execute(
                "SELECT g.status, h.before, h.after FROM games g LEFT JOIN hoi_state h "
                "ON h.game_id = g.id WHERE g.session_id = ? AND g.position = ?",
                (session_id, position - 1)).fetchone()
            state = None if prev is None else HoiState.from_text(prev[2], players)
            if state is None and prev is not None and prev[0] == "playing":
                before = HoiState.from_text(prev[1], players)  # not over: it adds nothing
                state = None if before is None else replace(before, thong_seat=None,
                                                            chained=False)
        return state if state is not None and kind.state_fits(state) else None

    def _kind_of(self, session_id: int) -> RecordGame | None:
        """The game of a hội (None: no such hội, or a game this version does not know)."""
        if not self._knows_games:
            return record_game()
        row = self.db.execute("SELECT game FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None or row[0] not in known_games():
            return None
        return record_game(row[0])

    def _end_state(self, game_id: int, game: Game[Any]) -> GameResult | None:
        """Keep the hội's state after a game just over; the games of its hội started after
        it while it was unfinished lose theirs (it now counts: they are replayed). What the
        game gave its hội (None when its state before is not kept)."""
        if not self._keeps_states:
            return None
        row = self.db.execute("SELECT g.session_id, g.position, h.before FROM games g LEFT "
                              "JOIN hoi_state h ON h.game_id = g.id WHERE g.id = ?",
                              (game_id,)).fetchone()
        if row is None:
            return None
        self.db.conn.execute("DELETE FROM hoi_state WHERE game_id IN (SELECT id FROM games "
                             "WHERE session_id = ? AND position > ?)", (row[0], row[1]))
        before = HoiState.from_text(row[2], len(game.hist))
        if before is None:
            return None
        name = game_of_rules(game.rules)
        try:  # only a cache: the move that ended the game is written all the same
            nxt, result = after_and_result(before, game, game.rules, name)
        except (ValueError, TypeError, KeyError):
            self.db.conn.execute("DELETE FROM hoi_state WHERE game_id = ?", (game_id,))
            return None
        self.db.conn.execute("UPDATE hoi_state SET after = ? WHERE game_id = ?",
                             (nxt.to_text(), game_id))
        return result

    def _keep_states(self, rows: Iterable[tuple[int, HoiState, HoiState]]) -> None:
        """Store (game id, state before, state after) rows, replacing what was there."""
        if not self._keeps_states:
            return
        self.db.conn.executemany(
            "INSERT OR REPLACE INTO hoi_state (game_id, before, after) VALUES (?, ?, ?)",
            [(gid, before.to_text(), nxt.to_text()) for gid, before, nxt in rows])

    def hoi_state(self, game_id: int) -> HoiState:
        """The hội's state before a game (its totals, next picker and thông, replays.hoi):
        the one kept with the game, or, when it is missing or unreadable, the one replaying
        its hội gives (then kept for next time). KeyError: no such game; BadRecord: the hội
        cannot be replayed."""
        session_id, position = self.locate(game_id)
        header = self.session(session_id, upto=-1)
        row = self.db.execute("SELECT before FROM hoi_state WHERE game_id = ?",
                              (game_id,)).fetchone() if self._keeps_states else None
        state = None if row is None else HoiState.from_text(row[0], len(header.players))
        if state is not None and record_game(header.game).state_fits(state):
            return state
        return self._replayed_state(session_id, position)

    def next_hoi_state(self, session_id: int, deal: Any) -> HoiState:
        """The hội's state before its next game, dealt ``deal`` (the thông it is played with,
        C2): the one its last game left (kept, as ``new_game`` keeps it with the new game),
        or, when that is missing or unreadable, the one replaying the hội gives (then kept
        for next time). KeyError: no such hội; BadRecord: the hội cannot be replayed."""
        header = self.session(session_id, upto=-1)
        position, last = self.db.execute("SELECT COUNT(*), MAX(position) FROM games WHERE "
                                         "session_id = ?", (session_id,)).fetchone()
        state = self._kept_next_state(session_id, position, deal, len(header.players)) \
            if self._keeps_states else None
        if state is not None:
            return state
        if position == 0:
            return first_state(len(header.players), header.thong_seat,
                               record_game(header.game).first_picker(deal), header.rules,
                               header.game, header.carried)
        return self._replayed_state(session_id, last, after=True)  # after its last game

    def _replayed_state(self, session_id: int, position: int, after: bool = False
                        ) -> HoiState:
        """Replay a hội up to ``position``, one game at a time; keep every game's state.
        The state before that game (``after``: the state it leaves)."""
        record = self.session(session_id, position)
        ids = [r[0] for r in self.db.execute(
            "SELECT id FROM games WHERE session_id = ? AND position <= ? ORDER BY position",
            (session_id, position))]
        rows: list[tuple[int, HoiState, HoiState]] = []
        try:
            for gid, (before, _, nxt) in zip(ids, record_states(record), strict=True):
                rows.append((gid, before, nxt))
        except BadRecord as e:
            raise self._located(e, session_id) from None
        try:  # only a cache: a locked or read-only database is read all the same
            with write_transaction(self.db):
                self._keep_states(rows)
        except sqlite3.Error:
            pass
        return rows[-1][2] if after else rows[-1][1]

    def game_alone(self, game_id: int) -> tuple[int, int, SessionRecord]:
        """(session id, position, the record of the game alone): its hội's header with only
        this game, carrying the thông it is played with (``thong_seat``), so that replaying
        or analysing it costs the same for game 1 and game 10,000 of a hội."""
        return self.game_and_state(game_id)[:3]

    def game_and_state(self, game_id: int) -> tuple[int, int, SessionRecord, HoiState]:
        """``game_alone`` and the hội's state before the game (its totals, R9.2)."""
        session_id, position = self.locate(game_id)
        state = self.hoi_state(game_id)
        header = self.session(session_id, upto=-1)
        row = self.db.execute("SELECT id, deal, mode, engine_version, started_at, status "
                              "FROM games WHERE id = ?", (game_id,)).fetchone()
        game = self._game(row, header.rules, len(header.players), record_game(header.game))
        return session_id, position, replace(header, games=(game,),
                                             thong_seat=state.thong_seat,
                                             carried=state.carried), state

    def replay_alone(self, game_id: int, record: SessionRecord,
                     watcher: Watcher | None = None) -> Game[Any]:
        """The one game of a ``game_alone`` record, rebuilt (its problems name the game)."""
        try:
            return replay_session(record, watch=lambda _: watcher).games[0]
        except BadRecord as e:
            raise self.named(e, game_id) from None

    def named(self, error: BadRecord, game_id: int) -> BadRecord:
        """The problems of a ``game_alone`` record, naming the game by its id."""
        return BadRecord([replace(p, game=game_id if p.game is not None else None)
                          for p in error.problems], self._by_id)

    # ------------------------------------------------------------------------- reading

    def game_ids(self) -> list[int]:
        """Every game, oldest first (the order ``analyze --game N`` counts in)."""
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY id")]

    def unfinished_games(self) -> list[int]:
        """Games still in play (or interrupted), oldest first."""
        return [r[0] for r in self.db.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY id")]

    def locate(self, game_id: int) -> tuple[int, int]:
        """(session id, position in the session) of a game; KeyError if there is none,
        BadRecord if the row cannot be a game's (no such hội, a position that is no place)."""
        if not fits_row_id(game_id):  # 99999999999999999999: no row can have that id
            raise KeyError(game_id)
        row = self.db.execute("SELECT g.session_id, g.position, s.id FROM games g LEFT JOIN "
                              "sessions s ON s.id = g.session_id WHERE g.id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        if row[2] is None:
            raise BadRecord([Problem(game_id, None, "session",
                                     f"belongs to hội {row[0]!r}, which is not in the database",
                                     f"thuộc hội {row[0]!r}, nhưng hội này không có trong cơ "
                                     f"sở dữ liệu")], self._by_id)
        try:
            return row[0], position_column(row[1])
        except BadColumn as e:
            raise BadRecord([problem(e, game_id, None, "position")], self._by_id) from None

    def session(self, session_id: int, upto: int | None = None) -> SessionRecord:
        """The record of a session (its games up to position ``upto`` included); every
        column read as untrusted (replays.columns): BadRecord names what an edited database
        holds instead of a hội."""
        if not fits_row_id(session_id):
            raise KeyError(f"no session {session_id}")
        more = ", game, carried" if self._knows_games else ""
        row = self.db.execute(f"SELECT rules, players, thong_seat, created_at{more} FROM "
                              "sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(f"no session {session_id}")
        part = "ruleset"
        carried: Carried | None = None
        try:
            kind = record_game(choice_column(row[4], "game", known_games()) if more
                               else DEFAULT_GAME)
            part = "rules"
            rules = kind.read_rules(json_column(row[0], "rules"))
            part = "players"
            notices: list[NameNotice] = []
            players = read_players(json_column(row[1], "players"), notices, session_id, kind,
                                   rules)
            part = "thong_seat"
            thong = seat_column(row[2], "thong_seat", len(players))
            part = "session"
            created = text_column(row[3], "created_at")
            if more and row[5] is not None:
                part = "carried"
                raw = json_column(row[5], "carried")
                carried, wrong = kind.read_carried(raw if isinstance(raw, dict) else {"pool": raw},
                                                   len(players))
                if wrong:
                    raise BadRecord([Problem(None, None, "carried", en, vi)
                                     for _, en, vi in wrong])
        except BadRecord as e:
            raise e.located(self._by_id) from None
        except PARSE_ERRORS as e:  # BadRules, or a row that is not JSON (an edited database)
            raise BadRecord([problem(e, None, None, part)], self._by_id) from None
        rows = self.db.execute(
            "SELECT id, deal, mode, engine_version, started_at, status, position FROM games "
            "WHERE session_id = ? AND position <= ? ORDER BY position",
            (session_id, upto if upto is not None else 1 << 62)).fetchall()
        for i, r in enumerate(rows):  # game N of a hội is at position N: none missing
            if r[6] != i:
                raise BadRecord([Problem(
                    r[0], None, "position",
                    f"'position' is {r[6]!r}, but it is game {i} of its hội (a game before "
                    f"it is missing, or the database was edited)",
                    f"'position' là {r[6]!r}, nhưng đây là ván {i} của hội (thiếu một ván "
                    f"trước nó, hoặc cơ sở dữ liệu đã bị sửa)")], self._by_id)
        games = tuple(self._game(r[:6], rules, len(players), kind) for r in rows)
        return SessionRecord(rules=rules, players=players, games=games, thong_seat=thong,
                             created_at=created, notices=tuple(notices), game=kind.name,
                             carried=carried)

    def _game(self, row: tuple[Any, ...], rules: Any, players: int,
              kind: RecordGame | None = None) -> GameRecord:
        kind = kind if kind is not None else record_game()
        gid, deal_text, mode_text, version_text, started_text, status_text = row
        part = "deal"
        try:
            deal = kind.read_deal(json_column(deal_text, "deal"), players, rules)
            part = "mode"
            mode = Mode(choice_column(mode_text, "mode", (m.value for m in Mode)))
            part = "status"
            status = choice_column(status_text, "status", ("playing", "over"))
            part = "game"
            version = text_column(version_text, "engine_version")
            started = text_column(started_text, "started_at")
        except PARSE_ERRORS as e:  # BadDeal, or a row that is not what it should be
            raise BadRecord([problem(e, gid, None, part)], self._by_id) from None
        actions: list[Action[Any]] = []
        for i, (idx, data) in enumerate(self.db.execute(
                "SELECT idx, data FROM events WHERE game_id = ? ORDER BY idx", (gid,))):
            try:
                if idx != i:
                    raise BadAction(f"event {i} is missing (the next stored is {idx!r})")
                actions.append(kind.read_action(json_column(data, "data")))
            except PARSE_ERRORS as e:  # BadAction, or a row that is not JSON
                raise BadRecord([problem(e, gid, i, "events")], self._by_id) from None
        return GameRecord(deal=deal, actions=tuple(actions), mode=mode,
                          unfinished=status != "over", engine_version=version,
                          started_at=started)

    @property
    def _by_id(self) -> str:
        return f"{self.name} (games by id)"

    def _located(self, error: BadRecord, session_id: int) -> BadRecord:
        """The problems of a replayed session, with games named by their ids."""
        ids = self.games_of(session_id) or []
        return BadRecord([replace(p, game=ids[p.game] if p.game is not None else None)
                          for p in error.problems], self._by_id)

    def _replay(self, session_id: int, record: SessionRecord) -> SessionReplay:
        try:
            return replay_session(record)
        except BadRecord as e:
            raise self._located(e, session_id) from None

    def analyze_record(self, session_id: int, record: SessionRecord,
                       rules: Any = None) -> list[Doc]:
        """The documents of a session read from this store (up to any game), the problems
        of a record the engine cannot replay naming the games by their ids."""
        try:
            return analyze_session(record, rules)
        except BadRecord as e:
            raise self._located(e, session_id) from None

    def sessions(self) -> list[int]:
        """Every session id, oldest first."""
        return [r[0] for r in self.db.execute("SELECT id FROM sessions ORDER BY id")]

    def games_of(self, session_id: int) -> list[int] | None:
        """The ids of a session's games in play order (its ván 1 first); None: no such
        session."""
        if not fits_row_id(session_id) or self.db.execute(
                "SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
            return None
        return [r[0] for r in self.db.execute(
            "SELECT id FROM games WHERE session_id = ? ORDER BY position", (session_id,))]

    # ------------------------------------------------------------------------- games

    def resume(self, game_id: int) -> Game[Any]:
        """Rebuild a game from its deal and stored events, exactly where it stopped."""
        return self.replay_alone(game_id, self.game_alone(game_id)[2])

    def export_game(self, game_id: int) -> SessionRecord:
        """A one-game session record of a game, carrying the thông seat it was played with
        (checked by replaying the game)."""
        record = self.game_alone(game_id)[2]
        self.replay_alone(game_id, record)
        return record

    def import_session(self, record: SessionRecord,
                       replayed: Sequence[Game[Any]] | None = None) -> tuple[int, list[int]]:
        """Store a whole session record in one transaction, checked by replaying it; or
        ``replayed``: its games as the caller has already rebuilt them, one per game."""
        games = replay_session(record).games if replayed is None else replayed
        ids: list[int] = []
        with write_transaction(self.db):
            sid = self.new_session(record.rules, record.players, record.thong_seat,
                                   record.created_at, record.game, record.carried)
            for g, game in zip(record.games, games, strict=True):
                gid = self.new_game(sid, g.deal, g.mode, g.started_at,
                                    g.engine_version or ENGINE_VERSION)
                self.db.conn.executemany(_INSERT_EVENT, [_event_row(gid, i, a)
                                                         for i, a in enumerate(g.actions)])
                if game.is_over and not g.unfinished:
                    self._mark_over(gid, game)
                ids.append(gid)
            self._keep_states((gid, before, nxt) for gid, (before, nxt)
                              in zip(ids, states_of(record, games), strict=True))
        return sid, ids

    # ------------------------------------------------------------------------- analysis

    def analysis(self, game_id: int, rules: Any = None,
                 cache: bool = True) -> Doc:
        """The analysis document of one game (``index`` = its position in its session)."""
        session_id, position = self.locate(game_id)
        record = self.session(session_id, upto=-1)  # the header: rules and players
        key = rules_key(record.rules if rules is None else rules)
        if cache:
            row = self.db.execute("SELECT document FROM analysis WHERE game_id = ? AND "
                                  "engine_version = ? AND rules = ?",
                                  (game_id, ANALYSIS_VERSION, key)).fetchone()
            if row is not None:
                try:
                    cached: Doc = json.loads(row[0])
                    return cached
                except ValueError:
                    pass  # a damaged cache entry is made again below, never trusted
        if rules is None or rules == record.rules:  # its hội's state decides its thông
            _, _, record = self.game_alone(game_id)
            try:
                doc = {**analyze_session(record)[0], "index": position}
            except BadRecord as e:
                raise self.named(e, game_id) from None
        else:  # a what-if: thông follows the whole hội judged by those rules
            record = self.session(session_id, position)
            doc = self.analyze_record(session_id, record, rules)[position]
            record = replace(record, games=record.games[position:])
        if cache and not record.games[0].unfinished:
            self.cache_analysis(game_id, key, doc)
        return doc

    def cache_analysis(self, game_id: int, key: str, doc: Doc) -> None:
        """Keep a finished game's document under (engine version, rules ``key``), with its
        annotation counts (migration m003), in one transaction."""
        with write_transaction(self.db):
            self.db.execute("INSERT OR REPLACE INTO analysis (game_id, engine_version, "
                            "rules, created_at, document) VALUES (?,?,?,?,?)",
                            (game_id, ANALYSIS_VERSION, key, now(),
                             json.dumps(doc, ensure_ascii=False)))
            counts, seats = annotation_tally(doc)
            self.db.execute("INSERT OR REPLACE INTO annotation_counts (game_id, "
                            "engine_version, rules, counts, seats) VALUES (?,?,?,?,?)",
                            (game_id, ANALYSIS_VERSION, key, json.dumps(counts, sort_keys=True),
                             json.dumps(seats, sort_keys=True)))

    def analyses(self, game_ids: Iterable[int]) -> list[tuple[int, Doc]]:
        """Analysis documents of several games (uncached), each session replayed once."""
        wanted = list(game_ids)
        where = {gid: self.locate(gid) for gid in wanted}
        docs = {sid: self.analyze_record(sid, record)
                for sid, record in self.sessions_upto(where.values()).items()}
        return [(gid, docs[where[gid][0]][where[gid][1]]) for gid in wanted]

    def sessions_upto(self, places: Iterable[tuple[int, int]]) -> dict[int, SessionRecord]:
        """Each session holding one of ``places`` (session id, position), read once, up to
        the last of its games asked for (in the order the sessions are first named)."""
        upto: dict[int, int] = {}
        for sid, pos in places:
            upto[sid] = max(upto.get(sid, 0), pos)
        return {sid: self.session(sid, pos) for sid, pos in upto.items()}

    # ------------------------------------------------------------------------- advice

    def kept_advice(self, game_id: int, point: DecisionPoint, seat: int,
                    judge: str = ADVISER) -> Advice | None:
        """The advice kept for ``seat``'s decision ``point`` of a stored game by ``judge``
        under this ADVICE_VERSION (migration m005), or None: none kept, or a row that is
        not that decision's advice (an edited or damaged database) — made again, never
        trusted."""
        try:
            row = self.db.execute("SELECT advice FROM advice WHERE game_id = ? AND event = ? "
                                  "AND nth = ? AND seat = ? AND judge = ? AND revision = ?",
                                  (game_id, point.event, point.nth, seat, judge,
                                   ADVICE_VERSION)).fetchone()
            if row is None:
                return None
            return advice_from_json(json_column(row[0], "advice"), point, seat, judge)
        except (sqlite3.Error, *PARSE_ERRORS):
            return None

    def keep_advice(self, game_id: int, point: DecisionPoint, advice: Advice) -> None:
        """Keep the advice of a decision of a stored game (its judge's, this ADVICE_VERSION)."""
        with write_transaction(self.db):
            self.db.execute("INSERT OR REPLACE INTO advice (game_id, event, nth, seat, judge, "
                            "revision, created_at, advice) VALUES (?,?,?,?,?,?,?,?)",
                            (game_id, point.event, point.nth, advice.seat, advice.judge,
                             ADVICE_VERSION, now(),
                             json.dumps(advice_json(advice), ensure_ascii=False)))


def backfill_hoi_states(db: Database) -> None:
    """Migration m004: keep the state of every game of every hội already stored, each hội
    replayed once, one game at a time (a hội that cannot be replayed is left without)."""
    store = Store(db, Path(), "")
    for sid in store.sessions():
        try:
            header = store.session(sid, upto=-1)
            rows = db.execute("SELECT id, deal, mode, engine_version, started_at, status "
                              "FROM games WHERE session_id = ? ORDER BY position",
                              (sid,)).fetchall()
            kind = record_game(header.game)
            games = (store._game(row, header.rules, len(header.players), kind) for row in rows)
            states = [(row[0], before, nxt) for row, (before, _, nxt)
                      in zip(rows, record_states(header, games), strict=True)]
        except (BadRecord, ValueError, TypeError, KeyError, RecursionError):
            continue  # an edited hội: replayed when opened, and says what is wrong then
        store._keep_states(states)


def read_sessions(path: Path) -> list[SessionRecord]:
    """Every hội of a file the user named: each session of a replay database (read from a
    private copy) or the one of a .chan.json file; the file itself is never changed."""
    if is_database(path):
        with Store.open_copy(path) as source:
            return [source.session(sid) for sid in source.sessions()]
    return [read_file(path)]
