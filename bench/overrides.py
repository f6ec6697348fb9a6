"""What the guard on Qt overrides costs (desktop/overrides.py, issue 20): the same work with
each override guarded (as the program runs) and with the guard taken off, side by side.

    python bench/overrides.py [--json] [--frames 1000] [--rows 20000] [--rounds 5]

- repaint_us: ChieuWidget.repaint() of an unchanged 1280×800 position (Qt paints the frame
  already drawn: the cheapest paint, where the guard weighs most), p50 over --frames;
- redraw_us: the same with a new view each frame (pygame draws the scene again);
- filter_ms: a QSortFilterProxyModel that accepts every row re-filtering --rows rows, one
  guarded filterAcceptsRow call per row (Xem lại's library: 20,000 games);
- call_ns: one call of a guarded override from Python, minus the bare call.
The two variants alternate in --rounds blocks so that drift of a shared machine falls on both.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

Figures = dict[str, float | int | str]


@contextmanager
def unguarded(cls: type, name: str) -> Iterator[None]:
    """``cls.name`` without its guard for the duration."""
    guarded = vars(cls)[name]
    setattr(cls, name, guarded.__wrapped__)
    try:
        yield
    finally:
        setattr(cls, name, guarded)


def side_by_side(make: Callable[[], Callable[[], list[float]]], cls: type, name: str,
                 rounds: int) -> tuple[list[float], list[float]]:
    """Samples of the runs ``make`` prepares, guarded and unguarded, alternating blocks. Each
    block makes its own objects: PySide6 keeps the override it found per object, so taking
    the guard off reaches only objects made after."""
    guarded: list[float] = []
    bare: list[float] = []
    for _ in range(rounds):
        guarded += make()()
        with unguarded(cls, name):
            bare += make()()
    return guarded, bare


def figures(key: str, guarded: list[float], bare: list[float], places: int = 1) -> Figures:
    """p50 of both, and the difference."""
    g, b = statistics.median(guarded), statistics.median(bare)
    return {f"{key}_guarded": round(g, places), f"{key}_bare": round(b, places),
            f"{key}_overhead": round(g - b, places)}


def measure_paint(frames: int, rounds: int) -> Figures:
    """ChieuWidget.repaint(), the frame unchanged and redrawn, guarded and bare."""
    from desktop.chieu.samples import sample_view
    from desktop.chieu.widget import ChieuWidget, PictureWidget
    from desktop.qt import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = sample_view(41)
    views = [dataclasses.replace(view, countdown=(k % 100) / 100) for k in range(frames)]
    per_block = frames // rounds

    def shown() -> ChieuWidget:
        widget = ChieuWidget()
        widget.resize(1280, 800)
        widget.set_view(view)
        widget.show()
        app.processEvents()
        for v in views[:20]:  # warm up the paint path
            widget.set_view(v)
            widget.repaint()
        return widget

    def repaints() -> Callable[[], list[float]]:
        widget = shown()

        def run() -> list[float]:
            widget.set_view(view)
            samples = []
            for _ in range(per_block):
                start = time.perf_counter()
                widget.repaint()
                samples.append((time.perf_counter() - start) * 1e6)
            widget.close()
            return samples
        return run

    def redraws() -> Callable[[], list[float]]:
        widget = shown()

        def run() -> list[float]:
            samples = []
            for v in views[:per_block]:
                widget.set_view(v)
                start = time.perf_counter()
                widget.repaint()
                samples.append((time.perf_counter() - start) * 1e6)
            widget.close()
            return samples
        return run

    out = figures("repaint_us", *side_by_side(repaints, PictureWidget, "paintEvent", rounds))
    out.update(figures("redraw_us", *side_by_side(redraws, PictureWidget, "paintEvent",
                                                  rounds)))
    return out


def measure_filter(rows: int, rounds: int) -> Figures:
    """A proxy re-filtering ``rows`` rows: one filterAcceptsRow call per row."""
    from desktop.qt import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt

    class Rows(QAbstractTableModel):
        def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
            return 0 if parent.isValid() else rows

        def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
            return 1

        def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> object:
            return index.row()

    class Everything(QSortFilterProxyModel):
        def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:
            return True

    def refilters() -> Callable[[], list[float]]:
        proxy = Everything()
        proxy.setSourceModel(Rows())

        def run() -> list[float]:
            samples = []
            for _ in range(3):
                start = time.perf_counter()
                proxy.invalidate()
                proxy.rowCount()
                samples.append((time.perf_counter() - start) * 1000)
            return samples
        return run

    out = figures("filter_ms", *side_by_side(refilters, Everything, "filterAcceptsRow",
                                             rounds), places=2)
    out["rows"] = rows

    calls = 200_000
    method = Everything.filterAcceptsRow
    bare = method.__wrapped__  # type: ignore[attr-defined]
    index = QModelIndex()
    proxy = Everything()

    def per_call(fn: Callable[..., object]) -> float:
        start = time.perf_counter()
        for _ in range(calls):
            fn(proxy, 0, index)
        return (time.perf_counter() - start) / calls * 1e9

    guarded_ns = statistics.median(per_call(method) for _ in range(rounds))
    bare_ns = statistics.median(per_call(bare) for _ in range(rounds))
    out["call_ns"] = round(guarded_ns - bare_ns)
    return out


def main() -> int:
    """Print the figures (one JSON object with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=1000, help="repaints per variant")
    parser.add_argument("--rows", type=int, default=20_000, help="rows the proxy filters")
    parser.add_argument("--rounds", type=int, default=5, help="alternating blocks")
    args = parser.parse_args()
    out = measure_paint(args.frames, args.rounds)
    out.update(measure_filter(args.rows, args.rounds))
    out["platform"] = os.environ.get("QT_QPA_PLATFORM", "")
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
