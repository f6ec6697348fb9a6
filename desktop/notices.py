"""A short message box over a screen (an error or a piece of news): window-modal, not
blocking the event loop (`open`, not `exec`), and deleted once closed."""

from __future__ import annotations

from desktop.qt import QMessageBox, Qt, QWidget


def notify(parent: QWidget, title: str, text: str, warning: bool = False) -> QMessageBox:
    """Show `text` under `title` over `parent`; returns the box (tests read and close it)."""
    icon = QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # file names and players' names: never markup
    box.finished.connect(box.deleteLater)
    box.open()
    return box
