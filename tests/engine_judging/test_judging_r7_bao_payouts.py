"""R7.1–R7.4 (bỏ ù, nghỉ ăn tiền, báo, ù láo, ù báo) and R9.1 stake: who pays whom.

Settlements are in điểm × stake, one entry per seat, and always sum to zero.
"""

from __future__ import annotations

import pytest
from judging_positions import call_true, game, play

from engine.actions import Act, Action
from engine.chan.cards import Card
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.settlement import Payout
from engine.events import EndKind
from engine.game import Phase

RONG = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"  # 6 chắn 3 cạ, què 9v


def settled(g: Game) -> tuple[Payout, tuple[float, ...]]:
    assert g.is_over and g.settlement is not None
    assert sum(g.settlement.transfers) == 0
    return g.settlement.payout, g.settlement.transfers


def quick_win(rules: LangRules = DEFAULT_RULES) -> Game:
    """2 players: seat 1 wins on its first draw; true call chì địa ù = 3 + 1 = 4."""
    g = game(["8s", RONG], "9n", rules=rules)
    play(g, "0 discard 8s", "1 draw", "1 win")
    assert g.true_call() == (("chi", 1), ("dia_u", 1))
    return g


def four_players(bao_seats: int) -> Game:
    """4 players: seat 2 (and seat 3 if bao_seats == 2) become báo by L14; seat 1 then wins on
    9n drawn by seat 0; the true call is xuông (2 điểm)."""
    g = game(["8v", RONG, "8n 8n", "8s 8s"], "8n 8s 9n")
    play(g, "0 discard 8v", "1 draw", "1 pass", "2 eat 8n", "2 discard 8n")
    if bao_seats == 2:
        play(g, "3 draw", "3 eat 8s", "3 discard 8s")
    else:
        play(g, "3 draw", "3 pass")
    assert g.bao == [False, False, True, bao_seats == 2]
    play(g, "0 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 win")
    assert g.true_call() == (("xuong", 1),)
    return g


# ------------------------------------------------------------------ R9.1 a correct win


def test_R9_1_each_loser_pays_the_call() -> None:
    g = quick_win()
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (-4.0, 4.0))


def test_R9_1_stake_multiplies() -> None:
    g = quick_win(LangRules(stake=2.5))
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (-10.0, 10.0))


def test_R9_1_four_players_no_bao() -> None:
    g = game(["8v", RONG, "", ""], "8n 9n")
    play(g, "0 discard 8v", "1 draw", "1 pass", "2 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 win")
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (-2.0, 6.0, -2.0, -2.0))


# ------------------------------------------------------------------ R7.3 báo pays for the village


def test_R7_3_one_bao_player_pays_the_whole_village_alone() -> None:
    g = four_players(1)
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (0.0, 6.0, -6.0, 0.0))


def test_R7_3_several_bao_players_each_pay_the_full_amount() -> None:
    g = four_players(2)
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (0.0, 12.0, -6.0, -6.0))


def test_R7_3_bao_with_stake() -> None:
    g = game(["8v", RONG, "8n 8n", "8s 8s"], "8n 8s 9n", rules=LangRules(stake=3))
    play(g, "0 discard 8v", "1 draw", "1 pass", "2 eat 8n", "2 discard 8n", "3 draw", "3 pass",
         "0 draw", "1 win")
    call_true(g)
    assert settled(g) == (Payout.NORMAL, (0.0, 18.0, -18.0, 0.0))


def test_R8_2_xuong_sai_is_settled_with_non_bao_players_only() -> None:
    g = four_players(2)
    g.apply(Action(1, Act.CALL, None, (("xuong", 1), ("leo", 1))))
    assert settled(g) == (Payout.XUONG_SAI, (5.0, -5.0, 0.0, 0.0))


def test_R7_3_bao_and_a_drawn_game_nobody_pays() -> None:
    g = game(["9v", "9v 9n 8v"], "8v")
    play(g, "0 discard 9v", "1 draw", "1 eat 8v", "1 discard 9v")
    assert g.bao[1]
    play_out_without_winning(g)
    assert g.outcome is not None and g.outcome.kind is EndKind.DRAW
    assert settled(g) == (Payout.NONE, (0.0, 0.0))


def test_R4_8_bao_player_is_offered_no_chiu() -> None:
    g = game(["9v", "9v 9n 8v 5v 5v 5v"], "8v 5v")
    play(g, "0 discard 9v", "1 draw", "1 eat 8v", "1 discard 9v")
    assert g.bao[1]
    play(g, "0 draw")  # 5v: seat 1 holds three but is báo
    assert g.phase is Phase.PLAY and g.actor == 0
    assert g.pending_claims() == ()


def test_R4_8_bao_player_is_offered_no_win() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2n 2s 3n 3s 4n 4s 9v 8n 8n"
    g = game(["8n", hand], "9n")
    play(g, "0 discard 8n", "1 eat 8n", "1 discard 8n")  # L14: báo, still waiting on 9n
    assert g.bao[1]
    assert g.can_win_on(1, Card.N9)  # the hand would win
    play(g, "0 draw")
    assert g.pending_claims() == ()
    assert g.phase is Phase.PLAY and g.actor == 0


# ------------------------------------------------------------------ R7.4 ù láo


def test_R7_4_u_lao_pays_12_to_everyone_and_ends_the_game() -> None:
    g = game(["8s", ""])
    play(g, "0 discard 8s", "1 win")
    assert g.outcome is not None and g.outcome.kind is EndKind.U_LAO
    assert settled(g) == (Payout.U_LAO, (12.0, -12.0))
    assert g.legal_actions() == []


def test_R7_4_u_lao_at_four_players_pays_bao_players_too() -> None:
    g = game(["8v", RONG, "8n 8n", "8s 8s"], "8n 8s 9n")
    play(g, "0 discard 8v", "1 draw", "1 pass", "2 eat 8n", "2 discard 8n")
    assert g.bao[2]
    play(g, "0 win")  # not entitled, no winning hand: ù láo
    assert settled(g) == (Payout.U_LAO, (-36.0, 12.0, 12.0, 12.0))


def test_R7_4_u_lao_with_stake() -> None:
    g = game(["8s", ""], rules=LangRules(stake=2))
    play(g, "0 discard 8s", "1 win")
    assert settled(g) == (Payout.U_LAO, (24.0, -24.0))


# ------------------------------------------------------------------ R7.4 ù báo

U_BAO_CASES = {
    # rule: (seat 1's hand, seat 0's discard, the eat, the discard, W drawn by seat 0)
    "L3": ("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 7v 7s 9n", "7n", "7v", "9n",
           "7v"),
    "L4": ("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 9n 9s 7v", "7n", "7v", "9n",
           "9v"),
    "L5": ("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 7v 7v 9n", "7n", "7v", "9n",
           "7s"),
}


@pytest.mark.parametrize("rule", sorted(U_BAO_CASES))
def test_R7_4_u_bao_pays_12_to_everyone(rule: str) -> None:
    hand, x, y, z, w = U_BAO_CASES[rule]
    g = game([x, hand], w)
    play(g, f"0 discard {x}", f"1 eat {y}")
    assert {v.rule for v in g.violations} == {rule}
    assert not g.bao[1]  # group A: no báo
    play(g, f"1 discard {z}", "0 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 win")
    call_true(g)
    assert settled(g) == (Payout.U_BAO, (12.0, -12.0))


def test_R7_4_u_bao_at_four_players_pays_bao_players_too() -> None:
    hand, x, y, z, w = U_BAO_CASES["L5"]
    g = game([x, hand, "9n 9n", ""], w)
    play(g, f"0 discard {x}", f"1 eat {y}", f"1 discard {z}")
    play(g, "2 eat 9n", "2 discard 9n")  # L14: seat 2 is báo
    assert g.bao == [False, False, True, False]
    play(g, "3 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 win")
    call_true(g)
    assert settled(g) == (Payout.U_BAO, (12.0, -36.0, 12.0, 12.0))


# ------------------------------------------------------------------ R7.1, R7.2 nghỉ ăn tiền


def test_R7_2_nghi_an_tien_after_L1() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 7v 7n 9n"
    g = game(["7n", hand], "7s")
    play(g, "0 discard 7n", "1 eat 7v")
    assert {v.rule for v in g.violations} == {"L1"}
    play(g, "1 discard 9n", "0 draw", "1 win")
    call_true(g)
    assert settled(g) == (Payout.NGHI_AN_TIEN, (0.0, 0.0))


def test_R7_2_nghi_an_tien_after_L2() -> None:
    hand = "7v 7v 7v 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2n 2s 3n 3s 9n 8n"
    g = game(["7v", hand], "8v")
    play(g, "0 discard 7v", "1 eat 7v")
    assert {v.rule for v in g.violations} == {"L2"}
    play(g, "1 discard 9n", "0 draw", "1 win")
    call_true(g)
    assert settled(g) == (Payout.NGHI_AN_TIEN, (0.0, 0.0))


def test_R7_1_bo_u_then_a_later_win_is_nghi_an_tien() -> None:
    g = game(["8s", RONG], "9n 9s")
    play(g, "0 discard 8s", "1 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 decline", "1 pass")
    assert g.hist[1].bo_u == [1]
    play(g, "0 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 win")
    call_true(g)
    assert settled(g) == (Payout.NGHI_AN_TIEN, (0.0, 0.0))


def test_R7_1_letting_thien_u_pass_is_bo_u() -> None:
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s"
    g = game([cai, ""])
    assert Action(0, Act.WIN) in g.legal_actions()
    play(g, "0 discard 8v")
    assert g.hist[0].bo_u


# ------------------------------------------------------------------ R4.9 drawn game


def play_out_without_winning(g: Game) -> None:
    while not g.is_over:
        legal = g.legal_actions()
        quiet = [a for a in legal if a.act in (Act.DECLINE, Act.DRAW, Act.PASS)]
        g.apply(quiet[0] if quiet else legal[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R4_9_drawn_game_pays_nothing(players: int) -> None:
    g = game(["", *[""] * (players - 1)])
    play_out_without_winning(g)
    assert g.outcome is not None and g.outcome.kind is EndKind.DRAW
    assert g.noc_left == 1
    assert settled(g) == (Payout.NONE, (0.0,) * players)


# ------------------------------------------------------------------ R7.1 with several claimants


def two_waiting() -> Game:
    """3 players: seats 2 and 0 both wait on 9n, which seat 1 draws."""
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 5n 5s 6n 6s 7n 7s 9s 8v"
    g = game([cai, "", RONG], "9n")
    play(g, "0 discard 8v", "1 draw")
    return g


def test_R7_1_the_nearest_claimant_is_asked_first() -> None:
    g = two_waiting()
    assert [(c.seat, c.act) for c in g.pending_claims()] == [(2, Act.WIN), (0, Act.WIN)]
    play(g, "2 win")
    call_true(g)
    assert g.hist[0].bo_u == [] and g.hist[2].bo_u == []
    assert settled(g)[0] is Payout.NORMAL


def test_R7_1_only_the_claimant_that_let_it_pass_has_bo_u() -> None:
    g = two_waiting()
    play(g, "2 decline")
    assert g.phase is Phase.CLAIM and g.actor == 0
    play(g, "0 win")
    call_true(g)
    assert g.hist[2].bo_u == [1] and g.hist[0].bo_u == []
    assert settled(g) == (Payout.NORMAL, (4.0, -2.0, -2.0))


def test_R7_4_u_on_a_discarded_card_is_u_lao() -> None:
    # R5.2: W must be drawn; on a discard only a chíu ù wins.
    g = game(["9n", RONG])
    assert g.can_win_on(1, Card.N9)
    play(g, "0 discard 9n")
    assert g.pending_claims() == ()
    play(g, "1 win")
    assert g.outcome is not None and g.outcome.kind is EndKind.U_LAO
    assert settled(g) == (Payout.U_LAO, (12.0, -12.0))


def test_R7_settlement_figures() -> None:
    g = quick_win()
    g.apply(Action(1, Act.CALL, None, (("dia_u", 1), ("leo", 1))))
    s = g.settlement
    assert s is not None
    assert (s.payout, s.score, s.true_score, s.penalty) == (Payout.XUONG_SAI, 0, 4, 5)
