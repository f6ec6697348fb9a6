"""The 25 kinds of card as buttons with their faces (the chiếu's painter draws them), for
answers that name cards: which cards win a waiting hand (RULES R5.5)."""

from __future__ import annotations

from desktop.images import cards_image
from desktop.qt import (
    QGridLayout,
    QIcon,
    QPixmap,
    QSize,
    Qt,
    QToolButton,
    QWidget,
    Signal,
)
from engine.chan import Card

FACE_WIDTH = 20


def face_icon(card: Card, ratio: float) -> QIcon:
    """A card face as an icon."""
    image = cards_image([[card]], FACE_WIDTH, pad=2, ratio=ratio)
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(image.devicePixelRatio())
    return QIcon(pixmap)


class CardPicker(QWidget):
    """Toggle buttons for the 25 kinds: a row per suit (ranks 2–9), Chi chi below."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.buttons: dict[Card, QToolButton] = {}
        ratio = self.devicePixelRatioF()
        for card in Card:
            button = QToolButton()
            button.setCheckable(True)
            button.setIcon(face_icon(card, ratio))
            button.setIconSize(QSize(FACE_WIDTH + 4, round(FACE_WIDTH * 3.1) + 4))
            button.setToolTip(f"{card.name_vi} ({card.code})")
            button.setAccessibleName(card.code)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setStyleSheet("QToolButton { padding: 1px; border: 2px solid transparent; }"
                                 "QToolButton:checked { border: 2px solid #aa261e; "
                                 "background: #f2c450; }"
                                 "QToolButton:focus { border: 2px dotted #5a3a22; }")
            button.toggled.connect(lambda _=False: self.changed.emit())
            if card is Card.CC:
                row, col = 3, 0
            else:
                row, col = "vns".index(card.suit or "v"), card.rank - 2
            grid.addWidget(button, row, col)
            self.buttons[card] = button

    def chosen(self) -> list[Card]:
        """The cards toggled on, in card order."""
        return [c for c, b in self.buttons.items() if b.isChecked()]

    def set_chosen(self, cards: set[Card]) -> None:
        """Toggle exactly `cards` on."""
        for card, button in self.buttons.items():
            button.setChecked(card in cards)
