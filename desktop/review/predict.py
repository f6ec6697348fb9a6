"""Predict, then reveal: before a decision of the viewed seat is shown, the learner picks what
they would do among the engine's legal actions (listed in words; keys 1–9, or a click on the
chiếu), the viewer grades the pick against the computer's evaluation (replays.advice) and then
plays the real move.

PredictBox is the question in the side panel; the grading text comes from `grade_html`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from desktop.i18n import pick, translate
from desktop.qt import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.words import action_choice, key_label, value_text
from engine.actions import Action
from engine.chan import Card
from replays.advice import Advice


class PredictBox(QWidget):
    """The question: what would you do now? Emits `answered(Action)` or `skipped()`."""

    answered = Signal(object)
    skipped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.feedback = QLabel()  # the grade of the previous answer, until the next one
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.feedback.setObjectName("predictFeedback")
        self.feedback.hide()
        self.title = QLabel()
        self.title.setObjectName("panelTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.choices = QListWidget()
        self.choices.itemActivated.connect(self._activated)
        self.answer_button = QPushButton()
        self.answer_button.setObjectName("primary")
        self.answer_button.clicked.connect(self.answer_chosen)
        self.skip_button = QPushButton()
        self.skip_button.clicked.connect(self.skipped)
        for button in (self.answer_button, self.skip_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons = QHBoxLayout()
        buttons.addWidget(self.answer_button, 1)
        buttons.addWidget(self.skip_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.feedback)
        layout.addWidget(self.title)
        layout.addWidget(self.choices, 1)
        layout.addLayout(buttons)
        self.offered: list[Action] = []
        self.live: Card | None = None  # the card on offer, which the choices name
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.title.setText(translate("Predict", "Bạn sẽ làm gì ở nước này? Chọn một nước "
                                                "(phím 1–9, hoặc bấm trên chiếu)."))
        self.answer_button.setText(translate("Predict", "Trả lời ({key})").format(
            key=key_label("replay_answer_chosen")))
        self.skip_button.setText(translate("Predict", "Bỏ qua ({key})").format(
            key=key_label("replay_next")))
        for i, action in enumerate(self.offered):  # the choices too (issue 20)
            self.choices.item(i).setText(_numbered(i, action_choice(action, self.live)))

    def ask(self, actions: Sequence[Action], live: Card | None) -> None:
        """Show the legal actions as choices, numbered."""
        self.offered = list(actions)
        self.live = live
        self.choices.clear()
        for i, action in enumerate(self.offered):
            self.choices.addItem(QListWidgetItem(_numbered(i, action_choice(action, live))))
        self.choices.setCurrentRow(0)

    def show_feedback(self, html: str) -> None:
        """The grade of the answer just given ("" hides it)."""
        self.feedback.setText(html)
        self.feedback.setVisible(bool(html))

    def choose(self, number: int) -> None:
        """Answer with choice `number` (1-based; keys 1–9)."""
        if 1 <= number <= len(self.offered):
            self.answered.emit(self.offered[number - 1])

    def _activated(self, item: QListWidgetItem) -> None:
        self.choose(self.choices.row(item) + 1)

    def answer_chosen(self) -> None:
        """Answer with the choice selected in the list (Enter, the Answer button)."""
        self.choose(self.choices.currentRow() + 1)


def _numbered(i: int, choice: str) -> str:
    """A choice as the list shows it: numbered 1–9 (its key), the rest indented."""
    return (f"{i + 1}. " if i < 9 else "    ") + choice


def grade_html(answer: Action, real: Action, advice: Advice, names: Sequence[str],
               live: Card | None, compact: bool = False) -> str:
    """How good the learner's pick was by the computer's evaluation, and what was played;
    `compact` leaves out the computer's reason (above the next question, room is short)."""
    said = action_choice(answer, live)
    best = action_choice(advice.best, live)
    real_text = action_choice(real, live)
    who = names[real.seat] if real.seat < len(names) else "?"
    try:
        lost = advice.lost(answer)
    except ValueError:
        lost = None
    if lost is not None and lost <= 1e-9 and answer != advice.best:  # a tie (issue 15)
        verdict = pick(f"Tốt: «{said}» ngang nước máy chọn («{best}»): máy không phân biệt "
                       f"được hai nước.", f"Good: «{said}» is as good as the computer's choice "
                       f"(«{best}»): it cannot tell the two apart.")
        color = "#2e7d32"
    elif lost is not None and lost <= 1e-9:
        verdict = translate("Predict", "Tốt: «{said}» là nước máy cũng chọn.").format(said=said)
        color = "#2e7d32"
    elif lost is not None:
        verdict = translate("Predict", "«{said}» kém nước máy chọn («{best}») {lost} điểm "
                                       "đánh giá.").format(said=said, best=best,
                                                           lost=value_text(lost))
        color = "#aa261e"
    else:
        verdict = translate("Predict", "«{said}» không phải nước hợp lệ lúc này.").format(
            said=said)
        color = "#aa261e"
    reason = pick(advice.reason_vi, advice.reason_en)
    try:
        real_lost = advice.lost(real)
    except ValueError:
        real_lost = None
    real_line = translate("Predict", "Trong ván, {who} đã chọn: «{real}».").format(
        who=who, real=real_text)
    if real_lost is not None and real_lost > 1e-9:
        real_line += " " + translate("Predict", "(kém {lost} điểm đánh giá)").format(
            lost=value_text(real_lost))
    head = f"<p style='color:{color}'><b>{escape(verdict)}</b></p>"
    if compact:
        return f"{head}<p>{escape(real_line)}</p>"
    judge = pick(advice.judge_vi, advice.judge_en)
    title = translate("Predict", "Máy gợi ý")
    return (f"{head}<p>{escape(title)} ({escape(judge)}): "
            f"<b>{escape(best)}</b> — {escape(reason)}</p><p>{escape(real_line)}</p>")
