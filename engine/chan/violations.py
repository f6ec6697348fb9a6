"""Violations (lỗi L0–L17), declines and báo (RULES R7), judged from public history.

The judge keeps, per seat, what the rules look back at: cards it declined (as chắn, or for a
cạ with some hand card), cards it discarded, cards it ate, cạ it ate. Each violation names the
earlier event that set it up (FORMATS ``cause_event``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.chan import hand as H
from engine.chan.cards import CC_INDEX, Card

# The rules whose breach makes a player báo at once (R7.3).
BAO_RULES = frozenset(f"L{i}" for i in range(6, 18))
# Rules that leave the win standing but unpaid (R7.2) or make it ù báo (R7.4).
NGHI_RULES = frozenset({"L0", "L1", "L2"})
U_BAO_RULES = frozenset({"L3", "L4", "L5"})


def rule_key(rule: str) -> tuple[int, str]:
    """A sort key putting L ids in numeric order (L2 before L10), then any other judgement."""
    return (int(rule[1:]), "") if rule[:1] == "L" and rule[1:].isdigit() else (99, rule)

NAMES_VI: dict[str, str] = {
    "L0": "Trái vỉ", "L1": "Ăn treo tranh", "L2": "Chíu được mà ăn thường",
    "L3": "Ăn chọn cạ", "L4": "Ăn cạ chuyển chờ", "L5": "Có chắn cấu cạ",
    "L6": "Bỏ chắn ăn chắn", "L7": "Bỏ chắn ăn cạ", "L8": "Bỏ cạ ăn cạ",
    "L9": "Bỏ chắn đánh chắn", "L10": "Đánh cạ ăn cạ", "L11": "Xé cạ ăn cạ",
    "L12": "Đánh rồi ăn", "L13": "Đánh đôi chắn", "L14": "Ăn rồi đánh",
    "L15": "Ăn cạ rồi ăn chắn cùng hàng", "L16": "Đánh cạ khi đã ăn cạ",
    "L17": "Ăn cạ đánh con cùng hàng",
}


def rank_of(card: int) -> int:
    """A rank key: 0..7 for nhị..cửu, 8 for Chi chi."""
    return 8 if card == CC_INDEX else card // 3


@dataclass(frozen=True, slots=True)
class Violation:
    """One lỗi: the rule, who, the card involved, the event, and what set it up."""

    rule: str
    seat: int
    card: Card
    event: int
    cause_event: int | None = None

    @property
    def bao(self) -> bool:
        """Whether this breach makes the player báo (R7.3)."""
        return self.rule in BAO_RULES


@dataclass(slots=True)
class SeatHistory:
    """What the rules remember about one seat's public actions in this game."""

    declined_chan: dict[int, int] = field(default_factory=dict)  # kind → declining event
    declined_ca: dict[int, int] = field(default_factory=dict)  # hand kind → declining event
    discarded: dict[int, int] = field(default_factory=dict)  # kind → first discard event
    discarded_rank: dict[int, int] = field(default_factory=dict)  # rank → first discard event
    ca_discarded: int | None = None  # event completing two discards of one rank, two suits
    eaten: dict[int, int] = field(default_factory=dict)  # eaten kind → event
    ca_eaten_rank: dict[int, int] = field(default_factory=dict)  # rank → first cạ eat event
    first_ca_eat: int | None = None
    faults: list[Violation] = field(default_factory=list)  # everything this seat committed
    bo_u: list[int] = field(default_factory=list)  # events whose win it let pass (R7.1)
    touched_cua_chi: bool = False  # put a card into its own cửa chì (C5)
    bon_open: set[int] = field(default_factory=set)  # kinds with a bòn in progress (C8, C9)
    bon_done: int = 0

    def copy(self) -> SeatHistory:
        """An independent copy (for hypothetical moves and copied games)."""
        return SeatHistory(
            declined_chan=dict(self.declined_chan), declined_ca=dict(self.declined_ca),
            discarded=dict(self.discarded), discarded_rank=dict(self.discarded_rank),
            ca_discarded=self.ca_discarded, eaten=dict(self.eaten),
            ca_eaten_rank=dict(self.ca_eaten_rank), first_ca_eat=self.first_ca_eat,
            faults=list(self.faults), bo_u=list(self.bo_u),
            touched_cua_chi=self.touched_cua_chi, bon_open=set(self.bon_open),
            bon_done=self.bon_done)


def eat_faults_a(h: int, n: int, mat_chan: int, x: int, y: int) -> list[str]:
    """L1–L5 of eating x with hand card y, from the hand h (n cards) before the eat (R7 A)."""
    held_x = (h >> (3 * x)) & 7
    out: list[str] = []
    if x != y and held_x:
        out.append("L1")
    if held_x == 3 and n > 3:  # a chíu was possible: a card is left for trả cửa (R4.6)
        out.append("L2")
    if x == y:
        return out
    l1 = "L1" in out
    ry = (h >> (3 * y)) & 7
    if not l1 and ry & 1:
        base = (y // 3) * 3
        field_low = (h >> (3 * base)) & H.SUIT_LOW
        if field_low.bit_count() == 2:
            out.append("L3")  # y is one of the two leftovers that make a cạ (R3.6)
    if H.waits(h, n, mat_chan):
        pos = H.odd_ranks(h).bit_length() - 1
        lows = (h & H.LOW) >> pos & H.SUIT_LOW if pos != H.CC_SHIFT else 1
        if pos != H.CC_SHIFT and lows.bit_count() == 1 and pos // 3 + (lows.bit_length() - 1) \
                // 3 == y:
            out.append("L4")
    if not l1 and ry >= 2:
        out.append("L5")
    return out


def eat_faults_history(hist: SeatHistory, x: int, y: int) -> list[tuple[str, int | None]]:
    """L6–L8, L10–L12, L15 of eating x with y, from the seat's history (R7 B, C, D)."""
    out: list[tuple[str, int | None]] = []
    is_ca = x != y
    rank = rank_of(x)
    if not is_ca and x in hist.declined_chan:
        out.append(("L6", hist.declined_chan[x]))
    if is_ca and y in hist.declined_chan:
        out.append(("L7", hist.declined_chan[y]))
    if is_ca and y in hist.declined_ca:
        out.append(("L8", hist.declined_ca[y]))
    if is_ca and hist.ca_discarded is not None:
        out.append(("L10", hist.ca_discarded))
    if is_ca and rank in hist.discarded_rank:
        out.append(("L11", hist.discarded_rank[rank]))
    if x in hist.discarded:
        out.append(("L12", hist.discarded[x]))
    if not is_ca and rank in hist.ca_eaten_rank:
        out.append(("L15", hist.ca_eaten_rank[rank]))
    return out


def discard_faults(hist: SeatHistory, z: int) -> list[tuple[str, int | None]]:
    """L9, L13, L14, L16, L17 of discarding z (trả cửa included, R4.6)."""
    out: list[tuple[str, int | None]] = []
    rank = rank_of(z)
    if z in hist.declined_chan:
        out.append(("L9", hist.declined_chan[z]))
    if z in hist.discarded:
        out.append(("L13", hist.discarded[z]))
    if z in hist.eaten:
        out.append(("L14", hist.eaten[z]))
    if hist.first_ca_eat is not None and any(k != z and k in hist.discarded
                                             for k in partners(z)):
        out.append(("L16", hist.first_ca_eat))  # z and an earlier discard make a cạ
    if rank in hist.ca_eaten_rank:
        out.append(("L17", hist.ca_eaten_rank[rank]))
    return out


def legal_eats(h: int, n: int, mat_chan: int, x: int) -> list[int]:
    """Hand kinds that could eat x without committing L1–L5 (the R7 meaning of 'legally')."""
    if n < 2:
        return []
    out = []
    for y in partners(x):
        if (h >> (3 * y)) & 7 and not eat_faults_a(h, n, mat_chan, x, y):
            out.append(y)
    return out


_PARTNERS = tuple(
    (CC_INDEX,) if x == CC_INDEX else tuple(range(x // 3 * 3, x // 3 * 3 + 3))
    for x in range(25)
)


def partners(x: int) -> tuple[int, ...]:
    """The kinds that make a chắn or cạ with x."""
    return _PARTNERS[x]


def note_decline(hist: SeatHistory, h: int, x: int, event: int) -> None:
    """Record that the seat declined x (R7 B): bỏ chắn x, and bỏ cạ with each other suit held."""
    if (h >> (3 * x)) & 7:
        hist.declined_chan.setdefault(x, event)
    if x != CC_INDEX:
        for y in partners(x):
            if y != x and (h >> (3 * y)) & 7:
                hist.declined_ca.setdefault(y, event)


def note_discard(hist: SeatHistory, z: int, event: int) -> None:
    """Record a discard (or trả cửa) for L10–L13, L16."""
    rank = rank_of(z)
    if z != CC_INDEX and rank in hist.discarded_rank and z not in hist.discarded \
            and hist.ca_discarded is None:
        hist.ca_discarded = event
    hist.discarded.setdefault(z, event)
    hist.discarded_rank.setdefault(rank, event)


def note_eat(hist: SeatHistory, h: int, x: int, y: int, event: int) -> None:
    """Record an eat for L14, L15, L17 and the bòn of C8/C9 (h is the hand before the eat)."""
    hist.eaten.setdefault(x, event)
    if x != y:
        hist.ca_eaten_rank.setdefault(rank_of(x), event)
        if hist.first_ca_eat is None:
            hist.first_ca_eat = event
        return
    if x in hist.bon_open:
        hist.bon_open.discard(x)
        hist.bon_done += 1
    elif (h >> (3 * x)) & 7 >= 2:
        hist.bon_open.add(x)
