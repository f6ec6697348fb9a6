"""Small numbers the learner types (how many piles, how many cards in the nọc, how many chắn):
a spin box that starts empty ("?") so an answer is never a default nobody chose."""

from __future__ import annotations

from desktop.qt import QFocusEvent, QSpinBox, QWidget

UNSET = -1


class NumberBox(QSpinBox):
    """A whole number from 0 to `top`, or unset ("?")."""

    def __init__(self, top: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(UNSET, top)
        self.setSpecialValueText("?")
        self.setValue(UNSET)
        self.setMinimumWidth(90)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Entering the box selects its text, so the digits typed replace the "?"."""
        super().focusInEvent(event)
        self.selectAll()

    def number(self) -> int | None:
        """The number typed, or None while unset."""
        value = self.value()
        return None if value == UNSET else value
