"""The bare mat and a painter for the pictures of Học that are not a game in progress — the
dealing table, the card boards of the lessons — drawn with the chiếu's own mat, faces and
fonts (the caches of a Scene), so a lesson looks like the table it teaches for.
"""

from __future__ import annotations

from enum import StrEnum

from desktop.chieu.hitmap import HitMap
from desktop.chieu.paint import GOLD, Painter
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color

# These pictures are smaller than the chiếu (a side panel takes part of the window): they are
# designed for 1000 × 680 and scaled by the smaller ratio, like the chiếu's layout.
DESIGN_W, DESIGN_H = 1000, 680

GREEN: Color = (92, 200, 120)
RED_MARK: Color = (226, 70, 56)


class Mark(StrEnum):
    """How a seat, a pile or a group is marked: the learner's choice, then the verdict."""

    NONE = ""
    CHOSEN = "chosen"
    RIGHT = "right"
    WRONG = "wrong"


def begin(scene: Scene, surface: pygame.Surface) -> tuple[Painter, HitMap]:
    """The mat over the whole surface, and a painter recording into a fresh hit map."""
    width, height = surface.get_size()
    u = min(width / DESIGN_W, height / DESIGN_H)
    surface.blit(scene.mats.get(width, height, u), (0, 0))
    hits = HitMap((width, height))
    return Painter(surface, hits, u, scene.text, scene.art, scene.panels), hits


def mark_color(mark: Mark) -> Color | None:
    """The outline colour of a mark (None: unmarked)."""
    return {Mark.CHOSEN: GOLD, Mark.RIGHT: GREEN, Mark.WRONG: RED_MARK}.get(mark)
