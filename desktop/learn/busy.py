"""The "Đang chuẩn bị…" strip above Học's pages: a round being prepared on the Worker (a
lesson's items, the mistakes deck read from the saved games) can take seconds, and the learner
must see that the request was heard — and be able to drop it (Esc, or the button) and go on."""

from __future__ import annotations

from collections.abc import Callable

from desktop.i18n import translate
from desktop.keys import key_hint
from desktop.qt import QEvent, QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, Qt, Signal


class BusyBar(QFrame):
    """Says what is being prepared while a request runs; `cancel_wanted` when dropped."""

    cancel_wanted = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("busy")
        self.what: Callable[[], str] = str
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.spinner = QProgressBar()
        self.spinner.setRange(0, 0)  # no end known: Qt's moving bar
        self.spinner.setTextVisible(False)
        self.spinner.setFixedWidth(120)
        self.spinner.setMaximumHeight(12)
        self.cancel_button = QPushButton()
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Esc keeps the page's keys
        self.cancel_button.clicked.connect(self.cancel_wanted)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.spinner)
        layout.addWidget(self.cancel_button)
        self.hide()
        self.retranslate()

    def start(self, what: Callable[[], str]) -> None:
        """Show the strip: "Đang chuẩn bị… <what()>" (a function: it follows the language)."""
        self.what = what
        self.retranslate()
        self.show()

    def stop(self) -> None:
        """The request is over (applied, dropped or superseded)."""
        self.what = str
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.label.setText(" ".join(filter(None, (translate("LearnBusy", "Đang chuẩn bị…"),
                                                  self.what()))))
        self.cancel_button.setText(translate("LearnBusy", "Huỷ ({key})").format(
            key=key_hint("learn_back")))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
