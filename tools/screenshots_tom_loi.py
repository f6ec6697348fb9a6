"""Screenshots of Học's Tổ tôm offence drills (lessons/tom_loi.py) at 1280×800 and 1024×640, in
Vietnamese and English: one question of each kind (a move, a verdict, a call), each before and
after it is answered, and the lesson on the verdicts.

    .venv/bin/python tools/screenshots_tom_loi.py [--out DIR] [--lang vi|en|both]

(DIR defaults to /tmp/shots-tom-loi.) Runs offscreen.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from shooting import learn_window, main_for, pump, read, shot, size_tag

from desktop.learn.askers.tom_loi import VERDICTS, TomMoveAsker
from lessons.drills import generate

QUESTIONS = (("move", 2, ["TD6"]), ("verdict", 2, None), ("call", 2, None))


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language."""
    tag = size_tag(size, lang)
    with learn_window(size, lang) as (window, learn):
        window.apply_settings(replace(window.settings, game="to_tom"))
        learn.show_home()
        read(learn)
        shot(window, out / f"tom-loi-home-{tag}.png")
        learn.open_lesson("tom_loi.xu")
        shot(window, out / f"tom-loi-lesson-{tag}.png")
        for kind, level, focus in QUESTIONS:
            item = generate("tom_loi", 1, 4, kinds=[kind], level=level, focus=focus)[0]
            learn.play_items("Lỗi", [item])
            pump(lambda: learn.stack.currentWidget() is learn.drill)
            shot(window, out / f"tom-loi-{kind}-{tag}.png")
            asker = learn.drill.asker
            assert asker is not None
            if isinstance(asker, TomMoveAsker):
                asker.rules.set_ticked(set(item.answer["rules"]))
            else:
                asker.command("drill_option", str(VERDICTS.index(item.answer["verdict"]) + 1))
                if kind == "call" and item.answer["verdict"] == "paid":
                    for digit in str(item.answer["score"]):
                        asker.command("drill_option", digit)
            learn.drill.submit()
            shot(window, out / f"tom-loi-{kind}-graded-{tag}.png")
            learn.drill.stop()


def main() -> int:
    """Write the PNGs and print their paths."""
    return main_for(take, __doc__, Path("/tmp/shots-tom-loi"))


if __name__ == "__main__":
    raise SystemExit(main())
