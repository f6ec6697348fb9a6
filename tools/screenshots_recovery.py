"""Screenshots of the offer made for a damaged library (issue 20): at start (no window yet:
drawn over an empty screen of the size), while the program is open (over Xem lại), and what
a salvage brought back — at 1280×800 and 1024×640, in Vietnamese and English.

    .venv/bin/python tools/screenshots_recovery.py [--out /tmp/chan-shots] [--lang vi|en|both]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from shooting import SIZES, pump, shot, size_tag

from desktop.app import make_app
from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QWidget
from desktop.recovery.launcher import Launcher
from desktop.settings import Settings, save, settings_path
from replays.backup import take
from replays.paths import default_db
from tests.library_damage import (
    add_games,
    damage,
    make_library,
    overwrite_in_another_process,
    pages_of,
)


def library(data: Path, lang: str) -> Path:
    """A data folder of 25 games backed up at 23, in ``lang``."""
    db = default_db(data)
    make_library(db, 20)
    add_games(db, 3, seed=31)
    take(db)
    add_games(db, 2, seed=32)
    save(settings_path(data), Settings(lang="en" if lang == "en" else "vi"))
    return db


def program(data: Path) -> Launcher:
    """The program on ``data`` as run_app starts it (quitting the offer exits nothing)."""
    return Launcher(data, lambda: MainWindow(data, pacing=INSTANT, offer_resume=False),
                    lambda code: None)


def main() -> int:
    """Save the screenshots; print their paths."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "chan-shots")
    parser.add_argument("--lang", choices=("vi", "en", "both"), default="both")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    make_app([])
    for lang in (("vi", "en") if args.lang == "both" else (args.lang,)):
        set_language("en" if lang == "en" else "vi")
        for size in SIZES:
            tag = size_tag(size, lang)
            with tempfile.TemporaryDirectory() as tmp:  # at start: a truncated library
                data = Path(tmp)
                damage(library(data, lang), "truncated")
                launcher = program(data)
                launcher.start()
                dialog = launcher.dialog
                assert dialog is not None
                screen = QWidget()
                screen.resize(*size)
                pump()
                shot(screen, args.out / f"recovery-start-{tag}.png", dialog)
                dialog.salvage_button.click()
                pump(lambda d=dialog: d.recovered is not None)
                shot(screen, args.out / f"recovery-salvaged-{tag}.png", dialog)
                dialog.accept()
                pump(lambda the=launcher: the.window is not None)
                if launcher.window is not None:
                    launcher.window.close()
            with tempfile.TemporaryDirectory() as tmp:  # while open: Xem lại finds it damaged
                data = Path(tmp)
                db = library(data, lang)
                launcher = program(data)
                launcher.start()
                window = launcher.window
                assert window is not None
                window.resize(*size)
                pump(lambda w=window: bool(w.backups.taken) and not w.backups.busy)
                overwrite_in_another_process(db, pages_of(db, "games"))
                window.show_activity("review")
                pump(lambda w=window: w.guard.dialog is not None)
                shot(window, args.out / f"recovery-open-{tag}.png", window.guard.dialog)
                window.guard.dialog.reject()  # type: ignore[union-attr]
                window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
