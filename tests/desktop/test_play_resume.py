"""Quitting in the middle of a game and starting again offers the game for resuming, and the
resumed game is exactly the interrupted one (DESIGN.md: the store writes each event at once).
"""

from __future__ import annotations

from pathlib import Path

from desktop_driver import open_window, play_some, wait_for
from pytestqt.qtbot import QtBot

from desktop.main_window import MainWindow
from desktop.qt import QMessageBox, QPushButton, Qt
from desktop.settings import load, settings_path
from engine.chan.game import ChanGame as Game

SEED = 11


def answer(qtbot: QtBot, window: MainWindow, text: str) -> None:
    """Press the button of the resume offer with `text`."""
    wait_for(qtbot, lambda: window.resume_box is not None)
    box = window.resume_box
    assert isinstance(box, QMessageBox)
    button = next(b for b in box.buttons() if b.text() == text)
    assert isinstance(button, QPushButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_quitting_mid_game_then_restarting_offers_the_game(qtbot: QtBot, tmp_path: Path) -> None:
    first = open_window(qtbot, tmp_path, seeds=[SEED])
    first.new_session()
    play_some(qtbot, first, 3, settle=True)
    c = first.play.controller
    assert c.game is not None and c.game_id is not None
    game_id, record, key = c.game_id, list(c.game.record), c.game.state_key()
    first.close()  # quit mid-game: nothing to save, every move is stored already

    again = open_window(qtbot, tmp_path, offer_resume=True)
    wait_for(qtbot, lambda: again.resume_box is not None)
    assert again.resume_box is not None
    assert "ván 1 của hội 1" in again.resume_box.text()
    answer(qtbot, again, "Chơi tiếp")
    c2 = again.play.controller
    wait_for(qtbot, lambda: c2.state == "learner")
    assert c2.game_id == game_id and c2.game is not None
    assert list(c2.game.record) == record and c2.game.state_key() == key
    assert again.play.stack.currentWidget() is again.play.table
    play_some(qtbot, again, 1, settle=True)
    stored = again.store.session(c2.session_id or 0).games[0].actions
    rebuilt = Game.replay(c2.game.deal, stored, c2.game.rules, c2.game.mode)
    assert rebuilt.state_key() == c2.game.state_key()
    again.close()


def test_declining_the_offer_is_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    first = open_window(qtbot, tmp_path, seeds=[SEED])
    first.new_session()
    play_some(qtbot, first, 1, settle=True)
    game_id = first.play.controller.game_id
    first.close()

    second = open_window(qtbot, tmp_path, offer_resume=True)
    answer(qtbot, second, "Không")
    assert game_id in load(settings_path(tmp_path)).skip_resume
    assert second.play.stack.currentWidget() is second.play.start_page
    second.close()

    third = open_window(qtbot, tmp_path, offer_resume=True)
    qtbot.wait(50)
    assert third.resume_box is None
