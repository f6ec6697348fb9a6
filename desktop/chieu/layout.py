"""Where everything goes on a surface of any size: regions, seats, cửa slots, card flows.

Sizes are designed for 1280 × 800 and scaled by one unit `u` (the smaller of the two ratios),
so a 2560 × 1600 HiDPI surface is the same picture at twice the pixels and a wider or taller
window gives the extra room to the middle of the chiếu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from desktop.chieu.faces import RATIO
from desktop.chieu.sdl import pygame

DESIGN_W, DESIGN_H = 1280, 800
MARGIN = 8
SIDE = 248  # width of the side columns
TOP = 134  # height of the top band
ROW = 98  # height of the learner's row (plate, mat, prompts)
HAND_LABEL = 22
HAND_RAISE = 12
HAND_CARDS = 158  # tallest hand card
GAP = 8
NOC_COLUMN = 96
STEP = 0.62  # how much of a card shows when the next one overlaps it
# a meld on the mat: its cards side by side, never over each other's names (issue 20: "Nh
# sác" where a pair overlapped); a chíu's four identical cards as a stack, only the top one
# whole and the three under it showing their edges (it was squashed into slivers)
MELD_STEP = 1.0
CHIU_STEP = 0.12


class Position(StrEnum):
    """Where a seat sits on the screen, seen by the learner at the bottom."""

    BOTTOM = "bottom"
    RIGHT = "right"
    TOP = "top"
    LEFT = "left"


# Play passes to the right (R2.1): the learner's right-hand neighbour sits on the right.
POSITIONS: dict[int, tuple[Position, ...]] = {
    2: (Position.BOTTOM, Position.TOP),
    3: (Position.BOTTOM, Position.RIGHT, Position.LEFT),
    4: (Position.BOTTOM, Position.RIGHT, Position.TOP, Position.LEFT),
}


class Slot(StrEnum):
    """Where a cửa pile lies: between the two seats it joins (R2.2)."""

    BOTTOM_RIGHT = "br"
    TOP_RIGHT = "tr"
    TOP_LEFT = "tl"
    BOTTOM_LEFT = "bl"
    TOP_MIDDLE = "tm"


SLOTS: dict[int, tuple[Slot, ...]] = {
    2: (Slot.BOTTOM_RIGHT, Slot.TOP_LEFT),
    3: (Slot.BOTTOM_RIGHT, Slot.TOP_MIDDLE, Slot.BOTTOM_LEFT),
    4: (Slot.BOTTOM_RIGHT, Slot.TOP_RIGHT, Slot.TOP_LEFT, Slot.BOTTOM_LEFT),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """The regions of one surface size, in surface pixels."""

    width: int
    height: int
    u: float
    scoreboard: pygame.Rect
    turn: pygame.Rect
    seats: dict[Position, pygame.Rect]  # an opponent's plate + mat (+ open hand)
    center: pygame.Rect
    noc_stock: pygame.Rect  # the nọc column: the stock above,
    noc_cai: pygame.Rect  # the quân cái below
    plates: dict[Position, pygame.Rect]  # name plates (the learner's: BOTTOM)
    slots: dict[Slot, pygame.Rect]
    plate: pygame.Rect  # the learner's name plate and the message under it
    mat: pygame.Rect  # the learner's melds
    prompts: pygame.Rect
    hand: pygame.Rect


@dataclass(frozen=True, slots=True)
class Bands:
    """The bands of a chiếu in design units, for a surface scaled by `u` (either game): the top
    band, the middle between the side columns, the learner's row, the hand."""

    u: float
    W: float  # the design-space size
    H: float
    hand_top: float
    row_top: float
    mid_top: float
    mid_h: float
    mid_x: float
    mid_w: float
    right_x: float

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A design-space rectangle in surface pixels."""
        u = self.u
        left, top = round(x * u), round(y * u)
        return pygame.Rect(left, top, round((x + w) * u) - left, round((y + h) * u) - top)


def bands(width: int, height: int, top: float, row: float, hand: float) -> Bands:
    """The bands of a `width` × `height` surface with a top band `top`, a learner's row `row`
    and a hand `hand` high (design units)."""
    u = min(width / DESIGN_W, height / DESIGN_H)
    W, H = width / u, height / u
    m = MARGIN
    hand_top = H - m - hand
    row_top = hand_top - GAP / 2 - row
    mid_top = m + top + 6
    return Bands(u=u, W=W, H=H, hand_top=hand_top, row_top=row_top, mid_top=mid_top,
                 mid_h=row_top - GAP - mid_top, mid_x=m + SIDE + GAP,
                 mid_w=W - 2 * (m + SIDE + GAP), right_x=W - m - SIDE)


def make_layout(width: int, height: int) -> Layout:
    """The layout of a `width` × `height` surface."""
    b = bands(width, height, TOP, ROW, HAND_LABEL + HAND_CARDS + HAND_RAISE)
    u, W, H, rect = b.u, b.W, b.H, b.rect
    m = MARGIN
    hand_top, row_top, mid_top, mid_h = b.hand_top, b.row_top, b.mid_top, b.mid_h
    mid_x, mid_w = b.mid_x, b.mid_w
    half_w = (mid_w - NOC_COLUMN) / 2 - GAP
    half_h = (mid_h - GAP) / 2
    right_x = b.right_x
    plate_h = 28
    top_plate_w = min(mid_w, 380)
    return Layout(
        width=width, height=height, u=u,
        scoreboard=rect(m, m, SIDE, TOP),
        turn=rect(right_x, m, SIDE, TOP),
        seats={
            Position.TOP: rect(mid_x, m, mid_w, TOP),
            Position.LEFT: rect(m, mid_top, SIDE, mid_h),
            Position.RIGHT: rect(right_x, mid_top, SIDE, mid_h),
        },
        center=rect(mid_x, mid_top, mid_w, mid_h),
        noc_stock=rect(mid_x + half_w + GAP, mid_top, NOC_COLUMN, mid_h / 2 - GAP / 2),
        noc_cai=rect(mid_x + half_w + GAP, mid_top + mid_h / 2 + GAP / 2, NOC_COLUMN,
                     mid_h / 2 - GAP / 2),
        plates={
            Position.TOP: rect(W / 2 - top_plate_w / 2, m, top_plate_w, plate_h),
            Position.LEFT: rect(m, mid_top, SIDE, plate_h),
            Position.RIGHT: rect(right_x, mid_top, SIDE, plate_h),
            Position.BOTTOM: rect(m, row_top, SIDE, plate_h),
        },
        slots={
            Slot.TOP_LEFT: rect(mid_x, mid_top, half_w, half_h),
            Slot.TOP_RIGHT: rect(W - mid_x - half_w, mid_top, half_w, half_h),
            Slot.BOTTOM_LEFT: rect(mid_x, mid_top + half_h + GAP, half_w, half_h),
            Slot.BOTTOM_RIGHT: rect(W - mid_x - half_w, mid_top + half_h + GAP, half_w, half_h),
            Slot.TOP_MIDDLE: rect(mid_x, m, mid_w, TOP),
        },
        plate=rect(m, row_top, SIDE, ROW),
        mat=rect(mid_x, row_top, mid_w, ROW),
        prompts=rect(right_x, row_top, SIDE, ROW),
        hand=rect(m, hand_top, W - 2 * m, H - m - hand_top),
    )


def card_size(width: float) -> tuple[int, int]:
    """A card's pixel size for a (fractional) width."""
    w = max(6, int(width))
    return w, round(w * RATIO)


def fan_width(cards: int, width: int, step: float = STEP) -> int:
    """Width of `cards` cards of `width` overlapping so that `step` of each shows."""
    return width + round((cards - 1) * step * width) if cards else 0


@dataclass(frozen=True, slots=True)
class Flow:
    """Items placed left to right in rows: each item's rect, and the card size used."""

    card: tuple[int, int]
    rects: tuple[pygame.Rect, ...]


def flow(area: pygame.Rect, widths: Sequence[Callable[[int], int]], cap: float, floor: float,
         gap: int, center: bool = False,
         heights: Sequence[Callable[[int], int]] | None = None) -> Flow:
    """Place items (their widths a function of the card width) in rows inside `area`.

    The card width is the largest from `cap` down to `floor` at which every item fits; at
    `floor` the rows that do not fit run past the bottom (the caller keeps `floor` small).
    Items are one card high unless `heights` says otherwise (a Tổ tôm run stands upright);
    a row is as high as its highest item.
    """
    width = max(6, int(cap))
    while True:
        card = card_size(width)
        tall = [h(card[0]) for h in heights] if heights is not None else None
        rects = _rows(area, [w(card[0]) for w in widths], card[1], gap, tall=tall)
        if rects is not None or width <= floor:
            break
        width -= 1
    if rects is None:
        rects = _rows(area, [w(card[0]) for w in widths], card[1], gap, force=True,
                      tall=tall) or []
    if center and rects:
        rects = _centered(area, rects)
    return Flow(card, tuple(rects))


def _rows(area: pygame.Rect, widths: list[int], height: int, gap: int, force: bool = False,
          tall: list[int] | None = None) -> list[pygame.Rect] | None:
    x, y = area.x, area.y
    row_h = 0
    out: list[pygame.Rect] = []
    for k, w in enumerate(widths):
        h = height if tall is None else tall[k]
        if x > area.x and x + w > area.right:
            x, y = area.x, y + row_h + gap
            row_h = 0
        if not force and (y + h > area.bottom or x + w > area.right):
            return None
        out.append(pygame.Rect(x, y, w, h))
        row_h = max(row_h, h)
        x += w + gap
    return out


def _centered(area: pygame.Rect, rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Shift each row so that it is centred in `area`."""
    out: list[pygame.Rect] = []
    row: list[pygame.Rect] = []
    for r in [*rects, None]:
        if r is None or (row and r.y != row[0].y):
            shift = (area.right - row[-1].right - (row[0].x - area.x)) // 2
            out.extend(x.move(shift, 0) for x in row)
            row = []
        if r is not None:
            row.append(r)
    return out
