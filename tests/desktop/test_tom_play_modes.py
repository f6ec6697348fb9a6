"""The three modes at the Tổ tôm table (T4.16): teaching warns before a move that would record a
TN or TD — explained by its rule — and lets the learner take it back or play it anyway; strict
refuses it; real plays it and says what was committed. The automations of T4.16 are the
learner's switches in teaching and strict modes; real mode has none."""

from __future__ import annotations

from pathlib import Path

from desktop_driver import press
from pytestqt.qtbot import QtBot
from tom_driver import PAID_BY_KEYS, open_tom_window, perform, point_at, settled, tom, wait_for

from desktop.main_window import MainWindow
from desktop.qt import Qt
from engine.actions import Act
from engine.game import Mode
from engine.totom import AUTOMATIONS, Card, make_player

SEED = PAID_BY_KEYS  # the learner holds a khàn at the deal, and yêu to be tempted by


def to_a_discard_with_a_yeu(qtbot: QtBot, window: MainWindow) -> Card:
    """Play the learner's moves (the normal computer's, by keys) until it must discard while
    holding a yêu; that yêu."""
    c = tom(window).controller
    ai = make_player("normal")
    for _ in range(60):
        wait_for(qtbot, lambda: settled(window))
        game = c.game
        assert game is not None and c.state == "learner", c.state
        yeu = [k for k in game.hand_cards(c.learner) if k.is_yeu]
        if game.phase.value in ("discard", "opening") and yeu:
            return yeu[0]
        before = len(game.record)
        perform(qtbot, window, ai.choose(game.observation(c.learner)).action, by_key=True)
        wait_for(qtbot, lambda: len(game.record) > before)  # noqa: B023
    raise AssertionError("never asked to discard while holding a yêu")


def test_teaching_warns_before_discarding_a_yeu_and_takes_it_back_or_plays_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[SEED])
    window.new_session()
    play = tom(window)
    c = play.controller
    yeu = to_a_discard_with_a_yeu(qtbot, window)
    game = c.game
    assert game is not None
    before = len(game.record)
    point_at(qtbot, play, yeu)
    press(qtbot, play.chieu, Qt.Key.Key_Return)
    wait_for(qtbot, lambda: play.warning_dialog is not None)
    dialog = play.warning_dialog
    assert dialog is not None and c.state == "warning"
    text = dialog.text()
    assert "TD9" in text and "Đánh quân yêu" in text  # the rule, by its id and name
    assert "Không bao giờ được đánh quân yêu" in text  # the rulebook's explanation
    assert "chèo đò" in text  # what it costs if the learner wins (T6.1)
    qtbot.mouseClick(dialog.take_back_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: play.warning_dialog is None and c.state == "learner")
    assert len(game.record) == before and "đi lại" in c.message
    point_at(qtbot, play, yeu)
    press(qtbot, play.chieu, Qt.Key.Key_Return)
    wait_for(qtbot, lambda: play.warning_dialog is not None)
    assert play.warning_dialog is not None
    qtbot.mouseClick(play.warning_dialog.anyway_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: len(game.record) > before)
    played = game.record[before]
    assert (played.seat, played.act, played.card) == (c.learner, Act.DISCARD, yeu)
    assert "TD9" in [v.rule for v in game.hist[c.learner].faults]
    window.close()


def test_strict_mode_refuses_the_move_and_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[SEED], mode=Mode.STRICT)
    window.new_session()
    play = tom(window)
    c = play.controller
    yeu = to_a_discard_with_a_yeu(qtbot, window)
    game = c.game
    assert game is not None
    before = len(game.record)
    point_at(qtbot, play, yeu)
    press(qtbot, play.chieu, Qt.Key.Key_Return)
    qtbot.wait(20)
    assert play.warning_dialog is None and len(game.record) == before
    assert c.state == "learner" and "Chế độ nghiêm" in c.message and "TD9" in c.message
    view = play.chieu.view()
    assert view is not None and "Chế độ nghiêm" in view.message
    window.close()


def test_real_mode_plays_it_and_says_what_was_committed(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[SEED], mode=Mode.REAL)
    window.new_session()
    play = tom(window)
    c = play.controller
    wait_for(qtbot, lambda: settled(window))
    game = c.game
    assert game is not None
    # no automation in real mode: the learner lays its own khàn (T4.1, T4.16)
    assert game.phase.value == "lay" and game.actor == c.learner
    assert "tom_lay" in {p.key for p in c.prompts() if p.enabled}
    press(qtbot, play.chieu, Qt.Key.Key_L)
    wait_for(qtbot, lambda: any(m.face_down for m in game.mats[c.learner]))
    press(qtbot, play.chieu, Qt.Key.Key_Escape)  # done laying
    wait_for(qtbot, lambda: game.phase.value != "lay" or game.actor != c.learner)
    yeu = to_a_discard_with_a_yeu(qtbot, window)
    before = len(game.record)
    point_at(qtbot, play, yeu)
    press(qtbot, play.chieu, Qt.Key.Key_Return)
    wait_for(qtbot, lambda: len(game.record) > before)
    assert play.warning_dialog is None
    assert "TD9" in [v.rule for v in game.hist[c.learner].faults]
    wait_for(qtbot, lambda: "TD9" in c.message or c.state != "busy")
    window.close()


def test_teaching_mode_does_the_duties_the_learner_leaves_switched_on(
        qtbot: QtBot, tmp_path: Path) -> None:
    on = open_tom_window(qtbot, tmp_path / "on", seeds=[SEED])
    on.new_session()
    c = tom(on).controller
    wait_for(qtbot, lambda: settled(on))
    game = c.game
    assert game is not None and game.phase.value != "lay"  # laid by the game (T4.16)
    assert any(m.face_down for m in game.mats[c.learner])
    on.close()
    off = open_tom_window(qtbot, tmp_path / "off", seeds=[SEED],
                          tom_automations=AUTOMATIONS - {"lay"})
    off.new_session()
    c = tom(off).controller
    wait_for(qtbot, lambda: settled(off))
    game = c.game
    assert game is not None and (game.phase.value, game.actor) == ("lay", c.learner)
    off.close()


def test_a_hint_gives_the_normal_players_move_and_its_reason_in_the_language_shown(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[SEED])
    window.new_session()
    play = tom(window)
    c = play.controller
    wait_for(qtbot, lambda: settled(window))
    game = c.game
    assert game is not None and c.state == "learner"
    expected = make_player("normal").choose(game.observation(c.learner))
    press(qtbot, play.chieu, Qt.Key.Key_H)
    wait_for(qtbot, lambda: play.hint_bar.isVisible())
    text = play.hint_bar.label.text()
    assert text.startswith("Máy gợi ý") and expected.reason.vi in text
    assert c.hinted == expected.action
    view = play.chieu.view()
    assert view is not None and view.hinted_key is not None
    window.toggle_language()  # Ctrl+L: the hint is said again in English
    try:
        wait_for(qtbot, lambda: "The computer suggests" in play.hint_bar.label.text())
        assert expected.reason.en in play.hint_bar.label.text()
    finally:
        window.toggle_language()
    window.close()


def test_no_hint_outside_teaching_mode(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[SEED], mode=Mode.STRICT)
    window.new_session()
    play = tom(window)
    wait_for(qtbot, lambda: settled(window))
    assert "hint" not in {p.key for p in play.controller.prompts()}
    press(qtbot, play.chieu, Qt.Key.Key_H)
    qtbot.wait(50)
    assert not play.hint_bar.isVisible() and play.controller.hinted is None
    window.close()
