"""Random winning sets and near misses, for the drills, the tests and bench/totom.py.

A winning set is built from groups that T3 allows — mat melds as an eaten phu, a phỗng, a khàn
lie, and hand phu, special phu and lone yêu — so it wins by construction; a near miss is one with
a card changed, which mostly does not.
"""

from __future__ import annotations

import random

from engine.totom.cards import ALL_CARDS, COPIES, N_KINDS, YEU, Card, card_of
from engine.totom.melds import SPECIAL
from engine.totom.position import MatMeld, Position
from engine.totom.rules import hand_size


def _run(rng: random.Random, length: int) -> list[Card]:
    suit = rng.randrange(3)
    lo = rng.randint(1, 10 - length)
    return [card_of(suit, r) for r in range(lo, lo + length)]


def _bi(rng: random.Random, size: int) -> list[Card]:
    r = rng.randint(2, 9)
    cards = [card_of(s, r) for s in range(3)]
    return cards + [card_of(rng.randrange(3), r) for _ in range(size - 3)]


def _group(rng: random.Random, lung: bool) -> list[Card]:
    """One random group; a lưng (special phu or bộ giống) when asked."""
    if lung:
        if rng.random() < 0.6:
            return list(rng.choice(list(SPECIAL.values())))
        return [rng.choice(ALL_CARDS)] * 3
    roll = rng.random()
    if roll < 0.5:
        return _run(rng, rng.choice((3, 3, 3, 4, 5)))
    if roll < 0.75:
        return _bi(rng, rng.choice((3, 3, 4)))
    if roll < 0.85:
        return list(rng.choice(list(SPECIAL.values())))
    return [rng.choice(sorted(YEU))]


def random_winning_set(rng: random.Random, players: int = 5,
                       lung: int = 1) -> tuple[Position, Card]:
    """A position of N cards and a W with which it wins (T5.2).

    As in play (T3.5), a bộ giống lies on the mat — a phỗng, or a khàn face down — except the
    one W completes (two copies in the hand, a bạch thủ); no other kind has three copies in
    the hand or a copy beside its mat bộ giống; a third of the other groups lie on the mat as
    eaten phu.
    """
    size = hand_size(players) + 1
    while True:
        left = [COPIES] * N_KINDS
        groups: list[tuple[list[Card], bool]] = []  # (cards, on the mat)
        phong_w: Card | None = None
        total = 0
        for i in range(40):
            want_lung = sum(1 for g, _ in groups if _is_lung(g)) < lung
            g = _group(rng, want_lung)
            if total + len(g) > size or any(left[c] < g.count(c) for c in set(g)):
                if total >= size - 2 and i > 20:
                    break
                continue
            giong = len(set(g)) == 1 and len(g) >= 3
            if giong and phong_w is None and rng.random() < 0.25:
                phong_w = g[0]
                on_mat = False
            else:
                on_mat = giong or (len(g) >= 3 and rng.random() < 0.3)
            for c in g:
                left[c] -= 1
            total += len(g)
            groups.append((g, on_mat))
            if total == size:
                break
        while total < size:
            yeu = [c for c in YEU if left[c]]
            if not yeu:
                break
            c = rng.choice(yeu)
            left[c] -= 1
            groups.append(([c], False))
            total += 1
        if total != size or sum(1 for g, _ in groups if _is_lung(g)) < lung:
            continue
        hand = [c for g, mat in groups if not mat for c in g]
        if not hand:
            continue
        w = phong_w if phong_w is not None else hand[rng.randrange(len(hand))]
        hand.remove(w)
        giong_kinds = {g[0] for g, on_mat in groups if on_mat and len(set(g)) == 1}
        if any(hand.count(c) >= 3 or c in giong_kinds for c in set(hand)):
            continue  # T3.5: no third copy gathers in the hand, none beside a mat bộ giống
        mat = tuple(MatMeld(tuple(g), face_down=len(set(g)) == 1 and rng.random() < 0.3)
                    if len(set(g)) == 1 else MatMeld(tuple(g)) for g, on_mat in groups if on_mat)
        return Position(tuple(hand), mat), w


def _is_lung(cards: list[Card]) -> bool:
    return len(cards) == 3 and (len(set(cards)) == 1 or sorted(cards) in
                                [sorted(s) for s in SPECIAL.values()])


def near_miss(rng: random.Random, position: Position, w: Card) -> tuple[Position, Card]:
    """The same set with one hand card or W replaced by another kind (copies permitting)."""
    while True:
        new = rng.choice(ALL_CARDS)
        if position.count(new) + (new == w) >= COPIES:
            continue
        hand = list(position.hand)
        if hand and rng.random() < 0.8:
            hand[rng.randrange(len(hand))] = new
            candidate = Position(tuple(hand), position.mat)
            if candidate.count(w) < COPIES:
                return candidate, w
            continue
        return position, new
