"""A whole game of Tổ tôm played in Chơi, by keys and by clicks (issue 23's done-when): the
learner's moves — the normal computer player's choices — entered through the chiếu and its
dialogs, to a paid ù and through the call; the hội goes on to its next game."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from tom_driver import (
    PAID_BY_CLICKS,
    PAID_BY_KEYS,
    PAID_SAYING_PHONG,
    open_tom_window,
    play_game,
    tom,
    wait_for,
)

from engine.actions import Act
from engine.totom import TomAction, TomGame


@pytest.mark.parametrize(("seed", "by_key"), [(PAID_BY_KEYS, True), (PAID_BY_CLICKS, False),
                                              (PAID_SAYING_PHONG, True)],
                         ids=["keys", "clicks", "keys-saying-phong"])
def test_a_whole_game_is_played_to_a_paid_u_and_its_call(qtbot: QtBot, tmp_path: Path,
                                                          seed: int, by_key: bool) -> None:
    window = open_tom_window(qtbot, tmp_path, seeds=[seed, 1, 2])
    play = tom(window)
    assert window.play.stack.currentWidget() is play
    window.new_session()
    c = play.controller
    wait_for(qtbot, lambda: c.game is not None)
    moves: list[TomAction] = []
    play_game(qtbot, window, by_key, moves)
    game = c.game
    assert isinstance(game, TomGame) and game.settlement is not None
    s = game.settlement
    assert (s.winner, s.verdict.value) == (c.learner, "paid")
    assert s.score > 0 and tuple(s.call) == tuple(game.true_tokens())
    # every learner move went through the widgets and is in the record as played
    learner = [a for a in game.record if a.seat == c.learner]
    made = [a for a in moves if a.act not in (Act.DECLINE, Act.DRAW)]
    assert len(made) >= 3 and all(a in learner for a in made)
    assert {Act.EAT, Act.DISCARD, Act.WIN, Act.CALL} <= {a.act for a in made}
    # the store holds the game to its end
    stored = window.store.session(c.session_id or 0).games[0]
    assert not stored.unfinished and list(stored.actions) == list(game.record)
    # the result: the judged arrangement on the chiếu, the verdict and the pool in words
    view = play.chieu.view()
    assert view is not None and view.result is not None and view.result.groups
    assert view.result.verdict == "paid"
    assert "Được tính điểm" in play.hint_bar.label.text()
    session = c.session
    assert session is not None and session.pool == 50 - s.score
    assert view.hoi is not None and view.hoi.pool == f"{50 - s.score:g}"
    # the next game of the hội: the winner is cái (T2.4)
    play.controller.command("next_game")
    wait_for(qtbot, lambda: c.game is not game and c.game is not None)
    assert c.game is not None and c.game.deal.cai_seat == c.learner and c.game_no == 2
    window.close()


def test_the_hoi_ends_when_its_pool_runs_out_and_is_summed_up_T8_3(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    from desktop.qt import Qt
    from engine.totom import TomRules

    # a pool of 5: the learner's paid ù suông (4) leaves 1, less than an ù suông (T8.3)
    window = open_tom_window(qtbot, tmp_path, seeds=[PAID_BY_CLICKS, 1],
                             tom_rules=TomRules(hoi_points=5))
    window.new_session()
    play = tom(window)
    c = play.controller
    play_game(qtbot, window, by_key=False)
    assert c.hoi_over and c.session is not None and c.session.pool == 1
    assert [p.key for p in c.prompts()] == ["summary"]  # no next game
    c.command("next_game")
    assert c.game_no == 1
    qtbot.keyClick(play.chieu, Qt.Key.Key_E)  # no question: the hội is over
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.summary_page)
    text = play.summary_page.text.toPlainText()
    assert "Hội đã hết" in text and "hồ" in text
    window.close()
