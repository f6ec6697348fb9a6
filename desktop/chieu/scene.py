"""The chiếu as a pure function: `draw(surface, view) -> HitMap` (DESIGN: desktop/chieu/).

Draws one ChieuView onto an off-screen pygame Surface of any size — the mat, the four cửa,
the nọc and the quân cái, every player's plate and melds, the learner's hand in its canonical
groups (RULES R3.6), the prompts, the hội scoreboard and a card in flight — and returns what
was drawn where, for hit-testing. No SDL window, no game logic: the view says what is true.
"""

from __future__ import annotations

import math

from desktop.chieu import learner, table
from desktop.chieu.drawing import Drawing
from desktop.chieu.faces import RATIO, CardArt
from desktop.chieu.hitmap import HitMap
from desktop.chieu.layout import POSITIONS, SLOTS, Layout, card_size, make_layout
from desktop.chieu.mat import MatCache
from desktop.chieu.paint import GOLD, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import shared_text
from desktop.chieu.view import AnimKind, ChieuView


class Scene:
    """The caches one drawing process keeps: fonts, card faces, mats, panels, layouts."""

    def __init__(self) -> None:
        self.text = shared_text()
        self.art = CardArt(self.text)
        self.mats = MatCache()
        self.panels: dict[tuple[object, ...], pygame.Surface] = {}
        self._layouts: dict[tuple[int, int], Layout] = {}
        self._tables: dict[tuple[int, int, int], pygame.Surface] = {}

    def layout(self, width: int, height: int) -> Layout:
        """The (cached) layout of a surface size."""
        key = (width, height)
        found = self._layouts.get(key)
        if found is None:
            if len(self._layouts) > 8:
                self._layouts.clear()
            found = make_layout(width, height)
            self._layouts[key] = found
        return found

    def _table(self, layout: Layout, players: int) -> pygame.Surface:
        """The mat with the panels that never move (trays, plates, boards), drawn once."""
        key = (layout.width, layout.height, players)
        background = self._tables.get(key)
        if background is None:
            if len(self._tables) > 3:
                self._tables.clear()
            background = self.mats.get(layout.width, layout.height, layout.u).copy()
            p = Painter(background, HitMap(background.get_size()), layout.u, self.text,
                        self.art, {})
            p.panel(layout.scoreboard, alpha=165)
            p.panel(layout.turn, alpha=165)
            for slot in SLOTS[players]:
                p.panel(layout.slots[slot], alpha=60, radius=10)
            p.panel(layout.noc_stock, alpha=80, radius=10)
            p.panel(layout.noc_cai, alpha=80, radius=10)
            for position in {*POSITIONS[players]}:
                p.panel(layout.plates[position], alpha=185, radius=8)
            self._tables[key] = background
        return background

    def draw(self, surface: pygame.Surface, view: ChieuView) -> HitMap:
        """Draw `view` over the whole of `surface`; return what is where."""
        width, height = surface.get_size()
        layout = self.layout(width, height)
        hits = HitMap((width, height))
        surface.blit(self._table(layout, view.obs.players), (0, 0))
        painter = Painter(surface, hits, layout.u, self.text, self.art, self.panels)
        _draw_parts(Drawing(view, layout, painter))
        return hits


def _draw_parts(d: Drawing) -> None:
    """Every part, bottom layer first; the card in flight goes last, over everything."""
    table.scoreboard(d)
    table.turn_panel(d)
    for seat in range(d.obs.players):
        if seat != d.obs.seat:
            table.opponent(d, seat)
    for cua in range(d.obs.players):
        table.cua(d, cua)
    table.noc_and_cai(d)
    learner.my_plate(d)
    learner.my_mat(d)
    learner.prompts(d)
    learner.hand(d)
    table.outcome(d)
    flying_card(d)


def flying_card(d: Drawing) -> None:
    """The card of the view's animation, on its way from `src` to `dst` (eased)."""
    anim = d.anim
    if anim is None:
        return
    center = pygame.Rect(0, 0, *card_size(d.px(40)))
    center.center = d.layout.center.center
    src = _card_shaped(d.anchors.get(anim.src, center))
    dst = _card_shaped(d.anchors.get(anim.dst, center))
    t = _ease(max(0.0, min(1.0, anim.progress)))
    width = src.w + (dst.w - src.w) * t
    if anim.kind is AnimKind.WIN:  # the winning card rises a little on its way
        width += math.sin(math.pi * t) * d.px(12)
    rect = pygame.Rect(0, 0, *card_size(width))
    rect.center = (round(src.centerx + (dst.centerx - src.centerx) * t),
                   round(src.centery + (dst.centery - src.centery) * t))
    glow = GOLD if anim.kind in (AnimKind.WIN, AnimKind.CHIU) else None
    d.p.card(anim.card, rect, glow=glow)


def _card_shaped(rect: pygame.Rect) -> pygame.Rect:
    """The largest card that fits `rect`, centred in it (anchors may be plates or areas)."""
    card = pygame.Rect(0, 0, *card_size(min(rect.w, rect.h / RATIO)))
    card.center = rect.center
    return card


def _ease(t: float) -> float:
    """Ease-out cubic: fast away, gentle landing."""
    return 1 - (1 - t) ** 3


_scene: Scene | None = None


def draw(surface: pygame.Surface, view: ChieuView) -> HitMap:
    """Draw `view` onto `surface` with the process-wide caches; return the hit map."""
    global _scene
    if _scene is None:
        _scene = Scene()
    return _scene.draw(surface, view)
