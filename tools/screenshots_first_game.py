"""Screenshots of Học's guided first game (issue 16) at 1280×800 and 1024×640, in Vietnamese
and English: the Học home with its entry, bốc cái, a wrong move explained and taken back, the
chíu, the wait, ù, the xướng dialog and the finished game.

    .venv/bin/python tools/screenshots_first_game.py [--out DIR] [--lang vi|en|both]

(DIR defaults to /tmp/shots-first-game.)

Runs offscreen; the learner's answers go through the page's own inputs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from shooting import learn_window, main_for, pump, read, shot, size_tag

from engine.actions import Act, Action


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language."""
    tag = size_tag(size, lang)
    with learn_window(size, lang) as (window, learn):
        learn.show_home()
        read(learn)
        shot(window, out / f"home-{tag}.png")
        learn.open_first_game()
        page = learn.first_game
        assert page is not None
        shot(window, out / f"boc-cai-{tag}.png")
        page.answer_seat(1)
        shot(window, out / f"boc-cai-wrong-{tag}.png")
        page.answer_seat(0)
        shot(window, out / f"opening-{tag}.png")
        while True:
            step = page.step()
            assert step is not None and step.expected is not None
            if step.topic == "eat":
                break
            page.try_move(step.expected)
        shot(window, out / f"eat-{tag}.png")
        page.command("draw")  # a wrong move: explained, taken back
        shot(window, out / f"eat-wrong-{tag}.png")
        for topic in ("chiu", "wait", "win", "call"):
            while True:
                step = page.step()
                assert step is not None and step.expected is not None
                if step.topic == topic:
                    break
                page.try_move(step.expected)
            shot(window, out / f"{topic}-{tag}.png")
            if topic == "wait":
                page.try_move(step.expected)
                shot(window, out / f"waiting-{tag}.png")
        page.try_move(Action(page.learner, Act.DRAW))
        page.open_call()
        dialog = page.call_dialog
        assert dialog is not None
        pump()
        shot(window, out / f"call-dialog-{tag}.png", dialog, in_place=True)
        for cid, _n in step.expected.cuoc:
            dialog.add(cid)
        dialog.accept()
        pump()
        shot(window, out / f"finished-{tag}.png")


def main() -> int:
    """Write the PNGs and print their paths."""
    return main_for(take, __doc__, Path("/tmp/shots-first-game"))


if __name__ == "__main__":
    raise SystemExit(main())
