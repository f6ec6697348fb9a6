"""The strong player and its advice never fail on a table of seats that commit lỗi.

At a table of random players several seats are báo, and most deals of the unseen cards make
some seat báo before a move the record shows it make, so few worlds replay the record (one in
five at the position below). The search then tries more chain worlds and uniform deals; if no
world fits at all (``NoWorld``) it keeps the normal policy's move and values.

(Asked for by issue 15.)
"""

from __future__ import annotations

import random

import pytest

from engine.chan.ai import NormalPlayer, make_player
from engine.chan.ai.selfplay import play_session
from engine.chan.ai.strong import strong_player
from engine.chan.ai.worlds import NoWorld, sample_world
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.errors import IllegalAction
from replays.advice import advise, decision_points


def test_strong_advice_at_a_table_of_three_bao_seats() -> None:
    game = play_session(("random", "random", "beginner", "normal"), 3, seed=8)[2]
    point = next(p for p in decision_points(game, 3) if p.event == 61)
    assert sum(point.before.bao) == 3  # seats 0, 1 and 2 are báo
    advice = advise(point.before, 3, "strong")
    assert advice.best in point.before.legal_actions()
    assert advice.lost(advice.best) == 0.0


def test_when_no_world_fits_strong_plays_and_values_as_normal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(Deal.shuffled(77))
    normal = NormalPlayer()
    for _ in range(14):
        seat = game.actor
        assert seat is not None
        game.apply(normal.choose(game.observation(seat)).action)
    seat = game.actor
    assert seat is not None
    obs = game.observation(seat)

    def refuted(*args: object, **kwargs: object) -> Game:
        raise IllegalAction(seat, "replay", "refuted by the test")

    monkeypatch.setattr(Game, "replay", refuted)
    with pytest.raises(NoWorld, match="recorded moves"):
        sample_world(obs, random.Random(0))
    player = strong_player(1, budget_ms=None, worlds=6)
    assert player.choose(obs).action == normal.choose(obs).action
    decision, values = player.judge(obs)
    assert decision.action == normal.choose(obs).action
    assert values == normal.evaluate(obs)


def test_strong_finishes_games_among_random_players() -> None:
    for i in range(3):
        game = Game(Deal.shuffled(300 + i))
        table = [make_player("random", i * 4 + s) for s in range(4)]
        table[i % 4] = strong_player(i, budget_ms=None, worlds=4)
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            game.apply(table[seat].choose(game.observation(seat)).action)
        assert not [v for v in game.violations if v.seat == i % 4]
