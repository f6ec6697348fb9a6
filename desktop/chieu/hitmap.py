"""Which thing of the chiếu is at a point: what the scene drew, for the widget's clicks.

The Tổ tôm chiếu records the same kinds of hits, its card in `tom` (desktop/chieu/tom_scene.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.chan import Card

if TYPE_CHECKING:  # the Chắn chiếu never loads Tổ tôm's cards
    from engine.totom.cards import Card as TomCard

Rect = tuple[int, int, int, int]  # x, y, width, height in surface pixels


class HitKind(StrEnum):
    """The kinds of clickable things."""

    HAND = "hand"  # a card in the learner's hand (card, index in the drawn order)
    CUA = "cua"  # a card of a cửa pile (seat = the cửa, index in the pile)
    NOC = "noc"  # the stock
    CAI = "cai"  # the quân cái
    MAT = "mat"  # a meld on a seat's mat (seat, index of the meld)
    OPEN = "open"  # a card of another seat's open hand in a replay (seat, card, index)
    SEAT = "seat"  # a player's name plate
    BUTTON = "button"  # a prompt (key)


@dataclass(frozen=True, slots=True)
class Hit:
    """One clickable thing; equal hits mean the same thing on the same frame layout."""

    kind: HitKind
    card: Card | None = None
    seat: int | None = None
    index: int | None = None
    key: str | None = None
    tom: TomCard | None = None  # the card, on the Tổ tôm chiếu (its kinds are not Chắn's)


@dataclass(frozen=True, slots=True)
class TextBox:
    """Where a piece of text was drawn (for tests: nothing cut, nothing overlapping)."""

    rect: Rect
    text: str
    role: str


class HitMap:
    """The clickable rectangles of one frame, in drawing order (later ones lie on top)."""

    __slots__ = ("_items", "size", "texts")

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self._items: list[tuple[Rect, Hit]] = []
        self.texts: list[TextBox] = []

    def add(self, rect: Rect, hit: Hit) -> None:
        """Record that `hit` was drawn at `rect`."""
        self._items.append((rect, hit))

    def text(self, rect: Rect, text: str, role: str) -> None:
        """Record that `text` was drawn at `rect`."""
        self.texts.append(TextBox(rect, text, role))

    def at(self, x: float, y: float) -> Hit | None:
        """The topmost thing at surface pixel (x, y), or None."""
        for (rx, ry, rw, rh), hit in reversed(self._items):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return hit
        return None

    def rect_of(self, hit: Hit) -> Rect | None:
        """Where `hit` was drawn (the topmost record of it), or None."""
        for rect, item in reversed(self._items):
            if item == hit:
                return rect
        return None

    def items(self) -> list[tuple[Rect, Hit]]:
        """Every recorded (rect, hit), bottom first."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)
