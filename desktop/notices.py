"""A short message box over a screen (an error or a piece of news): window-modal, not
blocking the event loop (`open`, not `exec`), and deleted once closed."""

from __future__ import annotations

from collections.abc import Callable

from desktop.qt import QMessageBox, Qt, QWidget


def notify(parent: QWidget, title: str, text: str, warning: bool = False) -> QMessageBox:
    """Show `text` under `title` over `parent`; returns the box (tests read and close it)."""
    icon = QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # file names and players' names: never markup
    box.finished.connect(box.deleteLater)
    box.open()
    return box


def ask(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str, yes: str, no: str,
        answered: Callable[[QMessageBox, bool], None], default_yes: bool = True) -> QMessageBox:
    """A question with two answers over `parent` (window-modal, not blocking): `answered(box,
    True)` for `yes`, False for `no` or Esc; the caller deletes the box."""
    box = QMessageBox(icon, title, text, parent=parent)
    accept = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
    reject = box.addButton(no, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(accept if default_yes else reject)
    box.setEscapeButton(reject)
    box.finished.connect(lambda _: answered(box, box.clickedButton() is accept))
    box.open()
    return box
