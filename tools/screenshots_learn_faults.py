"""Screenshots of what Học says about a failing disk or a damaged data folder (issue 20), at
1280×800 and 1024×640, in Vietnamese and English: answers the disk refused (the strip above
the drill, with Retry), the guided game's place refused too, the question on closing with
answers unsaved, damaged progress.db rows said on the first page, a first_game.json that
cannot be used, and a settings.json that is a FIFO.

    .venv/bin/python tools/screenshots_learn_faults.py [--out DIR] [--lang vi|en|both]

(DIR defaults to /tmp/shots-learn-faults.) Runs offscreen. The disk's refusal is made by
handing the ProgressQueue's job a "database or disk is full" (the words are the program's own:
tests/desktop/test_learn_faults.py makes the real faults); the damaged rows and files are real.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from shooting import main_for, pump, read, shot, size_tag

import desktop.learn.progress_queue as progress_queue
from desktop.i18n import set_language
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.play.pacing import INSTANT
from desktop.settings import Settings, save, settings_path
from lessons import drills
from lessons.progress import Progress

FULL = sqlite3.OperationalError("database or disk is full")


@contextmanager
def window_on(data: Path, size: tuple[int, int], lang: str) -> Iterator[MainWindow]:
    """A main window on the data folder ``data``, in ``lang`` at ``size``; closed after."""
    set_language("en" if lang == "en" else "vi")
    window = MainWindow(data, pacing=INSTANT, offer_resume=False, mute=True)
    window.resize(*size)
    window.show()
    try:
        yield window
    finally:
        window._drop_unsaved = True
        window.close()


def learn_of(window: MainWindow) -> LearnScreen:
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    read(learn)
    return learn


def refusing(refuse: bool) -> None:
    """From now on the queue's writes are refused as on a full disk (or no longer)."""
    real = progress_queue.__dict__.setdefault("_real_run_job", progress_queue.run_job)

    def run_job(path: Path, answers: list[progress_queue.Pending], *rest: object
                ) -> progress_queue.Outcome:
        if refuse and answers:
            return progress_queue.Outcome(error=FULL)
        return real(path, answers, *rest)  # type: ignore[arg-type]

    progress_queue.run_job = run_job  # type: ignore[assignment]


def new_data(lang: str, root: Path) -> Path:
    """A new data folder inside ``root`` with the settings of ``lang``."""
    data = Path(tempfile.mkdtemp(dir=root))
    save(settings_path(data), Settings(lang="en" if lang == "en" else "vi"))
    return data


def damage(data: Path) -> None:
    """progress.db with three items, two of them damaged as another program could."""
    items = drills.generate("boc_cai", 3, 5)
    with Progress.open(data / "progress.db") as progress:
        progress.add(items)
    with sqlite3.connect(data / "progress.db") as conn:
        conn.execute("PRAGMA writable_schema = ON")
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'schedule'"
                              ).fetchone()
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'schedule'",
                     (sql.replace("NOT NULL", ""),))
    conn.close()
    with sqlite3.connect(data / "progress.db") as conn:
        conn.execute("UPDATE schedule SET last_at = 'garbage' WHERE item_id = ?",
                     (items[0].id,))
        conn.execute("UPDATE items SET data = 'not json' WHERE id = ?", (items[1].id,))
    conn.close()


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot at one size in one language (on data folders removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="chan-shots-") as root:
        shoot(out, size, lang, Path(root))


def shoot(out: Path, size: tuple[int, int], lang: str, root: Path) -> None:
    tag = size_tag(size, lang)

    # --- answers the disk refused: the strip above the drill, then the question on closing
    data = new_data(lang, root)
    with window_on(data, size, lang) as window:
        learn = learn_of(window)
        refusing(True)
        learn.play_items("Bốc cái", drills.generate("boc_cai", 3, 4, players=4))
        for _ in range(2):
            asker = learn.drill.asker
            assert isinstance(asker, BocCaiAsker)
            asker.choose(int(asker.item.answer))
            pump(lambda: learn.queue.idle)
            learn.drill.next_question()
        learn.open_first_game()
        page = learn.first_game
        assert page is not None
        (data / "first_game.json").mkdir()  # the place cannot be written: a folder is there
        page.answer_seat(0)
        pump(lambda: page.failure is not None)
        shot(window, out / f"unsaved-first-game-{tag}.png")
        learn.show_home()
        learn.play_items("Bốc cái", drills.generate("boc_cai", 2, 9, players=4))
        shot(window, out / f"unsaved-drill-{tag}.png")
        window.close()
        box = window.quit_box
        assert box is not None
        shot(window, out / f"unsaved-closing-{tag}.png", box)
        box.reject()
        refusing(False)

    # --- damaged rows of progress.db, said on the first page
    data = new_data(lang, root)
    damage(data)
    with window_on(data, size, lang) as window:
        learn = learn_of(window)
        shot(window, out / f"damaged-rows-{tag}.png")

    # --- first_game.json that cannot be used (garbage)
    data = new_data(lang, root)
    (data / "first_game.json").write_bytes(b"\x00\xffnot what the program wrote")
    with window_on(data, size, lang) as window:
        learn = learn_of(window)
        learn.open_first_game()
        shot(window, out / f"first-game-damaged-{tag}.png")

    # --- settings.json that is a FIFO: said, never replaced
    data = Path(tempfile.mkdtemp(dir=root))
    os.mkfifo(data / "settings.json")
    set_language("en" if lang == "en" else "vi")
    with window_on(data, size, lang) as window:
        if lang == "en":
            set_language("en")
        pump(lambda: window.settings_box is not None)
        box = window.settings_box
        assert box is not None
        shot(window, out / f"settings-fifo-{tag}.png", box)
        box.accept()


def main() -> int:
    """Write the PNGs and print their paths."""
    return main_for(take, __doc__, Path("/tmp/shots-learn-faults"))


if __name__ == "__main__":
    raise SystemExit(main())
