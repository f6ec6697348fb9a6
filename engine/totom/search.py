"""The arrangement search on counts: does a winning set have an arrangement of T5.2, and which.

The search fixes, in this order, what couples cards of different suits or needs the winning
card, then checks each suit alone:

1. new bộ giống (T5.2: one holding W, or a khàn kept in the hand; none of bất thực cards) and the
   cards mat bộ giống take up to four;
2. how many of each special phu SP1–SP7 (T3.4);
3. at least `lung_required` lưng among mat lưng, new bộ giống and special phu (T3.7);
4. for each rank where a phu bí is possible (all three suits present, or a mat phu bí with room)
   how many cards of each suit go to phu bí (T3.2);
5. each suit alone: do its cards make runs, extend its mat runs at their ends (T5.2) or stand
   alone as yêu đen? Every card that is left of ``oc tt cc`` stands alone as a yêu (T3.6).

Step 5 is a scan over the nine ranks that keeps how many runs are open with one, two, or three
or more cards; extending a run of three or more is never worse than starting a new one (the two
could be joined), so the scan branches only on yêu đen and on which open run a mat run's lower
end takes. Its answer is kept per suit (memo), so that most checks are one dictionary lookup.

This module only answers yes or no, as fast as plain Python allows: the win test is called for
every card of every claim window and by the computer players. The arrangements themselves are
found by engine/totom/arrange.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from engine.totom.cards import N_SUITED, Card
from engine.totom.melds import SPECIAL
from engine.totom.position import BITS, Packed

M1 = sum(1 << (BITS * r) for r in range(9))  # bit 0 of every rank's digit
NOT_RANK1 = M1 & ~1
SUIT_BITS = 9 * BITS

# Where each kind's count lives in the six-number state: suits 0..2 packed, then oc, tt, cc.
_SLOT = tuple([k // 9 for k in range(N_SUITED)] + [3, 4, 5])
_SHIFT = tuple([BITS * (k % 9) for k in range(N_SUITED)] + [0, 0, 0])
_SP_LOC = tuple(tuple((_SLOT[c], _SHIFT[c]) for c in cards) for cards in SPECIAL.values())
_SP_IDS = tuple(SPECIAL)
SP1, SP2, SP7 = 0, 1, 6
# What one special phu takes from each packed suit.
_SP_DELTA = tuple(tuple(sum(1 << sh for sl, sh in loc if sl == s) for s in range(3))
                  for loc in _SP_LOC)

def count_at(state: Sequence[int], kind: int) -> int:
    """A kind's count in a six-number state."""
    return (state[_SLOT[kind]] >> _SHIFT[kind]) & 7


# ----------------------------------------------------------------------- one suit (step 5)

_SUIT_OK: dict[int, bool] = {}
_MEMO_LIMIT = 2_000_000


def suit_ok(vec: int, key: int, runs: tuple[tuple[int, int], ...]) -> bool:
    """One suit's cards all placed by runs, its mat runs' ends and lone yêu đen (memoised)."""
    k = vec | (key << SUIT_BITS)
    ok = _SUIT_OK.get(k)
    if ok is None:
        if len(_SUIT_OK) >= _MEMO_LIMIT:
            _SUIT_OK.clear()
        ok = _SUIT_OK[k] = suit_scan(vec, runs) if runs else plain_scan(vec)
    return ok


def plain_scan(vec: int) -> bool:
    """suit_scan without mat runs, where no choice is left: the scan goes straight through.

    Without mat runs the only choice is how many yêu đen start runs, and as many as there are
    nhị to follow is best: each run started at nhất asks nothing more of tam than a run started
    at nhị, and one card less of tứ.
    """
    o1 = min(vec & 7, (vec >> BITS) & 7)
    o2 = o3 = 0
    for shift in range(BITS, SUIT_BITS, BITS):
        m = ((vec >> shift) & 7) - o1 - o2
        if m < 0:
            return False
        ext = m if m < o3 else o3
        o1, o2, o3 = m - ext, o1, o2 + ext
    return o1 == 0 and o2 == 0


def suit_scan(vec: int, runs: tuple[tuple[int, int], ...]) -> bool:
    """The scan of step 5 over ranks 1..9 (see the module docstring).

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
        n = (vec >> (BITS * (r - 1))) & 7
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


def absorb(o1: int, o2: int, starts: int) -> list[tuple[int, int]]:
    """Ways the mat runs starting here take open runs ending just below them (T5.2)."""
    if not starts or not (o1 or o2):
        return [(0, 0)]
    return [(j1, j2) for j1 in range(min(o1, starts) + 1)
            for j2 in range(min(o2, starts - j1) + 1)]


# ----------------------------------------------------------------------- phu bí (step 4)

# (cv, cn, cs, room) → the triples (xv, xn, xs) of cards that can go to phu bí of that rank: new
# phu bí (each with every suit, 3 to 5 cards) and up to `room` cards onto the mat phu bí.
_BI_OPTIONS: dict[tuple[int, int, int, int], tuple[tuple[int, int, int], ...]] = {}


def _new_bi_ok(a: int, b: int, c: int) -> bool:
    """Can a, b, c cards of the three suits make new phu bí exactly (T3.2)?"""
    low = min(a, b, c)
    return a == b == c == 0 or (low >= 1 and a + b + c <= 5 * low)


def bi_splits(x: tuple[int, int, int], room: int) -> list[tuple[int, int, int]]:
    """The parts y of x that the mat phu bí can take so that x − y makes new phu bí."""
    return [(yv, yn, ys)
            for yv in range(x[0] + 1) for yn in range(x[1] + 1) for ys in range(x[2] + 1)
            if yv + yn + ys <= room and _new_bi_ok(x[0] - yv, x[1] - yn, x[2] - ys)]


# The same, indexed by cv | cn << 3 | cs << 6 | room << 9 (counts 0..4, room 0..7).
def bi_options(cv: int, cn: int, cs: int, room: int) -> tuple[tuple[int, int, int], ...]:
    """Step 4's choices at one rank (memoised)."""
    key = (cv, cn, cs, room)
    opts = _BI_OPTIONS.get(key)
    if opts is None:
        found = [(xv, xn, xs)
                 for xv in range(cv + 1) for xn in range(cn + 1) for xs in range(cs + 1)
                 if bi_splits((xv, xn, xs), room)]
        opts = _BI_OPTIONS[key] = tuple(sorted(found, key=sum, reverse=True))
    return opts


_BI_TABLE: list[tuple[tuple[int, int, int], ...]] = [
    bi_options(i & 7, (i >> 3) & 7, (i >> 6) & 7, i >> 9)
    if max(i & 7, (i >> 3) & 7, (i >> 6) & 7) <= 4 else () for i in range(1 << 12)]


# ----------------------------------------------------------------------- the search


def _ge3(x: int) -> int:
    """Bit 0 of each digit holding 3 or more (digits are 0..4)."""
    return ((x >> 2) | ((x >> 1) & x)) & M1


def _nonzero(x: int) -> int:
    """Bit 0 of each digit that is not 0."""
    return (x | x >> 1 | x >> 2) & M1


def _loose(nz: int, other: int, bi_mask: int) -> int:
    """Suited non-yêu cards of a suit with neither run neighbours nor a phu bí rank present."""
    dn1 = nz >> 3
    return nz & NOT_RANK1 & ~(((nz << 3) & ((nz << 6) | dn1)) | (dn1 & (nz >> 6)) | other
                              | bi_mask)


def chains(ends: int, nz: int) -> int:
    """Ranks reached from a mat run's ends through hand cards present (over-approximated)."""
    grow = ends
    for _ in range(8):
        grow |= ((grow << 3) | (grow >> 3)) & nz
    return grow


# Special phu presence, from each suit's nonzero digits: the card slots of the SP table they
# fill (bit 3j + i: card i of SP j), then which SP have all three cards.
def _sp_fill_tables() -> tuple[tuple[int, dict[int, int]], ...]:
    tables = []
    for slot in range(3):
        mask = 0
        bits: list[tuple[int, int]] = []
        for j, cards in enumerate(_SP_LOC):
            for i, (sl, shift) in enumerate(cards):
                if sl == slot:
                    mask |= 1 << shift
                    bits.append((shift, 3 * j + i))
        table = {}
        for sub in range(1 << 9):
            digits = sum(1 << (BITS * r) for r in range(9) if sub >> r & 1) & mask
            table[digits] = sum(1 << b for shift, b in bits if digits >> shift & 1)
        tables.append((mask, table))
    return tuple(tables)


_SP_FILL = _sp_fill_tables()
_RED_FILL = tuple(sum(1 << (3 * j + i) for j, cards in enumerate(_SP_LOC)
                      for i, (sl, _) in enumerate(cards) if sl == 3 + r) for r in range(3))
_SP_PRESENT: dict[int, tuple[int, ...]] = {}


def _present(n0: int, n1: int, n2: int, r0: int, r1: int, r2: int) -> tuple[int, ...]:
    """Indices of the special phu whose three cards are all present."""
    (m0, t0), (m1, t1), (m2, t2) = _SP_FILL
    filled = t0[n0 & m0] | t1[n1 & m1] | t2[n2 & m2]
    if r0:
        filled |= _RED_FILL[0]
    if r1:
        filled |= _RED_FILL[1]
    if r2:
        filled |= _RED_FILL[2]
    out = _SP_PRESENT.get(filled)
    if out is None:
        out = _SP_PRESENT[filled] = tuple(j for j in range(7) if filled >> (3 * j) & 7 == 7)
    return out


def sp_present(state: Sequence[int]) -> tuple[int, ...]:
    """Indices of the special phu whose three cards are all in a six-number state."""
    return _present(_nonzero(state[0]), _nonzero(state[1]), _nonzero(state[2]),
                    state[3], state[4], state[5])


def sp_avail(state: Sequence[int], j: int) -> int:
    """How many times special phu j could be made from a six-number state."""
    (a, sa), (b, sb), (c, sc) = _SP_LOC[j]
    return min((state[a] >> sa) & 7, (state[b] >> sb) & 7, (state[c] >> sc) & 7)


def _rescued(packed: Packed, present: tuple[int, ...], slot: int, nz: int, other: int,
             ge: int) -> bool:
    """Whether the loose cards of a suit all reach a mat run or a special phu present."""
    rest = _loose(nz, other, packed.bi_mask) & ~(ge | packed.giong_help[slot])
    if packed.run_help[slot]:
        rest &= ~chains(packed.run_help[slot], nz)
    for j in present:
        for sl, shift in _SP_LOC[j]:
            if sl == slot:
                rest &= ~(1 << shift)
    return not rest


def giong_choices(packed: Packed, state: Sequence[int], w: Card | None,
                  phong: bool | None) -> list[tuple[int, tuple[int, ...], int]] | None:
    """Step 1: (kind, sizes to try, lưng each) for new bộ giống and mat bộ giống (T5.2, T5.6).

    A new bộ giống (a lưng) needs three of a kind; one of W's kind may use bất thực cards: it
    is the phỗng of the fourth card that T4.13 asks for. A mat bộ giống takes its own kind up
    to four; yêu are left out there, as a yêu alone is placed as well. None when the phỗng
    statement cannot hold (``phong`` true but no bộ giống of W possible).
    """
    out: list[tuple[int, tuple[int, ...], int]] = []
    w_listed = False
    for s in range(3):
        ge = ((state[s] >> 2) | ((state[s] >> 1) & state[s])) & M1
        if not ge:
            continue
        for r in _digit_ranks(ge):
            k = 9 * s + r
            if k != w and k in packed.bat_thuc:
                continue  # T4.13: bất thực cards make no bộ giống
            sizes: tuple[int, ...] = (4, 3, 0) if (state[s] >> (BITS * r)) & 7 >= 4 else (3, 0)
            if k == w:
                w_listed = True
                sizes = _phong_sizes(sizes, phong)
            out.append((k, sizes, 1))
    for i in range(3):
        n = state[3 + i]
        k = 27 + i
        if n >= 3 and (k == w or k not in packed.bat_thuc):
            sizes = (4, 3, 0) if n >= 4 else (3, 0)
            if k == w:
                w_listed = True
                sizes = _phong_sizes(sizes, phong)
            out.append((k, sizes, 1))
    if phong is True and not w_listed:
        return None
    for k, room in packed.giong_room:
        if k < N_SUITED and k % 9:
            have = count_at(state, k)
            if have:
                out.append((k, tuple(range(min(room, have), -1, -1)), 0))
    return out


def _phong_sizes(sizes: tuple[int, ...], phong: bool | None) -> tuple[int, ...]:
    """T5.6: phỗng — W is in the bộ giống; không phỗng — not all of W's kind is in it."""
    if phong is True:
        return tuple(s for s in sizes if s)
    if phong is False:
        return tuple(s for s in sizes if s < sizes[0])
    return sizes


_RANKS: dict[int, tuple[int, ...]] = {}


def _digit_ranks(mask: int) -> tuple[int, ...]:
    """Rank indices 0..8 of the set bits of a digit mask (memoised)."""
    out = _RANKS.get(mask)
    if out is None:
        out = _RANKS[mask] = tuple(r for r in range(9) if mask >> (BITS * r) & 1)
    return out


def search(packed: Packed, w: Card | None, need: int, phong: bool | None = None,
           min_sp1: int = 0, min_sp2: int = 0) -> bool:
    """T5.2 on the position plus W (None: the position alone, as thiên ù).

    ``phong`` is the winner's statement (T5.6); ``min_sp1`` / ``min_sp2`` ask for at least that
    many tôm and lèo (a call to make true, T5.3).
    """
    state = [*packed.suits, *packed.red]
    if w is not None:
        state[_SLOT[w]] += 1 << _SHIFT[w]
    v0, v1, v2 = state[0], state[1], state[2]
    n0 = (v0 | v0 >> 1 | v0 >> 2) & M1
    n1 = (v1 | v1 >> 1 | v1 >> 2) & M1
    n2 = (v2 | v2 >> 1 | v2 >> 2) & M1
    (m0, t0), (m1, t1), (m2, t2) = _SP_FILL  # _present(), inlined: once per win test
    filled = t0[n0 & m0] | t1[n1 & m1] | t2[n2 & m2]
    if state[3]:
        filled |= _RED_FILL[0]
    if state[4]:
        filled |= _RED_FILL[1]
    if state[5]:
        filled |= _RED_FILL[2]
    present = _SP_PRESENT.get(filled)
    if present is None:
        present = _present(n0, n1, n2, state[3], state[4], state[5])
    g0 = ((v0 >> 2) | ((v0 >> 1) & v0)) & M1
    g1 = ((v1 >> 2) | ((v1 >> 1) & v1)) & M1
    g2 = ((v2 >> 2) | ((v2 >> 1) & v2)) & M1
    # A quick necessary test: every suited card other than a yêu needs partners present — run
    # neighbours, a chain to a mat run, the rest of its phu bí rank, three of its kind, a mat
    # bộ giống of its kind, or the rest of a special phu.
    bi_mask = packed.bi_mask
    gh = packed.giong_help
    d = n0 >> 3
    if n0 & NOT_RANK1 & ~(((n0 << 3) & ((n0 << 6) | d)) | (d & (n0 >> 6)) | (n1 & n2) | bi_mask
                          | g0 | gh[0]) and not _rescued(packed, present, 0, n0, n1 & n2, g0):
        return False
    d = n1 >> 3
    if n1 & NOT_RANK1 & ~(((n1 << 3) & ((n1 << 6) | d)) | (d & (n1 >> 6)) | (n0 & n2) | bi_mask
                          | g1 | gh[1]) and not _rescued(packed, present, 1, n1, n0 & n2, g1):
        return False
    d = n2 >> 3
    if n2 & NOT_RANK1 & ~(((n2 << 3) & ((n2 << 6) | d)) | (d & (n2 >> 6)) | (n0 & n1) | bi_mask
                          | g2 | gh[2]) and not _rescued(packed, present, 2, n2, n0 & n1, g2):
        return False
    if phong is not None or g0 or g1 or g2 or state[3] >= 3 or state[4] >= 3 \
            or state[5] >= 3 or (gh[0] & n0) | (gh[1] & n1) | (gh[2] & n2):
        steps = giong_choices(packed, state, w, phong)
        if steps is None:
            return False
        if steps:
            return _takes(packed, state, present, steps, 0, packed.mat_lung, need, min_sp1,
                          min_sp2)
    return _specials(packed, state, present, packed.mat_lung, need, min_sp1, min_sp2)


def _takes(packed: Packed, state: list[int], present: tuple[int, ...],
           steps: list[tuple[int, tuple[int, ...], int]], i: int, have: int, need: int,
           min_sp1: int, min_sp2: int) -> bool:
    """Step 1: for each kind in turn, how many cards a bộ giống takes (new, or on the mat)."""
    if i == len(steps):
        return _specials(packed, state, present, have, need, min_sp1, min_sp2)
    k, sizes, lung = steps[i]
    slot, shift = _SLOT[k], _SHIFT[k]
    for size in sizes:
        if size:
            state[slot] -= size << shift
            found = _takes(packed, state, present, steps, i + 1, have + lung, need, min_sp1,
                           min_sp2)
            state[slot] += size << shift
        else:
            found = _takes(packed, state, present, steps, i + 1, have, need, min_sp1, min_sp2)
        if found:
            return True
    return False


def _specials(packed: Packed, state: list[int], present: tuple[int, ...], have: int,
              need: int, min_sp1: int, min_sp2: int) -> bool:
    """Steps 2 and 3: the special phu present (a superset is fine), then the lưng count."""
    if not present:
        return have >= need and min_sp1 == min_sp2 == 0 and \
            _tron(packed, state[0], state[1], state[2])
    if (min_sp1 and SP1 not in present) or (min_sp2 and SP2 not in present):
        return False
    if len(present) == 1 and present[0] != SP7:  # the usual case, without recursion
        i = present[0]
        (a, sa), (b, sb), (c, sc) = _SP_LOC[i]
        st = state
        low = min_sp1 if i == SP1 else min_sp2 if i == SP2 else 0
        d0, d1, d2 = _SP_DELTA[i]
        v0, v1, v2 = st[0], st[1], st[2]
        for n in range(min((st[a] >> sa) & 7, (st[b] >> sb) & 7, (st[c] >> sc) & 7),
                       low - 1, -1):
            if have + n < need:
                return False
            if _tron(packed, v0 - n * d0, v1 - n * d1, v2 - n * d2):
                return True
        return False
    if have < need and have + sum(sp_avail(state, j) for j in present) < need:
        return False
    return _special(packed, state, present, 0, have, need, min_sp1, min_sp2)


def _special(packed: Packed, st: list[int], present: tuple[int, ...], j: int, have: int,
             need: int, min_sp1: int, min_sp2: int) -> bool:
    if j == len(present):
        return have >= need and _tron(packed, st[0], st[1], st[2])
    i = present[j]
    (a, sa), (b, sb), (c, sc) = _SP_LOC[i]
    avail = min((st[a] >> sa) & 7, (st[b] >> sb) & 7, (st[c] >> sc) & 7)
    low = min_sp1 if i == SP1 else min_sp2 if i == SP2 else 0
    if i == SP7:  # SP7 is also a run: worth choosing only for a lưng still missing
        avail = min(avail, max(0, need - have))
    if avail < low:
        return False
    for n in range(avail, low - 1, -1):
        if n:
            st[a] -= n << sa
            st[b] -= n << sb
            st[c] -= n << sc
            found = _special(packed, st, present, j + 1, have + n, need, min_sp1, min_sp2)
            st[a] += n << sa
            st[b] += n << sb
            st[c] += n << sc
        else:
            found = _special(packed, st, present, j + 1, have, need, min_sp1, min_sp2)
        if found:
            return True
    return False


_SHIFTS: dict[int, tuple[int, ...]] = {}


def _shifts(cand: int) -> tuple[int, ...]:
    """The bit offsets of the ranks set in a digit mask (memoised)."""
    out = _SHIFTS.get(cand)
    if out is None:
        out = _SHIFTS[cand] = tuple(BITS * r for r in range(9) if cand >> (BITS * r) & 1)
    return out


def _tron(p: Packed, v0: int, v1: int, v2: int) -> bool:
    """Steps 4 and 5: the suited cards left all lie in phu bí, runs and mat melds."""
    n0 = (v0 | v0 >> 1 | v0 >> 2) & M1
    n1 = (v1 | v1 >> 1 | v1 >> 2) & M1
    n2 = (v2 | v2 >> 1 | v2 >> 2) & M1
    bi_mask = p.bi_mask
    keys = p.run_keys
    k0, k1, k2 = keys[0] << SUIT_BITS, keys[1] << SUIT_BITS, keys[2] << SUIT_BITS
    memo = _SUIT_OK
    cand = n0 & n1 & n2 & NOT_RANK1
    if bi_mask:
        cand |= (n0 | n1 | n2) & bi_mask
    if not cand:  # no phu bí possible: each suit alone, three lookups
        ok = memo.get(v0 | k0)
        if ok is None:
            ok = suit_ok(v0, keys[0], p.runs[0])
        if ok:
            ok = memo.get(v1 | k1)
            if ok is None:
                ok = suit_ok(v1, keys[1], p.runs[1])
            if ok:
                ok = memo.get(v2 | k2)
                if ok is None:
                    ok = suit_ok(v2, keys[2], p.runs[2])
        return ok
    # Before trying the phu bí choices, the isolation test of search(), inlined.
    d = n0 >> 3
    rest = n0 & NOT_RANK1 & ~(((n0 << 3) & ((n0 << 6) | d)) | (d & (n0 >> 6)) | (n1 & n2)
                              | bi_mask)
    if rest and (not p.run_help[0] or rest & ~chains(p.run_help[0], n0)):
        return False
    d = n1 >> 3
    rest = n1 & NOT_RANK1 & ~(((n1 << 3) & ((n1 << 6) | d)) | (d & (n1 >> 6)) | (n0 & n2)
                              | bi_mask)
    if rest and (not p.run_help[1] or rest & ~chains(p.run_help[1], n1)):
        return False
    d = n2 >> 3
    rest = n2 & NOT_RANK1 & ~(((n2 << 3) & ((n2 << 6) | d)) | (d & (n2 >> 6)) | (n0 & n1)
                              | bi_mask)
    if rest and (not p.run_help[2] or rest & ~chains(p.run_help[2], n2)):
        return False
    shifts = _shifts(cand)
    room = p.bi_room
    # The three lookups are written out in each loop on purpose: folding them into a helper,
    # or the one-rank case into the general one, costs a quarter of the win test's speed.
    if len(shifts) == 1:
        sh = shifts[0]
        for xv, xn, xs in _BI_TABLE[((v0 >> sh) & 7) | ((v1 >> sh) & 7) << 3
                                    | ((v2 >> sh) & 7) << 6 | min(room[sh // BITS + 1], 7) << 9]:
            a = v0 - (xv << sh)
            ok = memo.get(a | k0)
            if ok is None:
                ok = suit_ok(a, keys[0], p.runs[0])
            if not ok:
                continue
            b = v1 - (xn << sh)
            ok = memo.get(b | k1)
            if ok is None:
                ok = suit_ok(b, keys[1], p.runs[1])
            if not ok:
                continue
            c = v2 - (xs << sh)
            ok = memo.get(c | k2)
            if ok is None:
                ok = suit_ok(c, keys[2], p.runs[2])
            if ok:
                return True
        return False
    lists = [_BI_TABLE[((v0 >> sh) & 7) | ((v1 >> sh) & 7) << 3 | ((v2 >> sh) & 7) << 6
                       | min(room[sh // BITS + 1], 7) << 9] for sh in shifts]
    for combo in product(*lists):
        a, b, c = v0, v1, v2
        for sh, (xv, xn, xs) in zip(shifts, combo, strict=True):
            a -= xv << sh
            b -= xn << sh
            c -= xs << sh
        ok = memo.get(a | k0)
        if ok is None:
            ok = suit_ok(a, keys[0], p.runs[0])
        if not ok:
            continue
        ok = memo.get(b | k1)
        if ok is None:
            ok = suit_ok(b, keys[1], p.runs[1])
        if not ok:
            continue
        ok = memo.get(c | k2)
        if ok is None:
            ok = suit_ok(c, keys[2], p.runs[2])
        if ok:
            return True
    return False
