"""Tổ tôm's offence drills in Học (lessons/tom_loi.py, desktop/learn/askers/tom_loi.py): a round
of each kind played through the drill player by keys — the TN/TD ticked with ↓ and Space or N
for no offence, the verdict by its digit and a paid ù's điểm typed, Backspace taking one back —
graded by the engine's answer, right and wrong, and written to progress.db; the pictures drawn
with Tổ tôm's faces, the seat's memory and the answer marked once graded."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, open_window, press
from learn_driver import settled, stored_answers
from pytestqt.qtbot import QtBot
from test_learn_drills import tick

from desktop.chieu.board import BoardView
from desktop.i18n import set_language
from desktop.learn.askers import make_asker
from desktop.learn.askers.loi import RULE_ROLE
from desktop.learn.askers.tom_loi import (
    VERDICTS,
    TomCallFaultAsker,
    TomMoveAsker,
    TomVerdictAsker,
)
from desktop.learn.screen import LearnScreen
from desktop.qt import QCoreApplication, QEvent, Qt
from lessons.drills import generate, grade
from lessons.item import Item


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def by_keys(qtbot: QtBot, learn: LearnScreen, item: Item, right: bool) -> None:
    """The answer as keys on the drill page: the list, N, digits."""
    asker = learn.drill.asker
    if isinstance(asker, TomMoveAsker):
        rules = set(item.answer["rules"]) if right else set(item.answer["rules"][1:] or ["TD9"])
        if rules:
            tick(qtbot, asker.rules, rules)
        else:
            press(qtbot, learn.drill.canvas, Qt.Key.Key_N)
        return
    assert isinstance(asker, TomVerdictAsker | TomCallFaultAsker)
    ans = item.answer
    verdict = ans["verdict"] if right else ("cheo_do" if ans["verdict"] == "paid" else "paid")
    digits = str(VERDICTS.index(verdict) + 1)
    if verdict == "paid" and item.kind == "call":
        digits += str(ans["score"] if right else ans["score"] + 2)
    for d in digits:
        press(qtbot, learn.drill.canvas, getattr(Qt.Key, f"Key_{d}"))


def test_a_round_of_each_kind_by_keys_right_and_wrong(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    window.apply_settings(replace(window.settings, game="to_tom"))
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    settled(qtbot, learn)
    items = [it for kind, level in (("move", 2), ("verdict", 1), ("call", 2))
             for it in generate("tom_loi", 2, 6, kinds=[kind], level=level)]
    learn.play_items("Lỗi", items)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    drill = learn.drill
    expected = []
    for n, item in enumerate(items):
        asker = drill.asker
        assert asker is not None and asker.item.id == item.id
        assert isinstance(drill.canvas.picture(), BoardView)
        assert asker.response(0) is None
        press(qtbot, drill.canvas, Qt.Key.Key_Return)  # nothing said yet: not graded
        assert drill.grade is None
        right = n % 2 == 0
        by_keys(qtbot, learn, item, right)
        press(qtbot, drill.canvas, Qt.Key.Key_Return)
        assert drill.grade is not None and drill.grade.correct is right, item.to_json()
        assert drill.feedback.isVisibleTo(drill) and asker.locked
        expected.append((item.id, right))
        press(qtbot, drill.canvas, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.summary, timeout=TIMEOUT)
    assert sorted((a.item_id, a.correct) for a in stored_answers(qtbot, learn)) == \
        sorted(expected)
    learn.show_home()
    settled(qtbot, learn)
    strength = learn.home.rows["tom_loi"].strength
    assert strength is not None and strength.items == len(items)
    window.close()


def test_the_points_of_a_paid_u_are_typed_and_taken_back(qtbot: QtBot) -> None:
    item = next(it for seed in range(40)
                for it in generate("tom_loi", 1, seed, kinds=["call"], level=2)
                if it.answer["verdict"] == "paid" and it.answer["score"] >= 10)
    asker = make_asker(item)
    assert isinstance(asker, TomCallFaultAsker)
    qtbot.addWidget(asker.controls)
    asker.command("drill_option", "1")
    assert asker.response(0) is None  # paid, and no điểm yet
    for digit in f"{item.answer['score']}9":
        asker.command("drill_option", digit)
    asker.command("drill_undo", "")
    assert asker.response(0) == {"verdict": "paid", "score": item.answer["score"]}
    assert grade(item, asker.response(0)).correct
    for _ in range(len(str(item.answer["score"])) + 1):
        asker.command("drill_undo", "")  # the digits, then the verdict
    assert asker.response(0) is None and not asker.paid()
    asker.command("drill_option", "3")
    assert asker.response(0) == {"verdict": "cheo_do"}


def test_the_move_picture_shows_what_the_seat_remembers_and_the_answer(qtbot: QtBot) -> None:
    item = next(it for seed in range(20)
                for it in generate("tom_loi", 1, seed, kinds=["move"], focus=["TD6"], level=2)
                if "TD6" in it.answer["rules"])
    asker = make_asker(item)
    assert isinstance(asker, TomMoveAsker)
    qtbot.addWidget(asker.controls)
    before = asker.picture()
    assert any(line.startswith("Đã bỏ không ăn") for line in before.lines)  # T4.14
    tick(qtbot, asker.rules, {"TD6"})
    asker.show_grade(grade(item, asker.response(0)))
    after = asker.picture()
    assert after.lines[0] == f"Lỗi: {', '.join(item.answer['rules'])}"
    shown = {asker.rules.item(r).data(RULE_ROLE) for r in range(asker.rules.count())
             if asker.rules.item(r).font().bold()}
    assert shown == set(item.answer["rules"])
