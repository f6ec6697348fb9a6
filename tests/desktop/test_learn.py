"""Học (issue 7): the rules reference built from the engine's own tables; the five families
with their lessons and strengths; a lesson's sections and figures, then its practice round;
the due review and the "practice my mistakes" deck; progress kept across a restart."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, open_window, press
from learn_driver import add_items, settled, stored_answers
from pytestqt.qtbot import QtBot

from desktop.call_order import ORDER
from desktop.chieu.board import BoardView
from desktop.chieu.dealing import DealingView
from desktop.i18n import set_language
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.home import LESSON_ROLE
from desktop.learn.reference import EXAMPLE_CALL, order_section, reference_html
from desktop.learn.screen import LearnScreen
from desktop.learn.words import FAMILY_ORDER
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent, Qt
from engine.actions import Act
from engine.chan.call import NAME_VI, render
from engine.chan.cuoc import POINTS
from engine.chan.cuoc_ids import CUOC_IDS, RULE_ID
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rulebook import REGISTRY
from engine.game import Mode
from lessons import drills
from lessons.content import lessons
from lessons.progress import Progress
from lessons.progress_db import default_path
from replays.record import default_players
from replays.recorder import Recorder
from replays.store import Store


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    """Back to Vietnamese, and the window pytest-qt closes deleted before the next test: left
    pending deletion it would still receive a later test's language switch."""
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def text_of(qtbot: QtBot) -> str:
    screen = LearnScreen()
    qtbot.addWidget(screen)
    return screen.browser.toPlainText()


# ---------------------------------------------------------------------------- the reference

def test_every_loi_with_its_name_and_the_engine_sentence(qtbot: QtBot) -> None:
    text = text_of(qtbot)
    for n in range(18):
        rule = f"L{n}"
        assert rule in text and REGISTRY.name(rule).vi in text
        assert REGISTRY.explanation(rule, "X").vi in text
    for key in ("bo_u", "missed_chiu", "u_lao"):
        assert REGISTRY.explanation(key, "X").vi in text


def test_all_25_cuoc_with_diem_and_dich(qtbot: QtBot) -> None:
    html = reference_html()
    assert len(CUOC_IDS) == 25
    for cid in CUOC_IDS:
        d, dich = POINTS[cid]
        row = f"<td valign='top'><b>{RULE_ID[cid]}</b></td><td valign='top'>"
        assert row in html
        start = html.index(row)
        cells = html[start:html.index("</tr>", start)]
        assert NAME_VI[cid] in cells and f">{d}<" in cells and f">{dich}<" in cells


def test_the_call_order_is_the_canonical_one() -> None:
    html = order_section()
    rows = re.findall(r"<tr><td valign='top'>(.*?)</td><td valign='top'>(.*?)</td></tr>", html)
    said = [name for _, members in rows for name in members.split(", ")]
    assert said == [NAME_VI[cid] for cid in ORDER]
    assert [title for title, _ in rows][1:3] == ["1. Thông", "2. Chì"]
    assert render(EXAMPLE_CALL) in html


def test_a_screen_never_shown_opens_no_progress_database(qtbot: QtBot, tmp_path: Path) -> None:
    screen = LearnScreen(tmp_path)
    qtbot.addWidget(screen)
    assert not screen.started and not default_path(tmp_path).exists()


# ---------------------------------------------------------------------------- the lessons

def learn_of(window: MainWindow) -> LearnScreen:
    window.show_activity("learn")
    assert isinstance(window.learn, LearnScreen)
    return window.learn


def test_the_families_in_content_order_with_their_lessons_and_strengths(
        qtbot: QtBot, tmp_path: Path) -> None:
    learn = learn_of(open_window(qtbot, tmp_path))
    home = learn.home
    settled(qtbot, learn)  # the strengths are read on the Worker
    listed = [str(home.lessons.item(r).data(LESSON_ROLE)) for r in range(home.lessons.count())
              if home.lessons.item(r).data(LESSON_ROLE)]
    assert listed == [le.id for le in lessons()]
    assert list(dict.fromkeys(le.family for le in lessons())) == list(FAMILY_ORDER)
    assert list(home.rows) == list(FAMILY_ORDER)
    for row in home.rows.values():
        assert row.isVisible() and row.bar.value() == 0
        assert row.stats.text() == "Chưa luyện câu nào."
    assert home.due_button.text().startswith("Ôn bài đến hạn (0 câu)")
    press(qtbot, home.lessons, Qt.Key.Key_T)  # the rules reference is a tab of Học
    assert home.tabs.currentWidget() is learn.browser
    press(qtbot, learn.browser, Qt.Key.Key_T)
    assert home.tabs.currentIndex() == 0


def test_a_lesson_section_by_section_then_its_practice_round(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Sections with their figures (the engine's recipient on the dealing table), then the
    practice round from lessons.practice, answered by keys to the summary (R2.6)."""
    window = open_window(qtbot, tmp_path)
    learn = learn_of(window)
    learn.seeds = lambda: 4
    home = learn.home
    home.select_lesson("boc_cai.dem")
    press(qtbot, home.lessons, Qt.Key.Key_Return)
    page = learn.lesson_page
    assert learn.stack.currentWidget() is page
    le = page.lesson
    assert le is not None and le.id == "boc_cai.dem"
    for n, section in enumerate(le.sections):
        assert page.step.text() == f"Phần {n + 1}/{len(le.sections)}"
        assert section.text.vi.split("\n")[0][:30] in page.text.toPlainText()
        assert section.figure is not None
        picture = page.canvas.picture()
        assert isinstance(picture, DealingView) and picture.shown is not None
        assert str(picture.shown) == section.figure["card"]
        if n < len(le.sections) - 1:
            press(qtbot, page, Qt.Key.Key_Right)
    press(qtbot, page, Qt.Key.Key_Left)
    assert page.section == len(le.sections) - 2
    press(qtbot, page, Qt.Key.Key_Right)
    press(qtbot, page, Qt.Key.Key_Return)  # after the last section: the practice round
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    drill = learn.drill
    assert drill.round is not None
    count = len(drill.round.items)
    assert count == 10 and all(i.family == "boc_cai" for i in drill.round.items)
    for _ in range(count):
        asker = drill.asker
        assert isinstance(asker, BocCaiAsker)
        press(qtbot, drill.canvas, getattr(Qt.Key, f"Key_{asker.item.answer}"))
        assert drill.grade is None  # a digit chooses; Enter answers, in every drill
        press(qtbot, drill.canvas, Qt.Key.Key_Return)
        assert drill.grade is not None and drill.grade.correct
        press(qtbot, drill.canvas, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.summary, timeout=TIMEOUT)
    assert learn.summary.total.text() == f"Đúng {count}/{count}"
    assert learn.summary.rows["boc_cai"].isVisibleTo(learn.summary)
    assert not learn.summary.rows["loi"].isVisibleTo(learn.summary)
    press(qtbot, learn.summary, Qt.Key.Key_Escape)
    assert learn.stack.currentWidget() is home
    settled(qtbot, learn)
    stats = home.rows["boc_cai"].stats.text()
    assert stats.startswith(f"{count} câu đã làm · {count} lần trả lời") and "100%" in stats
    assert home.rows["boc_cai"].bar.value() > 0  # right once: FSRS retrievability 1 now


def test_figures_of_hands_calls_and_melds_are_drawn(qtbot: QtBot, tmp_path: Path) -> None:
    """Every section's figure becomes a picture with a caption (R3.6, R5.5, R8.5, L0)."""
    learn = learn_of(open_window(qtbot, tmp_path))
    page = learn.lesson_page
    for le in lessons():
        learn.open_lesson(le.id)
        for n, section in enumerate(le.sections):
            page.show_lesson(le, n)
            picture = page.canvas.picture()
            if section.figure is None:
                assert picture is None and not page.canvas.isVisibleTo(page)
                continue
            assert page.figure is not None and page.figure.caption in page.text.toPlainText()
            kind = section.figure["type"]
            assert isinstance(picture, DealingView if kind in ("boc_cai", "deal") else BoardView)
            if kind == "hand":
                shown = [c for shelf in picture.shelves if shelf.key in ("chan", "ca", "ba_dau",
                                                                          "que")
                         for g in shelf.groups for c in g]
                assert sorted(str(c) for c in shown) == sorted(section.figure["hand"])
            page.canvas.repaint()
            assert page.canvas.hit_map() is not None


# ---------------------------------------------------------------------------- review and restart

def test_due_items_are_reviewed_and_survive_a_restart(qtbot: QtBot, tmp_path: Path) -> None:
    """Answers are in progress.db at once; after closing and reopening the window with the same
    data folder the strengths and answers are still there (DESIGN: user data)."""
    window = open_window(qtbot, tmp_path)
    learn = learn_of(window)
    items = drills.generate("boc_cai", 3, 17)
    add_items(qtbot, learn, items)  # new items are due at once
    assert learn.home.due_button.text().startswith("Ôn bài đến hạn (3 câu)")
    press(qtbot, learn.home.lessons, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    drill = learn.drill
    assert drill.round is not None
    asked = drill.round.items  # the schedule's order: longest due first, then by id
    assert sorted(i.id for i in asked) == sorted(i.id for i in items)
    for n, item in enumerate(asked):
        seat = item.answer if n != 1 else (item.answer + 1) % int(item.position["players"])
        press(qtbot, drill.canvas, getattr(Qt.Key, f"Key_{seat}"))
        press(qtbot, drill.canvas, Qt.Key.Key_Return)  # answers
        press(qtbot, drill.canvas, Qt.Key.Key_Return)  # the next question
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.summary, timeout=TIMEOUT)
    assert learn.summary.total.text() == "Đúng 2/3"
    learn.show_home()
    settled(qtbot, learn)
    before = learn.home.rows["boc_cai"].stats.text()
    assert before.startswith("3 câu đã làm · 3 lần trả lời")
    window.close()

    again = learn_of(open_window(qtbot, tmp_path))
    assert again is not learn
    settled(qtbot, again)
    assert again.home.rows["boc_cai"].stats.text() == before
    assert again.home.rows["boc_cai"].bar.value() == learn.home.rows["boc_cai"].bar.value()
    assert [(a.item_id, a.correct) for a in stored_answers(qtbot, again)] == [
        (asked[0].id, True), (asked[1].id, False), (asked[2].id, True)]


def test_nothing_due_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    learn = learn_of(open_window(qtbot, tmp_path))
    press(qtbot, learn.home.lessons, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: "Chưa có câu nào để ôn" in learn.home.status.text(),
                    timeout=TIMEOUT)
    assert learn.stack.currentWidget() is learn.home


# ---------------------------------------------------------------------------- my mistakes

def record_careless_game(store: Store, seed: int) -> int:
    """A game where the learner (seat 0) makes every move that breaks a rule it can."""
    rng = random.Random(seed)
    sid = store.new_session(players=default_players())
    rec = Recorder.start(store, sid, Deal.shuffled(seed), Mode.REAL)
    while not rec.game.is_over:
        game: Game = rec.game
        moves = game.legal_actions()
        faulty = [a for a in moves if game.faults_of(a)]
        if game.actor == 0 and faulty:
            rec.apply(faulty[0])
            continue
        if game.phase.value == "call":
            rec.apply(moves[0])
            continue
        clean = [a for a in moves if not game.faults_of(a) and a.act is not Act.DECLINE]
        rec.apply(rng.choice(clean or moves))
    return rec.game_id


def test_an_empty_mistakes_deck_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    learn = learn_of(open_window(qtbot, tmp_path))
    press(qtbot, learn.home.lessons, Qt.Key.Key_M)
    qtbot.waitUntil(lambda: "Chưa có ván nào được lưu" in learn.home.status.text(),
                    timeout=TIMEOUT)
    assert learn.stack.currentWidget() is learn.home


def test_my_mistakes_from_a_saved_game(qtbot: QtBot, tmp_path: Path) -> None:
    """The analyzer's annotations of the learner's saved game become a round (deck
    "mistakes"), built on the Worker; each item names the game it came from."""
    window = open_window(qtbot, tmp_path)
    game_id = record_careless_game(window.store, 5)
    learn = learn_of(window)
    press(qtbot, learn.home.lessons, Qt.Key.Key_M)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
    drill = learn.drill
    assert drill.round is not None and drill.round.deck == "mistakes"
    item = drill.round.items[0]
    assert item.source["game_id"] == game_id and item.family in ("loi", "xuong")
    assert f"Từ ván đã chơi số {game_id}, ghế 0." == drill.rules.text()
    drill.leave()
    assert learn.stack.currentWidget() is learn.home  # nothing answered: no summary
    with Progress.open(default_path(tmp_path)) as progress:
        assert progress.due(deck="mistakes", limit=100)
        assert all(i.source["game_id"] == game_id for i in progress.due(deck="mistakes"))


def test_english_texts(qtbot: QtBot, tmp_path: Path) -> None:
    """The screen and the questions in English after the switch (Ctrl+L)."""
    window = open_window(qtbot, tmp_path)
    learn = learn_of(window)
    window.toggle_language()
    qtbot.waitUntil(lambda: learn.home.title.text() == "Lessons", timeout=TIMEOUT)
    items = drills.generate("loi", 1, 3, ["claim"])
    learn.play_items("Lỗi", items)
    assert learn.drill.question.text() == items[0].question.en
    press(qtbot, learn.drill.canvas, Qt.Key.Key_N)
    press(qtbot, learn.drill.canvas, Qt.Key.Key_Return)
    grade = learn.drill.grade
    assert grade is not None and grade.explanation_en[:20] in learn.drill.feedback.text()
    window.toggle_language()  # back, while the window is open (its screens re-translate)
    qtbot.waitUntil(lambda: learn.home.title.text() == "Bài học", timeout=TIMEOUT)


def test_a_lesson_sections_words_in_english(qtbot: QtBot, tmp_path: Path) -> None:
    """The words around a section's text ("Luật:", "Hình:") are translated too."""
    set_language("en")
    learn = LearnScreen(tmp_path)
    qtbot.addWidget(learn)
    learn.open_lesson("boc_cai.dem")
    shown = learn.lesson_page.text.toPlainText()
    assert shown.startswith("Rules:") and "R2.6" in shown and "Figure: " in shown
    assert "Luật:" not in shown and "Hình:" not in shown


def test_a_lessons_round_asks_what_its_line_in_the_list_says(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Issue 20: "12 câu" listed and "câu 1/10" shown; and a lesson served another lesson's
    leftover questions (the untimed ones in "Đếm cái thật nhanh")."""
    window = open_window(qtbot, tmp_path)
    learn = learn_of(window)
    home = learn.home
    for lesson_id in ("chia_bai.chia", "boc_cai.dem", "boc_cai.nhanh"):
        line = next(home.lessons.item(r).text() for r in range(home.lessons.count())
                    if home.lessons.item(r).data(LESSON_ROLE) == lesson_id)
        listed = int(re.search(r"(\d+) câu", line)[1])  # type: ignore[index]
        learn.open_lesson(lesson_id)
        learn.practice_lesson(lesson_id)
        qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.drill, timeout=TIMEOUT)
        drill = learn.drill
        assert drill.round is not None
        assert drill.title.text().endswith(f"câu 1/{listed}")
        assert all(i.lesson == lesson_id for i in drill.round.items)
        if lesson_id == "boc_cai.nhanh":  # the untimed ones of boc_cai.dem, asked just before
            assert all("seconds" in i.position for i in drill.round.items)
        press(qtbot, drill.canvas, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: learn.stack.currentWidget() is not learn.drill, timeout=TIMEOUT)
