"""The "not saved" strip above Học's pages (issue 20): answers or the place in the guided game
that the disk refused (full, read-only, locked by another program) are kept in memory; the
strip says so, why, and offers to try again (Ctrl+S) — the learner goes on meanwhile."""

from __future__ import annotations

from collections.abc import Callable

from desktop.i18n import translate
from desktop.keys import key_hint
from desktop.qt import QEvent, QFrame, QHBoxLayout, QLabel, QPushButton, Qt, Signal


class UnsavedBar(QFrame):
    """Says what could not be saved and why; `retry_wanted` when the learner asks again."""

    retry_wanted = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("unsaved")
        self.what: Callable[[], str] = str
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton()
        self.retry_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the page keeps its keys
        self.retry_button.clicked.connect(self.retry_wanted)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.retry_button)
        self.hide()
        self.retranslate()

    def say(self, what: Callable[[], str] | None) -> None:
        """Show the strip with ``what()`` (a function: it follows the language); None hides
        it (everything is saved)."""
        self.what = what or str
        self.retranslate()
        self.setVisible(what is not None)

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.label.setText(self.what())
        self.retry_button.setText(translate("LearnUnsaved", "Thử lại ({key})").format(
            key=key_hint("learn_retry")))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
