"""The replay store: sessions, games and their events in SQLite (sqlite-utils), and the
analysis of each game cached by (game, engine version, rules).

Events are appended one per transaction as they happen (DESIGN.md): a crash loses at most
the move being made, and an unfinished game is rebuilt from its events and played on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from engine import __version__ as ENGINE_VERSION
from engine.actions import Action
from engine.deal import Deal
from engine.errors import BadAction
from engine.game import Game, Mode
from engine.rules import DEFAULT_RULES, LangRules
from replays.analyzer import ANALYSIS_VERSION, Doc, analyze_session
from replays.chanjson import read_file, read_players
from replays.database import connect, copied
from replays.errors import BadRecord, problem_of
from replays.files import is_database
from replays.migrations import annotation_tally
from replays.rebuild import SessionReplay, replay_session
from replays.record import GameRecord, Player, SessionRecord, default_players


def now() -> str:
    """The current time as ISO 8601 UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def rules_key(rules: LangRules) -> str:
    """The canonical text of a set of làng options (the analysis cache key)."""
    return json.dumps(rules.to_json(), sort_keys=True, separators=(",", ":"))


def result_summary(game: Game) -> dict[str, Any] | None:
    """What the games table keeps of a finished game, for listing without replaying."""
    if not game.is_over or game.outcome is None or game.settlement is None:
        return None
    s = game.settlement
    return {"kind": game.outcome.kind.value, "winner": game.outcome.winner,
            "payout": s.payout.value, "transfers": list(s.transfers), "events": len(game.record)}


_INSERT_EVENT = "INSERT INTO events (game_id, idx, seat, act, data) VALUES (?, ?, ?, ?, ?)"


def _event_row(game_id: int, index: int, action: Action) -> tuple[int, int, int, str, str]:
    return (game_id, index, action.seat, action.act.value,
            json.dumps(action.to_json(), separators=(",", ":")))


class Store:
    """One replay database, opened for reading and writing."""

    def __init__(self, db: Database, path: Path, name: str | None = None) -> None:
        self.db = db
        self.path = path
        self.name = str(path) if name is None else name  # what messages call it

    @classmethod
    def open(cls, path: Path, name: str | None = None, check: bool = False) -> Store:
        """Open or create the database at ``path`` (BadFile if it must not be touched)."""
        return cls(connect(Path(path), name, check), Path(path), name)

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

    def new_session(self, rules: LangRules = DEFAULT_RULES,
                    players: Iterable[Player] | None = None, thong_seat: int | None = None,
                    created_at: str | None = None) -> int:
        """Start a hội; returns its id."""
        people = tuple(players) if players is not None else default_players()
        with self.db.atomic():
            cur = self.db.execute(
                "INSERT INTO sessions (created_at, rules, players, thong_seat) VALUES (?,?,?,?)",
                (created_at or now(), json.dumps(rules.to_json()),
                 json.dumps([p.to_json() for p in people], ensure_ascii=False), thong_seat))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def new_game(self, session_id: int, deal: Deal, mode: Mode = Mode.REAL,
                 started_at: str | None = None, engine_version: str = ENGINE_VERSION) -> int:
        """Add the next game of a session, before its first event; returns its id."""
        with self.db.atomic():
            row = self.db.execute("SELECT rules, players, (SELECT COUNT(*) FROM games WHERE "
                                  "session_id = ?) FROM sessions WHERE id = ?",
                                  (session_id, session_id)).fetchone()
            if row is None:
                raise KeyError(f"no session {session_id}")
            cur = self.db.execute(
                "INSERT INTO games (session_id, position, started_at, rules, players, deal, "
                "mode, engine_version, status) VALUES (?,?,?,?,?,?,?,?, 'playing')",
                (session_id, row[2], started_at or now(), row[0], row[1],
                 json.dumps(deal.to_json()), mode.value, engine_version))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, index: int, action: Action,
               finished: Game | None = None) -> None:
        """Store one recorded event, in its own transaction; with ``finished`` (the game it
        ended) the game is marked over in the same transaction."""
        with self.db.atomic():
            self.db.conn.execute(_INSERT_EVENT, _event_row(game_id, index, action))
            if finished is not None:
                self._mark_over(game_id, finished)

    def finish(self, game_id: int, game: Game) -> None:
        """Mark a game over (when it ended without a new event: the nọc stop, R4.9)."""
        with self.db.atomic():
            self._mark_over(game_id, game)

    def _mark_over(self, game_id: int, game: Game) -> None:
        self.db.conn.execute("UPDATE games SET status = 'over', result = ? WHERE id = ?",
                             (json.dumps(result_summary(game)), game_id))

    # ------------------------------------------------------------------------- reading

    def game_ids(self) -> list[int]:
        """Every game, oldest first (the order ``analyze --game N`` counts in)."""
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY id")]

    def unfinished_games(self) -> list[int]:
        """Games still in play (or interrupted), oldest first."""
        return [r[0] for r in self.db.execute(
            "SELECT id FROM games WHERE status = 'playing' ORDER BY id")]

    def locate(self, game_id: int) -> tuple[int, int]:
        """(session id, position in the session) of a game; KeyError if there is none."""
        row = self.db.execute("SELECT session_id, position FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        return row[0], row[1]

    def session(self, session_id: int, upto: int | None = None) -> SessionRecord:
        """The record of a session (its games up to position ``upto`` included)."""
        row = self.db.execute("SELECT rules, players, thong_seat, created_at FROM sessions "
                              "WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(f"no session {session_id}")
        try:
            rules = LangRules.from_json(json.loads(row[0]))
            players = read_players(json.loads(row[1]))
        except ValueError as e:  # BadRules, or a row that is not JSON (an edited database)
            raise BadRecord([problem_of(e, None, None, "rules")], self._by_id) from None
        rows = self.db.execute(
            "SELECT id, deal, mode, engine_version, started_at, status FROM games "
            "WHERE session_id = ? AND position <= ? ORDER BY position",
            (session_id, upto if upto is not None else 1 << 62)).fetchall()
        games = tuple(self._game(r, rules, len(players)) for r in rows)
        return SessionRecord(rules=rules, players=players, games=games, thong_seat=row[2],
                             created_at=row[3])

    def _game(self, row: tuple[Any, ...], rules: LangRules, players: int) -> GameRecord:
        gid, deal_text, mode, version, started, status = row
        try:
            deal = Deal.from_json(json.loads(deal_text), players, rules)
        except ValueError as e:  # BadDeal, or a row that is not JSON
            raise BadRecord([problem_of(e, gid, None, "deal")], self._by_id) from None
        actions: list[Action] = []
        for i, (idx, data) in enumerate(self.db.execute(
                "SELECT idx, data FROM events WHERE game_id = ? ORDER BY idx", (gid,))):
            try:
                if idx != i:
                    raise BadAction(f"event {i} is missing (the next stored is {idx})")
                actions.append(Action.from_json(json.loads(data)))
            except ValueError as e:  # BadAction, or a row that is not JSON
                raise BadRecord([problem_of(e, gid, i, "events")], self._by_id) from None
        return GameRecord(deal=deal, actions=tuple(actions), mode=Mode(mode),
                          unfinished=status != "over", engine_version=version,
                          started_at=started)

    @property
    def _by_id(self) -> str:
        return f"{self.name} (games by id)"

    def _located(self, error: BadRecord, session_id: int) -> BadRecord:
        """The problems of a replayed session, with games named by their ids."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM games WHERE session_id = ? "
                                              "ORDER BY position", (session_id,))]
        return BadRecord([replace(p, game=ids[p.game] if p.game is not None else None)
                          for p in error.problems], self._by_id)

    def _replay(self, session_id: int, record: SessionRecord) -> SessionReplay:
        try:
            return replay_session(record)
        except BadRecord as e:
            raise self._located(e, session_id) from None

    def analyze_record(self, session_id: int, record: SessionRecord,
                       rules: LangRules | None = None) -> list[Doc]:
        """The documents of a session read from this store (up to any game), the problems
        of a record the engine cannot replay naming the games by their ids."""
        try:
            return analyze_session(record, rules)
        except BadRecord as e:
            raise self._located(e, session_id) from None

    def sessions(self) -> list[int]:
        """Every session id, oldest first."""
        return [r[0] for r in self.db.execute("SELECT id FROM sessions ORDER BY id")]

    # ------------------------------------------------------------------------- games

    def resume(self, game_id: int) -> Game:
        """Rebuild a game from its deal and stored events, exactly where it stopped."""
        session_id, position = self.locate(game_id)
        return self._replay(session_id, self.session(session_id, position)).games[position]

    def export_game(self, game_id: int) -> SessionRecord:
        """A one-game session record of a game, carrying the thông seat it was played with."""
        session_id, position = self.locate(game_id)
        record = self.session(session_id, position)
        thong = self._replay(session_id, record).games[position].thong_seat
        return SessionRecord(rules=record.rules, players=record.players,
                             games=record.games[position:], thong_seat=thong,
                             created_at=record.created_at)

    def import_session(self, record: SessionRecord, replayed: Sequence[Game] | None = None
                       ) -> tuple[int, list[int]]:
        """Store a whole session record in one transaction, checked by replaying it; or
        ``replayed``: its games as the caller has already rebuilt them, one per game."""
        games = replay_session(record).games if replayed is None else replayed
        ids: list[int] = []
        with self.db.atomic():
            sid = self.new_session(record.rules, record.players, record.thong_seat,
                                   record.created_at)
            for g, game in zip(record.games, games, strict=True):
                gid = self.new_game(sid, g.deal, g.mode, g.started_at,
                                    g.engine_version or ENGINE_VERSION)
                self.db.conn.executemany(_INSERT_EVENT, [_event_row(gid, i, a)
                                                         for i, a in enumerate(g.actions)])
                if game.is_over and not g.unfinished:
                    self._mark_over(gid, game)
                ids.append(gid)
        return sid, ids

    # ------------------------------------------------------------------------- analysis

    def analysis(self, game_id: int, rules: LangRules | None = None,
                 cache: bool = True) -> Doc:
        """The analysis document of one game (``index`` = its position in its session)."""
        session_id, position = self.locate(game_id)
        record = self.session(session_id, position)
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
        doc = self.analyze_record(session_id, record, rules)[position]
        if cache and not record.games[position].unfinished:
            self.cache_analysis(game_id, key, doc)
        return doc

    def cache_analysis(self, game_id: int, key: str, doc: Doc) -> None:
        """Keep a finished game's document under (engine version, rules ``key``), with its
        annotation counts (migration m003), in one transaction."""
        with self.db.atomic():
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



def read_sessions(path: Path) -> list[SessionRecord]:
    """Every hội of a file the user named: each session of a replay database (read from a
    private copy) or the one of a .chan.json file; the file itself is never changed."""
    if is_database(path):
        with Store.open_copy(path) as source:
            return [source.session(sid) for sid in source.sessions()]
    return [read_file(path)]
