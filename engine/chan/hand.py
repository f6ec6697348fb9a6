"""Hand arithmetic: arrangement, winning hands and waits (RULES R3, R5).

A hand is packed into one int, three bits per kind (kind k at bit 3k, counts 0..4), so a rank's
three suits are one 9-bit field and Chi chi is the field at bit 72. Chắn and cạ only pair cards
of one rank, so every question is answered from each rank's parity and the count of pairs:
no search.

This module is the only one that knows the packing (issue 21; tests/test_layers.py): every
other module holds a packed hand as an opaque int and asks the functions below — counts,
adding and taking cards, multiset sums and differences, parities, the shape of a rank — so the
representation can change in one file. Chắn's other modules use it; the shared core and the
other rulesets never see it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from engine.chan.cards import CC_INDEX, N_KINDS, Card

ONE: tuple[int, ...] = tuple(1 << (3 * k) for k in range(N_KINDS))
LOW = sum(ONE)  # the low bit of every kind's count: its parity
RANK_BITS = sum(1 << (9 * r) for r in range(8)) | (1 << 72)  # one bit per rank field
CC_SHIFT = 3 * CC_INDEX
FIELD = 0b111
SUIT_LOW = 0b001001001


def pack(cards: Iterable[int]) -> int:
    """The packed counts of a multiset of cards."""
    h = 0
    for c in cards:
        h += ONE[c]
    return h


def count(h: int, k: int, plus: int = 0) -> int:
    """How many cards of kind k the packed hand holds (with the cards of ``plus`` added)."""
    return ((h + plus) >> (3 * k)) & FIELD


FULL = 4 * LOW  # the whole deck: four cards of every kind


def count_all(h: int) -> tuple[int, ...]:
    """The count of every kind, in kind order."""
    return tuple((h >> (3 * k)) & FIELD for k in range(N_KINDS))


_SHIFTS = tuple(3 * k for k in range(N_KINDS))


def counts_in(h: int, kinds: Iterable[int], plus: int = 0) -> list[int]:
    """The counts of ``kinds`` in the hand (with the cards of ``plus`` added), in their
    order."""
    h += plus
    shifts = _SHIFTS
    return [(h >> shifts[k]) & FIELD for k in kinds]


def counter(kinds: Iterable[int]) -> Callable[[int, int], tuple[int, ...]]:
    """A function giving the counts of ``kinds`` in a hand (with the cards of a second one
    added), in their order — unrolled, for the hot paths that read the same kinds of every
    hand (cước detection)."""
    fields = ", ".join(f"(c >> {3 * int(k)}) & {FIELD}" for k in kinds)
    source = f"def count_kinds(h, plus=0):\n    c = h + plus\n    return ({fields},)\n"
    made: dict[str, Callable[[int, int], tuple[int, ...]]] = {}
    exec(source, {}, made)  # only the kinds' shifts are written into it
    return made["count_kinds"]


def counts(hands: Iterable[int], k: int) -> list[int]:
    """How many cards of kind k each packed hand holds."""
    shift = 3 * k
    return [(h >> shift) & FIELD for h in hands]


def held_of(h: int, kinds: Iterable[int]) -> list[int]:
    """The kinds among ``kinds`` the packed hand holds, in their order."""
    return [k for k in kinds if (h >> (3 * k)) & FIELD]


def join(a: int, b: int) -> int:
    """Two multisets together."""
    return a + b


def minus(a: int, b: int) -> int:
    """The multiset a without the cards of b (they must be in a)."""
    return a - b


def swap(h: int, out: int, into: int) -> int:
    """The hand with a card of kind ``out`` given up for one of kind ``into``."""
    return h - ONE[out] + ONE[into]


def add(h: int, k: int, n: int = 1) -> int:
    """The packed hand with n more cards of kind k."""
    return h + n * ONE[k]


def remove(h: int, k: int, n: int = 1) -> int:
    """The packed hand with n cards of kind k taken out (they must be there)."""
    return h - n * ONE[k]


def fours(h: int) -> int:
    """How many kinds the hand holds all four cards of."""
    return ((h >> 2) & LOW).bit_count()  # a count of 4 is the only one with bit 2


def is_que(h: int, k: int) -> bool:
    """Whether k is a què of the hand (R3.6): held an odd number of times, and the only kind
    of its rank that is."""
    if not (h >> (3 * k)) & 1:
        return False
    return k == CC_INDEX or ((h >> (3 * (k // 3 * 3))) & SUIT_LOW).bit_count() == 1


def odd_suits(h: int, k: int) -> int:
    """How many kinds of k's rank the hand holds an odd number of (Chi chi: 0 or 1)."""
    if k == CC_INDEX:
        return (h >> CC_SHIFT) & 1
    return ((h >> (3 * (k // 3 * 3))) & SUIT_LOW).bit_count()


def lone_odd(h: int) -> int | None:
    """The què of a hand whose only odd rank below Chi chi has one odd kind: that kind; None
    otherwise (R3.6: the card a waiting hand waits with)."""
    odd = odd_ranks(h)
    if not odd:
        return None
    pos = odd.bit_length() - 1
    if pos == CC_SHIFT:
        return None
    lows = ((h & LOW) >> pos) & SUIT_LOW
    if lows.bit_count() != 1:
        return None
    return pos // 3 + (lows.bit_length() - 1) // 3


def has_pair(h: int) -> bool:
    """Whether some kind has two or more cards (a chắn can be made)."""
    return bool(((h >> 1) | (h >> 2)) & LOW)


def unpack(h: int) -> tuple[Card, ...]:
    """The cards of a packed hand, sorted."""
    out: list[Card] = []
    for k in range(N_KINDS):
        out.extend([Card(k)] * ((h >> (3 * k)) & FIELD))
    return tuple(out)


def kinds_held(h: int) -> list[int]:
    """The kinds with at least one card, ascending."""
    nz = (h | (h >> 1) | (h >> 2)) & LOW
    out = []
    while nz:
        b = nz & -nz
        out.append((b.bit_length() - 1) // 3)
        nz ^= b
    return out


def size(h: int) -> int:
    """Number of cards in a packed hand."""
    return (h & LOW).bit_count() + 2 * ((h >> 1) & LOW).bit_count() \
        + 4 * ((h >> 2) & LOW).bit_count()


def chan_count(h: int, n: int) -> int:
    """Chắn of the canonical arrangement (R3.6) of a packed hand of n cards: Σ count // 2."""
    return (n - (h & LOW).bit_count()) >> 1


def odd_ranks(h: int) -> int:
    """A bit per rank (at 9r, and 72 for Chi chi) whose total count is odd."""
    low = h & LOW
    return (low ^ (low >> 3) ^ (low >> 6)) & RANK_BITS


def parities(h: int) -> tuple[int, int]:
    """(ranks holding an odd number of cards, ranks holding a cạ: two or three odd kinds)."""
    a = h & LOW
    b = a >> 3
    c = a >> 6
    return ((a ^ b ^ c) & RANK_BITS).bit_count(), \
        (((a & b) | (b & c) | (a & c)) & RANK_BITS).bit_count()


# One rank's shape: (odd kinds, the three counts, the suit of the first odd kind, its count).
Shape = tuple[int, int, int, int, int, int]


def _field_shape(f: int) -> Shape | None:
    c0, c1, c2 = f & 7, (f >> 3) & 7, (f >> 6) & 7
    odd = (c0 & 1) + (c1 & 1) + (c2 & 1)
    if odd == 0:
        return None
    k = 0 if c0 & 1 else 1 if c1 & 1 else 2
    return odd, c0, c1, c2, k, (c0, c1, c2)[k]


_SHAPES = tuple(_field_shape(f) for f in range(512))  # every rank field's shape, looked up


def odd_rank_shapes(h: int) -> list[tuple[int, Shape]]:
    """Each rank below Chi chi with an odd number of cards, ascending: its first kind and its
    shape (the computer players' value model reads a hand this way, rank by rank)."""
    a = h & LOW
    odd_bits = (a ^ (a >> 3) ^ (a >> 6)) & RANK_BITS & ~(1 << CC_SHIFT)
    out: list[tuple[int, Shape]] = []
    shapes = _SHAPES
    while odd_bits:
        low = odd_bits & -odd_bits
        odd_bits ^= low
        pos = low.bit_length() - 1
        shape = shapes[(h >> pos) & 0o777]
        assert shape is not None
        out.append((pos // 3, shape))
    return out


def is_complete(h: int) -> bool:
    """The hand splits into chắn and cạ with nothing left over (R5.1): every rank is even."""
    return odd_ranks(h) == 0


def is_winning(h: int, n: int, mat_chan: int, w: int) -> bool:
    """R5.1 + R5.3: do n hand cards h, melds worth mat_chan chắn and the card w win?"""
    h2 = h + ONE[w]
    low = h2 & LOW
    if (low ^ (low >> 3) ^ (low >> 6)) & RANK_BITS:
        return False
    chan = mat_chan + ((n + 1 - low.bit_count()) >> 1)
    if w == CC_INDEX:
        return chan == 6  # R5.3: only bạch thủ chi (5 chắn + the cc què before W)
    return chan >= 6


def is_winning_dealt(h: int, n: int) -> bool:
    """Thiên ù (R5.2): the cái recipient's 20 dealt cards are a winning hand by themselves."""
    low = h & LOW
    if (low ^ (low >> 3) ^ (low >> 6)) & RANK_BITS:
        return False
    return (n - low.bit_count()) >> 1 >= 6


def waits(h: int, n: int, mat_chan: int) -> tuple[int, ...]:
    """The kinds that complete a 19-card hand (R5.5), ascending; () when not waiting.

    Hand shape only: whether the winning card is drawn, and R5.6, are the game's business.
    """
    low = h & LOW
    odd = (low ^ (low >> 3) ^ (low >> 6)) & RANK_BITS
    if odd == 0 or odd & (odd - 1):
        return ()
    chan = mat_chan + ((n - low.bit_count()) >> 1)
    if chan < 5:
        return ()
    pos = odd.bit_length() - 1
    if pos == CC_SHIFT:
        return (CC_INDEX,) if chan == 5 else ()  # R5.3
    base = pos // 3
    lows = (low >> pos) & SUIT_LOW
    if lows == SUIT_LOW:
        return (base, base + 1, base + 2)  # ba đầu: each suit makes a chắn and a cạ
    que = base + (lows.bit_length() - 1) // 3
    if chan == 5:
        return (que,)  # bạch thủ: only the card identical to the què
    return tuple(k for k in (base, base + 1, base + 2)
                 if k == que or (h >> (3 * k)) & FIELD < 4)


class WaitShape(Enum):
    """The names the seeds give a waiting hand (R5.5)."""

    RONG = "rong"  # ≥ 6 chắn, a què that wins as chắn or cạ
    BACH_THU = "bach_thu"  # exactly 5 chắn, wins only on the card identical to the què
    BA_DAU = "ba_dau"  # 5 chắn + a ba đầu, wins on any card of that rank

    @property
    def name_vi(self) -> str:
        """Vietnamese name."""
        return {"rong": "ù rộng", "bach_thu": "bạch thủ", "ba_dau": "chờ ba đầu"}[self.value]


def wait_shape(h: int, n: int, mat_chan: int) -> WaitShape | None:
    """Which named shape a waiting hand has (R5.5), or None when it is not waiting."""
    if not waits(h, n, mat_chan):
        return None
    low = h & LOW
    pos = odd_ranks(h).bit_length() - 1
    if pos != CC_SHIFT and (low >> pos) & SUIT_LOW == SUIT_LOW:
        return WaitShape.BA_DAU
    chan = mat_chan + ((n - low.bit_count()) >> 1)
    return WaitShape.BACH_THU if chan == 5 else WaitShape.RONG


# --------------------------------------------------------------------- arrangement (R3.6)

@dataclass(frozen=True, slots=True)
class Arrangement:
    """The canonical arrangement of a set of hand cards (R3.6)."""

    chan: tuple[tuple[Card, Card], ...]
    ca: tuple[tuple[Card, Card], ...]
    ba_dau: tuple[tuple[Card, Card, Card], ...]
    que: tuple[Card, ...]

    def __str__(self) -> str:
        def group(items: Iterable[tuple[Card, ...]]) -> str:
            return " ".join("[" + " ".join(map(str, g)) + "]" for g in items)
        parts = [f"chắn {group(self.chan)}" if self.chan else "",
                 f"cạ {group(self.ca)}" if self.ca else "",
                 f"ba đầu {group(self.ba_dau)}" if self.ba_dau else "",
                 f"què {' '.join(map(str, self.que))}" if self.que else ""]
        return "; ".join(p for p in parts if p)


def arrange_packed(h: int) -> Arrangement:
    """R3.6: per kind count // 2 chắn; per rank the odd leftovers make a cạ, ba đầu or què."""
    chan: list[tuple[Card, Card]] = []
    ca: list[tuple[Card, Card]] = []
    ba_dau: list[tuple[Card, Card, Card]] = []
    que: list[Card] = []
    for base in range(0, CC_INDEX, 3):
        left: list[Card] = []
        for k in (base, base + 1, base + 2):
            c = (h >> (3 * k)) & FIELD
            chan.extend([(Card(k), Card(k))] * (c >> 1))
            if c & 1:
                left.append(Card(k))
        if len(left) == 2:
            ca.append((left[0], left[1]))
        elif len(left) == 3:
            ba_dau.append((left[0], left[1], left[2]))
        elif left:
            que.append(left[0])
    c = (h >> CC_SHIFT) & FIELD
    chan.extend([(Card.CC, Card.CC)] * (c >> 1))
    if c & 1:
        que.append(Card.CC)
    return Arrangement(tuple(chan), tuple(ca), tuple(ba_dau), tuple(que))


def arrange(cards: Iterable[int]) -> Arrangement:
    """The canonical arrangement (R3.6) of some hand cards."""
    return arrange_packed(pack(cards))


# --------------------------------------------------------------------- friendly forms

@dataclass(frozen=True, slots=True)
class Wait:
    """One card that completes a waiting hand, and how many copies the player cannot see."""

    card: Card
    live: int


def find_waits(hand: Iterable[int], mat_chan: int = 0,
               seen: Iterable[int] = ()) -> tuple[Wait, ...]:
    """The waits of hand cards + melds worth mat_chan chắn (R5.5), with live counts.

    ``seen`` are the cards the player can see outside its hand (mats, cửa, a known quân cái);
    a card's live count is 4 minus what the hand holds and what is seen.
    """
    hand_list = list(hand)
    h = pack(hand_list)
    seen_h = pack(seen)
    return tuple(Wait(Card(k), max(0, 4 - count(h, k) - count(seen_h, k)))
                 for k in waits(h, len(hand_list), mat_chan))


def wins_with(hand: Iterable[int], mat_chan: int, card: int) -> bool:
    """R5.1/R5.3 on card lists: do the hand cards, the melds and ``card`` win?"""
    hand_list = list(hand)
    return is_winning(pack(hand_list), len(hand_list), mat_chan, card)


def wait_shape_of(hand: Iterable[int], mat_chan: int = 0) -> WaitShape | None:
    """R5.5 on card lists: the named shape of a waiting hand, or None."""
    hand_list = list(hand)
    return wait_shape(pack(hand_list), len(hand_list), mat_chan)


def odd_rank_count(hand: Iterable[int]) -> int:
    """How many ranks hold an odd number of the hand cards (R3.6: the què and ba đầu)."""
    return odd_ranks(pack(hand)).bit_count()


def chan_count_of(hand: Iterable[int]) -> int:
    """Chắn of the canonical arrangement (R3.6) of some hand cards."""
    hand_list = list(hand)
    return chan_count(pack(hand_list), len(hand_list))
