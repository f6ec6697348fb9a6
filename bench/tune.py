"""Tune the normal policy's constants by duplicate evaluation (issue 15).

`python bench/tune.py --deals 2000` walks the constants of engine.chan.ai.value.Knobs one at a
time: each is tried at ×(1 ± step) (0 and a small value for those at 0), every try played
as a `duplicate` candidate (bench/ai.py: the variant at each seat of every deal against three
default `normal`, the same deals all-`normal` as baseline). A try is kept when its win share
gains over the current best by more than `--keep` (in share points); one pass over the
constants, then the step is halved. Deals are fixed for the search (common random numbers);
`--check SEED` replays the result on fresh deals. Prints every try; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import duplicate

from engine.chan.ai.value import DEFAULT_KNOBS, Knobs


def spec(knobs: Knobs) -> str:
    """The candidate name bench/ai.py reads."""
    return "knobs:" + ",".join(f"{k}={v!r}" for k, v in asdict(knobs).items())


def trial(knobs: Knobs, deals: int, seed: int, workers: int) -> dict[str, Any]:
    """Win share and mean điểm delta of ``knobs`` against default normal players."""
    out = duplicate(deals, seed, workers, lambda _: None, candidate=spec(knobs),
                    ceiling_rotations=0)["strong"]
    return {"win_share": out["win_share"]["value"],
            "win_share_ci": out["win_share"]["ci95"],
            "diem": out["mean_diem_delta"]["value"],
            "diem_ci": out["mean_diem_delta"]["ci95"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--step", type=float, default=0.4)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--keep", type=float, default=0.002)
    ap.add_argument("--start", default="", help="a knobs: spec to start from")
    ap.add_argument("--knobs", default="", help="comma-separated: only these constants")
    ap.add_argument("--check", type=int, default=None, help="evaluate --start on this seed")
    args = ap.parse_args(argv)
    best = DEFAULT_KNOBS
    if args.start:
        from ai import knobs_of
        best = knobs_of(args.start)
    if args.check is not None:
        print(json.dumps({"knobs": asdict(best),
                          **trial(best, args.deals, args.check, args.workers)}), flush=True)
        return 0
    score = {"win_share": 0.25, "diem": 0.0}  # the start against itself: parity
    if args.start:
        score = trial(best, args.deals, args.seed, args.workers)
    print(json.dumps({"start": asdict(best), **score}), flush=True)
    only = {k for k in args.knobs.split(",") if k}
    step = args.step
    for _ in range(args.passes):
        for f in fields(Knobs):
            if only and f.name not in only:
                continue
            base = getattr(best, f.name)
            tries = [base * (1 + step), base * (1 - step)] if base else [0.02, 0.05]
            for v in tries:
                cand = Knobs(**{**asdict(best), f.name: round(v, 5)})
                r = trial(cand, args.deals, args.seed, args.workers)
                kept = r["win_share"] > score["win_share"] + args.keep and r["diem"] >= \
                    score["diem"] - 0.05
                print(json.dumps({"knob": f.name, "value": round(v, 5), "kept": kept, **r}),
                      flush=True)
                if kept:
                    best, score = cand, r
                    break
        step /= 2
    print(json.dumps({"best": asdict(best), "spec": spec(best), **score}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
