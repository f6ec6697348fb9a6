"""The Qt host of the chiếu: paints the pygame-drawn frame and turns clicks into Hits.

No game logic: a controller gives it ChieuViews (`set_view`) and listens to `clicked` and
`hovered`. The frame is drawn at the widget's size × its device pixel ratio, so it is sharp on
HiDPI screens, into one buffer shared with the QImage that is painted (frame.py).
"""

from __future__ import annotations

from typing import Generic, TypeVar

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

# What the pointer shows as clickable.
ACTIVE = frozenset({HitKind.HAND, HitKind.BUTTON, HitKind.CUA, HitKind.NOC})
EMPTY_MAT = QColor(214, 181, 118)
P = TypeVar("P")


class PictureWidget(QWidget, Generic[P]):
    """Shows one picture drawn by pygame (what `draw_picture` makes of it); emits
    `clicked(Hit)` and `hovered(Hit | None)`. ChieuWidget shows ChieuViews; Học's canvas shows
    its dealing table and card board too — the frame sharing, HiDPI drawing and hit testing
    are the same, so they live here once."""

    clicked = Signal(object)
    hovered = Signal(object)
    active: frozenset[HitKind] = ACTIVE  # hits the pointer shows as clickable

    def __init__(self, scene: Scene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # every pixel is painted
        self._scene = scene or Scene()
        self._picture: P | None = None
        self._frame: Frame | None = None
        self._image: QImage | None = None
        self._hits: HitMap | None = None
        self._drawn: tuple[P | None, int, int] | None = None
        self._hover: Hit | None = None
        # a picture drawn before it is shown (prepare), and a frame to draw the next one in
        self._ahead: tuple[P, Frame, QImage, HitMap] | None = None
        self._spare: tuple[Frame, QImage] | None = None

    def draw_picture(self, scene: Scene, surface: pygame.Surface, picture: P) -> HitMap:
        """Draw `picture` onto `surface` (a subclass knows its kinds of picture)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ state

    def set_picture(self, picture: P | None) -> None:
        """Show `picture` (None: the bare mat) from the next paint on."""
        self._picture = picture
        self.update()

    def picture(self) -> P | None:
        """The picture being shown."""
        return self._picture

    def scene(self) -> Scene:
        """The caches it draws with (the main window's screens share one)."""
        return self._scene

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

    def _device_size(self) -> tuple[int, int]:
        ratio = self.devicePixelRatioF()
        return round(self.width() * ratio), round(self.height() * ratio)

    def _frame_of(self, width: int, height: int) -> tuple[Frame, QImage]:
        """A frame of that size and its image: the spare one, or a new one."""
        spare, self._spare = self._spare, None
        if spare is not None and spare[0].size == (width, height):
            return spare
        frame = Frame(width, height)
        return frame, QImage(frame.buffer, width, height, frame.stride,
                             QImage.Format.Format_RGB32)

    def prepare(self, picture: P) -> None:
        """Draw `picture` now, into a frame of its own, so that showing it next costs no
        drawing: the replay viewer draws the next position while the learner looks at this
        one (issue 20: a step was mostly the 5–8 ms of drawing). One picture is kept."""
        width, height = self._device_size()
        if width <= 0 or height <= 0 or self._drawn == (picture, width, height):
            return
        ahead = self._ahead
        if ahead is not None and ahead[1].size == (width, height) and (
                ahead[0] is picture or ahead[0] == picture):
            return
        self._ahead = None
        if ahead is not None:
            self._spare = (ahead[1], ahead[2])
        frame, image = self._frame_of(width, height)
        hits = self.draw_picture(self._scene, frame.surface, picture)
        self._ahead = (picture, frame, image, hits)

    def render_frame(self) -> QImage | None:
        """Draw the current picture if it or the size changed (or take it as prepared);
        return the image to paint."""
        ratio = self.devicePixelRatioF()
        width, height = self._device_size()
        if width <= 0 or height <= 0 or self._picture is None:
            return None
        if self._drawn == (self._picture, width, height) and self._image is not None:
            return self._image
        ahead = self._ahead
        if ahead is not None and ahead[1].size == (width, height) and (
                ahead[0] is self._picture or ahead[0] == self._picture):
            if self._frame is not None and self._image is not None:
                self._spare = (self._frame, self._image)
            _, self._frame, self._image, self._hits = ahead
            self._ahead = None
        else:
            if self._frame is None or self._image is None \
                    or self._frame.size != (width, height):
                self._frame, self._image = self._frame_of(width, height)
            self._hits = self.draw_picture(self._scene, self._frame.surface, self._picture)
        self._image.setDevicePixelRatio(ratio)
        self._drawn = (self._picture, width, height)
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
        active = hit is not None and hit.kind in self.active
        self.setCursor(Qt.CursorShape.PointingHandCursor if active else Qt.CursorShape.ArrowCursor)
        self.hovered.emit(hit)


class ChieuWidget(PictureWidget[ChieuView]):
    """The chiếu: shows a ChieuView."""

    def __init__(self, parent: QWidget | None = None, scene: Scene | None = None) -> None:
        super().__init__(scene, parent)
        self.setMinimumSize(640, 400)

    def sizeHint(self) -> QSize:
        """1280 × 800, the size the chiếu is designed at."""
        return QSize(1280, 800)

    def draw_picture(self, scene: Scene, surface: pygame.Surface,
                     picture: ChieuView) -> HitMap:
        """The chiếu scene."""
        return scene.draw(surface, picture)

    def set_view(self, view: ChieuView | None) -> None:
        """Show `view` (None: the bare mat) from the next paint on."""
        self.set_picture(view)

    def view(self) -> ChieuView | None:
        """The view being shown."""
        return self.picture()
