"""The timeline under the viewer's chiếu, painted with QPainter: one slot for the deal and one
tick per recorded event, a coloured marker per annotation (by kind), the current position, the
selected annotation ringed and the earlier event that caused it (`cause_event`) marked.

A click (or a drag) jumps to the slot under the pointer; slot p is position p, the game after
its first p events, so slot e + 1 is event e.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from desktop.qt import (
    QColor,
    QEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QToolTip,
    QWidget,
    Signal,
)
from desktop.review.words import color_of

BACKGROUND = QColor("#3a2414")
TICK = QColor("#c9b28a")
GOLD = QColor("#f2c450")
CAUSE = QColor("#4fd1e8")
MARGIN = 14.0


class Timeline(QWidget):
    """Emits `jumped(position)` when clicked; `set_*` give it what to draw."""

    jumped = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setMinimumHeight(58)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.events = 0
        self.position = 0
        self.markers: list[tuple[int, str]] = []  # (event, kind)
        self.selected: int | None = None  # the selected annotation's event
        self.cause: int | None = None  # the event that set it up
        # predict mode: markers after this slot would give the answer away ("a lỗi is next")
        self.hidden_after: int | None = None
        self.describe: Callable[[int], str] = lambda position: ""

    def sizeHint(self) -> QSize:
        """As wide as the chiếu, a thin strip."""
        return QSize(1280, 58)

    # ------------------------------------------------------------------ state

    def set_game(self, events: int, markers: Sequence[tuple[int, str]],
                 describe: Callable[[int], str]) -> None:
        """A new game: its number of events and its annotations (event, kind)."""
        self.events = events
        self.markers = list(markers)
        self.describe = describe
        self.position = 0
        self.selected = self.cause = None
        self.update()

    def set_position(self, position: int) -> None:
        """The position shown on the chiếu."""
        if position != self.position:
            self.position = position
            self.update()

    def set_hidden_after(self, slot: int | None) -> None:
        """Draw no marker after `slot` (None: draw them all)."""
        if slot != self.hidden_after:
            self.hidden_after = slot
            self.update()

    def set_selected(self, event: int | None, cause: int | None) -> None:
        """The selected annotation's event and its cause event (None: none)."""
        if (event, cause) != (self.selected, self.cause):
            self.selected, self.cause = event, cause
            self.update()

    # ------------------------------------------------------------------ geometry

    def _slot_width(self) -> float:
        return max(1.0, (self.width() - 2 * MARGIN) / (self.events + 1))

    def slot_x(self, slot: int) -> float:
        """The middle of a slot, in widget coordinates."""
        return MARGIN + (slot + 0.5) * self._slot_width()

    def slot_at(self, x: float) -> int:
        """The slot under an x coordinate (clamped to the game)."""
        return max(0, min(self.events, int((x - MARGIN) // self._slot_width())))

    # ------------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:
        """Ticks, markers, the cause, the selection and the current position."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), BACKGROUND)
        h = float(self.height())
        base = h - 16
        slot_w = self._slot_width()
        painter.setPen(TICK)
        painter.drawLine(QPointF(MARGIN, base), QPointF(self.width() - MARGIN, base))
        for slot in range(self.events + 1):
            x = self.slot_x(slot)
            tall = slot == 0 or slot % 10 == 0
            painter.drawLine(QPointF(x, base), QPointF(x, base - (9 if tall else 4)))
            if tall and slot:
                painter.drawText(QRectF(x - 20, base + 1, 40, 14),
                                 Qt.AlignmentFlag.AlignCenter, str(slot))
        radius = max(3.0, min(6.0, slot_w * 0.45))
        stacked: dict[int, int] = {}
        for ev, kind in self.markers:
            slot = ev + 1
            if self.hidden_after is not None and slot > self.hidden_after:
                continue
            level = stacked.get(slot, 0)
            stacked[slot] = level + 1
            center = QPointF(self.slot_x(slot), base - 14 - level * (2 * radius + 1))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(*color_of(kind)))
            painter.drawEllipse(center, radius, radius)
        if self.cause is not None:
            self._mark(painter, self.cause + 1, CAUSE, base, radius)
        if self.selected is not None:
            self._mark(painter, self.selected + 1, GOLD, base, radius)
            if self.cause is not None:  # an arc from the cause to the annotation
                painter.setPen(CAUSE)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                x0, x1 = self.slot_x(self.cause + 1), self.slot_x(self.selected + 1)
                painter.drawLine(QPointF(x0, 6), QPointF(x1, 6))
                painter.drawLine(QPointF(x0, 6), QPointF(x0, 12))
                painter.drawLine(QPointF(x1, 6), QPointF(x1, 12))
        x = self.slot_x(self.position)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(GOLD)
        painter.drawRect(QRectF(x - 1.5, 2, 3, base - 2))
        painter.drawPolygon([QPointF(x - 6, base + 8), QPointF(x + 6, base + 8),
                             QPointF(x, base + 1)])
        painter.end()

    def _mark(self, painter: QPainter, slot: int, color: QColor, base: float,
              radius: float) -> None:
        """A ring around a slot's markers."""
        x = self.slot_x(slot)
        painter.setPen(color)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(x - radius - 3, 14, 2 * radius + 6, base - 12), 3, 3)

    # ------------------------------------------------------------------ the pointer

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Jump to the clicked slot."""
        if event.button() == Qt.MouseButton.LeftButton and self.events >= 0:
            self.jumped.emit(self.slot_at(event.position().x()))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Dragging scrubs; hovering tells what the event under the pointer did."""
        slot = self.slot_at(event.position().x())
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.jumped.emit(slot)
        text = self.describe(slot)
        if text:
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        """No tooltip outside."""
        QToolTip.hideText()
        super().leaveEvent(event)
