"""The unpaid causes TN1–TN8 (TOTOM T6.2), each at its boundary: one move that just commits it,
one that just does not. TN2 at the opening is in test_opening.py, TN6 and TN8 in
test_bat_thuc.py."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim
from engine.totom.cards import Card
from engine.totom.game import TomGame
from engine.totom.rulebook import REGISTRY, UNPAID
from engine.totom.verdict import TomSettlement, Verdict
from tests.totom.table import decline_to, game_of, play, rules_of

# Ten red, a tôm and a lèo; waits on 5n (4n 5n 6n).
RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"
# A khàn of 5v (face down) and SP7 for lưng; waits on 5n (4n 5n 6n 7n 8n).
KHAN_5V = "5v 5v 5v 1n 2n 3n 4s 5s 6s 7s 8s 9s 1v 1s oc cc 4n 6n 7n 8n"


def test_tn1_a_win_let_pass_makes_a_later_win_unpaid() -> None:
    game = game_of({0: "2v", 1: RED10}, noc="5n 8n 5n",
                   actions=["0 discard 2v", "1 draw", "1 decline", "1 pass", "2 draw",
                            "2 pass", "3 draw"])
    s = won_now(game, 1, "thap_hong tom leo")
    assert (s.verdict, s.rules) == (Verdict.UNPAID, ("TN1",))
    assert s.offences[0].cause_event == 1  # the draw whose ù was let pass


def won_now(game: TomGame, seat: int, call: str) -> TomSettlement:
    """``seat`` wins on the live card (the claims before its own let pass) and calls."""
    assert Claim(seat, Act.WIN) in game.pending_claims()
    decline_to(game, seat)
    play(game, f"{seat} win", f"{seat} call {call}")
    assert game.settlement is not None
    return game.settlement


def test_tn1_not_for_a_win_taken_at_once() -> None:
    game = game_of({0: "2v", 1: RED10}, noc="5n",
                   actions=["0 discard 2v", "1 draw", "1 win", "1 call thap_hong tom leo"])
    assert game.settlement is not None and game.settlement.verdict is Verdict.PAID


def test_tn2_an_eat_that_keeps_a_copy_of_the_card_in_the_hand() -> None:
    game = game_of({0: "5v", 1: "4v 6v 5v"}, actions=["0 discard 5v"])
    assert rules_of(play(game.copy(), "1 eat 4v 6v")) == ["TN2"]
    assert rules_of(play(game, "1 eat 4v 6v 5v")) == []
    assert game.mats[1][0].trung == (Card.V5,)  # T4.6 H1: a quân trùng on the run


def test_tn3_is_in_the_rulebook_and_never_judged_by_the_game() -> None:
    # T3.8: the software lays mat cards itself, so trái vỉ cannot happen in play
    rule = REGISTRY["TN3"]
    assert rule.consequence == UNPAID and rule.name.vi == "Trái vỉ"


def win_with_khan(call: str) -> TomGame:
    """Seat 1 lays its khàn face down, wins on 5n and calls ``call``."""
    return game_of({0: "2v", 1: KHAN_5V}, noc="5n",
                   actions=["1 up_khan 5v", "0 discard 2v", "1 draw", "1 win", f"1 call {call}"])


def test_tn4_a_khan_turned_up_after_the_first_cuoc() -> None:
    game = win_with_khan("suong khan:5v")
    assert game.settlement is not None and game.settlement.rules == ("TN4",)


def test_tn4_tn5_not_when_the_khan_is_turned_up_first() -> None:
    game = win_with_khan("khan:5v suong")
    assert game.settlement is not None and game.settlement.verdict is Verdict.PAID


def test_tn5_a_khan_never_turned_up() -> None:
    game = win_with_khan("suong")
    assert game.settlement is not None and game.settlement.rules == ("TN5",)
    assert game.settlement.offences[0].card == Card.V5


def test_tn7_two_copies_of_w_held_and_no_statement() -> None:
    waits = "3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc 4v 5v 6v 2v 2n 2s"  # thập thành
    game = game_of({0: "9n", 1: waits}, noc="cc", actions=["0 discard 9n"])
    decline_to(game, 1)
    play(game, "1 draw")
    assert rules_of(game.faults_of(game.ACTION(1, Act.WIN))) == ["TN7"]
    assert rules_of(game.faults_of(game.ACTION(1, Act.WIN, phong=False))) == []
    assert rules_of(game.faults_of(game.ACTION(1, Act.WIN, phong=True))) == []


def test_tn7_no_statement_needed_with_one_copy() -> None:
    game = game_of({0: "2v", 1: RED10}, noc="5n", actions=["0 discard 2v", "1 draw"])
    assert rules_of(game.faults_of(game.ACTION(1, Act.WIN))) == []


def test_tn1_a_win_let_pass_on_a_shown_thien_khai() -> None:
    waits_9n = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s"  # and tt
    game = game_of({0: "9n 9n 9n 9n 5v", 2: waits_9n}, noc="2s tt",
                   actions=["0 up_thien_khai 9n", "0 reveal 9n", "2 decline", "0 discard 5v",
                            "1 draw", "1 pass", "2 draw"])
    s = won_now(game, 2, "suong")
    assert (s.verdict, s.rules) == (Verdict.UNPAID, ("TN1",))
    assert s.offences[0].cause_event == 1  # the reveal whose window was let pass


def test_tn2_a_thien_khai_kept_in_the_hand_at_the_seats_first_discard() -> None:
    game = game_of({0: "5v", 1: "4v 4v 4v 4v 6v 8n 9n"})
    play(game, "1 decline")  # neither laid face down nor given up (T4.1)
    assert game.hist[1].unlaid == (Card.V4,)
    play(game, "0 discard 5v", "1 eat 4v 6v")
    assert rules_of(play(game.copy(), "1 discard 8n")) == ["TN2"]
