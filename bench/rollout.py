"""Rollout speed of the strong player's simulations (issue 15), and normal's equivalence.

`python bench/rollout.py` plays a few seeded all-normal games, keeps decision points spread
over each game (early, middle, late), samples worlds at each the way the strong player does,
and times rollouts (a world cloned, the decision's first candidate applied, the game played to
its end by the normal policy at every seat): rollouts per second, overall and by game stage,
plus a digest of every rollout's result (the same code gives the same digest). `--search`
also times the strong player's whole search at those positions: worlds per CPU second.
Times are CPU times of this process (the machine is shared).

`--equivalence N` plays N seeded all-normal games (seeds `--seed` + i) and prints a digest of
their event lists; `--save FILE` writes the per-game digests, `--check FILE` compares with a
saved run and exits 1 on any difference: the speed-ups must not change what normal decides.
Prints figures only; never asserts a time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chan.ai import make_player
from engine.chan.ai.players import NormalPlayer
from engine.chan.ai.rollout import Simulator
from engine.chan.ai.tracker import track
from engine.chan.ai.worlds import ChainWorlds, clone, hidden_of
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation


def deal_for(seed: int, index: int) -> Deal:
    """Game ``index``: a seeded shuffle, the picker rotating (as bench/ai.py)."""
    return Deal.shuffled(seed + index, 4, picker=(index // 4) % 4)


def game_digest(game: Game) -> str:
    """A digest of a finished game's events and actions."""
    text = repr(game.log) + repr(game.record)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def normal_games(seed: int, games: int) -> list[Game]:
    """``games`` all-normal games dealt from seed + i."""
    out = []
    for i in range(games):
        players = [make_player("normal") for _ in range(4)]
        game = Game(deal_for(seed, i))
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            game.apply(players[seat].choose(game.observation(seat)).action)
        out.append(game)
    return out


def positions(seed: int, games: int, per_game: int) -> list[tuple[str, Observation]]:
    """Decision points with a real choice in play, spread over each game, with a stage."""
    out: list[tuple[str, Observation]] = []
    normal = NormalPlayer()
    for i in range(games):
        game = Game(deal_for(seed, i))
        points: list[Observation] = []
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            if len(obs.legal) > 1 and obs.phase in ("play", "discard"):
                points.append(obs)
            game.apply(normal.choose(obs).action)
        if not points:
            continue
        for j in range(per_game):
            k = j * (len(points) - 1) // max(1, per_game - 1)
            stage = ("early", "middle", "late")[min(2, 3 * k // len(points))]
            out.append((stage, points[k]))
    return out


def rollouts(seed: int, games: int, per_game: int, worlds: int) -> dict[str, Any]:
    """Rollouts per second over the positions (world sampling is not timed)."""
    pos = positions(seed, games, per_game)
    normal = NormalPlayer()
    sim = Simulator()
    digest = hashlib.sha256()
    by_stage: dict[str, list[float]] = {}
    total_n = 0
    total_t = 0.0
    for stage, obs in pos:
        rng = random.Random(f"{seed}:{len(obs.history)}:{obs.seat}")
        hidden = hidden_of(obs)
        public = track(obs).public
        action = normal.choose(obs).action
        draw = ChainWorlds(obs, rng, hidden)
        ws = [draw() for _ in range(worlds)]
        start = time.process_time()  # CPU time: the machine is shared
        for w in ws:
            game = clone(w)
            game.apply(action)
            won = sim.run(game, obs.seat, public)
            paid = game.settlement.transfers[obs.seat] if game.settlement is not None else 0.0
            digest.update(f"{won}:{paid}:{len(game.record)};".encode())
        spent = time.process_time() - start
        total_n += len(ws)
        total_t += spent
        s = by_stage.setdefault(stage, [0.0, 0.0])
        s[0] += len(ws)
        s[1] += spent
    return {
        "positions": len(pos), "rollouts": total_n, "cpu_seconds": round(total_t, 3),
        "rollouts_per_s": round(total_n / total_t, 1) if total_t else 0.0,
        "by_stage": {k: {"rollouts": int(v[0]), "rollouts_per_s": round(v[0] / v[1], 1),
                         "ms_per_rollout": round(1000 * v[1] / v[0], 2)}
                     for k, v in by_stage.items()},
        "digest": digest.hexdigest()[:16],
    }


def search_speed(seed: int, games: int, per_game: int, worlds: int) -> dict[str, Any]:
    """The strong player's whole search (worlds sampled and weighted, every candidate rolled
    out in each) at the same positions, with a fixed number of worlds: worlds per CPU second.
    At a time budget, that is how many worlds a decision gets."""
    from engine.chan.ai.strong import strong_player
    total_w = 0
    total_t = 0.0
    searched = 0
    for _stage, obs in positions(seed, games, per_game):
        player = strong_player(seed, budget_ms=None, worlds=worlds)
        cands = player._candidates(player.base.scored(obs)[1])
        if len(cands) < 2:
            continue
        start = time.process_time()
        result = player.search(obs, [x.action for x in cands])
        total_t += time.process_time() - start
        total_w += result.worlds
        searched += 1
    return {"searched_decisions": searched, "worlds": total_w,
            "cpu_seconds": round(total_t, 3),
            "worlds_per_s": round(total_w / total_t, 1) if total_t else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=15_000)
    ap.add_argument("--games", type=int, default=4, help="games the positions come from")
    ap.add_argument("--per-game", type=int, default=6, help="positions per game")
    ap.add_argument("--worlds", type=int, default=8, help="rollouts per position")
    ap.add_argument("--search", action="store_true",
                    help="also time the strong player's search (worlds per CPU second)")
    ap.add_argument("--equivalence", type=int, default=0,
                    help="play this many all-normal games and digest their events")
    ap.add_argument("--save", type=Path, help="write the per-game digests here")
    ap.add_argument("--check", type=Path, help="compare the per-game digests with this file")
    ap.add_argument("--baseline", type=Path, metavar="DIR",
                    help="run old (DIR, another checkout) and new side by side "
                         "(bench/side_by_side.py)")
    ap.add_argument("--rounds", type=int, default=5,
                    help="with --baseline: runs of each, alternating")
    args = ap.parse_args(argv)
    if args.baseline is not None:
        from side_by_side import main_of
        return main_of("rollout.py", sys.argv[1:] if argv is None else argv, args.baseline,
                       args.rounds, "--json" in (sys.argv[1:] if argv is None else argv))
    if args.equivalence:
        start = time.perf_counter()
        games = normal_games(args.seed, args.equivalence)
        digests = [game_digest(g) for g in games]
        report: dict[str, Any] = {
            "games": len(digests), "seconds": round(time.perf_counter() - start, 1),
            "digest": hashlib.sha256("".join(digests).encode()).hexdigest()[:16]}
        if args.save:
            args.save.write_text(json.dumps({"seed": args.seed, "digests": digests}) + "\n")
        if args.check:
            saved = json.loads(args.check.read_text())
            diff = [i for i, (a, b) in enumerate(zip(saved["digests"], digests, strict=False))
                    if a != b]
            report["differing_games"] = diff
            report["identical"] = not diff and len(saved["digests"]) == len(digests)
        print(json.dumps(report, indent=2))
        return 0 if report.get("identical", True) else 1
    report = rollouts(args.seed, args.games, args.per_game, args.worlds)
    if args.search:
        report["strong_search"] = search_speed(args.seed, args.games, args.per_game,
                                               args.worlds)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
