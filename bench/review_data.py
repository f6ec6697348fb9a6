"""Review-data benchmarks (issue 8, the non-UI half): prints figures, never asserts a time.

`python bench/review_data.py --json [--db PATH]` → on a library of 1,000 self-play games
(random, random, beginner, normal, in hội of 10: bench/review.py's make_library, unless --db
names one): list_ms (list_games, best of N, before and after analysis), batch_s
(analyze_library of the whole library), stats_ms (game_stats + summarize), report_ms (one
game's HTML report), report_all_s (the report of every game, once) and import_s (import_file
of the library into an empty store). The user's --db is never changed: everything runs on
copies.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.review import make_library
from replays.batch import analyze_library
from replays.choice import Choice
from replays.commands import analysed
from replays.library import import_file, list_games
from replays.report import page, replayed
from replays.stats import game_stats, summarize
from replays.store import Store

LEVELS = ("random", "random", "beginner", "normal")


def best_ms(fn: Callable[[], object], repeats: int) -> float:
    """The best of ``repeats`` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print one JSON object (or lines for people)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="a library to measure (default: make one)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "library.db"
        if args.db is not None:
            shutil.copyfile(args.db, db)
        else:
            make_library(db, args.games, args.seed, LEVELS)
        seat = 2  # the beginner: the learner-like seat of self-play
        with Store.open(db) as store:
            games = len(list_games(store))
            before = best_ms(lambda: list_games(store), args.repeats)
        t0 = time.perf_counter()
        result = analyze_library(db)
        batch_s = time.perf_counter() - t0
        with Store.open(db) as store:
            after = best_ms(lambda: list_games(store), args.repeats)
            stats_ms = best_ms(lambda: summarize(game_stats(store, lambda r: seat)),
                               args.repeats)
        report_ms = best_ms(lambda: page(str(db), replayed(analysed(db, Choice(game=games // 2)))),
                            args.repeats)
        report_all_s = best_ms(lambda: page(str(db), replayed(analysed(db))), 1) / 1000
        with Store.open(Path(tmp) / "empty.db") as empty:
            t0 = time.perf_counter()
            imported = len(import_file(empty, db))
            import_s = time.perf_counter() - t0
    figures = {"games": games, "list_ms_unanalysed": round(before, 1),
               "list_ms": round(after, 1), "batch_s": round(batch_s, 2),
               "batch_failed": len(result.failed), "stats_ms": round(stats_ms, 1),
               "report_ms": round(report_ms, 1), "report_all_s": round(report_all_s, 2),
               "import_s": round(import_s, 2),
               "imported": imported}
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
