"""Hostile players' names (issue 20, section 4): what a file whose players carry one costs,
through the command line and in the program, per kind of name, side by side for two
checkouts.

    python bench/names.py [--json] [--kinds 2000,1000000,empty,zero_width] [--steps 30]
                          [--against PATH]

For each kind (tests/hostile_names.py: 2,000 and 1,000,000 characters, empty, zero-width,
RTL override, combining marks, emoji, escapes), a self-play hội of two games whose seats 0
and 1 carry the name:
- cli_s, cli_peak_mb: `import`, `analyze` and `report` of the file, in-process (wall time,
  tracemalloc peak), and report_kb, the page's size;
- open_s: importing it in Xem lại (through the Worker) and opening its first game;
- step_ms_p50 / step_ms_p95: one step forward in the viewer, the chiếu repainted;
- min_width: the main window's minimum width once the game is open (the screen is 1024);
- rss_mb: the process's resident memory after stepping; painted: every repaint drew the
  chiếu (its hit map was made).
Each kind is measured in a child process limited to 4 GB of address space (RLIMIT_AS), so
a version that runs away on a name ends as `crashed` instead of taking the machine.
`--against PATH` measures the checkout at PATH too (its packages, this file's names) and
prints both, this checkout first.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
LIMIT = 4 << 30  # bytes of address space a child may take
KINDS = ("2000", "1000000", "empty", "zero_width", "rtl_override", "combining", "emoji",
         "escape")


def _cli(path: Path, folder: Path) -> dict[str, Any]:
    import tracemalloc

    from replays.cli import main

    tracemalloc.start()
    start = time.perf_counter()
    for argv in (["import", str(path), "--db", str(folder / "cli.db")],
                 ["analyze", str(path)],
                 ["report", str(path), "--html", str(folder / "r.html")]):
        with open(os.devnull, "w") as null:
            saved = sys.stdout, sys.stderr
            sys.stdout = sys.stderr = null
            try:
                main(argv)
            finally:
                sys.stdout, sys.stderr = saved
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"cli_s": round(seconds, 2), "cli_peak_mb": round(peak / 2**20, 1),
            "report_kb": round((folder / "r.html").stat().st_size / 1024)}


def _rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def _program(path: Path, folder: Path, steps: int) -> dict[str, Any]:
    from desktop.app import make_app
    from desktop.main_window import MainWindow
    from desktop.play.pacing import INSTANT
    from desktop.qt import QApplication, QMessageBox

    app = make_app(sys.argv[:1])

    def pump(until: Any, seconds: float = 120) -> None:
        end = time.monotonic() + seconds
        while not until() and time.monotonic() < end:
            QApplication.processEvents()
            time.sleep(0.002)

    window = MainWindow(folder / "data", pacing=INSTANT, offer_resume=False, mute=True)
    window.resize(1024, 640)
    window.show()
    window.show_activity("review")
    review = window.review
    assert review is not None
    start = time.perf_counter()
    review.import_path(path)
    pump(lambda: not review.importing)
    for box in review.findChildren(QMessageBox):
        box.close()
    assert review.last_import, "nothing imported"
    review.open_game(review.last_import[0])
    QApplication.processEvents()
    opened = time.perf_counter() - start
    viewer = review.viewer
    times: list[float] = []
    painted = True
    for _ in range(steps):
        t = time.perf_counter()
        viewer.command("replay_next")
        viewer.chieu.repaint()
        times.append((time.perf_counter() - t) * 1000)
        painted = painted and viewer.chieu.hit_map() is not None
    QApplication.processEvents()
    out = {"open_s": round(opened, 2),
           "step_ms_p50": round(statistics.median(times), 1),
           "step_ms_p95": round(statistics.quantiles(times, n=20)[-1], 1),
           "min_width": window.minimumSizeHint().width(), "rss_mb": _rss_mb(),
           "painted": painted}
    window.close()
    del app
    return out


def one(kind: str, steps: int) -> dict[str, Any]:
    """Every figure of one kind of name, in this process."""
    from tests.hostile_names import hostile_file, selfplay_doc

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with open(os.devnull, "w") as null:
            saved, sys.stdout = sys.stdout, null
            try:
                doc = selfplay_doc(folder)
            finally:
                sys.stdout = saved
        path = hostile_file(doc, kind, folder)
        return {**_cli(path, folder), **_program(path, folder, steps)}


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def measured(repo: Path, kind: str, steps: int) -> dict[str, Any]:
    """One kind measured in a child running the packages of `repo`."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           # the measured checkout's packages first, this one's tests/ for the names; -P:
           # not bench/ first (bench/replays.py would hide the package)
           "PYTHONPATH": os.pathsep.join((str(repo), str(HERE)))}
    argv = [sys.executable, "-P", __file__, "--one", kind, "--steps", str(steps)]
    child = subprocess.run(argv, cwd=repo, env=env, capture_output=True, text=True,
                           timeout=1800, preexec_fn=_limit, check=False)
    lines = [line for line in child.stdout.splitlines() if line.startswith("{")]
    if child.returncode != 0 or not lines:
        last = (child.stderr.strip().splitlines() or ["?"])[-1]
        return {"crashed": f"exit {child.returncode}: {last[:120]}"}
    figures: dict[str, Any] = json.loads(lines[-1])
    return figures


def main() -> int:
    """Measure every kind asked for, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--against", type=Path, help="another checkout to measure too")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.steps)))
        return 0
    repos = [HERE] + ([args.against.resolve()] if args.against else [])
    figures = {str(repo): {kind: measured(repo, kind, args.steps)
                           for kind in args.kinds.split(",")} for repo in repos}
    if args.json:
        print(json.dumps(figures))
        return 0
    for kind in args.kinds.split(","):
        print(kind)
        for repo in repos:
            print(f"  {repo}: " + ", ".join(f"{k}={v}" for k, v in
                                            figures[str(repo)][kind].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
