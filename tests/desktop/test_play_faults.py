"""Faults while playing (issue 20): the hội's writes run on a thread of their own
(desktop/play/writer.py), so a lock another program holds on replays.db (a real BEGIN EXCLUSIVE
in another process) never freezes the window for SQLite's busy wait — not on a move, not on a
retry — while a move still counts as played only once it is stored: the chiếu keeps showing
the last saved moment and no computer player moves on an unsaved state. A heartbeat timer
counts the event loop's ticks during the wait (no wall-clock assertion). The same on a real
full 2 MB disk.

When the store cannot write a move (a database locked by another program, a full disk),
play stops before the move is shown and the screen says why in the learner's language; the
learner retries (play goes on with no gap) or leaves (the game stays resumable from its last
saved move): issue 13, class 1.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from desktop_driver import Heartbeat, open_window, perform, play_some, wait_for
from play_scenarios import LEARNER
from pytestqt.qtbot import QtBot

from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.qt import QMessageBox, QPushButton, Qt
from engine.chan.ai import make_player
from replays.store import Store
from tests.fault_helpers import fill, locked_by_another_program, small_tmpfs

SEED = 11


class FailOnce:
    """Stands in for one Store method: the next call raises ``error``, later ones write."""

    def __init__(self, real: Callable[..., Any], error: Exception) -> None:
        self.real = real
        self.error: Exception | None = error

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        error, self.error = self.error, None
        if error is not None:
            raise error
        return self.real(*args, **kwargs)


@pytest.fixture
def english() -> Iterator[None]:
    """English once the window is open (it starts in the settings' language)."""
    yield
    set_language("vi")


def fail_once_on_writer(qtbot: QtBot, window: MainWindow, method: str, message: str) -> None:
    """The next call of the Store method `method` made by the hội's writer (on its own thread
    and connection, issue 20) raises sqlite3.OperationalError(message)."""
    done: list[object] = []

    def patch(store: Store) -> None:
        setattr(store, method, FailOnce(getattr(store, method),
                                        sqlite3.OperationalError(message)))

    window.play.controller.writer.run(patch, done.append, done.append)
    wait_for(qtbot, lambda: bool(done))
    assert done == [None]


def stored(store: Store, game_id: int) -> list[int]:
    return [r[0] for r in store.db.execute(
        "SELECT idx FROM events WHERE game_id = ? ORDER BY idx", (game_id,))]


def failing_box(qtbot: QtBot, window: MainWindow) -> QMessageBox:
    wait_for(qtbot, lambda: window.play.save_box is not None)
    box = window.play.save_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    return box


def press_button(qtbot: QtBot, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    assert isinstance(button, QPushButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def stops_on_a_failed_move(qtbot: QtBot, window: MainWindow, message: str) -> QMessageBox:
    """Play to the learner's turn, make the next write fail, make a move: the box."""
    window.new_session()
    play_some(qtbot, window, 2, settle=True)
    fail_once_on_writer(qtbot, window, "append", message)
    c = window.play.controller
    game = c.game
    assert game is not None
    ai = make_player("normal")
    while window.play.save_box is None:  # the learner's move, or the next one recorded
        wait_for(qtbot, lambda: c.state in ("learner", "unsaved", "warning"))
        if c.state == "warning":
            assert window.play.warning_dialog is not None
            window.play.warning_dialog.accept()
        elif c.state == "learner":
            perform(qtbot, window, ai.choose(game.observation(LEARNER)).action, by_key=False)
            wait_for(qtbot, lambda: c.state != "learner")
    box = failing_box(qtbot, window)
    assert c.state == "unsaved"
    assert not c.animator.running and c._jobs == []
    assert c.game_id is not None
    # the store holds every move but the one that failed, with no gap
    assert stored(window.store, c.game_id) == list(range(len(game.record) - 1))
    assert window.play.stack.currentWidget() is window.play.table
    return box


def test_a_failed_move_stops_play_and_a_retry_goes_on(
        qtbot: QtBot, tmp_path: Any) -> None:
    window = open_window(qtbot, tmp_path, seeds=[SEED])
    box = stops_on_a_failed_move(qtbot, window, "database is locked")
    assert box.text().startswith("Không lưu được nước đi")  # Vietnamese first, then English
    assert "chương trình khác khoá" in box.text() and "The move could not be saved" in box.text()
    c = window.play.controller
    game = c.game
    assert game is not None and c.game_id is not None
    shown = window.play.chieu.view()
    c.refresh()  # as a language change does: the chiếu keeps the last saved moment
    assert window.play.chieu.view() is shown
    unsaved = len(game.record)
    c.command("draw")  # nothing is played while the move is unsaved
    c.command("pass")
    assert len(game.record) == unsaved

    press_button(qtbot, box, "Thử lại")

    wait_for(qtbot, lambda: c.state in ("learner", "over", "call"))
    assert window.play.save_box is None
    assert c.recorder is not None and c.recorder.saved
    assert len(game.record) >= unsaved
    assert stored(window.store, c.game_id) == list(range(len(game.record)))
    if c.state == "learner":
        play_some(qtbot, window, 1)
        wait_for(qtbot, lambda: c.state in ("learner", "over", "call"))
    rebuilt = window.store.resume(c.game_id)
    assert list(rebuilt.record) == list(game.record)
    window.close()


def test_leaving_after_a_failed_move_keeps_the_game_resumable(
        qtbot: QtBot, tmp_path: Any) -> None:
    window = open_window(qtbot, tmp_path, seeds=[SEED])
    box = stops_on_a_failed_move(qtbot, window, "database or disk is full")
    assert "ổ đĩa đã đầy" in box.text() and "the disk is full" in box.text()
    c = window.play.controller
    assert c.game is not None and c.game_id is not None
    game_id, saved = c.game_id, list(c.game.record[:-1])

    press_button(qtbot, box, "Rời ván")

    play = window.play
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.start_page)
    assert c.game is None and c.state == "idle"
    assert not play.start_page.resume_button.isHidden()  # the game is offered
    qtbot.mouseClick(play.start_page.resume_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: c.game_id == game_id and c.state in ("learner", "busy"))
    assert c.game is not None and list(c.game.record[:len(saved)]) == saved
    play_some(qtbot, window, 1)
    wait_for(qtbot, lambda: c.state in ("learner", "over", "call"))
    assert c.game is not None
    assert stored(window.store, game_id) == list(range(len(c.game.record)))
    window.close()


def test_a_new_game_that_cannot_be_saved_is_asked_again(
        qtbot: QtBot, tmp_path: Any, english: None) -> None:
    window = open_window(qtbot, tmp_path, seeds=[SEED, SEED])
    assert set_language("en")
    fail_once_on_writer(qtbot, window, "new_game", "database is locked")
    window.new_session()
    box = failing_box(qtbot, window)
    play, c = window.play, window.play.controller
    assert box.windowTitle() == "Not saved"
    assert {b.text() for b in box.buttons()} == {"Retry", "Leave the game"}
    assert box.text().startswith("The new game could not be saved")
    assert "Không lưu được ván mới" in box.text()
    assert c.state == "unsaved" and c.game is None
    assert play.stack.currentWidget() is play.start_page  # no half-started table

    press_button(qtbot, box, "Retry")

    wait_for(qtbot, lambda: c.state in ("learner", "busy") and c.game_id is not None)
    assert play.stack.currentWidget() is play.table
    assert c.game_id is not None
    assert window.store.locate(c.game_id)[1] == 0
    window.close()


# ----------------------------------------------------------------------------
# The hội's writes on a thread of their own (issue 20)

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
