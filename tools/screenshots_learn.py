"""Screenshots of Học (issue 7): the lesson list with progress, lessons with their figures, and
for each drill family a question and its graded state, then a round's summary — at 1280×800
and 1024×640, in Vietnamese and English.

    .venv/bin/python tools/screenshots_learn.py [--out /tmp/chan-learn] [--lang vi|en|both]

Runs offscreen. Items come from seeded generators (lessons.drills.generate), answers are
given through the drill player's own inputs; a wrong answer is the item's answer changed, so
both graded looks are shown. The clock is fixed, so the timed bốc cái shows the same
countdown every run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from shooting import SIZES, learn_window, read, shot, size_tag

from desktop.app import make_app
from desktop.chieu.dealing import PILE_KEY
from desktop.chieu.hitmap import Hit, HitKind
from desktop.learn.askers.arrange import ArrangeAsker
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.askers.loi import MoveAsker
from desktop.learn.askers.nhan_dien import WaitsAsker
from desktop.learn.askers.nuoc_hay import NuocHayAsker
from desktop.learn.askers.xuong import XuongAsker
from desktop.qt import QApplication
from engine.chan.cards import Card
from lessons import drills
from lessons.content import lesson


class Clock:
    """A clock the script sets: the timed drill's countdown is the same every run."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def click_pile(asker: ChiaBaiAsker, pile: int) -> None:
    """A click on a pile of the dealing table."""
    asker.click(Hit(HitKind.BUTTON, key=PILE_KEY, index=pile))


def pick(asker: ArrangeAsker, cards: list[Card]) -> None:
    """Clicks on hand cards of the board (each a copy not chosen yet)."""
    for card in cards:
        index = next(i for i, c in enumerate(asker.pool) if c == card and i not in asker.chosen)
        asker.click(Hit(HitKind.HAND, card=card, index=index))


def arrange(a: ArrangeAsker, answer: dict[str, Any], done: dict[str, int],
            swapped: bool = False) -> None:
    """Lay the rest of the answer's groups (`done`: how many of a kind are laid already), the
    què last; `swapped`: the first chắn as a cạ and the first cạ as a chắn."""
    wrong = {"chan": "ca", "ca": "chan"} if swapped else {}
    for kind in ("chan", "ca", "ba_dau"):
        for n, group in enumerate(answer[kind][done.get(kind, 0):]):
            pick(a, [Card.parse(c) for c in group])
            a.command(f"arrange_{wrong.get(kind, kind) if n == 0 else kind}", "")
    pick(a, [Card.parse(c) for c in answer["que"]])
    a.command("arrange_que", "")


def one(family: str, seed: int, kind: str | None = None, **options: object) -> list:
    """One generated item."""
    return drills.generate(family, 1, seed, [kind] if kind else None, **options)  # type: ignore[arg-type]


def take(app: QApplication, out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language."""
    tag = size_tag(size, lang)
    with learn_window(size, lang) as (window, learn):
        clock = Clock()
        learn.clock = clock
        drill = learn.drill

        def asker() -> object:
            return drill.asker

        # --- bốc cái, timed: two seconds into the question, then the right seat
        learn.play_items("Bốc cái", one("boc_cai", 4, timed=True, players=4))
        clock.now += 2.2
        drill._tick()
        shot(window, out / f"boc_cai-question-{tag}.png")
        a = asker()
        assert isinstance(a, BocCaiAsker)
        a.choose(int(a.item.answer))
        shot(window, out / f"boc_cai-chosen-{tag}.png")  # chosen: Enter answers (issue 20)
        drill.submit()
        shot(window, out / f"boc_cai-graded-{tag}.png")

        # --- chia bài: handing out the piles, half done; then a wrong order, graded
        item = next(i for i in drills.generate("chia_bai", 6, 3, players=4)
                    if i.kind == "hand_out")
        learn.play_items("Chia bài", [item])
        a = asker()
        assert isinstance(a, ChiaBaiAsker)
        right = item.answer["pile_of_seat"]
        for pile in right[:2]:
            click_pile(a, pile)
        shot(window, out / f"chia_bai-question-{tag}.png")
        a.command("drill_undo", "")
        a.command("drill_undo", "")
        for pile in [right[1], right[0], *right[2:]]:
            click_pile(a, pile)
        drill.submit()
        shot(window, out / f"chia_bai-graded-{tag}.png")

        # --- nhận diện: arranging a dealt hand, part done; then the right arrangement
        item = one("nhan_dien", 11, "arrange")[0]
        learn.play_items("Nhận diện", [item])
        a = asker()
        assert isinstance(a, ArrangeAsker)
        ans = item.answer
        for group in ans["chan"][:3]:
            pick(a, [Card.parse(c) for c in group])
            a.command("arrange_chan", "")
        pick(a, [Card.parse(c) for c in ans["ca"][0]] if ans["ca"] else [])
        shot(window, out / f"nhan_dien-question-{tag}.png")
        a.command("arrange_ca", "")
        arrange(a, ans, {"chan": 3, "ca": 1})
        drill.submit()
        shot(window, out / f"nhan_dien-graded-{tag}.png")
        # a wrong one: the first chắn laid as a cạ and the first cạ as a chắn (issue 20: the
        # learner's groups marked beside the answer)
        learn.play_items("Nhận diện", [item])
        a = asker()
        assert isinstance(a, ArrangeAsker)
        arrange(a, ans, {}, swapped=True)
        drill.submit()
        shot(window, out / f"nhan_dien-wrong-{tag}.png")

        # --- nhận diện: which cards win, on the chiếu with the card picker
        item = one("nhan_dien", 5, "waits")[0]
        learn.play_items("Chờ ù", [item])
        a = asker()
        assert isinstance(a, WaitsAsker)
        waits = [Card.parse(w["card"]) for w in item.answer["waits"]]
        a.picker.set_chosen(set(waits[:1]))
        shot(window, out / f"nhan_dien_waits-question-{tag}.png")
        a.picker.set_chosen(set(waits))
        drill.submit()
        shot(window, out / f"nhan_dien_waits-graded-{tag}.png")

        # --- xướng: the won position, the xướng dialog composing the call; the true call
        item = one("xuong", 2)[0]
        learn.play_items("Xướng", [item])
        a = asker()
        assert isinstance(a, XuongAsker)
        a.open_dialog()
        dialog = a.dialog
        assert dialog is not None
        for cid, n in item.answer["call"]:
            for _ in range(n):
                dialog.add(cid)
        shot(window, out / f"xuong-question-{tag}.png", dialog)
        dialog.accept()
        shot(window, out / f"xuong-graded-{tag}.png")

        # --- lỗi: a proposed move, a wrong verdict ticked, graded
        item = one("loi", 8, "move", focus=["L3", "L5", "L7"])[0]
        learn.play_items("Lỗi", [item])
        a = asker()
        assert isinstance(a, MoveAsker)
        a.rules.set_ticked({"L1"})
        shot(window, out / f"loi-question-{tag}.png")
        drill.submit()
        shot(window, out / f"loi-graded-{tag}.png")
        drill.next_question()
        read(learn)
        shot(window, out / f"summary-{tag}.png")

        # --- nước hay: a puzzle, then a wrong option chosen: graded with every option's value
        item = one("nuoc_hay", 12)[0]
        learn.play_items("Nước hay", [item])
        a = asker()
        assert isinstance(a, NuocHayAsker)
        shot(window, out / f"nuoc_hay-question-{tag}.png")
        a.choose(next(n for n, o in enumerate(a.options) if o["move"] != item.answer["best"]))
        drill.submit()
        shot(window, out / f"nuoc_hay-graded-{tag}.png")

        # --- the list with progress, and lessons with figures
        learn.show_home()
        read(learn)
        shot(window, out / f"home-{tag}.png")
        for lesson_id, section, name in (("nhan_dien.xep_bai", 4, "lesson-hand"),
                                         ("chia_bai.chia", 0, "lesson-deal"),
                                         ("nhan_dien.cho_u", 1, "lesson-waits"),
                                         ("xuong.thu_tu", 0, "lesson-call"),
                                         ("loi.a", 0, "lesson-meld")):
            learn.open_lesson(lesson_id)
            learn.lesson_page.show_lesson(lesson(lesson_id), section)
            shot(window, out / f"{name}-{tag}.png")
        learn.show_home()
        learn.home.toggle_reference()
        shot(window, out / f"reference-{tag}.png")


def main() -> int:
    """Write the PNGs and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/chan-learn"))
    parser.add_argument("--lang", choices=("vi", "en", "both"), default="both")
    parser.add_argument("--size", choices=("1280x800", "1024x640", "both"), default="both")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = make_app(sys.argv[:1])
    langs = ("vi", "en") if args.lang == "both" else (args.lang,)
    sizes = SIZES if args.size == "both" else tuple(
        s for s in SIZES if f"{s[0]}x{s[1]}" == args.size)
    for lang in langs:
        for size in sizes:
            take(app, args.out, size, lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
