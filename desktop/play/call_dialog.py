"""The xướng (R8): after ù the learner composes the call — cước in the order said, with counts
— starting from nothing, and sees it rendered as it would be spoken (R8.6) before saying it.

The dialog never suggests the answer: the list offers all 25 cước in the canonical order of
R8.5 (so learning the order is part of composing), and the engine judges the call afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.call_order import ORDER, group_of, order_title
from desktop.i18n import translate
from desktop.keys import keys_of
from desktop.play.words import call_text, card_name, cuoc_name
from desktop.qt import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QKeySequence,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QShortcut,
    Qt,
    QVBoxLayout,
    QWidget,
)
from engine.chan import POINTS, rule_id
from engine.chan import ChanGame as Game

COUNTED = frozenset({"leo", "tom", "chiu", "bon", "thien_khai"})  # R6: may occur several times
MAX_COUNT = 4
ID_ROLE = Qt.ItemDataRole.UserRole


class CallComposer(QDialog):
    """A call dialog of either game: its list of `choices` (filled by the subclass), the call
    as said (`said`), the buttons and keys (desktop/keys.py's Section.CALL) that add, remove,
    count and move its entries, the call as it will be spoken (`preview`) and the button that
    says it. The subclass says what each edit does."""

    choices: QListWidget
    _items: list[Any]  # the call's entries, in the order said

    def _compose(self, intro: QLabel, choices_title: str) -> None:
        """Build everything round `choices`, under `intro`."""
        self.said = QListWidget()
        self.said.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.add_button = QPushButton(translate("Call", "Thêm »"))
        self.remove_button = QPushButton(translate("Call", "« Bỏ"))
        self.more_button = QPushButton("+")
        self.less_button = QPushButton("–")
        self.up_button = QPushButton(translate("Call", "Lên"))
        self.down_button = QPushButton(translate("Call", "Xuống"))
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.submit_button = QPushButton(translate("Call", "Xướng (Ctrl+Enter)"))
        slots: dict[str, Callable[[], object]] = {
            "call_add": self.add_selected, "call_remove": self.remove_selected,
            "call_more": lambda: self.change_count(1),
            "call_less": lambda: self.change_count(-1),
            "call_up": lambda: self.move_selected(-1),
            "call_down": lambda: self.move_selected(1), "call_submit": self.accept}
        edit = (self.add_button, self.remove_button, self.more_button, self.less_button,
                self.up_button, self.down_button)
        for button, command in zip((*edit, self.submit_button), slots, strict=True):
            button.clicked.connect(slots[command])
            button.setAutoDefault(False)
        for command, slot in slots.items():
            for key in keys_of(command):
                QShortcut(QKeySequence(key), self, slot)
        left = QVBoxLayout()
        left.addWidget(QLabel(choices_title))
        left.addWidget(self.choices, 1)
        middle = QVBoxLayout()
        middle.addStretch(1)
        for button in edit:
            middle.addWidget(button)
        middle.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(QLabel(translate("Call", "Lời xướng của bạn")))
        right.addWidget(self.said, 1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(middle)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(columns, 1)
        layout.addWidget(self.preview)
        layout.addWidget(self.submit_button, 0, Qt.AlignmentFlag.AlignRight)

    def add_selected(self) -> None:
        """Add the entry selected in the list of choices."""
        raise NotImplementedError

    def remove_selected(self) -> None:
        """Take the selected entry out of the call."""
        row = self.said.currentRow()
        if 0 <= row < len(self._items):
            del self._items[row]
            self._update(min(row, len(self._items) - 1))

    def change_count(self, step: int) -> None:
        """Raise or lower the selected entry's count."""
        raise NotImplementedError

    def move_selected(self, step: int) -> None:
        """Move the selected entry earlier or later in the call."""
        row = self.said.currentRow()
        to = row + step
        if 0 <= row < len(self._items) and 0 <= to < len(self._items):
            self._items[row], self._items[to] = self._items[to], self._items[row]
            self._update(to)

    def _update(self, select: int | None = None) -> None:
        """Show the call as it stands, `select` its entry of that row."""
        raise NotImplementedError


class CallDialog(CallComposer):
    """Composes a call; `call()` is what was composed, `accepted` means "xướng"."""

    def __init__(self, game: Game, winner_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Call", "Xướng cước"))
        self.setModal(True)
        self._items: list[tuple[str, int]] = []
        outcome = game.outcome
        if outcome is not None and outcome.thien_u:
            won = translate("Call", "{name} thiên ù.").format(name=winner_name)
        else:
            won = translate("Call", "{name} ù {card}.").format(
                name=winner_name, card=card_name(outcome.card if outcome else None))
        intro = QLabel(won + " " + translate(
            "Call", "Hãy xướng các cước của bạn theo đúng thứ tự, kèm số lượng (ví dụ "
                    "“2 lèo”). Xướng sai bị đền làng; xướng thiếu chỉ được phần đã xướng."))
        intro.setWordWrap(True)

        self.choices = QListWidget()
        self.choices.setWordWrap(True)  # long English glosses wrap rather than being cut
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices.setResizeMode(QListWidget.ResizeMode.Adjust)
        group = None
        for cid in ORDER:
            if group_of(cid) != group:  # the groups of R8.5 as headings: order is taught too
                group = group_of(cid)
                head = QListWidgetItem(order_title(group))
                head.setFlags(Qt.ItemFlag.NoItemFlags)
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                self.choices.addItem(head)
            d, dich = POINTS[cid]
            item = QListWidgetItem(translate("Call", "{id} {name} — {d} điểm / {dich} dịch")
                                   .format(id=rule_id(cid), name=cuoc_name(cid), d=d, dich=dich))
            item.setData(ID_ROLE, cid)
            self.choices.addItem(item)
        self.choices.setCurrentRow(1)
        self.choices.itemDoubleClicked.connect(lambda _: self.add_selected())

        self._compose(intro, translate("Call", "Các cước (theo thứ tự xướng)"))
        self.resize(860, 540)
        self._update()

    # ------------------------------------------------------------------ editing

    def call(self) -> tuple[tuple[str, int], ...]:
        """The call as composed, in the order said."""
        return tuple(self._items)

    def add(self, cid: str) -> None:
        """Say one more of `cid` (a counted cước gets its count raised)."""
        for i, (have, n) in enumerate(self._items):
            if have == cid:
                if cid in COUNTED and n < MAX_COUNT:
                    self._items[i] = (cid, n + 1)
                self._update(i)
                return
        self._items.append((cid, 1))
        self._update(len(self._items) - 1)

    def choice_row(self, cid: str) -> int:
        """The row of a cước in the list of choices (-1 if absent)."""
        for row in range(self.choices.count()):
            if self.choices.item(row).data(ID_ROLE) == cid:
                return row
        return -1

    def add_selected(self) -> None:
        """Add the cước selected in the list of choices."""
        item = self.choices.currentItem()
        if item is not None and item.data(ID_ROLE):
            self.add(str(item.data(ID_ROLE)))

    def change_count(self, step: int) -> None:
        """Raise or lower the selected entry's count (1…4; only counted cước go above 1)."""
        row = self.said.currentRow()
        if not 0 <= row < len(self._items):
            return
        cid, n = self._items[row]
        top = MAX_COUNT if cid in COUNTED else 1
        self._items[row] = (cid, max(1, min(top, n + step)))
        self._update(row)

    def _update(self, select: int | None = None) -> None:
        self.said.clear()
        for cid, n in self._items:
            self.said.addItem(call_text([(cid, n)]))
        if select is not None and 0 <= select < len(self._items):
            self.said.setCurrentRow(select)
        text = call_text(self._items) if self._items else translate(
            "Call", "(chưa xướng gì — chọn cước bên trái rồi bấm Thêm)")
        self.preview.setText(translate("Call", "Bạn sẽ xướng: <b>{call}</b>").format(call=text))
        self.submit_button.setEnabled(bool(self._items))

    def accept(self) -> None:
        """Xướng: only a call that says something."""
        if self._items:
            super().accept()

    def reject(self) -> None:
        """The winner must call (R8.1): Esc and the close button do not skip the xướng."""
