"""Screenshots of long and hostile players' names (issue 20, section 4): a file whose first two
players are named with 2,000 characters (escapes, right-to-left marks, emoji, combining
marks) opened as a copy in Xem lại — the import's notice, the library, the viewer — and a hội
in Chơi whose players have the longest names a name may have (32 characters, one of them
without a space) — a game and its result — at 1280×800 and 1024×640, in Vietnamese and
English.

    .venv/bin/python tools/screenshots_names.py [--out /tmp/chan-shots-names]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Session  # offscreen and silent unless told otherwise; the repo on the path
from shooting import SIZES, pump, shot, size_tag

from desktop.app import make_app
from desktop.i18n import set_language
from desktop.qt import QApplication, QMessageBox
from replays.names import MAX_NAME, bound_name
from tests.hostile_names import HOSTILE, hostile_file, selfplay_doc

LONGEST = ("Nguyễn Thị Thanh Hương (Hà Nội)", "W" * MAX_NAME,
           bound_name(HOSTILE["2000"]).name, "Ông Trần Văn Bảy ở xóm Chùa Đông")


def take(app: QApplication, out: Path, size: tuple[int, int], lang: str, source: Path) -> None:
    """Every screenshot at one size in one language."""
    tag = size_tag(size, lang)
    set_language("en" if lang == "en" else "vi")
    os.environ["CHAN_SHOTS_LANG"] = lang  # what screenshots.Session saves in the settings
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(app, size, Path(tmp))
        w = s.window
        w.apply_settings(replace(w.settings, names=LONGEST))
        w.show_activity("review")
        review = w.review
        assert review is not None
        review.import_path(source)
        pump(lambda: not review.importing and bool(review.findChildren(QMessageBox)))
        box = review.findChildren(QMessageBox)[-1]
        shot(w, out / f"names-import-{tag}.png", box)
        box.close()
        shot(w, out / f"names-library-{tag}.png")
        assert review.last_import
        review.open_game(review.last_import[0])
        review.viewer.command("replay_next_note")
        shot(w, out / f"names-viewer-{tag}.png")
        viewer = review.viewer
        viewer.set_predict(True)  # the question names the seat to play
        while not viewer.question_open():
            viewer.command("replay_next")
        pump(lambda: not viewer.advisor.jobs)
        shot(w, out / f"names-predict-{tag}.png")
        viewer.set_predict(False)
        w.show_activity("play")
        w.play.start_session()
        c = s.c
        s.learner_moves(lambda: c.state in ("call", "over") or (
            c.state == "learner" and c.game is not None and len(c.game.record) > 10))
        shot(w, out / f"names-game-{tag}.png")
        s.to_result()
        shot(w, out / f"names-result-{tag}.png")
        w.close()


def main() -> int:
    """Write the PNGs and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/chan-shots-names"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = make_app(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        source = hostile_file(selfplay_doc(Path(tmp)), "2000", Path(tmp))
        for lang in ("vi", "en"):
            for size in SIZES:
                take(app, args.out, size, lang, source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
