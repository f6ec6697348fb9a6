"""The viewer's navigation buttons as drawn icons: first, previous, next, last, and the
previous and next annotation. Drawn, not written: the glyphs ⏮ ⏭ ◀ ▶ are in none of the
program's fonts, and a machine without a fallback font showed empty boxes (issue 20)."""

from __future__ import annotations

from desktop.qt import QColor, QIcon, QPainter, QPainterPath, QPixmap, QPointF, QRectF, Qt

WIDTH, HEIGHT = 26, 16  # logical pixels
INK = QColor("#2a1d12")  # the palette's button text
NOTE = QColor("#aa261e")  # the annotation mark, in the timeline's fault red


def _triangle(painter: QPainter, x: float, left: bool) -> None:
    """A play triangle 9 px wide whose flat side is at `x` (pointing left or right)."""
    tip = x - 9 if left else x + 9
    path = QPainterPath(QPointF(x, 2))
    path.lineTo(QPointF(x, HEIGHT - 2))
    path.lineTo(QPointF(tip, HEIGHT / 2))
    path.closeSubpath()
    painter.fillPath(path, INK)


def _bar(painter: QPainter, x: float) -> None:
    painter.fillRect(QRectF(x, 2, 2.5, HEIGHT - 4), INK)


def _mark(painter: QPainter, x: float) -> None:
    """An exclamation mark: where the analysis has something to say."""
    painter.fillRect(QRectF(x, 2, 3, HEIGHT - 8), NOTE)
    painter.fillRect(QRectF(x, HEIGHT - 4.5, 3, 2.5), NOTE)


def _draw(painter: QPainter, command: str) -> None:
    middle = WIDTH / 2
    if command == "replay_first":
        _bar(painter, middle - 6)
        _triangle(painter, middle + 4.5, left=True)
    elif command == "replay_prev":
        _triangle(painter, middle + 4.5, left=True)
    elif command == "replay_next":
        _triangle(painter, middle - 4.5, left=False)
    elif command == "replay_last":
        _triangle(painter, middle - 4.5, left=False)
        _bar(painter, middle + 3.5)
    elif command == "replay_prev_note":
        _triangle(painter, middle + 1, left=True)
        _mark(painter, middle + 4)
    elif command == "replay_next_note":
        _mark(painter, middle - 7)
        _triangle(painter, middle - 1, left=False)
    else:
        raise ValueError(f"no icon for {command!r}")


def nav_icon(command: str, ratio: float = 1.0) -> QIcon:
    """The icon of a navigation command (keys.py REPLAY ids), drawn at `ratio` (HiDPI)."""
    pixmap = QPixmap(round(WIDTH * ratio), round(HEIGHT * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw(painter, command)
    painter.end()
    return QIcon(pixmap)
