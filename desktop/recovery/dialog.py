"""The offer made when the library is damaged (issue 20): what is wrong, in words; restore the
newest whole backup, salvage every readable game into a new library, or quit (no window is
open) or leave it for later (the program goes on). Whatever is chosen, the damaged file is
kept aside, never overwritten or deleted.

The repair runs on a Worker with a thread pool of its own (it first waits for the closed
window's work to end: nothing of ours may still hold the damaged file), then says what came
back; the program then opens the mended library.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from desktop.i18n import current, pick, set_language
from desktop.keys import bind
from desktop.qt import (
    QDialog,
    QHBoxLayout,
    QKeySequence,
    QLabel,
    QObject,
    QProgressBar,
    QPushButton,
    QShortcut,
    Qt,
    QThreadPool,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.worker import Worker
from replays.backup import Backup
from replays.errors import RecordError
from replays.recovery import Recovered, rescue, restore

WIDTH = 600  # the text column (the dialog fits 1024 × 640 with room to spare)
WAIT_MS = 60_000  # how long a repair waits for the closed window's work to end
RESTORE, SALVAGE = "restore", "salvage"


def sqlite_words(said: str) -> tuple[str, str]:
    """What SQLite found wrong, as the offer says it (Vietnamese, English)."""
    return f"SQLite báo: {said}", f"SQLite says: {said}"


class _Progress(QObject):
    """Carries a salvage's progress from the Worker's thread to the dialog (queued)."""

    moved = Signal(int, int)


def _mend(db: Path, action: str, progress: _Progress) -> Recovered:
    """On the Worker: restore or salvage, once nothing else of ours uses the library."""
    QThreadPool.globalInstance().waitForDone(WAIT_MS)
    if action == RESTORE:
        return restore(db)
    return rescue(db, progress=lambda done, total: progress.moved.emit(done, total))


class RecoveryDialog(QDialog):
    """Restore, salvage, or quit / later. ``chosen(action)``: a window is open and must close
    before the repair (``run`` then does it); ``mended(Recovered)``: done, the library can be
    opened (the dialog is accepted when the learner has read what came back)."""

    chosen = Signal(str)
    mended = Signal(object)

    def __init__(self, db: Path, problem: tuple[str, str], backup: tuple[Backup, int] | None,
                 window_open: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.problem = problem
        self.backup = backup
        self.window_open = window_open
        self.recovered: Recovered | None = None
        self.failure: RecordError | None = None
        self.action: str | None = None
        self._progress = _Progress(self)
        self._progress.moved.connect(self._moved)
        self.worker = Worker(self, QThreadPool(self))
        self.setModal(True)

        self.heading = QLabel()
        self.heading.setObjectName("warningTitle")
        self.text = QLabel()
        self.restore_text = QLabel()
        self.salvage_text = QLabel()
        self.later_text = QLabel()
        self.working_text = QLabel()
        self.result_text = QLabel()
        for label in (self.heading, self.text, self.restore_text, self.salvage_text,
                      self.later_text, self.working_text, self.result_text):
            label.setWordWrap(True)
            label.setFixedWidth(WIDTH)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (self.text, self.restore_text, self.salvage_text, self.later_text,
                      self.result_text):
            label.setTextFormat(Qt.TextFormat.RichText)
        self.restore_button = QPushButton()
        self.salvage_button = QPushButton()
        self.later_button = QPushButton()
        self.open_button = QPushButton()
        self.restore_button.setEnabled(backup is not None)
        self.restore_button.clicked.connect(lambda: self._choose(RESTORE))
        self.salvage_button.clicked.connect(lambda: self._choose(SALVAGE))
        self.later_button.clicked.connect(self.reject)
        self.open_button.clicked.connect(self.accept)
        for key, action in (("R", RESTORE), ("S", SALVAGE)):
            QShortcut(QKeySequence(key), self, lambda a=action: self._choose(a))
        bind(self, "language", self._toggle_language,
             context=Qt.ShortcutContext.WindowShortcut)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)

        question = QWidget()
        q = QVBoxLayout(question)
        q.setContentsMargins(0, 0, 0, 0)
        q.addWidget(self.text)
        for button, text in ((self.restore_button, self.restore_text),
                             (self.salvage_button, self.salvage_text),
                             (self.later_button, self.later_text)):
            q.addSpacing(6)
            q.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
            q.addWidget(text)
        working = QWidget()
        w = QVBoxLayout(working)
        w.setContentsMargins(0, 0, 0, 0)
        w.addWidget(self.working_text)
        w.addWidget(self.progress)
        w.addStretch(1)
        result = QWidget()
        r = QVBoxLayout(result)
        r.setContentsMargins(0, 0, 0, 0)
        r.addWidget(self.result_text)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.open_button)
        r.addLayout(row)
        r.addStretch(1)
        self.pages = (question, working, result)  # one shown at a time: the dialog fits it
        self.page = 0
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        for page in self.pages:
            layout.addWidget(page)
        self.retranslate()
        self._page(0)
        self._default()

    def _page(self, index: int) -> None:
        """Show a page (0 the choices, 1 the work, 2 what came back), the dialog as high as
        that page needs."""
        self.page = index
        for i, page in enumerate(self.pages):
            page.setVisible(i == index)
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.adjustSize()

    # ------------------------------------------------------------------ texts

    def retranslate(self) -> None:
        """Every text in the current language (Ctrl+L switches)."""
        db, aside = escape(str(self.db)), escape(f"{self.db.name}.damaged-…")
        self.setWindowTitle(pick("Thư viện ván bị hỏng", "The game library is damaged"))
        self.heading.setText(pick("Không đọc được thư viện ván của bạn",
                                  "Your game library cannot be read") if self.recovered is None
                             else pick("Thư viện ván đã dùng lại được",
                                       "Your game library can be used again"))
        said_vi, said_en = (escape(p) for p in self.problem)
        self.text.setText(pick(
            f"Tệp <b>{db}</b> bị hỏng (<i>{said_vi}</i>).<br>Chương trình không sửa, "
            f"không ghi đè và không xoá tệp này: dù bạn chọn gì, tệp được giữ lại bên cạnh "
            f"với tên <b>{aside}</b> (kèm ngày giờ).",
            f"The file <b>{db}</b> is damaged (<i>{said_en}</i>).<br>The program "
            f"does not repair, overwrite or delete it: whatever you choose, it is kept beside "
            f"the library as <b>{aside}</b> (with the date and time)."))
        if self.failure is not None:  # the repair just tried: why it could not be done
            self.text.setText(self.text.text() + "<p style='color:#aa261e'><b>" + escape(
                pick(self.failure.vi, self.failure.en)) + "</b></p>")
        self.restore_button.setText(pick("Khôi phục bản sao lưu (R)", "Restore the backup (R)"))
        if self.backup is None:
            self.restore_text.setText(pick("Chưa có bản sao lưu nào còn nguyên.",
                                           "There is no whole backup yet."))
        else:
            backup, games = self.backup
            when = backup.local_time()
            self.restore_text.setText(pick(
                f"Bản sao lưu mới nhất còn nguyên: {when}, {games} ván. Những ván chơi sau lúc "
                f"đó không có trong bản sao lưu (chúng vẫn nằm trong tệp hỏng được giữ lại).",
                f"The newest whole backup: {when}, {games} game{'s' * (games != 1)}. Games "
                f"played after that are not in it (they stay in the damaged file kept "
                f"aside)."))
        self.salvage_button.setText(pick("Cứu các ván còn đọc được (S)",
                                         "Salvage the readable games (S)"))
        self.salvage_text.setText(pick(
            "Đọc từng hàng của tệp hỏng, bỏ qua chỗ không đọc được, và chép mọi ván còn đọc "
            "được vào một thư viện mới" + ("; những gì tệp hỏng đã mất mà bản sao lưu còn giữ "
                                          "thì lấy từ bản sao lưu." if self.backup else "."),
            "Reads the damaged file row by row, skipping what cannot be read, and copies every "
            "readable game into a new library" + ("; what the damaged file lost but the backup "
                                                  "still has is taken from the backup."
                                                  if self.backup else ".")))
        if self.window_open:
            self.later_button.setText(pick("Để sau (Esc)", "Later (Esc)"))
            self.later_text.setText(pick(
                "Chương trình vẫn chạy, nhưng thư viện hỏng không đọc hay ghi thêm được.",
                "The program goes on, but the damaged library cannot be read or written."))
        else:
            self.later_button.setText(pick("Thoát (Esc)", "Quit (Esc)"))
            self.later_text.setText(pick("Đóng chương trình; không có gì bị thay đổi.",
                                         "Close the program; nothing is changed."))
        self.working_text.setText(
            pick("Đang khôi phục bản sao lưu…", "Restoring the backup…") if self.action == RESTORE
            else pick("Đang cứu các ván còn đọc được…", "Salvaging the readable games…"))
        self.open_button.setText(pick("Mở chương trình (Enter)", "Open the program (Enter)"))
        if self.recovered is not None:
            self.result_text.setText(self._result_html(self.recovered))

    def _result_html(self, done: Recovered) -> str:
        aside = escape(str(done.aside)) if done.aside is not None else "—"
        games_en = f"{done.games} game{'s' * (done.games != 1)}"
        if done.salvaged is None:
            when = done.backup.local_time() if done.backup is not None else "?"
            return pick(f"Đã khôi phục {done.games} ván từ bản sao lưu lúc {when}.<br>Tệp hỏng "
                        f"được giữ ở <b>{aside}</b>.",
                        f"Restored {games_en} from the backup of {when}.<br>The damaged file is "
                        f"kept as <b>{aside}</b>.")
        s = done.salvaged
        vi = [f"Đã cứu được {done.games} ván."]
        en = [f"{games_en.capitalize()} came back."]
        if s.cut:
            vi.append(f"{s.cut} ván chỉ còn đến nước cuối cùng đọc được (xem lại hoặc chơi "
                      f"tiếp được từ đó).")
            en.append(f"{s.cut} of them only up to their last readable move (they can be "
                      f"reviewed, or played on from there).")
        if s.from_backup and done.backup is not None:
            vi.append(f"Trong đó {s.from_backup} ván (hoặc một số nước của chúng) được lấy từ "
                      f"bản sao lưu lúc {done.backup.local_time()}.")
            en.append(f"Of them, {s.from_backup} (or some of their moves) came from the backup "
                      f"of {done.backup.local_time()}.")
        if done.games == 0:
            vi.append("Không đọc được ván nào: thư viện mới đang trống.")
            en.append("No game could be read: the new library is empty.")
        vi.append(f"Tệp hỏng được giữ ở <b>{aside}</b>.")
        en.append(f"The damaged file is kept as <b>{aside}</b>.")
        return pick(" ".join(vi[:-1]) + "<br>" + vi[-1], " ".join(en[:-1]) + "<br>" + en[-1])

    def _toggle_language(self) -> None:
        set_language("en" if current() == "vi" else "vi")
        self.retranslate()

    def _default(self) -> None:
        """Enter: restore when a whole backup exists, else salvage."""
        default = self.restore_button if self.backup is not None else self.salvage_button
        default.setDefault(True)
        default.setFocus()

    # ------------------------------------------------------------------ the repair

    def _choose(self, action: str) -> None:
        if self.page != 0 or (action == RESTORE and self.backup is None):
            return
        if self.window_open:
            self.action = action
            self.chosen.emit(action)
            self.accept()
            return
        self.run(action)

    def run(self, action: str) -> None:
        """Restore or salvage now, on the Worker; the result (or the failure) is shown."""
        self.action = action
        self.failure = None
        self.progress.setRange(0, 0)
        self.retranslate()
        self._page(1)
        self.worker.run(lambda: _mend(self.db, action, self._progress), self._done,
                        self._failed)

    def _moved(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def _done(self, recovered: Recovered) -> None:
        self.recovered = recovered
        self.retranslate()
        self._page(2)
        self.open_button.setDefault(True)
        self.open_button.setFocus()
        self.mended.emit(recovered)

    def _failed(self, error: BaseException) -> None:
        """Said in both languages; the choices are offered again (nothing was changed)."""
        if not isinstance(error, RecordError):
            error = RecordError(f"{type(error).__name__}: {error}",
                                f"{type(error).__name__}: {error}")
        self.failure = error
        self.retranslate()
        self._page(0)
        self._default()

    def reject(self) -> None:
        """Esc: quit or later — never while a repair is under way; once it is done, the
        mended library opens as with Enter."""
        if self.page == 1:
            return
        if self.page == 2:
            self.accept()
            return
        super().reject()
