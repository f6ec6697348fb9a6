"""A row of card groups drawn on its own — the winning hand on the result screen, the cards
on the start page — with the chiếu's faces and, optionally, its mat behind them.

Pure pygame like the scene: returns a Frame whose buffer the Qt side wraps in a QImage.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.chieu.faces import CardArt
from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import HitMap
from desktop.chieu.layout import card_size
from desktop.chieu.mat import MatCache
from desktop.chieu.paint import GOLD, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color, shared_text
from engine.chan import Card

_art: CardArt | None = None
_mats = MatCache()


def _card_art() -> CardArt:
    global _art
    if _art is None:
        _art = CardArt(shared_text())
    return _art


def strip_size(groups: Sequence[Sequence[Card]], card_width: int, gap: int,
               pad: int) -> tuple[int, int]:
    """The pixel size `card_strip` draws for these groups."""
    w, h = card_size(card_width)
    cards = sum(len(g) for g in groups)
    width = 2 * pad + cards * (w + 2) + max(0, len(groups) - 1) * gap
    return width, h + 2 * pad


def card_strip(groups: Sequence[Sequence[Card]], card_width: int, gap: int = 12,
               pad: int = 10, glow: Card | None = None, mat: bool = False,
               background: Color = (255, 250, 240), scale: float = 1.0,
               width: int | None = None) -> Frame:
    """Cards in groups, left to right (centred in `width` if wider); the last copy of `glow`
    lit in gold (the winning card comes last)."""
    content, height = strip_size(groups, card_width, gap, pad)
    width = max(content, width or 0)
    frame = Frame(width, height)
    if mat:
        frame.surface.blit(_mats.get(width, height, scale), (0, 0))
    else:
        frame.surface.fill(background)
    painter = Painter(frame.surface, HitMap((width, height)), scale, shared_text(),
                      _card_art(), {})
    w, h = card_size(card_width)
    x = pad + (width - content) // 2
    last = max((i for i, c in enumerate(c for g in groups for c in g) if c == glow), default=-1)
    k = 0
    for group in groups:
        for card in group:
            painter.card(card, pygame.Rect(x, pad, w, h), glow=GOLD if k == last else None)
            k += 1
            x += w + 2
        x += gap
    return frame

