"""A seat's mat during a game (T3.8): each meld as it lies, where it came from, and what it can
still take.

The arrangement search reads a mat meld as ``MatMeld`` (engine/totom/position.py); the game
also needs its origin (a khàn, a thiên khai, a phỗng, an eaten phu, a lone yêu), the card taken
from a cửa, whether it is face down, and a stable id the declines of T4.14 can name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.totom.cards import N_SUITED, Card, format_cards
from engine.totom.melds import GroupType
from engine.totom.position import MatMeld


class MeldOrigin(StrEnum):
    """How a mat meld came to lie there (T3.5, T3.8)."""

    KHAN = "khan"  # three identical held at the deal (face down until dậy khàn)
    THIEN_KHAI = "thien_khai"  # four identical: held at the deal, or a khàn with the fourth
    PHONG = "phong"  # a pair with the third taken from a cửa (T4.7, or eaten with a pair)
    EATEN = "eaten"  # a phu made or extended by an eat (T4.6)
    YEU = "yeu"  # a yêu eaten alone (T4.10), with its copy if one was held


@dataclass(frozen=True, slots=True)
class SeatMeld:
    """One meld on a seat's mat.

    ``cards`` is the phu (sorted); ``trung`` the quân trùng lying on it (T4.6 H1); ``taken`` the
    card taken from a cửa, if any. ``broken``: a card of it was discarded (TD3); what is left
    lies there loose and is arranged like hand cards.
    """

    id: int
    origin: MeldOrigin
    cards: tuple[Card, ...]
    trung: tuple[Card, ...] = ()
    face_down: bool = False
    taken: Card | None = None
    broken: bool = False
    view: MatMeld | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.broken:  # built once: the search and the eats read it at every card
            object.__setattr__(self, "view", MatMeld(self.cards, self.trung, self.face_down))

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card lying there, quân trùng included."""
        return self.cards + self.trung

    @property
    def is_khan(self) -> bool:
        """A khàn or a thiên khai (what bất thực gives up, T4.13)."""
        return self.origin in (MeldOrigin.KHAN, MeldOrigin.THIEN_KHAI) and not self.broken

    @property
    def kind(self) -> Card:
        """The kind of a bộ giống (its first card otherwise)."""
        return self.cards[0]

    def mat_meld(self) -> MatMeld:
        """The search's view of it (never asked of a broken meld)."""
        assert self.view is not None, "a broken meld lies loose (TD3)"
        return self.view

    @property
    def type(self) -> GroupType:
        """Its group type (T3)."""
        return self.mat_meld().type

    def run_ends(self) -> tuple[int, int, int] | None:
        """(suit, lowest rank, highest rank) of a run that may still grow at its ends (T5.2:
        not SP7), else None."""
        if self.broken or self.face_down or self.cards[0] >= N_SUITED \
                or self.mat_meld().type is not GroupType.DOC:
            return None
        ranks = [c.rank for c in self.cards]
        return self.cards[0] // 9, min(ranks), max(ranks)

    def grown(self, cards: tuple[Card, ...], trung: tuple[Card, ...] = ()) -> SeatMeld:
        """The meld with cards added to the phu and quân trùng laid on it."""
        return replace(self, cards=tuple(sorted(self.cards + cards)),
                       trung=tuple(sorted(self.trung + trung)))

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.trung:
            text += " + " + format_cards(self.trung)
        flags = " (úp)" if self.face_down else ""
        flags += " (vỡ)" if self.broken else ""
        return f"{self.origin.value}[{text}]{flags}"


def extends_run(meld: SeatMeld, card: Card) -> bool:
    """Whether ``card`` lies just beyond one end of the meld's run (T4.12, T4.14)."""
    ends = meld.run_ends()
    if ends is None or card >= N_SUITED:
        return False
    suit, lo, hi = ends
    return card // 9 == suit and card.rank in (lo - 1, hi + 1)
