"""The Qt host of the chiếu: paints the pygame-drawn frame and turns clicks into Hits.

No game logic: a controller gives it ChieuViews (`set_view`) and listens to `clicked` and
`hovered`. The frame is drawn at the widget's size × its device pixel ratio, so it is sharp on
HiDPI screens, into one buffer shared with the QImage that is painted (frame.py).
"""

from __future__ import annotations

from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind, HitMap
from desktop.chieu.scene import Scene
from desktop.chieu.view import ChieuView
from desktop.qt import (
    QColor,
    QEvent,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPointF,
    QSize,
    Qt,
    QWidget,
    Signal,
)

# What the pointer shows as clickable.
ACTIVE = frozenset({HitKind.HAND, HitKind.BUTTON, HitKind.CUA, HitKind.NOC})
EMPTY_MAT = QColor(214, 181, 118)


class ChieuWidget(QWidget):
    """Shows a ChieuView; emits `clicked(Hit)` and `hovered(Hit | None)`."""

    clicked = Signal(object)
    hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None, scene: Scene | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # every pixel is painted
        self.setMinimumSize(640, 400)
        self._scene = scene or Scene()
        self._view: ChieuView | None = None
        self._frame: Frame | None = None
        self._image: QImage | None = None
        self._hits: HitMap | None = None
        self._drawn: tuple[ChieuView | None, int, int] | None = None
        self._hover: Hit | None = None

    def sizeHint(self) -> QSize:
        """1280 × 800, the size the chiếu is designed at."""
        return QSize(1280, 800)

    # ------------------------------------------------------------------ state

    def set_view(self, view: ChieuView | None) -> None:
        """Show `view` (None: the bare mat) from the next paint on."""
        self._view = view
        self.update()

    def view(self) -> ChieuView | None:
        """The view being shown."""
        return self._view

    def hit_map(self) -> HitMap | None:
        """What the last drawn frame has where, in device pixels (None before the first)."""
        return self._hits

    def hit_at(self, point: QPointF) -> Hit | None:
        """The thing under a point in widget (logical) coordinates."""
        if self._hits is None:
            return None
        ratio = self.devicePixelRatioF()
        return self._hits.at(point.x() * ratio, point.y() * ratio)

    # ------------------------------------------------------------------ drawing

    def render_frame(self) -> QImage | None:
        """Draw the current view if it or the size changed; return the image to paint."""
        ratio = self.devicePixelRatioF()
        width, height = round(self.width() * ratio), round(self.height() * ratio)
        if width <= 0 or height <= 0 or self._view is None:
            return None
        if self._drawn == (self._view, width, height) and self._image is not None:
            return self._image
        if self._frame is None or self._frame.size != (width, height):
            self._frame = Frame(width, height)
            self._image = QImage(self._frame.buffer, width, height, self._frame.stride,
                                 QImage.Format.Format_RGB32)
        assert self._image is not None
        self._image.setDevicePixelRatio(ratio)
        self._hits = self._scene.draw(self._frame.surface, self._view)
        self._drawn = (self._view, width, height)
        return self._image

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the frame (drawn by pygame into the shared buffer)."""
        image = self.render_frame()
        painter = QPainter(self)
        if image is None:
            painter.fillRect(self.rect(), EMPTY_MAT)
        else:
            painter.drawImage(QPointF(0, 0), image)
        painter.end()

    # ------------------------------------------------------------------ the pointer

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A left click on something emits `clicked` with it."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        hit = self.hit_at(event.position())
        if hit is not None:
            self.clicked.emit(hit)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Moving onto something new emits `hovered`."""
        self._set_hover(self.hit_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        """Leaving the widget hovers nothing."""
        self._set_hover(None)
        super().leaveEvent(event)

    def _set_hover(self, hit: Hit | None) -> None:
        if hit == self._hover:
            return
        self._hover = hit
        active = hit is not None and hit.kind in ACTIVE
        self.setCursor(Qt.CursorShape.PointingHandCursor if active else Qt.CursorShape.ArrowCursor)
        self.hovered.emit(hit)
