"""Học: the rules reference (reference.py) in a browser with its own table of contents.

Lessons get their own screen in a later issue; until then this page is what Học teaches from.
"""

from __future__ import annotations

from desktop.learn.reference import reference_html
from desktop.qt import QEvent, QTextBrowser, QVBoxLayout, QWidget


class LearnScreen(QWidget):
    """The Học activity."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(True)
        self.browser.setOpenExternalLinks(False)
        self.browser.document().setDocumentMargin(18)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self.retranslate()

    def retranslate(self) -> None:
        """Rebuild the page in the current language."""
        self.browser.setHtml(reference_html())

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
