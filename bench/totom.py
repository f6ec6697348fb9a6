"""Tổ tôm engine benchmarks: prints figures (never asserts a time). `python bench/totom.py --json`.

Win tests per second on random 21-card winning sets and on near misses, waits per second of
20-card positions, and — measured in the same run, the same way — the `mahjong` package's agari
check per second, as a peer. Times are CPU seconds of this process (`time.process_time`), so
that other work on a shared machine does not count; each batch is fresh sets, and the first
batch (`cold`) pays for filling the per-suit memo. A full garbage collection runs before each
batch, outside the time: the sets built here make one fall due, and it would otherwise land in
whichever batch is running (100 ms or more).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.totom.cards import Card
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.samples import near_miss, random_winning_set
from engine.totom.waits import waits
from engine.totom.win import wins


def _batches(make: Callable[[random.Random], Any], batches: int, size: int,
             seed: int) -> list[list[Any]]:
    rng = random.Random(seed)
    return [[make(rng) for _ in range(size)] for _ in range(batches)]


def _rates(batches: Sequence[Sequence[Any]], fn: Callable[[Any], object]) -> dict[str, float]:
    """Items per CPU second: the first batch (cold memo) and the median of the others."""
    rates = []
    for batch in batches:
        gc.collect()
        t0 = time.process_time()
        for item in batch:
            fn(item)
        rates.append(len(batch) / max(time.process_time() - t0, 1e-9))
    return {"cold": round(rates[0]), "warm": round(statistics.median(rates[1:]))}


def _mahjong_hand(rng: random.Random) -> list[int]:
    """A random 14-tile agari hand as 34 counts: four sets and a pair."""
    while True:
        tiles = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    tiles[9 * suit + start + k] += 1
            else:
                tiles[rng.randrange(34)] += 3
        tiles[rng.randrange(34)] += 2
        if max(tiles) <= 4:
            return tiles


def _mahjong_miss(rng: random.Random) -> list[int]:
    """An agari hand with one tile changed."""
    while True:
        tiles = _mahjong_hand(rng)
        tiles[rng.choice([i for i, n in enumerate(tiles) if n])] -= 1
        new = rng.randrange(34)
        if tiles[new] < 4:
            tiles[new] += 1
            return tiles


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--size", type=int, default=2000, help="sets per batch")
    parser.add_argument("--batches", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = TomRules()

    def miss(rng: random.Random) -> tuple[Position, Card]:
        return near_miss(rng, *random_winning_set(rng))

    def tenpai(rng: random.Random) -> Position:
        return random_winning_set(rng)[0]

    def check(item: tuple[Position, Card]) -> bool:
        return wins(item[0], item[1], rules)

    def wait(position: Position) -> tuple[Card, ...]:
        return waits(position, rules)

    winning = _batches(random_winning_set, args.batches, args.size, args.seed)
    misses = _batches(miss, args.batches, args.size, args.seed + 1)
    positions = [[*a[: args.size // 4], *(p for p, _ in b[: args.size // 4])]
                 for a, b in zip(_batches(tenpai, args.batches, args.size // 4, args.seed + 2),
                                 misses, strict=True)]
    out: dict[str, Any] = {
        "clock": "process_time",
        "batches": args.batches, "sets_per_batch": args.size, "seed": args.seed,
        "win_tests_per_s": {"winning_sets": _rates(winning, check),
                            "near_misses": _rates(misses, check)},
        "waits_per_s": {"positions_20_cards": _rates(positions, wait)},
        "share_winning": {
            "winning_sets": round(statistics.mean(check(x) for x in winning[0]), 3),
            "near_misses": round(statistics.mean(check(x) for x in misses[0]), 3)},
        "mean_waits": round(statistics.mean(len(wait(p)) for p in positions[0]), 2),
    }
    try:
        from mahjong.agari import Agari
    except ImportError:
        out["mahjong"] = "not installed (pip install mahjong, a dev extra)"
    else:
        agari = Agari()
        mj_win = _batches(_mahjong_hand, args.batches, args.size, args.seed + 3)
        mj_miss = _batches(_mahjong_miss, args.batches, args.size, args.seed + 4)
        mahjong = {"winning_hands": _rates(mj_win, agari.is_agari),
                   "near_misses": _rates(mj_miss, agari.is_agari)}
        out["mahjong_agari_per_s"] = mahjong
        ours = out["win_tests_per_s"]
        out["ratio_to_mahjong"] = {
            "winning": round(ours["winning_sets"]["warm"] / mahjong["winning_hands"]["warm"], 2),
            "near_misses": round(ours["near_misses"]["warm"] / mahjong["near_misses"]["warm"],
                                 2)}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for key, value in out.items():
        print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
