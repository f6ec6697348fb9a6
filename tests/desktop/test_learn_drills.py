"""Issue 7, the drill player in the app: every family answered through the screen's clicks and
keys, a right answer (the item's engine-computed `answer`) and a wrong one (that answer
changed) each time, graded by lessons, the explanation shown, and every answer recorded in
progress.db with the time it took."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, find_hit, open_window, press
from learn_driver import stored_answers
from pytestqt.qtbot import QtBot

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView
from desktop.chieu.dealing import PILE_KEY, DealingView
from desktop.chieu.hitmap import Hit, HitKind
from desktop.learn.askers.arrange import ArrangeAsker, CountChanAsker
from desktop.learn.askers.base import Asker
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.askers.loi import RULE_ROLE, ClaimAsker, MoveAsker, TraiViAsker
from desktop.learn.askers.nhan_dien import EatAsker, WaitingAsker, WaitsAsker
from desktop.learn.askers.xuong import XuongAsker
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent, QListWidget, QSpinBox, Qt, QWidget
from engine.chan.cards import Card
from lessons import drills
from lessons.item import Item

DIGITS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


class Clock:
    """The drill player's clock, moved by the test (no timed assertions)."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def windows_deleted() -> Iterator[None]:
    """The window pytest-qt closes is deleted before the next test: left pending deletion it
    would still receive a later test's language switch."""
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def learn_window(qtbot: QtBot, data: Path) -> tuple[MainWindow, LearnScreen, Clock]:
    """The main window on Học, its drill clock under the test's control."""
    window = open_window(qtbot, data)
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    clock = Clock()
    learn.clock = clock
    return window, learn, clock


def asker(learn: LearnScreen) -> Asker:
    a = learn.drill.asker
    assert a is not None
    return a


def click(qtbot: QtBot, learn: LearnScreen, match: Callable[[Hit], bool]) -> None:
    """Click the topmost thing on the drill's picture that matches."""
    canvas = learn.drill.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=find_hit(canvas, match))  # type: ignore[arg-type]


def key(qtbot: QtBot, learn: LearnScreen, k: Qt.Key, widget: QWidget | None = None) -> None:
    """A key pressed on the drill page (on its picture unless a control is named)."""
    press(qtbot, widget or learn.drill.canvas, k)


def type_number(qtbot: QtBot, box: QSpinBox, n: int) -> None:
    """Type a number into a spin box, as the learner would after clicking it."""
    box.setFocus()
    qtbot.keyClicks(box, str(n))
    assert box.value() == n


def graded(learn: LearnScreen) -> bool:
    """The verdict of the question on the screen (it must have been graded)."""
    grade = learn.drill.grade
    assert grade is not None, "the answer was not graded"
    assert learn.drill.feedback.isVisible()
    assert grade.explanation_vi.split(".")[0] in learn.drill.feedback.text()
    return grade.correct


def enter(qtbot: QtBot, learn: LearnScreen) -> None:
    key(qtbot, learn, Qt.Key.Key_Return)


def recorded(qtbot: QtBot, learn: LearnScreen) -> list[tuple[str, bool]]:
    return [(a.item_id, a.correct) for a in stored_answers(qtbot, learn)]


def finish(qtbot: QtBot, learn: LearnScreen, right: int, of: int) -> None:
    """After the last answer, Enter shows the summary with the count."""
    enter(qtbot, learn)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.summary, timeout=TIMEOUT)
    assert learn.summary.total.text() == f"Đúng {right}/{of}"


# ---------------------------------------------------------------------------- chia bài

def test_chia_bai_each_step_by_clicks_and_keys(qtbot: QtBot, tmp_path: Path) -> None:
    """R2.3–R2.8 step by step on the dealing table."""
    _, learn, _ = learn_window(qtbot, tmp_path)
    items = drills.generate("chia_bai", 6, 3, players=4)
    assert [i.kind for i in items] == ["piles", "noc", "cai", "recipient", "hand_out", "hands"]
    learn.play_items("Chia bài", items)

    a = asker(learn)  # R2.3, right, typed
    assert isinstance(a, ChiaBaiAsker) and isinstance(learn.drill.canvas.picture(), DealingView)
    assert not learn.drill.submit_button.isEnabled()  # nothing typed yet
    for k in ("piles", "pile_size", "leftover"):
        type_number(qtbot, a.numbers[k], items[0].answer[k])
    enter(qtbot, learn)
    assert graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # R2.4, wrong: any pile, but the nọc's size off by one
    assert isinstance(a, ChiaBaiAsker) and a.step == "noc"
    click(qtbot, learn, lambda h: h.kind is HitKind.BUTTON and h.key == PILE_KEY and h.index == 2)
    assert a.pile == 2
    type_number(qtbot, a.numbers["noc_size"], items[1].answer["noc_size"] + 1)
    enter(qtbot, learn)
    assert not graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # R2.5, right: a pile other than the nọc by its number key
    assert isinstance(a, ChiaBaiAsker) and a.step == "cai"
    pile = items[2].answer["cai_piles"][0]
    key(qtbot, learn, DIGITS[pile])
    assert a.pile == pile
    type_number(qtbot, a.numbers["noc_after"], items[2].answer["noc_after"])
    enter(qtbot, learn)
    assert graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # R2.6, wrong: a click on the wrong seat chooses it, Enter answers
    assert isinstance(a, ChiaBaiAsker) and a.step == "recipient"
    wrong = (items[3].answer["recipient"] + 1) % 4
    click(qtbot, learn, lambda h: h.kind is HitKind.SEAT and h.seat == wrong)
    assert learn.drill.grade is None
    enter(qtbot, learn)
    assert not graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # R2.7, right, by number keys; Backspace takes a pile back
    assert isinstance(a, ChiaBaiAsker) and a.step == "hand_out"
    order = items[4].answer["pile_of_seat"]
    key(qtbot, learn, DIGITS[order[0]])
    key(qtbot, learn, Qt.Key.Key_Backspace)
    assert a.handed == []
    for pile in order:
        key(qtbot, learn, DIGITS[pile])
    assert a.handed == order
    enter(qtbot, learn)
    assert graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # R2.8, right: the seat clicked, the nọc typed
    assert isinstance(a, ChiaBaiAsker) and a.step == "hands"
    click(qtbot, learn, lambda h: h.kind is HitKind.SEAT and h.seat == items[5].answer["first"])
    type_number(qtbot, a.numbers["noc"], items[5].answer["noc"])
    enter(qtbot, learn)
    assert graded(learn)

    assert recorded(qtbot, learn) == [(i.id, ok) for i, ok in zip(
        items, (True, False, True, False, True, True), strict=True)]
    finish(qtbot, learn, 4, 6)


# ---------------------------------------------------------------------------- bốc cái

def test_boc_cai_timed_by_click_and_number_keys(qtbot: QtBot, tmp_path: Path) -> None:
    """R2.6 against the clock: the countdown runs, the time taken is recorded, late is wrong."""
    _, learn, clock = learn_window(qtbot, tmp_path)
    items = drills.generate("boc_cai", 3, 8, timed=True, players=4)
    learn.play_items("Bốc cái", items)

    a = asker(learn)
    assert isinstance(a, BocCaiAsker) and a.timed_seconds() == 6
    picture = learn.drill.canvas.picture()
    assert isinstance(picture, DealingView) and picture.countdown == 1.0
    clock.now += 3
    learn.drill.timer.timeout.emit()
    picture = learn.drill.canvas.picture()
    assert isinstance(picture, DealingView) and picture.countdown == pytest.approx(0.5)
    click(qtbot, learn, lambda h: h.kind is HitKind.SEAT and h.seat == items[0].answer)
    enter(qtbot, learn)
    assert graded(learn)
    enter(qtbot, learn)

    clock.now += 1
    key(qtbot, learn, DIGITS[(items[1].answer + 2) % 4])  # the wrong seat
    enter(qtbot, learn)
    assert not graded(learn)
    enter(qtbot, learn)

    clock.now += 7  # the right seat, too late
    key(qtbot, learn, DIGITS[items[2].answer])
    enter(qtbot, learn)
    assert not graded(learn)
    assert "quá 6 giây" in learn.drill.feedback.text()

    answers = stored_answers(qtbot, learn)
    assert [a.correct for a in answers] == [True, False, False]
    assert [a.elapsed_ms for a in answers] == [3000, 1000, 7000]
    assert answers[0].response == {"seat": items[0].answer, "elapsed_ms": 3000}
    finish(qtbot, learn, 1, 3)


# ---------------------------------------------------------------------------- nhận diện

def click_cards(qtbot: QtBot, learn: LearnScreen, a: ArrangeAsker, cards: list[Card]) -> None:
    """Choose hand cards on the board by clicking them (each a copy not chosen yet)."""
    for card in cards:
        click(qtbot, learn, lambda h, c=card: h.kind is HitKind.HAND and h.card == c
              and h.index not in a.chosen)


def test_arranging_and_counting_a_dealt_hand(qtbot: QtBot, tmp_path: Path) -> None:
    """R3.6: the hand sorted into chắn, cạ, ba đầu, què by clicks, then wrongly by keys; the
    chắn counted (R5.1)."""
    _, learn, _ = learn_window(qtbot, tmp_path)
    items = (drills.generate("nhan_dien", 2, 4, ["arrange"])
             + drills.generate("nhan_dien", 2, 4, ["count_chan"]))
    learn.play_items("Xếp bài", items)

    a = asker(learn)
    assert isinstance(a, ArrangeAsker)
    ans = items[0].answer
    shortcut = {"chan": Qt.Key.Key_C, "ca": Qt.Key.Key_A, "ba_dau": Qt.Key.Key_B}
    for kind in ("chan", "ca", "ba_dau"):
        for group in ans[kind]:
            click_cards(qtbot, learn, a, [Card.parse(c) for c in group])
            if kind == "chan":
                qtbot.mouseClick(a.kind_buttons["chan"], Qt.MouseButton.LeftButton)
            else:
                key(qtbot, learn, shortcut[kind])
    assert not learn.drill.submit_button.isEnabled()  # the què are still in hand
    click_cards(qtbot, learn, a, [Card.parse(c) for c in ans["que"]])
    key(qtbot, learn, Qt.Key.Key_Q)
    assert a.pool == []
    enter(qtbot, learn)
    assert graded(learn)
    enter(qtbot, learn)

    a = asker(learn)  # wrong: cards put in twos as "chắn" by the keyboard
    assert isinstance(a, ArrangeAsker)
    key(qtbot, learn, Qt.Key.Key_Space)
    key(qtbot, learn, Qt.Key.Key_Right)
    key(qtbot, learn, Qt.Key.Key_Space)
    key(qtbot, learn, Qt.Key.Key_C)
    assert len(a.groups) == 1 and len(a.groups[0][1]) == 2
    key(qtbot, learn, Qt.Key.Key_Backspace)  # taken back
    assert a.groups == [] and len(a.pool) == len(items[1].position["hand"])
    while a.pool:
        key(qtbot, learn, Qt.Key.Key_Q)  # every card a què: never the engine's arrangement
    enter(qtbot, learn)
    assert not graded(learn)
    # issue 20: the learner's own groups, each marked, above the engine's arrangement
    picture = learn.drill.canvas.picture()
    assert isinstance(picture, BoardView) and len(picture.shelves) == 8
    mine, right = picture.shelves[:4], picture.shelves[4:]
    que = [str(c) for g in mine[3].groups for c in g]
    assert sorted(que) == sorted(items[1].position["hand"])
    right_que = Counter(c for c, m in zip(que, mine[3].marks, strict=True) if m is Mark.RIGHT)
    assert right_que == Counter(que) & Counter(items[1].answer["que"])  # a copy counts once
    assert Mark.WRONG in mine[3].marks and all(m is Mark.RIGHT for s in right for m in s.marks)
    enter(qtbot, learn)

    for item, right in zip(items[2:], (True, False), strict=True):
        a = asker(learn)
        assert isinstance(a, CountChanAsker)
        n = item.answer["chan_count"] + (0 if right else 1)
        type_number(qtbot, a.number, n)
        enter(qtbot, learn)
        assert graded(learn) is right
        enter(qtbot, learn)
    assert [ok for _, ok in recorded(qtbot, learn)] == [True, False, True, False]
    assert learn.stack.currentWidget() is learn.summary


def clean_of(item: Item) -> list[Card]:
    return sorted(Card.parse(c) for c in item.answer["clean"])


def test_waiting_waits_and_eating_on_the_chieu(qtbot: QtBot, tmp_path: Path) -> None:
    """R5.5 and R4.4/R7 on the game chiếu: chờ ù? (prompt, key), the winning cards (picker),
    eat or not (hand cards, N)."""
    _, learn, _ = learn_window(qtbot, tmp_path)
    items = (drills.generate("nhan_dien", 2, 6, ["is_waiting"])
             + drills.generate("nhan_dien", 2, 6, ["waits"])
             + drills.generate("nhan_dien", 2, 6, ["eat_or_not"]))
    learn.play_items("Chờ ù", items)
    results = []

    for right in (True, False):  # chờ ù? a prompt on the chiếu, then the key of the other
        a = asker(learn)
        assert isinstance(a, WaitingAsker)
        waiting = a.item.answer["waiting"]
        if right:
            command = "drill_yes" if waiting else "drill_no"
            click(qtbot, learn, lambda h, c=command: h.kind is HitKind.BUTTON and h.key == c)
        else:
            key(qtbot, learn, Qt.Key.Key_N if waiting else Qt.Key.Key_Y)
        enter(qtbot, learn)
        results.append(graded(learn))
        enter(qtbot, learn)

    for right in (True, False):  # the winning cards from the picker, live counts typed
        a = asker(learn)
        assert isinstance(a, WaitsAsker)
        waits = a.item.answer["waits"]
        for w in waits:
            qtbot.mouseClick(a.picker.buttons[Card.parse(w["card"])], Qt.MouseButton.LeftButton)
        if right:
            for w in waits:
                type_number(qtbot, a.live[Card.parse(w["card"])], w["live"])
        else:
            extra = next(c for c in Card if str(c) not in {w["card"] for w in waits})
            qtbot.mouseClick(a.picker.buttons[extra], Qt.MouseButton.LeftButton)
        enter(qtbot, learn)
        results.append(graded(learn))
        enter(qtbot, learn)
    assert "live" in stored_answers(qtbot, learn)[2].response

    for right in (True, False):  # eat or not: the hand cards that may eat, or N
        a = asker(learn)
        assert isinstance(a, EatAsker)
        clean = clean_of(a.item)
        if right and clean:
            for card in clean:
                click(qtbot, learn, lambda h, c=card: h.kind is HitKind.HAND and h.card == c)
            enter(qtbot, learn)
        elif right or clean:  # may not eat it / leaving an edible card
            key(qtbot, learn, Qt.Key.Key_N)
        else:  # nothing may eat it: eating with the card under the cursor is wrong
            key(qtbot, learn, Qt.Key.Key_Space)
            enter(qtbot, learn)
        results.append(graded(learn))
        enter(qtbot, learn)
    assert results == [True, False] * 3
    assert [ok for _, ok in recorded(qtbot, learn)] == results


# ---------------------------------------------------------------------------- xướng

def compose(qtbot: QtBot, a: XuongAsker, call: list[tuple[str, int]]) -> None:
    """Say a call in the xướng dialog with its buttons."""
    dialog = a.dialog
    assert dialog is not None
    for cid, n in call:
        dialog.choices.setCurrentRow(dialog.choice_row(cid))
        for _ in range(n):
            qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)


def test_xuong_composed_in_the_call_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    """R8: the true call is graded right with its score; a cước not held makes it wrong."""
    _, learn, _ = learn_window(qtbot, tmp_path)
    items = drills.generate("xuong", 2, 12)
    learn.play_items("Xướng", items)

    a = asker(learn)
    assert isinstance(a, XuongAsker)
    enter(qtbot, learn)  # nothing called yet: Enter opens the dialog, Esc closes it unsaid
    qtbot.waitUntil(lambda: a.dialog is not None and a.dialog.isVisible(), timeout=TIMEOUT)
    dialog = a.dialog
    assert dialog is not None
    dialog.activateWindow()  # as a window manager makes the new dialog the active window
    qtbot.waitUntil(dialog.isActiveWindow, timeout=TIMEOUT)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: a.dialog is None, timeout=TIMEOUT)
    assert learn.drill.grade is None
    key(qtbot, learn, Qt.Key.Key_X)
    qtbot.waitUntil(lambda: a.dialog is not None and a.dialog.isVisible(), timeout=TIMEOUT)
    compose(qtbot, a, [(c, n) for c, n in items[0].answer["call"]])
    enter(qtbot, learn)
    assert graded(learn)
    assert f"{items[0].answer['score']} điểm" in learn.drill.feedback.text()
    enter(qtbot, learn)

    a = asker(learn)
    assert isinstance(a, XuongAsker)
    click(qtbot, learn, lambda h: h.kind is HitKind.BUTTON and h.key == "drill_call")
    qtbot.waitUntil(lambda: a.dialog is not None and a.dialog.isVisible(), timeout=TIMEOUT)
    held = {c for c, _ in items[1].answer["call"]}
    extra = next(c for c in ("tom", "leo", "chiu", "thien_u", "bach_dinh") if c not in held)
    compose(qtbot, a, [(c, n) for c, n in items[1].answer["call"]] + [(extra, 1)])
    enter(qtbot, learn)
    assert not graded(learn)
    assert [ok for _, ok in recorded(qtbot, learn)] == [True, False]
    finish(qtbot, learn, 1, 2)


# ---------------------------------------------------------------------------- lỗi

def tick(qtbot: QtBot, rules: QListWidget, ids: set[str]) -> None:
    """Tick lỗi in the list with the keyboard: ↓ to each, Space."""
    rules.setFocus()
    rules.setCurrentRow(0)
    for row in range(rules.count()):
        if rules.item(row).data(RULE_ROLE) in ids:
            qtbot.keyClick(rules, Qt.Key.Key_Space)
        qtbot.keyClick(rules, Qt.Key.Key_Down)


def test_loi_moves_claims_and_trai_vi(qtbot: QtBot, tmp_path: Path) -> None:
    """R7: a proposed move's lỗi ticked (and báo), or "allowed"; ù / chíu / không on a card
    just placed (R4.2, R5.2); L0 on a meld."""
    _, learn, _ = learn_window(qtbot, tmp_path)
    items = (drills.generate("loi", 2, 21, ["move"], focus=["L3", "L5", "L7"])
             + drills.generate("loi", 2, 21, ["claim"])
             + drills.generate("loi", 2, 21, ["trai_vi"]))
    learn.play_items("Lỗi", items)
    results = []

    for right in (True, False):
        a = asker(learn)
        assert isinstance(a, MoveAsker)
        verdict = set(a.item.answer["verdict"])
        assert verdict, "the focus asks for moves that break a rule"
        if right:
            tick(qtbot, a.rules, verdict)
            if a.item.answer["bao"]:
                key(qtbot, learn, Qt.Key.Key_B, a.rules)
            key(qtbot, learn, Qt.Key.Key_Return, a.rules)
        else:
            click(qtbot, learn, lambda h: h.kind is HitKind.BUTTON and h.key == "drill_no")
            enter(qtbot, learn)
        results.append(graded(learn))
        enter(qtbot, learn)

    acts = {"win": ("drill_win", Qt.Key.Key_U), "chiu": ("drill_chiu", Qt.Key.Key_C),
            None: ("drill_no", Qt.Key.Key_N)}
    for right in (True, False):
        a = asker(learn)
        assert isinstance(a, ClaimAsker)
        best = a.item.answer["best"]
        if right:
            command = acts[best][0]
            click(qtbot, learn, lambda h, c=command: h.kind is HitKind.BUTTON and h.key == c)
        else:
            other = next(k for act, (_, k) in acts.items() if act != best)
            key(qtbot, learn, other)
        enter(qtbot, learn)
        results.append(graded(learn))
        enter(qtbot, learn)

    for right in (True, False):
        a = asker(learn)
        assert isinstance(a, TraiViAsker)
        trai = bool(a.item.answer["verdict"])
        if trai is right:
            tick(qtbot, a.rules, {"L0"})
            key(qtbot, learn, Qt.Key.Key_Return, a.rules)
        else:
            key(qtbot, learn, Qt.Key.Key_N, a.rules)
            key(qtbot, learn, Qt.Key.Key_Return, a.rules)
        results.append(graded(learn))
        enter(qtbot, learn)
    assert results == [True, False] * 3
    assert [ok for _, ok in recorded(qtbot, learn)] == results
    assert learn.stack.currentWidget() is learn.summary
