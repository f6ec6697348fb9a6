"""Waits: every kind with which a position wins, and their names (T5.5).

`waits` is the plain answer the state machine, the computer players and the analyzer need; it
tests each kind with the fast search, after a filter that only drops kinds which cannot work: a
card of the position with no partner present must find one in the new card. `named_waits`
adds the teaching names (thập thành, bạch thủ, xuyên, chi nẩy) and is slower.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.totom.cards import ALL_CARDS, COPIES, N_KINDS, N_SUITED, Card, card_of
from engine.totom.layout import KIND_AT, positions
from engine.totom.melds import SPECIAL, is_phu_bi
from engine.totom.position import MatMeld, Position, pack
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.search import search, unpartnered


def _partner_masks() -> tuple[int, ...]:
    """For each kind, the kinds that can share a group with it (bit k = kind k)."""
    out = []
    for k in range(N_KINDS):
        mask = 1 << k  # a bộ giống
        if k < N_SUITED:
            s, r = divmod(k, 9)
            for d in (-2, -1, 1, 2):
                if 0 <= r + d <= 8:
                    mask |= 1 << (9 * s + r + d)
            for t in range(3):
                mask |= 1 << (9 * t + r)
        for cards in SPECIAL.values():
            if k in cards:
                for c in cards:
                    mask |= 1 << c
        out.append(mask)
    return tuple(out)


_PARTNERS = _partner_masks()
_ALL = (1 << N_KINDS) - 1


def candidates(position: Position) -> int:
    """Kinds worth testing as waits, as a bit mask: every loose card must be partnered.

    A card is loose when nothing in the position could share a group with it (the test of
    search.py, without a new card). The new card must partner each loose card, so only kinds
    partnering all of them can be waits; a position with no loose card keeps all kinds.
    """
    mask = _ALL
    for at in positions(unpartnered(position.packed)):
        mask &= _PARTNERS[KIND_AT[at]]
    return mask


def waits(position: Position, rules: TomRules = DEFAULT_RULES) -> tuple[Card, ...]:
    """T5.5: every kind K, with a copy still unseen by the player, such that position + K wins."""
    p = position.packed
    need = rules.lung_required
    mask = candidates(position)
    return tuple(c for c in ALL_CARDS
                 if mask >> c & 1 and p.total[c] < COPIES and search(p, c, need))


class WaitName(StrEnum):
    """The ways of waiting that S1 names (T5.5); they carry no points but teach."""

    THAP_THANH = "thap_thanh"  # the position is already tròn with its lưng
    BACH_THU = "bach_thu"  # the wait is the third card of a pair, needed as a phỗng
    XUYEN = "xuyen"  # the wait is the middle of a run
    CHI_NAY = "chi_nay"  # the only wait is chi chi (TC8)


@dataclass(frozen=True, slots=True)
class Wait:
    """One wait and its names."""

    card: Card
    names: frozenset[WaitName]
    unseen: int  # copies not in the position (T10: "how many of each wait are still unseen")


def named_waits(position: Position, rules: TomRules = DEFAULT_RULES) -> tuple[Wait, ...]:
    """T5.5: the waits with their names, for teaching.

    - thập thành: the position already wins without a card (T3.9), so every yêu is a wait;
    - bạch thủ: the position holds two of the wait, and every winning arrangement lays the
      wait with them as a phỗng (the win must say phỗng, T5.6);
    - xuyên: every winning arrangement puts the wait inside a new run, between two of its
      cards [decision: T5.5 says "the middle card of a three-card run"; a longer run filled in
      the middle is the same way of waiting];
    - chi nẩy: chi chi is the only wait (TC8).
    """
    p = position.packed
    need = rules.lung_required
    found = waits(position, rules)
    common: set[WaitName] = set()
    if search(p, None, need):
        common.add(WaitName.THAP_THANH)
    if found == (Card.CC,):
        common.add(WaitName.CHI_NAY)
    out = []
    for k in found:
        names = set(common)
        if p.hand[k] >= 2 and not search(p, k, need, False):
            names.add(WaitName.BACH_THU)
        if k < N_SUITED and 1 <= k % 9 <= 7 and not _fits_other_than_inside(position, k, need):
            names.add(WaitName.XUYEN)
        out.append(Wait(k, frozenset(names), COPIES - p.total[k]))
    return tuple(out)


def _fits_other_than_inside(position: Position, w: Card, need: int) -> bool:
    """Some winning arrangement of position + W puts W anywhere but inside a new run."""
    hand = list(position.hand)
    mat = position.mat
    suit, rank = divmod(int(w), 9)
    rank += 1

    def rest_wins(used: tuple[Card, ...], lung: int, new_mat: tuple[MatMeld, ...] = mat
                  ) -> bool:
        left = list(hand)
        for c in used:
            if c not in left:
                return False
            left.remove(c)
        packed = pack(left, new_mat, position.bat_thuc)
        return search(packed, None, max(0, need - lung))

    for special in SPECIAL.values():
        if w in special and rest_wins(tuple(c for c in special if c != w), 1):
            return True
    if hand.count(w) >= 2 and rest_wins((w, w), 1):
        return True
    if hand.count(w) >= 3 and rest_wins((w, w, w), 1):
        return True
    same = [card_of(s, rank) for s in range(3)]
    for a in range(hand.count(same[0]) + 1):
        for b in range(hand.count(same[1]) + 1):
            for d in range(hand.count(same[2]) + 1):
                used = (same[0],) * a + (same[1],) * b + (same[2],) * d
                if is_phu_bi((w, *used)) and rest_wins(used, 0):
                    return True
    for length in range(3, 10):  # a new run with W at one end
        for lo in (rank, rank - length + 1):
            hi = lo + length - 1
            if lo < 1 or hi > 9:
                continue
            used = tuple(card_of(suit, r) for r in range(lo, hi + 1) if r != rank)
            if rest_wins(used, 0):
                return True
    for i, meld in enumerate(mat):
        for used in _mat_takes(meld, w, hand):
            grown = MatMeld((*meld.cards, w, *used), meld.trung, meld.face_down)
            if rest_wins(used, 0, (*mat[:i], grown, *mat[i + 1:])):
                return True
    return False


def _mat_takes(meld: MatMeld, w: Card, hand: list[Card]) -> list[tuple[Card, ...]]:
    """Hand cards that must join W for W to go onto a mat meld (T5.2)."""
    if meld.giong_room and meld.cards[0] == w:
        return [()]
    if meld.bi_room and w < N_SUITED and meld.cards[0].rank == w.rank:
        return [()]
    if not meld.run_room or w >= N_SUITED or meld.cards[0] // 9 != w // 9:
        return []
    ranks = [c.rank for c in meld.cards]
    lo, hi = min(ranks), max(ranks)
    suit = w // 9
    if w.rank < lo:
        return [tuple(card_of(suit, r) for r in range(w.rank + 1, lo))]
    if w.rank > hi:
        return [tuple(card_of(suit, r) for r in range(hi + 1, w.rank))]
    return []
