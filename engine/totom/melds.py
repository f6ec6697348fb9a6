"""Phu and the other groups of an arrangement: phu bí, phu dọc, SP1–SP7, bộ giống, lone yêu (T3).

These are the plain definitions, one card list at a time: what the mat melds, the lessons and the
analyzer's output are checked against. The fast search (engine/totom/search.py) works on counts
and must agree with them; the tests hold it to that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.totom.cards import N_SUITED, YEU, Card, format_cards


class GroupType(StrEnum):
    """The kinds of group an arrangement is made of (FORMATS `arrangement[].type`)."""

    BI = "bi"  # phu bí, T3.2
    DOC = "doc"  # phu dọc, T3.3
    SP = "sp"  # special phu SP1–SP7, T3.4
    GIONG = "giong"  # bộ giống: khàn, thiên khai, phỗng, T3.5
    YEU = "yeu"  # a lone yêu, T3.6 (on the mat also two identical yêu, T4.6)


# T3.4: exactly these seven sets of three cards.
SPECIAL: dict[str, tuple[Card, Card, Card]] = {
    "SP1": (Card.V3, Card.S3, Card.N7),  # tôm (TC3)
    "SP2": (Card.V9, Card.S8, Card.CC),  # lèo (TC4)
    "SP3": (Card.V1, Card.S1, Card.N9),
    "SP4": (Card.V2, Card.S2, Card.N8),
    "SP5": (Card.V9, Card.S9, Card.TT),
    "SP6": (Card.OC, Card.S9, Card.TT),
    "SP7": (Card.N1, Card.N2, Card.N3),  # also a run; a lưng (T3.7)
}
_SPECIAL_BY_SET = {frozenset(cards): sp for sp, cards in SPECIAL.items()}

PHU_BI_SIZES = (3, 5)
PHU_DOC_SIZES = (3, 9)
GIONG_SIZES = (3, 4)


def is_phu_bi(cards: Sequence[Card]) -> bool:
    """T3.2: 3 to 5 suited cards of one rank with at least one card of each suit."""
    if not PHU_BI_SIZES[0] <= len(cards) <= PHU_BI_SIZES[1]:
        return False
    if any(c >= N_SUITED for c in cards) or len({c.rank for c in cards}) != 1:
        return False
    return len({c.suit for c in cards}) == 3


def is_phu_doc(cards: Sequence[Card]) -> bool:
    """T3.3: 3 to 9 cards of one suit, consecutive ranks, one card per rank, no wrap."""
    if not PHU_DOC_SIZES[0] <= len(cards) <= PHU_DOC_SIZES[1]:
        return False
    if any(c >= N_SUITED for c in cards) or len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def special_of(cards: Sequence[Card]) -> str | None:
    """T3.4: the SP id of exactly these three cards, or None."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return None
    return _SPECIAL_BY_SET.get(frozenset(cards))


def is_bo_giong(cards: Sequence[Card]) -> bool:
    """T3.5: 3 or 4 identical cards, of any kind."""
    return GIONG_SIZES[0] <= len(cards) <= GIONG_SIZES[1] and len(set(cards)) == 1


def classify(cards: Sequence[Card]) -> tuple[GroupType, str | None] | None:
    """The type (and SP id) of one group of an arrangement, or None if it is no group.

    ``1n 2n 3n`` is SP7 (a lưng) rather than a plain run (T3.4, T3.7); a lone card is a group
    only when it is a yêu (T3.6).
    """
    sp = special_of(cards)
    if sp is not None:
        return GroupType.SP, sp
    if is_phu_doc(cards):
        return GroupType.DOC, None
    if is_phu_bi(cards):
        return GroupType.BI, None
    if is_bo_giong(cards):
        return GroupType.GIONG, None
    if len(cards) == 1 and cards[0] in YEU:
        return GroupType.YEU, None
    return None


@dataclass(frozen=True, slots=True)
class Group:
    """One group of an arrangement (T3.9), as FORMATS prints it in `analyze --json`.

    ``cards`` are sorted and, for a mat meld, hold everything lying there: the meld, the cards
    attached to it at the ù and its quân trùng (T3.8). ``mat`` says it began as a mat meld.
    """

    type: GroupType
    cards: tuple[Card, ...]
    sp: str | None = None
    mat: bool = False

    @property
    def is_lung(self) -> bool:
        """T3.7: a bộ giống or a special phu counts one lưng."""
        return self.type in (GroupType.GIONG, GroupType.SP)

    def to_json(self) -> dict[str, Any]:
        """FORMATS: ``{"type", "id"?, "cards", "mat"}``."""
        out: dict[str, Any] = {"type": str(self.type)}
        if self.sp is not None:
            out["id"] = self.sp
        out["cards"] = [str(c) for c in self.cards]
        out["mat"] = self.mat
        return out

    def __str__(self) -> str:
        label = self.sp or str(self.type)
        return f"{label}{'*' if self.mat else ''}[{format_cards(self.cards)}]"
