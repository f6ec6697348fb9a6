"""The viewer's side panel: how to look (from which seat, every hand open or only what that
seat could see, predict mode), the game's annotations as a list, the details of the moment
(or the predict question), and the actions on the game (play on, export, report).

It shows what the viewer gives it and reports what the learner picks; no game logic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from desktop.i18n import translate
from desktop.qt import (
    QButtonGroup,
    QCheckBox,
    QColor,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPixmap,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.predict import PredictBox
from desktop.review.replay import Annotation
from desktop.review.words import annotation_title, color_of, key_label


def _swatch(kind: str) -> QPixmap:
    pixmap = QPixmap(10, 10)
    pixmap.fill(QColor(*color_of(kind)))
    return pixmap


class ViewPanel(QWidget):
    """See the module docstring; signals carry the learner's picks."""

    seat_chosen = Signal(int)
    open_chosen = Signal(bool)
    predict_toggled = Signal(bool)
    annotation_chosen = Signal(int)  # index into the game's error annotations
    command = Signal(str)  # keys.py ids: replay_branch, replay_export, replay_report

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.setMaximumWidth(420)
        self.looking = QGroupBox()
        self.seat = QComboBox()
        self.seat.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # its items hold players' names: cut to the panel, never widening it (issue 20)
        self.seat.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.seat.setMinimumContentsLength(12)
        self.seat.activated.connect(lambda i: self.seat_chosen.emit(i))
        self.seat_label = QLabel()
        self.seat_label.setTextFormat(Qt.TextFormat.PlainText)
        self.all_open = QRadioButton()
        self.as_player = QRadioButton()
        self.all_open.setChecked(True)
        group = QButtonGroup(self)
        for button in (self.all_open, self.as_player):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            group.addButton(button)
        self.all_open.toggled.connect(lambda on: self.open_chosen.emit(on))
        self.predict = QCheckBox()
        self.predict.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.predict.toggled.connect(self.predict_toggled)
        grid = QGridLayout(self.looking)
        grid.setContentsMargins(8, 4, 8, 4)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.seat_label, 0, 0)
        grid.addWidget(self.seat, 0, 1)
        # one per row: side by side, the English texts were cut at 1024 px (issue 20)
        left = Qt.AlignmentFlag.AlignLeft  # as wide as their words, where a click counts
        choices: tuple[QWidget, ...] = (self.all_open, self.as_player, self.predict)
        for row, choice in enumerate(choices, 1):
            choice.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            grid.addWidget(choice, row, 0, 1, 2, left)
        grid.setColumnStretch(1, 1)

        self.list_title = QLabel()
        self.list_title.setObjectName("panelTitle")
        self.list_title.setTextFormat(Qt.TextFormat.PlainText)
        self.errors = QListWidget()
        self.errors.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.errors.setUniformItemSizes(True)
        self.errors.currentRowChanged.connect(self._row_changed)
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.predict_box = PredictBox()
        self.below = QStackedWidget()
        self.below.addWidget(self.details)
        self.below.addWidget(self.predict_box)
        self.top = top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.setSpacing(2)
        top_layout.addWidget(self.list_title)
        top_layout.addWidget(self.errors, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.below)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)

        self.branch_button = QPushButton()
        self.branch_button.setObjectName("primary")
        self.export_button = QPushButton()
        self.report_button = QPushButton()
        for push, name in ((self.branch_button, "replay_branch"),
                           (self.export_button, "replay_export"),
                           (self.report_button, "replay_report")):
            push.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            push.clicked.connect(lambda _=False, n=name: self.command.emit(n))
        exports = QHBoxLayout()
        exports.addWidget(self.export_button)
        exports.addWidget(self.report_button)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.looking)
        layout.addWidget(split, 1)
        layout.addWidget(line)
        layout.addWidget(self.branch_button)
        layout.addLayout(exports)
        self._filling = False
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.looking.setTitle(translate("Panel", "Cách xem"))
        self.seat_label.setText(translate("Panel", "Xem từ ({key})").format(
            key=key_label("replay_seat")))
        self.all_open.setText(translate("Panel", "Mở hết bài ({key})").format(
            key=key_label("replay_view")))
        self.all_open.setToolTip(translate("Panel", "Khi đoán trước, bài của các nhà khác úp: "
                                                    "đoán từ những gì ghế này thấy được."))
        self.as_player.setText(translate("Panel", "Chỉ thấy như người chơi"))
        self.as_player.setToolTip(translate("Panel", "Chỉ thấy những gì ghế này thấy được lúc "
                                                     "đó ({key})").format(
            key=key_label("replay_view")))
        self.predict.setText(translate("Panel", "Đoán trước rồi xem nước thật ({key})").format(
            key=key_label("replay_predict")))
        self.list_title.setText(translate("Panel", "Các chỗ cần xem ({next} / {prev})").format(
            next=key_label("replay_next_note"), prev=key_label("replay_prev_note")))
        self.branch_button.setText(translate("Panel", "Chơi tiếp từ đây ({key})").format(
            key=key_label("replay_branch")))
        self.export_button.setText(translate("Panel", "Xuất .chan.json"))
        self.export_button.setToolTip(key_label("replay_export"))
        self.report_button.setText(translate("Panel", "Báo cáo HTML"))
        self.report_button.setToolTip(key_label("replay_report"))
        self.predict_box.retranslate()

    # ------------------------------------------------------------------ filling

    def set_seats(self, names: Sequence[str], seat: int) -> None:
        """The seats to look from."""
        self._filling = True
        self.seat.clear()
        for s, name in enumerate(names):
            # R2.1 numbers the seats from 0, as Học, the report and the CLI say them
            self.seat.addItem(translate("Panel", "Ghế {n} · {name}").format(n=s, name=name))
        self.seat.setCurrentIndex(seat)
        self._filling = False

    def set_annotations(self, annotations: Sequence[Annotation], names: Sequence[str],
                        title: Callable[[Annotation, Sequence[str]], str] = annotation_title
                        ) -> None:
        """The game's error annotations, in order, each in one line (`title`: the game's
        words; Chắn's by default)."""
        self._filling = True
        self.errors.clear()
        for a in annotations:
            item = QListWidgetItem(title(a, names))
            item.setIcon(_swatch(str(a.get("kind"))))
            self.errors.addItem(item)
        if not annotations:
            item = QListWidgetItem(translate("Panel", "Ván này không có lỗi nào."))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.errors.addItem(item)
        self._filling = False

    def set_current(self, index: int | None) -> None:
        """Mark the selected annotation in the list (no signal)."""
        self._filling = True
        self.errors.setCurrentRow(-1 if index is None else index)
        if index is not None:
            self.errors.scrollToItem(self.errors.item(index))
        self._filling = False

    def show_details(self, html: str) -> None:
        """The details of the moment."""
        self.details.setHtml(html)
        self.below.setCurrentWidget(self.details)
        self.top.show()

    def show_question(self) -> None:
        """The predict question replaces the details, and takes the list's room too (the
        choices need it at 1024×640)."""
        self.below.setCurrentWidget(self.predict_box)
        self.top.hide()

    def _row_changed(self, row: int) -> None:
        if not self._filling and row >= 0:
            self.annotation_chosen.emit(row)
