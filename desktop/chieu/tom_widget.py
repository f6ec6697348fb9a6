"""The Qt host of the Tổ tôm chiếu: the chiếu widget's frame sharing, HiDPI drawing and hit
testing (PictureWidget), showing TomViews. A controller gives it views (`set_view`) and
listens to `clicked` and `hovered`; a hit's Tổ tôm card is in `Hit.tom`."""

from __future__ import annotations

from desktop.chieu.hitmap import HitMap
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.tom_scene import draw_tom
from desktop.chieu.tom_view import TomView
from desktop.chieu.widget import PictureWidget
from desktop.qt import QSize, QWidget


class TomWidget(PictureWidget[TomView]):
    """The Tổ tôm chiếu: shows a TomView."""

    def __init__(self, parent: QWidget | None = None, scene: Scene | None = None) -> None:
        super().__init__(scene, parent)
        self.setMinimumSize(640, 400)

    def sizeHint(self) -> QSize:
        """1280 × 800, the size the chiếu is designed at."""
        return QSize(1280, 800)

    def draw_picture(self, scene: Scene, surface: pygame.Surface, picture: TomView) -> HitMap:
        """The Tổ tôm scene."""
        return draw_tom(scene, surface, picture)

    def set_view(self, view: TomView | None) -> None:
        """Show `view` (None: the bare mat) from the next paint on."""
        self.set_picture(view)

    def view(self) -> TomView | None:
        """The view being shown."""
        return self.picture()
