"""What a durable commit costs: one move stored as the program stores it, with SQLite's
synchronous = NORMAL (before issue 20) and FULL (now), side by side in one run.

`python bench/storage.py [--dir DIR] [--moves N] [--json]` prints, for each setting, the
per-move commit time (p50, p95, max, in ms) of `Store.append` on a real game's events, in a
database under DIR (default: a temporary folder on the disk that holds the data folder's
parent, not tmpfs, since fsync is what is measured). Never asserts a time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from replays.store import Store


def one_game(seed: int) -> Game:
    """A whole game of the normal computer players."""
    from engine.chan.ai import make_player
    from engine.chan.ai.selfplay import play_game

    return play_game(Game(Deal.shuffled(seed)), [make_player("normal") for _ in range(4)])


def commit_times(folder: Path, synchronous: str, moves: int, seed: int) -> list[float]:
    """Milliseconds per stored move, `moves` of them, under PRAGMA synchronous."""
    store = Store.open(folder / f"{synchronous.lower()}.db")
    store.db.execute(f"PRAGMA synchronous = {synchronous}")
    times: list[float] = []
    try:
        sid = store.new_session()
        g = 0
        while len(times) < moves:
            game = one_game(seed + g)
            g += 1
            game_id = store.new_game(sid, game.deal)
            for index, action in enumerate(game.record):
                t = time.perf_counter()
                store.append(game_id, index, action)
                times.append((time.perf_counter() - t) * 1000)
                if len(times) == moves:
                    break
    finally:
        store.close()
    return times


def figures(times: list[float]) -> dict[str, float]:
    """p50, p95 and max of a list of milliseconds."""
    ordered = sorted(times)
    return {"p50_ms": round(statistics.median(ordered), 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 3),
            "max_ms": round(ordered[-1], 3)}


def main() -> None:
    """Run both settings on the same moves and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir or Path.home()) as tmp:
        result = {s: figures(commit_times(Path(tmp), s, args.moves, args.seed))
                  for s in ("NORMAL", "FULL")}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'synchronous':<12} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for name, f in result.items():
        print(f"{name:<12} {f['p50_ms']:>8} {f['p95_ms']:>8} {f['max_ms']:>8}")


if __name__ == "__main__":
    main()
