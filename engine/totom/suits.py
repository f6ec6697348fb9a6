"""One suit's cards alone (step 5 of engine/totom/search.py), kept in a memo.

Alone, a suit's cards are placed by runs (T3.3), by extending its mat runs at their ends (T5.2)
and, for the nhất, standing alone as yêu đen (T3.6). ``SCANS`` answers that per suit (its counts
as suit 0's in engine/totom/layout.py) and set of mat runs (a number from
engine/totom/position.py's ``run_key``, above the counts from ``KEY_AT``).

The scan keeps how many runs are open with one, two, or three or more cards: extending a run of
three or more is never worse than starting a new one (the two could be joined), so it branches
only on yêu đen and on which open run a mat run's lower end takes. ``scan_by_rank`` is that scan
rank by rank over a set of states. ``scan`` gives the same answer three ranks at a time, through
a memo of transitions between sets of states (named by small numbers): there are many suits but
few transitions, so a suit not seen before costs three lookups.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.totom.layout import DIGITS0, KEY_AT, RANK_BITS
from engine.totom.position import runs_of_key


def absorb(o1: int, o2: int, starts: int) -> list[tuple[int, int]]:
    """Ways the mat runs starting here take open runs ending just below them (T5.2)."""
    if not starts or not (o1 or o2):
        return [(0, 0)]
    return [(j1, j2) for j1 in range(min(o1, starts) + 1)
            for j2 in range(min(o2, starts - j1) + 1)]


def scan_by_rank(counts: Sequence[int], runs: tuple[tuple[int, int], ...]) -> bool:
    """One suit's nine counts placed alone, with these mat runs (lo, hi), rank by rank.

    A state (o1, o2, o3) — open runs of one card, two cards, three or more — is packed as
    o1 | o2 << 4 | o3 << 8.
    """
    starts = [0] * 11
    ends = [0] * 11
    for lo, hi in runs:
        starts[lo] += 1
        ends[hi] += 1
    frontier = {0}
    for r in range(1, 10):
        n = counts[r - 1]
        nxt: set[int] = set()
        for st in frontier:
            o1, o2, o3 = st & 15, (st >> 4) & 15, (st >> 8) + ends[r - 1]
            for j1, j2 in absorb(o1, o2, starts[r]):
                p1, p2 = o1 - j1, o2 - j2
                m = n - p1 - p2
                if m < 0:
                    continue
                if r == 1:  # yêu đen may start runs or stand alone (T3.6)
                    nxt.update(range(m + 1))
                    continue
                ext = min(m, o3)
                nxt.add((m - ext) | (p1 << 4) | ((p2 + ext) << 8))
        if not nxt:
            return False
        frontier = nxt
    return any(st & 0xFF == 0 for st in frontier)


# ----------------------------------------------------------------------- three ranks at a time

# Here a state is o1 | o2 << 3 | o3 << 6 and a set of states a bit mask over those numbers; a
# state ends a suit well when no run is left with fewer than three cards.
_DONE = sum(1 << (o3 << 6) for o3 in range(8))


def _step(states: int, n: int, starts: int, ends: int, first: bool) -> int:
    """The states after one rank holding n cards, ``starts`` mat runs starting there and
    ``ends`` ending just below."""
    out = 0
    code = 0
    while states:
        if states & 1:
            o1, o2, o3 = code & 7, (code >> 3) & 7, (code >> 6) + ends
            for j1, j2 in absorb(o1, o2, starts):
                p1, p2 = o1 - j1, o2 - j2
                m = n - p1 - p2
                if m < 0:
                    continue
                if first:  # yêu đen may start runs or stand alone (T3.6)
                    out |= (2 << m) - 1
                    continue
                ext = min(m, o3)
                out |= 1 << ((m - ext) | (p1 << 3) | ((p2 + ext) << 6))
        states >>= 1
        code += 1
    return out


# What the mat runs do within each three ranks — for each rank, (mat runs starting there, mat
# runs ending just below) — named by a small number, so that suits with different mat runs
# share their transitions where the runs do not reach: 0, 1, 2 are the three chunks untouched.
_CHUNK_IDS: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {
    (chunk, ((0, 0),) * 3): chunk for chunk in range(3)}
_CHUNK_STEPS: list[tuple[int, tuple[tuple[int, int], ...]]] = [
    (chunk, ((0, 0),) * 3) for chunk in range(3)]
_RUN_CHUNKS: dict[int, tuple[int, int, int]] = {0: (0, 1, 2)}  # run key → its chunks


def _run_chunks(key: int) -> tuple[int, int, int]:
    chunks = _RUN_CHUNKS.get(key)
    if chunks is None:
        starts = [0] * 11
        ends = [0] * 11
        for lo, hi in runs_of_key(key):
            starts[lo] += 1
            ends[hi] += 1
        ids = []
        for chunk in range(3):
            local = (chunk, tuple((starts[r], ends[r - 1])
                                  for r in range(3 * chunk + 1, 3 * chunk + 4)))
            cid = _CHUNK_IDS.get(local)
            if cid is None:
                cid = _CHUNK_IDS[local] = len(_CHUNK_STEPS)
                _CHUNK_STEPS.append(local)
            ids.append(cid)
        chunks = _RUN_CHUNKS[key] = (ids[0], ids[1], ids[2])
    return chunks


# Sets of states by number (0: the empty set, 1: the start), and whether each ends a suit well.
_SETS: list[int] = [0, 1]
_SET_IDS: dict[int, int] = {0: 0, 1: 1}
_SET_DONE: list[bool] = [False, True]
# One rank: set | count << 20 | starts << 23 | ends << 26 | first rank << 29 → set after it.
_STEPS: dict[int, int] = {}
# Three ranks: their counts (9 bits) | set << 9 | chunk's number << 29 → set after them.
_TRANS: dict[int, int] = {}
_TRANS_LIMIT = 1_000_000  # some thousands are seen; the bound only keeps memory bounded


def _intern(states: int) -> int:
    """The number naming a set of states."""
    sid = _SET_IDS.get(states)
    if sid is None:
        sid = _SET_IDS[states] = len(_SETS)
        _SETS.append(states)
        _SET_DONE.append(bool(states & _DONE))
    return sid


def _transition(tk: int) -> int:
    chunk, steps = _CHUNK_STEPS[tk >> 29]
    sid = (tk >> 9) & 0xFFFFF
    for i in range(3):
        n = (tk >> (3 * i)) & 7
        starts, ends = steps[i]
        first = chunk == i == 0
        sk = sid | n << 20 | starts << 23 | ends << 26 | first << 29
        nxt = _STEPS.get(sk)
        if nxt is None:
            nxt = _STEPS[sk] = _intern(_step(_SETS[sid], n, starts, ends, first))
        sid = nxt
        if not sid:
            break
    if len(_TRANS) >= _TRANS_LIMIT:
        _TRANS.clear()
    _TRANS[tk] = sid
    return sid


def scan(vec: int, key: int) -> bool:
    """One suit's counts (as suit 0's) placed alone, with the mat runs of that run key."""
    chunks = _run_chunks(key)
    sid = 1
    for chunk in range(3):
        x = vec >> (3 * RANK_BITS * chunk)
        tk = (x & 7) | (x >> 6 & 0o70) | (x >> 12 & 0o700) | sid << 9 | chunks[chunk] << 29
        nxt = _TRANS.get(tk)
        if nxt is None:
            nxt = _transition(tk)
        if not nxt:
            return False
        sid = nxt
    return _SET_DONE[sid]


class _Scans(dict[int, bool]):
    """A suit's counts | its run key << KEY_AT → scan(), filled on first use."""

    limit = 2_000_000

    def __missing__(self, k: int) -> bool:
        if len(self) >= self.limit:
            self.clear()
        value = self[k] = scan(k & DIGITS0, k >> KEY_AT)
        return value


SCANS = _Scans()
