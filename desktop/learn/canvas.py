"""The Qt host of Học's pictures: the game chiếu (a ChieuView), the dealing table and the card
board, each drawn by pygame into one buffer that a QImage shares, with clicks turned into Hits.

It is the chiếu widget's twin for more than one kind of view (desktop/chieu/widget.py hosts
ChieuViews only): the same frame sharing, HiDPI drawing and hit testing.
"""

from __future__ import annotations

from desktop.chieu import board, dealing
from desktop.chieu.board import BoardView
from desktop.chieu.dealing import DealingView
from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind, HitMap
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
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

Picture = ChieuView | DealingView | BoardView
ACTIVE = frozenset({HitKind.HAND, HitKind.BUTTON, HitKind.SEAT})
EMPTY_MAT = QColor(214, 181, 118)


def draw_picture(scene: Scene, surface: pygame.Surface, picture: Picture) -> HitMap:
    """Draw any of Học's pictures onto `surface`."""
    if isinstance(picture, ChieuView):
        return scene.draw(surface, picture)
    if isinstance(picture, DealingView):
        return dealing.draw(scene, surface, picture)
    return board.draw(scene, surface, picture)


class Canvas(QWidget):
    """Shows a Picture; emits `clicked(Hit)` and `hovered(Hit | None)`."""

    clicked = Signal(object)
    hovered = Signal(object)

    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMinimumSize(360, 260)
        self._scene = scene
        self._picture: Picture | None = None
        self._frame: Frame | None = None
        self._image: QImage | None = None
        self._hits: HitMap | None = None
        self._drawn: tuple[Picture | None, int, int] | None = None
        self._hover: Hit | None = None

    def sizeHint(self) -> QSize:
        """The size the pictures are designed at."""
        return QSize(1000, 680)

    def set_picture(self, picture: Picture | None) -> None:
        """Show `picture` (None: the bare mat) from the next paint on."""
        self._picture = picture
        self.update()

    def picture(self) -> Picture | None:
        """The picture being shown."""
        return self._picture

    def hit_map(self) -> HitMap | None:
        """What the last frame drew where, in device pixels (None before the first)."""
        return self._hits

    def hit_at(self, point: QPointF) -> Hit | None:
        """The thing under a point in widget coordinates."""
        if self._hits is None:
            return None
        ratio = self.devicePixelRatioF()
        return self._hits.at(point.x() * ratio, point.y() * ratio)

    def render_frame(self) -> QImage | None:
        """Draw the picture if it or the size changed; return the image to paint."""
        ratio = self.devicePixelRatioF()
        width, height = round(self.width() * ratio), round(self.height() * ratio)
        if width <= 0 or height <= 0 or self._picture is None:
            return None
        if self._drawn == (self._picture, width, height) and self._image is not None:
            return self._image
        if self._frame is None or self._frame.size != (width, height):
            self._frame = Frame(width, height)
            self._image = QImage(self._frame.buffer, width, height, self._frame.stride,
                                 QImage.Format.Format_RGB32)
        assert self._image is not None
        self._image.setDevicePixelRatio(ratio)
        self._hits = draw_picture(self._scene, self._frame.surface, self._picture)
        self._drawn = (self._picture, width, height)
        return self._image

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the frame."""
        image = self.render_frame()
        painter = QPainter(self)
        if image is None:
            painter.fillRect(self.rect(), EMPTY_MAT)
        else:
            painter.drawImage(QPointF(0, 0), image)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A left click on something emits `clicked`."""
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
