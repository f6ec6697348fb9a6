"""Tổ tôm melds drawn as they lie on the mat (TOTOM T3.8).

A phu dọc stands upright: its cards one under the other, each showing its rank character
above the next (S1 "xếp hàng dọc"). A phu bí, a special phu and a yêu lie side by side
("xếp hàng ngang"), every card whole. A bộ giống is a stack of identical cards, the top one
whole, with its count; a khàn or thiên khai lying face down is a stack of backs marked "úp" —
its owner sees the kind through a veil, the others only the backs (T4.1). Quân trùng lie on
their meld: across the foot of a row, beside their twin in a run. Cards laid on later by a gá
or a hạ trùng carry a gold dot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from desktop.chieu.hitmap import Hit
from desktop.chieu.labels import Lang, word
from desktop.chieu.layout import CHIU_STEP, card_size
from desktop.chieu.paint import GOLD, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from desktop.chieu.tom_view import Lay, TomMeld

if TYPE_CHECKING:  # desktop reaches Tổ tôm's cards through the views it is given
    from engine.totom.cards import Card

RUN_STEP = 0.28  # of a card's height: how much of each card of a run shows above the next
TRUNG_SHIFT = 1.06  # of a card's width: where a run's quân trùng lies, beside its twin
TRUNG_FOOT = 0.78  # of a card's height: where a row's quân trùng lies across it
MELD_GAP = 1  # pixels between the cards of a row
BADGE_SIZE = 9
STACKED = (Lay.UP, Lay.KHAN, Lay.THIEN_KHAI, Lay.PHONG)
STACK_BADGE = (150, 36, 28)
UP_BADGE = (70, 52, 40)
VEIL = (40, 24, 12, 120)


def meld_width(meld: TomMeld) -> Callable[[int], int]:
    """The width of `meld` drawn with cards `cw` wide."""
    n = len(meld.lying) + (meld.hidden if meld.lay is Lay.UP else 0)

    def width(cw: int) -> int:
        if meld.lay is Lay.DOC:
            return cw + (round(TRUNG_SHIFT * cw) if meld.trung else 0)
        if meld.lay in STACKED:
            return cw + round((max(1, n) - 1) * CHIU_STEP * cw)
        row = n * cw + (n - 1) * MELD_GAP
        return max(row, card_size(cw)[1]) if meld.trung else row
    return width


def meld_height(meld: TomMeld) -> Callable[[int], int]:
    """The height of `meld` drawn with cards `cw` wide."""
    n = len(meld.lying)

    def height(cw: int) -> int:
        ch = card_size(cw)[1]
        if meld.lay is not Lay.DOC:
            return ch
        step = round(RUN_STEP * ch)
        tall = ch + (n - 1) * step
        if meld.trung:
            tall = max(tall, _run_trung_top(meld, len(meld.trung) - 1, step) + ch)
        return tall
    return height


def _run_trung_top(meld: TomMeld, j: int, step: int) -> int:
    """How far below the run's top its `j`-th quân trùng lies: half a step below its twin."""
    card = meld.trung[j]
    lying = meld.lying
    twin = lying.index(card) if card in lying else len(lying) - 1
    return twin * step + step // 2 + j * (step // 2)


def draw_meld(p: Painter, meld: TomMeld, box: pygame.Rect, cw: int, lang: Lang,
              hit: Hit | None = None, glow: Card | None = None, named: bool = True) -> None:
    """Draw `meld` in `box` (sized by meld_width / meld_height) with cards `cw` wide; `glow`
    lights the first copy of that card (the winning card of an arrangement); `named` puts
    the tôm's and the lèo's names on them (an arrangement names every group under it)."""
    ch = card_size(cw)[1]
    lit = [glow is not None]
    added = meld.added_at

    def lay_card(card: Card | None, at: pygame.Rect, shadow: bool = True,
                 index: int = -1) -> None:
        light = None
        if lit[0] and card is not None and card == glow:
            light, lit[0] = GOLD, False
        p.card(card, at, glow=light, shadow=shadow)
        if index in added:  # laid on later by a gá or a hạ trùng (T4.6, T4.12)
            dot = (at.right - p.px(5), at.y + p.px(5))
            pygame.draw.circle(p.surface, GOLD, dot, p.px(3.5))
            pygame.draw.circle(p.surface, STACK_BADGE, dot, p.px(3.5), max(1, p.px(1)))

    lying = meld.lying
    if meld.lay is Lay.DOC:
        step = round(RUN_STEP * ch)
        for j, card in enumerate(lying):
            lay_card(card, pygame.Rect(box.x, box.y + j * step, cw, ch), j == 0, j)
        for j, card in enumerate(meld.trung):
            top = box.y + _run_trung_top(meld, j, step)
            lay_card(card, pygame.Rect(box.x + round(TRUNG_SHIFT * cw), top, cw, ch))
    elif meld.lay in STACKED:
        _stack(p, meld, box, cw, ch, lay_card)
    else:
        n = len(lying)
        row = n * cw + (n - 1) * MELD_GAP
        x0 = box.x + (box.w - row) // 2
        for j, card in enumerate(lying):
            lay_card(card, pygame.Rect(x0 + j * (cw + MELD_GAP), box.y, cw, ch), True, j)
        shadow = p.px(2)
        for j, card in enumerate(meld.trung):
            across = p.art.lying(card, cw, ch, shadow)
            at = across.get_rect()
            at.center = (box.centerx + shadow // 2,
                         box.y + round(TRUNG_FOOT * ch) - j * round(0.5 * cw))
            p.surface.blit(across, at)
        if named and meld.lay is Lay.SP and meld.sp in ("SP1", "SP2"):
            _badge(p, word(f"sp_{meld.sp}", lang), box, (box.centerx, box.bottom), "midbottom")
    if hit is not None:
        p.hits.add((box.x, box.y, box.w, box.h), hit)


class _Lay(Protocol):
    def __call__(self, card: Card | None, at: pygame.Rect, shadow: bool = True,
                 index: int = -1) -> None: ...


def _stack(p: Painter, meld: TomMeld, box: pygame.Rect, cw: int, ch: int, lay_card: _Lay
           ) -> None:
    """A bộ giống as a stack, the top card whole; face down: backs, and for its owner the
    kind under a veil; then its count, or "úp"."""
    lying = meld.lying
    down = meld.lay is Lay.UP
    n = max(1, len(lying) + (meld.hidden if down else 0))
    step = CHIU_STEP * cw
    for j in range(n):
        at = pygame.Rect(box.x + round(j * step), box.y, cw, ch)
        top = j == n - 1
        if down and not (top and lying):
            lay_card(None, at, top)
        elif down:
            lay_card(lying[0], at, top)
            veil = pygame.Surface((cw, ch), pygame.SRCALPHA)
            pygame.draw.rect(veil, VEIL, veil.get_rect(), border_radius=max(2, round(cw * 0.14)))
            p.surface.blit(veil, at)
        else:
            lay_card(lying[min(j, len(lying) - 1)], at, top, j)
    top_card = pygame.Rect(box.x + round((n - 1) * step), box.y, cw, ch)
    if down:
        _badge(p, word("up_badge", "vi"), box, (top_card.centerx, top_card.bottom), "midbottom",
               UP_BADGE)
    else:
        _badge(p, f"×{n}", box, (top_card.right, top_card.bottom), "bottomright")


def _badge(p: Painter, text: str, box: pygame.Rect, point: tuple[int, int], anchor: str,
           color: tuple[int, int, int] = STACK_BADGE) -> None:
    """A small pill on a meld — "×3", "úp", "tôm" — when it fits inside the meld."""
    pill_w = p.text.size(text, Face.SANS_BOLD, p.font_px(BADGE_SIZE))[0] + p.px(12)
    at = pygame.Rect(0, 0, pill_w, 1)
    setattr(at, anchor, point)
    if box.left <= at.left and at.right <= box.right:
        p.badge(text, point, color, size=BADGE_SIZE, role="meld_badge", anchor=anchor)


def meld_label(meld: TomMeld, lang: Lang) -> str:
    """The name of a meld's kind, for an arrangement's group: phu dọc, tôm, phỗng …"""
    if meld.lay is Lay.SP and meld.sp in ("SP1", "SP2"):
        return word(f"sp_{meld.sp}", lang)
    return word(f"lay_{meld.lay.value}", lang)

