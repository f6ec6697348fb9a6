"""Small helpers for the AI tests: seeded games and hand-made deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from engine.actions import Act
from engine.chan.ai import NormalPlayer, Player
from engine.chan.cards import ALL_CARDS, Card, parse_cards
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation


def deal_with(hands: dict[int, str], noc_top: str = "", cai: int = 0,
              players: int = 4) -> Deal:
    """A deal where each seat in ``hands`` holds exactly those cards; the rest is dealt in
    kind order. The cái recipient ``cai`` holds 20 cards; ``noc_top`` are drawn first."""
    pool: Counter[Card] = Counter({c: 4 for c in ALL_CARDS})
    fixed = {s: list(parse_cards(text)) for s, text in hands.items()}
    top = list(parse_cards(noc_top))
    for c in [c for h in fixed.values() for c in h] + top:
        pool[c] -= 1
        assert pool[c] >= 0, f"more than 4 × {c}"
    rest = [c for c in ALL_CARDS for _ in range(pool[c])]
    out: list[list[Card]] = []
    for s in range(players):
        want = 20 if s == cai else 19
        if s in fixed:
            assert len(fixed[s]) == want, f"seat {s} needs {want} cards"
            out.append(fixed[s])
            continue
        out.append(rest[:want])
        rest = rest[want:]
    noc = top + rest[:23 - len(top)]
    dead = rest[23 - len(top):]
    return Deal.from_hands(out, noc, None, dead)


def decisions(game: Game, players: Sequence[Player]) -> Iterator[Observation]:
    """Play ``game`` to its end, yielding each observation before its actor decides."""
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        yield obs
        game.apply(players[seat].choose(obs).action)


def normal_table(players: int = 4) -> list[Player]:
    """A table of normal players."""
    return [NormalPlayer() for _ in range(players)]


def real_choices(obs: Observation) -> bool:
    """More than one legal action, and not the forced call."""
    return len(obs.legal) > 1 and obs.legal[0].act is not Act.CALL
