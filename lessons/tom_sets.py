"""Seeded Tổ tôm sets for the drills: groups T3 allows, laid out as a player would hold them,
with the colour and the shape a drill asks for.

A set is proposed here and judged by the engine: the drills keep only what engine/totom says
it is (a winning set wins, a chi nẩy is a chi nẩy, a bạch định is all black). The proposal is
built from whole groups — runs, phu bí, the special phu, bộ giống, lone yêu — so that most
proposals are what was asked and few are thrown away. As in play (T3.5) a bộ giống lies on the
mat, a phỗng face up or a khàn face down, except a pair kept in the hand for a bạch thủ; some
other phu lie on the mat as eaten phu.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from lessons.tom_engine import (
    ALL_CARDS,
    COPIES,
    SPECIAL,
    YEU,
    Card,
    GroupType,
    MatMeld,
    Position,
    card_of,
    classify,
)

Group = tuple[Card, ...]
TRIES = 400  # proposals tried for one set before giving up


@cache
def pool() -> tuple[Group, ...]:
    """Every group a set is built from: runs of 3–5, phu bí of 3–4 (ranks nhị to cửu), the
    seven special phu, three identical cards of any kind, a lone yêu."""
    out: list[Group] = []
    for suit in range(3):
        for length in (3, 4, 5):
            for lo in range(1, 11 - length):
                out.append(tuple(card_of(suit, r) for r in range(lo, lo + length)))
    for rank in range(2, 10):
        bi = tuple(card_of(s, rank) for s in range(3))
        out.append(bi)
        out.extend(tuple(sorted((*bi, card_of(s, rank)))) for s in range(3))
    out.extend(SPECIAL.values())
    out.extend((k, k, k) for k in ALL_CARDS)
    out.extend((k,) for k in sorted(YEU))
    return tuple(out)


def is_lung(group: Group) -> bool:
    """A special phu or a bộ giống (T3.7)."""
    found = classify(group)
    return found is not None and found[0] in (GroupType.SP, GroupType.GIONG)


@dataclass(frozen=True, slots=True)
class Plan:
    """What a set must be: its size, how many lưng it is built with, exact counts of red cards
    and of ông cụ (None: any), groups it must hold in the hand, and what the card taken out of
    it (W) must be — ``None`` (no card taken out), ``"any"``, ``"yeu"`` (a lone yêu: the rest
    is thập thành), ``"middle"`` (the middle of a run: xuyên), ``"giong"`` (the third of a pair:
    bạch thủ) or ``"cc"`` (the chi chi of a lèo: chi nẩy)."""

    size: int
    lung: int = 1
    red: int | None = None
    oc: int | None = None
    force: tuple[Group, ...] = ()
    w: str | None = "any"
    mat_share: float = 0.3
    face_down: float = 0.3  # the share of bộ giống on the mat lying face down (khàn)
    lung_only_planned: bool = False  # fill with groups that are not lưng


@dataclass(frozen=True, slots=True)
class Built:
    """A proposed set: the position (without W) and W (None when the plan takes none out)."""

    position: Position
    w: Card | None


class _Budget:
    """Copies left of each kind, and the red cards and ông cụ still to place."""

    def __init__(self, plan: Plan) -> None:
        self.left = Counter({k: COPIES for k in ALL_CARDS})
        self.room = plan.size
        self.red = plan.red
        self.oc = plan.oc

    def fits(self, g: Group) -> bool:
        if len(g) > self.room or any(self.left[c] < n for c, n in Counter(g).items()):
            return False
        red = sum(1 for c in g if c.is_red)
        oc = g.count(Card.OC)
        if self.red is not None and red > self.red:
            return False
        if self.oc is not None and oc > self.oc:
            return False
        return self.red is None or self.oc is None or red - oc <= self.red - self.oc

    def take(self, g: Group) -> None:
        self.left.subtract(g)
        self.room -= len(g)
        if self.red is not None:
            self.red -= sum(1 for c in g if c.is_red)
        if self.oc is not None:
            self.oc -= g.count(Card.OC)

    @property
    def done(self) -> bool:
        return self.room == 0 and self.red in (None, 0) and self.oc in (None, 0)


def _choose(rng: random.Random, budget: _Budget, groups: Sequence[Group]) -> Group | None:
    """A group that fits, preferring one with red cards while some are still to be placed (and
    ông cụ while some are)."""
    fitting = [g for g in groups if budget.fits(g)]
    if not fitting:
        return None
    if budget.oc:
        with_oc = [g for g in fitting if Card.OC in g]
        if with_oc:
            return rng.choice(with_oc)
    if budget.red:
        red = [g for g in fitting if any(c.is_red for c in g)]
        if red and rng.random() < 0.8:
            return rng.choice(red)
    return rng.choice(fitting)


def _groups(rng: random.Random, plan: Plan) -> list[Group] | None:
    """Whole groups making the plan's size, lưng, red and ông cụ counts (None: a dead end)."""
    budget = _Budget(plan)
    out: list[Group] = []
    for forced in plan.force:
        if not budget.fits(forced):
            return None
        budget.take(forced)
        out.append(forced)
    lung = [g for g in pool() if is_lung(g)]
    plain = [g for g in pool() if not is_lung(g)]
    while sum(1 for g in out if is_lung(g)) < plan.lung:
        chosen = _choose(rng, budget, lung)
        if chosen is None:
            return None
        budget.take(chosen)
        out.append(chosen)
    fill = plain if plan.lung_only_planned else list(pool())
    while budget.room:
        chosen = _choose(rng, budget,
                         fill if budget.room > 2 else [x for x in fill if len(x) == 1])
        if chosen is None:
            return None
        budget.take(chosen)
        out.append(chosen)
    return out if budget.done else None


def _w_fits(g: Group, role: str) -> bool:
    """Whether W may be taken from group g for the plan's role."""
    if role == "yeu":
        return len(g) == 1
    if role == "middle":
        return len(g) == 3 and classify(g) == (GroupType.DOC, None)
    if role == "giong":
        return len(g) == 3 and len(set(g)) == 1
    if role == "cc":
        return classify(g) == (GroupType.SP, "SP2")
    return True


def _w_group(rng: random.Random, groups: list[Group], role: str) -> int | None:
    """The index of the group W is taken from, for the plan's role."""
    found = [i for i, g in enumerate(groups) if _w_fits(g, role)]
    return rng.choice(found) if found else None


def propose(rng: random.Random, plan: Plan) -> Built | None:
    """One proposal for the plan, or None when this try came to a dead end."""
    made = _groups(rng, plan)
    if made is None:
        return None
    forced = len(plan.force)  # the forced groups come first: they stay in the hand
    order = list(range(len(made)))
    rng.shuffle(order)
    groups = [made[i] for i in order]
    held = [i < forced for i in order]
    w_at = None if plan.w is None else _w_group(rng, groups, plan.w)
    if plan.w is not None and w_at is None:
        return None
    hand: list[Card] = []
    mat: list[MatMeld] = []
    for i, g in enumerate(groups):
        giong = len(g) >= 3 and len(set(g)) == 1
        if i == w_at or (not giong and (held[i] or len(g) < 3
                                        or rng.random() >= plan.mat_share)):
            hand.extend(g)
        else:
            mat.append(MatMeld(g, face_down=giong and rng.random() < plan.face_down))
    w: Card | None = None
    if w_at is not None:
        g = groups[w_at]
        w = g[1] if plan.w == "middle" else Card.CC if plan.w == "cc" else rng.choice(g)
        hand.remove(w)
    counts = Counter(hand)
    on_mat = {m.cards[0] for m in mat if m.type == GroupType.GIONG}
    if any(n >= 3 or c in on_mat for c, n in counts.items()):
        return None  # T3.5: no third copy gathers in the hand, none beside a mat bộ giống
    return Built(Position(tuple(hand), tuple(mat)), w)


def build(rng: random.Random, plan: Plan) -> Built:
    """A proposal for the plan (retried until one comes; the caller judges it)."""
    for _ in range(TRIES):
        found = propose(rng, plan)
        if found is not None:
            return found
    raise AssertionError(f"no set for {plan} in {TRIES} tries")


def near_miss(rng: random.Random, position: Position) -> Position:
    """The position with one hand card replaced by another kind (copies permitting)."""
    hand = list(position.hand)
    if not hand:
        return position  # everything lies on the mat: nothing in the hand to change
    while True:
        new = rng.choice(ALL_CARDS)
        i = rng.randrange(len(hand))
        if new == hand[i] or position.count(new) >= COPIES:
            continue
        changed = [*hand[:i], new, *hand[i + 1:]]
        if Counter(changed)[new] >= 3:
            continue
        return Position(tuple(changed), position.mat)


def lung_bound(position: Position) -> int:
    """An upper bound on the lưng of any arrangement (T3.7): the mat's lưng, one bộ giống per
    kind held three times in the hand, and for each special phu as many as its scarcest card
    allows from the hand."""
    hand = Counter(position.hand)
    bound = sum(1 for m in position.mat if m.is_lung)
    bound += sum(1 for n in hand.values() if n >= 3)
    bound += sum(min(hand[c] for c in cards) for cards in SPECIAL.values())
    return bound
