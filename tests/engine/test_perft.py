"""Perft (STYLE.md, after python-chess): the number of legal-action paths from fixed positions,
depth by depth, as counted before the ruleset seam (perft.txt). A change in what is legal —
a claim offered or not, an eat, a dưới, strict mode's filter, the nọc stop — changes a count."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.actions import Act
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.game import Mode

PERFT = Path(__file__).with_name("perft.txt")


def positions() -> list[tuple[str, int, int, int, str, dict[str, object], list[int]]]:
    out = []
    for line in PERFT.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, counts = line.split(" : ")
        name, seed, players, plies, mode, rules = head.split(" ", 5)
        out.append((name, int(seed), int(players), int(plies), mode, json.loads(rules),
                    [int(c) for c in counts.split()]))
    return out


def position(seed: int, players: int, plies: int, mode: str, rules: LangRules) -> Game:
    """The seeded deal walked at random (never an ù) to the first decision with three or more
    moves after ``plies`` plies; another walk if the game ends first."""
    for attempt in range(100):
        game = Game(Deal.shuffled(seed, players, 0, rules), rules, Mode(mode))
        rng = random.Random(seed * 1000 + attempt)
        played = 0
        while not game.is_over and (played < plies or len(game.legal_actions()) < 3):
            moves = [a for a in game.legal_actions() if a.act is not Act.WIN]
            game.apply(rng.choice(moves or game.legal_actions()))
            played += 1
        if not game.is_over:
            return game
    raise LookupError("no walk reaches the position")


def perft(game: Game, depth: int) -> int:
    moves = game.legal_actions()
    if depth == 1:
        return len(moves)
    total = 0
    for a in moves:
        child = game.copy()
        child.apply(a)
        total += 1 if child.is_over else perft(child, depth - 1)
    return total


@pytest.mark.parametrize("name,seed,players,plies,mode,rules,counts", positions(),
                         ids=[p[0] for p in positions()])
def test_perft_counts_are_unchanged(name: str, seed: int, players: int, plies: int, mode: str,
                                    rules: dict[str, object], counts: list[int]) -> None:
    game = position(seed, players, plies, mode, LangRules(**rules))  # type: ignore[arg-type]
    assert [perft(game, d) for d in range(1, len(counts) + 1)] == counts
