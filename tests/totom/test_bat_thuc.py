"""Bất thực (TOTOM T4.13, TD3, TD7, TN6, TN8): a khàn or thiên khai given up as a lưng, its
cards back in the hand; its spare cards; the obligatory phỗng of a khàn bất thực's fourth
card; its report in the call; một cục."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim
from engine.game import Phase
from engine.totom.cards import Card
from engine.totom.mat import MeldOrigin
from engine.totom.verdict import Verdict
from tests.totom.table import decline_to, game_of, moves_of, play, rules_of

# Seat 1: khàn 6s given up, its three cards in three groups; waits on 9n and tt.
SPLIT = "3v 3s 7n 6v 6n 6s 4s 5s 6s 6s 7s 8s 1n 2n 3n 1v oc 9v 9s cc"
# All five cards of 6v×3 6n 6s can only lie in one phu bí (một cục); waits on 2v.
MOT_CUC = "6v 6v 6v 6n 6s 3v 3s 7n 1n 2n 3n 7s 8s 9s 1s oc cc 1v 3v tt"
# The same, but 4v 5v 6v and 6v 6v 6n 6s split the bất thực cards.
NOT_MOT_CUC = "6v 6v 6v 6n 6s 4v 5v 3v 3s 7n 1n 2n 3n 7s 8s 9s 1v 3v oc cc"


def test_t4_13_bat_thuc_on_ones_own_decision_takes_the_khan_back_into_the_hand() -> None:
    game = game_of({0: "5v", 1: "6s 6s 6s"}, actions=["1 up_khan 6s", "0 discard 5v"])
    assert "1 bat_thuc 6s" in moves_of(game)
    play(game, "1 bat_thuc 6s")
    assert (game.phase, game.actor) == (Phase.PLAY, 1)
    assert game.mats[1] == [] and game.hand[1][Card.S6] == 3
    assert Card.S6 in game.position(1).bat_thuc and game.position(1).packed.mat_lung == 0


def test_t4_13_not_at_another_seats_turn() -> None:
    game = game_of({0: "5v", 2: "6s 6s 6s"}, actions=["2 up_khan 6s", "0 discard 5v"])
    assert not game.can(game.ACTION(2, Act.BAT_THUC, Card.S6))


def test_t4_13_one_spare_card_of_a_khan_bat_thuc_then_td3() -> None:
    game = game_of({0: "5v", 3: "6s 6s 6s 5v 5v 7n 7n"}, noc="7n",
                   actions=["3 bat_thuc 6s", "0 discard 5v", "3 phong"])
    assert rules_of(play(game, "3 return 6s")) == []
    play(game, "1 draw")
    assert Claim(3, Act.PHONG) in game.pending_claims()
    decline_to(game, 3)
    play(game, "3 phong")
    assert rules_of(play(game, "3 return 6s")) == ["TD3"]


def test_t4_13_two_spare_cards_of_a_thien_khai_bat_thuc() -> None:
    game = game_of({0: "6s 6s 6s 6s 5v"}, actions=["0 bat_thuc 6s"])
    assert rules_of(play(game, "0 discard 6s")) == []
    assert game.bat_thuc[0][Card.S6].discarded == 1


def test_t4_13_a_third_card_of_a_thien_khai_bat_thuc_is_td3() -> None:
    # Seat 3 gives up its thiên khai at the opening, phỗngs three times and returns a 6s each
    # time: the first two are its spares, the third is TD3.
    game = game_of({0: "5v", 3: "6s 6s 6s 6s 5v 5v 7n 7n 8n 8n"}, noc="7n 8n",
                   actions=["3 bat_thuc 6s", "0 discard 5v", "3 phong"])
    assert rules_of(play(game, "3 return 6s")) == []
    play(game, "1 draw")
    decline_to(game, 3)
    play(game, "3 phong")
    assert rules_of(play(game, "3 return 6s")) == []
    play(game, "1 pass", "2 draw")
    decline_to(game, 3)
    play(game, "3 phong")
    assert rules_of(play(game, "3 return 6s")) == ["TD3"]


def test_t4_13_the_fourth_card_of_a_khan_bat_thuc_must_be_phong_d() -> None:
    game = game_of({0: "6s", 3: "6s 6s 6s"}, actions=["3 bat_thuc 6s", "0 discard 6s"])
    assert game.pending_claims() == (Claim(3, Act.PHONG),)
    assert rules_of(game.faults_of(game.ACTION(3, Act.DECLINE))) == ["TD7"]
    play(game, "3 phong")
    assert game.mats[3][0].origin is MeldOrigin.PHONG and len(game.mats[3][0].cards) == 4
    assert game.bat_thuc[3] == {}  # the bất thực ends


def test_td7_the_fourth_card_let_pass_under_bat_thuc() -> None:
    game = game_of({0: "6s", 3: "6s 6s 6s"}, actions=["3 bat_thuc 6s", "0 discard 6s"])
    play(game, "3 decline")
    assert rules_of(play(game, "1 draw")) == ["TD7"]
    assert game.hist[3].faults[0].cause_event == 1  # the card's window


def test_td7_the_entitled_player_owes_the_phong_of_its_own_bat_thuc() -> None:
    game = game_of({0: "6s", 1: "6s 6s 6s"}, actions=["1 bat_thuc 6s", "0 discard 6s"])
    assert "1 eat 6s 6s 6s" in moves_of(game)
    assert rules_of(play(game, "1 draw")) == ["TD7"]


def _win_with_bat_thuc(call: str) -> list[str]:
    game = game_of({0: "5v", 1: SPLIT}, noc="9n",
                   actions=["1 bat_thuc 6s", "0 discard 5v", "1 draw", "1 win", f"1 call {call}"])
    assert game.settlement is not None
    return [v.rule for v in game.settlement.offences]


def test_t4_13_the_true_call_reports_the_bat_thuc_first() -> None:
    """T5.8: after the ù, the bất thực is reported before any scoring token."""
    game = game_of({0: "5v", 1: SPLIT}, noc="9n",
                   actions=["1 bat_thuc 6s", "0 discard 5v", "1 draw", "1 win"])
    assert str(game.true_tokens()[0]) == "bat_thuc:6s:an_ca"


def test_tn8_a_bat_thuc_reported_right_records_nothing() -> None:
    assert _win_with_bat_thuc("bat_thuc:6s:an_ca tom") == []


def test_tn8_a_bat_thuc_not_reported() -> None:
    assert _win_with_bat_thuc("tom") == ["TN8"]


def test_tn8_a_bat_thuc_reported_after_a_cuoc() -> None:
    assert _win_with_bat_thuc("tom bat_thuc:6s:an_ca") == ["TN8"]


def test_tn8_a_bat_thuc_reported_with_the_wrong_spares() -> None:
    assert _win_with_bat_thuc("bat_thuc:6s:danh:1 tom") == ["TN8"]


def test_tn6_mot_cuc_when_the_cards_can_only_lie_in_one_phu_bi() -> None:
    game = game_of({0: "5v", 1: MOT_CUC}, noc="2v",
                   actions=["1 bat_thuc 6v", "0 discard 5v", "1 draw", "1 win"])
    play(game, "1 call " + " ".join(str(t) for t in game.true_tokens()))
    assert game.settlement is not None
    assert (game.settlement.verdict, game.settlement.rules) == (Verdict.UNPAID, ("TN6",))


def test_tn6_not_when_the_cards_can_be_split() -> None:
    game = game_of({0: "5s", 1: NOT_MOT_CUC}, noc="2v",
                   actions=["1 bat_thuc 6v", "0 discard 5s", "1 draw", "1 win"])
    play(game, "1 call " + " ".join(str(t) for t in game.true_tokens()))
    assert game.settlement is not None and game.settlement.verdict is Verdict.PAID
    assert game.settlement.arrangement is not None
    assert not game.settlement.arrangement.mot_cuc
