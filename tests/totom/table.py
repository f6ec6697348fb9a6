"""Hand-made Tổ tôm games in the hands form (FORMATS): the cards that matter, the rest dealt
round so that they change nothing, and a list of actions in their text form.

``deal_of({0: "3v 3s ...", 2: "..."}, noc="5v 9n")`` gives each named seat those cards and
fills every hand (the cái's to N + 1) and the nọc (after the named top cards) with the others:
no filled card makes a pair, a khàn or a special phu with the cards already there (nor, in a
named seat, a copy of any card the test names, where the deck leaves room for that), and a
seat the test does not name waits on nothing (the cái: after any discard), so it claims
nothing: each such seat is given a dead card, one no single card more could put in a phu.
A deal that cannot be made so is refused (ValueError) rather than dealt loud.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping

from engine.events import Event
from engine.game import Mode
from engine.totom.actions import TomAction
from engine.totom.cards import ALL_CARDS, DECK, Card, parse_cards
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
    avoids = _avoids(hands, piles, top, want)
    for s in sorted(range(p), key=lambda s: len(piles[s]) - want[s]):
        pile = piles[s]
        while len(pile) < want[s]:
            kinds = [c for c in left if left[c] > 0]
            harmless = [c for c in kinds if _harmless(pile, c)]
            fine = [c for c in harmless if c not in avoids.get(s, ())] or harmless or kinds
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
    _quieten(named, piles, tail, cai, n + 1, avoids)
    return Deal.from_hands([tuple(h) for h in piles], tuple(top + tail))


def _avoids(hands: Mapping[int, str], piles: list[list[Card]], top: list[Card],
            want: list[int]) -> dict[int, set[Card]]:
    """The kinds a named seat is dealt no copy of: every card the test names (the test speaks
    of those), or, where that leaves too few kinds to fill the hand without pairs, the seat's
    own named cards and the nọc's named top cards."""
    named = {c for cards in [*piles, top] for c in cards}
    out = {}
    for s in hands:
        room = len(ALL_CARDS) - len(named | set(piles[s]))
        if room >= want[s] - len(piles[s]) + 3:
            out[s] = named
        else:
            out[s] = set(piles[s]) | set(top)
    return out


def _quiet(hand: list[Card], cai: bool, fixed: int) -> bool:
    """A hand that waits on nothing (the cái's: once it discards a card it was not given).
    Only the dealt part (after ``fixed`` named cards) must be free of pairs."""
    if len(set(hand[fixed:]) | set(hand[:fixed])) != len(set(hand[:fixed])) + len(hand) - fixed:
        return False
    if not cai:
        return not waits(Position(tuple(hand)))
    return all(not waits(Position(tuple(hand[:i] + hand[i + 1:])))
               for i in range(fixed, len(hand)))


def _loud(piles: list[list[Card]], s: int, cai: int, fixed: int, avoid: set[Card]) -> bool:
    """A seat that may claim what the test did not give it, or holds what it must not."""
    return not _quiet(piles[s], s == cai, fixed) or bool(avoid & set(piles[s][fixed:]))


def _quieten(named: dict[int, int], piles: list[list[Card]], tail: list[Card], cai: int,
             full: int, avoids: dict[int, set[Card]]) -> None:
    """Give each seat a dead card (``_deaden``), then swap dealt cards of the seats with the
    nọc's last cards (and each other) until none of them waits on anything: a seat the test
    does not name then claims no ù, and a seat given a few cards only what the test gave it.
    Refuses a deal it cannot quieten: a test would then rest on claims nobody meant."""
    rng = random.Random(22)
    seats = [s for s in range(len(piles)) if named.get(s, 0) < full - (s != cai)]
    _deaden(named, piles, tail, cai, seats, avoids)
    for _ in range(3000):
        loud = [s for s in seats
                if _loud(piles, s, cai, named.get(s, 0), avoids.get(s, set()))]
        if not loud:
            return
        s = loud[0]
        i = rng.randrange(named.get(s, 0), len(piles[s]))
        t, j = rng.choice(_places(s, seats, named, piles, tail))
        pile = tail if t is None else piles[t]
        if pile[j] in piles[s] or (t is not None and piles[s][i] in pile) \
                or pile[j] in avoids.get(s, ()) or (t is not None and piles[s][i] in
                                                    avoids.get(t, ())):
            continue
        piles[s][i], pile[j] = pile[j], piles[s][i]
    raise ValueError(f"seats {loud} still claim or hold what the test did not give them")


def _places(s: int, seats: list[int], named: dict[int, int], piles: list[list[Card]],
            tail: list[Card]) -> list[tuple[int | None, int]]:
    """Where a dealt card of seat ``s`` may be swapped to: the nọc's last cards (None), then
    the other seats' dealt cards."""
    return [(None, j) for j in range(len(tail))] + [
        (t, j) for t in seats if t != s for j in range(named.get(t, 0), len(piles[t]))]


def _killers(c: Card) -> frozenset[Card] | None:
    """The kinds whose absence leaves ``c`` in no phu even with one card more (T3.2–T3.5):
    its suit's cards up to two ranks away, its rank in the other suits, its special partners.
    None for a yêu, which needs no phu (T3.6)."""
    if c.is_yeu:
        return None
    suit, r = c // 9, c.rank
    out = {Card(suit * 9 + x - 1) for x in range(max(1, r - 2), min(9, r + 2) + 1) if x != r}
    out |= {Card(t * 9 + r - 1) for t in range(3) if t != suit}
    out |= {x for sp in SPECIAL.values() if c in sp for x in sp if x != c}
    return frozenset(out)


def _deaden(named: dict[int, int], piles: list[list[Card]], tail: list[Card], cai: int,
            seats: list[int], avoids: dict[int, set[Card]]) -> None:
    """Give each loud seat a dead card (the cái two) — held once, none of its killers held —
    by swapping dealt cards with the nọc's last cards or other seats' dealt cards. A hand with
    a dead card waits on nothing: one more card brings only one of the two a group with it
    needs; the cái's two leave one after any discard. Pairs, and cards to avoid, go too."""
    kills: dict[int, frozenset[Card]] = {}
    deads: dict[int, set[Card]] = {}
    for s in seats:
        hand, fixed, mine = piles[s], named.get(s, 0), avoids.get(s, set())
        if not _loud(piles, s, cai, fixed, mine):
            continue
        options = []
        for c in set(hand):
            kill = _killers(c)
            if kill is None or hand.count(c) > 1 or kill & set(hand[:fixed]):
                continue
            options.append((sum(1 for x in hand[fixed:] if x in kill), c, kill))
        need = 2 if s == cai else 1
        options.sort()
        if len(options) < need:
            continue
        dead = {c for _, c, _ in options[:need]}
        kill = frozenset().union(*(k for _, _, k in options[:need]))
        for i in range(fixed, len(hand)):
            x = hand[i]
            if not (x in kill or x in mine or (x not in dead and hand.count(x) > 1)):
                continue
            for t, j in _places(s, seats, named, piles, tail):
                other = tail if t is None else piles[t]
                y = other[j]
                if y in hand or y in kill or y in mine:
                    continue
                if t is not None and (x in other or x in kills.get(t, ())
                                      or y in deads.get(t, ()) or x in avoids.get(t, ())):
                    continue
                hand[i], other[j] = y, x
                break
        kills[s], deads[s] = kill, dead


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


def decline_to(game: TomGame, seat: int) -> None:
    """Every claimant ranked before ``seat`` declines (a record never shows a decline)."""
    while game.actor != seat:
        play(game, f"{game.actor} decline")


def rules_of(events: Iterable[object]) -> list[str]:
    """The rule ids of the violations among ``events``."""
    return [e.rule for e in events if type(e).__name__ == "Violation"]  # type: ignore[attr-defined]


def moves_of(game: TomGame) -> list[str]:
    """The legal actions, as text."""
    return [str(a) for a in game.legal_actions()]
