"""Screenshots of Xem lại for Tổ tôm (issue 23 §3): the library filtered to Tổ tôm, the viewer
at an offence, at the ù with the judged arrangement, at the end with the call and the
verdict, and the statistics of Tổ tôm — at 1280×800 and 1024×640, in Vietnamese and English.

    .venv/bin/python tools/screenshots_tom_review.py [--out /tmp/tom-shots-review]

Runs offscreen on a library of a Chắn hội, a Tổ tôm self-play hội and the hand-made Tổ tôm
games of tests/replays/tom_games.py, analysed, in a temporary data folder; the program's game
is switched to Tổ tôm as Ctrl+G does.
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

from desktop.app import make_app
from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.qt import QCoreApplication, QEvent
from replays.batch import analyze_library
from replays.paths import default_db
from replays.store import Store
from replays.tom_selfplay import play_session
from tests.library_damage import make_library
from tests.replays import tom_games as T


def library(db: Path) -> dict[str, int]:
    """The library; the hand-made games' ids by name."""
    make_library(db, 6, hoi=3)
    played, _ = play_session(("beginner", "normal", "normal", "normal", "random"), 4, 3)
    with Store.open(db) as store:
        selfplay = store.import_session(T.record_of(*played))[1][0]
        named = {"selfplay": selfplay,
                 "missed_u": store.import_session(T.with_missed_u_and_tn1())[1][0],
                 "chi_nay": store.import_session(T.example_2())[1][0],
                 "over_call": store.import_session(
                     T.example_4_record("thong thap_hong tom leo", False))[1][0]}
    analyze_library(db)
    return named


def take(out: Path, size: tuple[int, int], data: Path, named: dict[str, int]) -> None:
    """Every screenshot at one size, in both languages."""
    window = MainWindow(data, pacing=INSTANT, offer_resume=False)
    window.resize(*size)
    window.show()
    if window.settings.game != "to_tom":
        window.switch_game()  # Ctrl+G
    window.show_activity("review")
    review = window.review
    assert review is not None
    pump(lambda: not review.loading)
    viewer = review.tom_viewer
    for lang in ("vi", "en"):
        set_language(lang)
        tag = f"{size[0]}x{size[1]}" + ("" if lang == "vi" else "-en")
        review.show_page("library")
        review.select_game(named["missed_u"])
        shot(window, out / f"tom-review-library-{tag}.png")
        review.show_page("stats")
        review.stats.choose_seat(1)
        pump(lambda: review.stats._job is None and review.stats.loaded)
        shot(window, out / f"tom-review-stats-{tag}.png")
        review.open_game(named["missed_u"])
        pump(lambda: not review.opening)
        s = viewer.stepper
        assert s is not None
        viewer.set_seat(1)
        while (s.selected_annotation() or {}).get("kind") != "offence":
            viewer.command("replay_next_note")
        shot(window, out / f"tom-review-offence-{tag}.png")
        review.show_page("library")
        review.open_game(named["chi_nay"])
        pump(lambda: not review.opening)
        s = viewer.stepper
        assert s is not None
        viewer.set_seat(1)
        viewer.go(next(p for p in range(s.last + 1) if s.opened.states[p].outcome is not None))
        pump(lambda: not viewer.advisor.jobs)
        shot(window, out / f"tom-review-u-{tag}.png")
        viewer.command("replay_last")
        shot(window, out / f"tom-review-called-{tag}.png")
        review.show_page("library")
        review.open_game(named["over_call"])
        pump(lambda: not review.opening)
        viewer.command("replay_last")
        shot(window, out / f"tom-review-over-call-{tag}.png")
        review.show_page("library")
        review.open_game(named["selfplay"])  # the learner's seat plays as a beginner
        pump(lambda: not review.opening)
        viewer.set_seat(0)
        viewer.command("replay_first")
        s = viewer.stepper
        assert s is not None
        while True:  # the learner's first decision where the computer would do otherwise
            viewer.command("replay_next")
            pump(lambda: not viewer.advisor.jobs)
            keys = viewer._just_made()
            advice = viewer.advisor.advice.get(keys[0]) if keys else None
            if advice is not None and advice.rank(str(s.opened.actions[keys[0][0]])) != 1:
                break
        shot(window, out / f"tom-review-advice-{tag}.png")
        review.show_page("library")
    set_language("vi")
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def main() -> int:
    """Make the library once per size, take the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/tom-shots-review"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    make_app(sys.argv[:1])
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp)
            named = library(default_db(data))
            take(args.out, size, data, named)
    return 0


if __name__ == "__main__":
    sys.exit(main())
