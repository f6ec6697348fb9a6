"""Hand-made Tổ tôm games in the hands form (FORMATS): the cards that matter, the rest dealt
round so that they change nothing, and a list of actions in their text form.

``deal_of({0: "3v 3s ...", 2: "..."}, noc="5v 9n")`` gives each named seat those cards and
fills every hand (the cái's to N + 1) and the nọc (after the named top cards) with the others:
no filled card makes a pair, a khàn or a special phu with the cards already there (nor, in a
named seat, a copy of any card the test names), and a seat
the test does not name waits on nothing (the cái: after any discard), so it claims nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping

from engine.events import Event
from engine.game import Mode
from engine.totom.actions import TomAction
from engine.totom.cards import DECK, Card, parse_cards
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.melds import SPECIAL
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.waits import waits


def deal_of(hands: Mapping[int, str], noc: str = "", cai: int = 0,
            rules: TomRules = DEFAULT_RULES) -> Deal:
    """A deal with the named cards in place and every other card dealt harmlessly."""
    p, n = rules.players, rules.hand_size
    piles: list[list[Card]] = [list(parse_cards(hands.get(s, ""))) for s in range(p)]
    top = list(parse_cards(noc))
    want = [n + 1 if s == cai else n for s in range(p)] + [n - 1]
    left = Counter(DECK)
    for cards in [*piles, top]:
        left.subtract(cards)
    bad = sorted(c for c, k in left.items() if k < 0)
    if bad:
        raise ValueError(f"more than four of {bad}")
    # A named seat gets no extra copy of a card the test names: the test speaks of those.
    avoid = {c for cards in [*piles, top] for c in cards}
    for s in sorted(range(p), key=lambda s: len(piles[s]) - want[s]):
        pile = piles[s]
        while len(pile) < want[s]:
            kinds = [c for c in left if left[c] > 0]
            harmless = [c for c in kinds if _harmless(pile, c)]
            fine = [c for c in harmless if s not in hands or c not in avoid] or harmless \
                or kinds
            c = min(fine, key=lambda c: (_near_special(pile, c), -left[c], c))
            pile.append(c)
            left[c] -= 1
    tail: list[Card] = []
    while sum(left.values()):  # the rest of the nọc, kinds spread out
        for c in sorted(left):
            if left[c] > 0:
                tail.append(c)
                left[c] -= 1
    named = {s: len(parse_cards(h)) for s, h in hands.items()}
    _quieten(named, piles, tail, cai, n + 1, avoid)
    return Deal.from_hands([tuple(h) for h in piles], tuple(top + tail))


def _quiet(hand: list[Card], cai: bool, fixed: int) -> bool:
    """A hand that waits on nothing (the cái's: once it discards a card it was not given).
    Only the dealt part (after ``fixed`` named cards) must be free of pairs."""
    if len(set(hand[fixed:]) | set(hand[:fixed])) != len(set(hand[:fixed])) + len(hand) - fixed:
        return False
    if not cai:
        return not waits(Position(tuple(hand)))
    return all(not waits(Position(tuple(hand[:i] + hand[i + 1:])))
               for i in range(fixed, len(hand)))


def _quieten(named: dict[int, int], piles: list[list[Card]], tail: list[Card], cai: int,
             full: int, avoid: set[Card]) -> None:
    """Swap dealt cards of the seats with the nọc's last cards (and each other) until none
    of them waits on anything, as far as a few thousand swaps can: a seat the test does not
    name then claims no ù, and a seat given a few cards only what the test gave it."""
    rng = random.Random(22)
    seats = [s for s in range(len(piles)) if named.get(s, 0) < full - (s != cai)]
    for _ in range(3000):
        loud = [s for s in seats if not _quiet(piles[s], s == cai, named.get(s, 0))
                or (s in named and avoid & set(piles[s][named[s]:]))]
        if not loud:
            return
        s = loud[0]
        i = rng.randrange(named.get(s, 0), len(piles[s]))
        others = [(None, j) for j in range(len(tail))] + [
            (t, j) for t in seats if t != s for j in range(named.get(t, 0), len(piles[t]))]
        t, j = rng.choice(others)
        pile = tail if t is None else piles[t]
        if pile[j] in piles[s] or (t is not None and piles[s][i] in pile) \
                or (s in named and pile[j] in avoid) or (t in named and piles[s][i] in avoid):
            continue
        piles[s][i], pile[j] = pile[j], piles[s][i]


def _near_special(pile: list[Card], c: Card) -> int:
    """How many special phu ``c`` would leave one card short of (a wait, hence a lưng)."""
    return sum(1 for sp in SPECIAL.values() if c in sp and any(x in pile for x in sp if x != c))


def _harmless(pile: list[Card], c: Card) -> bool:
    """``c`` makes no pair and completes no special phu in ``pile``."""
    if c in pile:
        return False
    return not any(c in sp and all(x in pile for x in sp if x != c) for sp in SPECIAL.values())


def game_of(hands: Mapping[int, str], noc: str = "", actions: Iterable[str] = (), cai: int = 0,
            rules: TomRules = DEFAULT_RULES, mode: Mode = Mode.REAL,
            automations: Iterable[str] | None = (), thong_seat: int | None = None) -> TomGame:
    """A game on ``deal_of``'s deal after ``actions`` (no automation unless asked)."""
    game = TomGame(deal_of(hands, noc, cai, rules), rules, mode, thong_seat, automations)
    play(game, *actions)
    return game


def play(game: TomGame, *actions: str) -> list[Event[Card]]:
    """Apply actions in their text form; every event they caused."""
    events: list[Event[Card]] = []
    for text in actions:
        events += game.apply(TomAction.parse(text))
    return events


def rules_of(events: Iterable[object]) -> list[str]:
    """The rule ids of the violations among ``events``."""
    return [e.rule for e in events if type(e).__name__ == "Violation"]  # type: ignore[attr-defined]


def moves_of(game: TomGame) -> list[str]:
    """The legal actions, as text."""
    return [str(a) for a in game.legal_actions()]
