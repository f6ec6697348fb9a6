"""R8 xướng: the verdict of a call (sai, thiếu, bạch thủ not called, order) and its settlement."""

from __future__ import annotations

from judging_positions import game, play

from engine.actions import Act, Action
from engine.chan.call import judge, parse, render
from engine.chan.cuoc import score
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.settlement import Payout
from engine.game import Phase

RONG = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"  # 6 chắn 3 cạ, què 9v
BACH_THU = "2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 5v 5s 8v 8n 7v"  # 5 chắn 4 cạ, què 7v


def won(hand: str = RONG, w: str = "9n", rules: LangRules = DEFAULT_RULES) -> Game:
    """2 players: seat 1 wins on its own first draw (chì, địa ù, + what the hand holds)."""
    g = game(["8s" if w != "8s" else "8n", hand], w, rules=rules)
    play(g, f"0 discard {'8s' if w != '8s' else '8n'}", "1 draw", "1 win")
    assert g.phase is Phase.CALL and g.actor == 1
    return g


def called(g: Game, *cuoc: tuple[str, int]) -> tuple[Payout, tuple[float, ...], int]:
    g.apply(Action(1, Act.CALL, None, tuple(cuoc)))
    s = g.settlement
    assert s is not None and g.is_over
    assert sum(s.transfers) == 0
    return s.payout, s.transfers, s.penalty


# ------------------------------------------------------------------ R8.1


def test_R8_1_after_u_the_winner_calls() -> None:
    g = won()
    assert g.legal_actions() == [Action(1, Act.CALL, None, (("chi", 1), ("dia_u", 1)))]
    assert called(g, ("chi", 1), ("dia_u", 1)) == (Payout.NORMAL, (-4.0, 4.0), 0)
    assert g.verdict is not None and not g.verdict.sai


def test_R8_1_counts_are_called() -> None:
    v = judge((("leo", 2),), (("leo", 2),))
    assert not v.sai and v.missing == ()


# ------------------------------------------------------------------ R8.2 xướng sai


def test_R8_2_a_cuoc_not_held() -> None:
    v = judge((("chi", 1),), (("chi", 1), ("leo", 1)))
    assert v.sai and [(f.cuoc, f.count) for f in v.wrong] == [("leo", 1)]
    assert v.penalty == 5


def test_R8_2_too_high_a_count() -> None:
    v = judge((("leo", 1),), (("leo", 2),))
    assert v.sai and [(f.cuoc, f.count) for f in v.wrong] == [("leo", 1)]
    assert v.penalty == 5


def test_R8_2_xuong_beside_a_cuoc() -> None:
    v = judge((("chi", 1),), (("xuong", 1), ("chi", 1)))
    assert v.sai and [f.cuoc for f in v.wrong] == ["xuong"]
    assert v.penalty == 2


def test_R8_2_R6_1_chi_beside_a_picture() -> None:
    v = judge((("hoa_roi_cua_phat", 1),), (("chi", 1), ("hoa_roi_cua_phat", 1)))
    assert v.sai and [f.cuoc for f in v.wrong] == ["chi"]
    assert v.penalty == 3


def test_R6_1_chi_and_bach_thu_without_the_picture_is_correct_but_under_called() -> None:
    v = judge((("hoa_roi_cua_phat", 1),), (("chi", 1), ("bach_thu", 1)))
    assert not v.sai
    assert v.missing == (("hoa_roi_cua_phat", 1),)


def test_R8_2_bach_thu_for_bach_thu_chi() -> None:
    v = judge((("bach_thu_chi", 1),), (("bach_thu", 1),))
    assert v.sai
    assert [f.cuoc for f in v.wrong] == ["bach_thu"]
    # R8.4: the penalty covers the wrong "bạch thủ" and the uncalled bạch thủ chi together.
    assert v.penalty == score((("bach_thu", 1), ("bach_thu_chi", 1))) == 7


def test_R8_2_the_winner_pays_every_other_player_and_collects_nothing() -> None:
    g = won()
    assert called(g, ("chi", 1), ("dia_u", 1), ("leo", 2)) == (Payout.XUONG_SAI, (7.0, -7.0), 7)


def test_R8_2_four_players_each_paid_the_penalty() -> None:
    g = game(["8v", RONG, "", ""], "9n")
    play(g, "0 discard 8v", "1 draw", "1 win")
    g.apply(Action(1, Act.CALL, None, (("chi", 1), ("tom", 1))))
    assert g.settlement is not None
    assert g.settlement.payout is Payout.XUONG_SAI
    assert g.settlement.transfers == (4.0, -12.0, 4.0, 4.0)


def test_R8_2_penalty_with_stake() -> None:
    g = won(rules=LangRules(stake=2))
    assert called(g, ("chi", 1), ("dia_u", 1), ("leo", 1)) == (Payout.XUONG_SAI, (10.0, -10.0),
                                                                5)


# ------------------------------------------------------------------ R8.3 xướng thiếu


def test_R8_3_xuong_thieu_collects_only_what_was_called() -> None:
    g = won()
    payout, transfers, _ = called(g, ("dia_u", 1))
    assert (payout, transfers) == (Payout.NORMAL, (-3.0, 3.0))
    assert g.verdict is not None and g.verdict.missing == (("chi", 1),)
    assert g.settlement is not None and g.settlement.true_score == 4


def test_R8_3_ga_counts_from_the_call() -> None:
    hand = BACH_THU
    g = won(hand, "7v", LangRules(ga="rong"))
    assert g.true_call() == (("chi", 1), ("dia_u", 1), ("bach_thu", 1))
    payout, transfers, _ = called(g, ("dia_u", 1), ("bach_thu", 1))  # leaves out chì
    assert payout is Payout.NORMAL
    assert g.settlement is not None and g.settlement.ga == 0
    assert transfers == (-5.0, 5.0)


# ------------------------------------------------------------------ R8.4 bạch thủ not called


def test_R8_4_bach_thu_not_called_pays_the_village() -> None:
    g = won(BACH_THU, "7v")
    payout, transfers, penalty = called(g, ("chi", 1), ("dia_u", 1))
    assert g.verdict is not None and g.verdict.bach_thu_not_called is not None
    assert (payout, transfers, penalty) == (Payout.XUONG_SAI, (4.0, -4.0), 4)


def test_R8_4_bach_thu_chi_not_called() -> None:
    g = won(BACH_THU.replace("7v", "cc"), "cc")
    assert g.true_call() == (("chi", 1), ("dia_u", 1), ("bach_thu_chi", 1))
    assert called(g, ("chi", 1), ("dia_u", 1)) == (Payout.XUONG_SAI, (6.0, -6.0), 6)


def test_R8_4_several_faults_are_scored_together() -> None:
    v = judge((("chi", 1), ("bach_thu", 1)), (("chi", 1), ("leo", 1)))
    assert v.sai and v.bach_thu_not_called is not None
    assert v.penalty == score((("leo", 1), ("bach_thu", 1))) == 6


# ------------------------------------------------------------------ R8.5 order


def test_R8_5_wrong_order_is_only_annotated_by_default() -> None:
    g = won()
    payout, transfers, _ = called(g, ("dia_u", 1), ("chi", 1))
    assert (payout, transfers) == (Payout.NORMAL, (-4.0, 4.0))
    assert g.verdict is not None and g.verdict.misplaced and not g.verdict.sai


def test_R8_5_strict_order_makes_a_misplaced_cuoc_xuong_sai() -> None:
    g = won(rules=LangRules(strict_order=True))
    payout, transfers, penalty = called(g, ("dia_u", 1), ("chi", 1))
    assert payout is Payout.XUONG_SAI
    assert penalty == 3 and transfers == (3.0, -3.0)


def test_R8_5_canonical_order_groups() -> None:
    order = [("thong", 1), ("chi", 1), ("dia_u", 1), ("chiu_u", 1), ("bach_thu", 1),
             ("thap_thanh", 1), ("tam_do", 1), ("leo", 1), ("tom", 1), ("chiu", 1), ("bon", 1)]
    assert judge(tuple(order), tuple(order), True).misplaced == ()
    swapped = [order[1], order[0], *order[2:]]
    assert judge(tuple(order), tuple(swapped), True).sai


def test_R8_5_strict_order_penalty_covers_every_instance_of_the_misplaced_cuoc() -> None:
    true = (("thong", 1), ("chi", 1), ("bach_thu", 1), ("leo", 2))
    v = judge(true, (("thong", 1), ("leo", 2), ("chi", 1), ("bach_thu", 1)), True)
    assert v.misplaced == (("leo", 2),)
    assert v.penalty == score((("leo", 2),)) == 7


def test_R8_4_a_wrong_and_misplaced_cuoc_is_one_faulty_instance() -> None:
    v = judge((("chi", 1), ("bach_thu", 1)), (("leo", 1), ("chi", 1), ("bach_thu", 1)), True)
    assert [f.cuoc for f in v.wrong] == ["leo"]
    assert v.penalty == score((("leo", 1),)) == 5


# ------------------------------------------------------------------ R8.6 rendering


def test_R8_6_render_the_rules_example() -> None:
    call = (("thong", 1), ("chi", 1), ("dia_u", 1), ("chiu_u", 1), ("bach_thu", 1),
            ("leo", 2), ("tom", 1), ("chiu", 1))
    text = render(call)
    assert text == "Thông chì địa chíu ù bạch thủ, 2 lèo, có tôm, có chíu"
    assert parse(text) == call


def test_R8_6_parse_counts_and_co() -> None:
    assert parse("2 lèo, có tôm") == (("leo", 2), ("tom", 1))
    assert parse("Chì bạch thủ chi") == (("chi", 1), ("bach_thu_chi", 1))
