"""The chèo đò causes TD1–TD10 (TOTOM T6.3), each at its boundary: one move that just commits
it, one that just does not. TD3 under bất thực and TD7 under khàn bất thực are in
test_bat_thuc.py, TD4 and TD6 in test_declines.py, TD5 in test_ha_trung.py, TD9 and TD10 in
test_yeu.py."""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.errors import CardNotHeld
from engine.game import Mode
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.verdict import Verdict
from tests.totom.table import decline_to, game_of, play, rules_of

# The only lưng this hand can have is a phỗng of 9n: a bạch thủ (T5.5), won "phỗng".
BACH_THU = "1v 2v 3v 4v 5v 6v 7v 8v 9v 4n 5n 6n 4s 5s 6s 7s 1s oc 9n 9n"
RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"
ROUND = ["2 draw", "2 pass", "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"]


def test_td1_a_phong_statement_no_arrangement_fits() -> None:
    game = game_of({0: "9n", 1: BACH_THU}, actions=["0 discard 9n"])
    assert rules_of(game.faults_of(TomAction(1, Act.WIN, phong=False))) == ["TD1"]
    assert rules_of(game.faults_of(TomAction(1, Act.WIN, phong=True))) == []


def test_td1_a_hand_that_does_not_win() -> None:
    game = game_of({0: "9v 2v", 1: "4v 6v"}, actions=["0 discard 2v"])
    assert rules_of(play(game, "1 win")) == ["TD1"]
    play(game, "1 call suong")
    assert game.settlement is not None and game.settlement.verdict is Verdict.CHEO_DO
    assert game.settlement.arrangement is None and game.settlement.score == 0


def test_td2_discarding_the_second_card_of_a_phu_with_a_taken_card() -> None:
    game = game_of({0: "5v", 1: "4v 6v 5n 5s 9s 7n 9n"}, noc="2n 3n 2s 8n",
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 5n", *ROUND,
                            "1 eat 7n 9n"])
    assert rules_of(game.faults_of(TomAction(1, Act.DISCARD, Card.S5))) == ["TD2"]
    assert game.faults_of(TomAction(1, Act.DISCARD, Card.S5))[0].cause_event == 2
    assert rules_of(game.faults_of(TomAction(1, Act.DISCARD, Card.S9))) == []


def test_td3_discarding_a_card_of_ones_mat_in_real_mode() -> None:
    game = game_of({0: "5v", 1: "4v 6v 9n"}, actions=["0 discard 5v", "1 eat 4v 6v"])
    assert rules_of(play(game.copy(), "1 discard 5v")) == ["TD3"]
    assert rules_of(play(game, "1 discard 9n")) == []


def test_td3_a_mat_card_is_no_card_to_discard_outside_real_mode() -> None:
    game = game_of({0: "5v", 1: "4v 6v 9n"}, actions=["0 discard 5v", "1 eat 4v 6v"],
                   mode=Mode.TEACHING)
    with pytest.raises(CardNotHeld):
        game.apply(TomAction(1, Act.DISCARD, Card.V5))


def test_td3_a_face_down_khan_card_discarded() -> None:
    game = game_of({0: "6s 6s 6s 5v"}, actions=["0 up_khan 6s"])
    assert rules_of(play(game, "0 discard 6s")) == ["TD3"]
    assert game.mats[0][0].broken


def test_td7_a_day_khan_let_pass() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s"}, actions=["2 up_khan 6s", "0 discard 6s"])
    assert rules_of(game.faults_of(TomAction(2, Act.DECLINE))) == ["TD7"]
    play(game, "2 decline")
    assert rules_of(play(game, "1 draw")) == ["TD7"]


def test_td7_not_when_the_khan_takes_the_card() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s 3n"}, actions=["2 up_khan 6s", "0 discard 6s"])
    play(game, "2 day_khan", "2 return 3n")
    assert game.violations == []


def test_td8_an_over_call() -> None:
    game = game_of({0: "2v", 1: RED10}, noc="5n",
                   actions=["0 discard 2v", "1 draw", "1 win"])
    assert rules_of(game.faults_of(TomAction.parse("1 call bach_dinh tom leo"))) == ["TD8"]
    assert rules_of(game.faults_of(TomAction.parse("1 call thap_hong tom leo"))) == []
    assert rules_of(game.faults_of(TomAction.parse("1 call tom:2 leo"))) == ["TD8"]
    assert rules_of(game.faults_of(TomAction.parse("1 call suong tom"))) == ["TD8"]


def test_td2_not_for_a_card_discarded_before_the_take() -> None:
    # 5n went before 5v was taken: 5v 5n 5s would be a phu, but 5n was not discarded "since".
    game = game_of({1: "5n 4v 6v 5s 9s"}, noc="2n 8n 3s 9n 5v", cai=1,
                   actions=["1 discard 5n", *ROUND, "1 draw", "1 eat 4v 6v"])
    assert game.mats[1][0].cards == (Card.V4, Card.V5, Card.V6)
    assert rules_of(game.faults_of(TomAction(1, Act.DISCARD, Card.S5))) == []


def test_td2_after_a_phong_the_returned_card_counts() -> None:
    # A phỗng is a take too, and trả cửa a discard: 5v phỗng'd, 5n returned, then 5s.
    game = game_of({0: "5v", 3: "5v 5v 5n 5s 8n 8n 2n"}, noc="8n",
                   actions=["0 discard 5v", "3 phong", "3 return 5n", "1 draw"])
    decline_to(game, 3)
    play(game, "3 phong")
    assert rules_of(game.faults_of(TomAction(3, Act.RETURN, Card.S5))) == ["TD2"]
    assert rules_of(game.faults_of(TomAction(3, Act.RETURN, Card.N2))) == []
