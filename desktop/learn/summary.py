"""The end of a practice round: how many answers were right, each question with its verdict and
time, and the strength of the families practised as the progress database now has it."""

from __future__ import annotations

from html import escape

from desktop.i18n import number, pick, translate
from desktop.keys import bind, key_hint
from desktop.learn.home import FamilyRow
from desktop.learn.player import Round
from desktop.learn.words import GAME_FAMILIES, text
from desktop.qt import (
    QEvent,
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    Signal,
)
from lessons.progress import Strength


class SummaryPage(QWidget):
    """A round's result; `again_wanted` (another round like it) or `back_wanted`."""

    again_wanted = Signal()
    back_wanted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round: Round | None = None
        self.strengths: dict[str, Strength] = {}
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.total = QLabel()
        self.total.setObjectName("bigScore")
        self.answers = QTextBrowser()
        self.answers.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rows = {family: FamilyRow(family) for families in GAME_FAMILIES.values()
                     for family in families}
        self.again_button = QPushButton()
        self.again_button.setObjectName("primary")
        self.again_button.clicked.connect(self.again_wanted)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.back_wanted)
        for button in (self.again_button, self.back_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        side = QVBoxLayout()
        side.addWidget(self.total)
        for row in self.rows.values():
            row.hide()  # shown once practised: all 13 would hold the window 917 px tall
            side.addWidget(row)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.answers, 3)
        body.addLayout(side, 2)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.again_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 10)
        layout.addWidget(self.title)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        for command, slot in (("learn_open", self.again_wanted.emit),
                              ("learn_back", self.back_wanted.emit)):
            bind(self, command, slot)
        self.retranslate()

    def show_round(self, round_: Round, strengths: dict[str, Strength]) -> None:
        """A finished (or stopped) round and the families' strength now."""
        self.round = round_
        self.strengths = strengths
        self.retranslate()
        self.setFocus()

    def show_strengths(self, strengths: dict[str, Strength]) -> None:
        """The families' strength, read again once the round's answers are written."""
        self.strengths = strengths
        self.retranslate()

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.again_button.setText(translate("LearnSummary", "Luyện tiếp ({key})").format(
            key=key_hint("learn_open")))
        self.back_button.setText(translate("LearnSummary", "Về danh sách bài ({key})").format(
            key=key_hint("learn_back")))
        round_ = self.round
        if round_ is None:
            return
        self.title.setText(translate("LearnSummary", "Kết quả: {title}").format(
            title=round_.title))
        self.total.setText(translate("LearnSummary", "Đúng {right}/{of}").format(
            right=round_.right, of=len(round_.answered)))
        rows = []
        for n, a in enumerate(round_.answered, 1):
            mark = ("<b style='color:#2f7a44'>✓</b>" if a.grade.correct
                    else "<b style='color:#aa261e'>✗</b>")
            seconds = translate("LearnSummary", "{s} giây").format(s=number(a.elapsed_ms / 1000))
            rows.append(f"<tr><td valign='top'>{n}.</td><td valign='top'>{mark}</td>"
                        f"<td>{escape(text(a.item.question))}<br><small>"
                        f"{escape(pick(a.grade.explanation_vi, a.grade.explanation_en))}"
                        f"</small></td><td valign='top'>{escape(seconds)}</td></tr>")
        self.answers.setHtml(f"<table cellpadding='4'>{''.join(rows)}</table>")
        practised = {a.item.family for a in round_.answered}
        for family, row in self.rows.items():
            row.setVisible(family in practised)
            row.show_strength(self.strengths.get(family))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
