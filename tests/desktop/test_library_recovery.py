"""A damaged library in the program (issue 20): at start and while it is open, the program
says what is wrong in words and offers to restore the newest good backup or salvage every
readable game, keeping the damaged file aside; the games come back from the newest backup,
nothing of the learner's is overwritten, and Xem lại never raises a traceback. Backups are
taken at start and after each hội; one that fails is said, and play goes on."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.chieu.scene import Scene
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QApplication, Qt
from desktop.recovery.dialog import RecoveryDialog
from desktop.recovery.launcher import Launcher
from replays.backup import backups, take
from replays.errors import FULL
from replays.paths import default_db
from replays.store import Store
from tests.fault_helpers import small_tmpfs
from tests.library_damage import (
    KINDS,
    add_games,
    backed_up_library,
    damage,
    games_of,
    make_library,
    overwrite_in_another_process,
    pages_of,
    snapshot,
)

TIMEOUT = 15_000
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose library holds 25 games, backed up at 20 and at 23 (the newest)."""
    folder = tmp_path / "data"
    backed_up_library(default_db(folder))
    return folder


class Program:
    """The program as run_app starts it, on a data folder, with its exit code kept."""

    def __init__(self, qtbot: QtBot, data: Path, scene: Scene) -> None:
        self.qtbot = qtbot
        self.codes: list[int] = []
        self.windows: list[MainWindow] = []

        def make() -> MainWindow:
            window = MainWindow(data, pacing=INSTANT, offer_resume=False, scene=scene)
            self.windows.append(window)
            return window

        self.launcher = Launcher(data, make, self.codes.append)

    def offer(self) -> RecoveryDialog:
        """The offer on screen: at start, or from the open window."""
        def shown() -> RecoveryDialog | None:
            window = self.launcher.window
            for dialog in (self.launcher.dialog, window.guard.dialog if window else None):
                if dialog is not None and dialog.isVisible():
                    return dialog
            return None
        self.qtbot.waitUntil(lambda: shown() is not None, timeout=TIMEOUT)
        dialog = shown()
        assert dialog is not None
        return dialog

    def choose(self, button: str) -> MainWindow:
        """Click restore or salvage in the offer; the program opens on the mended library."""
        dialog = self.offer()
        getattr(dialog, f"{button}_button").click()
        done = self.launcher.dialog
        assert done is not None
        self.qtbot.waitUntil(lambda: done.recovered is not None or done.failure is not None,
                             timeout=TIMEOUT)
        assert done.failure is None, done.failure
        assert done.result_text.text()
        self.qtbot.keyClick(done, Qt.Key.Key_Return)  # "Open the program (Enter)"
        self.qtbot.waitUntil(lambda: self.launcher.window is not None, timeout=TIMEOUT)
        window = self.launcher.window
        assert window is not None
        return window

    def close(self) -> None:
        from shiboken6 import isValid

        for window in self.windows:
            if isValid(window):
                window.close()


@pytest.fixture
def program(qtbot: QtBot, data: Path, scene: Scene) -> Iterator[Program]:
    run = Program(qtbot, data, scene)
    yield run
    run.close()
    QApplication.instance().setQuitOnLastWindowClosed(True)  # type: ignore[union-attr]


def aside_of(data: Path) -> Path:
    """The damaged library kept aside (the one, without its -wal and -shm)."""
    kept = [p for p in data.iterdir() if re.fullmatch(r"replays\.db\.damaged-\d{8}-\d{6}",
                                                      p.name)]
    assert len(kept) == 1, sorted(p.name for p in data.iterdir())
    return kept[0]


def games_in(window: MainWindow) -> int:
    return len(window.store.game_ids())


# ------------------------------------------------------------------------- at start


@pytest.mark.parametrize("kind", [*KINDS, "emptied"])
def test_at_start_a_damaged_library_is_offered_and_its_newest_backup_restored(
        program: Program, data: Path, kind: str) -> None:
    db = default_db(data)
    backed_up = games_of(sorted((data / "backups").iterdir())[-1])
    before = snapshot(data / "backups")
    broken = damage(db, kind)
    assert program.launcher.start()
    dialog = program.offer()
    assert "bị hỏng" in dialog.text.text() and "23 ván" in dialog.restore_text.text()
    window = program.choose("restore")
    assert games_in(window) == 23 and games_of(db) == backed_up
    assert aside_of(data).read_bytes() == broken
    kept = snapshot(data / "backups")
    assert all(kept[name] == content for name, content in before.items())
    assert program.codes == []


@pytest.mark.parametrize("kind", KINDS)
def test_at_start_every_readable_game_can_be_salvaged_instead(
        program: Program, data: Path, kind: str) -> None:
    db = default_db(data)
    original = games_of(db)
    broken = damage(db, kind)
    assert program.launcher.start()
    window = program.choose("salvage")
    salvaged = games_of(db)
    assert games_in(window) == len(salvaged) >= 23
    assert all(salvaged[g] == original[g][:len(salvaged[g])] for g in salvaged)
    assert aside_of(data).read_bytes() == broken


def test_quitting_the_offer_changes_nothing_and_exits_2(
        program: Program, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damage(default_db(data), "garbage")
    before = snapshot(data)
    assert program.launcher.start()
    dialog = program.offer()
    program.qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    program.qtbot.waitUntil(lambda: program.codes == [2], timeout=TIMEOUT)
    assert snapshot(data) == before
    assert "Traceback" not in capsys.readouterr().err


def test_a_locked_or_foreign_library_keeps_the_clear_message_and_no_offer(
        program: Program, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.qt import QMessageBox

    db = default_db(data)
    db.unlink()
    with __import__("sqlite3").connect(db) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _parent, _title, text: shown.append(text)))
    assert not program.launcher.start()
    assert program.launcher.dialog is None and len(shown) == 1
    assert "another program" in shown[0]


# ------------------------------------------------------------------------- while open


def open_program(program: Program) -> MainWindow:
    assert program.launcher.start()
    window = program.launcher.window
    assert window is not None
    program.qtbot.waitUntil(lambda: not window.backups.busy and bool(window.backups.taken),
                            timeout=TIMEOUT)  # the backup at start, of the 25 games
    return window


def test_damaged_while_open_xem_lai_says_so_and_restores_the_newest_backup(
        program: Program, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = default_db(data)
    window = open_program(program)
    backed_up = games_of(window.backups.taken[-1].path)
    assert len(backed_up) == 25
    leaves = pages_of(db, "games")
    overwrite_in_another_process(db, leaves)
    broken = db.read_bytes()
    window.show_activity("review")  # Ctrl+3: Xem lại opens, lists nothing, says why
    assert window.review is not None and window.review.isVisible()
    dialog = program.offer()
    assert dialog is window.guard.dialog
    assert "bị hỏng" in dialog.text.text() and "25 ván" in dialog.restore_text.text()
    mended = program.choose("restore")
    assert mended is not window and games_in(mended) == 25 and games_of(db) == backed_up
    assert aside_of(data).read_bytes() == broken
    mended.show_activity("review")
    review = mended.review
    assert review is not None
    program.qtbot.waitUntil(lambda: not review.loading, timeout=TIMEOUT)  # read on the Worker
    assert review.library.model.rowCount() == 25
    assert "Traceback" not in capsys.readouterr().err


def test_damaged_while_playing_the_move_that_cannot_be_saved_leads_to_the_offer(
        program: Program, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is damaged under the window; the store's next write is refused as SQLite
    refuses it then ("malformed": whether SQLite notices at that very write depends on what
    its page cache holds, so the refusal is made certain here); Chơi's own NotSaved leads to
    the offer, and the games come back."""
    import sqlite3

    from desktop_driver import perform, wait_for

    from engine.chan.ai import make_player
    from replays.recorder import NotSaved

    db = default_db(data)
    window = open_program(program)
    failures: list[NotSaved] = []
    window.play.controller.save_failed.connect(failures.append)
    window.play.start_session()
    controller = window.play.controller
    wait_for(program.qtbot, lambda: controller.state == "learner")
    game = controller.game
    assert game is not None
    overwrite_in_another_process(db, list(range(2, db.stat().st_size // 4096 + 1)))

    def refused(*args: object, **kwargs: object) -> None:
        error = sqlite3.DatabaseError("database disk image is malformed")
        error.sqlite_errorcode = sqlite3.SQLITE_CORRUPT  # type: ignore[attr-defined]
        raise error

    # the hội writes on its own thread and connection (desktop/play/writer.py): refuse there
    patched: list[object] = []

    def patch(store: object) -> None:
        monkeypatch.setattr(store, "append", refused)

    controller.writer.run(patch, patched.append, patched.append)
    wait_for(program.qtbot, lambda: bool(patched))
    assert patched == [None]
    move = make_player("normal").choose(game.observation(controller.learner)).action
    perform(program.qtbot, window, move, by_key=False)
    dialog = program.offer()
    assert dialog is window.guard.dialog
    assert failures and "malformed" in str(failures[0].cause)  # Chơi's own NotSaved
    assert window.play.save_box is not None  # its retry box, under the offer
    mended = program.choose("salvage")
    assert games_in(mended) >= 25


def test_a_damage_error_no_screen_catches_goes_to_the_offer_not_a_traceback(
        program: Program, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    db = default_db(data)
    window = open_program(program)
    overwrite_in_another_process(db, pages_of(db, "games"))
    error = sqlite3.DatabaseError("database disk image is malformed")
    program.launcher.hook(type(error), error, None)
    assert program.offer() is window.guard.dialog
    err = capsys.readouterr().err
    assert "the library is damaged" in err and "Traceback" not in err


def test_a_reading_error_that_is_no_damage_is_said_in_words(
        program: Program, data: Path) -> None:
    import sqlite3

    window = open_program(program)
    error = sqlite3.DatabaseError("database disk image is malformed")
    assert window.guard.failed(error, said=False)  # it says damage; the file reads whole
    program.qtbot.waitUntil(lambda: window.guard.notice is not None, timeout=TIMEOUT)
    assert window.guard.dialog is None
    assert "bị hỏng" in window.guard.notice.text()  # type: ignore[union-attr]


# ------------------------------------------------------------------------- backups


def test_a_backup_is_taken_at_start_and_after_each_hoi(program: Program, data: Path) -> None:
    from desktop_driver import wait_for

    db = default_db(data)
    window = open_program(program)
    assert len(backups(db)) == 3 and window.backups.taken[-1] == backups(db)[0]
    window.play.start_session()
    wait_for(program.qtbot, lambda: window.play.controller.game is not None)
    window.play.end_session()  # the hội ends: its game is in the next backup
    program.qtbot.waitUntil(lambda: len(window.backups.taken) == 2, timeout=TIMEOUT)
    assert len(games_of(backups(db)[0].path)) == 26


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def test_a_backup_on_a_full_disk_is_said_once_and_play_goes_on(
        qtbot: QtBot, disk: Path, scene: Scene) -> None:
    db = default_db(disk)
    make_library(db, 10)
    take(db, now=T0)
    add_games(db, 2, seed=3)
    st = os.statvfs(disk)
    room = 96 * 1024  # enough for the library's log, not for a copy of it
    (disk / "filler").write_bytes(b"\0" * max(0, st.f_bavail * st.f_frsize - room))
    before = snapshot(disk / "backups")
    program = Program(qtbot, disk, scene)
    try:
        window = open_program_failing(program)
        problem = window.backups.problems[-1]
        assert problem.cause == FULL and window.backups.notice is not None
        assert window.backups.notice.isVisible() and not window.backups.notice.isModal()
        assert "đầy" in window.backups.notice.text()
        assert snapshot(disk / "backups") == before
        window.backups.take()  # and again: said once
        qtbot.waitUntil(lambda: len(window.backups.problems) == 2, timeout=TIMEOUT)
        assert window.backups.notice.isVisible()
        with Store.open(db) as store:
            assert len(store.game_ids()) == 12
    finally:
        program.close()


def open_program_failing(program: Program) -> MainWindow:
    assert program.launcher.start()
    window = program.launcher.window
    assert window is not None
    program.qtbot.waitUntil(lambda: bool(window.backups.problems), timeout=TIMEOUT)
    return window
