"""The main window: three activities, settings saved beside replays.db, the language switched
without a restart."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot

import desktop.main_window as main_window
from desktop.i18n import current, set_language
from desktop.learn.screen import LearnScreen
from desktop.qt import Qt
from desktop.review.screen import ReviewScreen
from desktop.settings import load, settings_path
from engine.game import Mode


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    yield
    set_language("vi")


def test_the_three_activities(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    assert [b.text() for b in window.tabs.values()] == ["Học", "Chơi", "Xem lại"]
    assert window.activity() == "play"
    qtbot.mouseClick(window.tabs["learn"], Qt.MouseButton.LeftButton)
    assert isinstance(window.pages.currentWidget(), LearnScreen)
    qtbot.mouseClick(window.tabs["review"], Qt.MouseButton.LeftButton)
    assert isinstance(window.pages.currentWidget(), ReviewScreen)
    qtbot.mouseClick(window.tabs["play"], Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.play
    assert (tmp_path / "replays.db").exists()


def test_the_three_activities_draw_with_one_scene(qtbot: QtBot, tmp_path: Path) -> None:
    """Chơi, Học and Xem lại share the window's card art and mat caches (issue 6: Học and Xem
    lại open without drawing them again)."""
    window = open_window(qtbot, tmp_path)
    window.show_activity("learn")
    window.show_activity("review")
    assert window.learn is not None and window.review is not None
    for canvas in (window.play.chieu, window.learn.lesson_page.canvas, window.learn.drill.canvas,
                   window.review.viewer.chieu):
        assert canvas.scene() is window.scene


def test_ctrl_l_switches_the_language_of_everything_at_once(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path, seeds=[3])
    window.new_session()
    c = window.play.controller
    wait_for(qtbot, lambda: c.state == "learner")
    window.show_activity("learn")
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert current() == "en"
    wait_for(qtbot, lambda: window.tabs["review"].text() == "Review")
    assert window.windowTitle() == "Chắn — learn, play, review"
    assert window.learn is not None
    wait_for(qtbot, lambda: "Learn the rules" in window.learn.browser.toPlainText())
    view = window.play.chieu.view()
    assert view is not None and view.lang == "en"
    assert load(settings_path(tmp_path)).lang == "en"
    window.toggle_language()
    wait_for(qtbot, lambda: window.tabs["review"].text() == "Xem lại")


def test_settings_are_saved_and_apply(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    wait_for(qtbot, lambda: window.settings_dialog is not None)
    dialog = window.settings_dialog
    assert dialog is not None
    dialog.mode.setCurrentIndex(dialog.mode.findData("strict"))
    dialog.names[0].setText("Lan")
    dialog.accept()
    assert window.settings.mode is Mode.STRICT and window.settings.names[0] == "Lan"
    assert load(settings_path(tmp_path)) == window.settings
    assert "Nghiêm" in window.play.start_page.summary.text()
    assert "Lan" in window.play.start_page.summary.text()
    window.new_session()
    c = window.play.controller
    wait_for(qtbot, lambda: c.state in ("learner", "over"))
    assert c.names[0] == "Lan" and c.game is not None and c.game.mode is Mode.STRICT
    window.apply_settings(replace(window.settings, claim_seconds=10))
    assert window.play.controller.settings.claim_seconds == 10


def test_the_window_fits_a_small_screen() -> None:
    """1280 × 800 where there is room; on a 1024 × 640 screen (or a laptop with panels) the
    window takes what the screen has free, so nothing is cut off past its edge."""
    from desktop.main_window import DESIGN_SIZE, initial_size
    from desktop.qt import QSize

    class Screen:  # what initial_size reads of a QScreen
        def __init__(self, w: int, h: int) -> None:
            self.free = QSize(w, h)

        def availableGeometry(self) -> QSize:
            return self.free

    assert initial_size(None) == DESIGN_SIZE
    assert initial_size(Screen(1920, 1050)) == QSize(1280, 800)  # type: ignore[arg-type]
    small = initial_size(Screen(1024, 640))  # type: ignore[arg-type]
    assert small.width() <= 1024 and small.height() <= 640
    assert small == QSize(1008, 600)


def test_the_other_screens_code_is_imported_on_the_worker_after_start(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: importing Xem lại's code when it is first shown held the window 80 ms."""
    ran_in: list[int] = []
    monkeypatch.setattr(main_window, "IMPORT_LATER_MS", 0)
    monkeypatch.setattr(main_window, "import_screens",
                        lambda: ran_in.append(threading.get_ident()))
    window = open_window(qtbot, tmp_path)
    wait_for(qtbot, lambda: bool(ran_in))
    assert ran_in != [threading.get_ident()] and window.review is None
