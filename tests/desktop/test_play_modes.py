"""The three play modes of R7.5 at the learner's seat, hints, the claim countdown, sounds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for, wait_moved
from play_scenarios import LEARNER
from pytestqt.qtbot import QtBot

from desktop.i18n import set_language
from desktop.main_window import MainWindow
from desktop.settings import Settings, save, settings_path
from engine.actions import Act, Action
from engine.chan.ai import make_player
from engine.chan.game import ChanGame as Game
from engine.game import Mode, Phase


def window_in(qtbot: QtBot, tmp_path: Path, settings: Settings, seeds: list[int]) -> MainWindow:
    save(settings_path(tmp_path), settings)
    return open_window(qtbot, tmp_path, seeds=seeds)


def until(qtbot: QtBot, window: MainWindow, stop: Callable[[Game], bool],
          limit: int = 300) -> Game:
    """Play the learner's normal-computer moves until `stop(game)` at a learner decision."""
    c = window.play.controller
    ai = make_player("normal")
    for _ in range(limit):
        wait_for(qtbot, lambda: c.state in ("learner", "call", "over", "warning"))
        if c.state == "warning":
            c.confirm_pending()
            continue
        game = c.game
        assert game is not None
        if c.state == "learner" and stop(game):
            return game
        if c.state != "learner":
            pytest.skip(f"the game ended ({c.state}) before the position was reached")
        before = len(game.log)
        c._try(ai.choose(game.observation(LEARNER)).action)
        wait_moved(qtbot, window, game, before)
    raise AssertionError("the position was never reached")


def faulty_candidate(window: MainWindow) -> Callable[[Game], bool]:
    """A position where the learner could break one of L1–L17."""
    return lambda game: bad_move(window, game) is not None


def bad_move(window: MainWindow, game: Game) -> Action | None:
    for a in window.play.controller._candidates(game):
        if any(e.rule.startswith("L") for e in game.explain(a)):
            return a
    return None


def test_strict_mode_refuses_a_violating_move_and_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(mode=Mode.STRICT), [179])
    window.new_session()
    game = until(qtbot, window, faulty_candidate(window))
    c = window.play.controller
    bad = bad_move(window, game)
    assert bad is not None and bad not in game.legal_actions()
    rule = next(e.rule for e in game.explain(bad) if e.rule.startswith("L"))
    before = len(game.log)
    c._try(bad)
    assert len(game.log) == before and c.state == "learner"
    assert window.play.warning_dialog is None
    assert rule in c.message and "nghiêm" in c.message
    view = c.view()
    assert view is not None and rule in view.message


def test_real_mode_plays_the_violation_and_judges_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(mode=Mode.REAL), [179])
    window.new_session()
    game = until(qtbot, window, faulty_candidate(window))
    c = window.play.controller
    bad = bad_move(window, game)
    assert bad is not None and bad in game.legal_actions()
    said: list[str] = []  # the move is told once stored (on the writer's thread, issue 20)
    c.view_changed.connect(lambda view: said.append(view.message))
    c._try(bad)
    wait_for(qtbot, lambda: any(v.seat == LEARNER for v in game.violations))
    rule = next(v.rule for v in game.violations if v.seat == LEARNER)
    assert window.play.warning_dialog is None
    wait_for(qtbot, lambda: any(rule in m for m in said))  # "Bạn phạm lỗi L…"
    stored = window.store.session(c.session_id or 0).games[0].actions
    assert bad in stored


def test_teaching_hint_shows_waits_and_the_suggestion(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(), [179])
    window.new_session()
    c = window.play.controller
    until(qtbot, window, lambda g: g.phase is Phase.PLAY)
    c.command("hint")
    wait_for(qtbot, lambda: bool(c.hint))
    assert "Máy gợi ý" in c.hint and ("chờ ù" in c.hint)
    assert window.play.hint_bar.isVisible()
    c.command("draw" if any(a.act is Act.DRAW for a in c.game.legal_actions())  # type: ignore[union-attr]
              else "pass")
    wait_for(qtbot, lambda: c.hint == "")  # a move clears the hint


def test_the_hint_marks_its_move_on_the_chieu_and_follows_the_language(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 20: the hint named the card but did not mark it on the chiếu; and Ctrl+L left
    the hint (and the line under the chiếu) in Vietnamese."""
    window = window_in(qtbot, tmp_path, Settings(), [179])
    window.new_session()
    c = window.play.controller
    game = until(qtbot, window, lambda g: g.phase is Phase.DISCARD)
    c.command("hint")
    wait_for(qtbot, lambda: bool(c.hint))
    view = c.view()
    assert view is not None and view.hinted is not None
    card = view.hinted_card()
    assert card is not None and card in game.hand_cards(LEARNER)
    assert card.name_vi in c.hint  # the bar names the card the chiếu marks
    before = c.message
    assert before
    try:
        set_language("en")
        wait_for(qtbot, lambda: "Suggestion:" in window.play.hint_bar.label.text())
        assert "Máy gợi ý" not in c.hint and c.message != before
        assert c.view() is not None and c.view().hinted == view.hinted  # type: ignore[union-attr]
    finally:
        set_language("vi")
    wait_for(qtbot, lambda: "Máy gợi ý" in window.play.hint_bar.label.text())
    assert c.message == before


def test_the_hint_is_teaching_mode_only(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(mode=Mode.REAL), [179])
    window.new_session()
    c = window.play.controller
    until(qtbot, window, lambda g: True)
    assert "hint" not in {p.key for p in c.prompts()}
    c.command("hint")
    qtbot.wait(30)
    assert c.hint == ""


def test_the_claim_countdown_lets_the_window_pass(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(mode=Mode.REAL, claim_seconds=5), [179])
    c = window.play.controller
    now = [1000.0]
    c.clock = lambda: now[0]
    window.new_session()
    game = until(qtbot, window, lambda g: g.phase is Phase.CLAIM)
    view = c.view()
    assert view is not None and view.countdown == pytest.approx(1.0)
    claim = game.pending_claims()[0]
    assert {p.key for p in view.prompts} >= {"decline", "win" if claim.act is Act.WIN else "chiu"}
    now[0] += 2.5
    wait_for(qtbot, lambda: (v := c.view()) is not None and v.countdown is not None
             and v.countdown < 0.6)
    before = len(game.log)
    now[0] += 3
    wait_for(qtbot, lambda: len(game.log) > before)  # the time ran out: declined (R4.2)
    if claim.act is Act.WIN:
        assert game.hist[LEARNER].bo_u


def test_sounds_play_for_moves_and_the_mute_switch_silences_them(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    window = window_in(qtbot, tmp_path, Settings(), [179])
    sounds = window.sounds
    window.new_session()
    until(qtbot, window, lambda g: len(g.record) >= 3)
    wait_for(qtbot, lambda: sounds.state.value in ("ready", "unavailable"))
    if sounds.state.value == "ready":  # SDL's dummy audio driver in the tests
        assert "deal" in sounds.played or "draw" in sounds.played or "discard" in sounds.played
    window.toggle_sound()
    assert not window.settings.sound and not sounds.enabled
    played = len(sounds.played)
    sounds.play("discard")
    assert len(sounds.played) == played
    assert "tắt" in window.sound_button.text()
    window.apply_settings(replace(window.settings, sound=True))
    assert sounds.enabled
