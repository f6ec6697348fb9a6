"""Screenshots of Xem lại (issue 8): the library, the batch analysis under way, the statistics,
the replay viewer with an annotation selected (every hand open, and only what the seat could
see), and the predict question — at 1280×800 and 1024×640, in Vietnamese (the viewer in
English too).

    .venv/bin/python tools/screenshots_review.py [--out /tmp/chan-shots-review] [--games 300]

Runs offscreen on a library made by bench/review.py's `make_library` (AI-only hội, seat 0
labelled as the learner), in a temporary data folder.
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
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from shooting import SIZES, pump, shot

from bench.review import make_library
from desktop.app import make_app
from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QApplication, QCoreApplication, QEvent, QFileDialog, QMessageBox
from desktop.review.screen import ReviewScreen
from desktop.review.stats_page import HUMAN
from replays.paths import default_db

# The learner's seat slips like a beginner; the others play well, or at random (lỗi to show).
LEVELS = ("beginner", "normal", "normal", "random")


def review_of(window: MainWindow) -> ReviewScreen:
    """The Xem lại screen (built when first shown)."""
    window.show_activity("review")
    review = window.review
    assert review is not None
    pump(lambda: not review.loading)  # the library is read on the Worker
    return review


def annotated_game(review: ReviewScreen) -> int:
    """A game whose annotations include a violation with a cause event (shown on the
    timeline)."""
    from desktop.review.replay import open_game

    for row in review.library.model.rows:
        if row.status != "over" or not row.events:
            continue
        opened = open_game(review.store, row.game_id)
        if any(a.get("cause_event") is not None for a in opened.errors):
            return row.game_id
    raise RuntimeError("no game with a caused violation")


def take(app: QApplication, out: Path, size: tuple[int, int], data: Path) -> None:
    """Every screenshot at one size."""
    tag = f"{size[0]}x{size[1]}"
    set_language("vi")
    window = MainWindow(data, pacing=INSTANT, offer_resume=False)
    window.resize(*size)
    window.show()
    review = review_of(window)
    review.show_page("library")
    shot(window, out / f"review-library-{tag}.png")

    review.start_batch()
    pump(lambda: review.runner.done >= 5 or not review.runner.running)
    shot(window, out / f"review-batch-{tag}.png")
    pump(lambda: not review.runner.running, 600)
    review.refresh()
    pump(lambda: not review.loading)
    shot(window, out / f"review-library-analysed-{tag}.png")

    review.show_page("stats")
    review.stats.choose_seat(HUMAN)
    pump(lambda: review.stats._job is None and review.stats.loaded)
    shot(window, out / f"review-stats-{tag}.png")

    game_id = annotated_game(review)
    review.open_game(game_id)
    pump(lambda: not review.opening)
    viewer = review.viewer
    stepper = viewer.stepper
    assert stepper is not None
    while True:  # the first annotation that was set up by an earlier event
        assert stepper.next_annotation(True)
        chosen = stepper.selected_annotation()
        if chosen is not None and chosen.get("cause_event") is not None:
            break
    viewer.set_seat(int(chosen["seat"]))
    viewer._show()
    pump(lambda: not viewer.advisor.jobs)
    for lang in ("vi", "en"):
        set_language(lang)
        suffix = "" if lang == "vi" else "-en"
        viewer.set_open(True)
        shot(window, out / f"review-viewer-open-{tag}{suffix}.png")
        viewer.set_open(False)
        shot(window, out / f"review-viewer-player-{tag}{suffix}.png")
    # English too: the library's and the statistics' headers, the export's dialog and news
    for lang in ("vi", "en"):
        set_language(lang)
        suffix = "" if lang == "vi" else "-en"
        viewer.command("replay_export")
        pump(lambda: bool(window.findChildren(QFileDialog)))
        dialog = window.findChildren(QFileDialog)[-1]
        shot(window, out / f"review-export-dialog-{tag}{suffix}.png", dialog)
        dialog.reject()
        pump()
        dialog.deleteLater()
        viewer.export_to(Path(tempfile.gettempdir()) / f"walk-{tag}{suffix}.chan.json")
        news = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
        shot(window, out / f"review-exported-{tag}{suffix}.png", news[-1])
        for box in news:
            box.accept()
        pump()
    set_language("en")
    review.show_page("library")
    shot(window, out / f"review-library-analysed-{tag}-en.png")
    review.show_page("stats")
    pump(lambda: review.stats._job is None and review.stats.loaded)
    shot(window, out / f"review-stats-{tag}-en.png")
    review.open_game(game_id)
    set_language("vi")
    viewer.set_open(True)
    viewer.command("replay_first")
    viewer.set_predict(True)
    while not viewer.question_open():
        viewer.command("replay_next")
    pump(lambda: not viewer.advisor.jobs)
    shot(window, out / f"review-predict-{tag}.png")
    viewer.answer(viewer.panel.predict_box.offered[-1])
    pump(lambda: not viewer.advisor.jobs and bool(viewer.advisor.graded))
    shot(window, out / f"review-predict-graded-{tag}.png")
    set_language("en")  # the grade and the next question, said again in English (issue 20)
    pump()
    shot(window, out / f"review-predict-graded-{tag}-en.png")
    set_language("vi")
    window.close()
    window.deleteLater()  # a closed window must not hear the next size's language change
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def main() -> int:
    """Make the library once per size (the batch analyses it), take the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/chan-shots-review"))
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = make_app(sys.argv[:1])
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp)
            make_library(default_db(data), args.games, levels=LEVELS)
            take(app, args.out, size, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
