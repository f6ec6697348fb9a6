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
from review_driver import open_in_viewer, selfplay_library

import desktop.main_window as main_window
from desktop.app import make_app
from desktop.chieu.faces import NAMED_WIDTH
from desktop.chieu.hitmap import HitKind
from desktop.i18n import current, set_language
from desktop.learn.screen import LearnScreen
from desktop.qt import QAbstractButton, QGuiApplication, Qt
from desktop.review.screen import ReviewScreen
from desktop.settings import load, settings_path
from engine.game import Mode
from replays.paths import default_db


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


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_title_is_said_once_in_the_language_shown(qtbot: QtBot, tmp_path: Path,
                                                      lang: str) -> None:
    """Issue 20: "Chắn — learn, play, review — Chắn — học, chơi, xem lại": the platform adds
    the application's display name to a title that does not end with it."""
    window = open_window(qtbot, tmp_path)
    if lang == "en":
        window.toggle_language()
    title, name = window.windowTitle(), QGuiApplication.applicationDisplayName()
    assert title.endswith(name) and title.count("Chắn") == 1
    assert ("learn, play, review" in name) == (lang == "en")


def test_ctrl_g_switches_the_game_every_screen_speaks_and_keeps_it(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    """Issue 23: the learner chooses the game once (and can switch); the choice is kept."""
    window = open_window(qtbot, tmp_path)
    assert window.settings.game == "chan" and window.game_button.text() == "Trò: Chắn"
    with qtbot.waitSignal(window.game_changed) as changed:
        qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert changed.args == ["to_tom"]
    assert window.game_button.text() == "Trò: Tổ tôm"
    assert window.windowTitle().startswith("Tổ tôm") and window.windowTitle().count("Chắn") == 0
    assert load(settings_path(tmp_path)).game == "to_tom"
    window.toggle_language()
    assert window.game_button.text() == "Game: Tổ tôm"
    qtbot.mouseClick(window.game_button, Qt.MouseButton.LeftButton)
    assert window.settings.game == "chan" and window.game_button.text() == "Game: Chắn"


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


def test_every_activity_of_both_games_leaves_the_window_free_to_be_1024_by_640(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 23: Học's result page held a row for each of the 13 families of both games, and
    its minimum held the window 917 px tall (it could no longer be 640)."""
    make_app([])  # the program's fonts and style
    window = open_window(qtbot, tmp_path)
    for game in ("chan", "to_tom"):
        if window.settings.game != game:
            window.switch_game()
        for activity in ("learn", "review", "play"):
            window.show_activity(activity)
            qtbot.wait(20)
            for hint in (window.minimumSizeHint(), window.minimumSize()):
                assert hint.width() <= 1024 and hint.height() <= 640, (game, activity, hint)


def test_a_replay_leaves_the_window_free_to_be_1024_by_640(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    """Issue 20: opened at 1280 × 800, the start page's banner (drawn for that width) held the
    window at it once a replay was opened: it could no longer be 1024 wide. At 1024 × 640 the
    replay's hand cards stay wide enough to carry their names."""
    make_app([])  # the program's fonts and style (as the startup tests leave them too): the
    # sizes below are the ones a learner sees
    selfplay_library(default_db(tmp_path), ("beginner", "normal", "normal", "random"), 3, 11)
    window = open_window(qtbot, tmp_path)  # 1280 × 800, the start page and its banner shown
    qtbot.wait(20)
    window.show_activity("review")
    review = window.review
    assert review is not None
    wait_for(qtbot, lambda: not review.loading and bool(review.library.model.rows))  # Worker
    open_in_viewer(qtbot, review,
                   max(review.library.model.rows, key=lambda r: r.events).game_id)
    qtbot.wait(20)
    for hint in (window.minimumSizeHint(), window.minimumSize()):
        assert hint.width() <= 1024 and hint.height() <= 640
    window.resize(1024, 640)
    viewer, chieu = review.viewer, review.viewer.chieu
    wait_for(qtbot, lambda: window.width() == 1024 and window.height() == 640
             and chieu.width() + viewer.panel.width() == viewer.width())  # laid out again
    chieu.repaint()
    hits = chieu.hit_map()
    assert hits is not None
    widths = [w for (_, _, w, _), hit in hits.items() if hit.kind is HitKind.HAND]
    assert widths and min(widths) >= NAMED_WIDTH * chieu.devicePixelRatioF()
    buttons = review.viewer.panel.findChildren(QAbstractButton)
    for lang in ("en", "vi"):  # the panel's buttons keep their words whole, in either language
        window.toggle_language()
        assert current() == lang
        wait_for(qtbot, lambda: not [b for b in buttons  # once laid out again
                                     if b.isVisible() and b.width() < b.sizeHint().width()])
        panel = review.viewer.panel  # never held narrower than its words
        assert panel.maximumWidth() >= panel.minimumSizeHint().width()


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
