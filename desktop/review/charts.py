"""Small charts drawn with QPainter for the statistics page: values over the games (bars, dots
or a line, several series with a legend) and a horizontal bar chart of counts.

Why not a plotting library: the bundle must stay under 120 MB; matplotlib or pyqtgraph (with
numpy) would add 40–60 MB, and QtCharts is not in pyside6-essentials. These charts need axes
with labels, "nice" ticks, a legend and an empty state — a few hundred lines of QPainter.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from desktop.i18n import number
from desktop.qt import (
    QColor,
    QFont,
    QFontMetrics,
    QLineF,
    QPainter,
    QPaintEvent,
    QPen,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QWidget,
)

INK = QColor("#2a1d12")
GRID = QColor("#e2d6bd")
AXIS = QColor("#8a7a62")
PAPER = QColor("#fffaf0")


@dataclass(frozen=True, slots=True)
class Series:
    """One series of values, one per game (None: no value for that game)."""

    name: str
    values: tuple[float | None, ...]
    color: tuple[int, int, int]
    style: str = "line"  # line | bars | dots


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high] (1, 2, 2.5 or 5 × a power of ten apart)."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0, 1.0]
    if high - low < 1e-9:
        high = low + 1
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value <= high + step * 0.5:
        ticks.append(round(value, 10))
        value += step
        if len(ticks) > 50:
            break
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def tick_text(value: float, percent: bool = False) -> str:
    """A tick label: integers plain, fractions short, percentages with %."""
    if percent:
        return f"{number(value * 100, 0)}%"
    if float(value).is_integer():
        return str(int(value))
    return number(value, 2 if abs(value) < 1 else 1).rstrip("0")


class _Chart(QWidget):
    """What both charts share: a title, an empty text, fonts and the frame."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.empty_text = ""
        self.setMinimumSize(300, 170)

    def sizeHint(self) -> QSize:
        """A comfortable chart."""
        return QSize(420, 180)

    def _fonts(self) -> tuple[QFont, QFont]:
        body = QFont(self.font())
        body.setPointSizeF(max(8.0, body.pointSizeF() * 0.9))
        head = QFont(self.font())
        head.setBold(True)
        return head, body

    def _frame(self, painter: QPainter) -> QRectF:
        """Paper, the title; returns the area left for the plot."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), PAPER)
        painter.setPen(GRID)
        painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        head, _ = self._fonts()
        painter.setFont(head)
        painter.setPen(INK)
        height = QFontMetrics(head).height()
        painter.drawText(QRectF(10, 6, self.width() - 20, height),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.title)
        return QRectF(0, 10 + height, self.width(), self.height() - 10 - height)

    def _empty(self, painter: QPainter, area: QRectF) -> None:
        _, body = self._fonts()
        painter.setFont(body)
        painter.setPen(AXIS)
        painter.drawText(area.adjusted(12, 0, -12, 0),
                         int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                         self.empty_text)


Point = tuple[float, float]  # (the game's index, counted from 0, a fraction for a column; value)


def columns_of(values: Sequence[float | None], columns: int, style: str) -> list[Point]:
    """The points a series draws where the plot has ``columns`` pixel columns: one per game,
    or, with more games than columns, per column what drawing every game there would show
    (issue 20: 16,000 games drawn one by one took 0.7 s a paint) — the tallest bar; the
    lowest and the highest dot, a line going through both."""
    n = len(values)
    if n <= columns:
        return [(float(i), v) for i, v in enumerate(values) if v is not None]
    out: list[Point] = []
    for c in range(columns):
        first, end = c * n // columns, (c + 1) * n // columns
        chunk = [v for v in values[first:end] if v is not None]
        if not chunk:
            continue
        middle = (first + end - 1) / 2
        if style == "bars":
            out.append((middle, max(chunk, key=abs)))
        else:
            low, high = min(chunk), max(chunk)
            out += [(middle, low)] if low == high else [(middle, low), (middle, high)]
    return out


class TimeChart(_Chart):
    """Values over the games, oldest to newest: bars, dots or lines, with a legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: list[Series] = []
        self.x_label = ""
        self.y_label = ""
        self.percent = False
        self._points: dict[tuple[int, int], list[Point]] = {}  # (series, columns): points
        self._range: tuple[float, float] | None = None

    def set_data(self, title: str, series: Sequence[Series], x_label: str, y_label: str,
                 empty_text: str, percent: bool = False) -> None:
        """What to draw."""
        self.title, self.series = title, list(series)
        self.x_label, self.y_label = x_label, y_label
        self.empty_text, self.percent = empty_text, percent
        self._points.clear()
        values = [v for s in self.series for v in s.values if v is not None]
        self._range = (min(values), max(values)) if values else None
        self.update()

    def _series_points(self, k: int, columns: int) -> list[Point]:
        """Series ``k``'s points on a plot of ``columns`` pixel columns (kept per width)."""
        points = self._points.get((k, columns))
        if points is None:
            s = self.series[k]
            points = self._points[(k, columns)] = columns_of(s.values, columns, s.style)
        return points

    def paintEvent(self, event: QPaintEvent) -> None:
        """Axes, grid, series and legend (or the empty text)."""
        painter = QPainter(self)
        area = self._frame(painter)
        n = max((len(s.values) for s in self.series), default=0)
        if self._range is None or n == 0:
            self._empty(painter, area)
            painter.end()
            return
        _, body = self._fonts()
        painter.setFont(body)
        fm = QFontMetrics(body)
        low, high = min(0.0, self._range[0]), self._range[1]
        if self.percent:
            low, high = 0.0, max(1.0, high)
        ticks = nice_ticks(low, high, max(2, int(area.height() // (fm.height() * 2.2))))
        low, high = ticks[0], ticks[-1]
        label_w = max(fm.horizontalAdvance(tick_text(t, self.percent)) for t in ticks)
        legend_h = fm.height() + 4
        plot = QRectF(area.left() + label_w + fm.height() + 14, area.top() + legend_h + 4,
                      area.width() - label_w - fm.height() - 26,
                      area.height() - legend_h - 2 * fm.height() - 14)
        if plot.width() < 40 or plot.height() < 30:
            painter.end()
            return

        def y_of(v: float) -> float:
            return plot.bottom() - (v - low) / (high - low) * plot.height()

        def x_of(i: float) -> float:
            return plot.left() + (i + 0.5) * plot.width() / n

        for t in ticks:  # the grid and the y labels
            y = y_of(t)
            painter.setPen(GRID if t else AXIS)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(INK)
            painter.drawText(QRectF(plot.left() - label_w - 6, y - fm.height() / 2, label_w,
                                    fm.height()),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             tick_text(t, self.percent))
        painter.setPen(AXIS)
        painter.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))
        widest = fm.horizontalAdvance(f"{n}00")  # room for the longest game number
        for i in _x_ticks(n, plot.width() / max(1, widest)):
            x = x_of(i)
            painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
            painter.drawText(QRectF(x - 30, plot.bottom() + 4, 60, fm.height()),
                             Qt.AlignmentFlag.AlignCenter, str(i + 1))
        painter.setPen(INK)
        painter.drawText(QRectF(plot.left(), plot.bottom() + 4 + fm.height(), plot.width(),
                                fm.height()), Qt.AlignmentFlag.AlignCenter, self.x_label)
        painter.save()  # the y label, turned
        painter.translate(area.left() + 4, plot.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), fm.height()),
                         Qt.AlignmentFlag.AlignCenter, self.y_label)
        painter.restore()

        columns = max(1, int(plot.width()))
        bars = [k for k, s in enumerate(self.series) if s.style == "bars"]
        slot = plot.width() / min(n, columns)  # one game, or one pixel column of games
        for j, k in enumerate(bars):
            width = max(1.0, slot * 0.8 / len(bars))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(*self.series[k].color))
            for at, v in self._series_points(k, columns):
                x = x_of(at) - slot * 0.4 + j * width
                top, base = y_of(max(v, 0.0)), y_of(min(v, 0.0))
                painter.drawRect(QRectF(x, top, width, max(0.5, base - top)))
        for k, s in enumerate(self.series):
            if s.style == "dots":
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(*s.color))
                radius = max(1.5, min(3.5, slot * 0.4))
                for at, v in self._series_points(k, columns):
                    painter.drawEllipse(QPointF(x_of(at), y_of(v)), radius, radius)
            elif s.style == "line":
                segments: list[QLineF] = []
                last: tuple[float, QPointF] | None = None
                for at, v in self._series_points(k, columns):
                    point = QPointF(x_of(at), y_of(v))
                    # a game without a value breaks the line
                    if last is not None and at - last[0] < max(1.0, n / columns) + 1:
                        segments.append(QLineF(last[1], point))
                    last = (at, point)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                pen = QPen(QColor(*s.color), 2)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)  # the segments meet as one line
                painter.setPen(pen)
                # segments, not a path: joining a path's 700 turns took 7 ms a chart
                painter.drawLines(segments)
        self._legend(painter, QRectF(plot.left(), area.top(), plot.width(), legend_h), fm)
        painter.end()

    def _legend(self, painter: QPainter, rect: QRectF, fm: QFontMetrics) -> None:
        x = rect.right()
        for s in reversed(self.series):
            w = fm.horizontalAdvance(s.name)
            x -= w
            painter.setPen(INK)
            painter.drawText(QRectF(x, rect.top(), w, rect.height()),
                             Qt.AlignmentFlag.AlignVCenter, s.name)
            x -= 16
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(*s.color))
            painter.drawRect(QRectF(x, rect.center().y() - 5, 11, 10))
            x -= 14


def _x_ticks(n: int, room: float) -> list[int]:
    """Game numbers to label on the x axis: about as many as fit, at round steps."""
    most = max(2, int(room))
    step = max(1, math.ceil(n / most))
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if nice >= step:
            step = nice
            break
    ticks = list(range(step - 1, n, step))
    return [0, *ticks] if not ticks or ticks[0] != 0 else ticks


class BarChart(_Chart):
    """Counts as horizontal bars, biggest first, each with its label and number."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[tuple[str, int]] = []
        self.color = (214, 40, 40)

    def set_data(self, title: str, items: Sequence[tuple[str, int]], empty_text: str,
                 color: tuple[int, int, int] = (214, 40, 40)) -> None:
        """What to draw."""
        self.title, self.items = title, list(items)
        self.empty_text, self.color = empty_text, color
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """One bar per item (as many as fit), the count at its end."""
        painter = QPainter(self)
        area = self._frame(painter)
        if not self.items:
            self._empty(painter, area)
            painter.end()
            return
        _, body = self._fonts()
        painter.setFont(body)
        fm = QFontMetrics(body)
        row = fm.height() + 6
        fit = max(1, int((area.height() - 8) // row))
        items = self.items[:fit]
        label_w = min(area.width() * 0.55,
                      max(fm.horizontalAdvance(label) for label, _ in items) + 8)
        count_w = fm.horizontalAdvance(str(max(n for _, n in items))) + 8
        left = area.left() + 10 + label_w
        room = area.width() - label_w - count_w - 26
        top_count = max(n for _, n in items) or 1
        for k, (label, n) in enumerate(items):
            y = area.top() + 4 + k * row
            painter.setPen(INK)
            text = fm.elidedText(label, Qt.TextElideMode.ElideRight, int(label_w - 8))
            painter.drawText(QRectF(area.left() + 10, y, label_w - 8, row),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
            width = max(1.0, room * n / top_count)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(*self.color))
            painter.drawRect(QRectF(left, y + 3, width, row - 6))
            painter.setPen(INK)
            painter.drawText(QRectF(left + width + 4, y, count_w, row),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, str(n))
        painter.end()
