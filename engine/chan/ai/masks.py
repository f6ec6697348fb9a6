"""What a seat's past lets it do from now on, as bitsets over the 25 kinds (RULES R7 B–D).

``masks_of_judged`` asks the engine's own judges (``eat_faults_history``, ``discard_faults``)
about every kind, so its bitsets agree with the engine by construction; ``masks_of`` reads the
same rules straight from the history's keys (the rollouts' hot path) and tests check that the
two agree on every history of many games. The ``after_*`` functions
move them forward over a hypothetical discard, eat or decline, the way the engine's
``note_*`` functions move a ``SeatHistory``; they feed only the AI's estimates (the legality of
a move is always asked of the engine), and tests check them against the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.chan.cards import CC_INDEX, N_KINDS
from engine.chan.violations import SeatHistory, discard_faults, eat_faults_history

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


def _kinds(keys: Iterable[int]) -> int:
    out = 0
    for k in keys:
        out |= 1 << k
    return out


# Kinds of the same rank as z other than z (violations.partners(z) without z): L16.
_OTHERS = tuple(RANK_KINDS[RANK_OF[z]] & ~(1 << z) for z in range(N_KINDS))
# The cạ pairs (x, y) of each rank below Chi chi: bit y * 25 + x of ``ca_ok``.
_CA_PAIRS = tuple(tuple((x, y) for x in KINDS_OF_RANK[r] for y in KINDS_OF_RANK[r] if y != x)
                  for r in range(8))


def masks_of(hist: SeatHistory) -> Masks:
    """The bitsets of a seat history: what ``masks_of_judged`` asks the engine's judges
    (``eat_faults_history``, ``discard_faults``), read straight from the history's keys
    (the rollouts' hot path; tests check the two agree on every history of many games)."""
    declined_chan = _kinds(hist.declined_chan)
    declined_ca = _kinds(hist.declined_ca)
    discarded = _kinds(hist.discarded)
    eaten = _kinds(hist.eaten)
    ca_eaten = 0  # kinds of the ranks eaten as cạ
    ca_ranks = 0
    for r in hist.ca_eaten_rank:
        ca_eaten |= RANK_KINDS[r]
        ca_ranks |= 1 << r
    disc_ranks = 0
    for r in hist.discarded_rank:
        disc_ranks |= 1 << r
    chan_ok = ALL & ~declined_chan & ~discarded & ~ca_eaten  # L6, L12, L15
    disc_ok = ALL & ~declined_chan & ~discarded & ~eaten & ~ca_eaten  # L9, L13, L14, L17
    if hist.first_ca_eat is not None:  # L16
        for z in range(N_KINDS):
            if discarded & _OTHERS[z]:
                disc_ok &= ~(1 << z)
    ca_ok = 0
    if hist.ca_discarded is None:  # L10
        no_y = declined_chan | declined_ca  # L7, L8
        for r in range(8):
            if disc_ranks >> r & 1:
                continue  # L11
            for x, y in _CA_PAIRS[r]:
                if not (no_y >> y & 1 or discarded >> x & 1):  # L12
                    ca_ok |= 1 << (y * N_KINDS + x)
    return Masks(chan_ok, ca_ok, disc_ok, discarded, disc_ranks, hist.ca_discarded is not None,
                 hist.first_ca_eat is not None, ca_ranks)


def masks_of_judged(hist: SeatHistory) -> Masks:
    """The bitsets of a seat history, from the engine's judges."""
    chan_ok = 0
    ca_ok = 0
    disc_ok = 0
    for x in range(N_KINDS):
        if not eat_faults_history(hist, x, x):
            chan_ok |= 1 << x
        if not discard_faults(hist, x):
            disc_ok |= 1 << x
        if x != CC_INDEX:
            for y in KINDS_OF_RANK[RANK_OF[x]]:
                if y != x and not eat_faults_history(hist, x, y):
                    ca_ok |= 1 << (y * N_KINDS + x)
    disc_kinds = sum(1 << k for k in hist.discarded)
    disc_ranks = sum(1 << r for r in hist.discarded_rank)
    ca_ranks = sum(1 << r for r in hist.ca_eaten_rank)
    return Masks(chan_ok, ca_ok, disc_ok, disc_kinds, disc_ranks, hist.ca_discarded is not None,
                 hist.first_ca_eat is not None, ca_ranks)


def _l16(disc_ranks: int, disc_kinds: int) -> int:
    """Kinds whose discard would be L16 once a cạ has been eaten."""
    out = 0
    for r in range(8):
        if disc_ranks >> r & 1:
            out |= RANK_KINDS[r] & ~disc_kinds
    return out


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
    if (h >> (3 * x)) & 7:
        chan_ok &= ~(1 << x)
        disc_ok &= ~(1 << x)
        ca_ok &= ~_CA_ROW_RANK[x]
    if x != CC_INDEX:
        for y in KINDS_OF_RANK[RANK_OF[x]]:
            if y != x and (h >> (3 * y)) & 7:
                ca_ok &= ~_CA_ROW_RANK[y]
    return Masks(chan_ok, ca_ok, disc_ok, m.disc_kinds, m.disc_ranks, m.ca_discarded,
                 m.first_ca, m.ca_ranks)
