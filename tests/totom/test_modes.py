"""The three modes (TOTOM T4.16): teaching warns before any action that would record a TN or TD
cause and explains the rule; strict refuses such actions while another exists; real allows
them and judges at the ù."""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.errors import ForbiddenMove
from engine.game import Mode
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from tests.totom.table import game_of, moves_of, play, rules_of


def test_t4_16_teaching_explains_the_rule_before_the_move() -> None:
    game = game_of({0: "oc 5v"}, mode=Mode.TEACHING)
    said = game.explain(TomAction(0, Act.DISCARD, Card.OC))
    assert [e.rule for e in said] == ["TD9"]
    assert "oc" in said[0].en and "yêu" in said[0].vi
    assert game.explain(TomAction(0, Act.DISCARD, Card.V5)) == ()


def test_t4_16_teaching_says_a_claim_let_pass_once() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s"}, actions=["2 up_khan 6s", "0 discard 6s"],
                   mode=Mode.TEACHING)
    said = game.explain(TomAction(2, Act.DECLINE))
    assert [e.rule for e in said] == ["TD7"]


def test_t4_16_teaching_warns_but_does_not_refuse() -> None:
    game = game_of({0: "oc 5v"}, mode=Mode.TEACHING)
    assert rules_of(play(game, "0 discard oc")) == ["TD9"]


def test_t4_16_strict_refuses_an_offence_while_a_clean_move_exists() -> None:
    game = game_of({0: "oc 5v"}, mode=Mode.STRICT)
    assert "0 discard oc" not in moves_of(game)
    with pytest.raises(ForbiddenMove):
        game.apply(TomAction(0, Act.DISCARD, Card.OC))
    assert game.record == []


def test_t4_16_strict_allows_an_offence_when_every_move_is_one() -> None:
    # Seat 1 took 5v and let 5n go; after taking 8n it holds 5s and yêu only: discarding 5s
    # is TD2 (5v 5n 5s), discarding a yêu TD9.
    hand = "4v 6v 5n 5s 7n 9n 1v 1v 1v 1n 1n 1n 1s 1s 1s oc oc oc tt tt"  # four khàn of yêu
    game = game_of({0: "5v", 1: hand}, noc="2n 3n 2s 8n", automations={"lay"},
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 5n", "2 draw", "2 pass",
                            "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass",
                            "1 eat 7n 9n"])
    assert game.hand_cards(1) == (Card.S5, Card.TT, Card.TT)
    game.mode = Mode.STRICT
    moves = game.legal_actions()
    assert moves == game.moves() and all(game.faults_of(a) for a in moves)
    assert rules_of(play(game, "1 discard 5s")) == ["TD2"]


def test_t4_16_strict_filters_the_legal_actions_of_every_phase() -> None:
    game = game_of({0: "4v 4v 4v"}, mode=Mode.STRICT, automations=())
    assert moves_of(game) == ["0 up_khan 4v", "0 bat_thuc 4v"]  # no decline: TN2


def test_t4_16_real_mode_allows_and_records() -> None:
    game = game_of({0: "oc 5v"})
    assert "0 discard oc" in moves_of(game)
    assert rules_of(play(game, "0 discard oc")) == ["TD9"]
    assert game.hist[0].faults[0].rule == "TD9"


def test_t4_16_observation_lists_the_faults_of_each_legal_action() -> None:
    game = game_of({0: "oc 5v"}, mode=Mode.TEACHING)
    seen = game.observation(0)
    faults = dict(zip((str(a) for a in seen.legal), seen.faults, strict=True))
    assert faults["0 discard oc"] == ("TD9",) and faults["0 discard 5v"] == ()
    assert game.observation(1).legal == ()
