"""A card board with one card's printed name and code covered (Học, Tổ tôm's "name the card",
T1.2, T1.3): our faces print the Vietnamese name and the code between the Hán characters, which
would answer the question; a real card shows only its characters and picture, so the drill
covers the rest with paper, as a player sees it across the table."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.chieu import board
from desktop.chieu.board import BoardView
from desktop.chieu.faces import PAPER, VERMILION
from desktop.chieu.hitmap import Hit, HitKind, HitMap
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame

# the parts of a face (fractions of its height) that hold the name and the code (faces.py:
# the rank character fills the top quarter, the suit character and the code the bottom third)
SUITED_BANDS = ((0.27, 0.62), (0.88, 0.985))
YEU_DO_BANDS = ((0.06, 0.36), (0.58, 0.84), (0.88, 0.985))


@dataclass(frozen=True, slots=True)
class VeiledBoard:
    """A board, and the shelf (key) whose first card has its name and code covered; ``suited``
    says which face it is (a suited card, or a yêu đỏ in a red cartouche)."""

    board: BoardView
    key: str
    suited: bool = True


def draw_veiled(scene: Scene, surface: pygame.Surface, picture: VeiledBoard) -> HitMap:
    """Draw the board, then the veil over the card's name and code."""
    hits = board.draw(scene, surface, picture.board)
    at = hits.rect_of(Hit(HitKind.BUTTON, key=picture.key, index=0))
    if at is None:
        return hits
    x, y, w, h = at
    card_h = min(h, round(w * 3.1))
    edge = max(2, w // 10)
    for top, bottom in (SUITED_BANDS if picture.suited else YEU_DO_BANDS):
        band = pygame.Rect(x + edge, y + round(card_h * top), w - 2 * edge,
                           round(card_h * (bottom - top)))
        color = PAPER if picture.suited or bottom > 0.86 else VERMILION
        pygame.draw.rect(surface, color, band, border_radius=max(2, w // 12))
    return hits
