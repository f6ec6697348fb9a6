"""One drawing of one TomView: what the parts of the Tổ tôm chiếu share while they draw.

tom_table.py draws what every player sees (the hội, the turn, the seats, the cửa, the nọc),
tom_center.py the cho cái's ring and the ù's arrangement, tom_hand.py the learner's row and
hand; tom_scene.py puts them in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.chieu.labels import word
from desktop.chieu.layout import flow
from desktop.chieu.paint import Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.tom_layout import TomLayout
from desktop.chieu.tom_melds import meld_height, meld_width
from desktop.chieu.tom_view import TomMeld, TomView


class TomDrawing:
    """The view being drawn, its layout and its painter."""

    def __init__(self, view: TomView, layout: TomLayout, painter: Painter) -> None:
        self.view = view
        self.layout = layout
        self.p = painter
        self.lang = view.lang

    def px(self, design: float) -> int:
        """A design length in pixels."""
        return self.p.px(design)

    def w(self, key: str) -> str:
        """A word in the view's language."""
        return word(key, self.lang)

    def place(self, seat: int) -> int:
        """Where `seat` sits, counted from the learner in play order (0: the learner)."""
        return (seat - self.view.seat) % self.view.players

    def seat_at(self, place: int) -> int:
        """The seat sitting at `place`."""
        return (self.view.seat + place) % self.view.players

    def acting(self, seat: int) -> bool:
        """Whether it is `seat`'s decision (nobody's once the game is decided)."""
        return self.view.actor == seat and self.view.result is None

    def lay_melds(self, area: pygame.Rect, melds: Sequence[TomMeld], cap: float,
                  center: bool = False, gap: int | None = None
                  ) -> tuple[int, tuple[pygame.Rect, ...]]:
        """Melds flowed into `area` in rows, runs standing taller than rows (T3.8): the card
        width used and each meld's box."""
        laid = flow(area, [meld_width(m) for m in melds], cap=cap, floor=self.px(8),
                    gap=self.px(6) if gap is None else gap, center=center,
                    heights=[meld_height(m) for m in melds])
        return laid.card[0], laid.rects
