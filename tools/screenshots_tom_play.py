"""Screenshots of Chơi for Tổ tôm (issue 23): the start page, the table mid-game, the list of
choices, a teaching warning, the xướng dialog, the paid ù with its judged arrangement, and the
summary of the hội — at 1280×800 and 1024×640, Vietnamese and English.

    .venv/bin/python tools/screenshots_tom_play.py [--out /tmp/tom-play-shots] [--lang vi|en|both]

Runs offscreen. The learner's seat is played by the normal computer player on seeded deals
(tests/desktop/tom_driver.py's: 44 ends in the learner's paid ù), so every run shows the same
positions; a dialog is drawn over the window, centred, as a window manager would place it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from shooting import main_for, pump, shot, size_tag

from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.play.tom_controller import TomController
from desktop.play.tom_screen import TomPlay
from desktop.settings import Settings, save, settings_path
from engine.actions import Act
from engine.game import Mode
from engine.totom import make_player

SEEDS = (44, 5, 6, 7)  # 44: the learner wins a paid ù with a khàn to turn up in the call


class TomSession:
    """A main window playing a seeded hội of Tổ tôm, the learner played by the normal AI."""

    def __init__(self, size: tuple[int, int], data: Path, lang: str) -> None:
        save(settings_path(data), replace(Settings(lang="en" if lang == "en" else "vi"),
                                          game="to_tom", mode=Mode.TEACHING))
        seeds = iter(SEEDS)
        self.window = MainWindow(data, pacing=INSTANT, seeds=lambda: next(seeds),
                                 offer_resume=False)
        self.window.resize(*size)
        self.window.show()
        self.play: TomPlay = self.window.play.tom_part()
        self.c: TomController = self.play.controller
        self.ai = make_player("normal")

    def learner_moves(self, stop: Callable[[], bool], limit: int = 200) -> None:
        """Let the learner's seat play (normal AI) until `stop()` holds at a decision."""
        for _ in range(limit):
            pump(lambda: self.c.state in ("learner", "call", "over"))
            if stop():
                return
            if self.c.state != "learner":
                raise RuntimeError(f"stopped at {self.c.state}")
            game = self.c.game
            assert game is not None
            self.c._try(self.ai.choose(game.observation(0)).action)
        raise RuntimeError("never stopped")


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every Tổ tôm play screen at one size in one language."""
    set_language("en" if lang == "en" else "vi")
    tag = size_tag(size, lang)
    with tempfile.TemporaryDirectory() as tmp:
        s = TomSession(size, Path(tmp), lang)
        w, play, c = s.window, s.play, s.c
        shot(w, out / f"tom-start-{tag}.png")
        w.new_session()
        pump(lambda: c.state == "learner")
        s.learner_moves(lambda: c.game is not None and c.game.phase.value == "play"
                        and len([a for a in c.moves() if a.act is Act.EAT]) > 1)
        game = c.game
        assert game is not None
        eat = next(a for a in c.moves() if a.act is Act.EAT)
        c.chosen = list(eat.cards[:1])
        c.cursor = eat.cards[0] if eat.cards else None
        c._refresh()
        shot(w, out / f"tom-table-{tag}.png")
        c.chosen = []
        c.command("eat")
        pump(lambda: play.choice_dialog is not None)
        assert play.choice_dialog is not None
        shot(w, out / f"tom-choice-{tag}.png", play.choice_dialog)
        play.choice_dialog.reject()
        pump(lambda: c.state == "learner")
        s.learner_moves(lambda: c.state in ("call", "over") or (
            game.phase.value == "discard" and any(k.is_yeu for k in game.hand_cards(0))))
        yeu = next((k for k in game.hand_cards(0) if k.is_yeu), None)
        if c.state == "learner" and yeu is not None:  # a yêu is never discarded (TD9)
            c._try(next(a for a in c.moves() if a.act is Act.DISCARD and a.card == yeu))
            pump(lambda: play.warning_dialog is not None)
            assert play.warning_dialog is not None
            shot(w, out / f"tom-warning-{tag}.png", play.warning_dialog)
            play.warning_dialog.reject()
            pump(lambda: c.state == "learner")
        s.learner_moves(lambda: c.state in ("call", "over"))
        pump(lambda: play.call_dialog is not None)
        dialog = play.call_dialog
        assert dialog is not None
        for token in c.game.true_tokens() if c.game is not None else ():
            dialog.add(token)
        shot(w, out / f"tom-call-{tag}.png", dialog)
        dialog.accept()
        pump(lambda: c.state == "over")
        shot(w, out / f"tom-result-{tag}.png")
        play.end_session()
        pump()
        shot(w, out / f"tom-summary-{tag}.png")
        w.close()


if __name__ == "__main__":
    sys.exit(main_for(take, __doc__, Path("/tmp/tom-play-shots")))
