"""The bitsets of a seat history as the engine's judges give them, kind by kind: the oracle
the bitsets the history keeps (engine.chan.masks) are checked against."""

from __future__ import annotations

from engine.chan.cards import CC_INDEX, N_KINDS
from engine.chan.masks import KINDS_OF_RANK, RANK_OF, Masks
from engine.chan.violations import SeatHistory, discard_faults, eat_faults_history


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
