"""Học's rounds prepared on the Worker (audit of issue 7, item 1): only the latest request's
result is applied, and only while the screen still shows the page it was asked from; a new
request supersedes the running one instead of being ignored; "Đang chuẩn bị…" shows
meanwhile, and Esc still goes back (dropping the request).

The slow work is held on a threading.Event until the test releases it, so "the job is still
running" is a fact of the test, not a matter of timing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, open_window, press
from learn_driver import add_items
from pytestqt.qtbot import QtBot
from test_learn import learn_of, record_careless_game

import desktop.learn.screen as screen_module
from desktop.i18n import set_language
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent, Qt
from lessons import drills
from lessons.content import lesson

LESSON = "boc_cai.dem"


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    """Back to Vietnamese; closed windows deleted before the next test."""
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class Held:
    """Holds the calls of a Worker function until released (all, or those `only` picks)."""

    def __init__(self, real: Callable[..., object],
                 only: Callable[[tuple[object, ...]], bool] = lambda _: True) -> None:
        self.real = real
        self.only = only
        self.release = threading.Event()
        self.entered = threading.Event()

    def __call__(self, *args: object) -> object:
        if self.only(args):
            self.entered.set()
            self.release.wait(4 * TIMEOUT / 1000)
        return self.real(*args)


@pytest.fixture
def held_mistakes(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    """The mistakes deck's refresh (16 s on a big library) held until released."""
    held = Held(screen_module.refresh_mistakes)
    monkeypatch.setattr(screen_module, "refresh_mistakes", held)
    yield held
    held.release.set()


def settled(qtbot: QtBot, learn: LearnScreen) -> None:
    """Every job has run and called back (or been dropped)."""
    assert learn.worker.wait(4 * TIMEOUT)
    qtbot.waitUntil(lambda: learn.worker.pending() == 0, timeout=TIMEOUT)
    QCoreApplication.processEvents()


def window_with_mistakes(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, LearnScreen]:
    """Học with a saved game full of the learner's mistakes: the deck is never empty, so its
    result, when applied, starts a round."""
    window = open_window(qtbot, tmp_path)
    record_careless_game(window.store, 5)
    return window, learn_of(window)


def test_a_lesson_round_asked_while_the_mistakes_load_is_played_and_kept(
        qtbot: QtBot, tmp_path: Path, held_mistakes: Held) -> None:
    """The audit's case: M, then open a lesson and press P while the deck is being read."""
    _, learn = window_with_mistakes(qtbot, tmp_path)
    press(qtbot, learn.home.lessons, Qt.Key.Key_M)
    assert held_mistakes.entered.wait(TIMEOUT / 1000)
    assert learn.busy.isVisible() and learn.busy.label.text().startswith("Đang chuẩn bị…")
    learn.open_lesson(LESSON)
    assert learn.stack.currentWidget() is learn.lesson_page
    press(qtbot, learn.lesson_page, Qt.Key.Key_P)  # not dropped because a job is running
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    round_ = learn.drill.round
    assert round_ is not None and round_.source.lesson_id == LESSON
    assert not learn.busy.isVisible()
    held_mistakes.release.set()
    settled(qtbot, learn)
    assert learn.stack.currentWidget() is learn.drill and learn.drill.round is round_


def test_the_due_review_is_not_replaced_by_a_late_mistakes_deck(
        qtbot: QtBot, tmp_path: Path, held_mistakes: Held) -> None:
    """R (the due review, read at once from progress.db) supersedes the mistakes request
    still running."""
    _, learn = window_with_mistakes(qtbot, tmp_path)
    add_items(qtbot, learn, drills.generate("boc_cai", 3, 17))
    press(qtbot, learn.home.lessons, Qt.Key.Key_M)
    assert held_mistakes.entered.wait(TIMEOUT / 1000)
    press(qtbot, learn.home.lessons, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    round_ = learn.drill.round
    assert round_ is not None and round_.source.kind == "due"
    held_mistakes.release.set()
    settled(qtbot, learn)
    assert learn.drill.round is round_ and learn.stack.currentWidget() is learn.drill


def test_a_newer_request_supersedes_the_older(qtbot: QtBot, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """P pressed twice: the second round is played; the first, arriving later, is dropped."""
    learn = learn_of(open_window(qtbot, tmp_path))
    seeds = iter([1, 2])
    learn.seeds = lambda: next(seeds)
    held = Held(screen_module.make_lesson_round, only=lambda args: args[2] == 1)
    monkeypatch.setattr(screen_module, "make_lesson_round", held)
    try:
        learn.open_lesson(LESSON)
        press(qtbot, learn.lesson_page, Qt.Key.Key_P)
        assert held.entered.wait(TIMEOUT / 1000)
        title = lesson(LESSON).title.vi
        assert learn.busy.label.text() == f"Đang chuẩn bị… vòng luyện của bài “{title}”"
        press(qtbot, learn.lesson_page, Qt.Key.Key_P)
        qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
        round_ = learn.drill.round
        assert round_ is not None
    finally:
        held.release.set()
    settled(qtbot, learn)
    assert learn.drill.round is round_


def test_leaving_the_page_drops_the_round_being_prepared(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """P on a lesson, then Esc back to the list: the round, when ready, is not shown."""
    learn = learn_of(open_window(qtbot, tmp_path))
    held = Held(screen_module.make_lesson_round)
    monkeypatch.setattr(screen_module, "make_lesson_round", held)
    try:
        learn.open_lesson(LESSON)
        press(qtbot, learn.lesson_page, Qt.Key.Key_P)
        assert held.entered.wait(TIMEOUT / 1000)
        assert learn.busy.isVisible()
        press(qtbot, learn.lesson_page, Qt.Key.Key_Escape)  # back still works
        assert learn.stack.currentWidget() is learn.home
        assert not learn.busy.isVisible()
    finally:
        held.release.set()
    settled(qtbot, learn)
    assert learn.stack.currentWidget() is learn.home and learn.drill.round is None


def test_esc_on_the_list_cancels_the_mistakes_load_in_either_language(
        qtbot: QtBot, tmp_path: Path, held_mistakes: Held) -> None:
    """"Đang chuẩn bị… / Preparing…" while the deck is read; Esc (or the button) drops it."""
    window, learn = window_with_mistakes(qtbot, tmp_path)
    press(qtbot, learn.home.lessons, Qt.Key.Key_M)
    assert held_mistakes.entered.wait(TIMEOUT / 1000)
    assert learn.busy.label.text() == ("Đang chuẩn bị… tìm lỗi của bạn trong các ván đã lưu")
    assert learn.busy.cancel_button.text() == "Huỷ (Esc)"
    window.toggle_language()
    qtbot.waitUntil(lambda: learn.busy.label.text().startswith("Preparing…"), timeout=TIMEOUT)
    assert learn.busy.isVisible()
    press(qtbot, learn.home.lessons, Qt.Key.Key_Escape)
    assert not learn.busy.isVisible() and learn.request is None
    held_mistakes.release.set()
    settled(qtbot, learn)
    assert learn.stack.currentWidget() is learn.home and learn.drill.round is None
    window.toggle_language()
    qtbot.waitUntil(lambda: learn.home.title.text() == "Bài học", timeout=TIMEOUT)
