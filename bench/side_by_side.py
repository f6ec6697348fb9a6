"""Run a bench script here and in another checkout, alternately, and print the figures side by
side (issue 21: "within 5 % of today's, measured side by side with the old checkout in one run
on this machine").

Each bench script takes ``--baseline DIR [--rounds N]``: it then runs itself N times in this
checkout and N times in DIR (``git worktree add /tmp/base <commit>``), old and new alternating
and the order swapped every round so that a load that comes and goes on a shared machine
touches both alike, with every other argument as given. Each run is a fresh process that
prints one JSON object. For each numeric figure it prints the best and the median of each
side, their ratio (new / old − 1, from the medians and from the bests) and the noise of each
side (the spread of its runs over their median). Times are CPU times of each run (the
bootstrap below), so the wait for a core on a busy machine is not counted. Prints figures
only; never asserts a time.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def without(argv: Sequence[str], options: Sequence[str]) -> list[str]:
    """``argv`` with each of ``options`` and its value taken out (``--x V`` or ``--x=V``)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in options:
            skip = "=" not in arg
            continue
        out.append(arg)
    return out


def _flat(doc: object, prefix: str = "") -> dict[str, float]:
    """Every number of a JSON document, by its dotted path."""
    out: dict[str, float] = {}
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.update(_flat(v, f"{prefix}{k}."))
    elif isinstance(doc, int | float) and not isinstance(doc, bool):
        out[prefix[:-1]] = float(doc)
    return out


# The children's clock: on a machine shared with other work a process waits for a core, and
# wall time counts the wait; CPU time does not. Both sides' scripts read the same clock: the
# bootstrap points time.perf_counter at time.process_time before the script runs.
_BOOTSTRAP = ("import runpy, sys, time\n"
              "if sys.argv[1] == 'cpu':\n"
              "    time.perf_counter = time.process_time\n"
              "sys.argv = sys.argv[2:]\n"
              "runpy.run_path(sys.argv[0], run_name='__main__')\n")


def run_once(root: Path, script: str, args: Sequence[str], clock: str = "cpu"
             ) -> dict[str, float]:
    """One run of ``root/bench/script`` with ``args``: its figures."""
    done = subprocess.run([sys.executable, "-c", _BOOTSTRAP, clock,
                           str(root / "bench" / script), *args],
                          capture_output=True, text=True, cwd=root, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{root / 'bench' / script} failed ({done.returncode}):\n"
                         f"{done.stderr[-2000:]}")
    text = done.stdout.strip()
    start = text.find("{")
    return _flat(json.loads(text[start:]))


def compare(script: str, args: Sequence[str], baseline: Path, rounds: int,
            log: Any = None, clock: str = "cpu") -> dict[str, Any]:
    """Run ``script`` ``rounds`` times in each checkout, alternately; the figures."""
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    sides = [("old", baseline.resolve()), ("new", HERE)]
    for r in range(rounds):
        for label, root in sides if r % 2 == 0 else sides[::-1]:
            runs[label].append(run_once(root, script, args, clock))
            if log is not None:
                log(f"round {r + 1}/{rounds} {label} done")
    figures: dict[str, Any] = {}
    for key in runs["new"][0]:
        old = [x[key] for x in runs["old"] if key in x]
        new = [x[key] for x in runs["new"] if key in x]
        if not old or not new:
            continue
        om, nm = statistics.median(old), statistics.median(new)
        # "best" is the highest of a rate (…_per_s) and the lowest of anything else (times)
        pick = max if key.endswith("per_s") else min
        ob, nb = pick(old), pick(new)
        figures[key] = {
            "old_median": om, "new_median": nm, "old_best": ob, "new_best": nb,
            "diff_median_pct": round(100 * (nm / om - 1), 1) if om else None,
            "diff_best_pct": round(100 * (nb / ob - 1), 1) if ob else None,
            "old_noise_pct": round(100 * (max(old) - min(old)) / om, 1) if om else None,
            "new_noise_pct": round(100 * (max(new) - min(new)) / nm, 1) if nm else None,
        }
    return {"script": script, "args": list(args), "baseline": str(baseline), "rounds": rounds,
            "clock": clock, "figures": figures}


def print_table(report: dict[str, Any]) -> None:
    """The figures as a table for people."""
    print(f"{report['script']} {' '.join(report['args'])}: old = {report['baseline']}, "
          f"new = {HERE}, {report['rounds']} runs each, alternating, {report['clock']} time")
    print(f"{'figure':<40} {'old med':>12} {'new med':>12} {'Δ med':>7} {'old best':>12} "
          f"{'new best':>12} {'Δ best':>7} {'noise old/new':>14}")
    for key, f in report["figures"].items():
        print(f"{key:<40} {f['old_median']:>12.6g} {f['new_median']:>12.6g} "
              f"{_pct(f['diff_median_pct']):>7} {f['old_best']:>12.6g} {f['new_best']:>12.6g} "
              f"{_pct(f['diff_best_pct']):>7} "
              f"{_pct(f['old_noise_pct'], False)}/{_pct(f['new_noise_pct'], False):>6}")


def _pct(x: float | None, sign: bool = True) -> str:
    if x is None:
        return "—"
    return f"{x:+.1f}%" if sign else f"{x:.1f}%"


def main_of(script: str, argv: Sequence[str], baseline: Path, rounds: int,
            as_json: bool) -> int:
    """What a bench script's ``main`` returns when given ``--baseline``."""
    args = without(argv, ("--baseline", "--rounds"))
    if "--json" not in args and script != "rollout.py":
        args.append("--json")  # the children always print JSON
    report = compare(script, args, baseline, rounds,
                     lambda text: print(text, file=sys.stderr))
    if as_json:
        print(json.dumps(report))
    else:
        print_table(report)
    return 0
