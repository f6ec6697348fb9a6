"""Starting the application: the QApplication, the shipped fonts, the look, the language, the
main window — and the smoke run for scripts (`chan-tutor --smoke`, FORMATS.md).
"""

from __future__ import annotations

import gc
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.qt import QApplication, QColor, QFont, QFontDatabase, QIcon, QPalette, QTimer
from desktop.resources import FONTS, RESOURCES

if TYPE_CHECKING:
    from desktop.instance import FolderLock, Holder

TITLE = "Chắn — học, chơi, xem lại"
SMOKE_TIMEOUT_MS = 20_000

STYLE = """
#activityBar { background: #3a2414; }
#activityBar QToolButton#activity {
    color: #f2e6cc; background: transparent; border: none; border-bottom: 3px solid transparent;
    padding: 6px 14px; font-size: 15px; font-weight: bold;
}
#activityBar QToolButton#activity:checked { color: #f2c450; border-bottom-color: #f2c450; }
#activityBar QToolButton#activity:hover { color: #ffffff; }
#activityBar QPushButton { color: #f2e6cc; background: #5a3a22; border: 1px solid #7a5634;
    border-radius: 4px; padding: 4px 10px; }
#activityBar QPushButton:checked { background: #6b4a2a; }
QLabel#pageTitle { font-size: 22px; font-weight: bold; padding: 12px 0 4px 0; }
QPushButton#primary { background: #aa261e; color: #fdf5e4; font-weight: bold;
    border: 1px solid #7d1a14; border-radius: 4px; padding: 6px 14px; }
QPushButton#primary:disabled { background: #c9a49f; }
#hintBar { background: #fbf3dc; border-top: 2px solid #f2c450; }
QLabel#warningTitle { color: #aa261e; font-size: 17px; font-weight: bold; }
QLabel#readOnlyBar { background: #fbf3dc; border-bottom: 2px solid #f2c450; padding: 6px 12px; }
"""


def load_fonts() -> str | None:
    """Register the shipped Noto Sans subsets (Vietnamese everywhere); return their family."""
    family: str | None = None
    for name in ("NotoSans-Regular-vi.ttf", "NotoSans-Bold-vi.ttf"):
        index = QFontDatabase.addApplicationFont(str(FONTS / name))
        families = QFontDatabase.applicationFontFamilies(index) if index >= 0 else []
        family = family or (families[0] if families else None)
    return family


# Warm paper tones, like the chiếu and the cards (Fusion draws every widget with them).
PALETTE = {
    QPalette.ColorRole.Window: "#f3ead8",
    QPalette.ColorRole.Base: "#fffaf0",
    QPalette.ColorRole.AlternateBase: "#f6eedc",
    QPalette.ColorRole.Button: "#eadfc8",
    QPalette.ColorRole.Highlight: "#aa261e",
    QPalette.ColorRole.HighlightedText: "#fffaf0",
    QPalette.ColorRole.WindowText: "#2a1d12",
    QPalette.ColorRole.Text: "#2a1d12",
    QPalette.ColorRole.ButtonText: "#2a1d12",
    QPalette.ColorRole.ToolTipBase: "#fffaf0",
    QPalette.ColorRole.ToolTipText: "#2a1d12",
    QPalette.ColorRole.Link: "#8a2a1c",
}
# ...which set every colour group: disabled widgets (a refused Save, real mode's automations
# in the settings) must still look disabled.
DISABLED = {
    QPalette.ColorRole.WindowText: "#9a8b78",
    QPalette.ColorRole.Text: "#9a8b78",
    QPalette.ColorRole.ButtonText: "#9a8b78",
    QPalette.ColorRole.Base: "#f3ead8",
}


def make_app(argv: list[str]) -> QApplication:
    """The QApplication with the program's name, fonts and style."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv)
    app.setApplicationName("chan-tutor")
    app.setApplicationDisplayName(TITLE)
    app.setStyle("Fusion")
    palette = app.palette()
    for role, color in PALETTE.items():
        palette.setColor(role, QColor(color))
    for role, color in DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(color))
    app.setPalette(palette)
    family = load_fonts()
    if family is not None:
        font = QFont(family)
        font.setPointSizeF(10.5)
        app.setFont(font)
    app.setStyleSheet(STYLE)
    icon = QIcon()
    for size in (32, 64, 256):
        icon.addFile(str(RESOURCES / "icons" / f"chan-tutor-{size}.png"))
    app.setWindowIcon(icon)
    return app


def run_app(argv: list[str], data_dir: Path | None = None, smoke: bool = False,
            game: str = "chan") -> int:
    """Open the main window and run the event loop until it closes (or the smoke run ends,
    playing `game`)."""
    from desktop import platform_check as check

    if check.no_display():  # before Qt, which would abort blaming a library (issue 20)
        sys.stderr.write(check.explain_no_display(check.unloadable_packages()))
        return 1
    missing = check.missing_packages()
    if missing:
        sys.stderr.write(check.explain(missing))
        return 1
    app = make_app(argv)
    if smoke:
        return smoke_run(app, data_dir, game=game)
    from desktop.recovery.launcher import Launcher

    keep_code_for_good()
    try:
        lock = _folder_lock(data_dir)
        holder = lock.acquire()
    except START_ERRORS as error:
        _cannot_start(error)
        return 2
    if holder is not None and not _read_only_wanted(holder):
        return 0
    # a damaged library is offered for restoring or salvaging (issue 20); a database we must
    # not touch or a folder we can't use is said, as always
    launcher = Launcher(data_dir, lock=lock, read_only=holder)
    if not launcher.start():
        lock.release()  # nothing of ours is left in the folder
        return 2
    return app.exec()


def _folder_lock(data_dir: Path | None) -> FolderLock:
    """The lock of the data folder, made first if it does not exist yet (issue 20)."""
    from desktop.instance import FolderLock
    from replays.paths import data_dir as folder_of

    folder = folder_of(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return FolderLock(folder)


def in_use_text(holder: Holder) -> tuple[str, str]:
    """Why a second program opens the library read-only: (Vietnamese, English)."""
    who = f" (tiến trình {holder.pid})" if holder.pid else ""
    who_en = f" (process {holder.pid})" if holder.pid else ""
    return (f"Chương trình đang mở với thư mục dữ liệu này ở một cửa sổ khác{who}. Hai chương "
            f"trình cùng ghi một thư viện có thể làm mất nước đi, nên chỉ cửa sổ kia được ghi. "
            f"Cửa sổ này có thể mở chỉ đọc: xem lại ván và học, nhưng không chơi ván mới, "
            f"không nhập ván và không lưu tiến độ học.",
            f"The program is already open on this data folder in another window{who_en}. Two "
            f"programs writing one library could lose moves, so only that window writes. This "
            f"one can open read-only: review games and learn, but no new game, no import, and "
            f"no lesson progress saved.")


def _read_only_wanted(holder: Holder) -> bool:
    """Ask whether to open read-only when another program holds the folder."""
    from desktop.i18n import pick
    from desktop.qt import QMessageBox

    vi, en = in_use_text(holder)
    box = QMessageBox(QMessageBox.Icon.Information, TITLE, f"{pick(vi, en)}\n\n{pick(en, vi)}")
    read = box.addButton(pick("Mở chỉ đọc", "Open read-only"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(pick("Thoát", "Quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(read)
    box.exec()
    return box.clickedButton() is read
def keep_code_for_good() -> None:
    """The program's code is imported: its modules, classes and functions live as long as
    the program, so they are kept out of Python's full garbage collections, which otherwise
    walk them every time and stop every thread for 50–130 ms once a 20,000-game library is
    read (issue 20). Called before any widget exists: a widget kept so would never be
    collected, and would go on receiving events."""
    gc.freeze()


def _start_errors() -> tuple[type[BaseException], ...]:
    import sqlite3

    from replays.errors import RecordError

    return RecordError, OSError, sqlite3.Error


# What a bad data folder raises while the window opens (a damaged, foreign or locked
# replays.db, a folder in its place, a read-only or full disk): said, never a traceback.
START_ERRORS = _start_errors()


def cannot_start_text(error: BaseException) -> tuple[str, str]:
    """Why the program cannot open its data folder: (Vietnamese, English), each with what to
    do (issue 13, class 6): the record layer's own words, or the real cause of a system or
    SQLite error (replays.errors.database_error)."""
    from replays.errors import RecordError, cause_of, database_error

    if not isinstance(error, RecordError):
        if cause_of(error) is not None or not isinstance(error, OSError):
            name = str(getattr(error, "filename", None) or "")
            error = database_error(name, error)
        else:
            said = error.strerror or str(error)
            where = f"{error.filename}: " if error.filename else ""
            error = RecordError(f"{where}cannot be read or written ({said})",
                                f"{where}không đọc hoặc ghi được ({said})")
    assert isinstance(error, RecordError)
    return ("Không mở được dữ liệu của chương trình (dùng --data-dir để chọn thư mục khác; "
            "tệp của bạn được giữ nguyên):\n" + error.vi,
            "Cannot open the program's data (use --data-dir to choose another folder; your "
            "files were left as they were):\n" + error.en)


def _cannot_start(error: BaseException, box: bool = True) -> None:
    """Say why the program cannot open its data, in both languages, and where: on stderr,
    and in a message box (the learner's language first) unless ``box`` is False."""
    from desktop.i18n import pick

    vi, en = cannot_start_text(error)
    print(f"{vi}\n{en}", file=sys.stderr)
    if box:
        from desktop.qt import QMessageBox

        QMessageBox.critical(None, TITLE, f"{pick(vi, en)}\n\n{pick(en, vi)}")


def smoke_run(app: QApplication, data_dir: Path | None,
              seeds: Callable[[], int] | None = None, game: str = "chan") -> int:
    """Open the window, start a game of `game` ("chan" or "to_tom") against the computer,
    stop at the learner's first decision and print first_frame_ms (ms from process start to
    that chiếu frame). The learner's settings are not changed."""
    from desktop.main_window import DESIGN_SIZE, MainWindow
    from desktop.play.pacing import INSTANT
    from desktop.startup import ms_since_start

    temp = None
    lock: FolderLock | None = None
    try:
        if data_dir is None:  # a smoke run must not add a hội to the learner's own games
            temp = tempfile.TemporaryDirectory(prefix="chan-tutor-smoke-")
            data_dir = Path(temp.name)
        lock = _folder_lock(data_dir)
        holder = lock.acquire()
        if holder is not None:  # it plays a game: never beside another program's (issue 20)
            vi, en = in_use_text(holder)
            print(f"{vi}\n{en}", file=sys.stderr)
            if temp is not None:
                temp.cleanup()
            return 2
        window = MainWindow(data_dir, pacing=INSTANT, seeds=seeds, offer_resume=False,
                            mute=True, lock=lock, backups=False)
    except START_ERRORS as error:  # like the normal start, without a box to wait on
        if lock is not None:
            lock.release()  # nothing of ours is left in the folder
        _cannot_start(error, box=False)
        if temp is not None:
            temp.cleanup()
        return 2
    # measured at the size the chiếu is designed for, whatever screen the run has (the
    # offscreen platform's is 800 × 800, where the window would open smaller)
    window.resize(DESIGN_SIZE)
    if game != window.settings.game:  # for this run only: settings.json stays as it is
        window.settings = replace(window.settings, game="to_tom" if game == "to_tom" else "chan")
        window.play.apply_settings(window.settings)
    window.show()
    result = {"code": 1}
    play = window.play.tom_part() if game == "to_tom" else window.play
    controller = play.controller
    chieu = play.chieu

    def check(_: object) -> None:
        if result["code"] == 0 or controller.state != "learner":
            return
        chieu.repaint()
        if chieu.hit_map() is None:  # not exposed yet: draw it anyway
            chieu.grab()
        result["code"] = 0
        print(f"first_frame_ms={ms_since_start()}", flush=True)
        QTimer.singleShot(0, window.close)

    def timeout() -> None:
        print("smoke: the learner's first decision never came", file=sys.stderr)
        window.close()

    controller.view_changed.connect(check)
    # ~1 deal in 100 ends before the learner's first decision (a computer wins at once):
    # the hội goes on to the next game, as the learner would
    controller.game_over.connect(lambda _: QTimer.singleShot(0, controller.next_game))
    QTimer.singleShot(SMOKE_TIMEOUT_MS, timeout)
    window.play.start_session()
    app.exec()
    if temp is not None:
        temp.cleanup()
    return result["code"]
