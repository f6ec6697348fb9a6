"""Xem lại's responsiveness on a large library (issue 20, section 5): the longest UI-thread
stall of each activity, measured by a heartbeat, side by side with a previous version.

    python bench/responsiveness.py [--json] [--games 20000] [--unanalysed 2000]
                                   [--library PATH] [--baseline DIR] [--steps 240] [--tom N]

A QTimer ticks every 5 ms on the UI thread while the real widgets are driven offscreen (the
main window, as a learner uses it); the gaps between ticks are the stalls. Per activity:
`stall_ms_p50`, `stall_ms_p95`, `stall_ms_max` over its gaps, and `ready_ms`, from the action
to its result on screen (the data shown, the Worker idle), and `gc_ms_max`, the longest pass
of Python's cyclic garbage collector in it (a pass stops every thread). The activities:

- open: Xem lại shown the first time (the library of `--games` games listed), 4 s after the
  window opened;
- reopen: Chơi, then Xem lại again (the library read again);
- batch: "Phân tích tất cả" started on the `--unanalysed` games left, its progress for
  6 s (the library's counts refreshed meanwhile), then cancelled, until it has stopped;
- stats: the Thống kê page shown (every analysed game read and plotted);
- stats_seat: the seat chooser stepped 5 times (each a new reading);
- open_game: a game opened in the viewer (6 games across the library);
- steps_first, steps_again: stepping through those games, one step every 40 ms as a held
  arrow key repeats — first the positions never seen (their advice asked for), then back and
  forth again (`gc_ms_max` over the three: opening and stepping). `step_ms_p50`/`step_ms_p95`:
  one step, the viewer's command and the chiếu's and the timeline's repaint, as
  bench/review.py times it.

The library: bench/review.py's make_library (random players in hội of 10), the older
`--games` minus `--unanalysed` games analysed (replays.batch), the rest not. It takes minutes
to make 20,000 games: `--library PATH` keeps it there and uses it again. Each version is
measured in a fresh process on a fresh copy of it. `--baseline DIR` (a checkout of another
version, e.g. `git worktree add /tmp/base main`) is measured the same way with DIR's code
first on sys.path, and printed beside this tree's figures.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HEARTBEAT_MS = 5
STEP_EVERY_MS = 40  # a held arrow key repeats about this often
BATCH_S = 6.0
START_S = 4.0
SEAT_SWITCHES = 5
GAMES_OPENED = 6

Figures = dict[str, Any]


# ---------------------------------------------------------------------------- the library


def build_library(path: Path, games: int, unanalysed: int) -> None:
    """`games` games in hội of 10, the oldest `games - unanalysed` analysed."""
    sys.path.insert(0, str(ROOT))
    from bench.review import make_library
    from replays.batch import analyze_library

    make_library(path, games - unanalysed, seed=1)
    analyze_library(path)
    if unanalysed:
        make_library(path, unanalysed, seed=2)


def add_tom(path: Path, games: int) -> None:
    """`games` Tổ tôm self-play games (random players, hội of 10) added to the library, the
    first half analysed (issue 23: a library holding both games)."""
    sys.path.insert(0, str(ROOT))
    from replays.batch import analyze_library
    from replays.games import record_game
    from replays.store import Store

    tom = record_game("to_tom")
    with Store.open(path) as store:
        for seed in range(0, games, 10):
            store.import_session(tom.selfplay(("random",) * 5, min(10, games - seed),
                                              seed).record)
            if seed + 10 == games // 2:
                analyze_library(path)


# ---------------------------------------------------------------------------- measuring


def _percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary(gaps: list[float], prefix: str = "stall_ms") -> Figures:
    ordered = sorted(gaps) or [0.0]
    return {f"{prefix}_p50": round(statistics.median(ordered), 1),
            f"{prefix}_p95": round(_percentile(ordered, 0.95), 1),
            f"{prefix}_max": round(ordered[-1], 1)}


def measure(db: Path, steps: int) -> Figures:
    """Drive the main window of the code first on sys.path over a copy of the library in
    ``db``'s folder (its data folder); the figures of every activity."""
    from PySide6.QtCore import QEventLoop  # not from desktop/qt.py: older versions lack it

    import desktop.app as app_module
    from desktop.app import make_app
    from desktop.main_window import MainWindow
    from desktop.qt import Qt, QTimer

    app = make_app([])
    started = getattr(app_module, "keep_code_for_good", None)  # as run_app does, if it does
    if started is not None:
        started()
    window = MainWindow(db.parent, offer_resume=False, mute=True)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    ticks: list[float] = []
    collections: list[tuple[float, float]] = []  # (end, ms) of each of Python's gc passes
    started: list[float] = []

    def collected(phase: str, _: dict[str, int]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            collections.append((time.perf_counter(), (time.perf_counter() - started[0]) * 1000))

    gc.callbacks.append(collected)
    beat = QTimer()
    beat.setTimerType(Qt.TimerType.PreciseTimer)
    beat.setInterval(HEARTBEAT_MS)
    beat.timeout.connect(lambda: ticks.append(time.perf_counter()))
    beat.start()
    figures: Figures = {"code": str(Path(sys.modules["desktop"].__file__ or "").parent.parent)}

    def spin(ms: float) -> None:
        """Let the event loop run for ``ms`` (the heartbeat ticks meanwhile)."""
        loop = QEventLoop()
        QTimer.singleShot(max(1, round(ms)), loop.quit)
        loop.exec()

    def until(done: Callable[[], bool], timeout_s: float = 600.0) -> None:
        """Run the event loop until ``done()`` and the Worker is idle."""
        end = time.perf_counter() + timeout_s
        while not (done() and window.worker.pending() == 0):
            if time.perf_counter() > end:
                raise TimeoutError("the activity did not finish")
            spin(10)

    def gaps_since(start: float, end: float) -> list[float]:
        inside = [t for t in ticks if start <= t <= end]
        marks = [start, *inside, end]
        return [(b - a) * 1000 for a, b in itertools.pairwise(marks)]

    def gc_max(start: float, end: float) -> float:
        return round(max((ms for t, ms in collections if start <= t <= end), default=0.0), 1)

    def activity(name: str, action: Callable[[], object], done: Callable[[], bool],
                 repeat: int = 1) -> None:
        """``action`` run from the event loop (as a click is), then the loop until done."""
        gaps: list[float] = []
        ready: list[float] = []
        first = time.perf_counter()
        for _ in range(repeat):
            spin(50)
            start = time.perf_counter()
            QTimer.singleShot(0, action)
            spin(1)
            until(done)
            end = time.perf_counter()
            ready.append((end - start) * 1000)
            gaps += gaps_since(start, end)
        figures[name] = {**_summary(gaps), "ready_ms": round(max(ready), 1),
                         "gc_ms_max": gc_max(first, time.perf_counter())}

    def review() -> Any:
        assert window.review is not None
        return window.review

    def listed() -> bool:  # every game read (this version lists one game's, issue 23)
        model = review().library.model if window.review is not None else None
        return model is not None and len(getattr(model, "all_rows", model.rows)) == games \
            and not getattr(review(), "loading", False)

    games = int(_scalar(db, "SELECT COUNT(*) FROM games"))
    figures["games"] = games
    spin(START_S * 1000)  # the learner looks at the window a moment before Xem lại
    activity("open", lambda: window.show_activity("review"), listed)
    window.show_activity("play")
    activity("reopen", lambda: window.show_activity("review"), listed)

    # the batch: started, 6 s of progress, cancelled, stopped (the library read again)
    gaps: list[float] = []
    start = time.perf_counter()
    QTimer.singleShot(0, lambda: review().start_batch())
    spin(BATCH_S * 1000)
    analysed_then = review().runner.done
    QTimer.singleShot(0, lambda: review().cancel_batch())
    spin(1)
    until(lambda: not review().runner.running and listed())
    end = time.perf_counter()
    gaps = gaps_since(start, end)
    figures["batch"] = {**_summary(gaps), "ready_ms": round((end - start) * 1000, 1),
                        "gc_ms_max": gc_max(start, end), "analysed": analysed_then}

    def stats_read() -> bool:
        return bool(review().stats.loaded) and getattr(review().stats, "_job", None) is None

    activity("stats", lambda: review().show_page("stats"), stats_read)
    activity("stats_seat", lambda: review().stats.next_seat(), stats_read,
             repeat=SEAT_SWITCHES)
    review().show_page("library")

    # the viewer: games across the library, opened then stepped
    ids = review().library.visible_games()
    picked = ids[len(ids) // (2 * GAMES_OPENED):: max(1, len(ids) // GAMES_OPENED)]
    picked = picked[:GAMES_OPENED]
    viewer = review().viewer
    per_game = max(10, steps // len(picked))
    opening: list[float] = []
    open_ready: list[float] = []
    first: list[float] = []
    again: list[float] = []
    first_gaps: list[float] = []
    again_gaps: list[float] = []

    def shown(game_id: int) -> Callable[[], bool]:
        return lambda: (viewer.stepper is not None
                        and viewer.stepper.opened.game_id == game_id
                        and review().page() == "viewer")

    def step(samples: list[float], command: str) -> None:
        t = time.perf_counter()
        viewer.command(command)
        viewer.chieu.repaint()
        viewer.timeline.repaint()
        samples.append((time.perf_counter() - t) * 1000)

    viewing = time.perf_counter()
    for game_id in picked:
        spin(50)
        start = time.perf_counter()
        QTimer.singleShot(0, lambda g=game_id: review().open_game(g))
        spin(1)
        is_shown = shown(game_id)
        while not is_shown():
            spin(5)
        end = time.perf_counter()
        open_ready.append((end - start) * 1000)
        opening += gaps_since(start, end)
        stepper = viewer.stepper
        n = min(per_game, stepper.last)
        for samples, gaps_of, moves in (
                (first, first_gaps, ["replay_next"] * n),
                (again, again_gaps, ["replay_prev"] * n + ["replay_next"] * n)):
            start = time.perf_counter()
            for command in moves:
                QTimer.singleShot(0, lambda s=samples, c=command: step(s, c))
                spin(STEP_EVERY_MS)
            gaps_of += gaps_since(start, time.perf_counter())
        QTimer.singleShot(0, lambda: viewer.command("replay_back"))
        spin(10)
    figures["open_game"] = {**_summary(opening), "ready_ms": round(max(open_ready), 1)}
    figures["steps_first"] = {**_summary(first_gaps), **_summary(first, "step_ms")}
    figures["steps_again"] = {**_summary(again_gaps), **_summary(again, "step_ms"),
                              "gc_ms_max": gc_max(viewing, time.perf_counter())}
    figures["steps"] = len(first) + len(again)
    beat.stop()
    window.close()
    window.worker.wait(30_000)
    return figures


def _scalar(db: Path, sql: str) -> object:
    import sqlite3

    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return con.execute(sql).fetchone()[0]


def run_version(code: Path, library: Path, steps: int) -> Figures:
    """Measure the code in ``code`` in a fresh process, on a fresh copy of ``library``."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "replays.db"
        with _sqlite(library) as source, _sqlite(db) as target:
            source.backup(target)  # a consistent copy, the library's -wal included
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": str(code)}
        result = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--measure", str(db),
             "--code", str(code), "--steps", str(steps)],
            cwd=code, env=env, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"measuring {code} failed:\n{result.stderr[-4000:]}")
        figures: Figures = json.loads(result.stdout.strip().splitlines()[-1])
        return figures


def _sqlite(path: Path) -> Any:
    import sqlite3

    return sqlite3.connect(path)


ACTIVITIES = ("open", "reopen", "batch", "stats", "stats_seat", "open_game", "steps_first",
              "steps_again")


def table(columns: dict[str, Figures]) -> str:
    """The figures of each version side by side, one line per activity and figure."""
    names = list(columns)
    lines = ["activity / figure".ljust(30) + "".join(n.rjust(14) for n in names)]
    for act in ACTIVITIES:
        keys: list[str] = []
        for figures in columns.values():
            keys += [k for k in figures.get(act, {}) if k not in keys]
        for key in keys:
            cells = "".join(str(columns[n].get(act, {}).get(key, "—")).rjust(14)
                            for n in names)
            lines.append(f"{act} {key}".ljust(30) + cells)
    lines.append("games".ljust(30) + "".join(str(columns[n]["games"]).rjust(14)
                                             for n in names))
    lines += [f"{n}: {columns[n]['code']}" for n in names]
    return "\n".join(lines)


def main() -> int:
    """Make (or take) the library, measure each version in its own process, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--unanalysed", type=int, default=2_000,
                        help="games left for the batch analysis (the newest)")
    parser.add_argument("--library", type=Path,
                        help="keep the library made here, or use the one already there")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="a checkout of the version to compare with")
    parser.add_argument("--steps", type=int, default=240)
    parser.add_argument("--tom", type=int, default=0,
                        help="Tổ tôm games added to a library made here (half analysed)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--code", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:  # the child: this version's code first on sys.path
        sys.path.insert(0, str(args.code))
        print(json.dumps(measure(args.measure, args.steps)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        library = args.library or Path(tmp) / "library.db"
        if not library.is_file():
            t = time.perf_counter()
            build_library(library, args.games, args.unanalysed)
            if args.tom:
                add_tom(library, args.tom)
            print(f"library made in {time.perf_counter() - t:.0f} s", file=sys.stderr)
        columns: dict[str, Figures] = {}
        if args.baseline is not None:
            columns["baseline"] = run_version(args.baseline.resolve(), library, args.steps)
        columns["this"] = run_version(ROOT, library, args.steps)
    if args.json:
        print(json.dumps(columns))
    else:
        print(table(columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
