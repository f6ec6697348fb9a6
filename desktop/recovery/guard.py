"""Errors of the library while the program uses it (issue 20): one that SQLite calls damage
(a read or a write refused as "database disk image is malformed") is never swallowed. The
library is checked on the Worker through a connection of its own and, when it is damaged,
the offer to restore or salvage it is made; otherwise the error is said in words.
"""

from __future__ import annotations

from pathlib import Path

from desktop.i18n import pick
from desktop.notices import notify
from desktop.qt import QMessageBox, QObject, QWidget, Signal
from desktop.recovery.dialog import RecoveryDialog, sqlite_words
from desktop.review.error_text import error_text
from desktop.worker import Worker
from replays.recovery import Inspection, inspect, is_damage


class LibraryGuard(QObject):
    """Watches the errors of one library for damage; ``wanted(action)`` when the learner
    chose to restore or salvage it (the window must close first)."""

    wanted = Signal(str)

    def __init__(self, db: Path, worker: Worker, window: QWidget, can_mend: bool = True
                 ) -> None:
        super().__init__(window)
        self.can_mend = can_mend  # False in a second program: the first one holds the file
        self.db = db
        self.worker = worker
        self.window = window
        self.checking = False
        self.dialog: RecoveryDialog | None = None
        self.notice: QMessageBox | None = None
        self.last: Inspection | None = None  # the last check's verdict (tests)

    def failed(self, error: BaseException, said: bool = True) -> bool:
        """An error of the library in use (``said``: the screen has already worded it);
        True when it may be damage and the library is being checked."""
        if not is_damage(error):
            return False
        self.check(error, said)
        return True

    def check(self, error: BaseException, said: bool = True) -> None:
        """Check the library now (a backup found its copy not whole); the offer if it is
        damaged, else the error in words unless ``said``."""
        if self.checking or self.dialog is not None:
            return
        self.checking = True
        db = self.db
        self.worker.run(lambda: inspect(db), lambda found: self._checked(found, error, said),
                        lambda problem: self._checked(None, error, said))

    def _checked(self, found: Inspection | None, error: BaseException, said: bool) -> None:
        self.checking = False
        self.last = found
        if found is not None and found.damage is not None and not self.can_mend:
            self.notice = notify(self.window, pick("Thư viện ván bị hỏng",
                                                   "The game library is damaged"), pick(
                f"{self.db} bị hỏng (SQLite báo: {found.damage}). Hãy đóng chương trình đang "
                f"giữ thư viện rồi mở lại: chương trình sẽ đề nghị khôi phục hoặc cứu các ván.",
                f"{self.db} is damaged (SQLite says: {found.damage}). Close the program that "
                f"holds the library and open it again: it will offer to restore or salvage "
                f"the games."), warning=True)
            return
        if found is None or found.damage is None:
            if not said:  # it reads whole through a new connection: the error itself, in words
                self.notice = notify(self.window, pick("Lỗi thư viện ván", "Library error"),
                                     error_text(error), warning=True)
            return
        dialog = RecoveryDialog(self.db, sqlite_words(found.damage), found.backup,
                                window_open=True, parent=self.window)
        self.dialog = dialog
        dialog.chosen.connect(self.wanted)
        dialog.finished.connect(lambda _: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: RecoveryDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
