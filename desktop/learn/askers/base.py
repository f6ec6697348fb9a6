"""What every question of the drill player does: its picture (chiếu, dealing table or card
board), its controls in the side panel, the learner's clicks and keys, and the response it
sends to lessons.drills.grade — in the shape lessons/README.md documents for its kind. The
learner chooses (clicks, keys), then Enter (or Trả lời) answers: one way in every drill.

An asker never decides whether an answer is right: it collects what the learner said; the
player grades it and gives the Grade back (`show_grade`) to be shown, with the item's answer
(computed by the engine when the item was made) marked on the picture.
"""

from __future__ import annotations

from desktop.chieu.hitmap import Hit
from desktop.i18n import translate
from desktop.learn.canvas import Picture
from desktop.qt import QObject, QVBoxLayout, QWidget, Signal
from lessons.item import JSON, Grade, Item


class Asker(QObject):
    """One question being answered; see the module docstring."""

    changed = Signal()  # the picture or whether the answer is complete changed
    # the picture's own answer button (the Enter of its label) was pressed: grade now. Every
    # other choice (a seat, a pile, a number, Y/N, U/C) only chooses; Enter answers, in every
    # drill alike (issue 20: bốc cái answered on the digit, and the Enter a learner typed next,
    # as chia bài asks, skipped the explanation)
    answer_now = Signal()

    # The key commands (desktop/keys.py, sections DRILL and ARRANGE) this question takes;
    # the drill page enables only these, so one key never means two things at once.
    commands: frozenset[str] = frozenset()
    expands = False  # its controls take the height left in the side panel (a long list)

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.item = item
        self.grade: Grade | None = None
        self.hovered: Hit | None = None
        self.controls = QWidget()
        self.controls_layout = QVBoxLayout(self.controls)
        self.controls_layout.setContentsMargins(0, 0, 0, 0)

    @property
    def locked(self) -> bool:
        """Graded: the answer can no longer change."""
        return self.grade is not None

    def picture(self) -> Picture:
        """What the canvas shows now."""
        raise NotImplementedError

    def response(self, elapsed_ms: int) -> JSON | None:
        """The learner's answer as lessons' grader takes it; None while it is incomplete."""
        raise NotImplementedError

    def dismiss(self) -> bool:
        """Close a dialog of the question if one is open (Esc closes it before the round)."""
        return False

    def incomplete(self) -> None:
        """Enter was pressed before the answer was complete (the xướng opens its dialog)."""

    def missing(self) -> str:
        """What the answer still lacks, in the current language: said when Enter comes before
        the answer is complete, so the key never does nothing without a word."""
        return translate("LearnAsk", "Câu trả lời chưa đủ.")

    def click(self, hit: Hit) -> None:
        """A click on the picture."""

    def hover(self, hit: Hit | None) -> None:
        """The pointer moved onto something."""
        if hit != self.hovered:
            self.hovered = hit
            self.changed.emit()

    def command(self, command: str, key: str) -> None:
        """A key command of `commands` (`key`: the key pressed, for the numbered ones)."""

    def focus_widget(self) -> QWidget | None:
        """The control that takes the keyboard when the question starts (None: the page)."""
        return None

    def timed_seconds(self) -> float | None:
        """The time limit of a timed question (the countdown is drawn), else None."""
        return None

    def tick(self, elapsed_s: float) -> None:
        """Time passes on a timed question."""

    def show_grade(self, grade: Grade) -> None:
        """The answer was graded: freeze the input and show the item's answer."""
        self.grade = grade
        self.controls.setEnabled(False)
        self.changed.emit()

    def retranslate(self) -> None:
        """The language changed: texts of the controls again."""
        self.changed.emit()
