"""Quitting in the middle of a Tổ tôm game and starting again offers the game for resuming when
the game chosen is Tổ tôm (and only then), and the resumed game is exactly the interrupted one,
its hội's pool and debts as they were; Xem lại's "play on from here" reaches it too."""

from __future__ import annotations

import json
from pathlib import Path

from desktop_driver import open_window
from pytestqt.qtbot import QtBot
from tom_driver import PAID_BY_KEYS, open_tom_window, perform, settled, tom, wait_for

from desktop.qt import QMessageBox, QPushButton, Qt
from desktop.settings import settings_path
from engine.totom import TomGame, make_player


def interrupted(qtbot: QtBot, data: Path, moves: int = 3) -> tuple[int, list[object], object]:
    """Play a few moves of a hội's first game and quit: the game's id, record and state."""
    window = open_tom_window(qtbot, data, seeds=[PAID_BY_KEYS])
    window.new_session()
    c = tom(window).controller
    ai = make_player("normal")
    for _ in range(moves):
        wait_for(qtbot, lambda: settled(window))
        game = c.game
        assert game is not None and c.state == "learner"
        before = len(game.record)
        perform(qtbot, window, ai.choose(game.observation(c.learner)).action, by_key=False)
        wait_for(qtbot, lambda: len(game.record) > before)  # noqa: B023
    wait_for(qtbot, lambda: settled(window))
    game = c.game
    assert game is not None and c.game_id is not None
    found = (c.game_id, list(game.record), game.state_key())
    window.close()  # quit mid-game: every move is stored already
    return found


def answer(qtbot: QtBot, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    assert isinstance(button, QPushButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_quitting_mid_game_then_restarting_offers_the_tom_game(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    game_id, record, key = interrupted(qtbot, tmp_path)
    again = open_tom_window(qtbot, tmp_path, offer_resume=True)
    wait_for(qtbot, lambda: again.resume_box is not None)
    assert again.resume_box is not None and "ván 1 của hội 1" in again.resume_box.text()
    answer(qtbot, again.resume_box, "Chơi tiếp")
    play = tom(again)
    c = play.controller
    wait_for(qtbot, lambda: c.game_id == game_id and settled(again))
    assert again.play.stack.currentWidget() is play
    assert play.stack.currentWidget() is play.table
    game = c.game
    assert isinstance(game, TomGame)
    assert list(game.record) == record and game.state_key() == key
    assert c.session is not None and c.session.pool == 50 and c.game_no == 1
    view = play.chieu.view()
    assert view is not None and view.hoi is not None and view.hoi.pool == "50"
    again.close()


def test_a_tom_game_is_not_offered_while_the_game_chosen_is_chan(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    game_id, _, _ = interrupted(qtbot, tmp_path, moves=1)
    path = settings_path(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**doc, "game": "chan"}), encoding="utf-8")
    chan = open_window(qtbot, tmp_path, offer_resume=True)
    qtbot.wait(50)
    assert chan.resume_box is None
    assert chan.play.stack.currentWidget() is chan.play.start_page
    # switching to Tổ tôm (Ctrl+G) shows its start page, which offers the game
    chan.switch_game()
    play = tom(chan)
    assert chan.play.stack.currentWidget() is play
    assert play.start_page.resume_button.isVisible()
    qtbot.mouseClick(play.start_page.resume_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: play.controller.game_id == game_id and settled(chan))
    chan.close()


def test_play_on_from_xem_lai_resumes_a_tom_game_in_its_part(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    game_id, record, _ = interrupted(qtbot, tmp_path, moves=1)
    window = open_tom_window(qtbot, tmp_path)
    window.play_branch(game_id)  # what Xem lại's "Chơi tiếp từ đây" asks for
    c = tom(window).controller
    wait_for(qtbot, lambda: c.game_id == game_id and settled(window))
    assert c.game is not None and list(c.game.record) == record
    window.close()
