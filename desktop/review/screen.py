"""Xem lại: the list of saved games and, for the selected one, the analyzer's report (RULES
R10) — computed on the Worker, shown as `chan-tutor analyze` prints it.

The replay viewer (the chiếu stepping through a game) comes in a later issue.
"""

from __future__ import annotations

from pathlib import Path

from desktop.i18n import translate
from desktop.keys import keys_of
from desktop.qt import (
    QAbstractItemView,
    QAction,
    QEvent,
    QFontDatabase,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from desktop.review.listing import GameRow, analysis_text, saved_games
from desktop.worker import Job, Worker
from replays.store import Store

ID_ROLE = Qt.ItemDataRole.UserRole


def result_text(row: GameRow) -> str:
    """"Bà Tư ù", "Hòa", "Chưa xong", with the payout when it is not a normal one."""
    if row.status != "over" or row.kind is None:
        return translate("Review", "Chưa xong")
    if row.kind == "draw":
        return translate("Review", "Hòa")
    name = row.names[row.winner] if row.winner is not None and row.winner < len(row.names) \
        else "?"
    text = (translate("Review", "{name} ù láo") if row.kind == "u_lao"
            else translate("Review", "{name} ù")).format(name=name)
    payout = {
        "nghi_an_tien": translate("Review", "nghỉ ăn tiền"),
        "u_bao": translate("Review", "ù báo"),
        "xuong_sai": translate("Review", "xướng sai"),
    }.get(row.payout or "")
    return f"{text} ({payout})" if payout else text


def score_text(row: GameRow) -> str:
    """The human player's gain or loss: "+12", "-4", "0", or a dash."""
    score = row.score
    if score is None:
        return "—"
    return f"{score:+g}" if score else "0"


class ReviewScreen(QWidget):
    """The Xem lại activity."""

    def __init__(self, store: Store, worker: Worker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.worker = worker
        self.rows: list[GameRow] = []
        self._job: Job[str] | None = None
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.refresh_button = QPushButton()
        self.refresh_button.clicked.connect(self.refresh)
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selected)
        self.analysis = QPlainTextEdit()
        self.analysis.setReadOnly(True)
        self.analysis.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.analysis.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.analysis)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.empty)
        layout.addWidget(split, 1)
        refresh = QAction(self)
        refresh.setShortcuts([QKeySequence(k) for k in keys_of("refresh")])
        refresh.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        refresh.triggered.connect(self.refresh)
        self.addAction(refresh)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        """Texts in the current language (the rows too: results are words)."""
        self.title.setText(translate("Review", "Các ván đã lưu"))
        self.refresh_button.setText(translate("Review", "Tải lại (F5)"))
        self.empty.setText(translate("Review", "Chưa có ván nào được lưu. Mỗi ván bạn chơi ở "
                                               "phần Chơi được lưu từng nước và hiện ở đây."))
        self.table.setHorizontalHeaderLabels([
            translate("Review", "Ngày"), translate("Review", "Hội · ván"),
            translate("Review", "Người chơi"), translate("Review", "Kết quả"),
            translate("Review", "Điểm của bạn")])
        self._fill()
        if self.analysis.toPlainText() == "" or not self.table.selectedItems():
            self.analysis.setPlaceholderText(translate(
                "Review", "Chọn một ván để xem phân tích: mọi lỗi, mọi lần bỏ ù, bỏ chíu, và "
                          "lời xướng so với cước thật (R10)."))

    def refresh(self) -> None:
        """Read the list of games again (keeps the selection)."""
        self.rows = saved_games(self.store)
        self._fill()

    def _fill(self) -> None:
        selected = self.selected_game()
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            cells = (row.local_time, f"{row.session_id} · {row.position + 1}",
                     ", ".join(row.names), result_text(row), score_text(row))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(ID_ROLE, row.game_id)
                if c == 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
            if row.game_id == selected:
                self.table.selectRow(r)
        self.table.blockSignals(False)
        self.empty.setVisible(not self.rows)

    def selected_game(self) -> int | None:
        """The id of the selected game."""
        items = self.table.selectedItems()
        return int(items[0].data(ID_ROLE)) if items else None

    def select_game(self, game_id: int) -> None:
        """Select a game by id (its analysis follows)."""
        for r, row in enumerate(self.rows):
            if row.game_id == game_id:
                self.table.selectRow(r)
                return

    def _selected(self) -> None:
        game_id = self.selected_game()
        if game_id is None:
            return
        if self._job is not None:
            self._job.cancel()
        self.analysis.setPlainText(translate("Review", "Đang phân tích ván {id}…").format(
            id=game_id))
        path = Path(self.store.path)
        self._job = self.worker.run(lambda: analysis_text(path, game_id), self._show,
                                    self._failed)

    def _show(self, text: str) -> None:
        self._job = None
        self.analysis.setPlainText(text)

    def _failed(self, error: BaseException) -> None:
        self._job = None
        self.analysis.setPlainText(translate("Review", "Không phân tích được ván này: {error}"
                                             ).format(error=error))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
