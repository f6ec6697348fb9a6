"""What a seat's past still lets it do, as bitsets over the 25 kinds (RULES R7 B–D).

A seat's history (violations.SeatHistory) keeps these bitsets as it is written: each
``note_*`` function moves them with the ``after_*`` function of the same move, so the rules
L6–L17 are read from the history's facts in one place and the computer players read the
bitsets instead of deriving them again (issue 21). The ``after_*`` functions also move them
over a hypothetical discard, eat or decline for the AI's estimates; the legality of a move is
always asked of the engine's judges, and tests check the bitsets against them.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.chan.cards import CC_INDEX, N_KINDS
from engine.chan.hand import count

ALL = (1 << N_KINDS) - 1
# Bits of the kinds of a rank; Chi chi is its own rank 8.
RANK_OF = tuple(8 if k == CC_INDEX else k // 3 for k in range(N_KINDS))
RANK_KINDS = (*(0b111 << (3 * r) for r in range(8)), 1 << CC_INDEX)
KINDS_OF_RANK = (*((3 * r, 3 * r + 1, 3 * r + 2) for r in range(8)), (CC_INDEX,))
# The cạ pair (x eaten, y from hand) is bit y * 25 + x of ``ca_ok``.
_CA_ROW_RANK = tuple(
    0 if y == CC_INDEX else sum(1 << (y * N_KINDS + x) for x in KINDS_OF_RANK[RANK_OF[y]]
                                if x != y)
    for y in range(N_KINDS))
_CA_RANK = tuple(sum(_CA_ROW_RANK[y] for y in KINDS_OF_RANK[r]) for r in range(9))
_CA_COL = tuple(sum(1 << (y * N_KINDS + x) for y in range(N_KINDS)) for x in range(N_KINDS))


class Masks(NamedTuple):
    """Kinds a seat may still eat as chắn, cạ pairs it may still eat, kinds it may discard.

    The rest are the parts of its history the rules read (kinds and ranks discarded, a cạ
    discarded, a first cạ eaten, ranks eaten as cạ). A named tuple: the rollouts build and
    hash many of them.
    """

    chan_ok: int  # bit x: eating x as chắn breaks none of L6, L12, L15
    ca_ok: int  # bit y*25+x: eating x with hand card y as cạ breaks none of L7, L8, L10–L12
    disc_ok: int  # bit z: discarding z breaks none of L9, L13, L14, L16, L17
    disc_kinds: int
    disc_ranks: int  # bit r
    ca_discarded: bool
    first_ca: bool
    ca_ranks: int  # bit r: ranks eaten as cạ

    def can_eat_chan(self, x: int) -> bool:
        """Eating x as a chắn is clean as far as the history goes."""
        return bool(self.chan_ok >> x & 1)

    def can_eat_ca(self, x: int, y: int) -> bool:
        """Eating x with y as a cạ is clean as far as the history goes."""
        return bool(self.ca_ok >> (y * N_KINDS + x) & 1)

    def can_discard(self, z: int) -> bool:
        """Discarding z is clean."""
        return bool(self.disc_ok >> z & 1)


# The cạ pairs (x, y) of each rank below Chi chi: bit y * 25 + x of ``ca_ok``.
_CA_PAIRS = tuple(tuple((x, y) for x in KINDS_OF_RANK[r] for y in KINDS_OF_RANK[r] if y != x)
                  for r in range(8))
# Nothing done yet: every kind may be eaten and discarded, every cạ pair eaten.
CLEAN = Masks(ALL, sum(1 << (y * N_KINDS + x) for r in range(8) for x, y in _CA_PAIRS[r]), ALL,
              0, 0, False, False, 0)


# The kinds of each set of ranks below Chi chi (bit r of the index: rank r).
_SPREAD = tuple(sum(RANK_KINDS[r] for r in range(8) if ranks >> r & 1) for ranks in range(256))


def _l16(disc_ranks: int, disc_kinds: int) -> int:
    """Kinds whose discard would be L16 once a cạ has been eaten: the other kinds of a rank
    below Chi chi already discarded from."""
    return _SPREAD[disc_ranks & 0xFF] & ~disc_kinds


def after_discard(m: Masks, z: int) -> Masks:
    """The bitsets after discarding (or returning) z: L10–L13, L16 (note_discard)."""
    r = RANK_OF[z]
    zb = 1 << z
    ca_discarded = m.ca_discarded or (z != CC_INDEX and bool(m.disc_ranks >> r & 1)
                                      and not m.disc_kinds & zb)
    disc_kinds = m.disc_kinds | zb
    disc_ranks = m.disc_ranks | (1 << r)
    ca_ok = 0 if ca_discarded else m.ca_ok & ~_CA_COL[z] & ~_CA_RANK[r]
    disc_ok = m.disc_ok & ~zb
    if m.first_ca:
        disc_ok &= ~_l16(disc_ranks, disc_kinds)
    return Masks(m.chan_ok & ~zb, ca_ok, disc_ok, disc_kinds, disc_ranks, ca_discarded,
                 m.first_ca, m.ca_ranks)


def after_eat(m: Masks, x: int, y: int) -> Masks:
    """The bitsets after eating x with hand card y: L14, L15, L16, L17 (note_eat)."""
    xb = 1 << x
    if x == y:
        return Masks(m.chan_ok, m.ca_ok, m.disc_ok & ~xb, m.disc_kinds, m.disc_ranks,
                     m.ca_discarded, m.first_ca, m.ca_ranks)
    r = RANK_OF[x]
    disc_ok = m.disc_ok & ~xb & ~RANK_KINDS[r] & ~_l16(m.disc_ranks, m.disc_kinds)
    return Masks(m.chan_ok & ~RANK_KINDS[r], m.ca_ok, disc_ok, m.disc_kinds, m.disc_ranks,
                 m.ca_discarded, True, m.ca_ranks | (1 << r))


def after_decline(m: Masks, h: int, x: int) -> Masks:
    """The bitsets after letting x pass while able to eat it (note_decline): L6–L9."""
    chan_ok, ca_ok, disc_ok = m.chan_ok, m.ca_ok, m.disc_ok
    if count(h, x):
        chan_ok &= ~(1 << x)
        disc_ok &= ~(1 << x)
        ca_ok &= ~_CA_ROW_RANK[x]
    if x != CC_INDEX:
        for y in KINDS_OF_RANK[RANK_OF[x]]:
            if y != x and count(h, y):
                ca_ok &= ~_CA_ROW_RANK[y]
    return Masks(chan_ok, ca_ok, disc_ok, m.disc_kinds, m.disc_ranks, m.ca_discarded,
                 m.first_ca, m.ca_ranks)
