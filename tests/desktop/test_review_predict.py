"""Predict mode of the replay viewer (issue 8), the audit's defects: an answer given before the
computer's advice arrives grades only the question it answers; → on a question at the last
position shows the real position again; Enter answers with the choice selected in the list.

The games are the small self-play hội of test_review (seat 0 recorded as the learner).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from desktop_driver import press, wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer
from test_review import make_store, won_game

from desktop.chieu.scene import Scene
from desktop.keys import keys_of
from desktop.qt import Qt
from desktop.review.advisor import live_card
from desktop.review.decisions import SeatDecisions
from desktop.review.screen import ReviewScreen
from desktop.review.viewer import ViewerPage
from desktop.review.words import action_choice
from desktop.worker import Worker
from replays.advice import DecisionPoint
from replays.store import Store


@pytest.fixture
def review(qtbot: QtBot, tmp_path: Path, scene: Scene) -> Iterator[ReviewScreen]:
    """Xem lại on the small store, shown and active, the won game open in predict mode."""
    path = tmp_path / "replays.db"
    make_store(path)
    store = Store.open(path)
    worker = Worker()
    screen = ReviewScreen(store, worker, scene)
    qtbot.addWidget(screen)
    screen.resize(1280, 760)
    with qtbot.waitExposed(screen):
        screen.show()
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    open_in_viewer(qtbot, screen, won_game(store))
    screen.viewer.set_predict(True)
    yield screen
    screen.shutdown()
    worker.wait(10_000)
    store.close()


def _question_positions(viewer: ViewerPage) -> list[int]:
    s = viewer.stepper
    assert s is not None
    return [p for p in range(s.last + 1) if viewer.advisor.keys(p, s.seat)]


def _advice_arrived(qtbot: QtBot, viewer: ViewerPage, *keys: object) -> None:
    wait_for(qtbot, lambda: all(k in viewer.advisor.advice for k in keys))
    qtbot.wait(0)  # the ready signals are handled


def test_an_early_answer_is_not_graded_by_the_next_questions_advice(
        qtbot: QtBot, review: ReviewScreen) -> None:
    viewer = review.viewer
    s = viewer.stepper
    assert s is not None
    positions = _question_positions(viewer)
    first, second = positions[1], positions[-1]
    viewer.go(first)
    asked = viewer.question()
    assert asked is not None and asked not in viewer.advisor.advice  # computed on the Worker
    viewer.answer(viewer.panel.predict_box.offered[-1])  # waits for that advice
    assert viewer.panel.predict_box.title.text() == "Đang chấm…"
    viewer.go(second)  # a timeline click before the advice came
    now = viewer.question()
    assert now is not None and now != asked
    _advice_arrived(qtbot, viewer, asked, now)
    assert now not in viewer.advisor.graded and asked not in viewer.advisor.graded
    assert s.position == second and viewer.question() == now  # still asking, not jumped on
    assert viewer.advisor.score == (0, 0)
    assert viewer.panel.predict_box.title.text() != "Đang chấm…"


def test_turning_predict_off_and_on_drops_the_waiting_answer(
        qtbot: QtBot, review: ReviewScreen) -> None:
    viewer = review.viewer
    s = viewer.stepper
    assert s is not None
    viewer.go(_question_positions(viewer)[1])
    asked = viewer.question()
    assert asked is not None and asked not in viewer.advisor.advice
    viewer.answer(viewer.panel.predict_box.offered[0])
    viewer.set_predict(False)
    viewer.set_predict(True)  # the same question is asked again, afresh
    assert viewer.question() == asked
    _advice_arrived(qtbot, viewer, asked)
    assert asked not in viewer.advisor.graded and viewer.advisor.score == (0, 0)
    assert viewer.panel.below.currentWidget() is viewer.panel.predict_box


def test_skipping_a_question_at_the_last_position_shows_the_end(
        qtbot: QtBot, review: ReviewScreen, monkeypatch: pytest.MonkeyPatch) -> None:
    """No recorded game has a decision at its last position (a claim let pass on the last
    card would be one); one is placed there to check → still leaves the question."""
    viewer = review.viewer
    s = viewer.stepper
    assert s is not None
    real = SeatDecisions.at
    moved = _question_positions(viewer)[-1]

    def at(self: SeatDecisions, position: int, seat: int) -> Sequence[DecisionPoint]:
        if position == s.last:
            return real(self, moved, seat)
        return () if position == moved else real(self, position, seat)

    monkeypatch.setattr(SeatDecisions, "at", at)
    viewer.go(s.last)
    assert viewer.question_open()
    assert viewer.panel.below.currentWidget() is viewer.panel.predict_box
    press(qtbot, viewer.chieu, Qt.Key.Key_Right)  # → : skipped
    assert not viewer.question_open() and s.position == s.last
    assert viewer.panel.below.currentWidget() is not viewer.panel.predict_box
    assert viewer.timeline.hidden_after is None  # the end is shown, markers and all
    view = viewer.chieu.view()
    assert view is not None and "Đoán" not in view.message


def test_enter_answers_with_the_selected_choice(qtbot: QtBot, review: ReviewScreen) -> None:
    viewer = review.viewer
    box = viewer.panel.predict_box
    assert set(keys_of("replay_answer_chosen")) == {"Return", "Enter"}
    assert box.answer_button.text() == "Trả lời (Enter)"  # from the key table
    position = next(p for p in _question_positions(viewer)
                    if len(viewer.advisor.choices(viewer.advisor.keys(p, 0)[0])) > 1)
    viewer.go(position)
    asked = viewer.question()
    assert asked is not None
    box.choices.setCurrentRow(1)
    chosen = box.offered[1]
    press(qtbot, viewer.chieu, Qt.Key.Key_Return)  # the focus is on the chiếu
    wait_for(qtbot, lambda: asked in viewer.advisor.graded)
    assert viewer.advisor.score[0] == 1
    said = action_choice(chosen, live_card(viewer.advisor.point(asked)))
    assert f"«{said}»" in viewer.advisor.graded[asked]()  # the selected choice was graded


def test_predicting_hides_the_other_hands_and_cannot_open_them(
        qtbot: QtBot, review: ReviewScreen) -> None:
    """Issue 20: "Đoán trước" left "Mở hết bài" on: the hands to guess from were open."""
    viewer = review.viewer
    viewer.set_predict(False)
    viewer.set_open(True)
    viewer.set_predict(True)
    s = viewer.stepper
    assert s is not None and not s.open_hands
    assert not viewer.panel.all_open.isChecked() and not viewer.panel.all_open.isEnabled()
    view = viewer.chieu.view()
    assert view is not None and view.open_hands is None
    viewer.command("replay_view")  # V does not open them either
    assert not s.open_hands and not viewer.panel.all_open.isChecked()
    viewer.set_predict(False)  # as it was
    assert viewer.panel.all_open.isEnabled() and viewer.panel.all_open.isChecked()
    assert s.open_hands
