"""Tổ tôm's state machine: prints figures (never asserts a time). `python bench/totom_game.py`.

Random legal games to their end in each mode (judging always on; teaching and strict with
their automations): decisions per second, how a game ends, and the cost of the questions a
computer player asks at each decision — ``legal_actions`` with the faults of each, and an
``observation``.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Act
from engine.game import Mode
from engine.totom import Deal, TomGame, TomRules


def games(mode: Mode, count: int, seed: int, greedy: float) -> dict[str, object]:
    """Play ``count`` random games in ``mode``; their figures."""
    rules = TomRules()
    decisions = asked = 0
    ends: collections.Counter[str] = collections.Counter()
    ask_time = 0.0
    t0 = time.perf_counter()
    for g in range(count):
        rng = random.Random(seed + g)
        game = TomGame(Deal.shuffled(seed + g, rules, g % rules.players), rules, mode)
        while not game.is_over:
            moves = game.legal_actions()
            if decisions % 10 == 0:  # a player's questions, on one decision in ten
                t1 = time.perf_counter()
                game.observation(game.actor if game.actor is not None else 0)
                ask_time += time.perf_counter() - t1
                asked += 1
            wins = [a for a in moves if a.act in (Act.WIN, Act.CALL)]
            game.apply(rng.choice(wins) if wins and rng.random() < greedy else
                       rng.choice(moves))
            decisions += 1
        assert game.settlement is not None
        ends[game.settlement.verdict.value] += 1
    secs = time.perf_counter() - t0
    return {"games": count, "decisions_per_s": round(decisions / secs),
            "mean_decisions_per_game": round(decisions / count, 1),
            "ms_per_game": round(1000 * secs / count, 2),
            "observations_per_s": round(asked / ask_time) if ask_time else 0,
            "ends": dict(sorted(ends.items()))}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one JSON object (or a table)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = {mode.value: games(mode, args.games, args.seed, 0.9) for mode in Mode}
    figures["python"] = sys.version.split()[0]  # type: ignore[assignment]
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>10}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
