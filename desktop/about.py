"""The About box: version, what the program is, the font credits (read from
resources/fonts/README.md, the one place they are written), the sounds' licence and the
licences of the libraries shipped with it.
"""

from __future__ import annotations

from html import escape

from desktop import version as app_version
from desktop.i18n import translate
from desktop.qt import QDialog, QDialogButtonBox, QPlainTextEdit, QTextBrowser, QVBoxLayout, QWidget
from desktop.resources import FONTS

LIBRARIES = (
    ("Qt for Python (PySide6)", "LGPL v3"),
    ("pygame", "LGPL v2.1"),
    ("sqlite-utils", "Apache 2.0"),
    ("platformdirs", "MIT"),
)


def font_credits() -> list[tuple[str, str, str, str]]:
    """(file, font, authors, licence) for every row of the fonts README's table."""
    try:
        text = (FONTS / "README.md").read_text(encoding="utf-8")
    except OSError:
        return []
    rows: list[tuple[str, str, str, str]] = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`"):
            rows.append((cells[0].strip("`").split("`")[0], cells[1], cells[2], cells[3]))
    return rows


def about_html() -> str:
    """The About text in the current language."""
    fonts = "".join(f"<li><b>{escape(font)}</b> — {escape(authors)}. {escape(licence)} "
                    f"(<code>{escape(file)}</code>)</li>"
                    for file, font, authors, licence in font_credits())
    libraries = "".join(f"<li>{escape(name)} — {escape(licence)}</li>"
                        for name, licence in LIBRARIES)
    title = translate("About", "Chắn — học, chơi, xem lại")
    version = translate("About", "Phiên bản {version}").format(version=app_version())
    what = translate("About", "Chương trình giúp bạn học luật chơi Chắn, chơi với máy trên một "
                              "chiếu bài vẽ sẵn, và xem lại từng ván với mọi lỗi được giải thích. "
                              "Mọi phán xét (lỗi, cước, xướng, tiền) đều do một bộ luật duy "
                              "nhất tính ra.")
    fonts_title = translate("About", "Phông chữ")
    fonts_note = translate("About", "Các phông là bản cắt gọn (chỉ giữ chữ Hán trên quân bài và "
                                    "chữ Việt), giữ nguyên bản quyền; giấy phép SIL Open Font "
                                    "License 1.1 ở dưới.")
    sounds_title = translate("About", "Âm thanh")
    sounds = translate("About", "Do chính chương trình tạo ra (tools/make_sounds.py), phát hành "
                                "theo CC0 1.0 — thuộc phạm vi công cộng.")
    libs_title = translate("About", "Thư viện")
    return (f"<h2>{escape(title)}</h2><p>{escape(version)}</p><p>{escape(what)}</p>"
            f"<h3>{escape(fonts_title)}</h3><ul>{fonts}</ul><p>{escape(fonts_note)}</p>"
            f"<h3>{escape(sounds_title)}</h3><p>{escape(sounds)}</p>"
            f"<h3>{escape(libs_title)}</h3><ul>{libraries}</ul>")


class AboutDialog(QDialog):
    """Version, credits and licences."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("About", "Giới thiệu"))
        self.text = QTextBrowser()
        self.text.setHtml(about_html())
        self.licence = QPlainTextEdit()
        self.licence.setReadOnly(True)
        try:
            self.licence.setPlainText((FONTS / "OFL.txt").read_text(encoding="utf-8"))
        except OSError:
            self.licence.setPlainText("OFL.txt")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(
            translate("About", "Đóng"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 3)
        layout.addWidget(self.licence, 2)
        layout.addWidget(buttons)
        self.resize(640, 560)
