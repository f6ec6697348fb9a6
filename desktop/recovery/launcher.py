"""Opening the main window so that a damaged library is never a dead end (issue 20).

At start, a library SQLite finds damaged (or one truncated to nothing while a backup still
holds games) is offered for restoring or salvaging before the window opens; any other
reason the data cannot be opened (locked by another program, a full disk, no permission,
another program's or a newer database) is said as before and the program exits 2. While the
program runs, the window's LibraryGuard makes the same offer; the choice closes the window
(its store and its work stop), the repair runs, and a new window opens on the mended
library. A damage error that no screen catches is routed to the guard instead of printing a
traceback (sys.excepthook, as Anki routes its errors to a dialog).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from desktop.i18n import current, set_language
from desktop.qt import QApplication, QObject
from desktop.recovery.dialog import RecoveryDialog, sqlite_words
from desktop.settings import read, settings_path
from replays.backup import Backup, newest_good
from replays.errors import DISK, FULL, LOCKED, PERMISSION, cause_of
from replays.paths import default_db
from replays.recovery import damage, emptied, is_damage

if TYPE_CHECKING:
    from desktop.instance import FolderLock, Holder
    from desktop.main_window import MainWindow

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


EMPTY = ("tệp trống rỗng (0 byte), trong khi bản sao lưu vẫn còn các ván",
         "the file is empty (0 bytes), while a backup still holds the games")


def damaged_at_start(error: BaseException, db: Path) -> str | None:
    """Why the library ``db`` that could not be opened is damaged (SQLite's words), or None
    when the cause is another one: locked, a full disk, no permission, a failing disk, or a
    file SQLite reads whole (another program's, a newer version's)."""
    cause = getattr(error, "cause", None) or cause_of(error)
    if cause in (LOCKED, FULL, PERMISSION, DISK):
        return None
    return damage(db)


class Launcher(QObject):
    """The main window of one data folder, opened (and opened again) through the offer."""

    def __init__(self, data_dir: Path | None,
                 make_window: Callable[[], MainWindow] | None = None,
                 leave: Callable[[int], object] | None = None,
                 lock: FolderLock | None = None, read_only: Holder | None = None) -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        super().__init__(app)
        self.app = app
        self.data_dir = data_dir
        self.db = default_db(data_dir)
        self.make_window = make_window or self._main_window
        self.leave = leave or app.exit  # the program's exit code: 2 when the data stays closed
        self.window: MainWindow | None = None
        self.dialog: RecoveryDialog | None = None
        self._previous_hook: Hook | None = None
        self.lock = lock  # the data folder's (desktop.instance): held while the library is
        self.read_only = read_only  # mended; a second program (read-only) never mends it

    def _main_window(self) -> MainWindow:
        from desktop.main_window import MainWindow

        return MainWindow(self.data_dir, read_only=self.read_only, lock=self.lock)

    # ------------------------------------------------------------------ start

    def start(self) -> bool:
        """Open the window, or the offer first; False (the reason said, as before) when the
        data cannot be opened for another cause than damage."""
        from desktop.app import START_ERRORS, _cannot_start

        found = emptied(self.db) if self.read_only is None else None
        if found is not None:
            self._offer(EMPTY, found, None)
            return True
        try:
            window = self.make_window()
        except START_ERRORS as error:
            said = damaged_at_start(error, self.db) if self.read_only is None else None
            if said is None:
                _cannot_start(error)
                return False
            self._offer(sqlite_words(said), newest_good(self.db), error)
            return True
        self._show(window)
        return True

    def _offer(self, problem: tuple[str, str], found: tuple[Backup, int] | None,
               error: BaseException | None) -> None:
        """The offer with no window open: quit exits 2, a repair opens the window."""
        settings, _ = read(settings_path(self.data_dir))  # in the learner's language
        if settings.lang != current():
            set_language(settings.lang)
        self.app.setQuitOnLastWindowClosed(False)  # between the offer and the window
        dialog = RecoveryDialog(self.db, problem, found)
        self.dialog = dialog
        dialog.finished.connect(lambda result: self._answered(dialog, result, error))
        dialog.open()

    def _answered(self, dialog: RecoveryDialog, result: int, error: BaseException | None
                  ) -> None:
        from desktop.app import START_ERRORS, _cannot_start

        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        if dialog.recovered is None:  # quit: the library stays as it was
            if error is not None:
                _cannot_start(error, box=False)
            self.leave(2)
            return
        try:
            window = self.make_window()
        except START_ERRORS as again:  # the mended library cannot be opened either
            _cannot_start(again)
            self.leave(2)
            return
        self._show(window)

    # ------------------------------------------------------------------ the window

    def _show(self, window: MainWindow) -> None:
        self.window = window
        window.guard.wanted.connect(lambda action: self._mend(window, action))
        window.show()
        self.app.setQuitOnLastWindowClosed(True)
        if self._previous_hook is None:
            self._previous_hook = sys.excepthook
            sys.excepthook = self.hook

    def _mend(self, window: MainWindow, action: str) -> None:
        """The learner chose to restore or salvage the library in use: the offer stays up
        and does it once the window (its store, its work) is closed."""
        if self.window is not window:
            return
        self.app.setQuitOnLastWindowClosed(False)
        last = window.guard.last
        dialog = RecoveryDialog(self.db, sqlite_words(last.damage or "?") if last else
                                sqlite_words("?"), last.backup if last else None)
        self.dialog = dialog
        dialog.finished.connect(lambda result: self._answered(dialog, result, None))
        dialog.show()
        self.window = None
        window.close()  # its store closed, its work done, the folder's lock released
        window.deleteLater()
        if self.lock is not None and self.lock.acquire() is not None:
            print("chan-tutor: another program took the data folder; the library was not "
                  "mended", file=sys.stderr)
            self.leave(2)
            return
        dialog.run(action)

    def hook(self, kind: type[BaseException], error: BaseException,
             trace: TracebackType | None) -> None:
        """sys.excepthook: a damage error no screen caught goes to the window's guard (the
        offer), said on one line; anything else as before."""
        window = self.window
        if window is not None and is_damage(error) and window.guard.failed(error, said=False):
            print(f"chan-tutor: the library is damaged ({error})", file=sys.stderr)
            return
        previous = self._previous_hook or sys.__excepthook__
        previous(kind, error, trace)
