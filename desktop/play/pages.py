"""The two pages of the play screen around the chiếu: the start of a hội (what will be played,
under which rules) and the result of a game (result_text.py) with the way to the next one.
"""

from __future__ import annotations

from html import escape

from desktop.choices import level_name, mode_help, mode_name, rules_summary
from desktop.i18n import translate
from desktop.images import cards_image
from desktop.keys import key_hint
from desktop.play.hoi_summary import HoiSummary, summary_html
from desktop.play.page_parts import BackPage, SettingsPage
from desktop.play.result_text import HAND_URL
from desktop.qt import (
    QEvent,
    QHBoxLayout,
    QImage,
    QLabel,
    QPixmap,
    QPushButton,
    QResizeEvent,
    QShowEvent,
    QSizePolicy,
    Qt,
    QTextBrowser,
    QTextDocument,
    QTimer,
    QUrl,
    QVBoxLayout,
    QWidget,
)
from engine.chan import Card

# The start page's cards: lèo, a chắn of chi chi, tôm (R6 C14, C15).
BANNER = ((Card.V9, Card.S8, Card.CC), (Card.CC, Card.CC), (Card.V3, Card.S3, Card.N7))
BANNER_CARD = 44


class StartPage(SettingsPage):
    """Before a hội: the players, the mode and the rules; start, resume or change them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._banner_width = 0
        self.banner = QLabel()
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setMinimumHeight(1)
        # drawn for the page's width, it must never hold the window at that width (issue
        # 20: opened at 1280, the window could no longer be made 1024 wide)
        self.banner.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self._draw_banner)
        row = self._controls()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.banner)
        outer.addLayout(row, 1)
        self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The banner is drawn for the page's width, once the page has settled."""
        super().resizeEvent(event)
        self._banner_timer.start(0)

    def showEvent(self, event: QShowEvent) -> None:
        """Draw the banner when the page is first shown."""
        super().showEvent(event)
        self._banner_timer.start(0)

    def _draw_banner(self) -> None:
        # deferred: a page shown only for an instant (the smoke run) never pays for it
        if not self.isVisible() or self.width() == self._banner_width:
            return
        self._banner_width = self.width()
        image = cards_image(BANNER, BANNER_CARD, mat=True, width=self.width(), pad=18,
                            ratio=self.devicePixelRatioF())
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(image.devicePixelRatio())
        self.banner.setPixmap(pixmap)

    def retranslate(self) -> None:
        """Texts in the current language."""
        s = self._settings
        self.title.setText(translate("Start", "Chơi với máy"))
        opponents = ", ".join(f"{escape(name)} ({level_name(level)})"
                              for name, level in zip(s.names[1:], s.levels, strict=True))
        lines = [
            translate("Start", "Một hội gồm nhiều ván liền nhau: điểm được cộng dồn, người ù "
                               "ván trước bốc cái ván sau. Mỗi nước đi được lưu ngay, nên tắt "
                               "máy giữa chừng vẫn chơi tiếp được."),
            translate("Start", "Bạn: <b>{name}</b> · Đối thủ: {opponents}").format(
                name=escape(s.names[0]), opponents=opponents),
            translate("Start", "Chế độ: <b>{mode}</b> — {help}").format(
                mode=mode_name(s.mode), help=mode_help(s.mode)),
            translate("Start", "Luật làng: {rules}").format(rules=escape(rules_summary(s.rules))),
        ]
        if self._resumable:
            lines.append(translate("Start", "Ván đang chơi dở: {game}").format(
                game=escape(self._resumable)))
        self.summary.setText("".join(f"<p>{line}</p>" for line in lines))
        self.new_button.setText(translate("Start", "Bắt đầu hội mới (Ctrl+N)"))
        self.resume_button.setText(translate("Start", "Chơi tiếp ván dở"))
        self.resume_button.setVisible(bool(self._resumable))
        self.settings_button.setText(translate("Start", "Cài đặt…"))


class ResultPage(QWidget):
    """After a game: the result text and the buttons to go on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.next_button = QPushButton()
        self.next_button.setObjectName("primary")
        self.end_button = QPushButton()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.end_button)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addLayout(buttons)
        self.retranslate()

    def show_result(self, html: str, hand: QImage | None = None) -> None:
        """Show a result; `hand` is the picture its ``chan://hand`` image refers to."""
        if hand is not None:
            self.text.document().addResource(QTextDocument.ResourceType.ImageResource,
                                             QUrl(HAND_URL), hand)
        self.text.setHtml(html)

    def retranslate(self) -> None:
        """Button texts in the current language."""
        self.next_button.setText(translate("Result", "Ván tiếp theo ({key})").format(
            key=key_hint("next_game")))
        self.end_button.setText(translate("Result", "Kết thúc hội ({key})").format(
            key=key_hint("end_session")))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class HoiSummaryPage(BackPage):
    """After a hội: its summary (hoi_summary.py), and the way back to the start page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary: HoiSummary | None = None  # None: being made, or it could not be
        self.problem = ""  # why it could not be made
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self._lay_out(self.text)
        self.retranslate()

    def show_summary(self, summary: HoiSummary | None, problem: str = "") -> None:
        """Show a summary (None and no problem: it is being made)."""
        self.summary, self.problem = summary, problem
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.back_button.setText(translate("HoiSummary", "Về trang đầu ({key})").format(
            key=key_hint("leave_summary")))
        if self.summary is not None:
            self.text.setHtml(summary_html(self.summary))
        elif self.problem:
            self.text.setHtml("<p>" + escape(translate(
                "HoiSummary", "Không tổng kết được hội này: {why}").format(why=self.problem))
                + "</p>")
        else:
            self.text.setHtml("<p>" + escape(translate("HoiSummary", "Đang tổng kết hội…"))
                              + "</p>")

