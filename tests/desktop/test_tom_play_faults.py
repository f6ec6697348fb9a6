"""A write the store refuses while Tổ tôm is played (issue 13, issue 20): play stops before the
move is shown, the screen says why in the learner's language, and a retry goes on with no gap
in the stored game — or the learner leaves and the game stays resumable up to its last saved
move. The failure is a real lock held by another process, and a real full disk."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot
from tom_driver import PAID_BY_KEYS, open_tom_window, perform, settled, tom, wait_for

from desktop.main_window import MainWindow
from desktop.qt import QMessageBox, QPushButton, Qt
from engine.totom import make_player
from replays.store import Store
from tests.fault_helpers import fill, locked_by_another_program, small_tmpfs


def stored(store: Store, game_id: int) -> list[int]:
    return [r[0] for r in store.db.execute(
        "SELECT idx FROM events WHERE game_id = ? ORDER BY idx", (game_id,))]


def press_button(qtbot: QtBot, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    assert isinstance(button, QPushButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def learner_moves_until(qtbot: QtBot, window: MainWindow, stop: Callable[[], bool]) -> None:
    """The learner's moves (the normal computer's, by clicks) until `stop()` holds."""
    c = tom(window).controller
    ai = make_player("normal")
    for _ in range(60):
        # a write waits out SQLite's busy timeout (5 s) before it fails under a lock
        wait_for(qtbot, lambda: settled(window) or c.state == "unsaved", timeout=30_000)
        if stop():
            return
        game = c.game
        assert game is not None and c.state == "learner", c.state
        perform(qtbot, window, ai.choose(game.observation(c.learner)).action, by_key=False)
        wait_for(qtbot, lambda: c.state != "learner", timeout=30_000)
    raise AssertionError("never stopped")


def stops_on_a_failed_move(qtbot: QtBot, window: MainWindow,
                           fault: Callable[[], Any]) -> QMessageBox:
    """Start a hội, make a move under `fault()` (a context manager): the box saying why."""
    window.new_session()
    play = tom(window)
    c = play.controller
    wait_for(qtbot, lambda: settled(window))
    with fault():
        learner_moves_until(qtbot, window, lambda: play.save_box is not None)
        box = play.save_box
        assert isinstance(box, QMessageBox) and box.isVisible()
        assert c.state == "unsaved" and c._jobs == []
        game = c.game
        assert game is not None and c.game_id is not None
        # the store holds every move but the one that failed, with no gap
        assert stored(window.store, c.game_id) == list(range(len(game.record) - 1))
        unsaved = len(game.record)
        c.command("draw")  # nothing is played while the move is unsaved
        assert len(game.record) == unsaved
    return box


def test_a_move_refused_under_another_programs_lock_is_said_and_a_retry_goes_on(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[PAID_BY_KEYS])
    db = Path(window.store.path)
    box = stops_on_a_failed_move(qtbot, window, lambda: locked_by_another_program(db))
    assert box.text().startswith("Không lưu được nước đi")  # Vietnamese, then English
    assert "The move could not be saved" in box.text()
    play = tom(window)
    c = play.controller
    game = c.game
    assert game is not None and c.game_id is not None
    press_button(qtbot, box, "Thử lại")  # the lock is gone now
    wait_for(qtbot, lambda: c.state in ("learner", "over", "call"), timeout=30_000)
    assert play.save_box is None and c.recorder is not None and c.recorder.saved
    assert stored(window.store, c.game_id) == list(range(len(game.record)))
    window.close()


def test_leaving_after_a_full_disk_keeps_the_game_resumable(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        window = open_tom_window(qtbot, disk, seeds=[PAID_BY_KEYS])
        filler: list[Path] = []
        box = stops_on_a_failed_move(qtbot, window, lambda: _full(disk, filler))
        play = tom(window)
        c = play.controller
        game_id = c.game_id
        assert game_id is not None and "đầy" in box.text()
        filler[0].unlink()
        press_button(qtbot, box, "Rời ván")
        wait_for(qtbot, lambda: play.stack.currentWidget() is play.start_page)
        assert play.start_page.resume_button.isVisible()  # offered, from its last saved move
        qtbot.mouseClick(play.start_page.resume_button, Qt.MouseButton.LeftButton)
        wait_for(qtbot, lambda: c.game_id == game_id and settled(window))
        window.close()


class _full:
    """The disk filled while the block runs (the filler kept for the test to remove)."""

    def __init__(self, disk: Path, filler: list[Path]) -> None:
        self.disk, self.filler = disk, filler

    def __enter__(self) -> None:
        self.filler.append(fill(self.disk))

    def __exit__(self, *exc: object) -> None:
        del exc


def test_the_lock_helper_really_locks(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    sqlite3.connect(db).execute("CREATE TABLE t (x)")
    with locked_by_another_program(db):
        conn = sqlite3.connect(db, timeout=0.05)
        try:
            conn.execute("INSERT INTO t VALUES (1)")
            raise AssertionError("the database should be locked")
        except sqlite3.OperationalError:
            pass
        finally:
            conn.close()
