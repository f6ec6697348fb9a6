"""Ctrl+L to English leaves nothing Vietnamese but the game's own words, on every screen
(issue 20): each screen is brought up in Vietnamese — with what it only shows after use:
advice, a graded prediction, a hint, the line under the chiếu, a drill's feedback — then the
language is switched and every visible widget's text is read (language_check.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import wait_for
from language_check import out_of_place
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, selfplay_library
from test_play_modes import until

from desktop.i18n import current, set_language
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.review.screen import ReviewScreen
from desktop.settings import Settings, save, settings_path
from engine.game import Phase
from lessons import drills
from replays.paths import default_db
from replays.record import Player

PLAYERS = (Player("Lan"), Player("Máy 1", "ai", "normal"), Player("Máy 2", "ai", "normal"),
           Player("Máy 3", "ai", "normal"))
NAMES = ("Bạn", *(p.name for p in PLAYERS))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The main window in Vietnamese on a data folder holding a small self-play hội."""
    selfplay_library(default_db(tmp_path), ("beginner", "normal", "normal", "random"), 4, 11,
                     PLAYERS)
    save(settings_path(tmp_path), Settings(lang="vi"))
    seeds = iter([179, 91, 7])
    w = MainWindow(tmp_path, pacing=INSTANT, seeds=lambda: next(seeds), offer_resume=False,
                   mute=True)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    with qtbot.waitExposed(w):
        w.show()
    yield w
    if current() != "vi":
        set_language("vi")


def english(qtbot: QtBot, window: MainWindow) -> None:
    """Ctrl+L: the language switch, as the key does it."""
    assert current() == "vi"
    window.toggle_language()
    assert current() == "en"
    qtbot.wait(10)  # the LanguageChange events


def assert_english(window: MainWindow, what: str) -> None:
    left = out_of_place(window, (*NAMES, *window.play.controller.names))  # names are data
    assert not left, f"{what}:\n" + "\n".join(left)


def review_of(window: MainWindow) -> ReviewScreen:
    window.show_activity("review")
    assert window.review is not None
    return window.review


def test_the_viewer_with_advice_and_a_graded_prediction(qtbot: QtBot,
                                                        window: MainWindow) -> None:
    review = review_of(window)
    wait_for(qtbot, lambda: not review.loading and bool(review.library.model.rows))  # Worker
    longest = max(review.library.model.rows, key=lambda r: r.events)
    open_in_viewer(qtbot, review, longest.game_id)
    viewer = review.viewer
    viewer.set_predict(True)
    s = viewer.stepper
    assert s is not None
    while viewer.question() is None:
        viewer.command("replay_next")
    viewer.answer(viewer.panel.predict_box.offered[0])
    wait_for(qtbot, lambda: bool(viewer.advisor.graded) and not viewer.advisor.jobs, 30_000)
    while viewer.question() is None and s.position < s.last:
        viewer.command("replay_next")  # the next question shows the last grade above it
    wait_for(qtbot, lambda: not viewer.advisor.jobs, 30_000)
    english(qtbot, window)
    assert_english(window, "predicting")
    viewer.set_predict(False)
    assert s.next_annotation(True)  # an annotation selected: its rule, kind and sentence
    viewer._show()
    wait_for(qtbot, lambda: not viewer.advisor.jobs, 30_000)
    assert_english(window, "advice")
    viewer.command("replay_last")
    wait_for(qtbot, lambda: not viewer.advisor.jobs, 30_000)
    assert_english(window, "the end of the game")


def test_the_library_and_the_statistics(qtbot: QtBot, window: MainWindow) -> None:
    review = review_of(window)
    review.start_batch()
    wait_for(qtbot, lambda: not review.runner.running, 60_000)
    english(qtbot, window)
    assert_english(window, "library")
    review.show_page("stats")
    wait_for(qtbot, lambda: review.stats.loaded, 30_000)
    assert_english(window, "statistics")


def test_a_game_with_a_hint_and_its_result(qtbot: QtBot, window: MainWindow) -> None:
    window.new_session()
    c = window.play.controller
    until(qtbot, window, lambda g: g.phase is Phase.DISCARD)
    c.command("hint")
    wait_for(qtbot, lambda: bool(c.hint))
    english(qtbot, window)
    assert_english(window, "a game with a hint")


def test_learn_home_a_lesson_a_drill_with_its_feedback_and_the_summary(
        qtbot: QtBot, window: MainWindow) -> None:
    window.show_activity("learn")
    learn = window.learn
    assert learn is not None
    learn.open_lesson("boc_cai.dem")
    english(qtbot, window)
    assert_english(window, "a lesson")
    learn.show_home()
    assert_english(window, "the lessons")
    learn.play_items("Bốc cái", drills.generate("boc_cai", 1, 5))
    asker = learn.drill.asker
    assert isinstance(asker, BocCaiAsker)
    asker.choose((int(asker.item.answer) + 1) % asker.players)  # wrong: the explanation
    learn.drill.submit()
    assert_english(window, "a drill's feedback")
    learn.drill.submit()
    wait_for(qtbot, lambda: learn.stack.currentWidget() is learn.summary)
    assert_english(window, "a round's summary")


def test_the_first_game_after_a_move(qtbot: QtBot, window: MainWindow) -> None:
    window.show_activity("learn")
    learn = window.learn
    assert learn is not None
    learn.open_first_game()
    page = learn.first_game
    assert page is not None
    step = page.step()
    assert step is not None and step.seat is not None
    page.answer_seat(step.seat)
    english(qtbot, window)
    assert_english(window, "the guided first game")


def test_the_end_of_a_hoi_and_the_dialogs(qtbot: QtBot, window: MainWindow) -> None:
    from desktop.about import AboutDialog
    from desktop.help_dialog import HelpDialog
    from desktop.settings_dialog import SettingsDialog

    window.new_session()
    c = window.play.controller
    until(qtbot, window, lambda g: True)
    window.play.end_session()  # what "Kết thúc hội" does once it is confirmed
    wait_for(qtbot, lambda: window.play.summary_page.summary is not None)
    english(qtbot, window)
    assert_english(window, "the hội's summary")
    window.play.show_start()
    assert_english(window, "the start page")
    for make in (lambda: SettingsDialog(window.settings, window), lambda: HelpDialog(window),
                 lambda: AboutDialog(window)):
        dialog = make()
        dialog.show()
        left = out_of_place(dialog, c.names)
        dialog.close()
        assert not left, "\n".join(left)
