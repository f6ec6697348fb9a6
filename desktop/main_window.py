"""The main window: a welcome and a sample deal, until the play/learn/review screens exist."""

import random

from desktop.qt import (
    QAction,
    QApplication,
    QFontDatabase,
    QKeySequence,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
)
from engine.deal import Deal
from engine.hand import arrange

TITLE = "Chắn — Học, chơi, xem lại"

WELCOME = (
    "<h2>Chào mừng bạn đến với Chắn!</h2>"
    "<p>Chương trình này sẽ giúp bạn học luật chơi Chắn, chơi với máy và xem lại "
    "từng ván để thấy chỗ đánh sai. Bài học, chơi và xem lại đang được xây dựng; "
    "bây giờ bạn có thể chia thử một ván và xem bài của mỗi người được xếp thành "
    "chắn, cạ, ba đầu và què.</p>"
    "<p><i>Welcome to Chắn! This program will teach you the rules of Chắn, let you play "
    "against the computer and review each game to see its mistakes. Lessons, play and "
    "review are being built; for now you can deal a sample game and see each hand "
    "arranged into chắn (pairs), cạ, ba đầu and què (lone cards).</i></p>"
)


def describe_deal(deal: Deal, seed: int) -> str:
    """The deal as text: the quân cái, the nọc size and every hand arranged (RULES R3.6)."""
    cai = deal.cai_card
    lines = [f"Ván mẫu (sample game), seed {seed}"]
    if cai is not None:
        lines.append(f"Quân cái: {cai} ({cai.name_vi}) → ghế {deal.cai_seat}")
    lines.append(f"Nọc (stock): {len(deal.noc)} quân")
    for seat, hand in enumerate(deal.hands):
        lines.append("")
        lines.append(f"Ghế {seat} (seat {seat}) — {len(hand)} quân")
        a = arrange(hand)
        for label, groups in (("chắn", a.chan), ("cạ", a.ca), ("ba đầu", a.ba_dau)):
            text = " · ".join(" ".join(str(card) for card in group) for group in groups)
            lines.append(f"  {label + ':':<8} {text or '—'}")
        lines.append(f"  {'què:':<8} {' '.join(str(card) for card in a.que) or '—'}")
    return "\n".join(lines)


class MainWindow(QMainWindow):
    """The application's main window."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(TITLE)

        welcome = QLabel(WELCOME)
        welcome.setWordWrap(True)
        welcome.setTextFormat(Qt.TextFormat.RichText)

        self.deal_button = QPushButton("Chia thử một ván (Deal a sample game)")
        self.deal_button.setShortcut(QKeySequence("Ctrl+D"))
        self.deal_button.setToolTip("Ctrl+D")
        self.deal_button.clicked.connect(lambda: self.deal_sample())

        self.hands_view = QPlainTextEdit()
        self.hands_view.setReadOnly(True)
        self.hands_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.hands_view.setPlaceholderText("Bấm “Chia thử một ván” (Ctrl+D) để chia bài.")

        layout = QVBoxLayout()
        layout.addWidget(welcome)
        layout.addWidget(self.deal_button)
        layout.addWidget(self.hands_view, stretch=1)
        central = QWidget()
        central.setLayout(layout)
        self.setCentralWidget(central)

        quit_action = QAction("Thoát (Quit)", self)
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        self.addAction(quit_action)

        self.resize(720, 680)

    def deal_sample(self, seed: int | None = None) -> None:
        """Deal a 4-player game from `seed` (random when None) and show the hands."""
        if seed is None:
            seed = random.randrange(1_000_000)
        self.hands_view.setPlainText(describe_deal(Deal.shuffled(seed), seed))


def run_app(argv: list[str]) -> int:
    """Open the main window and run the Qt event loop until it closes."""
    app = QApplication(argv)
    app.setApplicationName("chan-tutor")
    app.setApplicationDisplayName(TITLE)
    window = MainWindow()
    window.show()
    return app.exec()
