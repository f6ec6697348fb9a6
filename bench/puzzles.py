"""Nước hay puzzles: does an independent evaluation agree on the best move?

    nice -n 10 python bench/puzzles.py [--count 200] [--seed 1] [--salt 1] [--worlds N] [--json]

Generates ``--count`` puzzles (lessons.nuoc_hay, from seeded self-play games), then evaluates
each one's options again with another seed (``--salt``: other sampled worlds, the same number
of worlds unless ``--worlds``) and counts the puzzles whose best move is the same. Also checks
that no best move is a lỗi (the engine's ``Game.faults_of`` and ``Game.explain`` on the
position), and prints the margins, the difficulty (beginner's wrong picks) and the time taken.
Puzzles are generated and re-evaluated in batches of 5 seeds; a line per batch on stderr gives
the running agreement. The issue's target: agreement ≥ 95%.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    from engine.actions import Action
    from lessons import nuoc_hay
    from lessons.drills import generate
    from lessons.position import rebuild

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--salt", type=int, default=1, help="re-evaluation seed salt (not 0)")
    ap.add_argument("--worlds", type=int, default=nuoc_hay.WORLDS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    items: list = []
    seen: set[str] = set()
    agree, faults, disagreements = 0, 0, []
    gen_s = re_s = 0.0
    batch = 5  # generated and re-evaluated in batches of seeds: the rate is known as it runs
    n = 0
    while len(items) < args.count:
        t = time.perf_counter()
        fresh = generate("nuoc_hay", min(batch, args.count - len(items)),
                         args.seed * 100_003 + n)
        gen_s += time.perf_counter() - t
        n += 1
        fresh = [it for it in fresh if it.id not in seen]  # each position counted once
        seen.update(it.id for it in fresh)
        t = time.perf_counter()
        for it in fresh:
            best, values = nuoc_hay.reevaluate(it, args.salt, args.worlds)
            if best == it.answer["best"]:
                agree += 1
            else:
                disagreements.append({"id": it.id, "stored": it.answer["best"], "again": best,
                                      "margin": it.answer["margin"],
                                      "values": {k: round(v, 3) for k, v in values.items()}})
            game = rebuild(it.position)
            a = Action.parse(it.answer["best"])
            if game.faults_of(a) or game.explain(a):
                faults += 1
        re_s += time.perf_counter() - t
        items.extend(fresh)
        sys.stderr.write(f"{len(items)}/{args.count} puzzles, agreement {agree}/{len(items)}, "
                         f"best is a lỗi {faults}, {time.perf_counter() - t0:.0f} s\n")
        sys.stderr.flush()
    ids = {it.id for it in items}
    margins = [it.answer["margin"] for it in items]
    diffs = [it.answer["difficulty"] for it in items]
    kinds: dict[str, int] = {}
    for it in items:
        act = it.answer["best"].split()[1]
        kinds[act] = kinds.get(act, 0) + 1
    doc = {"puzzles": len(items), "distinct": len(ids), "agreement": agree / len(items),
           "agree": agree, "best_is_loi": faults, "worlds": nuoc_hay.WORLDS,
           "reeval_worlds": args.worlds, "margin_min": min(margins),
           "margin_median": statistics.median(margins),
           "difficulty_mean": statistics.fmean(diffs), "best_acts": kinds,
           "generate_s_per_puzzle": gen_s / len(items), "reeval_s_per_puzzle": re_s / len(items),
           "disagreements": disagreements}
    if args.json:
        print(json.dumps(doc, ensure_ascii=False))
    else:
        print(f"puzzles={len(items)} distinct={len(ids)} agreement={agree / len(items):.1%} "
              f"({agree}/{len(items)}) best_is_loi={faults}")
        print(f"margin: min {min(margins):.3f}, median {statistics.median(margins):.3f} "
              f"(win chance); difficulty mean {statistics.fmean(diffs):.2f}; best moves {kinds}")
        print(f"generate {gen_s / len(items):.2f} s/puzzle, re-evaluate "
              f"{re_s / len(items):.2f} s/puzzle ({nuoc_hay.WORLDS} / {args.worlds} worlds)")
        for d in disagreements:
            print(f"  disagree {d['id']}: {d['stored']} vs {d['again']} {d['values']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
