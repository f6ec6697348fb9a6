"""Waits: every kind with which a position wins, and their names (T5.5).

`waits` is the plain answer the state machine, the computer players and the analyzer need; it
tests each kind with the fast search, after a filter that only drops kinds which cannot work: a
card of the position with no partner present must find one in the new card. `named_waits`
adds the teaching names (thập thành, bạch thủ, xuyên, chi nẩy) and is slower.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.totom.cards import ALL_CARDS, COPIES, N_KINDS, N_SUITED, Card
from engine.totom.melds import SPECIAL
from engine.totom.position import BITS, Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.search import M1, NOT_RANK1, chains, search, sp_present


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
    p = position.packed
    v = p.suits
    nz = [(x | x >> 1 | x >> 2) & M1 for x in v]
    ge = [((x >> 2) | ((x >> 1) & x)) & M1 for x in v]
    state = [*v, *p.red]
    present = sp_present(state)
    mask = _ALL
    for s in range(3):
        n, other = nz[s], nz[(s + 1) % 3] & nz[(s + 2) % 3]
        dn1 = n >> 3
        rest = n & NOT_RANK1 & ~(((n << 3) & ((n << 6) | dn1)) | (dn1 & (n >> 6)) | other
                                 | p.bi_mask | ge[s] | p.giong_help[s])
        if rest and p.run_help[s]:
            rest &= ~chains(p.run_help[s], n)
        for j in present:
            for c in SPECIAL[f"SP{j + 1}"]:
                if c < N_SUITED and c // 9 == s:
                    rest &= ~(1 << (BITS * (c % 9)))
        r = 0
        while rest:
            if rest & 1:
                mask &= _PARTNERS[9 * s + r]
            rest >>= BITS
            r += 1
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
