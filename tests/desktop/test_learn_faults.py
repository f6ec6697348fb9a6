"""Faults while learning (issue 20): a drill answered, or a guided-game step taken, while the
disk is full (a real 2 MB tmpfs), turned read-only (a real remount) or progress.db is locked by
another program (a real BEGIN EXCLUSIVE in another process). The answer is graded and shown at
once, the learner is told it could not be saved and why, nothing is lost (it is written on
retry, in order, with the others), and the event loop keeps running meanwhile: a heartbeat
timer counts its ticks while the fault lasts (no wall-clock assertion)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, Heartbeat, press
from learn_driver import settled, stored_answers
from pytestqt.qtbot import QtBot

from desktop.i18n import set_language
from desktop.learn.first_game_page import FirstGamePage
from desktop.learn.screen import LearnScreen
from desktop.qt import QCoreApplication, QEvent, Qt
from lessons import drills
from lessons.first_game import load_position
from lessons.item import Item
from lessons.progress import Progress
from tests.fault_helpers import fill, locked_by_another_program, read_only, small_tmpfs

LOCK_WAIT = 20_000  # ms: the job waits out SQLite's busy timeout (5 s) before it says so


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB disk holding the data folder (only progress.db and first_game.json: the
    screen is shown alone, as nothing else may hold a file open across a remount)."""
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def screen_on(qtbot: QtBot, data: Path, items: list[Item]) -> LearnScreen:
    with Progress.open(data / "progress.db") as progress:
        progress.add(items)
    learn = LearnScreen(data)
    qtbot.addWidget(learn)
    learn.resize(1280, 760)
    with qtbot.waitExposed(learn):
        learn.show()
    settled(qtbot, learn)
    learn.review_due()
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    return learn


def answer(qtbot: QtBot, learn: LearnScreen) -> None:
    """Answer the question shown (rightly) and go on: graded and shown at once."""
    drill = learn.drill
    assert drill.round is not None and drill.round.item is not None
    seat = drill.round.item.answer
    press(qtbot, drill.canvas, getattr(Qt.Key, f"Key_{seat}"))  # chosen
    press(qtbot, drill.canvas, Qt.Key.Key_Return)  # answered (one way in every drill)
    assert drill.grade is not None and drill.grade.correct  # graded, whatever the disk does
    assert drill.feedback.isVisible()


def next_question(qtbot: QtBot, learn: LearnScreen) -> None:
    press(qtbot, learn.drill.canvas, Qt.Key.Key_Return)


def unsaved_said(qtbot: QtBot, learn: LearnScreen, timeout: int = TIMEOUT) -> str:
    qtbot.waitUntil(lambda: learn.unsaved.isVisible(), timeout=timeout)
    return learn.unsaved.label.text()


def retried(qtbot: QtBot, learn: LearnScreen) -> None:
    """Ctrl+S, then everything written."""
    qtbot.keyClick(learn.drill.canvas, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not learn.unsaved.isVisible(), timeout=LOCK_WAIT)
    settled(qtbot, learn)


def in_order(qtbot: QtBot, learn: LearnScreen, given: int) -> None:
    """Every answer given (``given`` of them) is in progress.db, in the order given."""
    drill = learn.drill
    assert drill.round is not None
    asked = [a.item.id for a in drill.round.answered]
    assert len(asked) == given
    assert [a.item_id for a in stored_answers(qtbot, learn)] == asked


ITEMS = 4


def test_answers_on_a_full_disk_are_kept_said_and_written_on_retry(
        qtbot: QtBot, disk: Path) -> None:
    items = drills.generate("boc_cai", ITEMS, 23)
    learn = screen_on(qtbot, disk, items)
    answer(qtbot, learn)
    next_question(qtbot, learn)
    settled(qtbot, learn)
    filler = fill(disk)
    beat = Heartbeat()
    answer(qtbot, learn)
    said = unsaved_said(qtbot, learn)
    assert "ổ đĩa đã đầy" in said and "Ctrl+S" in said and "Không mất gì" in said
    next_question(qtbot, learn)
    answer(qtbot, learn)  # the next answer tries again, and is kept too
    qtbot.waitUntil(lambda: learn.queue.unsaved == 2 and learn.queue.idle, timeout=TIMEOUT)
    assert "2 câu trả lời" in learn.unsaved.label.text()
    assert beat.ticks > 0
    filler.unlink()
    retried(qtbot, learn)
    in_order(qtbot, learn, 3)


def test_answers_on_a_disk_turned_read_only_are_said_so(qtbot: QtBot, disk: Path) -> None:
    items = drills.generate("boc_cai", ITEMS, 29)
    learn = screen_on(qtbot, disk, items)
    answer(qtbot, learn)
    next_question(qtbot, learn)
    settled(qtbot, learn)
    with read_only(disk):
        answer(qtbot, learn)
        said = unsaved_said(qtbot, learn)
        assert "chỉ cho đọc" in said and "I/O" not in said
        set_language("en")
        qtbot.waitUntil(lambda: "read-only" in learn.unsaved.label.text(), timeout=TIMEOUT)
        assert learn.unsaved.retry_button.text() == "Retry (Ctrl+S)"
        set_language("vi")
    retried(qtbot, learn)
    in_order(qtbot, learn, 2)


def test_an_answer_while_another_program_locks_progress_db_never_freezes_the_window(
        qtbot: QtBot, tmp_path: Path) -> None:
    items = drills.generate("boc_cai", ITEMS, 31)
    tmp_path.joinpath("data").mkdir()
    learn = screen_on(qtbot, tmp_path / "data", items)
    answer(qtbot, learn)
    next_question(qtbot, learn)
    settled(qtbot, learn)
    with locked_by_another_program(learn.progress_path):
        beat = Heartbeat()
        answer(qtbot, learn)
        shown_at = beat.ticks
        said = unsaved_said(qtbot, learn, timeout=LOCK_WAIT)
        # the busy wait (5 s) ran on the Worker: the loop kept ticking all along
        assert beat.ticks - shown_at >= 50, beat.ticks
        assert "chương trình khác khoá" in said
        next_question(qtbot, learn)  # the learner goes on meanwhile
        assert learn.drill.round is not None and learn.drill.round.index == 2
    retried(qtbot, learn)
    in_order(qtbot, learn, 2)


@pytest.mark.parametrize("fault", ["full", "read_only"])
def test_a_guided_step_the_disk_refuses_is_kept_and_saved_on_retry(
        qtbot: QtBot, disk: Path, fault: str) -> None:
    from test_first_game_page import answer as answer_step
    from test_first_game_page import current

    def play_step(qtbot: QtBot, page: FirstGamePage) -> None:
        step = current(page)
        answer_step(qtbot, page, step, by_key=True)
        qtbot.waitUntil(lambda: page.step_no == step.number + 1, timeout=TIMEOUT)

    learn = LearnScreen(disk)
    qtbot.addWidget(learn)
    learn.resize(1280, 760)
    with qtbot.waitExposed(learn):
        learn.show()
    learn.open_first_game()
    page = learn.first_game
    assert page is not None
    play_step(qtbot, page)  # saved: step 1
    settled(qtbot, learn)
    assert load_position(page.path, page.guide).step == 1
    filler = fill(disk) if fault == "full" else None
    with read_only(disk) if fault == "read_only" else _nothing():
        beat = Heartbeat()
        play_step(qtbot, page)
        assert page.step_no == 2  # the step is taken and shown
        said = unsaved_said(qtbot, learn)
        assert "ván đầu tiên" in said
        assert ("ổ đĩa đã đầy" if fault == "full" else "chỉ cho phép đọc") in said
        assert beat.ticks > 0
    if filler is not None:
        filler.unlink()
    qtbot.keyClick(page.chieu, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not learn.unsaved.isVisible(), timeout=TIMEOUT)
    settled(qtbot, learn)
    assert load_position(page.path, page.guide).step == 2


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_closing_with_refused_answers_asks_first(qtbot: QtBot, disk: Path) -> None:
    """Closing would lose answers the disk refused: the window asks (try again, close and
    drop them, or stay) instead of dropping them silently."""
    from desktop_driver import open_window

    from desktop.qt import QMessageBox

    items = drills.generate("boc_cai", ITEMS, 37)
    with Progress.open(disk / "progress.db") as progress:
        progress.add(items)
    window = open_window(qtbot, disk)
    window.show_activity("learn")
    learn = window.learn
    assert learn is not None
    settled(qtbot, learn)
    learn.review_due()
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    filler = fill(disk)
    answer(qtbot, learn)
    unsaved_said(qtbot, learn)
    window.close()
    box = window.quit_box
    assert isinstance(box, QMessageBox) and box.isVisible() and window.isVisible()
    assert "progress.db" in box.text() and "sẽ mất" in box.text()
    stay = next(b for b in box.buttons() if b.text() == "Ở lại")
    qtbot.mouseClick(stay, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.quit_box is None, timeout=TIMEOUT)
    assert window.isVisible() and learn.queue.unsaved == 1
    filler.unlink()
    window.close()  # asked again: this time, try again and it is saved
    box = window.quit_box
    assert isinstance(box, QMessageBox)
    retry = next(b for b in box.buttons() if b.text() == "Thử lưu lại")
    qtbot.mouseClick(retry, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not learn.unsaved.isVisible(), timeout=TIMEOUT)
    assert len(stored_answers(qtbot, learn)) == 1
    window.close()
    assert window.quit_box is None and not window.isVisible()
