"""How well the strong player's sampled worlds guess the hidden hands (issue 15).

`python bench/worlds.py` plays seeded all-normal games, keeps decision points spread over
each game, and at each samples worlds for the deciding seat two ways: uniform deals and the
posterior chain (worlds.ChainWorlds). It prints, per way and game stage, the share of the
other seats' hidden cards a world places in the right hand (a card of a kind counts as placed
right up to the copies that seat really holds) and the milliseconds per world. Parity is
what a uniform deal gives. Prints figures only; never asserts a time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chan import hand as H
from engine.chan.ai.worlds import ChainWorlds, hidden_of, sample_deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation
from engine.game import Mode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rollout import normal_games


def placed_right(world: Game, real: Game, obs: Observation) -> tuple[int, int]:
    """(hidden cards of the other seats the world placed right, hidden cards in all)."""
    right = total = 0
    for seat in range(obs.players):
        if seat == obs.seat:
            continue
        have, want = world.hand[seat], real.hand[seat]
        if obs.cai_known and obs.cai_seat == seat and obs.cai_card is not None:
            have -= H.ONE[obs.cai_card]
            want -= H.ONE[obs.cai_card]
        for k in H.kinds_held(want):
            right += min(H.count(have, k), H.count(want, k))
        total += H.size(want)
    return right, total


def positions(games: list[Game], per_game: int) -> list[tuple[Game, Observation, str]]:
    """Decision points spread over each game: (the real game then, the observation, stage)."""
    out = []
    for game in games:
        replay = Game(game.deal, game.rules, Mode.REAL)
        points = []
        for a in game.record:
            if replay.actor is not None and len(replay.legal_actions()) > 1:
                points.append(replay.copy())
            replay.apply(a)
        step = max(1, len(points) // per_game)
        for i, g in enumerate(points[::step][:per_game]):
            stage = ("early", "middle", "late")[min(2, 3 * i // per_game)]
            assert g.actor is not None
            out.append((g, g.observation(g.actor), stage))
    return out


def uniform_world(obs: Observation, rng: random.Random) -> Game:
    deal = sample_deal(obs, hidden_of(obs), rng)
    return Game.replay(deal, obs.history, obs.rules, Mode.REAL)


def measure(points: list[tuple[Game, Observation, str]], worlds: int, seed: int
            ) -> dict[str, Any]:
    """Placement share and time per world, per sampling way and stage."""
    ways: dict[str, Callable[[Observation, random.Random], Callable[[], Game]]] = {
        "uniform": lambda obs, rng: lambda: uniform_world(obs, rng),
        "chain": lambda obs, rng: ChainWorlds(obs, rng),
    }
    out: dict[str, Any] = {}
    for name, make in ways.items():
        by_stage: dict[str, list[float]] = {}
        spent = 0.0
        made = 0
        for i, (real, obs, stage) in enumerate(points):
            rng = random.Random(seed + i)
            t = time.process_time()
            draw = make(obs, rng)
            ws = [draw() for _ in range(worlds)]
            spent += time.process_time() - t
            made += len(ws)
            for w in ws:
                r, n = placed_right(w, real, obs)
                if n:
                    by_stage.setdefault(stage, []).append(r / n)
                    by_stage.setdefault("all", []).append(r / n)
        out[name] = {"placed_right": {k: round(statistics.fmean(v), 4)
                                      for k, v in by_stage.items()},
                     "ms_per_world": round(1000 * spent / max(1, made), 2)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--per-game", type=int, default=9)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    points = positions(normal_games(args.seed, args.games), args.per_game)
    result = {"positions": len(points), "worlds": args.worlds,
              "ways": measure(points, args.worlds, args.seed)}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name, r in result["ways"].items():
            stages = "  ".join(f"{k} {100 * v:.1f}%" for k, v in r["placed_right"].items())
            print(f"{name:15s} {r['ms_per_world']:7.2f} ms/world  {stages}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
