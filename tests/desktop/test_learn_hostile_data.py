"""Học on a hostile data folder (issue 20): progress.db with one hostile value in one column,
and every file of the data folder (progress.db, first_game.json, settings.json) as a folder, a
FIFO, garbage or a huge file. Học opens, says what is wrong in words (never a traceback, never
"disk I/O error" for what is not a disk), the rest keeps working, and the file is left as it
was. A schedule row whose last_at is garbage used to kill the program (SIGSEGV: an error raised
inside a Qt override is fatal to PySide6 on this Python): it is run in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, open_window
from learn_driver import settled
from pytestqt.qtbot import QtBot

from desktop.i18n import set_language
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent
from lessons.drills import generate
from lessons.item import Item
from tests.lessons.test_progress_hostile import VALUES, hostile_copy, progress_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(scope="module")
def items() -> list[Item]:
    return generate("boc_cai", 3, 5)


@pytest.fixture(scope="module")
def base_db(tmp_path_factory: pytest.TempPathFactory, items: list[Item]) -> Path:
    return progress_of(tmp_path_factory.mktemp("progress") / "progress.db", items)


def learn_of(window: MainWindow) -> LearnScreen:
    window.show_activity("learn")
    assert isinstance(window.learn, LearnScreen)
    return window.learn


# The values the issue names, and one hostile value of every other column.
CASES = [("schedule", "last_at", "garbage"), ("schedule", "stability", "negative"),
         ("schedule", "stability", "null"), ("schedule", "reps", "word"),
         ("schedule", "reps", "int64_max"), ("schedule", "state", "int64_max"),
         ("items", "data", "not_json"), ("items", "data", "empty_object"),
         ("items", "data", "json_null"), ("items", "data", "deep"),
         ("items", "id", "garbage"), ("items", "family", "blob"), ("items", "kind", "null"),
         ("items", "deck", "garbage"), ("items", "created_at", "not_utf8"),
         ("answers", "item_id", "null"), ("answers", "answered_at", "naive_time"),
         ("answers", "correct", "word"), ("answers", "quality", "negative"),
         ("answers", "rating", "int64_max"), ("answers", "elapsed_ms", "huge_real"),
         ("answers", "response", "not_json"), ("answers", "rule_ids", "megabyte"),
         ("schedule", "step", "negative"), ("schedule", "difficulty", "huge_real"),
         ("schedule", "lapses", "int64_max"), ("schedule", "last_correct", "word"),
         ("schedule", "due_at", "garbage"), ("schedule", "item_id", "garbage")]


@pytest.mark.parametrize(("table", "column", "kind"), CASES,
                         ids=[f"{t}.{c}={v}" for t, c, v in CASES])
def test_hoc_opens_on_a_hostile_row_says_it_once_and_reviews_the_rest(
        qtbot: QtBot, tmp_path: Path, base_db: Path, items: list[Item], table: str,
        column: str, kind: str) -> None:
    a, _, c = items
    db = hostile_copy(base_db, tmp_path / "progress.db", table, column, VALUES[kind], a.id)
    before = db.read_bytes()
    learn = learn_of(open_window(qtbot, tmp_path))
    settled(qtbot, learn)
    damage = learn.home.damage
    assert damage.isVisible()
    said = damage.text()
    assert said.startswith("Trong progress.db có") and "được để riêng" in said
    assert "Traceback" not in said and len(said) < 2000
    assert db.read_bytes() == before  # opening and reading changed nothing
    learn.review_due()
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    assert learn.drill.round is not None
    assert c.id in {i.id for i in learn.drill.round.items}  # the rest keeps working
    learn.show_home()
    settled(qtbot, learn)
    assert learn.home.damage.text() == said  # said once, not again on every read


def test_a_garbage_last_at_no_longer_kills_the_program(tmp_path: Path, base_db: Path,
                                                       items: list[Item]) -> None:
    """The crash of the issue, in a process of its own: Học shown over a schedule row whose
    last_at is 'garbage' (it was a SIGSEGV), then the window closed."""
    data = tmp_path / "data"
    data.mkdir()
    hostile_copy(base_db, data / "progress.db", "schedule", "last_at", "garbage", items[0].id)
    script = ("import sys\n"
              "from pathlib import Path\n"
              "from desktop.app import make_app\n"
              "from desktop.main_window import MainWindow\n"
              "from desktop.qt import QTimer\n"
              "app = make_app([])\n"
              "w = MainWindow(Path(sys.argv[1]), offer_resume=False, mute=True)\n"
              "w.show()\n"
              "QTimer.singleShot(100, lambda: w.show_activity('learn'))\n"
              "def done():\n"
              "    w.worker.wait(10000)\n"
              "    app.processEvents()\n"
              "    print('damage:', w.learn.home.damage.text().splitlines()[1])\n"
              "    w.close()\n"
              "QTimer.singleShot(1500, done)\n"
              "sys.exit(app.exec())\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    run = subprocess.run([sys.executable, "-c", script, str(data)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert "'last_at'" in run.stdout and "garbage" in run.stdout


# ------------------------------------------------------------------ the data folder's files


def make(path: Path, kind: str) -> None:
    if kind == "folder":
        path.mkdir()
        (path / "mine.txt").write_text("keep")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "garbage":
        path.write_bytes(b"\x00\xffthis is not what the program wrote\x1b[2J" * 10)
    else:  # huge: sparse, so the test disk is not filled
        with path.open("wb") as f:
            f.truncate(3 * 1024**3)


def snapshot(path: Path) -> object:
    if path.is_dir():
        return sorted((p.name, p.read_bytes()) for p in path.iterdir())
    if path.is_fifo():
        return "fifo"
    st = path.stat()
    if st.st_size > 1024**2:
        return st.st_size, st.st_mtime_ns
    return path.read_bytes()


KINDS = ["folder", "fifo", "garbage", "huge"]
PROGRESS_WORDS = {"folder": ("thư mục", "folder"), "fifo": ("không phải tệp thường",
                                                             "not a regular file"),
                  "garbage": ("không phải cơ sở dữ liệu SQLite", "not a SQLite database"),
                  "huge": ("quá lớn", "too large")}


@pytest.mark.parametrize("kind", KINDS)
def test_progress_db_as_a_folder_fifo_garbage_or_huge_is_said_and_left(
        qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "progress.db"
    make(path, kind)
    before = snapshot(path)
    window = open_window(qtbot, tmp_path)
    learn = learn_of(window)
    qtbot.waitUntil(lambda: learn.home.status.isVisible(), timeout=TIMEOUT)
    vi, en = PROGRESS_WORDS[kind]
    assert vi in learn.home.status.text()
    assert "I/O" not in learn.home.status.text() and "đọc/ghi" not in learn.home.status.text()
    window.toggle_language()
    qtbot.waitUntil(lambda: en in learn.home.status.text(), timeout=TIMEOUT)
    window.toggle_language()
    settled(qtbot, learn)
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("progress")) == \
        ["progress.db"]  # no -wal, no -shm, no journal beside it


def first_game_over(qtbot: QtBot, data: Path, kind: str) -> tuple[LearnScreen, object]:
    """Học's guided game opened over a first_game.json of ``kind``; the file as it was."""
    path = data / "first_game.json"
    make(path, kind)
    before = snapshot(path)
    learn = learn_of(open_window(qtbot, data))
    learn.open_first_game()
    assert learn.first_game is not None and learn.stack.currentWidget() is learn.first_game
    return learn, before


@pytest.mark.parametrize("kind", KINDS)
def test_first_game_json_as_a_folder_fifo_garbage_or_huge_is_said_and_left(
        qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    learn, before = first_game_over(qtbot, tmp_path, kind)
    path, page = tmp_path / "first_game.json", learn.first_game
    assert page is not None and page.step_no == 0
    note = page.file_note
    assert note.isVisible() and "first_game.json" in note.text() and "bước 1" in note.text()
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_step_over_a_first_game_json_that_is_no_file_never_replaces_it(
        qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    learn, before = first_game_over(qtbot, tmp_path, kind)
    path, page = tmp_path / "first_game.json", learn.first_game
    assert page is not None
    page.answer_seat(page.guide.steps[0].seat or 0)  # the first step, answered rightly
    assert page.step_no == 1
    qtbot.waitUntil(lambda: learn.unsaved.isVisible(), timeout=TIMEOUT)
    assert "ván đầu tiên" in learn.unsaved.label.text()
    settled(qtbot, learn)
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_settings_json_that_is_no_file_is_said_never_replaced(
        qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.json"
    make(path, kind)
    before = snapshot(path)
    window = open_window(qtbot, tmp_path)
    qtbot.waitUntil(lambda: window.settings_box is not None, timeout=TIMEOUT)
    box = window.settings_box
    assert box is not None
    text = box.text()
    assert "không bao giờ bị thay thế" in text and ".damaged" not in text
    box.accept()
    qtbot.waitUntil(lambda: window.settings_box is None, timeout=TIMEOUT)
    sound = window.settings.sound
    window.toggle_sound()  # applies for this run; nothing is written in the file's place
    assert window.settings.sound is (not sound)
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("settings")) == \
        ["settings.json"]
