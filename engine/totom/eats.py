"""Ăn (T4.6): what an eat lays down, and every way a seat may eat a card.

An eat is X with some hand cards (FORMATS ``with``), either a new phu or a gá onto one of the
seat's mat melds (``onto``). H1: copies of X among the hand cards go down with it — inside the
phu where it holds them (a phu bí of five, a bộ giống), else on it as quân trùng.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.totom.cards import N_SUITED, YEU, Card, card_of, format_cards
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.melds import SPECIAL, GroupType, classify, is_bo_giong, is_phu_bi, is_phu_doc

Hand = tuple[int, ...]  # the count of each of the 30 kinds
# Each suit's cards by rank (index 0 unused): card_of without an enum call per card.
_SUITED = tuple((Card.V1, *(card_of(s, r) for r in range(1, 10))) for s in range(3))


@dataclass(frozen=True, slots=True)
class EatPlan:
    """What an eat lays down: a new meld (``onto`` None) or the grown meld ``onto``."""

    cards: tuple[Card, ...]  # the phu as it will lie (sorted)
    trung: tuple[Card, ...]
    origin: MeldOrigin
    onto: int | None


def plan_eat(hand: Hand, mat: Sequence[SeatMeld], x: Card, with_: Sequence[Card],
             onto: int | None) -> EatPlan | str:
    """T4.6: the meld eating ``x`` with ``with_`` (onto mat meld ``onto``) makes, or why not."""
    need = Counter(with_)
    short = [c for c, n in need.items() if hand[c] < n]
    if short:
        return f"{format_cards(sorted(short))} is not in this seat's hand"
    copies = tuple(c for c in with_ if c == x)
    others = tuple(c for c in with_ if c != x)
    if onto is None:
        group = tuple(sorted((x, *with_)))
        found = classify(group)
        if found is not None and found[0] is not GroupType.YEU:
            origin = MeldOrigin.PHONG if found[0] is GroupType.GIONG else MeldOrigin.EATEN
            return EatPlan(group, (), origin, None)
        if x in YEU and not others and len(copies) <= 1:
            return EatPlan(group, (), MeldOrigin.YEU, None)  # T4.10, T4.6: a yêu alone
        core = tuple(sorted((x, *others)))
        found = classify(core)
        if copies and found is not None and found[0] in (GroupType.BI, GroupType.DOC,
                                                          GroupType.SP):
            return EatPlan(core, copies, MeldOrigin.EATEN, None)
        return f"{format_cards(group)} is no phu (T3)"
    if not 0 <= onto < len(mat):
        return f"this seat has no mat meld {onto}"
    meld = mat[onto]
    if meld.broken or meld.face_down or meld.origin is MeldOrigin.YEU:
        return f"nothing may be added to {meld} (T4.6)"
    kind = meld.type
    if kind is GroupType.DOC:
        grown = tuple(sorted((*meld.cards, x, *others)))
        if is_phu_doc(grown):
            return EatPlan(grown, meld.trung + copies, meld.origin, onto)
        return f"{format_cards((x, *others))} does not extend the run {meld} at an end (T4.6)"
    if kind is GroupType.BI and not meld.trung:
        grown = tuple(sorted((*meld.cards, x, *with_)))
        if is_phu_bi(grown):
            return EatPlan(grown, (), meld.origin, onto)
        return f"{format_cards(grown)} is no phu bí of at most five (T3.2)"
    if kind is GroupType.GIONG:
        grown = tuple(sorted((*meld.cards, x, *with_)))
        if is_bo_giong(grown):
            return EatPlan(grown, (), meld.origin, onto)
        return f"{format_cards(grown)} is no bộ giống of at most four (T3.5)"
    return f"nothing may be added to {meld} (T4.6, T5.2)"


def eat_options(hand: Hand, mat: Sequence[SeatMeld], x: Card,
                with_copies: bool = True, without_copies: bool = True
                ) -> list[tuple[tuple[Card, ...], int | None]]:
    """Every eat of ``x`` (``with`` cards, ``onto``) the hand and mat allow (T4.6), at most one
    card left for the discard that follows: H1's form (every copy of X down) when
    ``with_copies``, the form that keeps copies in the hand (TN2) when ``without_copies``."""
    held = hand[x]
    size = sum(hand)
    found: dict[tuple[tuple[Card, ...], int | None], None] = {}

    def add(cards: tuple[Card, ...], onto: int | None = None) -> None:
        used = cards.count(x)
        variants = []
        if with_copies:
            variants.append(cards + (x,) * (held - used))
        if without_copies or used == held:
            variants.append(cards)
        for v in variants:
            if len(v) < size and plan_eat(hand, mat, x, v, onto).__class__ is EatPlan:
                found.setdefault((tuple(sorted(v)), onto), None)

    for sp in SPECIAL.values():
        if x in sp and all(hand[c] >= 1 for c in sp if c != x):
            add(tuple(c for c in sp if c != x))
    if held >= 2:
        add((x, x))
    if held >= 3:
        add((x, x, x))
    if x in YEU:
        add(())
        if held:
            add((x,))
    if x < N_SUITED:
        suit, r = divmod(int(x), 9)
        r += 1
        row = _SUITED[suit]
        low = r  # the held ranks next to X, below and above it
        while low > 1 and hand[row[low - 1]]:
            low -= 1
        high = r
        while high < 9 and hand[row[high + 1]]:
            high += 1
        for lo in range(low, r + 1):
            for hi in range(max(r, lo + 2), high + 1):
                add(tuple(row[q] for q in range(lo, hi + 1) if q != r))
        same = [_SUITED[t][r] for t in range(3)]
        for a in range(min(hand[same[0]], 4) + 1):
            for b in range(min(hand[same[1]], 4) + 1):
                for c in range(min(hand[same[2]], 4) + 1):
                    cards = (same[0],) * a + (same[1],) * b + (same[2],) * c
                    if is_phu_bi((x, *cards)):
                        add(cards)
    for i, meld in enumerate(mat):
        for cards in _ga_cards(hand, meld, x):
            add(cards, i)
    return list(found)


def _ga_cards(hand: Hand, meld: SeatMeld, x: Card) -> list[tuple[Card, ...]]:
    """The hand cards that would join ``x`` onto one mat meld (T4.6 gá)."""
    if meld.broken or meld.face_down or meld.origin is MeldOrigin.YEU:
        return []
    ends = meld.run_ends()
    if ends is not None:
        suit, lo, hi = ends
        if x >= N_SUITED or x // 9 != suit:
            return []
        r = x.rank
        if r > hi:
            bridge = [card_of(suit, q) for q in range(hi + 1, r)]
        elif r < lo:
            bridge = [card_of(suit, q) for q in range(r + 1, lo)]
        else:
            return []
        return [tuple(bridge)] if all(hand[c] >= 1 for c in bridge) else []
    kind = meld.type
    if kind is GroupType.BI and not meld.trung and x < N_SUITED \
            and meld.cards[0].rank == x.rank and len(meld.cards) < 5:
        return [()]
    if kind is GroupType.GIONG and meld.cards[0] == x and len(meld.cards) < 4:
        return [()]
    return []


def run_pairs(hand: Hand, x: Card) -> list[tuple[Card, Card]]:
    """T4.14: the pairs of hand cards that would make a three-card run with ``x``."""
    if x >= N_SUITED:
        return []
    suit, r = divmod(int(x), 9)
    r += 1
    out = []
    for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
        if a >= 1 and b <= 9:
            ca, cb = card_of(suit, a), card_of(suit, b)
            if hand[ca] and hand[cb]:
                out.append((ca, cb))
    return out
