"""The normal level: takes every ù (R7.1), chíus, calls its true cước (R8), never commits a
lỗi while a clean move exists (R7), and explains each move from the engine's facts."""

from __future__ import annotations

import pytest
from ai_positions import deal_with, decisions, normal_table, real_choices

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai import NormalPlayer
from engine.chan.ai.policy import Scored, best, fault_cost
from engine.chan.ai.selfplay import audit, play_game
from engine.chan.cards import Card, parse_cards
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game

RONG_5V = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s 5v"
THIEN_U = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8n 9v 9n 2n 2s 3n 3s"
NINES = "9v 9v 9n 9n 9s 9s cc cc 5s 5s 6n 6n 6s 6s 7n 7n 7s 7s 8n 8n"
THREE_9V = "9v 9v 9v 2v 2v 3v 3v 5n 6s 2n 2s 3n 3s 4n 4s 7n 7s 8n 8s"
FOURTH_9V = "9v 9n 9n 9s 9s cc cc 5s 5s 6n 6n 6v 6v 7v 7v 8v 8v 5v 5v 4v"


def test_normal_declares_thien_u_and_calls_its_true_cuoc() -> None:
    game = Game(deal_with({0: THIEN_U}))
    player = NormalPlayer()
    d = player.choose(game.observation(0))
    assert d.action == Action(0, Act.WIN)
    assert "thiên ù" in d.reason.vi
    game.apply(d.action)
    call = player.choose(game.observation(0))
    assert call.action.cuoc == game.true_call()
    game.apply(call.action)
    assert game.verdict is not None and not game.verdict.sai and not game.verdict.missing
    assert audit(game)[0].won and not audit(game)[0].wrong_call


def test_normal_wins_on_a_drawn_card() -> None:
    game = Game(deal_with({0: NINES, 1: RONG_5V}, noc_top="5n"))
    game.apply(Action.parse("0 discard 9v"))
    game.apply(Action.parse("1 draw"))
    obs = game.observation(1)
    assert obs.phase == "claim"
    d = NormalPlayer().choose(obs)
    assert d.action == Action(1, Act.WIN)
    assert "ù 5 văn" in d.reason.vi and "ù on 5n" in d.reason.en


def test_normal_chius_and_returns_a_clean_card() -> None:
    game = Game(deal_with({0: FOURTH_9V, 1: THREE_9V}))
    game.apply(Action.parse("0 discard 9v"))
    player = NormalPlayer()
    obs = game.observation(1)
    assert [a.act for a in obs.legal] == [Act.CHIU, Act.DECLINE]
    d = player.choose(obs)
    assert d.action.act is Act.CHIU
    assert d.reason.vi.startswith("chíu 9 vạn")
    game.apply(d.action)
    ret = player.choose(game.observation(1))
    assert ret.action.act is Act.RETURN
    assert not game.faults_of(ret.action)


def test_a_kept_wait_is_explained_with_its_live_cards() -> None:
    game = Game(deal_with({0: RONG_5V.replace("5v", "5v 9n")}))
    obs = game.observation(0)
    d = NormalPlayer().choose(obs)
    game.apply(d.action)
    h = game.hand[0]
    waits = H.waits(h, game.hand_n[0], game.mat_chan[0])
    assert waits, d
    seen = H.pack(obs.seen)
    live = sum(4 - H.count(h, w) - H.count(seen, w) for w in waits)
    assert f"còn {live} quân sống" in d.reason.vi
    assert f"{live} live cards" in d.reason.en
    assert "chờ ù rộng" in d.reason.vi or "chờ bạch thủ" in d.reason.vi


@pytest.mark.parametrize("seed", range(3))
def test_evaluate_values_every_legal_action_and_choose_takes_the_best_clean_one(
        seed: int) -> None:
    game = Game(Deal.shuffled(seed))
    player = NormalPlayer()
    for obs in decisions(game, normal_table()):
        values = player.evaluate(obs)
        assert set(values) == set(obs.legal)
        if not real_choices(obs):
            continue
        d = player.choose(obs)
        clean = [a for a, f in zip(obs.legal, obs.faults, strict=True) if not f]
        assert d.action in clean
        assert values[d.action] == max(values[a] for a in clean)
        assert d.reason.vi and d.reason.en


@pytest.mark.parametrize("players", [2, 3, 4])
def test_normal_commits_no_loi_misses_no_u_and_calls_right(players: int) -> None:
    for seed in range(6):
        game = play_game(Game(Deal.shuffled(seed, players)), normal_table(players))
        for seat_audit in audit(game):
            assert seat_audit.violations == 0
            assert seat_audit.missed_u == 0
            assert not seat_audit.wrong_call


def test_when_every_move_breaks_a_rule_the_least_costly_is_chosen() -> None:
    """R7.2–R7.4: a báo lỗi costs more than an unpaid win's lỗi, which costs more than none."""
    bao = Scored(Action(0, Act.DISCARD, Card.V9), 0.5 - fault_cost(("L13",)), ("L13",))
    nghi = Scored(Action(0, Act.DISCARD, Card.N9), 0.5 - fault_cost(("L1",)), ("L1",))
    assert best([bao, nghi]) is nghi
    clean = Scored(Action(0, Act.DISCARD, Card.S9), 0.1, ())
    assert best([bao, nghi, clean]) is clean


def test_the_true_call_is_the_legal_call() -> None:
    game = Game(deal_with({0: NINES, 1: RONG_5V}, noc_top="5n"))
    for text in ("0 discard 9v", "1 draw", "1 win"):
        game.apply(Action.parse(text))
    d = NormalPlayer().choose(game.observation(1))
    assert d.action.act is Act.CALL and d.action.cuoc == game.true_call()
    assert parse_cards("5n")[0] == game.outcome.card if game.outcome else False


def test_moves_read_as_words() -> None:
    from engine.chan.ai.reasons import action_text
    assert action_text(Action.parse("0 discard 9v")).vi == "đánh 9 vạn"
    assert action_text(Action.parse("0 eat cc")).en == "eat with cc"
    assert action_text(Action.parse("1 draw")).vi == "bốc"
