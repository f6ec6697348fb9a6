"""The library of saved games (issue 8): one row per game to list, sort and filter — date,
players, result, score and the annotations by kind — and importing other files as copies.

Listing reads only the games table and the annotation counts kept beside each cached
analysis (migration m003): no game is replayed and no analysis document is read, so a
thousand games list in a few tens of milliseconds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.ruleset import DEFAULT_GAME
from replays.analyzer import ANALYSIS_VERSION
from replays.chan_game import CALL_KINDS, ERROR_KINDS
from replays.columns import PARSE_ERRORS, json_column
from replays.database import write_transaction
from replays.errors import BadRecord
from replays.games import known_games, record_game
from replays.names import NameNotice, bound_seat, seat_default
from replays.rebuild import SessionReplay, replay_session
from replays.record import GameRecord, Player, SessionRecord, human_seat
from replays.store import Store, read_sessions, rules_key

# Chắn's annotation kinds that judge the call (R8) and that are errors (FORMATS.md "Annotation
# kinds"), as the library showed them before Tổ tôm; each game's are its adapter's
# (replays.games: ``call_kinds``, ``error_kinds``). The teaching notes (note_*) never count.
__all__ = ["CALL_KINDS", "ERROR_KINDS", "Imported", "LibraryRow", "RulesKeys", "current_counts",
           "game_row", "games_in", "import_copy", "import_file", "import_sessions", "library_rows",
           "list_games"]


@dataclass(frozen=True, slots=True)
class LibraryRow:
    """One saved game, as the library lists it."""

    game_id: int
    session_id: int
    position: int  # within its session (hội), from 0
    started_at: str  # ISO 8601 UTC, as stored
    names: tuple[str, ...]
    human_seat: int | None
    mode: str  # teaching | strict | real
    status: str  # playing | over
    kind: str | None  # win | draw | u_lao; None while playing
    winner: int | None
    payout: str | None
    transfers: tuple[float, ...]
    events: int  # recorded events (0 where library_rows was told not to count them)
    # Annotations by kind (every error kind of its game, 0 when absent: ERROR_KINDS for
    # Chắn) of the analysis cached for this engine version and the game's own rules; None:
    # not analysed yet.
    counts: dict[str, int] | None
    game: str = DEFAULT_GAME  # FORMATS ``game``: which game it is (migration m006)

    @property
    def local_time(self) -> str:
        """When the game started, in local time, to the minute."""
        try:
            return datetime.fromisoformat(self.started_at).astimezone().strftime(
                "%Y-%m-%d %H:%M")
        except ValueError:
            return self.started_at

    @property
    def score(self) -> float | None:
        """What the human player won or lost (None without a human or a result)."""
        if self.human_seat is None or self.human_seat >= len(self.transfers):
            return None
        return self.transfers[self.human_seat]

    @property
    def errors(self) -> int | None:
        """Every annotation that is an error (None when not analysed)."""
        return None if self.counts is None else sum(self.counts.values())


class RulesKeys:
    """The canonical rules key of each distinct games.rules text of each game (they are nearly
    all the same: parsed once each)."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], str | None] = {}

    def of(self, text: str, game: str = DEFAULT_GAME) -> str | None:
        """The key of a stored rules text of ``game``; None if it is not a valid set of its
        rules."""
        key = (text, game)
        if key not in self._known:
            try:
                rules = record_game(game).read_rules(json_column(text, "rules"))
                self._known[key] = rules_key(rules)
            except PARSE_ERRORS:  # an edited database: such a game cannot have been analysed
                self._known[key] = None
        return self._known[key]


def _players(text: str, cache: dict[str, tuple[tuple[str, ...], int | None]]
             ) -> tuple[tuple[str, ...], int | None]:
    if text in cache:
        return cache[text]
    try:
        players = json_column(text, "players")
    except PARSE_ERRORS:
        players = []
    if not isinstance(players, list):
        players = []
    # tolerant of an edited database: a seat that is not an object is an unnamed computer;
    # every name bounded as the store bounds it (issue 20: a row may hold a megabyte)
    people = tuple(Player(_name(p.get("name"), seat),
                          "human" if p.get("kind") == "human" else "ai")
                   if isinstance(p, dict) else Player(seat_default(seat), "ai")
                   for seat, p in enumerate(players))
    cache[text] = tuple(p.name for p in people), human_seat(people)
    return cache[text]


def _name(raw: object, seat: int) -> str:
    return bound_seat(raw if isinstance(raw, str) else "", seat)[0]


def _summary(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        loaded = json_column(text, "result")
    except PARSE_ERRORS:
        return {}
    return loaded if isinstance(loaded, dict) else {}


def _counts(text: str, game: str) -> dict[str, int]:
    kinds = record_game(game).error_kinds
    stored = json.loads(text)
    return {**dict.fromkeys(kinds, 0), **{k: n for k, n in stored.items() if k in kinds}}


def current_counts(store: Store, game_id: int | None = None) -> dict[int, tuple[str, str]]:
    """The annotation counts (``counts`` by kind, ``seats`` per seat: migration m003's JSON,
    as stored) of every game (or only ``game_id``) with an analysis cached by this analyzer
    (ANALYSIS_VERSION) under the game's own rules; a game not here has not been analysed
    yet."""
    keys = RulesKeys()
    one = "" if game_id is None else " WHERE g.id = ?"
    return {gid: (counts, seats) for gid, own, game, key, counts, seats in store.db.execute(
                "SELECT g.id, g.rules, g.game, c.rules, c.counts, c.seats FROM games g "
                "JOIN annotation_counts c ON c.game_id = g.id AND c.engine_version = ?" + one,
                (ANALYSIS_VERSION,) if game_id is None else (ANALYSIS_VERSION, game_id))
            if game in known_games() and keys.of(own, game) == key}


def list_games(store: Store, game: str | None = None) -> list[LibraryRow]:
    """Every game (or every game of ``game``, FORMATS ``game``: "chan", "to_tom"), newest
    first (two queries: the games, the counts of this analyzer)."""
    return library_rows(store, current_counts(store), count_events=True, game=game)


def games_in(store: Store) -> dict[str, int]:
    """How many games of each game the library holds (for a filter that offers only what
    is there), the default game first."""
    found = dict(store.db.execute("SELECT game, COUNT(*) FROM games GROUP BY game"))
    return {g: int(found[g]) for g in known_games() if g in found}


def game_row(store: Store, game_id: int) -> LibraryRow | None:
    """The library's row of one game (after it was analysed: only its counts are read)."""
    rows = library_rows(store, current_counts(store, game_id), True, game_id)
    return rows[0] if rows else None


def library_rows(store: Store, counts: Mapping[int, tuple[str, str]],
                 count_events: bool, game_id: int | None = None,
                 game: str | None = None) -> list[LibraryRow]:
    """The rows of list_games, given ``current_counts(store)`` (or the row of ``game_id``
    alone; or only the games of ``game``); without ``count_events`` every row's ``events``
    is 0 and the events table is not read (statistics never show it). A game this version
    does not know (a newer program's, or an edited row) is not listed."""
    events = "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id)" if count_events else "0"
    people: dict[str, tuple[tuple[str, ...], int | None]] = {}
    rows: list[LibraryRow] = []
    where = [*([] if game_id is None else ["g.id = ?"]), *([] if game is None else ["g.game = ?"])]
    args = [*([] if game_id is None else [game_id]), *([] if game is None else [game])]
    one = f"WHERE {' AND '.join(where)} " if where else ""
    known = known_games()
    for gid, sid, pos, started, players, mode, status, result, n, kind in store.db.execute(
            "SELECT g.id, g.session_id, g.position, g.started_at, g.players, g.mode, "
            f"g.status, g.result, {events}, g.game FROM games g {one}"
            "ORDER BY g.started_at DESC, g.id DESC", args):
        if kind not in known:
            continue
        names, human = _players(players, people)
        summary = _summary(result) if status == "over" else {}
        transfers = summary.get("transfers")
        winner = summary.get("winner")
        mine = counts.get(gid)
        rows.append(LibraryRow(
            game_id=gid, session_id=sid, position=pos, started_at=started, names=names,
            human_seat=human, mode=mode, status=status,
            kind=str(summary["kind"]) if summary.get("kind") else None,
            winner=winner if isinstance(winner, int) else None,
            payout=str(summary["payout"]) if summary.get("payout") else None,
            transfers=tuple(float(t) for t in transfers) if isinstance(transfers, list) else (),
            events=n, counts=None if mine is None else _counts(mine[0], kind), game=kind))
    return rows


# ---------------------------------------------------------------------------- importing


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _fingerprint(rules: str, deal: object, events: Iterable[object]) -> str:
    """Same deal, same events, same rules: the same game, wherever it was stored."""
    text = _canonical([rules, deal, list(events)])
    return hashlib.sha256(text.encode()).hexdigest()


def _game_print(rules: Any, game: GameRecord) -> str:
    return _fingerprint(rules_key(rules), game.deal.to_json(),
                        (a.to_json() for a in game.actions))


def _stored_prints(store: Store, deals: set[str] | None = None) -> set[str]:
    """The fingerprint of every game already in ``store`` whose deal (canonical JSON) is one
    of ``deals`` (None: every game). Only those games' events are read: a game with another
    deal cannot be the same game, and reading every event of a large library is what made
    an import slow."""
    keys = RulesKeys()
    out: set[str] = set()
    for gid, rules, deal_text, game in store.db.execute(
            "SELECT id, rules, deal, game FROM games"):
        try:  # a row an edited database made unreadable is no game: nothing it could equal
            deal = json_column(deal_text, "deal")
            if deals is not None and _canonical(deal) not in deals:
                continue
            events = [json_column(data, "data") for (data,) in store.db.execute(
                "SELECT data FROM events WHERE game_id = ? ORDER BY idx", (gid,))]
            key = keys.of(rules, game) if game in known_games() else None
            out.add(_fingerprint(key or str(rules), deal, events))
        except PARSE_ERRORS:
            continue
    return out


def _sessions_of(path: Path) -> list[tuple[SessionRecord, SessionReplay]]:
    """The sessions of a .chan.json file or of a replay database (read from a private copy:
    the user's file is never changed), each checked by replaying it."""
    records = read_sessions(path)
    try:
        return [(record, replay_session(record)) for record in records]
    except BadRecord as e:
        raise e.located(str(path)) from None


Run = tuple[SessionRecord, tuple[Game[Any], ...]]


def _new_runs(record: SessionRecord, replay: SessionReplay, known: set[str]) -> list[Run]:
    """The games of a session not in ``known``, as sessions of consecutive games, each
    carrying the thông seat (C2) its first game was played with, and those games as the
    session's replay rebuilt them (the same games a replay of the run alone rebuilds)."""
    runs: list[Run] = []
    start: int | None = None
    for i, g in enumerate(record.games):
        mark = _game_print(record.rules, g)
        if mark not in known:
            known.add(mark)
            start = i if start is None else start
            continue
        if start is not None:
            runs.append(_run(record, replay, start, i))
            start = None
    if start is not None:
        runs.append(_run(record, replay, start, len(record.games)))
    return runs


def _run(record: SessionRecord, replay: SessionReplay, start: int, stop: int) -> Run:
    carried = record.carried if start == 0 else replay.before[start]
    return (replace(record, games=record.games[start:stop],
                    thong_seat=replay.games[start].thong_seat, notices=(), carried=carried),
            replay.games[start:stop])


def import_file(store: Store, path: Path) -> list[int]:
    """Copy the games of a .chan.json file or another replay database into ``store``; the
    new game ids. Games already in ``store`` (same deal, events and rules) are skipped;
    the source file is only ever read (a database through a private copy)."""
    return import_copy(store, path).ids


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import stored: the new game ids, and the players' names it had to change
    (too long, invisible characters, blank: replays.names), which the library keeps as
    changed while the file stays as it was."""

    ids: list[int]
    notices: tuple[NameNotice, ...]


def import_copy(store: Store, path: Path) -> Imported:
    """``import_file``, telling which names were changed on the way in (issue 20)."""
    sessions = _sessions_of(Path(path))
    ids = import_sessions(store, sessions)
    return Imported(ids, tuple(n for record, _ in sessions for n in record.notices))


def import_sessions(store: Store, sessions: Iterable[tuple[SessionRecord, SessionReplay]]
                    ) -> list[int]:
    """Store the games of sessions already read and replayed that ``store`` does not hold
    yet (same deal, events and rules: the same game), as import_file does; the new ids.
    ``chan-tutor import`` uses it too, so importing a file twice adds nothing (issue 13)."""
    sessions = list(sessions)
    deals = {_canonical(g.deal.to_json()) for record, _ in sessions for g in record.games}
    ids: list[int] = []
    # the check and the writes under one write lock (issue 13): another import of the same
    # file at the same time waits, then finds these games already there
    with write_transaction(store.db):
        known = _stored_prints(store, deals)
        for record, replay in sessions:
            for run, games in _new_runs(record, replay, known):
                ids.extend(store.import_session(run, games)[1])
    return ids
