"""Exports from the viewer: the game as a one-game .chan.json (Store.export_game and the
FORMATS writer) and its HTML report — the same page `chan-tutor report DB --game N --html OUT`
writes (replays.report.page), built from the opened game's document and record.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from replays.chanjson import write_file
from replays.commands import Analysed
from replays.files import check_output, write_atomic
from replays.record import Player, SessionRecord
from replays.report import page
from replays.store import Store


class Reportable(Protocol):
    """An opened game of either game (replay.OpenedGame, tom_replay.TomOpened), as the report
    needs it: every position already replayed."""

    @property
    def game_id(self) -> int: ...
    @property
    def session_id(self) -> int: ...
    @property
    def position(self) -> int: ...
    @property
    def record(self) -> SessionRecord: ...
    @property
    def doc(self) -> dict[str, Any]: ...
    @property
    def players(self) -> tuple[Player, ...]: ...
    @property
    def events(self) -> int: ...
    @property
    def states(self) -> Sequence[Any]: ...
    @property
    def final(self) -> Any: ...


def export_chanjson(store: Store, game_id: int, path: Path) -> None:
    """Write one game (with the thông seat it was played with) as .chan.json. The save
    dialog has asked before replacing a file; a database (the library itself included) is
    never replaced (BadFile)."""
    check_output(path, force=True, inputs=[Path(store.path)])
    write_file(path, store.export_game(game_id))


def export_report(store: Store, opened: Reportable, path: Path) -> None:
    """Write the game's HTML report; the page is built whole, then written atomically (never
    over a database: BadFile)."""
    check_output(path, force=True, inputs=[Path(store.path)])
    index = store.game_ids().index(opened.game_id)  # as `report DB --game N` counts
    doc = {**opened.doc, "index": index, "game_id": opened.game_id,
           "session_id": opened.session_id}
    item = Analysed(doc, opened.players, opened.record, 0,  # its game alone
                    opened.position + 1)
    # the viewer already holds every position: the page replays nothing
    positions = {e: opened.states[e + 1] for e in range(opened.events)}
    write_atomic(path, page(str(store.path), [(item, opened.final, positions)]))
