"""How the win search packs a set of cards: the three suits interleaved rank by rank in one int.

The count of rank r (1..9) of suit s (0 Vạn, 1 Văn, 2 Sách) — kind ``9 * s + r - 1`` — is the
three bits from ``POS[kind] = 9 * (r - 1) + 3 * s`` (counts are 0..4). So:

- a rank's three counts are one 9-bit field, and a phu bí or a special phu is one subtraction;
- a shift by 9 moves every suit one rank: run neighbours of all three suits in one expression;
- a shift by 3 moves every card to the next suit: the ranks held in all three suits, where a
  phu bí is possible, are ``n & n >> 3 & n >> 6`` on the bits of the counts present.

``oc tt cc`` are three 3-bit digits of a second int. One suit's counts on their own (``SUIT0``'s
digits, the others shifted down by 3 or 6) are what the per-suit memo is keyed by
(engine/totom/suits.py), with a number naming the suit's mat runs above them from ``KEY_AT``.
"""

from __future__ import annotations

from collections.abc import Iterable

RANK_BITS = 9  # one rank of all three suits
DIGIT_BITS = 3  # one count
POS = tuple(RANK_BITS * (k % 9) + DIGIT_BITS * (k // 9) for k in range(27))
ONES = sum(1 << p for p in POS)  # bit 0 of every count
SUIT0 = sum(1 << (RANK_BITS * r) for r in range(9))  # bit 0 of suit 0's counts
DIGITS0 = 7 * SUIT0  # suit 0's counts
NHAT = 0o111  # bit 0 of the three nhất: yêu đen, they stand alone (T3.6)
NOT_NHAT = ONES & ~NHAT
RANKS2 = SUIT0 & ~1  # suit 0's bits of ranks 2..9: where a phu bí may be needed (T3.2)
ALL_SUITS = 0o111  # a SUIT0 mask times this: the same ranks in every suit
KEY_AT = RANK_BITS * 9


def spread(counts: Iterable[int]) -> int:
    """The 27 suited kinds' counts, in kind order, as one int."""
    out = 0
    for k, n in zip(range(27), counts, strict=False):
        out |= n << POS[k]
    return out


def positions(mask: int) -> list[int]:
    """The bit offsets of the set bits of a mask of count bits."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


KIND_AT = {p: k for k, p in enumerate(POS)}  # bit offset → suited kind
