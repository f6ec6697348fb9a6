"""Faults while playing (issue 20): the hội's writes run on a thread of their own
(desktop/play/writer.py), so a lock another program holds on replays.db (a real BEGIN EXCLUSIVE
in another process) never freezes the window for SQLite's busy wait — not on a move, not on a
retry — while a move still counts as played only once it is stored: the chiếu keeps showing
the last saved moment and no computer player moves on an unsaved state. A heartbeat timer
counts the event loop's ticks during the wait (no wall-clock assertion). The same on a real
full 2 MB disk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import Heartbeat, open_window, perform, play_some, wait_for
from play_scenarios import LEARNER
from pytestqt.qtbot import QtBot
from test_issue13_class1_play_screen import press_button, stored

from desktop.main_window import MainWindow
from desktop.qt import QMessageBox
from engine.chan.ai import make_player
from tests.fault_helpers import fill, locked_by_another_program, small_tmpfs

SEED = 11
LOCK_WAIT = 20_000  # ms: the write waits out SQLite's busy timeout (5 s) on the writer


def the_box(qtbot: QtBot, window: MainWindow, timeout: int) -> QMessageBox:
    wait_for(qtbot, lambda: window.play.save_box is not None, timeout=timeout)
    box = window.play.save_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    return box


def learner_moves(qtbot: QtBot, window: MainWindow) -> None:
    """The learner's next move, through the widgets (a warning is played anyway)."""
    c = window.play.controller
    game = c.game
    assert game is not None
    wait_for(qtbot, lambda: c.state == "learner")
    perform(qtbot, window, make_player("normal").choose(game.observation(LEARNER)).action,
            by_key=False)
    if c.state == "warning":
        assert window.play.warning_dialog is not None
        window.play.warning_dialog.accept()


def test_a_move_while_another_program_locks_replays_db_never_freezes_the_window(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path, seeds=[SEED])
    window.new_session()
    play_some(qtbot, window, 2, settle=True)
    c = window.play.controller
    game = c.game
    assert game is not None and c.game_id is not None
    shown = window.play.chieu.view()
    before = len(game.record)
    with locked_by_another_program(window.store.path):
        beat = Heartbeat()
        learner_moves(qtbot, window)
        assert c.state == "saving"  # applied in memory, not yet played
        box = the_box(qtbot, window, LOCK_WAIT)
        # the busy wait ran on the writer's thread: the loop kept ticking all along
        assert beat.ticks >= 50, beat.ticks
        assert "chương trình khác khoá" in box.text()
        assert c.state == "unsaved"
        assert len(game.record) == before + 1  # no computer moved on the unsaved state
        assert window.play.chieu.view() is shown  # the chiếu never showed the unsaved move
        assert stored(window.store, c.game_id) == list(range(before))
        ticks = beat.ticks
        press_button(qtbot, box, "Thử lại")  # a retry under the lock: no freeze either
        box = the_box(qtbot, window, LOCK_WAIT)
        assert beat.ticks - ticks >= 50, beat.ticks - ticks
        assert len(game.record) == before + 1
    press_button(qtbot, box, "Thử lại")
    wait_for(qtbot, lambda: c.state in ("learner", "over", "call") and len(game.record) > before)
    assert window.play.save_box is None
    assert stored(window.store, c.game_id) == list(range(len(game.record)))
    window.close()


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def test_a_move_on_a_full_disk_is_said_full_and_goes_on_after_a_retry(
        qtbot: QtBot, disk: Path) -> None:
    window = open_window(qtbot, disk, seeds=[SEED])
    window.new_session()
    play_some(qtbot, window, 1, settle=True)
    c = window.play.controller
    game = c.game
    assert game is not None and c.game_id is not None
    filler = fill(disk)
    box = None
    for _ in range(40):  # SQLite's log may still have room for a few moves
        learner_moves(qtbot, window)
        wait_for(qtbot, lambda: c.state in ("learner", "unsaved", "call", "over"))
        if c.state == "unsaved":
            box = the_box(qtbot, window, LOCK_WAIT)
            break
    assert box is not None, "the full disk never refused a move"
    assert "ổ đĩa đã đầy" in box.text()
    unsaved = len(game.record)
    filler.unlink()
    press_button(qtbot, box, "Thử lại")
    wait_for(qtbot, lambda: c.state in ("learner", "over", "call") and c.recorder is not None
             and c.recorder.saved)
    assert len(game.record) >= unsaved
    assert stored(window.store, c.game_id) == list(range(len(game.record)))
    window.close()
