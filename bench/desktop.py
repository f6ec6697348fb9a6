"""Desktop timings: `first_frame_ms` and `redraw_ms`.

    python bench/desktop.py [--json] [--frames 200] [--starts 5]

first_frame_ms is what `chan-tutor --smoke` prints: from process start (the kernel's start
time of the process) to the first interactive chiếu frame — the main window open, a game
started against the computer and played to the learner's first decision, that frame painted.
It is the median of `--starts` fresh processes run from source; `smoke_wall_ms` is the same
measured from outside (spawn to the line printed), as a cross-check.

redraw_ms is the time of ChieuWidget.repaint() on a busy mid-game position with a new view
each frame: the pygame scene drawn into the buffer shared with the QImage, and Qt painting
that image (offscreen platform unless a display is given). draw_ms is the scene alone.
tom_draw_ms is the Tổ tôm chiếu's scene alone (draw_tom), on its five-seat mid-game sample.
Each measure is a function returning a dict of figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

Figures = dict[str, float | int | str]

WIDTH, HEIGHT = 1280, 800
V = TypeVar("V")


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return round(p50, 3), round(p95, 3)


def _draw_times(draw: Callable[[Any, V], object], views: list[V]) -> tuple[float, list[float]]:
    """Milliseconds of the first drawing (cold caches) and of each drawing of `views` after
    it, onto one 1280×800 frame."""
    from desktop.chieu.frame import Frame

    frame = Frame(WIDTH, HEIGHT)
    start = time.perf_counter()
    draw(frame.surface, views[0])
    cold = (time.perf_counter() - start) * 1000
    times: list[float] = []
    for v in views:
        start = time.perf_counter()
        draw(frame.surface, v)
        times.append((time.perf_counter() - start) * 1000)
    return cold, times


def measure_tom_draw(frames: int) -> Figures:
    """The Tổ tôm chiếu's scene alone (draw_tom) on its busy five-seat mid-game sample."""
    from desktop.chieu.scene import Scene
    from desktop.chieu.tom_scene import draw_tom
    from tests.tom_views import midgame_view

    view = midgame_view()
    views = [dataclasses.replace(view, countdown=(k % 100) / 100) for k in range(frames)]
    scene = Scene()
    cold, times = _draw_times(lambda surface, v: draw_tom(scene, surface, v), views)
    d50, d95 = _percentiles(times)
    return {"tom_draw_ms": d50, "tom_draw_ms_p95": d95, "tom_cold_draw_ms": round(cold, 1)}


def measure_redraw(frames: int) -> Figures:
    """Full redraws of a busy 1280×800 position: scene only, and through the widget."""
    from desktop.chieu.samples import sample_view
    from desktop.chieu.scene import Scene
    from desktop.chieu.widget import ChieuWidget
    from desktop.qt import QApplication

    view = sample_view(41)
    views = [dataclasses.replace(view, countdown=(k % 100) / 100) for k in range(frames)]
    scene = Scene()
    cold, draw_ms = _draw_times(lambda surface, v: scene.draw(surface, v), views)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    widget = ChieuWidget(scene=scene)
    widget.resize(WIDTH, HEIGHT)
    widget.set_view(view)
    widget.show()
    app.processEvents()
    for v in views[:20]:  # warm up the paint path
        widget.set_view(v)
        widget.repaint()
    redraw_ms: list[float] = []
    for v in views:
        widget.set_view(v)
        start = time.perf_counter()
        widget.repaint()
        redraw_ms.append((time.perf_counter() - start) * 1000)
    widget.close()
    p50, p95 = _percentiles(redraw_ms)
    d50, d95 = _percentiles(draw_ms)
    return {
        "redraw_ms": p50, "redraw_ms_p95": p95,
        "draw_ms": d50, "draw_ms_p95": d95,
        "cold_draw_ms": round(cold, 1),
        "size": f"{WIDTH}x{HEIGHT}", "frames": frames,
        "platform": os.environ.get("QT_QPA_PLATFORM", ""),
    }


def measure_first_frame(starts: int) -> Figures:
    """`chan-tutor --smoke` in fresh processes: the median first_frame_ms it prints."""
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    printed: list[float] = []
    wall: list[float] = []
    for _ in range(starts):
        with tempfile.TemporaryDirectory() as data:
            start = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--data-dir",
                                     data], cwd=root, env=env, capture_output=True, text=True,
                                    timeout=120, check=False)
            wall.append((time.perf_counter() - start) * 1000)
        line = result.stdout.strip()
        if result.returncode != 0 or not line.startswith("first_frame_ms="):
            raise RuntimeError(f"--smoke failed ({result.returncode}): {result.stderr}")
        printed.append(float(line.split("=", 1)[1]))
    return {"first_frame_ms": round(statistics.median(printed)),
            "first_frame_ms_max": round(max(printed)),
            "smoke_wall_ms": round(statistics.median(wall)), "starts": starts}


MEASURES: dict[str, Callable[[argparse.Namespace], Figures]] = {
    "first_frame": lambda args: measure_first_frame(args.starts),
    "redraw": lambda args: measure_redraw(args.frames),
    "tom_draw": lambda args: measure_tom_draw(args.frames),
}


def main() -> int:
    """Run every measure; print one JSON object with --json, else one figure per line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=200, help="redraws to time")
    parser.add_argument("--starts", type=int, default=5,
                        help="fresh processes to time first_frame_ms over")
    args = parser.parse_args()
    figures: Figures = {}
    for measure in MEASURES.values():
        figures.update(measure(args))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
