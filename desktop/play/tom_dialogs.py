"""Two small dialogs of the Tổ tôm table: choosing among the moves behind one key or button
(which eat, ù saying phỗng or not, dậy khàn with a run…), and teaching mode's warning before a
move that would record a TN or TD (T4.16), explained by its rule from the rulebook
(engine.totom.REGISTRY, replays.tom_messages) and what it costs if the learner wins (T6.4).
"""

from __future__ import annotations

from html import escape

from desktop.i18n import translate
from desktop.keys import keys_of
from desktop.play.tom_controller import TomChoice, TomWarning
from desktop.play.tom_words import choice_text, consequence_line, fault_text, rule_name
from desktop.play.warning_dialog import RuleWarning
from desktop.qt import (
    QDialog,
    QEvent,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QLayout,
    QListWidget,
    QObject,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

WIDTH = 480  # the text column: wrapped labels need a width to know their height


class ChoiceDialog(QDialog):
    """Lists the moves of a TomChoice, numbered: 1–9, ↑↓ and Enter, a click or a double click
    choose; Esc closes without a move. `chosen` is the row picked (-1: none)."""

    def __init__(self, choice: TomChoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = choice
        self.chosen = -1
        self.setWindowTitle(translate("TomChoice", "Chọn cách đi"))
        self.setModal(True)
        intro = QLabel(translate("TomChoice", "Có nhiều cách đi. Chọn một (phím số, hoặc ↑↓ "
                                              "rồi Enter; Esc để thôi):"))
        intro.setWordWrap(True)
        intro.setFixedWidth(WIDTH)
        self.list = QListWidget()
        for k, label in enumerate(choice.labels):
            self.list.addItem(f"{k + 1}. {label}" if k < 9 else label)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        self.list.setFixedWidth(WIDTH)
        self.list.setMinimumHeight(min(320, 28 * len(choice.labels) + 8))
        self.ok_button = QPushButton(translate("TomChoice", "Chọn (Enter)"))
        self.ok_button.setDefault(True)
        self.ok_button.clicked.connect(self.accept)
        cancel = QPushButton(translate("TomChoice", "Thôi (Esc)"))
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        # the number keys go to the list, which would take them for a search by text: they
        # are read before it sees them
        self._numbers = {key: k for k, key in enumerate(keys_of("tom_choose"))
                         if k < len(choice.options)}
        self.list.installEventFilter(self)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.ok_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A number key picks its move at once."""
        if watched is self.list and event.type() == QEvent.Type.KeyPress \
                and isinstance(event, QKeyEvent) and event.text() in self._numbers:
            self.pick(self._numbers[event.text()])
            return True
        return super().eventFilter(watched, event)

    def pick(self, row: int) -> None:
        """Choose the move of `row` at once."""
        self.list.setCurrentRow(row)
        self.accept()

    def accept(self) -> None:
        """The move of the current row."""
        self.chosen = self.list.currentRow()
        super().accept()


class TomWarningDialog(RuleWarning):
    """Shows a TomWarning; accepted = play anyway, rejected = take back (the default)."""

    def __init__(self, warning: TomWarning, rules: object,
                 parent: QWidget | None = None) -> None:
        self.warning = warning
        ids = list(dict.fromkeys(r for r, _ in warning.faults))
        items = "".join(f"<p style='margin: 6px 0'><b>{escape(rule_name(rule))}</b><br>"
                        f"{escape(fault_text(rule, card))}</p>"
                        for rule, card in dict.fromkeys(warning.faults))
        costs = "".join(f"<p style='margin: 6px 0'><i>{escape(line)}</i></p>"
                        for line in dict.fromkeys(consequence_line(r, rules) for r in ids)
                        if line)
        super().__init__(ids, [rule_name(r) for r in ids], choice_text(warning.action),
                         items + costs, parent)
