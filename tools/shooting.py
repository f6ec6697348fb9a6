"""What every screenshot script shares: waiting for the program to reach a state, and saving
a window (a dialog drawn over its middle, dimming the window, as a window manager shows it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from desktop.qt import QApplication, QColor, QPainter, QWidget

SIZES = ((1280, 800), (1024, 640))


def app_instance() -> QApplication:
    """The running QApplication."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def pump(until: Callable[[], bool] = lambda: True, seconds: float = 60) -> None:
    """Process events (a few rounds at least) until `until()` holds."""
    app = app_instance()
    end = time.monotonic() + seconds
    for _ in range(3):
        app.processEvents()
    while not until():
        if time.monotonic() > end:
            raise TimeoutError("the program never reached the wanted state")
        app.processEvents()
        time.sleep(0.002)


def shot(window: QWidget, path: Path, dialog: QWidget | None = None) -> None:
    """Save the window as it is now, with `dialog` drawn over its middle; print the path."""
    pump()
    image = window.grab()
    if dialog is not None:
        over = dialog.grab()
        painter = QPainter(image)
        painter.fillRect(image.rect(), QColor(0, 0, 0, 70))
        x = (image.width() - over.width()) // 2
        y = (image.height() - over.height()) // 2
        painter.fillRect(x - 1, y - 1, over.width() + 2, over.height() + 2, QColor(60, 40, 20))
        painter.drawPixmap(x, y, over)
        painter.end()
    image.save(str(path))
    print(path)
