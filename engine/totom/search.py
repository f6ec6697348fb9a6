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

Step 5 is engine/totom/suits.py: one memo lookup per suit answers it, and also says which of
the suit's cards have no partner in the suit (they must go to a phu bí or a special phu), which
special phu cards the suit holds, and whether a bộ giống is possible. With those the usual win
test — no bộ giống, at most one special phu, no phu bí rank — is three lookups and a few
integer operations; every step above is skipped when nothing calls for it, and a card with no
partner anywhere ends the test before any choice is tried.

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
from engine.totom.suits import (
    FILL_AT,
    INFOS,
    LOOSE,
    M1,
    NOT_RANK1,
    SCANS,
    absorb,
    chains,
    fill_bits,
)

# Where each kind's count lives in the six-number state: suits 0..2 packed, then oc, tt, cc.
_SLOT = tuple([k // 9 for k in range(N_SUITED)] + [3, 4, 5])
_SHIFT = tuple([BITS * (k % 9) for k in range(N_SUITED)] + [0, 0, 0])
_ONE = tuple(1 << s for s in _SHIFT)
_SP_LOC = tuple(tuple((_SLOT[c], _SHIFT[c]) for c in cards) for cards in SPECIAL.values())
SP1, SP2, SP7 = 0, 1, 6
# What one special phu takes from each packed suit.
_SP_DELTA = tuple(tuple(sum(1 << sh for sl, sh in loc if sl == s) for s in range(3))
                  for loc in _SP_LOC)
# The special phu slots oc, tt, cc fill.
_RED_FILL = tuple(sum(1 << (3 * j + i) for j, cards in enumerate(_SP_LOC)
                      for i, (sl, _) in enumerate(cards) if sl == 3 + r) for r in range(3))


def count_at(state: Sequence[int], kind: int) -> int:
    """A kind's count in a six-number state."""
    return (state[_SLOT[kind]] >> _SHIFT[kind]) & 7


def suit_scan(vec: int, runs: tuple[tuple[int, int], ...]) -> bool:
    """Step 5 rank by rank, as a set of scan states (the plain form of suits.scan).

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


# ----------------------------------------------------------------------- phu bí (step 4)


def _new_bi_ok(a: int, b: int, c: int) -> bool:
    """Can a, b, c cards of the three suits make new phu bí exactly (T3.2)?"""
    low = min(a, b, c)
    return a == b == c == 0 or (low >= 1 and a + b + c <= 5 * low)


def bi_splits(x: tuple[int, int, int], room: int) -> list[tuple[int, int, int]]:
    """The parts y of x that the mat phu bí can take so that x − y makes new phu bí."""
    return [(yv, yn, ys)
            for yv in range(x[0] + 1) for yn in range(x[1] + 1) for ys in range(x[2] + 1)
            if yv + yn + ys <= room and _new_bi_ok(x[0] - yv, x[1] - yn, x[2] - ys)]


def bi_options(cv: int, cn: int, cs: int, room: int) -> tuple[tuple[int, int, int], ...]:
    """Step 4's choices at one rank: the cards of each suit that go to phu bí, most first."""
    key = cv | cn << 3 | cs << 6 | room << 9
    opts = _BI_OPTIONS.get(key)
    if opts is None:
        found = [(xv, xn, xs)
                 for xv in range(cv + 1) for xn in range(cn + 1) for xs in range(cs + 1)
                 if bi_splits((xv, xn, xs), room)]
        opts = _BI_OPTIONS[key] = tuple(sorted(found, key=sum, reverse=True))
    return opts


_BI_OPTIONS: dict[int, tuple[tuple[int, int, int], ...]] = {}

# Step 4's choices at the rank whose digit starts at bit offset sh, as amounts to subtract from
# each packed suit, most first, keyed by cv | cn << 3 | cs << 6 | room << 9 | forced << 12 |
# sh << 15. A suit's bit in ``forced`` says its cards of the rank have no partner in the suit:
# a choice must take them all.
_BI_CHOICES: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _bi_choices(key: int) -> tuple[tuple[int, int, int], ...]:
    out = _BI_CHOICES.get(key)
    if out is None:
        counts = (key & 7, (key >> 3) & 7, (key >> 6) & 7)
        forced = (key >> 12) & 7
        sh = key >> 15
        out = _BI_CHOICES[key] = tuple(
            (xv << sh, xn << sh, xs << sh)
            for xv, xn, xs in bi_options(*counts, (key >> 9) & 7)
            if all(x == counts[s] for s, x in enumerate((xv, xn, xs)) if forced >> s & 1))
    return out


# ----------------------------------------------------------------------- special phu (step 2)

# The special phu whose three card slots are filled (bit 3j of ``filled & filled >> 1 &
# filled >> 2``) → their indices, and per suit the digits of their cards.
_SP_PRESENT: dict[int, tuple[tuple[int, ...], int, int, int]] = {}
_SP_LOW = sum(1 << (3 * j) for j in range(len(SPECIAL)))


def _present(full: int) -> tuple[tuple[int, ...], int, int, int]:
    out = _SP_PRESENT.get(full)
    if out is None:
        present = tuple(j for j in range(7) if full >> (3 * j) & 1)
        masks = [0, 0, 0]
        for j in present:
            for sl, sh in _SP_LOC[j]:
                if sl < 3:
                    masks[sl] |= 1 << sh
        out = _SP_PRESENT[full] = (present, masks[0], masks[1], masks[2])
    return out


def sp_present(state: Sequence[int]) -> tuple[int, ...]:
    """Indices of the special phu whose three cards are all in a six-number state."""
    filled = 0
    for s in range(3):
        filled |= fill_bits((state[s] | state[s] >> 1 | state[s] >> 2) & M1, s)
    for r in range(3):
        if state[3 + r]:
            filled |= _RED_FILL[r]
    return _present(filled & filled >> 1 & filled >> 2 & _SP_LOW)[0]


def sp_avail(state: Sequence[int], j: int) -> int:
    """How many times special phu j could be made from a six-number state."""
    (a, sa), (b, sb), (c, sc) = _SP_LOC[j]
    return min((state[a] >> sa) & 7, (state[b] >> sb) & 7, (state[c] >> sc) & 7)


# ----------------------------------------------------------------------- bộ giống (step 1)


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


# ----------------------------------------------------------------------- the search


def search(packed: Packed, w: Card | None, need: int, phong: bool | None = None,
           min_sp1: int = 0, min_sp2: int = 0) -> bool:
    """T5.2 on the position plus W (None: the position alone, as thiên ù).

    ``phong`` is the winner's statement (T5.6); ``min_sp1`` / ``min_sp2`` ask for at least that
    many tôm and lèo (a call to make true, T5.3).
    """
    v0, v1, v2 = packed.suits
    oc, tt, cc = packed.red
    if w is not None:
        if w < 9:
            v0 += _ONE[w]
        elif w < 18:
            v1 += _ONE[w]
        elif w < 27:
            v2 += _ONE[w]
        elif w == 27:
            oc += 1
        elif w == 28:
            tt += 1
        else:
            cc += 1
    n0 = (v0 | v0 >> 1 | v0 >> 2) & M1
    n1 = (v1 | v1 >> 1 | v1 >> 2) & M1
    n2 = (v2 | v2 >> 1 | v2 >> 2) & M1
    q0, q1, q2 = packed.info_keys
    infos = INFOS
    i0 = infos[n0 | q0]
    i1 = infos[n1 | q1]
    i2 = infos[n2 | q2]
    filled = (i0 | i1 | i2) >> FILL_AT
    if oc:
        filled |= _RED_FILL[0]
    if tt:
        filled |= _RED_FILL[1]
    if cc:
        filled |= _RED_FILL[2]
    filled &= filled >> 1 & filled >> 2 & _SP_LOW
    bi_mask = packed.bi_mask
    g0 = ((v0 >> 2) | ((v0 >> 1) & v0)) & M1
    g1 = ((v1 >> 2) | ((v1 >> 1) & v1)) & M1
    g2 = ((v2 >> 2) | ((v2 >> 1) & v2)) & M1
    gh0, gh1, gh2 = packed.giong_help
    giong = phong is not None or g0 or g1 or g2 or oc >= 3 or tt >= 3 or cc >= 3 \
        or gh0 & n0 or gh1 & n1 or gh2 & n2
    if not (filled or giong):  # the usual case: no bộ giống, no special phu
        if packed.mat_lung < need or min_sp1 or min_sp2:
            return False
        k0, k1, k2 = packed.scan_keys
        scans = SCANS
        if scans[v0 | k0] and scans[v1 | k1] and scans[v2 | k2]:
            return True  # no phu bí needed
        cand = n0 & n1 & n2 & NOT_RANK1
        if bi_mask:
            cand |= (n0 | n1 | n2) & bi_mask
        if not cand:
            return False
        h0, h1, h2 = packed.run_help
        if h0 and i0 & LOOSE:
            i0 &= ~chains(h0, n0)
        if h1 and i1 & LOOSE:
            i1 &= ~chains(h1, n1)
        if h2 and i2 & LOOSE:
            i2 &= ~chains(h2, n2)
        if i0 & LOOSE & ~(n1 & n2 | bi_mask) or i1 & LOOSE & ~(n0 & n2 | bi_mask) \
                or i2 & LOOSE & ~(n0 & n1 | bi_mask):
            return False
        return _bi(packed, v0, v1, v2, i0, i1, i2, cand)
    sp = _SP_PRESENT.get(filled)
    if sp is None:
        sp = _present(filled)
    h0, h1, h2 = packed.run_help
    if h0 and i0 & LOOSE:
        i0 &= ~chains(h0, n0)
    if h1 and i1 & LOOSE:
        i1 &= ~chains(h1, n1)
    if h2 and i2 & LOOSE:
        i2 &= ~chains(h2, n2)
    # A necessary test: every suited card other than a yêu needs partners present — run
    # neighbours (INFOS), a chain to a mat run, the rest of its phu bí rank, three of its
    # kind, a mat bộ giống of its kind, or the rest of a special phu.
    if i0 & LOOSE & ~(n1 & n2 | bi_mask | g0 | gh0 | sp[1]) \
            or i1 & LOOSE & ~(n0 & n2 | bi_mask | g1 | gh1 | sp[2]) \
            or i2 & LOOSE & ~(n0 & n1 | bi_mask | g2 | gh2 | sp[3]):
        return False
    present = sp[0]
    if giong:
        state = [v0, v1, v2, oc, tt, cc]
        steps = giong_choices(packed, state, w, phong)
        if steps is None:
            return False
        if steps:
            return _takes(packed, state, present, steps, 0, packed.mat_lung, need, min_sp1,
                          min_sp2)
        return _specials(packed, state, present, packed.mat_lung, need, min_sp1, min_sp2)
    have = packed.mat_lung
    if len(present) == 1 and present[0] != SP7 and not (min_sp1 or min_sp2):
        # _specials inlined for one special phu, the usual case
        i = present[0]
        (a, sa), (b, sb), (c, sc) = _SP_LOC[i]
        st = (v0, v1, v2, oc, tt, cc)
        n = st[a] >> sa & 7
        x = st[b] >> sb & 7
        if x < n:
            n = x
        x = st[c] >> sc & 7
        if x < n:
            n = x
        d0, d1, d2 = _SP_DELTA[i]
        while n >= 0 and have + n >= need:
            if _tron(packed, v0 - n * d0, v1 - n * d1, v2 - n * d2):
                return True
            n -= 1
        return False
    return _specials(packed, [v0, v1, v2, oc, tt, cc], present, have, need, min_sp1, min_sp2)


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
    if present and present[-1] == SP7 and have >= need:
        present = present[:-1]  # SP7 is also a run: worth choosing only for a lưng missing
    if not present:
        return have >= need and min_sp1 == min_sp2 == 0 and \
            _tron(packed, state[0], state[1], state[2])
    if (min_sp1 and SP1 not in present) or (min_sp2 and SP2 not in present):
        return False
    if have < need:
        most = have
        for j in present:
            most += sp_avail(state, j)
        if most < need:
            return False
    return _special(packed, state, present, 0, have, need, min_sp1, min_sp2)


def _special(packed: Packed, st: list[int], present: tuple[int, ...], j: int, have: int,
             need: int, min_sp1: int, min_sp2: int) -> bool:
    """Step 2 for special phu present[j:], most of each first; the last one then step 4."""
    i = present[j]
    (a, sa), (b, sb), (c, sc) = _SP_LOC[i]
    avail = min((st[a] >> sa) & 7, (st[b] >> sb) & 7, (st[c] >> sc) & 7)
    low = min_sp1 if i == SP1 else min_sp2 if i == SP2 else 0
    if i == SP7:  # SP7 is also a run: worth choosing only for a lưng still missing
        avail = min(avail, max(0, need - have))
    if avail < low:
        return False
    if j + 1 == len(present):
        d0, d1, d2 = _SP_DELTA[i]
        v0, v1, v2 = st[0], st[1], st[2]
        for n in range(avail, low - 1, -1):
            if have + n < need:
                return False
            if _tron(packed, v0 - n * d0, v1 - n * d1, v2 - n * d2):
                return True
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


def _tron(p: Packed, v0: int, v1: int, v2: int) -> bool:
    """Steps 4 and 5: the suited cards left all lie in phu bí, runs and mat melds."""
    k0, k1, k2 = p.scan_keys
    scans = SCANS
    if scans[v0 | k0] and scans[v1 | k1] and scans[v2 | k2]:
        return True  # no phu bí needed
    n0 = (v0 | v0 >> 1 | v0 >> 2) & M1
    n1 = (v1 | v1 >> 1 | v1 >> 2) & M1
    n2 = (v2 | v2 >> 1 | v2 >> 2) & M1
    cand = n0 & n1 & n2 & NOT_RANK1
    bi_mask = p.bi_mask
    if bi_mask:
        cand |= (n0 | n1 | n2) & bi_mask
    if not cand:
        return False
    q0, q1, q2 = p.info_keys
    infos = INFOS
    i0 = infos[n0 | q0]
    i1 = infos[n1 | q1]
    i2 = infos[n2 | q2]
    h0, h1, h2 = p.run_help
    if h0 and i0 & LOOSE:
        i0 &= ~chains(h0, n0)
    if h1 and i1 & LOOSE:
        i1 &= ~chains(h1, n1)
    if h2 and i2 & LOOSE:
        i2 &= ~chains(h2, n2)
    if i0 & LOOSE & ~(n1 & n2 | bi_mask) or i1 & LOOSE & ~(n0 & n2 | bi_mask) \
            or i2 & LOOSE & ~(n0 & n1 | bi_mask):
        return False
    return _bi(p, v0, v1, v2, i0, i1, i2, cand)


_SHIFTS: dict[int, tuple[int, ...]] = {}


def _shifts(cand: int) -> tuple[int, ...]:
    """The bit offsets of the ranks set in a digit mask (memoised)."""
    out = _SHIFTS.get(cand)
    if out is None:
        out = _SHIFTS[cand] = tuple(BITS * r for r in range(9) if cand >> (BITS * r) & 1)
    return out


def _bi(p: Packed, v0: int, v1: int, v2: int, i0: int, i1: int, i2: int, cand: int) -> bool:
    """Step 4 at the ranks of ``cand``, step 5 after each choice.

    ``i0 i1 i2`` are the suits' INFOS: a rank whose cards have no partner in their suit must
    give them all to phu bí (no bộ giống is left to choose when this runs), which often leaves
    one choice; such a rank is settled before the others are tried together.
    """
    rooms = p.bi_rooms
    forced = (i0 & LOOSE) | (i1 & LOOSE) << 1 | (i2 & LOOSE) << 2
    k0, k1, k2 = p.scan_keys
    scans = SCANS
    lists = []
    for sh in _shifts(cand):
        must = forced >> sh & 7
        key = (v0 >> sh & 7) | (v1 >> sh & 7) << 3 | (v2 >> sh & 7) << 6 \
            | (rooms >> sh & 7) << 9 | must << 12 | sh << 15
        choices = _BI_CHOICES.get(key)
        if choices is None:
            choices = _bi_choices(key)
        if len(choices) == 1:
            dv, dn, ds = choices[0]
            v0 -= dv
            v1 -= dn
            v2 -= ds
        elif not choices:
            return False
        else:
            lists.append(choices)
    # The three lookups are written out in each loop on purpose: a helper costs a fifth of the
    # win test's speed.
    if not lists:
        return scans[v0 | k0] and scans[v1 | k1] and scans[v2 | k2]
    if len(lists) == 1:
        for dv, dn, ds in lists[0]:
            if scans[(v0 - dv) | k0] and scans[(v1 - dn) | k1] and scans[(v2 - ds) | k2]:
                return True
        return False
    for combo in product(*lists):
        a, b, c = v0, v1, v2
        for dv, dn, ds in combo:
            a -= dv
            b -= dn
            c -= ds
        if scans[a | k0] and scans[b | k1] and scans[c | k2]:
            return True
    return False
