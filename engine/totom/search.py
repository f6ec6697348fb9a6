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

The cards are one int laid out as engine/totom/layout.py says, so what a step asks of all three
suits is a few integer operations: the ranks held in every suit, the cards with no run
neighbours, three of a kind, the special phu present (three lookups). Step 5 is one memo lookup per
suit (engine/totom/suits.py). Every step is skipped when nothing calls for it — the usual win
test, with no bộ giống and no special phu, is three lookups when no phu bí is needed — and a
card with no partner present ends the test before any choice is tried; a rank whose cards have
no partner in their suit gives them all to phu bí, which often leaves one choice.

This module only answers yes or no, as fast as plain Python allows: the win test is called for
every card of every claim window and by the computer players. The arrangements themselves are
found by engine/totom/arrange.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from engine.totom.cards import N_SUITED, Card
from engine.totom.layout import (
    ALL_SUITS,
    DIGITS0,
    KIND_AT,
    NOT_NHAT,
    ONES,
    POS,
    RANK_BITS,
    RANKS2,
    positions,
)
from engine.totom.melds import SPECIAL
from engine.totom.position import Packed
from engine.totom.suits import SCANS

# Where each kind's count lives in a search state [cards, red]: (index, bit offset).
_SLOT = tuple([0] * N_SUITED + [1, 1, 1])
_SHIFT = tuple([*POS, 0, 3, 6])
_ONE = tuple(1 << s for s in _SHIFT)
_RED_LOW = 0o111  # bit 0 of the three red counts
_SP_LOC = tuple(tuple((_SLOT[c], _SHIFT[c]) for c in cards) for cards in SPECIAL.values())
SP1, SP2, SP7 = 0, 1, 6
# What one special phu takes from the suited cards.
_SP_DELTA = tuple(sum(1 << sh for sl, sh in loc if sl == 0) for loc in _SP_LOC)


def _slot_table(pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    """(key bit, slot bit) pairs → every set of the key bits → the slot bits they fill."""
    slots: dict[int, int] = {}
    for bit, slot in pairs:
        slots[bit] = slots.get(bit, 0) | 1 << slot
    bits = sorted(slots)
    table = {}
    for sub in range(1 << len(bits)):
        key = filled = 0
        for i, bit in enumerate(bits):
            if sub >> i & 1:
                key |= 1 << bit
                filled |= slots[bit]
        table[key] = filled
    return table


# Special phu presence in three lookups: the counts present of ranks 1..3 (bits 0..26), and of
# ranks 7..9 (from bit _HIGH_AT) with the red counts present above them, each → the card slots
# they fill (bit 3j + i: card i of SP j); then the special phu with all three slots filled.
_HIGH_AT = 6 * RANK_BITS
_LOW_SLOTS = [(sh, 3 * j + i) for j, loc in enumerate(_SP_LOC) for i, (sl, sh) in enumerate(loc)
              if sl == 0 and sh < _HIGH_AT]
_HIGH_SLOTS = [(sh - _HIGH_AT if sl == 0 else 3 * RANK_BITS + sh, 3 * j + i)
               for j, loc in enumerate(_SP_LOC) for i, (sl, sh) in enumerate(loc)
               if sl == 1 or sh >= _HIGH_AT]
_LOW_FILL = _slot_table(_LOW_SLOTS)
_HIGH_FILL = _slot_table(_HIGH_SLOTS)
_LOW_SP = max(_LOW_FILL)  # the key with every bit
_HIGH_SP = max(_HIGH_FILL)
_SP_LOW = sum(1 << (3 * j) for j in range(len(SPECIAL)))


def count_at(state: Sequence[int], kind: int) -> int:
    """A kind's count in a search state [cards, red]."""
    return (state[_SLOT[kind]] >> _SHIFT[kind]) & 7


# ----------------------------------------------------------------------- partners


def _loose(nz: int, near: int) -> int:
    """The cards other than yêu with no partner in their suit: no run neighbours present, no
    chain to a mat run's end (``near``: the kinds next to one). ``nz``: the counts present."""
    loose = nz & NOT_NHAT & ~(((nz << RANK_BITS) & ((nz << 2 * RANK_BITS) | (nz >> RANK_BITS)))
                              | ((nz >> RANK_BITS) & (nz >> 2 * RANK_BITS)))
    if near and loose:
        # A card with no run neighbours reaches a mat run only from one or two ranks away:
        # farther, the cards between would be its neighbours.
        step = near & nz
        loose &= ~(near | step << RANK_BITS | step >> RANK_BITS)
    return loose


def _bi_ranks(nz: int, mat_bi: int) -> int:
    """Suit 0's bit of each rank where a phu bí is possible: held in all three suits (ranks
    2..9: nhất stand alone anyway), or held at all where a mat phu bí has room."""
    ranks = nz & nz >> 3 & nz >> 6 & RANKS2
    if mat_bi:
        ranks |= (nz | nz >> 3 | nz >> 6) & mat_bi
    return ranks


def unpartnered(packed: Packed) -> int:
    """The cards of a position (bit 0 of their counts) that no group can hold with what is
    present: no run neighbours, no chain to a mat run, no phu bí rank, not three of a kind, no
    mat bộ giống of their kind, no special phu present — the test search() starts with."""
    cards, red = packed.cards, packed.red
    nz = (cards | cards >> 1 | cards >> 2) & ONES
    ge = ((cards >> 2) | ((cards >> 1) & cards)) & ONES
    sp = _present(nz, (red | red >> 1 | red >> 2) & _RED_LOW)
    return _loose(nz, packed.run_near) & ~(_bi_ranks(nz, packed.bi_ranks) * ALL_SUITS | ge
                                            | packed.giong_near | sp[1])


# ----------------------------------------------------------------------- phu bí (step 4)


def bi_takes(x: tuple[int, int, int], room: int) -> bool:
    """Can x (cards of each suit at one rank) all go to phu bí: new ones, each with every suit
    and 3 to 5 cards (T3.2), and up to ``room`` cards onto the mat phu bí of the rank (T5.2)?

    New phu bí of at least m cards of each suit hold from 3m to 5m cards, so the most that new
    ones take from x is min(sum, 5 × min(x)); the mat takes the rest.
    """
    total = x[0] + x[1] + x[2]
    low = min(x)
    return total <= room or (low >= 1 and total <= 5 * low + room)


_BI_OPTIONS: dict[tuple[int, int, int, int], tuple[tuple[int, int, int], ...]] = {}


def bi_options(cv: int, cn: int, cs: int, room: int) -> tuple[tuple[int, int, int], ...]:
    """Step 4's choices at one rank: the cards of each suit that go to phu bí, most first."""
    key = (cv, cn, cs, room)
    found = _BI_OPTIONS.get(key)
    if found is None:
        found = _BI_OPTIONS[key] = tuple(sorted(
            ((xv, xn, xs) for xv in range(cv + 1) for xn in range(cn + 1)
             for xs in range(cs + 1) if bi_takes((xv, xn, xs), room)), key=sum, reverse=True))
    return found


# Step 4's choices at the rank whose field starts at bit sh, as amounts to subtract from the
# cards, most first, keyed by the rank's field | forced << 9 | room << 16 | sh << 19. A suit's
# bit in ``forced`` (bits 0, 3, 6) says its cards of the rank have no partner in the suit: a
# choice must take them all.
_BI_CHOICES: dict[int, tuple[int, ...]] = {}
_BI_BASE: dict[int, tuple[int, ...]] = {}  # the same at rank 1, keyed without sh


def _bi_choices(key: int) -> tuple[int, ...]:
    """_BI_CHOICES[key], made from _BI_BASE."""
    sh = key >> 19
    base = _BI_BASE.get(key & 0x7FFFF)
    if base is None:
        counts = (key & 7, (key >> 3) & 7, (key >> 6) & 7)
        base = _BI_BASE[key & 0x7FFFF] = tuple(
            xv | xn << 3 | xs << 6 for xv, xn, xs in bi_options(*counts, (key >> 16) & 7)
            if all(x == counts[s] for s, x in enumerate((xv, xn, xs))
                   if key >> (9 + 3 * s) & 1))
    out = _BI_CHOICES[key] = tuple(d << sh for d in base)
    return out


_SHIFTS: dict[int, tuple[int, ...]] = {}


def _shifts(ranks: int) -> tuple[int, ...]:
    """The bit offsets of the set bits of a mask (memoised)."""
    out = _SHIFTS.get(ranks)
    if out is None:
        out = _SHIFTS[ranks] = tuple(positions(ranks))
    return out


# ----------------------------------------------------------------------- special phu (step 2)


def _present(cards_nz: int, red_nz: int) -> tuple[tuple[int, ...], int]:
    """The special phu whose cards are all present (bit 0 of counts present, suited and red),
    and their suited cards' bits."""
    filled = _LOW_FILL[cards_nz & _LOW_SP] \
        | _HIGH_FILL[(cards_nz >> _HIGH_AT | red_nz << 3 * RANK_BITS) & _HIGH_SP]
    return _SP_PRESENT[filled & filled >> 1 & filled >> 2 & _SP_LOW]


def _present_table() -> dict[int, tuple[tuple[int, ...], int]]:
    """Special phu with all three card slots filled (bit 3j: SP j) → their indices, and their
    suited cards' bits."""
    table = {}
    for sub in range(1 << len(SPECIAL)):
        present = tuple(j for j in range(len(SPECIAL)) if sub >> j & 1)
        cards = 0
        for j in present:
            cards |= _SP_DELTA[j]
        table[sum(1 << (3 * j) for j in present)] = (present, cards)
    return table


_SP_PRESENT = _present_table()


def sp_avail(state: Sequence[int], j: int) -> int:
    """How many times special phu j could be made from a search state."""
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
    cards, red = state[0], state[1]
    threes = [KIND_AT[p] for p in positions(((cards >> 2) | ((cards >> 1) & cards)) & ONES)]
    threes += [27 + i for i in range(3) if (red >> (3 * i)) & 7 >= 3]
    for k in threes:
        if k != w and k in packed.bat_thuc:
            continue  # T4.13: bất thực cards make no bộ giống
        sizes: tuple[int, ...] = (4, 3, 0) if count_at(state, k) >= 4 else (3, 0)
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


# ----------------------------------------------------------------------- the search


def search(packed: Packed, w: Card | None, need: int, phong: bool | None = None,
           min_sp1: int = 0, min_sp2: int = 0) -> bool:
    """T5.2 on the position plus W (None: the position alone, as thiên ù).

    ``phong`` is the winner's statement (T5.6); ``min_sp1`` / ``min_sp2`` ask for at least that
    many tôm and lèo (a call to make true, T5.3).
    """
    cards, red = packed.cards, packed.red
    if w is not None:
        if w < N_SUITED:
            cards += _ONE[w]
        else:
            red += _ONE[w]
    nz = (cards | cards >> 1 | cards >> 2) & ONES
    ge = ((cards >> 2) | ((cards >> 1) & cards)) & ONES
    filled = _LOW_FILL[nz & _LOW_SP] | _HIGH_FILL[
        (nz >> _HIGH_AT | ((red | red >> 1 | red >> 2) & _RED_LOW) << 3 * RANK_BITS) & _HIGH_SP]
    sp = _SP_PRESENT[filled & filled >> 1 & filled >> 2 & _SP_LOW]  # _present() inlined
    present = sp[0]
    giong = phong is not None or ge or ((red >> 2) | ((red >> 1) & red)) & _RED_LOW \
        or packed.giong_near & nz
    if not (present or giong):  # the usual case: no bộ giống, no special phu
        return packed.mat_lung >= need and not (min_sp1 or min_sp2) and _tron(packed, cards)
    # A necessary test: every suited card other than a yêu needs partners present.
    if _loose(nz, packed.run_near) & ~(_bi_ranks(nz, packed.bi_ranks) * ALL_SUITS | ge
                                       | packed.giong_near | sp[1]):
        return False
    have = packed.mat_lung
    if giong:
        state = [cards, red]
        steps = giong_choices(packed, state, w, phong)
        if steps is None:
            return False
        if steps:
            return _takes(packed, state, present, steps, 0, have, need, min_sp1, min_sp2)
        return _specials(packed, state, present, have, need, min_sp1, min_sp2)
    return _specials(packed, [cards, red], present, have, need, min_sp1, min_sp2)


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
        return have >= need and min_sp1 == min_sp2 == 0 and _tron(packed, state[0])
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
    avail = st[a] >> sa & 7
    x = st[b] >> sb & 7
    if x < avail:
        avail = x
    x = st[c] >> sc & 7
    if x < avail:
        avail = x
    low = min_sp1 if i == SP1 else min_sp2 if i == SP2 else 0
    if i == SP7:  # SP7 is also a run: worth choosing only for a lưng still missing
        avail = min(avail, max(0, need - have))
    if avail < low:
        return False
    if j + 1 == len(present):
        d = _SP_DELTA[i]
        cards = st[0]
        for n in range(avail, low - 1, -1):
            if have + n < need:
                return False
            if _tron(packed, cards - n * d):
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


def _tron(p: Packed, cards: int) -> bool:
    """Steps 4 and 5: the suited cards left all lie in phu bí, runs and mat melds."""
    k0, k1, k2 = p.scan_keys
    scans = SCANS
    # The three lookups are written out wherever they are made on purpose: a helper for them
    # cost 4-8 % of the win test's speed in bench/totom.py.
    if scans[cards & DIGITS0 | k0] and scans[cards >> 3 & DIGITS0 | k1] \
            and scans[cards >> 6 & DIGITS0 | k2]:
        return True  # no phu bí needed
    nz = (cards | cards >> 1 | cards >> 2) & ONES
    ranks = nz & nz >> 3 & nz >> 6 & RANKS2
    mat_bi = p.bi_ranks
    if mat_bi:
        ranks |= (nz | nz >> 3 | nz >> 6) & mat_bi
    if not ranks:
        return False
    loose = _loose(nz, p.run_near)
    if loose & ~(ranks * ALL_SUITS):
        return False
    return _bi(p, cards, loose, ranks)


def _bi(p: Packed, cards: int, loose: int, ranks: int) -> bool:
    """Step 4 at ``ranks``, step 5 after each choice.

    A rank whose ``loose`` cards have no partner in their suit must give them all to phu bí (no
    bộ giống is left to choose when this runs), which often leaves one choice; such a rank is
    settled before the others are tried together.
    """
    rooms = p.bi_rooms
    k0, k1, k2 = p.scan_keys
    scans = SCANS
    lists = []
    for sh in _shifts(ranks):
        key = (cards >> sh & 0o777) | (loose >> sh & 0o111) << 9 | (rooms >> sh & 7) << 16 \
            | sh << 19
        choices = _BI_CHOICES.get(key)
        if choices is None:
            choices = _bi_choices(key)
        if len(choices) == 1:
            cards -= choices[0]
        elif not choices:
            return False
        else:
            lists.append(choices)
    if not lists:
        return scans[cards & DIGITS0 | k0] and scans[cards >> 3 & DIGITS0 | k1] \
            and scans[cards >> 6 & DIGITS0 | k2]
    if len(lists) == 1:
        for d in lists[0]:
            a = cards - d
            if scans[a & DIGITS0 | k0] and scans[a >> 3 & DIGITS0 | k1] \
                    and scans[a >> 6 & DIGITS0 | k2]:
                return True
        return False
    for combo in product(*lists):
        a = cards - sum(combo)
        if scans[a & DIGITS0 | k0] and scans[a >> 3 & DIGITS0 | k1] \
                and scans[a >> 6 & DIGITS0 | k2]:
            return True
    return False
