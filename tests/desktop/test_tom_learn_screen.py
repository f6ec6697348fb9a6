"""Học speaks the game chosen (issue 23): with Settings.game = "to_tom" its first page lists Tổ
tôm's course, its six families' progress and Tổ tôm's rules reference; a round of Tổ tôm items
is answered by keys through the drill player, its answers are written to progress.db (off the UI
thread) and read back as each family's progress; a damaged Tổ tôm row is said once in words;
switching back shows Chắn's page unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, open_window, press
from learn_driver import settled, stored_answers
from pytestqt.qtbot import QtBot
from test_tom_learn_askers import answer_right

from desktop.i18n import set_language
from desktop.learn.home import LESSON_ROLE
from desktop.learn.screen import LearnScreen
from desktop.learn.words import FAMILY_ORDER, TOM_FAMILY_ORDER
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent, Qt
from lessons.content import course
from lessons.drills import generate
from lessons.item import Item
from tests.lessons.test_progress_hostile import VALUES, hostile_copy, progress_of


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def learn_in(window: MainWindow, game: str) -> LearnScreen:
    """Học, the game switched as the bar's button does it."""
    if window.settings.game != game:
        window.apply_settings(replace(window.settings, game=game))
    window.show_activity("learn")
    assert isinstance(window.learn, LearnScreen)
    return window.learn


def listed(learn: LearnScreen) -> list[str]:
    lessons = learn.home.lessons
    return [str(lessons.item(r).data(LESSON_ROLE)) for r in range(lessons.count())
            if lessons.item(r).data(LESSON_ROLE)]


def shown_rows(learn: LearnScreen) -> list[str]:
    return [f for f, row in learn.home.all_rows.items() if row.isVisibleTo(learn.home)]


def test_hoc_lists_the_tom_course_and_switching_back_shows_chan_unchanged(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    learn = learn_in(window, "chan")
    settled(qtbot, learn)
    chan_lessons, chan_rows = listed(learn), shown_rows(learn)
    chan_reference = learn.browser.toPlainText()
    assert chan_rows == list(FAMILY_ORDER) and learn.home.mistakes_button.isVisibleTo(learn)
    window.switch_game()  # Ctrl+G's slot
    assert learn.game == "to_tom"
    settled(qtbot, learn)
    assert listed(learn) == [le.id for le in course("to_tom")]
    assert shown_rows(learn) == list(TOM_FAMILY_ORDER)
    assert not learn.home.mistakes_button.isVisibleTo(learn)
    reference = learn.browser.toPlainText()
    assert "TN1" in reference and "TD10" in reference and "TC9" in reference
    assert "Vào chùa lễ hội cầu may" in reference or "chùa" in reference  # the couplets
    assert learn.home.title.text() == "Bài học tổ tôm"
    window.switch_game()
    settled(qtbot, learn)
    assert listed(learn) == chan_lessons and shown_rows(learn) == chan_rows
    assert learn.browser.toPlainText() == chan_reference
    window.close()


def test_a_tom_round_by_keys_is_written_and_read_back_as_progress(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    learn = learn_in(window, "to_tom")
    settled(qtbot, learn)
    items = [*generate("tom_cho_cai", 2, 4, level=1), *generate("tom_quan", 2, 4, level=1,
                                                                 kinds=["yeu_red"])]
    learn.play_items("Tổ tôm", items)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    drill = learn.drill
    for item in items:
        assert drill.asker is not None and drill.asker.item.id == item.id
        answer_right(drill.asker, item)
        press(qtbot, drill.canvas, Qt.Key.Key_Return)  # answers
        assert drill.grade is not None and drill.grade.correct
        assert drill.feedback.isVisibleTo(drill)
        press(qtbot, drill.canvas, Qt.Key.Key_Return)  # on to the next
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.summary, timeout=TIMEOUT)
    stored = stored_answers(qtbot, learn)
    assert sorted(a.item_id for a in stored) == sorted(i.id for i in items)
    assert all(a.correct for a in stored)
    learn.show_home()
    settled(qtbot, learn)
    for family in ("tom_cho_cai", "tom_quan"):
        strength = learn.home.rows[family].strength
        assert strength is not None and strength.items == 2 and strength.answers == 2
    assert "2 câu đã làm" in learn.home.rows["tom_quan"].stats.text()
    window.close()


def test_a_damaged_tom_progress_row_is_said_once_in_words(qtbot: QtBot, tmp_path: Path) -> None:
    items: list[Item] = generate("tom_quan", 3, 9, level=1)
    base = progress_of(tmp_path / "base.db", items)
    (tmp_path / "data").mkdir()
    db = hostile_copy(base, tmp_path / "data" / "progress.db", "items", "data",
                      VALUES["not_json"], items[0].id)
    before = db.read_bytes()
    window = open_window(qtbot, tmp_path / "data")
    learn = learn_in(window, "to_tom")
    settled(qtbot, learn)
    damage = learn.home.damage
    qtbot.waitUntil(damage.isVisible, timeout=TIMEOUT)
    said = damage.text()
    assert said.startswith("Trong progress.db có") and "Traceback" not in said
    learn.refresh()
    settled(qtbot, learn)
    assert damage.text() == said  # said once, not again on every read
    assert db.read_bytes() == before
    window.close()
