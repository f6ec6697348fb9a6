"""What Học's answers cost to write since issue 20: prints figures, never asserts a time.

The previous version recorded each answer on a connection the screen kept open on the UI
thread; now each job of the ProgressQueue opens progress.db, writes, reads what it was asked
and closes it again (nothing holds the file between jobs). Side by side, per answer, over
``--answers`` answers on a progress.db already holding ``--items`` items:

- ``kept``: Progress.record on one open connection (the previous version's way);
- ``job``: run_job with one answer — open, record, close (this version's, on the Worker);
- ``job_read``: the same with the first page's numbers read too (strengths), as after a round.

    .venv/bin/python bench/learn_writes.py [--answers 200] [--items 2000] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desktop.learn.progress_queue import Pending, run_job
from desktop.learn.screen import home_numbers
from lessons.drills import generate, grade
from lessons.item import Item
from lessons.progress import Progress


def pending(item: Item) -> Pending:
    return Pending(item, grade(item, item.answer), item.answer, 3000, datetime.now(UTC),
                   "lessons")


def figures(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {"p50_ms": round(statistics.median(ms), 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2), "max_ms": round(ms[-1], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    items = generate("boc_cai", min(args.items, 500), 1) + generate("chia_bai", 500, 1) \
        + generate("nhan_dien", 500, 1) + generate("loi", 300, 1)
    items = list({i.id: i for i in items}.values())[:args.items]
    answered = [items[n % len(items)] for n in range(args.answers)]
    out: dict[str, object] = {"items": len(items), "answers": args.answers}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.db"
        with Progress.open(path) as p:
            p.add(items)
            kept = []
            for it in answered:
                t = time.perf_counter()
                p.record(it, grade(it, it.answer), it.answer, elapsed_ms=3000)
                kept.append(time.perf_counter() - t)
        out["kept"] = figures(kept)
        for name, read in (("job", None), ("job_read", home_numbers)):
            times = []
            for n, it in enumerate(answered):
                t = time.perf_counter()
                done = run_job(path, [pending(it)], read, check=n == 0)
                times.append(time.perf_counter() - t)
                assert done.written == 1 and done.error is None
            out[name] = figures(times)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"progress.db of {out['items']} items, {out['answers']} answers")
        for name in ("kept", "job", "job_read"):
            f = out[name]
            assert isinstance(f, dict)
            print(f"  {name:9} p50 {f['p50_ms']:7.2f} ms   p95 {f['p95_ms']:7.2f} ms   "
                  f"max {f['max_ms']:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
