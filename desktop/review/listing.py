"""The saved games of the store as rows to list (date, players, result, score), and the
analysis of one game as `chan-tutor analyze` prints it (replays.text).

The store has no listing query of its own, so `saved_games` reads the games table's columns
that replays/store.py writes (status, the result summary); see the report of issue 6.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from replays.store import Store
from replays.text import render_game


@dataclass(frozen=True, slots=True)
class GameRow:
    """One saved game, as the list shows it."""

    game_id: int
    session_id: int
    position: int
    started_at: str  # ISO 8601 UTC, as stored
    names: tuple[str, ...]
    human_seat: int | None
    status: str  # playing | over
    kind: str | None  # win | draw | u_lao (None while playing)
    winner: int | None
    payout: str | None
    transfers: tuple[float, ...]
    events: int

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
        """What the human player won or lost in this game (None without a human or a result)."""
        if self.human_seat is None or self.human_seat >= len(self.transfers):
            return None
        return self.transfers[self.human_seat]


def _players(text: str) -> tuple[tuple[str, ...], int | None]:
    try:
        players = json.loads(text)
    except ValueError:
        return (), None
    names = tuple(str(p.get("name", "?")) if isinstance(p, dict) else "?" for p in players)
    human = next((i for i, p in enumerate(players)
                  if isinstance(p, dict) and p.get("kind") == "human"), None)
    return names, human


def saved_games(store: Store, limit: int = 500) -> list[GameRow]:
    """The newest saved games first."""
    rows: list[GameRow] = []
    for gid, sid, pos, started, players, status, result, events in store.db.execute(
            "SELECT g.id, g.session_id, g.position, g.started_at, g.players, g.status, "
            "g.result, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) "
            "FROM games g ORDER BY g.id DESC LIMIT ?", (limit,)):
        names, human = _players(players)
        summary: dict[str, object] = {}
        if result:
            try:
                loaded = json.loads(result)
                summary = loaded if isinstance(loaded, dict) else {}
            except ValueError:
                summary = {}
        transfers = summary.get("transfers")
        winner = summary.get("winner")
        rows.append(GameRow(
            game_id=gid, session_id=sid, position=pos, started_at=started, names=names,
            human_seat=human, status=status,
            kind=str(summary["kind"]) if "kind" in summary else None,
            winner=winner if isinstance(winner, int) else None,
            payout=str(summary["payout"]) if summary.get("payout") else None,
            transfers=tuple(float(t) for t in transfers) if isinstance(transfers, list) else (),
            events=events))
    return rows


def analysis_text(db_path: Path, game_id: int) -> str:
    """The analysis of one game as plain text (runs in the Worker: its own connection)."""
    with Store.open(db_path) as store:
        session_id, position = store.locate(game_id)
        players = store.session(session_id, upto=-1).players
        doc = store.analysis(game_id)
    doc = {**doc, "index": position}
    return render_game(doc, players, f" · id {game_id}, hội/session {session_id} #{position}")
