"""Screenshots of the program (the README shows a selection, kept in docs/screenshots/): the
main window, a game in progress,
a claim prompt, a teaching warning and the result screen, at 1280×800 and 1024×640 — and the
settings, help and About dialogs, the xướng dialog, Học and Xem lại.

    .venv/bin/python tools/screenshots.py [--out /tmp/chan-shots] [--lang vi|en|both]

Runs offscreen (QT_QPA_PLATFORM=offscreen unless a display is set up, e.g. under xvfb-run).
The learner's seat is played by the normal computer player on a seeded hội, so every run
shows the same positions; a dialog is drawn over the window it belongs to, centred, as a
window manager would place it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from shooting import SIZES, pump, shot

from desktop.about import AboutDialog
from desktop.app import make_app
from desktop.help_dialog import HelpDialog
from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.play.call_dialog import CallDialog
from desktop.play.pacing import INSTANT
from desktop.qt import QApplication
from desktop.settings import Settings, save, settings_path
from desktop.settings_dialog import SettingsDialog
from engine.actions import Act
from engine.chan.ai import make_player
from engine.game import Phase

SEEDS = (179, 91, 7)  # 179: the learner can commit L1 early, gets an ù prompt and wins


class Session:
    """A main window playing a seeded hội, the learner played by the normal computer."""

    def __init__(self, app: QApplication, size: tuple[int, int], data: Path,
                 claim_seconds: int = 15) -> None:
        self.app = app
        save(settings_path(data), Settings(claim_seconds=claim_seconds,
                                           lang="en" if _lang() == "en" else "vi"))
        seeds = iter(SEEDS)
        self.window = MainWindow(data, pacing=INSTANT, seeds=lambda: next(seeds),
                                 offer_resume=False)
        self.window.resize(*size)
        self.window.show()
        self.c = self.window.play.controller
        self.ai = make_player("normal")

    def learner_moves(self, stop: Callable[[], bool], limit: int = 400) -> None:
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

    def to_result(self, at_call: Callable[[CallDialog], None] = lambda _: None) -> None:
        """Play the learner's seat to the game's end, saying the true call (the dialog shown
        to `at_call` before it is accepted), until the result page is up."""
        w, c = self.window, self.c
        self.learner_moves(lambda: c.state in ("call", "over"))
        if c.state == "call":
            pump(lambda: w.play.call_dialog is not None)
            dialog = w.play.call_dialog
            assert dialog is not None and c.game is not None
            for cid, n in c.game.true_call():
                for _ in range(n):
                    dialog.add(cid)
            at_call(dialog)
            dialog.accept()
        pump(lambda: w.play.stack.currentWidget() is w.play.result_page)


def _lang() -> str:
    return os.environ.get("CHAN_SHOTS_LANG", "vi")


def take(app: QApplication, out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language (the hint marked on the chiếu, the end
    of a hội asked and summed up: issue 20)."""
    tag = f"{size[0]}x{size[1]}" + ("" if lang == "vi" else "-en")
    os.environ["CHAN_SHOTS_LANG"] = lang
    set_language("en" if lang == "en" else "vi")
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(app, size, Path(tmp))
        w = s.window
        shot(w, out / f"main-{tag}.png")
        for name, make in (("settings", lambda: SettingsDialog(w.settings, w)),
                           ("help", lambda: HelpDialog(w)), ("about", lambda: AboutDialog(w))):
            extra = make()
            extra.show()
            shot(w, out / f"{name}-{tag}.png", extra)
            if isinstance(extra, SettingsDialog):
                for tab in (1, 2):
                    extra.tabs.setCurrentIndex(tab)
                    shot(w, out / f"{name}{tab}-{tag}.png", extra)
            extra.close()
        w.show_activity("learn")
        shot(w, out / f"learn-{tag}.png")
        w.show_activity("play")
        w.play.start_session()
        c = s.c
        # the first decision where some move breaks a rule: try it, get the warning
        s.learner_moves(lambda: c.state == "learner" and c.game is not None and any(
            any(e.rule.startswith("L") for e in c.game.explain(a))
            for a in c.game.legal_actions()))
        game = c.game
        assert game is not None
        c.command("hint")
        pump(lambda: bool(c.hint))
        shot(w, out / f"game-{tag}.png")
        bad = next(a for a in game.legal_actions()
                   if any(e.rule.startswith("L") for e in game.explain(a)))
        c._try(bad)
        pump(lambda: w.play.warning_dialog is not None)
        assert w.play.warning_dialog is not None
        shot(w, out / f"warning-{tag}.png", w.play.warning_dialog)
        w.play.warning_dialog.reject()
        pump(lambda: c.state == "learner")
        s.learner_moves(lambda: c.state == "learner" and c.game is not None
                        and c.game.phase is Phase.CLAIM)
        shot(w, out / f"claim-{tag}.png")
        game = c.game
        assert game is not None
        if game.pending_claims()[0].act is Act.WIN:
            c.command("win")
        s.to_result(lambda dialog: shot(w, out / f"call-{tag}.png", dialog))
        shot(w, out / f"result-{tag}.png")
        w.play.ask_end_session()  # "Kết thúc hội": asked first, then summed up (issue 20)
        pump(lambda: w.play.end_box is not None)
        assert w.play.end_box is not None
        shot(w, out / f"end-ask-{tag}.png", w.play.end_box)
        w.play.end_box.reject()
        pump(lambda: w.play.end_box is None)
        w.play.end_session()
        pump(lambda: w.play.summary_page.summary is not None)
        shot(w, out / f"hoi-summary-{tag}.png")
        w.show_activity("review")
        review = w.review
        assert review is not None
        pump(lambda: not review.loading)  # the library is read on the Worker
        review.open_game(review.library.model.rows[0].game_id)  # the viewer (issue 8)
        pump(lambda: not review.opening)
        shot(w, out / f"review-{tag}.png")
        w.close()


def main() -> int:
    """Write the PNGs and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/chan-shots"))
    parser.add_argument("--lang", choices=("vi", "en", "both"), default="both")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = make_app(sys.argv[:1])
    langs = ("vi", "en") if args.lang == "both" else (args.lang,)
    for lang in langs:
        for size in SIZES:
            take(app, args.out, size, lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
