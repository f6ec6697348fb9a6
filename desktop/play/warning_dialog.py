"""Teaching mode (R7.5): before a move that breaks a rule, say which rule and why, and let the
learner take the move back (the default) or make it anyway.
"""

from __future__ import annotations

from html import escape

from desktop.i18n import pick, translate
from desktop.keys import keys_of
from desktop.play.controller import Warning
from desktop.play.hints import move_text
from desktop.play.words import explanation_text, rule_name
from desktop.qt import (
    QDialog,
    QHBoxLayout,
    QKeySequence,
    QLabel,
    QLayout,
    QPushButton,
    QShortcut,
    Qt,
    QVBoxLayout,
    QWidget,
)
from engine.chan import CHAN
from engine.chan import ChanGame as Game


def consequences(rules: set[str]) -> list[str]:
    """What the rules broken would cost at a table (R7.1–R7.4), in the rulebook's words."""
    book = CHAN.registry
    costs = {book.consequence_of(r) for r in rules}
    words = [book.consequence(c).warning for c in book.consequences() if c in costs]
    return [pick(*w) for w in words if w.vi]


WIDTH = 480  # the text column: wrapped labels need a width to know their height


class RuleWarning(QDialog):
    """A warning before a move that breaks rules (either game): the rules' `ids` in the
    title, their `names` in the heading, the `move` in words and the `body` (rich text);
    accepted = play anyway, rejected = take back (the default)."""

    def __init__(self, ids: list[str], names: list[str], move: str, body: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Warning", "Cảnh báo: {rules}").format(
            rules=", ".join(ids)))
        self.setModal(True)

        self.heading = QLabel(translate("Warning", "Cảnh báo — {rules}").format(
            rules=", ".join(names)))
        self.heading.setObjectName("warningTitle")
        self.heading.setWordWrap(True)
        intro = QLabel(translate("Warning", "Bạn định đi: <b>{move}</b>. Nước này phạm luật:"
                                 ).format(move=escape(move)))
        intro.setWordWrap(True)
        intro.setFixedWidth(WIDTH)
        self.body = QLabel(body)
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setFixedWidth(WIDTH)
        self.heading.setFixedWidth(WIDTH)

        self.take_back_button = QPushButton(translate("Warning", "Đi lại (Esc)"))
        self.anyway_button = QPushButton(translate("Warning", "Vẫn đi (Ctrl+Enter)"))
        self.take_back_button.setDefault(True)
        self.take_back_button.clicked.connect(self.reject)
        self.anyway_button.clicked.connect(self.accept)
        for key in keys_of("take_back"):
            QShortcut(QKeySequence(key), self, self.reject)
        for key in keys_of("play_anyway"):
            QShortcut(QKeySequence(key), self, self.accept)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.anyway_button)
        buttons.addWidget(self.take_back_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(intro)
        layout.addWidget(self.body)
        layout.addLayout(buttons)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)  # no empty bands

    def text(self) -> str:
        """Everything the dialog says (for tests)."""
        return f"{self.windowTitle()}\n{self.heading.text()}\n{self.body.text()}"


class WarningDialog(RuleWarning):
    """Shows a Warning; accepted = play anyway, rejected = take back."""

    def __init__(self, warning: Warning, game: Game, parent: QWidget | None = None) -> None:
        self.warning = warning
        rules = [e.rule for e in warning.explanations]
        items = "".join(
            f"<p style='margin: 6px 0'><b>{escape(rule_name(e.rule))}</b><br>"
            f"{escape(explanation_text(e))}</p>" for e in warning.explanations)
        costs = "".join(f"<p style='margin: 6px 0'><i>{escape(line)}</i></p>"
                        for line in consequences(set(rules)))
        super().__init__(rules, [rule_name(r) for r in rules], move_text(warning.action, game),
                         items + costs, parent)
