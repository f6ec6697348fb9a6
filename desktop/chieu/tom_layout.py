"""Where everything of the Tổ tôm chiếu goes, for five seats or four (TOTOM T2.1).

Designed for 1280 × 800 and scaled by one unit `u` like Chắn's layout (layout.py): the
learner's row and hand along the bottom, the scoreboard and the turn in the top corners, the
other seats round the table in play order — play passes to the right (T2.1), so the next
seat sits on the learner's right, then the two (or one) across the top, then the left — and
in the middle the cửa, each between the two seats it joins (T2.2), round the nọc.

Places are relative to the learner: place k is seat `learner + k`, and cửa place k is that
seat's cửa dưới.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.chieu.layout import GAP, MARGIN, SIDE, bands
from desktop.chieu.sdl import pygame

TOP = 158  # the top band: scoreboard, the seats across, the turn
ROW = 150  # the learner's row: plate and message, mat, prompts
HAND_LABEL = 22
HAND_CARDS = 140  # tallest hand card
HAND_RAISE = 12
PLATE = 28  # a seat's name plate


@dataclass(frozen=True, slots=True)
class TomLayout:
    """The regions of one surface size and table, in surface pixels."""

    width: int
    height: int
    u: float
    players: int
    scoreboard: pygame.Rect
    turn: pygame.Rect
    seats: tuple[pygame.Rect, ...]  # by place; place 0 (the learner) is its mat
    plates: tuple[pygame.Rect, ...]  # by place
    center: pygame.Rect  # the cửa and the nọc; the cho cái's ring; the ù's arrangement
    cua: tuple[pygame.Rect, ...]  # by place of the seat whose cửa dưới it is
    noc: pygame.Rect
    plate: pygame.Rect  # the learner's plate and the message under it
    mat: pygame.Rect
    prompts: pygame.Rect
    hand: pygame.Rect


def make_tom_layout(width: int, height: int, players: int) -> TomLayout:
    """The layout of a `width` × `height` surface for a table of 5 or 4."""
    if players not in (4, 5):
        raise ValueError(f"a Tổ tôm table seats 5 or 4 players, not {players}")
    b = bands(width, height, TOP, ROW, HAND_LABEL + HAND_CARDS + HAND_RAISE)
    u, W, H, rect = b.u, b.W, b.H, b.rect
    m = MARGIN
    hand_top, row_top, mid_top, mid_h = b.hand_top, b.row_top, b.mid_top, b.mid_h
    mid_x, mid_w, right_x = b.mid_x, b.mid_w, b.right_x
    across_x = mid_x
    across_w = mid_w
    # the middle: three columns of two rows — the cửa round the nọc
    col_w = (mid_w - 2 * GAP) / 3
    row_h = (mid_h - GAP) / 2
    cols = [mid_x + k * (col_w + GAP) for k in range(3)]
    rows = [mid_top, mid_top + row_h + GAP]

    def cell(col: int, row: int, rows_spanned: int = 1) -> pygame.Rect:
        return rect(cols[col], rows[row], col_w, row_h * rows_spanned + GAP * (rows_spanned - 1))

    left = rect(m, mid_top, SIDE, mid_h)
    right = rect(right_x, mid_top, SIDE, mid_h)
    learner_mat = rect(mid_x, row_top, mid_w, ROW)
    seats: tuple[pygame.Rect, ...]
    cua: tuple[pygame.Rect, ...]
    if players == 5:
        half = (across_w - GAP) / 2
        top_right = rect(across_x + half + GAP, m, half, TOP)
        top_left = rect(across_x, m, half, TOP)
        seats = (learner_mat, right, top_right, top_left, left)
        cua = (cell(2, 1), cell(2, 0), cell(1, 0), cell(0, 0), cell(0, 1))
        noc = cell(1, 1)
    else:
        top = rect(across_x, m, across_w, TOP)
        seats = (learner_mat, right, top, left)
        cua = (cell(2, 1), cell(2, 0), cell(0, 0), cell(0, 1))
        noc = cell(1, 0, rows_spanned=2)
    plates = tuple(pygame.Rect(s.x, s.y, s.w, round(PLATE * u)) for s in seats[1:])
    return TomLayout(
        width=width, height=height, u=u, players=players,
        scoreboard=rect(m, m, SIDE, TOP),
        turn=rect(right_x, m, SIDE, TOP),
        seats=seats,
        plates=(rect(m, row_top, SIDE, PLATE), *plates),
        center=rect(mid_x, mid_top, mid_w, mid_h),
        cua=cua,
        noc=noc,
        plate=rect(m, row_top, SIDE, ROW),
        mat=learner_mat,
        prompts=rect(right_x, row_top, SIDE, ROW),
        hand=rect(m, hand_top, W - 2 * m, H - m - hand_top),
    )
