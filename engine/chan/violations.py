"""Violations (lỗi L0–L17), declines and báo (RULES R7), judged from public history.

The judge keeps, per seat, what the rules look back at: cards it declined (as chắn, or for a
cạ with some hand card), cards it discarded, cards it ate, cạ it ate — with the event of each,
so each violation names the earlier event that set it up (FORMATS ``cause_event``) — and the
same facts as the bitsets of what the seat may still eat and discard (masks.py), which the
computer players read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Act
from engine.chan import hand as H
from engine.chan.cards import CC_INDEX, Card
from engine.chan.masks import CLEAN, Masks, after_decline, after_discard, after_eat
from engine.chan.rulebook import BAO, REGISTRY
from engine.events import Violation
from engine.registry import CardRole, Rule

_DISCARD, _EAT, _DECLINE = range(3)  # the moves a history queues for its bitsets


def rank_of(card: int) -> int:
    """A rank key: 0..7 for nhị..cửu, 8 for Chi chi."""
    return 8 if card == CC_INDEX else card // 3


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
    # L6–L17 as bitsets (masks.py): every note_* below queues the after_* of its move, and
    # reading ``masks`` brings them up to date (only the computer players read them).
    _masks: Masks = field(default=CLEAN, compare=False, repr=False)
    _todo: list[tuple[int, int, int]] = field(default_factory=list, compare=False, repr=False)

    @property
    def masks(self) -> Masks:
        """What the seat may still eat and discard, as bitsets (masks.py)."""
        if self._todo:
            m = self._masks
            for op, a, b in self._todo:
                m = after_discard(m, a) if op == _DISCARD else after_eat(m, a, b) \
                    if op == _EAT else after_decline(m, a, b)
            self._masks = m
            self._todo = []
        return self._masks

    def copy(self) -> SeatHistory:
        """An independent copy (for hypothetical moves and copied games)."""
        return SeatHistory(
            declined_chan=dict(self.declined_chan), declined_ca=dict(self.declined_ca),
            discarded=dict(self.discarded), discarded_rank=dict(self.discarded_rank),
            ca_discarded=self.ca_discarded, eaten=dict(self.eaten),
            ca_eaten_rank=dict(self.ca_eaten_rank), first_ca_eat=self.first_ca_eat,
            faults=list(self.faults), bo_u=list(self.bo_u),
            touched_cua_chi=self.touched_cua_chi, bon_open=set(self.bon_open),
            bon_done=self.bon_done, _masks=self._masks, _todo=list(self._todo))


def eat_faults_a(h: int, n: int, mat_chan: int, x: int, y: int) -> list[str]:
    """L1–L5 of eating x with hand card y, from the hand h (n cards) before the eat (R7 A)."""
    held_x = H.count(h, x)
    out: list[str] = []
    if x != y and held_x:
        out.append("L1")
    if held_x == 3 and n > 3:  # a chíu was possible: a card is left for trả cửa (R4.6)
        out.append("L2")
    if x == y:
        return out
    l1 = "L1" in out
    ry = H.count(h, y)
    if not l1 and ry & 1 and H.odd_suits(h, y) == 2:
        out.append("L3")  # y is one of the two leftovers that make a cạ (R3.6)
    if H.waits(h, n, mat_chan) and H.lone_odd(h) == y:
        out.append("L4")  # y is the què the hand waits with
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
        if H.count(h, y) and not eat_faults_a(h, n, mat_chan, x, y):
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
    if H.count(h, x):
        hist.declined_chan.setdefault(x, event)
    if x != CC_INDEX:
        for y in partners(x):
            if y != x and H.count(h, y):
                hist.declined_ca.setdefault(y, event)
    hist._todo.append((_DECLINE, h, x))


def note_discard(hist: SeatHistory, z: int, event: int) -> None:
    """Record a discard (or trả cửa) for L10–L13, L16."""
    rank = rank_of(z)
    if z != CC_INDEX and rank in hist.discarded_rank and z not in hist.discarded \
            and hist.ca_discarded is None:
        hist.ca_discarded = event
    hist.discarded.setdefault(z, event)
    hist.discarded_rank.setdefault(rank, event)
    hist._todo.append((_DISCARD, z, 0))


def note_eat(hist: SeatHistory, h: int, x: int, y: int, event: int) -> None:
    """Record an eat for L14, L15, L17 and the bòn of C8/C9 (h is the hand before the eat)."""
    hist.eaten.setdefault(x, event)
    hist._todo.append((_EAT, x, y))
    if x != y:
        hist.ca_eaten_rank.setdefault(rank_of(x), event)
        if hist.first_ca_eat is None:
            hist.first_ca_eat = event
        return
    if x in hist.bon_open:
        hist.bon_open.discard(x)
        hist.bon_done += 1
    elif H.count(h, x) >= 2:
        hist.bon_open.add(x)


# ----------------------------------------------------------------- the one builder

# The built-in lỗi whose annotation names the hand card that eats (the registry's card role);
# every other built-in eat lỗi names the card eaten, a discard lỗi the card discarded.
_NAMES_HAND = frozenset(r.id for r in REGISTRY if r.card is CardRole.HAND)


@dataclass(frozen=True, slots=True)
class Move:
    """What the judge of a registered rule looks at: one seat's move, with its hand (packed,
    before the move), melds, history, the card taken (an eat) and the card it plays (the
    hand card of an eat, the card discarded or returned)."""

    act: Act
    seat: int
    hand: int
    hand_n: int
    mat_chan: int
    hist: SeatHistory
    taken: Card | None
    card: Card
    event: int


def _registered(rules: tuple[Rule, ...], move: Move) -> list[Violation]:
    out = []
    for rule in rules:
        assert rule.judge is not None
        found = rule.judge(move)
        if found is None or found is False:
            continue
        card = move.taken if rule.card is CardRole.TAKEN and move.taken is not None \
            else move.card
        cause = None if found is True else int(found)
        out.append(Violation(rule.id, move.seat, card, move.event, cause))
    return out


def makes_bao(found: list[Violation]) -> Violation | None:
    """The first of the lỗi just committed that makes the seat báo at once (R7.3, rulebook),
    or None."""
    for v in found:
        if REGISTRY.consequence_of(v.rule) == BAO:
            return v
    return None


def eat_violations(h: int, n: int, mat_chan: int, hist: SeatHistory, x: Card, y: Card,
                   seat: int, event: int) -> list[Violation]:
    """The lỗi of eating x with the hand card y (R7 A–D, and every rule registered for an
    eat), each naming the card its registry entry says: the one place the game and the AI's
    tracker build them."""
    found = eat_faults_a(h, n, mat_chan, x, y)
    looked_back = eat_faults_history(hist, x, y)
    if not found and not looked_back and not REGISTRY.has_judges:
        return []  # the usual case (this is on the computer players' hot path)
    out = [Violation(r, seat, y if r in _NAMES_HAND else x, event) for r in found]
    for r, cause in looked_back:
        out.append(Violation(r, seat, y if r in _NAMES_HAND else x, event, cause))
    extra = REGISTRY.judged_on(Act.EAT)
    if extra:
        out.extend(_registered(extra, Move(Act.EAT, seat, h, n, mat_chan, hist, x, y, event)))
    return out


def discard_violations(hist: SeatHistory, z: Card, seat: int, event: int, act: Act,
                       h: int, n: int, mat_chan: int) -> list[Violation]:
    """The lỗi of discarding (or returning, R4.6) z (R7 B–D, and every rule registered for
    that act), as ``eat_violations``."""
    found = discard_faults(hist, z)
    if not found and not REGISTRY.has_judges:
        return []
    out = [Violation(r, seat, z, event, cause) for r, cause in found]
    extra = REGISTRY.judged_on(act)
    if extra:
        out.extend(_registered(extra, Move(act, seat, h, n, mat_chan, hist, None, z, event)))
    return out
