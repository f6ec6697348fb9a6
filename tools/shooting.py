"""What every screenshot script shares: waiting for the program to reach a state, and saving
a window (a dialog drawn over its middle, dimming the window, as a window manager shows it)."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from desktop.i18n import set_language
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QApplication, QColor, QPainter, QPoint, QWidget
from desktop.settings import Settings, save, settings_path

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


def shot(window: QWidget, path: Path, dialog: QWidget | None = None,
         in_place: bool = False) -> None:
    """Save the window as it is now, with `dialog` drawn over its middle (or, `in_place`, where
    it stands); print the path."""
    pump()
    image = window.grab()
    if dialog is not None:
        over = dialog.grab()
        painter = QPainter(image)
        painter.fillRect(image.rect(), QColor(0, 0, 0, 70))
        if in_place:
            at = dialog.frameGeometry().topLeft() - window.mapToGlobal(QPoint(0, 0))
            x, y = at.x(), at.y()
        else:
            x = (image.width() - over.width()) // 2
            y = (image.height() - over.height()) // 2
        painter.fillRect(x - 1, y - 1, over.width() + 2, over.height() + 2, QColor(60, 40, 20))
        painter.drawPixmap(x, y, over)
        painter.end()
    image.save(str(path))
    print(path)


def size_tag(size: tuple[int, int], lang: str) -> str:
    """The part of a screenshot's file name that says its size and language."""
    return f"{size[0]}x{size[1]}" + ("" if lang == "vi" else "-en")


@contextmanager
def learn_window(size: tuple[int, int], lang: str) -> Iterator[tuple[MainWindow, LearnScreen]]:
    """A main window on a new data folder, in `lang` at `size`, showing Học; closed afterwards."""
    set_language("en" if lang == "en" else "vi")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        save(settings_path(data), Settings(lang="en" if lang == "en" else "vi"))
        window = MainWindow(data, pacing=INSTANT, offer_resume=False, mute=True)
        window.resize(*size)
        window.show()
        window.show_activity("learn")
        learn = window.learn
        assert isinstance(learn, LearnScreen)
        read(learn)
        yield window, learn
        window.close()


def read(learn: LearnScreen) -> None:
    """Wait until Học has read and written progress.db (on the Worker: issue 20)."""
    pump(lambda: learn.queue.idle and learn.reading is None)


def main_for(take: Callable[[Path, tuple[int, int], str], None], doc: str | None,
             out: Path) -> int:
    """The command line of a screenshot script whose ``take(out, size, lang)`` shoots one size
    in one language: ``[--out DIR] [--lang vi|en|both]``, every size."""
    from desktop.app import make_app

    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--lang", choices=("vi", "en", "both"), default="both")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    make_app(sys.argv[:1])
    for lang in ("vi", "en") if args.lang == "both" else (args.lang,):
        for size in SIZES:
            take(args.out, size, lang)
    return 0
