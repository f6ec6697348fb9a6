"""One suit's cards alone (step 5 of engine/totom/search.py), and what else the search asks of a
suit, each kept in a memo.

A suit vector is the suit's nine counts packed three bits a rank. Alone, a suit's cards are placed
by runs (T3.3), by extending its mat runs at their ends (T5.2) and, for the nhất, standing alone
as yêu đen (T3.6). ``SCANS`` answers that per suit vector and set of mat runs.

``INFOS`` answers, per suit's ranks present (bit 0 of each rank's digit) and the suit's place
(Vạn, Văn, Sách), an int:

- bits 0..26 (``LOOSE``): bit 0 of the digit of each rank 2..9 whose cards have no run
  neighbours present, so that (unless three of a kind make a bộ giống, or they reach a mat
  run's end: ``chains``) they can only go to a phu bí or a special phu;
- from ``FILL_AT``: the special phu card slots the suit's cards fill (bit 3j + i: card i of SP
  j).

Its keys are few (1536), so it is soon full; the scan's keys are many, so
a scan costs only three lookups even for a vector not seen before: it keeps how many runs are
open with one, two, or three or more cards (extending a run of three or more is never worse
than starting a new one: the two could be joined), branches only on yêu đen and on which open
run a mat run's lower end takes, and walks the ranks three at a time through a memo of
transitions between sets of scan states.
"""

from __future__ import annotations

from engine.totom.melds import SPECIAL
from engine.totom.position import BITS, SUIT_BITS, runs_of_key

SUIT_MASK = (1 << SUIT_BITS) - 1
M1 = sum(1 << (BITS * r) for r in range(9))  # bit 0 of every rank's digit
NOT_RANK1 = M1 & ~1

LOOSE = SUIT_MASK
FILL_AT = SUIT_BITS


def chains(ends: int, nz: int) -> int:
    """The ranks next to a mat run's ends (``ends``) and those one present card further.

    For a card with no run neighbours in its suit (``LOOSE``) this is exactly whether hand cards
    join it to a mat run (T5.2): three ranks or more away, the cards between would be run
    neighbours of it.
    """
    step = ends & nz
    return ends | step << BITS | step >> BITS


# ----------------------------------------------------------------------- the scan

# A scan state (o1, o2, o3) is the number o1 | o2 << 3 | o3 << 6; a set of states is a bit mask
# over those numbers. A state ends a suit well when no run is left with fewer than three cards.
_DONE = sum(1 << (o3 << 6) for o3 in range(8))

# What the mat runs do within each three ranks — for each rank, (mat runs starting there, mat
# runs ending just below) — named by a small number, so that suits with different mat runs
# share their transitions where the runs do not reach: 0, 1, 2 are the three chunks untouched.
_CHUNK_IDS: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {
    (chunk, ((0, 0),) * 3): chunk for chunk in range(3)}
_CHUNK_STEPS: list[tuple[int, tuple[tuple[int, int], ...]]] = [
    (chunk, ((0, 0),) * 3) for chunk in range(3)]

# Per set of mat runs (its key): each chunk's number.
_RUN_CHUNKS: dict[int, tuple[int, int, int]] = {0: (0, 1, 2)}


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
            local = (chunk, tuple((starts[r], ends[r - 1]) for r in range(3 * chunk + 1,
                                                                          3 * chunk + 4)))
            cid = _CHUNK_IDS.get(local)
            if cid is None:
                cid = _CHUNK_IDS[local] = len(_CHUNK_STEPS)
                _CHUNK_STEPS.append(local)
            ids.append(cid)
        chunks = _RUN_CHUNKS[key] = (ids[0], ids[1], ids[2])
    return chunks


def absorb(o1: int, o2: int, starts: int) -> list[tuple[int, int]]:
    """Ways the mat runs starting here take open runs ending just below them (T5.2)."""
    if not starts or not (o1 or o2):
        return [(0, 0)]
    return [(j1, j2) for j1 in range(min(o1, starts) + 1)
            for j2 in range(min(o2, starts - j1) + 1)]


def _step(states: int, n: int, starts: int, ends: int, first: bool) -> int:
    """The scan states after one rank holding n cards (see the module docstring)."""
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


# Sets of scan states are named by small numbers (0: the empty set, 1: the start) so that a
# transition over three ranks is one int-keyed lookup: the ranks' counts | set << 9 | chunk's
# number << 29 → the set after them.
_SETS: list[int] = [0, 1]
_SET_IDS: dict[int, int] = {0: 0, 1: 1}
_SET_DONE: list[bool] = [False, True]
_TRANS: dict[int, int] = {}


_STEPS: dict[int, int] = {}


def _intern(states: int) -> int:
    """The small number naming a set of scan states."""
    sid = _SET_IDS.get(states)
    if sid is None:
        sid = _SET_IDS[states] = len(_SETS)
        _SETS.append(states)
        _SET_DONE.append(bool(states & _DONE))
    return sid


def _transition(tk: int) -> int:
    chunk, steps = _CHUNK_STEPS[tk >> 29]
    bits = tk & 0o777
    sid = (tk >> 9) & 0xFFFFF
    for i in range(3):
        starts, ends = steps[i]
        # one rank: set | count << 20 | starts << 23 | ends << 26 | first rank << 29
        sk = sid | (bits >> (BITS * i) & 7) << 20 | starts << 23 | ends << 26 \
            | (chunk == i == 0) << 29
        nxt = _STEPS.get(sk)
        if nxt is None:
            nxt = _STEPS[sk] = _intern(_step(_SETS[sid], (bits >> (BITS * i)) & 7, starts, ends,
                                             chunk == i == 0))
        sid = nxt
        if not sid:
            break
    _TRANS[tk] = sid
    return sid


def scan(vec: int, key: int) -> bool:
    """Can one suit's cards all be placed alone, with the mat runs of that key? (T3.3, T5.2)"""
    chunks = _run_chunks(key)
    sid = 1
    for chunk in range(3):
        tk = (vec >> (3 * BITS * chunk)) & 0o777 | sid << 9 | chunks[chunk] << 29
        nxt = _TRANS.get(tk)
        if nxt is None:
            nxt = _transition(tk)
        if not nxt:
            return False
        sid = nxt
    return _SET_DONE[sid]


# ----------------------------------------------------------------------- the memo


def _fill_tables() -> tuple[tuple[int, dict[int, int]], ...]:
    """Per suit place: the digits of its special phu cards, and their digits present → the
    special phu card slots they fill (bit 3j + i: card i of SP j)."""
    out = []
    for place in range(3):
        pairs = [(BITS * (card % 9), 3 * j + i) for j, cards in enumerate(SPECIAL.values())
                 for i, card in enumerate(cards) if card < 27 and card // 9 == place]
        mask = 0
        for shift, _ in pairs:
            mask |= 1 << shift
        table = {}
        for sub in range(1 << 9):
            digits = sum(1 << (BITS * r) for r in range(9) if sub >> r & 1) & mask
            table[digits] = sum(1 << bit for shift, bit in pairs if digits >> shift & 1)
        out.append((mask, table))
    return tuple(out)


_FILLS = _fill_tables()


def fill_bits(nz: int, place: int) -> int:
    """The special phu card slots filled by a suit's ranks present (nz: bit 0 of each digit)."""
    mask, table = _FILLS[place]
    return table[nz & mask]


def info(nz: int, place: int) -> int:
    """What a suit's ranks present say, mat runs aside (module docstring)."""
    up = nz >> 3
    partnered = ((nz << 3) & ((nz << 6) | up)) | (up & (nz >> 6))
    return nz & NOT_RANK1 & ~partnered | fill_bits(nz, place) << FILL_AT


class _Scans(dict[int, bool]):
    """Suit vector | mat runs' key << SUIT_BITS → scan(), filled on first use."""

    limit = 2_000_000

    def __missing__(self, k: int) -> bool:
        if len(self) >= self.limit:
            self.clear()
        value = self[k] = scan(k & SUIT_MASK, k >> SUIT_BITS)
        return value


class _Infos(dict[int, int]):
    """Ranks present | place << SUIT_BITS → info()."""

    limit = 200_000

    def __missing__(self, k: int) -> int:
        if len(self) >= self.limit:
            self.clear()
        value = self[k] = info(k & SUIT_MASK, k >> SUIT_BITS)
        return value


SCANS = _Scans()
INFOS = _Infos()
