"""Declines and what they forbid (TOTOM T4.14, TD4, TD6): a card that came to one's cửa and
could have been eaten without an offence, or phỗng'd, and was not; later eating its kind,
eating into a run with a pair it would have made a run with, eating onto a mat run it would
have extended, or discarding both cards of a declined pair."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim, Declined
from engine.totom.cards import Card
from tests.totom.table import decline_to, game_of, play, rules_of

ROUND = ["1 pass", "2 draw", "2 pass", "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"]


def test_t4_14_drawing_past_an_eatable_card_declines_its_kind() -> None:
    game = game_of({0: "5v", 1: "4v 6v"}, noc="2n", actions=["0 discard 5v"])
    assert Declined(1, Act.EAT, Card.V5, 0) in play(game, "1 draw")
    assert game.hist[1].declined_kinds == {Card.V5: 1}
    assert game.hist[1].declined_pairs[(Card.V4, Card.V6)] == 1


def test_t4_14_no_decline_when_nothing_could_be_eaten() -> None:
    no_partner = "1n 2n 3n 4n 6n 7n 8n 9n 1s 2s 3s 4s 6s 7s 8s 9s 1v 9v oc cc"
    game = game_of({0: "5v", 1: no_partner}, noc="2n", actions=["0 discard 5v", "1 draw"])
    assert game.hist[1].declined_kinds == {}


def test_td6_eating_the_declined_kind_later() -> None:
    game = game_of({0: "5v", 1: "4v 6v"}, noc="2n 3n 8s 7s 5v",
                   actions=["0 discard 5v", "1 draw", *ROUND])
    assert game.live is not None and game.live.card == Card.V5 and game.entitled == 1
    events = play(game, "1 eat 4v 6v")
    assert rules_of(events) == ["TD6"]
    assert game.hist[1].faults[0].cause_event == 1  # the draw that declined


def test_td6_eating_into_a_run_with_a_declined_pair() -> None:
    game = game_of({0: "5v", 1: "6v 7v 9v"}, noc="2n 3n 8s 7s 8v",
                   actions=["0 discard 5v", "1 draw", *ROUND])
    assert rules_of(game.faults_of(game.ACTION(1, Act.EAT, cards=(Card.V6, Card.V7)))) == [
        "TD6"]
    assert rules_of(game.faults_of(game.ACTION(1, Act.EAT, cards=(Card.V7, Card.V9)))) == []


def test_td6_eating_onto_a_declined_mat_run() -> None:
    game = game_of({0: "5v", 1: "4v 6v 2s"}, noc="2n 3n 8s 7v 3v",
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 2s", "2 draw", "2 pass",
                            "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"])
    assert game.live is not None and game.live.card == Card.V7 and game.entitled == 1
    run = game.mats[1][0].id
    play(game, "1 draw")  # it could gá 7v onto its run: declined
    assert game.hist[1].declined_runs == {run: 11}
    assert game.live is not None and game.live.card == Card.V3
    assert rules_of(play(game, "1 eat onto 0")) == ["TD6"]


def test_t4_14_a_declined_phong_forbids_discarding_both_cards_td4() -> None:
    game = game_of({0: "5v", 3: "5v 5v 7n 7n 8n 8n"}, noc="7n 8n",
                   actions=["0 discard 5v", "3 decline", "1 draw"])
    assert game.hist[3].declined_phong == {Card.V5: 1}  # the event that closed the window
    play(game, "3 phong")
    assert rules_of(play(game, "3 return 5v")) == []
    play(game, "1 pass", "2 draw")
    decline_to(game, 3)
    play(game, "3 phong")
    events = play(game, "3 return 5v")
    assert rules_of(events) == ["TD4"]
    assert game.hist[3].faults[0].cause_event == 1


def test_t4_14_a_declined_phong_also_forbids_eating_the_kind_later() -> None:
    # [decision, Q14] "không ăn, không phỗng … lần sau đến cũng không được ăn"
    game = game_of({0: "5v", 4: "5v 5v 4v 6v 9n"}, noc="2s 2n 3s 5v",
                   actions=["0 discard 5v", "4 decline", "1 draw"])
    assert game.hist[4].declined_kinds == {Card.V5: 1}
    play(game, "1 pass", "2 draw", "2 pass", "3 draw", "3 pass", "4 draw")
    assert game.live is not None and game.live.card == Card.V5 and game.entitled == 4
    eat = game.ACTION(4, Act.EAT, cards=(Card.V4, Card.V5, Card.V5, Card.V6))
    assert rules_of(game.faults_of(eat)) == ["TD6"]
    assert rules_of(game.faults_of(game.ACTION(4, Act.PHONG))) == ["TD6"]


def test_td6_phong_of_a_kind_declined_before() -> None:
    # Seat 1 draws past the 5v it could have phỗng'd at its own cửa; a later 5v at another
    # cửa may not be phỗng'd either, while a phỗng of another kind stays clean.
    game = game_of({0: "5v", 1: "5v 5v 8n 8n 2n"}, noc="2s 8n 3s 5v",
                   actions=["0 discard 5v", "1 draw", "1 pass", "2 draw"])
    assert game.hist[1].declined_kinds == {Card.V5: 1}
    assert Claim(1, Act.PHONG) in game.pending_claims()
    decline_to(game, 1)
    assert rules_of(game.faults_of(game.ACTION(1, Act.PHONG))) == []
    play(game, "1 decline", "2 pass", "3 draw", "3 pass", "4 draw")
    assert game.live is not None and game.live.card == Card.V5
    decline_to(game, 1)
    assert rules_of(game.faults_of(game.ACTION(1, Act.PHONG))) == ["TD6"]


def test_t4_14_winning_on_a_declined_card_is_allowed() -> None:
    waits_7v = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 8v"
    game = game_of({0: "7v", 1: waits_7v}, noc="2n 3n 8s 7s 7v")
    play(game, "0 discard 7v", "1 decline", "1 draw", *ROUND[:-1])
    assert game.hist[1].declined_kinds.get(Card.V7) == 1
    assert Claim(1, Act.WIN) in game.pending_claims()
    play(game, "1 win")
    play(game, str(game.legal_actions()[0]))
    assert game.settlement is not None
    assert game.settlement.rules == ("TN1",)  # the ù let pass, not TD6


def test_t4_14_a_thien_khai_window_records_no_decline() -> None:
    waits_9n = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s"
    game = game_of({0: "9n 9n 9n 9n", 2: waits_9n},
                   actions=["0 up_thien_khai 9n", "0 reveal 9n", "2 decline"])
    assert game.hist[2].declined_kinds == {} and game.hist[2].bo_u == [1]
