"""The yêu duties (TOTOM T4.10, T4.6, TD9, TD10): a yêu that comes to one's cửa must be eaten —
alone, with its copy, with two copies (a phỗng) or in a phu — and a yêu is never discarded;
the duty follows the card to the next seat after a dưới."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim
from engine.game import Phase
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.mat import MeldOrigin
from engine.totom.rules import TomRules
from engine.totom.verdict import Verdict
from tests.totom.table import decline_to, game_of, moves_of, play, rules_of


def test_t4_10_a_drawn_yeu_may_be_eaten_alone() -> None:
    game = game_of({0: "5v", 1: "2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw")
    assert "1 eat" in moves_of(game)
    assert rules_of(play(game, "1 eat", "1 discard 2n")) == []
    meld = game.mats[1][0]
    assert (meld.origin, meld.cards, meld.taken) == (MeldOrigin.YEU, (Card.OC,), Card.OC)


def test_t4_6_a_yeu_eaten_with_its_copy_lies_as_two_lone_yeu() -> None:
    game = game_of({0: "5v", 1: "oc 2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw", "1 eat oc")
    assert (game.mats[1][0].origin, game.mats[1][0].cards) == (MeldOrigin.YEU, (Card.OC,) * 2)


def test_t4_6_a_yeu_eaten_alone_while_its_copy_stays_in_hand_is_tn2() -> None:
    game = game_of({0: "5v", 1: "oc 2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw")
    assert rules_of(play(game, "1 eat")) == ["TN2"]


def test_t4_6_a_yeu_eaten_with_two_copies_is_a_phong() -> None:
    game = game_of({0: "5v", 1: "oc oc 2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw", "1 eat oc oc")
    assert (game.mats[1][0].origin, game.mats[1][0].cards) == (MeldOrigin.PHONG, (Card.OC,) * 3)
    assert game.mats[1][0].mat_meld().is_lung


def test_t4_10_a_yeu_may_be_eaten_into_a_phu() -> None:
    game = game_of({0: "5v", 1: "2v 3v 4n"}, noc="1v")
    play(game, "0 discard 5v", "1 draw", "1 eat 2v 3v")
    assert game.mats[1][0].cards == (Card.V1, Card.V2, Card.V3)


def test_td10_a_yeu_left_by_duoi_is_td10_and_the_duty_follows_the_card() -> None:
    game = game_of({0: "5v", 1: "2n", 2: "3n"}, noc="oc 7s")
    play(game, "0 discard 5v", "1 draw")
    assert rules_of(play(game, "1 pass")) == ["TD10"]
    assert game.entitled == 2 and "2 eat" in moves_of(game)
    assert rules_of(play(game, "2 draw")) == ["TD10"]


def test_td10_eating_the_yeu_records_nothing() -> None:
    game = game_of({0: "5v", 1: "2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw")
    assert rules_of(play(game, "1 eat", "1 discard 2n")) == []


def test_td10_not_owed_when_eating_would_leave_only_yeu_to_discard() -> None:
    # [decision] a duty that forces a TD9 next is no duty
    yeu = "1v 1v 1v 1v 1n 1n 1n 1n 1s 1s 1s 1s oc oc oc oc tt tt tt tt"
    game = game_of({0: "5v", 1: yeu}, noc="cc")
    play(game, "0 discard 5v", "1 draw")
    while game.actor != 1 or game.phase.value != "play":
        play(game, f"{game.actor} decline")
    assert rules_of(play(game, "1 pass")) == []


def test_td9_a_yeu_is_never_discarded() -> None:
    game = game_of({0: "oc 5v"})
    assert rules_of(play(game, "0 discard oc")) == ["TD9"]
    assert rules_of(game_of({0: "oc 5v"}, actions=["0 discard 5v"]).violations) == []


def test_td10_costs_what_yeu_offence_says() -> None:
    waits_9n = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s"
    for offence, verdict in (("cheo_do", Verdict.CHEO_DO), ("unpaid", Verdict.UNPAID)):
        game = game_of({0: "5v", 1: waits_9n}, noc="oc 9n", rules=TomRules(yeu_offence=offence))
        play(game, "0 discard 5v", "1 draw", "1 pass", "2 draw", "1 win")
        play(game, str(game.legal_actions()[0]))
        assert game.settlement is not None
        assert (game.settlement.verdict, game.settlement.rules) == (verdict, ("TD10",))


def test_td10_not_when_another_seat_phongs_the_yeu() -> None:
    game = game_of({0: "5v", 1: "2n", 3: "oc oc 3n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw")
    assert game.pending_claims() == (Claim(3, Act.PHONG),)
    play(game, "3 phong", "3 return 3n")
    assert game.live is not None and game.live.card == Card.N3
    assert rules_of(play(game, "1 pass")) == []


def test_td10_not_on_the_last_card() -> None:
    # T2.8: the last card can only be won on; nobody owes it an eat.
    game = game_of({0: "5v", 1: "2n"}, noc="oc", rules=TomRules(noc_stop=18))
    play(game, "0 discard 5v", "1 draw")
    assert game.live is not None and game.live.final
    assert rules_of(play(game, "1 pass")) == [] and game.is_over


def test_td9_costs_what_yeu_offence_says() -> None:
    # Seat 1 eats 8v, discards a second ông cụ (TD9) and wins later on 5n.
    hand = "3v 3s 7n 9v 8s cc 7v 9v 7s 8s 9s tt oc oc cc 1v 1n 1s 4n 6n"
    for offence, verdict in (("cheo_do", Verdict.CHEO_DO), ("unpaid", Verdict.UNPAID)):
        game = game_of({0: "8v", 1: hand}, noc="5n", rules=TomRules(yeu_offence=offence),
                       actions=["0 discard 8v", "1 eat 7v 9v"])
        assert rules_of(play(game, "1 discard oc")) == ["TD9"]
        while game.phase is not Phase.PLAY:
            play(game, f"{game.actor} decline")
        play(game, "2 draw")
        decline_to(game, 1)
        play(game, "1 win", "1 call thap_hong tom leo")
        assert game.settlement is not None
        assert (game.settlement.verdict, game.settlement.rules) == (verdict, ("TD9",))


def test_t4_10_a_yeu_that_comes_must_be_eaten_even_of_a_kind_declined_before() -> None:
    # Seat 3 lets the optional phỗng of an ông cụ pass (T4.14: a decline of the kind). When
    # the third ông cụ comes to its own cửa, T4.10 obliges it to eat it: eating it is the duty,
    # not "bỏ rồi lại ăn" (TD6), while leaving it stays TD10.
    game = game_of({0: "5v", 1: "2n 9s", 3: "oc oc 3n 4s"}, noc="oc 8n oc",
                   actions=["0 discard 5v", "1 draw", "3 decline", "1 eat", "1 discard 2n",
                            "2 draw", "2 pass", "3 draw"])
    assert game.hist[3].declined_kinds == {Card.OC: 2}
    assert game.live is not None and (game.live.card, game.entitled) == (Card.OC, 3)
    assert rules_of(game.faults_of(TomAction.parse("3 eat oc oc"))) == []
    assert rules_of(game.faults_of(TomAction.parse("3 phong"))) == []
    assert rules_of(game.faults_of(TomAction.parse("3 pass"))) == ["TD10"]


def test_td6_still_for_a_declined_yeu_phong_d_at_another_cua() -> None:
    # Only the duty is exempt: a phỗng out of turn is a choice, and a declined one forbids it.
    game = game_of({0: "5v", 1: "2n 9s", 3: "oc oc 3n 4s"}, noc="oc 8n 2s oc",
                   actions=["0 discard 5v", "1 draw", "3 decline", "1 eat", "1 discard 2n",
                            "2 draw", "2 pass", "3 draw", "3 pass", "4 draw"])
    assert game.live is not None and game.live.card == Card.OC
    assert Claim(3, Act.PHONG) in game.pending_claims()
    assert rules_of(game.faults_of(TomAction.parse("3 phong"))) == ["TD6"]
