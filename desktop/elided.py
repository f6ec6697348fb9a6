"""A one-line label for text that comes from elsewhere: players' names, file names.

A QLabel asks for the width of its whole text as its minimum: a title holding a name of two
thousand characters made the main window 24,000 px wide (issue 20). This label asks for a
few characters at most, draws as much of its text as fits with "…" at the end, and shows the
whole text in its tooltip when it is cut. ``text()`` is still the whole text.
"""

from __future__ import annotations

from desktop.qt import QLabel, QPainter, QPaintEvent, QResizeEvent, QSize, Qt, QWidget

MIN_CHARS = 6  # the narrowest it asks to be, in average characters
MAX_HINT = 640  # the widest it asks to be, in pixels: half the smallest screen


class ElidedLabel(QLabel):
    """A plain-text QLabel on one line that cuts its text to the room it is given."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # names are never markup
        self.setWordWrap(False)
        self.setText(text)

    def setText(self, text: str) -> None:
        """Show `text` (cut to fit when drawn)."""
        super().setText(text)
        self._tip()

    def shown(self) -> str:
        """The text as drawn at the current width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             max(0, self.contentsRect().width()))

    def minimumSizeHint(self) -> QSize:
        """A few characters wide, whatever the text."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * MIN_CHARS),
                     hint.height())

    def sizeHint(self) -> QSize:
        """The text's width, up to MAX_HINT."""
        hint = super().sizeHint()
        return QSize(min(hint.width(), MAX_HINT), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The tooltip follows whether the text is cut."""
        super().resizeEvent(event)
        self._tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The text cut with "…" to the label's width, in the label's font and colours."""
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), self.shown(),
                                  self.foregroundRole())
        painter.end()

    def _tip(self) -> None:
        self.setToolTip(self.text() if self.shown() != self.text() else "")
