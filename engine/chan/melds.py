"""Melds on the mat (bài dưới chiếu, R3.7)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.chan.cards import Card


class MeldKind(StrEnum):
    """What a meld on the mat is."""

    CHAN = "chan"
    CA = "ca"
    CHIU = "chiu"


@dataclass(frozen=True, slots=True)
class Meld:
    """An eaten card and the hand card that ate it, or a chíu (four identical, R3.7).

    ``taken`` is the card taken from a cửa (underneath); ``cards`` lists taken first.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    taken: Card

    @property
    def chan(self) -> int:
        """Chắn it counts for in a winning hand: chắn 1, cạ 0, chíu 2 (R3.7)."""
        return 2 if self.kind is MeldKind.CHIU else 1 if self.kind is MeldKind.CHAN else 0

    def __str__(self) -> str:
        return f"{self.kind.value}[{' '.join(map(str, self.cards))}]"
