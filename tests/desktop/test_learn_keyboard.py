"""Học by the keyboard alone, keys pressed where the focus is (QA round 2): the chia bài steps
follow their hints (the pile or seat by its number, then the count typed into the number box);
Tab never stops on the empty scroll area; Enter on an incomplete answer of any kind says what
is missing (vi/en) and never grades; "Ăn hay không?" is answered "không ăn" only by its own key
(N) or prompt; Ctrl+1 puts the keyboard on the lessons list; the home page's status follows a
language switch."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, find_hit, open_window
from learn_driver import stored_answers
from pytestqt.qtbot import QtBot

from desktop.chieu.dealing import PILE_KEY
from desktop.chieu.hitmap import HitKind
from desktop.chieu.view import ChieuView
from desktop.i18n import set_language
from desktop.keys import BINDINGS, Section, describe
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.askers.nhan_dien import EatAsker
from desktop.learn.askers.numbers import NumberBox
from desktop.learn.askers.xuong import XuongAsker
from desktop.learn.screen import LearnScreen
from desktop.main_window import MainWindow
from desktop.qt import QApplication, QCoreApplication, QEvent, QKeySequence, Qt, QWidget
from lessons import drills
from lessons.item import Grade, Item

DIGITS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    """Back to Vietnamese, and the closed window deleted before the next test."""
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def learn_window(qtbot: QtBot, data: Path) -> tuple[MainWindow, LearnScreen]:
    window = open_window(qtbot, data)
    window.show_activity("learn")
    assert isinstance(window.learn, LearnScreen)
    return window, window.learn


def play(qtbot: QtBot, learn: LearnScreen, items: list[Item]) -> None:
    """A round of `items`, its first question's controls on screen (the layout shows them
    from the event loop, before any key the learner presses next)."""
    learn.play_items("Học bằng bàn phím", items)
    asker = learn.drill.asker
    assert asker is not None
    qtbot.waitUntil(asker.controls.isVisible, timeout=TIMEOUT)


def grade_of(learn: LearnScreen) -> Grade | None:
    """The shown question's grade, read afresh after each key (None: not answered)."""
    return learn.drill.grade


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard"
    return widget


def typed(qtbot: QtBot, *keys: Qt.Key,
          modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Keys pressed where the focus is, as the learner presses them (no widget is chosen)."""
    for k in keys:
        qtbot.keyClick(focused(), k, modifier)


def type_digits(qtbot: QtBot, n: int) -> None:
    typed(qtbot, *(DIGITS[int(d)] for d in str(n)))


def chia_bai_items() -> list[Item]:
    items = drills.generate("chia_bai", 6, 3, players=4)
    assert [i.kind for i in items] == ["piles", "noc", "cai", "recipient", "hand_out", "hands"]
    return items


# ---------------------------------------------------------------------------- chia bài

def test_chia_bai_steps_by_keys_as_their_hints_say(qtbot: QtBot, tmp_path: Path) -> None:
    """R2.4, R2.5, R2.8: the pile (or seat) by its number key, then the count typed — the focus
    goes to the number box once the pile is chosen, so the count's digits are not piles."""
    _, learn = learn_window(qtbot, tmp_path)
    items = chia_bai_items()
    # the steps with a number to type after a pile or seat: the pile or seat to pick
    steps = {1: items[1].answer["choices"][0], 2: items[2].answer["cai_piles"][0],
             5: items[5].answer["first"]}
    play(qtbot, learn, [items[i] for i in steps])
    for index, pick in steps.items():
        a = learn.drill.asker
        assert isinstance(a, ChiaBaiAsker) and a.item is items[index]
        qtbot.waitUntil(a.controls.isVisible, timeout=TIMEOUT)
        assert focused() is learn.drill.canvas  # the pile or seat is chosen first
        typed(qtbot, DIGITS[pick])
        box = next(iter(a.numbers.values()))
        assert focused() is box
        count = {"noc": "noc_size", "cai": "noc_after", "hands": "noc"}[a.step]
        type_digits(qtbot, items[index].answer[count])
        assert (a.pile if a.step != "hands" else a.seat) == pick
        assert box.number() == items[index].answer[count] >= 10
        typed(qtbot, Qt.Key.Key_Return)
        grade = grade_of(learn)
        assert grade is not None and grade.correct
        typed(qtbot, Qt.Key.Key_Return)
    assert learn.stack.currentWidget() is learn.summary


def test_a_click_on_the_pile_also_hands_the_keyboard_to_the_count(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    _, learn = learn_window(qtbot, tmp_path)
    items = chia_bai_items()
    play(qtbot, learn, [items[1]])
    a = learn.drill.asker
    assert isinstance(a, ChiaBaiAsker)
    canvas = learn.drill.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=find_hit(
        canvas,  # type: ignore[arg-type]
        lambda h: h.kind is HitKind.BUTTON and h.key == PILE_KEY and h.index == 3))
    assert a.pile == 3 and focused() is a.numbers["noc_size"]


def test_tab_from_the_table_goes_to_the_number_box(qtbot: QtBot, tmp_path: Path) -> None:
    """The side panel's scroll area takes no focus: the first Tab reaches the control."""
    _, learn = learn_window(qtbot, tmp_path)
    play(qtbot, learn, [chia_bai_items()[1]])
    a = learn.drill.asker
    assert isinstance(a, ChiaBaiAsker) and focused() is learn.drill.canvas
    typed(qtbot, Qt.Key.Key_Tab)
    assert focused() is a.numbers["noc_size"]
    typed(qtbot, Qt.Key.Key_Backtab, modifier=Qt.KeyboardModifier.ShiftModifier)
    assert focused() is learn.drill.canvas


def test_enter_on_an_incomplete_step_says_what_is_missing_in_either_language(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, learn = learn_window(qtbot, tmp_path)
    item = chia_bai_items()[1]
    play(qtbot, learn, [item])
    a = learn.drill.asker
    assert isinstance(a, ChiaBaiAsker)
    missing = learn.drill.missing
    assert missing.isHidden()
    typed(qtbot, Qt.Key.Key_Return)
    assert grade_of(learn) is None and missing.isVisible()
    assert missing.text() == "Chưa chọn phần làm nọc. Chưa gõ: Nọc có (quân)."
    typed(qtbot, DIGITS[item.answer["choices"][0]])
    assert missing.text() == "Chưa gõ: Nọc có (quân)."  # told again as the answer grows
    window.toggle_language()
    qtbot.waitUntil(lambda: "Nọc" not in missing.text(), timeout=TIMEOUT)
    assert missing.text() == "Not typed yet: Cards in the nọc."
    type_digits(qtbot, item.answer["noc_size"])
    assert missing.isHidden()  # complete: nothing is missing any more
    typed(qtbot, Qt.Key.Key_Return)
    assert grade_of(learn) is not None and missing.isHidden()


def incomplete_items() -> list[Item]:
    """An item of every kind whose answer can be incomplete (for the lỗi move and trái vỉ,
    nothing ticked is "allowed" only once said with N)."""
    return (chia_bai_items() + drills.generate("boc_cai", 1, 8, players=4)
            + [drills.generate("nhan_dien", 1, 6, [k])[0]
               for k in ("arrange", "count_chan", "is_waiting", "waits", "eat_or_not")]
            + drills.generate("xuong", 1, 4)
            + [drills.generate("loi", 1, 3, [k])[0] for k in ("claim", "move", "trai_vi")])


def test_enter_on_any_incomplete_answer_says_what_is_missing(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    window, learn = learn_window(qtbot, tmp_path)
    items = incomplete_items()
    generic = "Câu trả lời chưa đủ."
    said = []
    for item in items:
        play(qtbot, learn, [item])
        drill = learn.drill
        a = drill.asker
        assert a is not None and a.response(0) is None
        typed(qtbot, Qt.Key.Key_Return)
        assert grade_of(learn) is None, item.kind
        assert drill.missing.isVisible() and drill.missing.text() not in ("", generic), item.kind
        said.append(drill.missing.text())
        if isinstance(a, XuongAsker):  # Enter also opens the xướng dialog, where it is said
            assert a.dialog is not None
            assert a.dismiss()
            window.activateWindow()  # the offscreen platform has no window manager to do it
            qtbot.waitUntil(window.isActiveWindow, timeout=TIMEOUT)
    # each kind says its own lack (the two lỗi lists share theirs: tick, or say "hợp lệ")
    assert len(set(said)) == len(said) - 1
    assert stored_answers(qtbot, learn) == []


# ---------------------------------------------------------------------------- ăn hay không

def test_eat_or_not_enter_with_nothing_chosen_is_not_an_answer(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    """R4.4/R7: "không ăn" is said with its own key (N, in F1) or prompt, never by an Enter
    on nothing chosen."""
    _, learn = learn_window(qtbot, tmp_path)
    items = drills.generate("nhan_dien", 2, 6, ["eat_or_not"])
    play(qtbot, learn, items)
    a = learn.drill.asker
    assert isinstance(a, EatAsker)
    assert not learn.drill.submit_button.isEnabled()
    typed(qtbot, Qt.Key.Key_Return)
    assert grade_of(learn) is None
    assert learn.drill.missing.text() == ("Chưa chọn quân nào để ăn. Không ăn thì bấm Không ăn "
                                          "(N).")
    assert stored_answers(qtbot, learn) == []
    typed(qtbot, Qt.Key.Key_N)
    assert grade_of(learn) is None  # chosen; Enter answers, in every drill (issue 20)
    typed(qtbot, Qt.Key.Key_Return)
    grade = grade_of(learn)
    assert grade is not None and grade.correct is (items[0].answer["clean"] == [])
    assert stored_answers(qtbot, learn)[0].response == {"with": []}
    typed(qtbot, Qt.Key.Key_Return)

    a = learn.drill.asker  # the prompt on the chiếu says it too
    assert isinstance(a, EatAsker)
    picture = learn.drill.canvas.picture()
    assert isinstance(picture, ChieuView)
    assert [(p.key, p.label) for p in picture.prompts if p.key == "drill_no"] == [
        ("drill_no", "Không ăn")]
    canvas = learn.drill.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=find_hit(
        canvas,  # type: ignore[arg-type]
        lambda h: h.kind is HitKind.BUTTON and h.key == "drill_no"))
    typed(qtbot, Qt.Key.Key_Return)
    assert grade_of(learn) is not None
    assert stored_answers(qtbot, learn)[1].response == {"with": []}


def test_the_no_eat_key_is_in_the_drill_keys_and_f1() -> None:
    no = next(b for b in BINDINGS if b.id == "drill_no")
    assert no.section is Section.DRILL and QKeySequence(no.keys[0]) == QKeySequence("N")
    assert "không ăn" in describe("drill_no")


# ---------------------------------------------------------------------------- home

def test_ctrl_1_puts_the_keyboard_on_the_lessons_list(qtbot: QtBot, tmp_path: Path) -> None:
    """The page says "Chọn bài bằng ↑/↓ rồi Enter": after Ctrl+1 the arrows choose a lesson."""
    window = open_window(qtbot, tmp_path)
    assert window.activity() == "play"
    typed(qtbot, Qt.Key.Key_1, modifier=Qt.KeyboardModifier.ControlModifier)
    learn = window.learn
    assert isinstance(learn, LearnScreen) and window.activity() == "learn"
    assert focused() is learn.home.lessons
    first = learn.home.current_lesson()
    typed(qtbot, Qt.Key.Key_Down)
    assert learn.home.current_lesson() not in (None, first)
    typed(qtbot, Qt.Key.Key_2, modifier=Qt.KeyboardModifier.ControlModifier)
    typed(qtbot, Qt.Key.Key_1, modifier=Qt.KeyboardModifier.ControlModifier)
    assert focused() is learn.home.lessons  # every time Học is shown
    typed(qtbot, Qt.Key.Key_Return)
    assert learn.stack.currentWidget() is learn.lesson_page


def test_ctrl_1_back_to_a_question_puts_the_keyboard_where_it_is_answered(
        qtbot: QtBot, tmp_path: Path) -> None:
    _, learn = learn_window(qtbot, tmp_path)
    play(qtbot, learn, [chia_bai_items()[0]])
    a = learn.drill.asker
    assert isinstance(a, ChiaBaiAsker)
    typed(qtbot, Qt.Key.Key_2, modifier=Qt.KeyboardModifier.ControlModifier)
    typed(qtbot, Qt.Key.Key_1, modifier=Qt.KeyboardModifier.ControlModifier)
    assert isinstance(focused(), NumberBox) and focused() is a.numbers["piles"]


def test_the_status_follows_a_language_switch(qtbot: QtBot, tmp_path: Path) -> None:
    window, learn = learn_window(qtbot, tmp_path)
    typed(qtbot, Qt.Key.Key_R)  # nothing to review yet: the status says why
    status = learn.home.status
    qtbot.waitUntil(lambda: status.text() == "Chưa có câu nào để ôn: hãy học và luyện một bài "
                                             "trước.", timeout=TIMEOUT)
    window.toggle_language()
    qtbot.waitUntil(lambda: learn.home.title.text() == "Lessons", timeout=TIMEOUT)
    assert status.text() == "Nothing to review yet: learn and practise a lesson first."
    window.toggle_language()
    qtbot.waitUntil(lambda: learn.home.title.text() == "Bài học", timeout=TIMEOUT)
    assert status.text() == "Chưa có câu nào để ôn: hãy học và luyện một bài trước."


def test_a_lỗi_move_is_called_allowed_with_n_never_by_enter_alone(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    """R7: "hợp lệ" (no lỗi) is said with its own key; an Enter on an empty list asks for it."""
    _, learn = learn_window(qtbot, tmp_path)
    items = drills.generate("loi", 2, 3, ["move"])
    play(qtbot, learn, items)
    typed(qtbot, Qt.Key.Key_Return)
    assert grade_of(learn) is None
    assert learn.drill.missing.text() == ("Chưa đánh dấu lỗi nào. Không phạm lỗi nào thì bấm "
                                          "Hợp lệ (N).")
    typed(qtbot, Qt.Key.Key_N)
    assert grade_of(learn) is None
    typed(qtbot, Qt.Key.Key_Return)
    grade = grade_of(learn)
    assert grade is not None and grade.correct is (items[0].answer["verdict"] == [])
    assert stored_answers(qtbot, learn)[0].response == {"rules": [], "bao": False}
