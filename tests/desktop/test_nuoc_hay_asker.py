"""A nước hay puzzle on the chiếu, its options as buttons — answered by a number key and by a
click, graded, every option's value shown after the answer, and the answers recorded in
progress.db.

(Asked for by issue 16, part 2 in the app.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import open_window, press
from learn_driver import stored_answers
from pytestqt.qtbot import QtBot

from desktop.chieu.view import ChieuView
from desktop.learn.askers.nuoc_hay import NuocHayAsker
from desktop.learn.screen import LearnScreen
from desktop.qt import QCoreApplication, QEvent, Qt
from lessons import drills


@pytest.fixture(autouse=True)
def windows_deleted() -> Iterator[None]:
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_nuoc_hay_by_key_and_by_click(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    items = drills.generate("nuoc_hay", 2, 12)  # the seed the lesson tests use too
    learn.play_items("Nước hay", items)

    a = learn.drill.asker
    assert isinstance(a, NuocHayAsker) and isinstance(learn.drill.canvas.picture(), ChieuView)
    view = a.picture()
    seat = items[0].position["seat"]
    assert view.obs.seat == seat and view.obs.hand == tuple(
        a.game.hand_cards(seat))  # only what that seat saw
    moves = [o["move"] for o in items[0].answer["options"]]
    assert [b.text().split(" · ")[0] for b in a.buttons] == [str(n + 1) for n in
                                                               range(len(moves))]
    assert not any("%" in b.text() for b in a.buttons)  # no value before the answer
    best = moves.index(items[0].answer["best"])
    press(qtbot, learn.drill.canvas, getattr(Qt.Key, f"Key_{best + 1}"))
    assert learn.drill.grade is None  # chosen; Enter answers (issue 20)
    press(qtbot, learn.drill.canvas, Qt.Key.Key_Return)
    grade = learn.drill.grade
    assert grade is not None and grade.correct
    assert all("%" in b.text() for b in a.buttons)
    assert "✓" in a.buttons[best].text()
    press(qtbot, learn.drill.canvas, Qt.Key.Key_Return)

    b = learn.drill.asker
    assert isinstance(b, NuocHayAsker) and b is not a
    moves = [o["move"] for o in items[1].answer["options"]]
    wrong = next(n for n, m in enumerate(moves) if m != items[1].answer["best"])
    qtbot.mouseClick(b.buttons[wrong], Qt.MouseButton.LeftButton)
    press(qtbot, learn.drill.canvas, Qt.Key.Key_Return)
    grade = learn.drill.grade
    assert grade is not None and not grade.correct
    answers = stored_answers(qtbot, learn)
    assert [(x.item_id, x.correct) for x in answers] == \
        [(items[0].id, True), (items[1].id, False)]
    assert answers[1].response == {"move": moves[wrong]}
