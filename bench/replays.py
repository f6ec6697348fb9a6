"""Record-layer benchmarks: prints figures (never asserts a time).

`python bench/replays.py --json` → analyzed_games_per_s (the analyzer on recorded games:
replay, judging, annotations and notes) and appended_events_per_s (the store, one
transaction per event, as a live game writes them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Act
from engine.deal import Deal
from engine.game import Game
from replays.analyzer import analyze_session
from replays.chanjson import dumps, loads, parse, to_json
from replays.record import GameRecord, SessionRecord
from replays.store import Store


def random_records(games: int, seed: int) -> list[GameRecord]:
    """Random legal play that always takes an ù when offered (as any player would)."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game(Deal.shuffled(seed + g))
        while not game.is_over:
            moves = game.legal_actions()
            win = next((a for a in moves if a.act is Act.WIN), None)
            game.apply(win if win is not None else rng.choice(moves))
        out.append(GameRecord(game.deal, tuple(game.record)))
    return out


def sessions_of(records: list[GameRecord], size: int = 5) -> list[SessionRecord]:
    """Sessions of ``size`` games (thông is carried within each)."""
    return [SessionRecord(games=tuple(records[i:i + size])) for i in range(0, len(records), size)]


def best_rate(items: int, fn: object, repeats: int) -> float:
    """Items per second of the best of ``repeats`` runs of ``fn``."""
    assert callable(fn)
    best = 0.0
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = max(best, items / (time.perf_counter() - t0))
    return best


def append_rate(records: list[GameRecord], synchronous: str) -> float:
    """Events per second stored with Store.append, one transaction each."""
    with tempfile.TemporaryDirectory() as tmp, Store.open(Path(tmp) / "bench.db") as store:
        store.db.execute(f"PRAGMA synchronous = {synchronous}")
        sid = store.new_session()
        ids = [store.new_game(sid, r.deal) for r in records]
        n = sum(len(r.actions) for r in records)
        t0 = time.perf_counter()
        for gid, r in zip(ids, records, strict=True):
            for i, action in enumerate(r.actions):
                store.append(gid, i, action)
        return n / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print one JSON object (or a table)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    records = random_records(args.games, 1)
    sessions = sessions_of(records)
    texts = [dumps(to_json(s)) for s in sessions]
    docs = [d for s in sessions for d in analyze_session(s)]

    def analyze_records() -> None:
        for s in sessions:
            analyze_session(s)

    def analyze_files() -> None:
        for text in texts:
            analyze_session(parse(loads(text)))

    figures = {
        "analyzed_games_per_s": round(best_rate(len(records), analyze_records, args.repeats)),
        "analyzed_games_per_s_from_json_text": round(
            best_rate(len(records), analyze_files, args.repeats)),
        "appended_events_per_s": round(append_rate(records[:100], "NORMAL")),
        "appended_events_per_s_synchronous_full": round(append_rate(records[:20], "FULL")),
        "games": len(records),
        "mean_events_per_game": round(sum(len(r.actions) for r in records) / len(records), 1),
        "mean_annotations_per_game": round(sum(len(d["annotations"]) for d in docs)
                                           / len(docs), 1),
        "won_games": sum(d["result"]["kind"] == "win" for d in docs),
        "python": sys.version.split()[0],
        "note": "store: WAL, synchronous=NORMAL (the store's setting), one transaction per "
                "event; the _full figure is the same with an fsync per commit",
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>40}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
