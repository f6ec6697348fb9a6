"""Driving Chơi for Tổ tôm through its widgets: keys on the chiếu, clicks on its hit map, the
choice list, the warning and the xướng — every move of the learner entered as a person would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path

from desktop_driver import TIMEOUT, find_hit, press
from pytestqt.qtbot import QtBot

from desktop.chieu.hitmap import HitKind
from desktop.chieu.tom_widget import TomWidget
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.play.tom_controller import TomController
from desktop.play.tom_screen import TomPlay
from desktop.qt import QListWidget, QPoint, Qt
from desktop.settings import Settings, save, settings_path
from engine.actions import Act
from engine.game import Mode
from engine.totom import CallToken, Card, TomAction, TomGame, make_player

# Deals (the hội's first seed) where the learner, playing the normal computer's moves, wins a
# PAID ù in the first game (found by playing them out with the engine alone): 44 has a khàn to
# turn up in the call, a phỗng, a trả cửa, a draw and a dưới; 20 a gá onto a mat meld and yêu
# eaten alone; 183 an ù that must say "phỗng".
PAID_BY_KEYS = 44
PAID_BY_CLICKS = 20
PAID_SAYING_PHONG = 183

_KEYS = {"draw": Qt.Key.Key_B, "pass": Qt.Key.Key_D, "win": Qt.Key.Key_U,
         "decline": Qt.Key.Key_Escape, "tom_phong": Qt.Key.Key_P,
         "tom_day_khan": Qt.Key.Key_K, "tom_ha_trung": Qt.Key.Key_G,
         "tom_bat_thuc": Qt.Key.Key_T, "tom_reveal": Qt.Key.Key_R, "tom_lay": Qt.Key.Key_L,
         "eat": Qt.Key.Key_A}
_COMMAND = {Act.DRAW: "draw", Act.PASS: "pass", Act.WIN: "win", Act.DECLINE: "decline",
            Act.PHONG: "tom_phong", Act.DAY_KHAN: "tom_day_khan", Act.HA_TRUNG: "tom_ha_trung",
            Act.BAT_THUC: "tom_bat_thuc", Act.REVEAL: "tom_reveal", Act.UP_KHAN: "tom_lay",
            Act.UP_THIEN_KHAI: "tom_lay", Act.EAT: "eat"}


def open_tom_window(qtbot: QtBot, data: Path, seeds: list[int] | None = None,
                    mode: Mode = Mode.TEACHING, offer_resume: bool = False,
                    **settings: object) -> MainWindow:
    """A main window whose game is Tổ tôm (settings.json says so), playing instantly and
    dealing `seeds` in order."""
    if not settings_path(data).exists():
        save(settings_path(data), replace(Settings(), game="to_tom", mode=mode,
                                          **settings))  # type: ignore[arg-type]
    it: Iterator[int] = iter(seeds or [1, 2, 3, 4, 5, 6, 7, 8, 9])
    window = MainWindow(data, pacing=INSTANT, seeds=lambda: next(it), offer_resume=offer_resume)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitExposed(window):
        window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=TIMEOUT)
    return window


def tom(window: MainWindow) -> TomPlay:
    """Tổ tôm's part of Chơi."""
    return window.play.tom_part()


def wait_for(qtbot: QtBot, condition: Callable[[], bool], timeout: int = TIMEOUT) -> None:
    """Process events until `condition()` holds."""
    qtbot.waitUntil(condition, timeout=timeout)


def settled(window: MainWindow) -> bool:
    """Whether the learner has something to do (or the game is over)."""
    state = tom(window).controller.state
    return state in ("learner", "call", "over", "warning", "choosing")


def click_at(qtbot: QtBot, chieu: TomWidget, at: QPoint) -> None:
    """A left click on the chiếu."""
    qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)


def click_hand_card(qtbot: QtBot, chieu: TomWidget, card: Card) -> None:
    """Click a card of the learner's hand."""
    click_at(qtbot, chieu, find_hit(chieu, lambda h: h.kind is HitKind.HAND and h.tom == card))


def click_button(qtbot: QtBot, chieu: TomWidget, key: str) -> None:
    """Click a prompt button on the chiếu."""
    click_at(qtbot, chieu, find_hit(chieu, lambda h: h.kind is HitKind.BUTTON and h.key == key))


def point_at(qtbot: QtBot, play: TomPlay, card: Card) -> None:
    """Press → until the keys point at `card`."""
    for _ in range(30):
        if play.controller.cursor == card:
            return
        press(qtbot, play.chieu, Qt.Key.Key_Right)
    assert play.controller.cursor == card


def answer_choice(qtbot: QtBot, play: TomPlay, action: TomAction, by_key: bool) -> None:
    """In the list of choices, pick `action`: its number key, or a click on it and OK."""
    dialog = play.choice_dialog
    assert dialog is not None
    row = dialog.choice.options.index(action)
    if by_key and row < 9:
        qtbot.keyClick(dialog.list, Qt.Key(Qt.Key.Key_1 + row))
    else:
        click_row(qtbot, dialog.list, row)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def click_row(qtbot: QtBot, view: QListWidget, row: int) -> None:
    """Click a row of a list."""
    item = view.item(row)
    view.scrollToItem(item)
    rect = view.visualItemRect(item)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.currentRow() == row


def perform(qtbot: QtBot, window: MainWindow, action: TomAction, by_key: bool) -> None:
    """Make the learner's move through the widgets: keys when `by_key`, else clicks."""
    play = tom(window)
    chieu = play.chieu
    c = play.controller
    game = c.game
    assert game is not None
    act = action.act
    if act in (Act.DISCARD, Act.RETURN):
        assert action.card is not None
        if by_key:
            point_at(qtbot, play, action.card)
            press(qtbot, chieu, Qt.Key.Key_Return)
        else:
            click_hand_card(qtbot, chieu, action.card)
    elif act is Act.EAT:
        assert not c.chosen
        for card in action.cards:
            if by_key:
                point_at(qtbot, play, card)
                press(qtbot, chieu, Qt.Key.Key_Up)
            else:
                click_hand_card(qtbot, chieu, card)
        if by_key:
            press(qtbot, chieu, Qt.Key.Key_A)
        else:
            click_button(qtbot, chieu, "eat")
    else:
        command = _COMMAND[act]
        if by_key:
            press(qtbot, chieu, _KEYS[command])
        else:
            click_button(qtbot, chieu, command)
    if c.state == "choosing":
        answer_choice(qtbot, play, action, by_key)


def call(qtbot: QtBot, window: MainWindow, tokens: tuple[CallToken, ...], by_key: bool) -> None:
    """Build the call in the xướng dialog, token by token, and say it."""
    play = tom(window)
    wait_for(qtbot, lambda: play.call_dialog is not None)
    dialog = play.call_dialog
    assert dialog is not None
    for token in tokens:
        counted = token.name in ("tom", "leo")  # offered once, said again to count up
        text = token.name if counted else str(token)
        row = dialog.choice_row(text)
        assert row >= 0, f"{text} is not offered"
        for _ in range(token.count if counted else 1):
            if by_key:
                dialog.choices.setFocus()
                while dialog.choices.currentRow() != row:
                    qtbot.keyClick(dialog.choices, Qt.Key.Key_Down if
                                   dialog.choices.currentRow() < row else Qt.Key.Key_Up)
                qtbot.keyClick(dialog.choices, Qt.Key.Key_Return)
            else:
                click_row(qtbot, dialog.choices, row)
                qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    if by_key:
        qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    else:
        qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)


def _moved(game: TomGame, before: int, c: TomController) -> bool:
    """Whether the game grew past `before` events (a move was made) or a warning is up."""
    return len(game.record) > before or c.state == "warning"


def play_game(qtbot: QtBot, window: MainWindow, by_key: bool,
              moves: list[TomAction] | None = None) -> None:
    """Play the learner's side of the current game to its end, each move the normal computer
    player's choice entered through the widgets, the call included."""
    play = tom(window)
    c = play.controller
    ai = make_player("normal")
    for _ in range(200):
        wait_for(qtbot, lambda: settled(window))
        game = c.game
        assert game is not None
        if c.state == "over":
            return
        if c.state == "warning":
            assert play.warning_dialog is not None
            play.warning_dialog.accept()
            continue
        decision = ai.choose(game.observation(c.learner))
        before = len(game.record)
        if c.state == "call":
            call(qtbot, window, decision.action.tokens, by_key)
        else:
            perform(qtbot, window, decision.action, by_key)
        if moves is not None:
            moves.append(decision.action)
        wait_for(qtbot, partial(_moved, game, before, c))
    raise AssertionError("the game never ended")
