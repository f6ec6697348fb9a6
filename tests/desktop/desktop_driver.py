"""Driving the program through its widgets: clicks on the chiếu's hit map, keys, dialogs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from play_scenarios import LEARNER
from pytestqt.qtbot import QtBot

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.widget import ChieuWidget
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QObject, QPoint, Qt, QTimer, QWidget
from engine.actions import Act, Action
from engine.chan.ai import make_player
from engine.chan.cards import Card
from engine.chan.game import ChanGame as Game
from engine.game import Phase

TIMEOUT = 5000


def open_window(qtbot: QtBot, data: Path, seeds: list[int] | None = None,
                offer_resume: bool = False) -> MainWindow:
    """A main window on a data folder, playing instantly, dealing `seeds` in order."""
    it: Iterator[int] = iter(seeds or [1, 2, 3, 4, 5, 6])
    window = MainWindow(data, pacing=INSTANT, seeds=lambda: next(it), offer_resume=offer_resume)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitExposed(window):
        window.show()
    window.activateWindow()  # shortcuts work in the active window only
    qtbot.waitUntil(window.isActiveWindow, timeout=TIMEOUT)
    return window


class Heartbeat(QObject):
    """Counts the ticks of a short timer: they only come while the event loop runs, so a
    count that grows through a fault shows the window never froze (no wall-clock figure)."""

    def __init__(self, ms: int = 10) -> None:
        super().__init__()
        self.ticks = 0
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.timer.start(ms)

    def _tick(self) -> None:
        self.ticks += 1


def wait_for(qtbot: QtBot, condition: Callable[[], bool], timeout: int = TIMEOUT) -> None:
    """Process events until `condition()` holds."""
    qtbot.waitUntil(condition, timeout=timeout)


def wait_moved(qtbot: QtBot, window: MainWindow, game: Game, before: int) -> None:
    """Wait until the game's log grew past `before` (a move was made) or a warning is up."""
    c = window.play.controller
    qtbot.waitUntil(lambda: len(game.log) > before or c.state == "warning", timeout=TIMEOUT)


def find_hit(chieu: ChieuWidget, match: Callable[[Hit], bool]) -> QPoint:
    """The middle of the topmost drawn thing that matches (in widget coordinates)."""
    chieu.repaint()
    hits = chieu.hit_map()
    assert hits is not None, "the chiếu was never drawn"
    ratio = chieu.devicePixelRatioF()
    for (x, y, w, h), hit in reversed(hits.items()):
        if match(hit):
            return QPoint(round((x + w / 2) / ratio), round((y + h * 0.6) / ratio))
    raise AssertionError("nothing on the chiếu matches")


def click_card(qtbot: QtBot, chieu: ChieuWidget, card: Card) -> None:
    """Click a card of the learner's hand."""
    at = find_hit(chieu, lambda h: h.kind is HitKind.HAND and h.card == card)
    qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)


def click_button(qtbot: QtBot, chieu: ChieuWidget, key: str) -> None:
    """Click a prompt button on the chiếu."""
    at = find_hit(chieu, lambda h: h.kind is HitKind.BUTTON and h.key == key)
    qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)


def click_noc(qtbot: QtBot, chieu: ChieuWidget) -> None:
    """Click the nọc (draw)."""
    at = find_hit(chieu, lambda h: h.kind is HitKind.NOC)
    qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)


def press(qtbot: QtBot, widget: QWidget, key: Qt.Key) -> None:
    """A key pressed where the focus is (the chiếu's shortcuts need the focus inside)."""
    window = widget.window()
    if not window.isActiveWindow():  # a dialog was closed; the offscreen platform has no WM
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=TIMEOUT)
    widget.setFocus()
    qtbot.keyClick(widget, key)


def prompt_keys(chieu: ChieuWidget) -> set[str]:
    """The keys of the prompt buttons drawn (enabled ones)."""
    chieu.repaint()
    hits = chieu.hit_map()
    assert hits is not None
    return {h.key for _, h in hits.items() if h.kind is HitKind.BUTTON and h.key}


def key_or_button(qtbot: QtBot, chieu: ChieuWidget, by_key: bool, key: Qt.Key,
                  button: str) -> None:
    """Press `key` when `by_key`, else click the chiếu's prompt button `button`."""
    if by_key:
        press(qtbot, chieu, key)
    else:
        click_button(qtbot, chieu, button)


def select_by_keys(qtbot: QtBot, chieu: ChieuWidget, card: Card,
                   selected: Callable[[], Card | None]) -> None:
    """Press → until `card` is the selected hand card (`selected()` says which is)."""
    for _ in range(25):
        if selected() == card:
            break
        press(qtbot, chieu, Qt.Key.Key_Right)
    assert selected() == card


def perform(qtbot: QtBot, window: MainWindow, action: Action, by_key: bool) -> None:
    """Make the learner's move through the widgets: clicks, or keys when `by_key`."""
    play = window.play
    chieu = play.chieu
    game = play.controller.game
    assert game is not None
    act = action.act
    if act is Act.WIN:
        key_or_button(qtbot, chieu, by_key, Qt.Key.Key_U, "win")
    elif act is Act.CHIU:
        press(qtbot, chieu, Qt.Key.Key_C)
    elif act is Act.DECLINE:
        key_or_button(qtbot, chieu, by_key, Qt.Key.Key_Escape, "decline")
    elif act is Act.DRAW:
        if by_key:
            press(qtbot, chieu, Qt.Key.Key_B)
        else:
            click_noc(qtbot, chieu)
    elif act is Act.PASS:
        press(qtbot, chieu, Qt.Key.Key_D)
    elif act in (Act.DISCARD, Act.RETURN, Act.EAT) and action.card is not None:
        if by_key and game.phase in (Phase.DISCARD, Phase.OPENING, Phase.RETURN):
            select_by_keys(qtbot, chieu, action.card, lambda: play.controller.selected)
            press(qtbot, chieu, Qt.Key.Key_Return)
        else:
            click_card(qtbot, chieu, action.card)
    else:
        raise AssertionError(f"no way to play {action}")


def play_some(qtbot: QtBot, window: MainWindow, decisions: int, settle: bool = False) -> None:
    """Make a few of the learner's moves (the normal computer's choices); with `settle`, then
    wait until it is the learner's turn again."""
    c = window.play.controller
    ai = make_player("normal")
    for k in range(decisions):
        wait_for(qtbot, lambda: c.state == "learner")
        game = c.game
        assert game is not None
        before = len(game.log)
        perform(qtbot, window, ai.choose(game.observation(LEARNER)).action, by_key=k % 2 == 0)
        if c.state == "warning":
            assert window.play.warning_dialog is not None
            window.play.warning_dialog.accept()
        wait_moved(qtbot, window, game, before)
    if settle:
        wait_for(qtbot, lambda: c.state == "learner")
