"""Random positions for the property tests: winning sets, near misses, and odd mats."""

from __future__ import annotations

import random

from engine.totom.cards import ALL_CARDS, COPIES, DECK, YEU, Card, card_of
from engine.totom.errors import BadMeld, BadPosition
from engine.totom.melds import SPECIAL
from engine.totom.position import MatMeld, Position
from engine.totom.samples import near_miss, random_winning_set


def odd_meld(rng: random.Random) -> MatMeld:
    """Any kind of mat meld T3.8 allows, quân trùng and face-down ones included."""
    roll = rng.randrange(7)
    if roll == 0:
        suit, length = rng.randrange(3), rng.randint(3, 5)
        lo = rng.randint(1, 10 - length)
        cards = tuple(card_of(suit, r) for r in range(lo, lo + length))
        trung = (rng.choice(cards),) if rng.random() < 0.4 else ()
        return MatMeld(cards, trung)
    if roll == 1:
        r = rng.randint(1, 9)
        extra = tuple(card_of(rng.randrange(3), r) for _ in range(rng.randint(0, 2)))
        return MatMeld(tuple(card_of(s, r) for s in range(3)) + extra)
    if roll == 2:
        k = rng.choice(ALL_CARDS)
        return MatMeld((k,) * rng.choice((3, 3, 4)), face_down=rng.random() < 0.5)
    if roll == 3:
        cards = rng.choice(list(SPECIAL.values()))
        return MatMeld(cards, (cards[0],) if rng.random() < 0.3 else ())
    if roll == 4:
        y = rng.choice(sorted(YEU))
        return MatMeld((y,) * rng.choice((1, 2)))
    suit = rng.randrange(3)
    r = rng.randint(1, 7)
    return MatMeld(tuple(card_of(suit, x) for x in range(r, r + 3)))


def odd_position(rng: random.Random, size: int = 20) -> tuple[Position, Card]:
    """A position with random mat melds, a random hand, maybe a bất thực, and a W."""
    while True:
        try:
            mat = tuple(odd_meld(rng) for _ in range(rng.randint(0, 3)))
            left = list(DECK)
            for m in mat:
                for c in m.all_cards:
                    left.remove(c)
            rng.shuffle(left)
            n = size - sum(len(m.all_cards) for m in mat)
            if n < 1:
                continue
            hand = tuple(left[:n])
            w = left[n]
            bat: frozenset[Card] = frozenset()
            pairs = [c for c in set(hand) if hand.count(c) >= 2]
            if pairs and rng.random() < 0.3:
                bat = frozenset({rng.choice(sorted(pairs))})
            return Position(hand, mat, bat), w
        except (BadMeld, BadPosition, ValueError):  # ValueError: more than 4 copies
            continue


def mixed(rng: random.Random) -> tuple[Position, Card]:
    """A winning set, a near miss, an odd position, or a position with a pair of W."""
    roll = rng.randrange(4)
    if roll == 0:
        return random_winning_set(rng)
    if roll == 1:
        return near_miss(rng, *random_winning_set(rng))
    if roll == 2:
        return odd_position(rng)
    position, w = random_winning_set(rng)
    hand = list(position.hand)
    if position.count(w) <= 1 and len(hand) >= 2:
        hand[rng.randrange(len(hand))] = w
        try:
            return Position(tuple(hand), position.mat), w
        except BadPosition:
            pass
    return position, w


def unseen(position: Position) -> list[Card]:
    """Kinds with a copy the position does not hold."""
    return [c for c in ALL_CARDS if position.count(c) < COPIES]


# Groups that share cards with the tôm and the lèo, so that one set can be arranged with more
# or fewer of them (T5.3).
_RICH = [*(("3v", "3s", "7n"),) * 3, *(("9v", "8s", "cc"),) * 3, ("1v", "1s", "9n"),
         ("2v", "2s", "8n"), ("9v", "9s", "tt"), ("1v", "2v", "3v"), ("2v", "3v", "4v"),
         ("3v", "4v", "5v"), ("7v", "8v", "9v"), ("5n", "6n", "7n"), ("6n", "7n", "8n"),
         ("7n", "8n", "9n"), ("1s", "2s", "3s"), ("2s", "3s", "4s"), ("3s", "4s", "5s"),
         ("6s", "7s", "8s"), ("7s", "8s", "9s"), ("3v", "3n", "3s"), ("7v", "7n", "7s"),
         ("8v", "8n", "8s"), ("9v", "9n", "9s"), ("1n", "2n", "3n"), ("cc",), ("oc",), ("tt",)]


def sp_rich_set(rng: random.Random, size: int = 21) -> tuple[Position, Card] | None:
    """A winning-shaped set of ``size`` cards built from groups rich in tôm and lèo cards, all
    in the hand but for W (None when the copies run out)."""
    cards: list[str] = []
    while len(cards) < size:
        group = rng.choice([g for g in _RICH if len(g) <= size - len(cards)])
        if any(cards.count(c) + group.count(c) > COPIES for c in group):
            return None
        cards += group
    rng.shuffle(cards)
    w = Card.parse(cards.pop())
    try:
        return Position(tuple(Card.parse(c) for c in cards)), w
    except BadPosition:
        return None
