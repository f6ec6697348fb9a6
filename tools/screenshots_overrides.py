"""Screenshots of what the learner is told when an override of Qt fails (desktop/overrides.py,
issue 20): Học's showEvent made to raise as a hostile progress.db once made it, over the main
window — at 1280×800 and 1024×640, in Vietnamese and English.

    .venv/bin/python tools/screenshots_overrides.py [--out /tmp/chan-shots] [--lang vi|en|both]
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from shooting import learn_window, main_for, pump, shot, size_tag

from desktop import overrides
from desktop.learn.screen import LearnScreen


def unreadable(_: LearnScreen) -> None:
    """Học's read, failing as a hostile ``schedule.last_at`` once made it fail."""
    datetime.datetime.fromisoformat("garbage")  # raised by C code


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """One size in one language."""
    overrides.REPORTS = overrides.Reports()  # each shot tells again
    with learn_window(size, lang) as (window, _):
        refresh = LearnScreen.refresh
        LearnScreen.refresh = unreadable  # type: ignore[method-assign,assignment]
        try:
            window.show_activity("play")
            window.show_activity("learn")  # showEvent: the read fails
            pump(lambda: overrides.REPORTS.notice is not None)
        finally:
            LearnScreen.refresh = refresh  # type: ignore[method-assign]
        notice = overrides.REPORTS.notice
        assert notice is not None
        shot(window, out / f"override-error-{size_tag(size, lang)}.png", notice)
        notice.done(0)


if __name__ == "__main__":
    sys.exit(main_for(take, __doc__, Path(tempfile.gettempdir()) / "chan-shots"))
