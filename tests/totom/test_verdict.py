"""The verdict on a declared ù (TOTOM T6.1, T6.4, T7.4, T7.6) and every worked example of T7.7,
played through the game to the call."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim
from engine.totom.cards import Card
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from engine.totom.verdict import Verdict
from tests.totom.table import decline_to, game_of, play

ROUND = ["2 draw", "2 pass", "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"]
# T7.7, examples 2 and 3: the mat is an eaten run 4v 5v 6v and an eaten phu bí 2v 2n 2s.
MAT_RUN_BI = ["0 discard 5v", "1 eat 4v 6v", "1 discard 9n", *ROUND, "1 eat 2n 2s",
              "1 discard 4s"]


def example(hand: str, mat_actions: list[str], mat_hand: str, w: str,
            rules: TomRules | None = None, thong_seat: int | None = None) -> TomGame:
    """Seat 1 builds its mat with ``mat_actions``, holding ``hand`` and ``mat_hand``; then seat
    2 draws W. The game stops at W's claim window."""
    rules = rules or TomRules()
    last = "2v" if "2n 2s" in mat_hand else "4v"
    game = game_of({0: "5v" if "4v 6v" in mat_hand else "5s", 1: f"{mat_hand} {hand}"},
                   noc=f"8n 4n 3n {last} {w}", actions=mat_actions, rules=rules,
                   thong_seat=thong_seat)
    play(game, "2 draw")
    return game


def test_t7_7_example_1_u_suong_on_9n() -> None:
    hand = "1v 2v 3v 6n 7n 8n 2s 3s 4s 9v 9s cc oc 1n"
    actions = ["0 discard 5s", "1 eat 5s 5s", "1 discard 9n", *ROUND, "1 eat 4n 4s",
               "1 discard 5n"]
    game = example(hand, actions, "5s 5s 4n 4s 9n 5n", "9n")
    assert sorted(game.waits(1)) == [Card.N9, Card.TT]
    assert Claim(1, Act.WIN) in game.pending_claims()
    decline_to(game, 1)
    play(game, "1 win")
    assert [str(t) for t in game.true_tokens()] == ["suong"]
    play(game, "1 call suong")
    s = game.settlement
    assert s is not None and (s.verdict, s.score) == (Verdict.PAID, 4)


def test_t7_7_example_2_chi_nay_tom_is_26() -> None:
    hand = "3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s"
    game = example(hand, MAT_RUN_BI, "4v 6v 2n 2s 9n 4s", "cc")
    assert game.waits(1) == (Card.CC,)
    decline_to(game, 1)
    play(game, "1 win")
    assert [str(t) for t in game.true_tokens()] == ["chi_nay", "tom"]
    play(game, "1 call chi_nay tom")
    s = game.settlement
    assert s is not None and (s.verdict, s.score) == (Verdict.PAID, 26)


def test_t7_7_example_3_thap_thanh_on_cc_needs_the_phong_statement() -> None:
    hand = "3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc"
    game = example(hand, MAT_RUN_BI, "4v 6v 2n 2s 9n 4s", "cc")
    waits = set(game.waits(1))
    assert {Card.V1, Card.N1, Card.S1, Card.OC, Card.TT, Card.CC} <= waits
    assert {Card.N4, Card.N8, Card.S6, Card.V3, Card.V7, Card.V2, Card.N2, Card.S2} <= waits
    decline_to(game, 1)
    assert {str(a) for a in game.legal_actions()} == {"1 win phong", "1 win khong_phong",
                                                      "1 win", "1 decline"}
    unsaid = game.copy()
    play(unsaid, "1 win")
    play(unsaid, str(unsaid.legal_actions()[0]))
    assert unsaid.settlement is not None
    assert (unsaid.settlement.verdict, unsaid.settlement.rules) == (Verdict.UNPAID, ("TN7",))
    play(game, "1 win phong")
    assert "chi_nay" not in [str(t) for t in game.true_tokens()]
    play(game, str(game.legal_actions()[0]))
    assert game.settlement is not None and game.settlement.verdict is Verdict.PAID


# T7.7, example 4: ten red cards, a tôm and a lèo; waits on 5n (4n 5n 6n).
RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"


def red10(call: str, thong: bool, rules: TomRules | None = None) -> TomGame:
    """Seat 1 (who won the last game when ``thong``) wins on 5n and calls ``call``."""
    game = game_of({0: "2v", 1: RED10}, noc="5n", rules=rules or TomRules(),
                   thong_seat=1 if thong else None)
    play(game, "0 discard 2v", "1 draw", "1 win", f"1 call {call}")
    return game


def test_t7_7_example_4_thong_thap_hong_tom_leo_is_18() -> None:
    game = red10("thong thap_hong tom leo", thong=True)
    s = game.settlement
    assert s is not None and (s.verdict, s.score, s.true_score) == (Verdict.PAID, 18, 18)


def test_t7_7_example_4_the_same_call_without_the_right_to_thong_is_td8() -> None:
    s = red10("thong thap_hong tom leo", thong=False).settlement
    assert s is not None and (s.verdict, s.rules) == (Verdict.CHEO_DO, ("TD8",))


def test_t7_7_example_4_thong_said_out_of_order_is_not_paid_under_call_order_unpaid() -> None:
    s = red10("thap_hong thong tom leo", thong=True).settlement
    assert s is not None and (s.verdict, s.score) == (Verdict.PAID, 16)


def test_t7_6_call_order_wrong_makes_the_misplaced_token_td8() -> None:
    s = red10("thap_hong thong tom leo", thong=True, rules=TomRules(call_order="wrong")).settlement
    assert s is not None and (s.verdict, s.rules) == (Verdict.CHEO_DO, ("TD8",))


def test_t7_6_call_order_ignore_pays_the_misplaced_token() -> None:
    s = red10("thap_hong thong tom leo", thong=True, rules=TomRules(call_order="ignore")).settlement
    assert s is not None and (s.verdict, s.score) == (Verdict.PAID, 18)


def test_t7_6_an_under_call_pays_only_what_was_said() -> None:
    s = red10("tom", thong=True).settlement
    assert s is not None and (s.verdict, s.score, s.true_score) == (Verdict.PAID, 6, 18)


def test_t6_1_a_cheo_do_cause_outranks_an_unpaid_one() -> None:
    game = game_of({0: "2v", 1: RED10}, noc="5n 8n 5n")
    play(game, "0 discard 2v", "1 draw", "1 decline", "1 pass", "2 draw", "2 pass")  # bỏ ù
    assert game.live is not None and game.entitled == 3
    play(game, "3 draw")
    assert Claim(1, Act.WIN) in game.pending_claims()
    decline_to(game, 1)
    play(game, "1 win", "1 call thong")  # TN1 and an over-call (TD8)
    s = game.settlement
    assert s is not None and (s.verdict, s.rules) == (Verdict.CHEO_DO, ("TD8",))
    assert [v.rule for v in s.offences] == ["TN1", "TD8"]


def test_t6_4_another_seats_offences_do_not_touch_the_winner() -> None:
    game = game_of({0: "4v 4v 4v 2v", 1: RED10}, noc="5n")
    play(game, "0 decline", "0 discard 2v", "1 draw")  # TN2 for seat 0 (its khàn kept)
    assert [v.rule for v in game.violations] == ["TN2"]
    assert Claim(1, Act.WIN) in game.pending_claims()
    play(game, "1 win", "1 call thap_hong tom leo")
    s = game.settlement
    assert s is not None and (s.verdict, s.score) == (Verdict.PAID, 16)
