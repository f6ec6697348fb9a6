"""The help screen (F1): every keyboard shortcut, from the one table in desktop/keys.py."""

from __future__ import annotations

from html import escape

from desktop.i18n import translate
from desktop.keys import BINDINGS, Section, describe, section_title
from desktop.qt import QDialog, QDialogButtonBox, QKeySequence, QTextBrowser, QVBoxLayout, QWidget


def key_text(key: str) -> str:
    """A key as this platform writes it ("Ctrl+N", "Esc")."""
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText) or key


def keys_html() -> str:
    """The shortcuts, section by section."""
    title = translate("Help", "Phím tắt")
    intro = translate("Help", "Mọi việc trong chương trình đều làm được bằng bàn phím.")
    parts = [f"<h2>{escape(title)}</h2><p>{escape(intro)}</p>"]
    for section in Section:
        rows = "".join(
            f"<tr><td><b>{escape(' / '.join(key_text(k) for k in b.keys))}</b></td>"
            f"<td>{escape(describe(b.id))}</td></tr>"
            for b in BINDINGS if b.section is section)
        parts.append(f"<h3>{escape(section_title(section))}</h3>"
                     f"<table cellpadding='3'>{rows}</table>")
    return "".join(parts)


class HelpDialog(QDialog):
    """The list of shortcuts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Help", "Trợ giúp — phím tắt"))
        self.text = QTextBrowser()
        self.text.setHtml(keys_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(translate("Help", "Đóng"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(600, 620)
