"""The pieces both games' play pages share: a page said again when the language changes, the
start page's title, summary and buttons (new hội, resume, settings), and the summary page's
text with the way back under it (pages.py for Chắn, tom_pages.py for Tổ tôm)."""

from __future__ import annotations

from desktop.qt import (
    QEvent,
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from desktop.settings import Settings


class TranslatedPage(QWidget):
    """A page whose texts are set by `retranslate`, again at each language change."""

    def retranslate(self) -> None:
        """Texts in the current language."""
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class SettingsPage(TranslatedPage):
    """Before a hội: what a new one would be (the settings), and an interrupted game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = Settings()
        self._resumable: str | None = None

    def _controls(self, above: int = 0) -> QHBoxLayout:
        """The title, the summary and the buttons (`new_button`, `resume_button`,
        `settings_button`) in a column centred in a row; ``above``: room over the title."""
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.new_button = QPushButton()
        self.new_button.setObjectName("primary")
        self.resume_button = QPushButton()
        self.settings_button = QPushButton()
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.settings_button)
        buttons.addStretch(1)
        box = QVBoxLayout()
        if above:
            box.addSpacing(above)
        box.addWidget(self.title)
        box.addWidget(self.summary)
        box.addSpacing(12)
        box.addLayout(buttons)
        box.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addLayout(box, 4)
        row.addStretch(1)
        return row

    def show_settings(self, settings: Settings, resumable: str | None) -> None:
        """Show what a new hội would be; `resumable` describes an interrupted game, if any."""
        self._settings = settings
        self._resumable = resumable
        self.retranslate()


class BackPage(TranslatedPage):
    """After a hội: a text, and under it the way back to the start page (`back_button`)."""

    def _lay_out(self, text: QTextBrowser) -> None:
        """The page's layout: ``text`` over the primary back button."""
        self.back_button = QPushButton()
        self.back_button.setObjectName("primary")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.back_button)
        layout = QVBoxLayout(self)
        layout.addWidget(text, 1)
        layout.addLayout(buttons)
