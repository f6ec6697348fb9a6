"""A card board drawn by pygame: labelled shelves of card groups and a row of hand cards, with
an optional headline — for what the game chiếu does not show: a hand not yet arranged (the
learner sorts it into chắn, cạ, ba đầu, què, RULES R3.6), a lesson's figure (a hand and its
waits, a meld laid trái vỉ, a rule's card, a call as spoken).

Like the chiếu it is a pure function of its view; the shelves' contents come in the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from desktop.chieu.backdrop import Mark, begin, mark_color
from desktop.chieu.faces import RATIO, AnyCard
from desktop.chieu.hitmap import Hit, HitKind, HitMap
from desktop.chieu.layout import Flow, card_size, flow
from desktop.chieu.paint import CREAM, DIM, GOLD, Painter
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from engine.chan import Card

OVERLAP = 0.5  # how much of a meld's card shows under the next one


@dataclass(frozen=True, slots=True)
class Shelf:
    """A labelled panel of card groups; a click on a group is Hit(BUTTON, key, index)."""

    key: str
    title: str
    groups: tuple[tuple[AnyCard, ...], ...] = ()  # Chắn's cards or Tổ tôm's (its lessons)
    notes: tuple[str, ...] = ()  # one short text under each group ("còn 2")
    marks: tuple[Mark, ...] = ()  # one per group
    overlap: bool = False  # groups are melds: each card half over the one before
    empty: str = ""  # said when there is no group
    center: bool = False  # a figure: a few large cards in the middle of the panel


@dataclass(frozen=True, slots=True)
class Plaque:
    """A named thing without cards (a cước of a call): a title and a note under it."""

    title: str
    note: str = ""
    mark: Mark = Mark.NONE


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the board shows."""

    shelves: tuple[Shelf, ...] = ()
    row: tuple[AnyCard, ...] = ()  # hand cards along the bottom: Hit(HAND, card, index)
    row_title: str = ""
    raised: frozenset[int] = field(default_factory=frozenset)  # row indices lifted (chosen)
    cursor: int | None = None  # the row index the keyboard is on
    headline: str = ""
    lines: tuple[str, ...] = ()
    plaques: tuple[Plaque, ...] = ()  # in a column under the headline, in order
    hovered: Hit | None = None


def draw(scene: Scene, surface: pygame.Surface, view: BoardView) -> HitMap:
    """Draw the board; return what was drawn where."""
    p, hits = begin(scene, surface)
    width, height = surface.get_size()
    margin = p.px(12)
    area = pygame.Rect(margin, margin, width - 2 * margin, height - 2 * margin)
    if view.headline or view.lines:
        top = _headline(p, view, area)
        area = pygame.Rect(area.x, top.bottom + margin, area.w, area.bottom - top.bottom - margin)
    if view.row:
        row_h = min(p.px(220), area.h // 2 if view.shelves else area.h)
        row = pygame.Rect(area.x, area.bottom - row_h, area.w, row_h)
        _row(p, view, row)
        area = pygame.Rect(area.x, area.y, area.w, row.y - margin - area.y)
    if view.shelves and area.h > 0:
        _shelves(p, view, area)
    if view.plaques and area.h > 0:
        _plaques(p, view.plaques, area)
    return hits


def _plaques(p: Painter, plaques: tuple[Plaque, ...], area: pygame.Rect) -> None:
    """The plaques one under the other, centred, as tall as the room allows."""
    gap = p.px(8)
    height = min(p.px(58), (area.h - gap * (len(plaques) - 1)) // len(plaques))
    width = min(area.w, p.px(520))
    y = area.y + max(0, (area.h - len(plaques) * (height + gap) + gap) // 2)
    for plaque in plaques:
        rect = pygame.Rect(area.centerx - width // 2, y, width, height)
        p.panel(rect, alpha=200, radius=10, outline=mark_color(plaque.mark))
        inner = rect.inflate(-p.px(24), -p.px(6))
        title_h = inner.h * 3 // 5 if plaque.note else inner.h
        p.label(plaque.title, Face.SANS_BOLD, 20, GOLD,
                pygame.Rect(inner.x, inner.y, inner.w, title_h), "midleft", role="plaque",
                min_size=10)
        if plaque.note:
            p.label(plaque.note, Face.SANS, 14, CREAM,
                    pygame.Rect(inner.x, inner.y + title_h, inner.w, inner.h - title_h),
                    "midleft", role="plaque_note", min_size=8)
        y += height + gap


def _headline(p: Painter, view: BoardView, area: pygame.Rect) -> pygame.Rect:
    pad = p.px(12)
    big = p.text.font(Face.SANS_BOLD, p.font_px(24)).get_linesize() if view.headline else 0
    small = p.text.font(Face.SANS, p.font_px(15)).get_linesize()
    wrapped = sum(max(1, math.ceil(p.measure(line, Face.SANS, 15, 10**6) / max(
        1, area.w - 2 * pad))) for line in view.lines)
    rect = pygame.Rect(area.x, area.y, area.w,
                       min(area.h // 2, 2 * pad + big + wrapped * small + p.px(4)))
    p.panel(rect, alpha=200, radius=10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y
    if view.headline:
        p.label(view.headline, Face.SANS_BOLD, 24, GOLD, pygame.Rect(inner.x, y, inner.w, big),
                "midleft", role="headline", min_size=12)
        y += big + p.px(4)
    if view.lines:
        p.wrap("\n".join(view.lines), Face.SANS, 15, CREAM,
               pygame.Rect(inner.x, y, inner.w, inner.bottom - y), role="line")
    return rect


def _row(p: Painter, view: BoardView, rect: pygame.Rect) -> None:
    """The hand cards along the bottom, the chosen ones lifted."""
    n = len(view.row)
    title_h = p.px(24) if view.row_title else 0
    lift = p.px(16)
    gap = p.px(3)
    room_h = rect.h - title_h - lift - p.px(6)
    cw, ch = card_size(min((rect.w - gap * (n - 1)) / n, room_h / RATIO, p.px(60)))
    total = n * cw + (n - 1) * gap
    x0 = rect.x + (rect.w - total) // 2
    base_y = rect.bottom - ch - p.px(12)
    if view.row_title:
        room = max(total, p.px(300))
        text_w = p.measure(view.row_title, Face.SANS_BOLD, 15, room)
        pill = pygame.Rect(x0, base_y - lift - title_h - p.px(2), text_w + p.px(16), title_h)
        p.panel(pill, alpha=190, radius=8)
        p.label(view.row_title, Face.SANS_BOLD, 15, CREAM, pill.inflate(-p.px(8), 0),
                role="row_title")
    for k, card in enumerate(view.row):
        at = pygame.Rect(x0 + k * (cw + gap), base_y, cw, ch)
        hit = Hit(HitKind.HAND, card=card, index=k) if isinstance(card, Card) else \
            Hit(HitKind.HAND, index=k, tom=card)  # a Tổ tôm card (Hit.tom)
        if k in view.raised:
            at.y -= lift
        elif view.hovered == hit:
            at.y -= lift // 3
        p.card(card, at, hit, glow=GOLD if k in view.raised else None)
        if k == view.cursor:  # the keyboard's place: an outline and a caret under the card
            p.outline(at, CREAM, 2.5)
            tip = (at.centerx, at.bottom + p.px(3))
            size = p.px(6)
            pygame.draw.polygon(p.surface, CREAM, [tip, (tip[0] - size, tip[1] + size),
                                                   (tip[0] + size, tip[1] + size)])


def _shelves(p: Painter, view: BoardView, area: pygame.Rect) -> None:
    """The shelves in a grid, every card the same size (the largest that fits them all)."""
    n = len(view.shelves)
    cols = 1 if n == 1 else 2
    rows = math.ceil(n / cols)
    gap = p.px(10)
    w = (area.w - gap * (cols - 1)) // cols
    h = (area.h - gap * (rows - 1)) // rows
    rects = []
    for k in range(n):
        r, c = divmod(k, cols)
        wide = cols == 2 and k == n - 1 and n % 2 == 1  # a last shelf alone takes the row
        rects.append(pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap),
                                 area.w if wide else w, h))
    cap = min((_fit(p, shelf, rect)[0].card[0] for shelf, rect in zip(view.shelves, rects,
                                                                         strict=True)
               if shelf.groups), default=0)
    for shelf, rect in zip(view.shelves, rects, strict=True):
        _shelf(p, view, shelf, rect, cap)


def _group_width(cards: int, overlap: bool) -> Callable[[int], int]:
    def width(cw: int) -> int:
        if overlap:
            return cw + round((cards - 1) * OVERLAP * cw)
        return cards * cw + (cards - 1) * 2
    return width


def _fit(p: Painter, shelf: Shelf, rect: pygame.Rect, cap: int = 0
         ) -> tuple[Flow, pygame.Rect, int]:
    """The groups of a shelf flowed into its panel: cards no wider than `cap` (or the
    shelf's own limit), the inner area, the height kept for the notes."""
    pad = p.px(10)
    note_h = p.px(20) if shelf.notes else 0
    top = rect.y + p.px(32)
    inner = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - top - pad - note_h)
    widths = [_group_width(len(g), shelf.overlap) for g in shelf.groups]
    limit = cap or p.px(110 if shelf.center else 60)
    laid = flow(inner, widths, cap=min(inner.h / RATIO, limit), floor=p.px(10),
                gap=max(p.px(12), note_h + p.px(4)), center=shelf.center)
    return laid, inner, note_h


def _shelf(p: Painter, view: BoardView, shelf: Shelf, rect: pygame.Rect, cap: int) -> None:
    p.panel(rect, alpha=120, radius=10)
    pad = p.px(10)
    title = pygame.Rect(rect.x + pad, rect.y + p.px(4), rect.w - 2 * pad, p.px(24))
    p.label(shelf.title, Face.SANS_BOLD, 15, GOLD, title, "midleft", role="shelf")
    if not shelf.groups:
        if shelf.empty:
            inner = rect.inflate(-2 * pad, -2 * pad).move(0, p.px(12))
            p.label(shelf.empty, Face.SANS, 14, DIM, inner, role="shelf_empty")
        return
    laid, inner, note_h = _fit(p, shelf, rect, cap)
    cw, ch = laid.card
    boxes = list(laid.rects)
    if shelf.center and boxes:
        used = max(b.bottom for b in boxes) - inner.y + note_h
        boxes = [b.move(0, max(0, (inner.h + note_h - used) // 2)) for b in boxes]
    for g, (group, box) in enumerate(zip(shelf.groups, boxes, strict=False)):
        hit = Hit(HitKind.BUTTON, key=shelf.key, index=g)
        mark = shelf.marks[g] if g < len(shelf.marks) else Mark.NONE
        color = mark_color(mark)
        if color is not None:
            p.glow(box, color)
        elif view.hovered == hit:
            p.outline(box, CREAM, 1.5)
        step = round(OVERLAP * cw) if shelf.overlap else cw + 2
        for j, card in enumerate(group):
            p.card(card, pygame.Rect(box.x + j * step, box.y, cw, ch), shadow=j == 0)
        p.hits.add((box.x, box.y, box.w, box.h), hit)
        if g < len(shelf.notes) and shelf.notes[g]:
            p.label(shelf.notes[g], Face.SANS_BOLD, 12, CREAM,
                    pygame.Rect(box.x - p.px(10), box.bottom + p.px(2), box.w + p.px(20), note_h),
                    role="group_note", min_size=8)
