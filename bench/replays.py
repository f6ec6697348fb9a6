"""Record-layer benchmarks: prints figures (never asserts a time).

`python bench/replays.py --json` → analyzed_games_per_s (the analyzer on recorded games:
replay, judging, annotations and notes) and appended_events_per_s (the store, one
transaction per event, as a live game writes them); report_peak_mb: the peak memory (the
process's maximum resident set, Python itself included) of `chan-tutor report DB --html OUT`
on a database of `--report-games` games (5,000; in hội of 10), with report_s and report_mb
(the page's size). `--report-games 0` leaves it out.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Act
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
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


def report_figures(games: int, seed: int) -> dict[str, float]:
    """Peak memory, time and page size of `report DB --html OUT` on ``games`` games, run in
    a process of its own (its peak is its maximum resident set)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "report.db"
        with Store.open(db) as store:
            for s in sessions_of(random_records(games, seed), 10):
                store.import_session(s)
        out = Path(tmp) / "report.html"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "desktop", "report", str(db), "--html",
                        str(out)], check=True, env=env, capture_output=True,
                       cwd=Path(__file__).resolve().parent.parent)
        seconds = time.perf_counter() - t0
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if peak_kb <= before:  # an earlier child was larger: the figure is not this one's
            peak_kb = -1024
        return {"report_peak_mb": round(peak_kb / 1024, 1), "report_s": round(seconds, 1),
                "report_mb": round(out.stat().st_size / (1024 * 1024), 1),
                "report_games": games}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print one JSON object (or a table)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--report-games", type=int, default=5000,
                        help="games of the report's database (0: no report figures)")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                    help="run old (DIR, another checkout) and new side by side "
                         "(bench/side_by_side.py)")
    parser.add_argument("--rounds", type=int, default=5,
                    help="with --baseline: runs of each, alternating")
    args = parser.parse_args(argv)
    if args.baseline is not None:
        from side_by_side import main_of
        return main_of("replays.py", sys.argv[1:] if argv is None else argv, args.baseline,
                       args.rounds, "--json" in (sys.argv[1:] if argv is None else argv))

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
        **(report_figures(args.report_games, 2) if args.report_games else {}),
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
