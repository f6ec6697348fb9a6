"""Học → "Ván tổ tôm đầu tiên" (issue 23, Học): the guided first game of Tổ tôm, reached with
the game switched to Tổ tôm, finished by the keyboard alone and by the mouse alone, ending with
an ù and its call judged paid by the engine; a wrong move is explained with its rule and taken
back; the place is kept across a restart; a damaged data file is said in words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import TIMEOUT, find_hit, open_window, press
from pytestqt.qtbot import QtBot

from desktop.chieu.hitmap import HitKind
from desktop.i18n import set_language
from desktop.learn import tom_first_game_page
from desktop.learn.call_builder import CUOC_BUTTONS
from desktop.learn.screen import LearnScreen
from desktop.learn.tom_first_game_page import TomFirstGamePage
from desktop.main_window import MainWindow
from desktop.qt import QCoreApplication, QEvent, Qt
from engine.actions import Act
from lessons import tom_first_game as guided
from lessons.item import LessonError
from lessons.tom_first_game import Step, TomFirstGame

DIGITS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}
KEYS = {Act.DRAW: Qt.Key.Key_B, Act.PASS: Qt.Key.Key_D, Act.PHONG: Qt.Key.Key_P,
        Act.WIN: Qt.Key.Key_U, Act.DAY_KHAN: Qt.Key.Key_K, Act.DECLINE: Qt.Key.Key_X}
BUTTONS = {Act.DRAW: "draw", Act.PASS: "pass", Act.PHONG: "phong", Act.WIN: "win",
           Act.DAY_KHAN: "day_khan", Act.DECLINE: "decline"}


@pytest.fixture(autouse=True)
def vietnamese() -> Iterator[None]:
    """Back to Vietnamese, and closed windows deleted before the next test."""
    yield
    set_language("vi")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def open_tom_first_game(qtbot: QtBot, data: Path, by_key: bool
                        ) -> tuple[MainWindow, TomFirstGamePage]:
    """Học with the game switched to Tổ tôm, then its guided game (G, or its button)."""
    window = open_window(qtbot, data)
    window.apply_settings(replace(window.settings, game="to_tom"))
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen) and learn.game == "to_tom"
    qtbot.waitUntil(learn.home.lessons.isVisible, timeout=TIMEOUT)
    if by_key:
        press(qtbot, learn.home.lessons, Qt.Key.Key_G)
    else:
        qtbot.mouseClick(learn.home.first_game_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: learn.tom_first_game is not None
                    and learn.stack.currentWidget() is learn.tom_first_game, timeout=TIMEOUT)
    page = learn.tom_first_game
    assert page is not None
    return window, page


def current(page: TomFirstGamePage) -> Step:
    step = page.step()
    assert step is not None
    return step


def click_prompt(qtbot: QtBot, page: TomFirstGamePage, key: str) -> None:
    at = find_hit(page.chieu, lambda h: h.kind is HitKind.BUTTON and h.key == key)  # type: ignore[arg-type]
    qtbot.mouseClick(page.chieu, Qt.MouseButton.LeftButton, pos=at)


def answer(qtbot: QtBot, page: TomFirstGamePage, step: Step, by_key: bool) -> None:
    """The step's right answer, through the page's widgets only."""
    chieu = page.chieu
    if step.kind == "cho_cai":
        assert step.pile is not None
        if by_key:
            press(qtbot, chieu, DIGITS[step.pile])
        else:
            click_prompt(qtbot, page, f"pile{step.pile}")
        return
    action = step.expected
    assert action is not None
    act = action.act
    if act is Act.CALL:
        names = [b[1] for b in page.builder.buttons]
        for token in action.tokens:
            index = names.index(type(token)(token.name, token.card)) if token.card \
                else names.index(type(token)(token.name))
            for _ in range(token.count):
                if by_key:
                    press(qtbot, chieu, DIGITS[(index + 1) % 10])
                else:
                    qtbot.mouseClick(page.builder.buttons[index][0], Qt.MouseButton.LeftButton)
        press(qtbot, chieu, Qt.Key.Key_Return)
        return
    if act in (Act.DISCARD, Act.RETURN):
        assert action.card is not None
        if by_key:
            for _ in range(30):
                if page.selected == action.card:
                    break
                press(qtbot, chieu, Qt.Key.Key_Right)
            assert page.selected == action.card
            press(qtbot, chieu, Qt.Key.Key_Return)
        else:
            at = find_hit(chieu, lambda h: h.kind is HitKind.HAND  # type: ignore[arg-type]
                          and h.tom == action.card)
            qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)  # chosen
            qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton, pos=at)  # played
        return
    if act is Act.EAT:
        eats = page._eats()
        k = [str(a) for a in eats].index(str(action)) + 1
        if by_key:
            press(qtbot, chieu, Qt.Key.Key_A if len(eats) == 1 else DIGITS[k])
        else:
            click_prompt(qtbot, page, f"eat{k}")
        return
    if by_key:
        press(qtbot, chieu, KEYS[act])
    else:
        click_prompt(qtbot, page, BUTTONS[act])


def play_through(qtbot: QtBot, page: TomFirstGamePage, by_key: bool) -> None:
    """Every step in order: each right answer moves the page to the next step."""
    while not page.finished:
        step = current(page)
        answer(qtbot, page, step, by_key)
        qtbot.waitUntil(lambda step=step: page.step_no == step.number + 1, timeout=TIMEOUT)
        assert page.feedback is not None and page.feedback.right, page.answer.text()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_tom_first_game_is_finished_by_keys(qtbot: QtBot, tmp_path: Path,
                                                lang: str) -> None:
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=True)
    set_language(lang)
    assert current(page).kind == "cho_cai"
    said = "phần cái" if lang == "vi" else "cái's"
    qtbot.waitUntil(lambda: said in page.instruction.text(), timeout=TIMEOUT)
    topics = {s.topic for s in page.steps}
    assert {"cho_cai", "opening", "eat", "discard", "win", "call"} <= topics
    play_through(qtbot, page, by_key=True)
    game = page.game
    assert game.is_over and game.outcome is not None and game.outcome.winner == page.learner
    settled = game.settlement
    assert settled is not None and settled.verdict.value == "paid"
    assert settled.score == settled.true_score > 0
    assert ("Đúng" in page.answer.text()) if lang == "vi" else ("Right" in page.answer.text())
    view = page.view()
    assert view.result is not None and view.result.winner == page.learner
    window.close()


def test_the_tom_first_game_is_finished_by_clicks(qtbot: QtBot, tmp_path: Path) -> None:
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=False)
    play_through(qtbot, page, by_key=False)
    assert page.game.is_over and page.game.settlement is not None
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    qtbot.waitUntil(lambda: learn.stack.currentWidget() is learn.home, timeout=TIMEOUT)
    window.close()


def test_a_wrong_move_is_explained_with_its_rule_and_taken_back(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=True)
    step = current(page)
    assert step.pile is not None
    press(qtbot, page.chieu, DIGITS[step.pile % 5 + 1])  # another pile
    assert page.step_no == 0 and page.feedback is not None and not page.feedback.right
    assert "T2.5" in page.answer.text()
    answer(qtbot, page, step, by_key=True)
    step = current(page)
    assert step.topic == "opening"
    yeu = next(c for c in page.game.hand_cards(page.learner) if c.is_yeu)
    before = page.game.state_key()
    page.selected = yeu
    press(qtbot, page.chieu, Qt.Key.Key_Return)  # a yêu is never discarded (TD9)
    assert page.step_no == step.number and page.game.state_key() == before
    assert page.feedback is not None and not page.feedback.right
    assert "TD9" in page.answer.text() and "lấy lại" in page.answer.text()
    set_language("en")
    qtbot.waitUntil(lambda: "taken back" in page.answer.text(), timeout=TIMEOUT)
    answer(qtbot, page, step, by_key=True)
    assert page.step_no == step.number + 1
    window.close()


def test_a_wrong_call_is_judged_by_the_engine_and_called_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=True)
    while current(page).topic != "call":
        answer(qtbot, page, current(page), by_key=True)
    step = current(page)
    leo = len(page.builder.khan) + CUOC_BUTTONS.index("leo")
    press(qtbot, page.chieu, DIGITS[(leo + 1) % 10])  # lèo, the khàn left face down
    press(qtbot, page.chieu, Qt.Key.Key_Return)
    assert page.step_no == step.number and page.feedback is not None
    assert not page.feedback.right and "TN5" in page.answer.text()
    press(qtbot, page.chieu, Qt.Key.Key_Backspace)
    assert page.builder.tokens() == ()
    answer(qtbot, page, step, by_key=True)
    assert page.finished
    window.close()


def test_after_a_restart_the_learner_continues_at_the_same_step(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=True)
    for _ in range(4):
        answer(qtbot, page, current(page), by_key=True)
    reached, position = page.step_no, page.game.state_key()
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    qtbot.waitUntil(lambda: not page.unsaved, timeout=TIMEOUT)
    saved = json.loads((tmp_path / guided.POSITION_FILE).read_text(encoding="utf-8"))
    assert saved["step"] == reached
    window.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=False)
    assert page.step_no == reached and page.game.state_key() == position
    qtbot.mouseClick(page.restart_button, Qt.MouseButton.LeftButton)
    assert page.step_no == 0
    window.close()


def test_a_damaged_tom_first_game_is_said_once_in_words(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": guided.FORMAT, "rules": {}, "deal": {},
                               "moves": ["0 fly"]}), encoding="utf-8")

    def damaged() -> TomFirstGame:
        return guided.load(bad)

    monkeypatch.setattr(tom_first_game_page, "tom_first_game", damaged)
    with pytest.raises(LessonError) as said:
        damaged()
    assert "hỏng" in said.value.vi and "damaged" in said.value.en
    window = open_window(qtbot, tmp_path / "data")
    window.apply_settings(replace(window.settings, game="to_tom"))
    window.show_activity("learn")
    learn = window.learn
    assert isinstance(learn, LearnScreen)
    learn.open_first_game()
    assert learn.tom_first_game is None and learn.stack.currentWidget() is learn.home
    assert "hỏng" in learn.home.status.text() and learn.home.status.isVisibleTo(learn.home)
    window.close()


def test_a_damaged_position_file_is_said_and_the_game_starts_over(
        qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / guided.POSITION_FILE).write_text("{not json", encoding="utf-8")
    window, page = open_tom_first_game(qtbot, tmp_path, by_key=True)
    assert page.step_no == 0
    assert page.file_note.isVisibleTo(page) and "JSON" in page.file_note.text()
    answer(qtbot, page, current(page), by_key=True)
    qtbot.waitUntil(lambda: not page.unsaved, timeout=TIMEOUT)
    assert (tmp_path / (guided.POSITION_FILE + ".damaged")).read_text() == "{not json"
    window.close()
