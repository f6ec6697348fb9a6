"""The dealing table (RULES R2.3–R2.8) drawn by pygame: the seats around, the deck, the five
piles in a ring in play order, the leftovers, the nọc, the quân cái turned up — what the game
chiếu, which starts once the cards are dealt, never shows.

A DealingView says what lies where and how each thing is marked; the lesson player builds it
from a drill's position and the learner's clicks. Nothing here knows a rule: which pile is the
nọc, who receives the cái pile, come in the view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from desktop.chieu.backdrop import Mark, begin, mark_color
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind, HitMap
from desktop.chieu.layout import POSITIONS, Position, card_size
from desktop.chieu.paint import CREAM, DIM, GOLD, PANEL, Painter
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color, Face
from engine.chan import Card

PILE_KEY = "pile"  # Hit(BUTTON, key=PILE_KEY, index=pile) is a click on a pile
BADGE_COLORS: dict[str, Color] = {"gold": (150, 104, 20), "green": (40, 120, 64),
                                  "red": (170, 38, 30), "dim": (92, 74, 52)}


@dataclass(frozen=True, slots=True)
class Badge:
    """A small pill on a seat's plate: "bốc cái", "được cái"."""

    text: str
    color: str = "gold"  # a key of BADGE_COLORS


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """A seat at the table: its plate, marks, and the face-down cards it holds."""

    name: str
    badges: tuple[Badge, ...] = ()
    mark: Mark = Mark.NONE
    stack: int = 0  # layers of face-down cards drawn beside the plate (0: none)
    note: str = ""  # at the right of the plate: "20 quân", "phần 3"


@dataclass(frozen=True, slots=True)
class PilePlace:
    """One of the five piles of the ring."""

    label: str  # "Phần 2"
    layers: int = 4  # how thick the stack is drawn
    face_up: Card | None = None  # the quân cái turned up on it
    tag: str = ""  # under the label, a line each: "Nọc", "Phần cái\ncho Ghế 1"
    mark: Mark = Mark.NONE
    dim: bool = False  # set aside (R2.7)


@dataclass(frozen=True, slots=True)
class DealingView:
    """Everything the dealing table shows."""

    seats: tuple[SeatPlace, ...]
    piles: tuple[PilePlace, ...] = ()  # empty: not dealt yet
    leftover: int = 0  # cards lying apart from the piles (R2.3)
    leftover_label: str = ""
    deck: int = 0  # layers of the undealt deck in the middle (0: none)
    deck_label: str = ""
    shown: Card | None = None  # a card shown face up in the middle (bốc cái)
    shown_label: str = ""
    countdown: float | None = None  # fraction of the time left (timed drills)
    countdown_label: str = ""
    direction: str = ""  # when set, arrows round the middle show the play order, so labelled
    hovered: Hit | None = None


def draw(scene: Scene, surface: pygame.Surface, view: DealingView) -> HitMap:
    """Draw the table; return what was drawn where."""
    p, hits = begin(scene, surface)
    width, height = surface.get_size()
    players = len(view.seats)
    plate_w, plate_h = p.px(220), p.px(62)
    margin = p.px(10)
    center = pygame.Rect(margin, margin + plate_h + margin, width - 2 * margin,
                         height - 2 * (2 * margin + plate_h))
    if players > 2:  # side seats take the left and right edges
        center = center.inflate(-2 * (plate_w + margin), 0)
    for seat, place in enumerate(view.seats):
        _seat(p, view, seat, place, POSITIONS[players][seat], (width, height),
              (plate_w, plate_h))
    if view.piles:
        _ring(p, view, center)
    if view.direction:
        _play_order(p, view.direction, center)
    _middle(p, view, center)
    if view.countdown is not None:
        _countdown(p, view, pygame.Rect(margin, margin, p.px(220), p.px(44)))
    return hits


def _seat(p: Painter, view: DealingView, seat: int, place: SeatPlace, position: Position,
          size: tuple[int, int], plate_size: tuple[int, int]) -> None:
    width, height = size
    plate_w, plate_h = plate_size
    margin = p.px(10)
    plate = pygame.Rect(0, 0, plate_w, plate_h)
    if position is Position.BOTTOM:
        plate.midbottom = (width // 2, height - margin)
    elif position is Position.TOP:
        plate.midtop = (width // 2, margin)
    elif position is Position.LEFT:
        plate.midleft = (margin, height // 2)
    else:
        plate.midright = (width - margin, height // 2)
    hit = Hit(HitKind.SEAT, seat=seat)
    outline = mark_color(place.mark)
    if outline is None and view.hovered == hit:
        outline = CREAM
    p.panel(plate, alpha=200, radius=10, outline=outline)
    area = plate.copy()
    # the face-down cards it holds: beside the plate at the top and bottom, under it at the sides
    if place.stack:
        cw, ch = card_size(p.px(18))
        lift = max(1, p.px(2))
        if position in (Position.BOTTOM, Position.TOP):
            at = pygame.Rect(plate.right + p.px(12), plate.centery - ch // 2, cw, ch)
            at.y = min(at.y, height - margin - ch) if position is Position.BOTTOM else max(
                at.y, margin)
        else:
            at = pygame.Rect(plate.centerx - cw // 2, plate.bottom + p.px(10), cw, ch)
        for k in range(min(place.stack, 6)):
            p.card(None, at.move(lift * k, -lift * k), shadow=k == 0)
        area = area.union(at.inflate(lift * 6, lift * 6))
    p.hits.add((area.x, area.y, area.w, area.h), hit)
    pad = p.px(10)
    line = pygame.Rect(plate.x + pad, plate.y + p.px(4), plate.w - 2 * pad, p.px(26))
    p.label(place.name, Face.SANS_BOLD, 17, GOLD if place.mark is Mark.CHOSEN else CREAM,
            line, "midleft", role="seat")
    low = pygame.Rect(line.x, plate.bottom - p.px(28), line.w, p.px(24))
    x = low.x
    for badge in place.badges:
        pill = p.badge(badge.text, (x, low.centery), BADGE_COLORS.get(badge.color, PANEL), 11,
                       role="seat_badge", anchor="midleft")
        x = pill.right + p.px(6)
    if place.note:
        p.label(place.note, Face.SANS, 13, DIM, pygame.Rect(x, low.y, low.right - x, low.h),
                "midright", role="seat_note")


def pile_centers(center: pygame.Rect, card_h: int, label_h: int) -> list[tuple[int, int]]:
    """Where the five piles lie: a ring in play order, pile 0 nearest the bottom seat, the
    next ones going right, up, left — the way play passes on the screen (R2.1, R2.3)."""
    rx = max(0, center.w // 2 - card_h // 3)
    ry = max(0, (center.h - card_h - label_h) // 2)
    cy = center.centery - label_h // 2
    out = []
    for k in range(5):
        angle = math.radians(90 - 72 * k)  # screen y grows downwards: decreasing = to the right
        out.append((round(center.centerx + rx * math.cos(angle) * 0.82),
                    round(cy + ry * math.sin(angle))))
    return out


def _pile_card(p: Painter, center: pygame.Rect) -> tuple[int, int]:
    return card_size(min(p.px(40), center.h * 0.21 / RATIO))


def _ring(p: Painter, view: DealingView, center: pygame.Rect) -> None:
    cw, ch = _pile_card(p, center)
    # under each pile: its name and up to two lines of tags
    label_h = 3 * p.text.font(Face.SANS_BOLD, p.font_px(14)).get_linesize() + p.px(8)
    lift = max(1, p.px(2))
    for k, (pile, (x, y)) in enumerate(zip(view.piles, pile_centers(center, ch, label_h),
                                           strict=False)):
        hit = Hit(HitKind.BUTTON, key=PILE_KEY, index=k)
        layers = max(1, min(pile.layers, 6))
        base = pygame.Rect(0, 0, cw, ch)
        base.center = (x - lift * (layers - 1) // 2, y + lift * (layers - 1) // 2)
        top = base.move(lift * (layers - 1), -lift * (layers - 1))
        stack = base.union(top)
        outline = mark_color(pile.mark)
        if outline is not None:
            p.glow(stack, outline)
        for j in range(layers):
            at = base.move(lift * j, -lift * j)
            face = pile.face_up if j == layers - 1 else None
            p.card(face, at, shadow=j == 0)
        if pile.dim:
            shade = pygame.Surface(stack.size, pygame.SRCALPHA)
            shade.fill((30, 20, 10, 130))
            p.surface.blit(shade, stack.topleft)
        if outline is not None:
            p.outline(stack, outline, 2.5)
        elif view.hovered == hit:
            p.outline(stack, CREAM, 1.5)
        lines = [(pile.label, CREAM, "pile")] + [(t, GOLD, "pile_tag")
                                                 for t in pile.tag.split("\n") if t]
        line_h = p.text.font(Face.SANS_BOLD, p.font_px(14)).get_linesize()
        widest = max(p.measure(t, Face.SANS_BOLD, 14, p.px(190)) for t, _, _ in lines)
        tag = pygame.Rect(0, 0, widest + p.px(16), line_h * len(lines) + p.px(4))
        tag.midtop = (x, stack.bottom + p.px(4))
        p.panel(tag, alpha=170, radius=8)
        for j, (text, color, role) in enumerate(lines):
            p.label(text, Face.SANS_BOLD, 14, color,
                    pygame.Rect(tag.x + p.px(4), tag.y + p.px(2) + j * line_h,
                                tag.w - p.px(8), line_h), role=role)
        area = stack.union(tag)
        p.hits.add((area.x, area.y, area.w, area.h), hit)


def _middle(p: Painter, view: DealingView, center: pygame.Rect) -> None:
    """The deck, the leftovers or the card shown, in the middle of the ring."""
    cx, cy = center.center
    if view.piles:
        cy -= p.px(30)
    both = bool(view.deck) and view.shown is not None  # side by side
    if view.deck:
        cx -= p.px(90) if both else 0
        cw, ch = card_size(p.px(54))
        lift = max(1, p.px(2))
        base = pygame.Rect(0, 0, cw, ch)
        base.center = (cx, cy)
        for k in range(min(view.deck, 10)):
            p.card(None, base.move(lift * k, -lift * k), shadow=k == 0)
        _caption(p, view.deck_label, (cx, base.bottom + p.px(4)))
        cx += p.px(180) if both else 0
    if view.leftover:
        cw, ch = card_size(p.px(26))
        step = round(cw * 0.55)
        total = cw + step * (view.leftover - 1)
        x0 = cx - total // 2
        y = cy - ch // 2
        for k in range(view.leftover):
            p.card(None, pygame.Rect(x0 + k * step, y, cw, ch), shadow=k == 0)
        _caption(p, view.leftover_label, (cx, y + ch + p.px(4)))
    if view.shown is not None:
        cw, ch = card_size(min(p.px(74), center.h * 0.62 / RATIO))
        card = pygame.Rect(0, 0, cw, ch)
        card.center = (cx, center.centery - p.px(10))
        p.card(view.shown, card, glow=GOLD)
        _caption(p, view.shown_label, (cx, card.bottom + p.px(6)))


def _play_order(p: Painter, label: str, center: pygame.Rect) -> None:
    """Arrows round the middle in play order: on the screen play passes bottom → right → top →
    left, the learner's right-hand neighbour sitting on the right (R2.1)."""
    rx, ry = center.w * 0.36, center.h * 0.36
    cx, cy = center.center
    width = max(1, p.px(2.5))

    def at(degrees: float) -> tuple[float, float]:
        a = math.radians(degrees)
        return cx + rx * math.cos(a), cy + ry * math.sin(a)

    for k in range(8):
        start = 90 - 45 * k - 6
        points = [at(start - j * 4) for j in range(9)]
        pygame.draw.lines(p.surface, GOLD, False, points, width)
        (x1, y1), (x2, y2) = points[-2], points[-1]
        angle = math.atan2(y2 - y1, x2 - x1)
        size = p.px(9)
        left = (x2 - size * math.cos(angle - 0.5), y2 - size * math.sin(angle - 0.5))
        right = (x2 - size * math.cos(angle + 0.5), y2 - size * math.sin(angle + 0.5))
        pygame.draw.polygon(p.surface, GOLD, [(x2, y2), left, right])
    _caption(p, label, (round(cx + rx * 0.72), round(cy + ry * 0.72)))


def _caption(p: Painter, text: str, top: tuple[int, int]) -> None:
    if not text:
        return
    box = pygame.Rect(0, 0, p.px(260), p.px(24))
    box.midtop = top
    width = p.measure(text, Face.SANS_BOLD, 14, box.w)
    pill = pygame.Rect(0, 0, width + p.px(16), box.h)
    pill.center = box.center
    p.panel(pill, alpha=190, radius=9)
    p.label(text, Face.SANS_BOLD, 14, CREAM, pill.inflate(-p.px(8), 0), role="caption")


def _countdown(p: Painter, view: DealingView, rect: pygame.Rect) -> None:
    """The time left of a timed drill: a bar that empties, and the seconds."""
    p.panel(rect, alpha=190, radius=8)
    inner = rect.inflate(-p.px(16), -p.px(10))
    p.label(view.countdown_label, Face.SANS_BOLD, 14, CREAM,
            pygame.Rect(inner.x, inner.y, inner.w, inner.h - p.px(10)), "midleft",
            role="countdown")
    track = pygame.Rect(inner.x, inner.bottom - p.px(7), inner.w, p.px(7))
    pygame.draw.rect(p.surface, PANEL, track, border_radius=track.h // 2)
    left = max(0.0, min(1.0, view.countdown or 0.0))
    done = track.copy()
    done.w = round(track.w * left)
    if done.w:
        color = GOLD if left > 0.25 else BADGE_COLORS["red"]
        pygame.draw.rect(p.surface, color, done, border_radius=track.h // 2)
