"""The Qt host of Học's pictures: the game chiếu (a ChieuView), the dealing table and the card
board, each drawn by pygame into one buffer that a QImage shares, with clicks turned into Hits.

The frame sharing, HiDPI drawing and hit testing are desktop/chieu/widget.py's PictureWidget,
which the chiếu widget shares.
"""

from __future__ import annotations

from desktop.chieu import board, dealing
from desktop.chieu.board import BoardView
from desktop.chieu.dealing import DealingView
from desktop.chieu.hitmap import HitKind, HitMap
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.view import ChieuView
from desktop.chieu.widget import PictureWidget
from desktop.learn.veil import VeiledBoard, draw_veiled
from desktop.qt import QSize, QWidget

Picture = ChieuView | DealingView | BoardView | VeiledBoard
ACTIVE = frozenset({HitKind.HAND, HitKind.BUTTON, HitKind.SEAT})


def draw_picture(scene: Scene, surface: pygame.Surface, picture: Picture) -> HitMap:
    """Draw any of Học's pictures onto `surface`."""
    if isinstance(picture, ChieuView):
        return scene.draw(surface, picture)
    if isinstance(picture, DealingView):
        return dealing.draw(scene, surface, picture)
    if isinstance(picture, VeiledBoard):
        return draw_veiled(scene, surface, picture)
    return board.draw(scene, surface, picture)


class Canvas(PictureWidget[Picture]):
    """Shows a Picture; emits `clicked(Hit)` and `hovered(Hit | None)`."""

    active = ACTIVE

    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setMinimumSize(360, 260)

    def sizeHint(self) -> QSize:
        """The size the pictures are designed at."""
        return QSize(1000, 680)

    def draw_picture(self, scene: Scene, surface: pygame.Surface, picture: Picture) -> HitMap:
        """Any of Học's pictures."""
        return draw_picture(scene, surface, picture)
