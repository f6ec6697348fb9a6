"""Backup and recovery benchmarks (issue 20): prints figures, never asserts a time.

`python bench/backup.py [--games N] [--db PATH] [--json]` → on a library of N analysed
self-play games (bench/review.py's make_library, unless --db names one; the user's file is
never changed: everything runs on a copy): its size; backup_ms (a backup taken, on a
connection of its own), skip_ms (the check that finds nothing changed), check_ms
(replays.recovery.inspect: quick_check and the newest whole backup), restore_ms and
salvage_ms (with and without the backup) on the library with the middle fifth of its pages
overwritten, and how many games each brought back.
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
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.review import make_library
from replays.backup import take
from replays.batch import analyze_library
from replays.recovery import inspect, rescue, restore
from tests.library_damage import damage

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """The result of ``fn()`` and its time in milliseconds."""
    t0 = time.perf_counter()
    result = fn()
    return result, round((time.perf_counter() - t0) * 1000, 1)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="a library to measure (default: make one)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source.db"
        if args.db is not None:
            shutil.copyfile(args.db, source)
        else:
            make_library(source, args.games, args.seed)
            analyze_library(source)
        figures["mb"] = round(source.stat().st_size / 2**20, 1)
        for run in ("restore", "salvage", "salvage_alone"):
            data = Path(tmp) / run
            data.mkdir()
            db = data / "replays.db"
            shutil.copyfile(source, db)
            made, ms = timed(lambda db=db: take(db))
            assert made is not None
            figures.setdefault("backup_ms", ms)
            figures.setdefault("skip_ms", timed(lambda db=db: take(db))[1])
            if run == "salvage_alone":
                made.path.unlink()
            damage(db, "half-overwritten")
            found, ms = timed(lambda db=db: inspect(db))
            figures.setdefault("check_ms", ms)
            assert found.damage is not None
            mend = restore if run == "restore" else rescue
            done, ms = timed(lambda db=db, mend=mend: mend(db))  # type: ignore[misc]
            figures[f"{run}_ms"] = ms
            figures[f"{run}_games"] = done.games
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>20} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
