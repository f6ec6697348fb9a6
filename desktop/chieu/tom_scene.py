"""The Tổ tôm chiếu as a pure function: `draw_tom(scene, surface, view) -> HitMap`.

Draws one TomView onto an off-screen pygame Surface of any size — the hội's scoreboard, whose
turn, the other four (or three) seats with their mats, the cửa round the nọc, or the cho cái's
ring, the learner's row and hand, and at the ù the judged arrangement — with the Chắn chiếu's
mat, faces, fonts and caches (a Scene), and returns what was drawn where for hit-testing.
"""

from __future__ import annotations

from desktop.chieu import tom_center, tom_hand, tom_table
from desktop.chieu.hitmap import HitMap
from desktop.chieu.paint import Painter
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.tom_drawing import TomDrawing
from desktop.chieu.tom_layout import TomLayout, make_tom_layout
from desktop.chieu.tom_view import TomView

_layouts: dict[tuple[int, int, int], TomLayout] = {}


def tom_layout(width: int, height: int, players: int) -> TomLayout:
    """The (cached) layout of a surface size and table."""
    key = (width, height, players)
    found = _layouts.get(key)
    if found is None:
        if len(_layouts) > 8:
            _layouts.clear()
        found = _layouts[key] = make_tom_layout(width, height, players)
    return found


def draw_tom(scene: Scene, surface: pygame.Surface, view: TomView) -> HitMap:
    """Draw `view` over the whole of `surface`; return what is where."""
    width, height = surface.get_size()
    layout = tom_layout(width, height, view.players)
    hits = HitMap((width, height))
    surface.blit(scene.mats.get(width, height, layout.u), (0, 0))
    painter = Painter(surface, hits, layout.u, scene.text, scene.art, scene.panels)
    d = TomDrawing(view, layout, painter)
    tom_table.scoreboard(d)
    tom_table.turn_panel(d)
    for place in range(1, view.players):
        tom_table.seat(d, place)
    if view.cho_cai is not None:
        tom_center.cho_cai(d)
    elif view.result is not None:  # the arrangement covers the cửa and the nọc
        tom_center.arrangement(d)
    else:
        for place in range(view.players):
            tom_table.cua(d, place)
        tom_table.noc(d)
    tom_hand.my_row(d)
    tom_hand.hand(d)
    return hits
