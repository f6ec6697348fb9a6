"""One program per data folder (issue 20, desktop/instance.py): the first writes; a second is
offered the library read-only, never resumes the first one's game, and plays, imports and
branches nothing; a program killed with -9 leaves no lock behind."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from desktop_driver import open_window, play_some, wait_for
from pytestqt.qtbot import QtBot

from desktop.instance import FolderLock, Holder
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QApplication, QMessageBox, Qt
from replays.paths import default_db

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys, time
from pathlib import Path
from desktop.qt import QCoreApplication
from desktop.instance import FolderLock
app = QCoreApplication(sys.argv)
lock = FolderLock(Path(sys.argv[1]))
assert lock.acquire() is None
print("held", flush=True)
time.sleep(120)
"""


@pytest.fixture
def other_program(tmp_path: Path) -> subprocess.Popen[str]:
    """Another process holding the data folder's lock (killed with -9 afterwards)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], env=env,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "held"
    yield child
    child.kill()
    child.wait()


def test_a_second_program_finds_the_folder_held(
        tmp_path: Path, other_program: subprocess.Popen[str]) -> None:
    holder = FolderLock(tmp_path).acquire()
    assert holder == Holder(other_program.pid, holder.host if holder else "")


def test_a_program_killed_with_9_leaves_no_lock(
        tmp_path: Path, other_program: subprocess.Popen[str]) -> None:
    other_program.send_signal(signal.SIGKILL)
    other_program.wait()
    lock = FolderLock(tmp_path)
    assert lock.acquire() is None and lock.held
    lock.release()


def test_the_lock_is_given_back_when_the_window_closes(qtbot: QtBot, tmp_path: Path) -> None:
    lock = FolderLock(tmp_path)
    assert lock.acquire() is None
    window = MainWindow(tmp_path, pacing=INSTANT, offer_resume=False, lock=lock)
    qtbot.addWidget(window)
    assert FolderLock(tmp_path).acquire() is not None  # held while open
    window.close()
    again = FolderLock(tmp_path)
    assert again.acquire() is None
    again.release()


def _read_only_window(qtbot: QtBot, data: Path) -> MainWindow:
    window = MainWindow(data, pacing=INSTANT, read_only=Holder(4242, "here"))
    qtbot.addWidget(window)
    window.resize(1024, 640)
    window.show()
    return window


def test_the_read_only_program_never_offers_the_other_ones_game(
        qtbot: QtBot, tmp_path: Path) -> None:
    first = open_window(qtbot, tmp_path, seeds=[11])
    first.new_session()
    play_some(qtbot, first, 2, settle=True)
    played = first.play.controller.game_id
    assert played is not None

    second = _read_only_window(qtbot, tmp_path)
    qtbot.wait(50)  # the start notices run on the next turn of the event loop
    assert second.resume_box is None
    assert second.play.start_page.resume_button.isEnabled() is False
    assert second.play.start_page.new_button.isEnabled() is False
    assert second.read_only_bar.isVisible()
    assert "Chỉ đọc" in second.read_only_bar.text()
    second.close()

    # the first program's game went on undisturbed: its next moves are stored
    play_some(qtbot, first, 1, settle=True)
    c = first.play.controller
    assert c.game is not None and c.game_id == played
    with sqlite3.connect(default_db(tmp_path)) as conn:
        stored = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                              (played,)).fetchone()[0]
    assert stored == len(c.game.record)
    first.close()


def test_the_read_only_program_plays_and_imports_nothing(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = open_window(qtbot, tmp_path)
    first.close()  # the library exists
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information",
                        lambda *args: said.append(str(args[2])) or QMessageBox.StandardButton.Ok)
    window = _read_only_window(qtbot, tmp_path)
    before = window.store.sessions()
    window.play.start_session()
    assert window.play.controller.game is None and window.store.sessions() == before
    assert said and "cửa sổ khác" in said[0]
    window.show_activity("review")
    assert window.review is not None
    shown: list[str] = []
    monkeypatch.setattr(window.review, "_error", lambda title, text: shown.append(text))
    window.review.ask_import()
    assert shown and "cửa sổ khác" in shown[0]
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        window.store.new_session()
    window.close()


def test_the_read_only_program_says_it_in_english(qtbot: QtBot, tmp_path: Path) -> None:
    from desktop.i18n import set_language

    MainWindow(tmp_path, pacing=INSTANT, offer_resume=False).close()
    window = _read_only_window(qtbot, tmp_path)
    try:
        set_language("en")
        QApplication.processEvents()
        assert window.read_only_bar.text().startswith("Read-only")
    finally:
        set_language("vi")
        window.close()


def test_a_smoke_run_on_a_held_folder_says_so_and_exits_2(
        qtbot: QtBot, tmp_path: Path, other_program: subprocess.Popen[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import make_app, smoke_run

    assert smoke_run(make_app([]), tmp_path) == 2
    err = capsys.readouterr().err
    assert "cửa sổ khác" in err and "another window" in err
    assert not default_db(tmp_path).exists()


def _count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_the_read_only_program_reviews_without_writing(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Xem lại reads the library on connections that SQLite keeps read-only: the list, a
    game (its analysis is not cached), and no batch analysis."""
    from review_driver import open_in_viewer, selfplay_library

    db = default_db(tmp_path)
    ids = selfplay_library(db, ("normal", "normal", "normal", "normal"), 2, 5)
    window = _read_only_window(qtbot, tmp_path)
    window.show_activity("review")
    review = window.review
    assert review is not None
    wait_for(qtbot, lambda: not review.loading and len(review.library.model.rows) == 2)
    open_in_viewer(qtbot, review, ids[0])
    assert _count(db, "analysis") == 0  # read, never written
    shown: list[str] = []
    monkeypatch.setattr(review, "_error", lambda title, text: shown.append(text))
    review.start_batch()
    assert shown and "cửa sổ khác" in shown[0] and not review.runner.running
    window.close()


def test_the_read_only_program_grades_lessons_without_recording_them(
        qtbot: QtBot, tmp_path: Path) -> None:
    from learn_driver import settled

    from desktop.learn.screen import LearnScreen
    from lessons import drills
    from lessons.progress import Progress
    from replays.store import Store

    Store.open(default_db(tmp_path)).close()
    with Progress.open(tmp_path / "progress.db") as progress:
        progress.add(drills.generate("boc_cai", 2, 23))
    store = Store.open_read_only(default_db(tmp_path))
    learn = LearnScreen(tmp_path, store)
    qtbot.addWidget(learn)
    learn.resize(1280, 760)
    with qtbot.waitExposed(learn):
        learn.show()
    settled(qtbot, learn)
    learn.review_due()
    wait_for(qtbot, lambda: learn.stack.currentWidget() is learn.drill)
    drill = learn.drill
    assert drill.round is not None and drill.round.item is not None
    qtbot.keyClick(drill.canvas, getattr(Qt.Key, f"Key_{drill.round.item.answer}"))
    qtbot.keyClick(drill.canvas, Qt.Key.Key_Return)
    assert drill.grade is not None and drill.grade.correct  # graded and shown
    settled(qtbot, learn)
    assert _count(tmp_path / "progress.db", "answers") == 0  # never recorded
    assert not learn.unsaved.isVisible()  # and never nagged about: the window's bar says it
    learn.close()
    store.close()
