"""Screenshots of Học for Tổ tôm (issue 23) at 1280×800 and 1024×640, in Vietnamese and
English: the home (course, families, reference), one question of each family (answered right
for the first, so the explanation shows too), a lesson's figure, and the guided first game (cho
cái, a wrong move explained, the eat, the call, the finished game).

    .venv/bin/python tools/screenshots_tom_learn.py [--out DIR] [--lang vi|en|both]

(DIR defaults to /tmp/shots-tom-learn.) Runs offscreen.
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

from engine.actions import Act
from engine.totom import TomAction
from lessons.content import course
from lessons.drills import generate

QUESTIONS = (("tom_quan", "name", 1), ("tom_tho", "tho_card", 2), ("tom_tho", "card_tho", 1),
             ("tom_phu", "group", 2), ("tom_phu", "tron", 2), ("tom_cho", "waits", 2),
             ("tom_cho", "wait_name", 1), ("tom_cho_cai", "pile", 2),
             ("tom_cuoc", "cuoc", 2), ("tom_cuoc", "call", 2))


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language."""
    tag = size_tag(size, lang)
    with learn_window(size, lang) as (window, learn):
        window.apply_settings(replace(window.settings, game="to_tom"))
        learn.show_home()
        read(learn)
        shot(window, out / f"tom-home-{tag}.png")
        learn.home.toggle_reference()
        shot(window, out / f"tom-reference-{tag}.png")
        learn.home.toggle_reference()
        le = course("to_tom")[4]
        learn.open_lesson(le.id)
        shot(window, out / f"tom-lesson-{tag}.png")
        for family, kind, level in QUESTIONS:
            item = generate(family, 1, 5, kinds=[kind], level=level)[0]
            learn.play_items("Tổ tôm", [item])
            pump(lambda: learn.stack.currentWidget() is learn.drill)
            shot(window, out / f"tom-q-{family}-{kind}-{tag}.png")
            if family == "tom_quan":
                learn.drill.asker.command("drill_option", str(item.answer["option"]))  # type: ignore[union-attr]
                learn.drill.submit()
                shot(window, out / f"tom-q-{family}-{kind}-graded-{tag}.png")
            learn.drill.stop()
        learn.show_home()
        read(learn)
        learn.open_first_game()
        page = learn.tom_first_game
        assert page is not None
        shot(window, out / f"tom-fg-cho-cai-{tag}.png")
        page.number(1 if page.steps[0].pile != 1 else 2)
        shot(window, out / f"tom-fg-cho-cai-wrong-{tag}.png")
        page.number(page.steps[0].pile or 1)
        shot(window, out / f"tom-fg-opening-{tag}.png")
        yeu = next(c for c in page.game.hand_cards(page.learner) if c.is_yeu)
        page.try_move(TomAction(page.learner, Act.DISCARD, yeu))
        shot(window, out / f"tom-fg-wrong-{tag}.png")
        for topic in ("phong", "eat", "win", "call"):
            while True:
                step = page.step()
                assert step is not None and step.expected is not None
                if step.topic == topic:
                    break
                page.try_move(step.expected)
            shot(window, out / f"tom-fg-{topic}-{tag}.png")
        step = page.step()
        assert step is not None and step.expected is not None
        for token in step.expected.tokens:
            page.builder.add(token)
        shot(window, out / f"tom-fg-call-said-{tag}.png")
        page.builder.submit()
        pump()
        shot(window, out / f"tom-fg-finished-{tag}.png")


def main() -> int:
    """Write the PNGs and print their paths."""
    return main_for(take, __doc__, Path("/tmp/shots-tom-learn"))


if __name__ == "__main__":
    raise SystemExit(main())
