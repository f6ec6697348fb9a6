"""R6 cước C1–C25: detection on hand-made WinFacts and on real game positions.

WinFacts tests state the hand before W, the melds and W (each one checked to be a winning hand,
R5.1); game tests play a position to its win and read ``game.true_call()``.
"""

from __future__ import annotations

import pytest
from judging_positions import call_true, deal, facts, game, play, wins

from engine.actions import Act, Action
from engine.chan.cuoc import WinFacts, detect
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.chan.session import ChanSession as Session
from engine.game import Phase


def detected(f: WinFacts) -> dict[str, int]:
    assert wins(f), "the hand-made position must be a winning hand"
    return dict(detect(f))


def claims_win(g: Game, seat: int) -> bool:
    return g.phase is Phase.CLAIM and Action(seat, Act.WIN) in g.legal_actions() \
        and g.actor == seat


# 19-card hands used below (before W).
RONG = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"  # 6 chắn 3 cạ, què 9v
XUONG = "2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 7n 7n 2n 2s 4n 4s 8v 8n 9v"  # 6 chắn 3 cạ, què 9v
BACH_THU = "2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 5v 5s 8v 8n 7v"  # 5 chắn 4 cạ, què 7v


# ------------------------------------------------------------------ C1 xuông


def test_C1_xuong_when_no_other_cuoc() -> None:
    assert detected(facts(XUONG, "9n")) == {"xuong": 1}


@pytest.mark.parametrize("allow", [True, False])
def test_C1_xuong_not_allowed_means_no_win(allow: bool) -> None:
    # R5.6: with allow_xuong off, a hand whose win would be xuông may not ù. Seat 1 says dưới
    # first (no địa ù) and 9n is drawn by seat 0 (no chì): the win would be a pure xuông.
    g = game(["cc", XUONG], "cc 9n", rules=LangRules(allow_xuong=allow))
    play(g, "0 discard cc", "1 draw", "1 pass", "0 draw")
    assert claims_win(g, 1) is allow
    if allow:
        play(g, "1 win")
        assert g.true_call() == (("xuong", 1),)


# ------------------------------------------------------------------ C2 thông (also R9 tests)


def test_C2_thong_fact() -> None:
    assert detected(facts(XUONG, "9n", thong=True)) == {"thong": 1}


def test_C2_thong_after_a_correct_win_by_the_same_player() -> None:
    s = Session(players=2)
    for n in range(2):
        g = s.game_for(deal(["8s", RONG], "9n"))
        play(g, "0 discard 8s", "1 draw", "1 win")
        assert ("thong" in dict(g.true_call())) is (n == 1)
        call_true(g)
        s.record(g)
    assert s.thong_seat == 1


# ------------------------------------------------------------------ C3 chì


def test_C3_chi_fact() -> None:
    assert detected(facts(XUONG, "9n", chi=True)) == {"chi": 1}


def test_C3_chi_on_own_draw_and_C5_dia_u() -> None:
    g = game(["8s", RONG], "9n")
    play(g, "0 discard 8s", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("chi", 1), ("dia_u", 1))


def test_C3_no_chi_on_another_players_draw() -> None:
    # 3 players: seat 1 draws 9n; seat 2, whose cửa chì is cửa 2, wins on it.
    g = game(["8s", "8n", RONG], "9n")
    play(g, "0 discard 8s", "1 draw")
    assert claims_win(g, 2)
    play(g, "2 win")
    assert g.true_call() == (("dia_u", 1),)


def test_C3_chi_on_a_card_returned_into_own_cua_chi_and_chiu_u() -> None:
    # Seat 1 draws 8v; seat 0 chíus it and returns 9v into cửa 1; seat 1 holds three 9v and
    # chíu-ù's the returned card: chì, địa ù, chíu ù.
    hand = "9v 9v 9v 2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 6n 6s"
    g = game(["7v 8v 8v 8v 9v", hand], "8v")
    play(g, "0 discard 7v", "1 draw")
    assert g.phase is Phase.CLAIM and g.actor == 0
    play(g, "0 chiu", "0 return 9v")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.outcome is not None and g.outcome.chiu_u
    assert g.true_call() == (("chi", 1), ("dia_u", 1), ("chiu_u", 1))


# ------------------------------------------------------------------ C4 thiên ù


def test_C4_thien_u_on_the_dealt_20() -> None:
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s"  # 7 chắn 3 cạ
    g = game([cai, ""])
    assert Action(0, Act.WIN) in g.legal_actions()
    play(g, "0 win")
    assert g.true_call() == (("thien_u", 1),)


def test_C4_C16_thien_u_bach_thu_is_six_chan_four_ca() -> None:
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8v 8v 2n 2s 3n 3s 4n 4s 7v 7s"  # 6 chắn 4 cạ
    g = game([cai, ""])
    play(g, "0 win")
    assert g.true_call() == (("thien_u", 1), ("bach_thu", 1))


def test_C4_fact() -> None:
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s"
    assert detected(facts(cai, None, thien_u=True)) == {"thien_u": 1}


# ------------------------------------------------------------------ C5 địa ù


def test_C5_no_dia_u_after_a_pass() -> None:
    g = game(["8s", RONG], "8n 8v 9n")
    play(g, "0 discard 8s", "1 draw", "1 pass", "0 draw", "0 pass", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("chi", 1),)


def test_C5_dia_u_after_chiu_and_tra_cua_into_another_cua() -> None:
    # Seeds: not waiting when dealt, chíu out of turn, then win before one's own cửa chì is
    # touched: still địa ù; the chíu counts as C6.
    hand = "7v 7v 7v 2v 2v 3v 3v 4v 4v 5v 5v 2n 2s 3n 3s 4n 4s 9v 6n"
    g = game(["7v", hand], "9n")
    assert not g.waits(1)
    play(g, "0 discard 7v")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 chiu", "1 return 6n", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("chi", 1), ("dia_u", 1), ("chiu", 1))


def test_C5_dia_u_fact() -> None:
    assert detected(facts(XUONG, "9n", dia_u=True)) == {"dia_u": 1}


# ------------------------------------------------------------------ C6 chíu, C7 chíu ù


def test_C6_chiu_count_fact() -> None:
    hand = "2v 2v 3n 3n 6v 6v 2n 2s 4n 4s 9v"
    f = facts(hand, "9n", ["7v 7v 7v 7v", "5n 5n 5n 5n"])
    assert detected(f) == {"chiu": 2}


def test_C7_dia_chiu_u_on_a_discard_not_counted_as_C6() -> None:
    hand = "9v 9v 9v 2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 6n 6s"
    g = game(["9v", hand])
    play(g, "0 discard 9v")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("dia_u", 1), ("chiu_u", 1))  # no "chíu": the chíu ù is not C6


# ------------------------------------------------------------------ C8 bòn, C9 ù bòn


def test_C8_bon_eat_twice_from_a_hand_chan_then_win() -> None:
    hand = "9v 9v 8n 7n 2v 2v 3v 3v 4n 4n 5v 5v 2n 2s 3n 3s 4v 4s 6v"
    g = game(["9v", hand], "9v 6n")
    play(g, "0 discard 9v", "1 eat 9v", "1 discard 8n", "0 draw", "0 pass", "1 eat 9v",
         "1 discard 7n", "0 draw")
    assert g.violations == []
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("bon", 1),)


def test_C9_u_bon_chi_bach_thu_chi_is_five_ga() -> None:
    # The seeds' worked example "ù bòn chì bạch thủ chi" = 5 gà, played out.
    hand = "cc cc 7n 2v 2v 3v 3v 4n 4n 5v 5v 2n 2s 3n 3s 4v 4s 8v 8n"
    rules = LangRules(ga="rong")
    g = game(["cc", hand], "6v cc", rules=rules)
    play(g, "0 discard cc", "1 eat cc", "1 discard 7n", "0 draw", "0 pass", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("chi", 1), ("u_bon", 1), ("bach_thu_chi", 1))
    call_true(g)
    assert g.settlement is not None
    assert g.settlement.ga == 5
    assert g.settlement.score == 6 + 1 + 1 + 5 * 5
    assert g.settlement.transfers == (-33.0, 33.0)
    assert g.hist[1].bon_done == 0  # an ù bòn is not counted in C8


def test_C9_fact_and_C8_count() -> None:
    f = facts(XUONG, "9n", u_bon=True, bon_done=2)
    assert detected(f) == {"u_bon": 1, "bon": 2}


# ------------------------------------------------------------------ C10 thiên khai


def test_C10_thien_khai_counts_kinds_held_four_times() -> None:
    hand = "2v 2v 2v 2v 3n 3n 3n 3n 4v 4v 5n 5n 2n 2s 4n 4s 8v 8n 9v"
    assert detected(facts(hand, "9n")) == {"thien_khai": 2}


def test_C10_a_chiu_is_not_thien_khai() -> None:
    hand = "3n 3n 3n 3n 4v 4v 5n 5n 2n 2s 4n 4s 8v 8n 9v"
    assert detected(facts(hand, "9n", ["2v 2v 2v 2v"])) == {"thien_khai": 1, "chiu": 1}


# ------------------------------------------------------------------ C11 – C15


def test_C11_thap_thanh_ten_chan() -> None:
    hand = "2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 7n 7n 2n 2n 4n 4n 8v 8v 9v"
    assert detected(facts(hand, "9v")) == {"thap_thanh": 1}


def test_C11_a_ca_meld_spoils_thap_thanh() -> None:
    hand = "3n 3n 4v 4v 5n 5n 6v 6v 7n 7n 2n 2n 4n 4n 8v 8v 9v"
    assert "thap_thanh" not in detected(facts(hand, "9v", ["2v 2s"]))


def test_C12_bach_dinh_no_red_card() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 5n"
    assert detected(facts(hand, "5s")) == {"bach_dinh": 1}


def test_C13_tam_do_exactly_eight_red() -> None:
    hand = "8v 8v 9v 9v 8s 8s 9s 9s 2v 2v 3n 3n 2n 2s 4v 4n 5v 5n 6v"
    assert detected(facts(hand, "6n")) == {"tam_do": 1}
    seven = "8v 8v 7v 7v 8s 8s 9s 9s 2v 2v 3n 3n 2n 2s 4v 4n 5v 5n 9v"
    assert detected(facts(seven, "9n")) == {"xuong": 1}


def test_C14_leo_count() -> None:
    hand = "9v 9v 8s 8s cc cc 2v 2v 3n 3n 4v 4v 5v 5n 6v 6n 7v 7s 4n"
    assert detected(facts(hand, "4s")) == {"leo": 2}


def test_C15_tom_count() -> None:
    one = "3v 3s 7n 2v 2v 4n 4n 5v 5v 6n 6n 8v 8v 2n 2s 4v 4s 7v 7s"
    assert detected(facts(one, "7n")) == {"tom": 1}
    two = "3v 3v 3s 3s 7n 2v 2v 4n 4n 5v 5v 8v 8v 2n 2s 4v 4s 7v 7s"
    assert detected(facts(two, "7n")) == {"tom": 2}


# ------------------------------------------------------------------ C16 – C18


def test_C16_bach_thu() -> None:
    assert detected(facts(BACH_THU, "7v")) == {"bach_thu": 1}


def test_C16_not_with_six_chan_before_w() -> None:
    assert "bach_thu" not in detected(facts(XUONG, "9v"))


def test_C16_not_from_a_ba_dau_wait() -> None:
    hand = "2v 2v 3n 3n 4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 8v 8n 7v 7n 7s"  # 5 chắn 3 cạ ba đầu
    assert "bach_thu" not in detected(facts(hand, "7v"))


def test_C16_mat_melds_count() -> None:
    # 2 chắn and a cạ on the mat + 3 chắn, 3 cạ and què 7v in hand = 5 chắn 4 cạ.
    hand = "4v 4v 5n 5n 6v 6v 2n 2s 4n 4s 5v 5s 7v"
    assert detected(facts(hand, "7v", ["2v 2v", "3n 3n", "8v 8n"])) == {"bach_thu": 1}


def test_C17_bach_thu_chi_replaces_bach_thu() -> None:
    hand = BACH_THU.replace("7v", "cc")
    assert detected(facts(hand, "cc")) == {"bach_thu_chi": 1}


def test_C17_R5_3_win_on_chi_chi_only_as_bach_thu_chi() -> None:
    six_chan = RONG.replace("9v", "cc")  # 6 chắn 3 cạ, què cc
    g = game(["8s", six_chan], "cc")
    play(g, "0 discard 8s", "1 draw")
    assert not claims_win(g, 1)
    five_chan = BACH_THU.replace("7v", "cc")
    g = game(["9s", five_chan], "cc")
    play(g, "0 discard 9s", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("chi", 1), ("dia_u", 1), ("bach_thu_chi", 1))


def test_C18_kinh_tu_chi() -> None:
    hand = "cc cc 2v 2v 3n 3n 4v 4v 5n 5n 2n 2s 4n 4s 6v 6n 7v"
    assert detected(facts(hand, "7n", ["cc cc"])) == {"kinh_tu_chi": 1}


def test_C18_not_with_another_red_card() -> None:
    hand = "cc cc 2v 2v 3n 3n 4v 4v 5n 5n 2n 2s 4n 4s 6v 6n 9v"
    assert "kinh_tu_chi" not in detected(facts(hand, "9n", ["cc cc"]))


# ------------------------------------------------------------------ C19 – C24 picture cước

def check_picture(hand: str, w: str, mat: str, picture: str) -> None:
    """Hand cards (17) + one mat meld: 5 chắn and 4 cạ before W, què W."""
    assert detected(facts(hand, w, [mat], chi=True)) == {picture: 1}  # R6.1: includes chì
    assert detected(facts(hand, w, [mat])) == {"bach_thu": 1}  # no chì, no picture


def test_C19_hoa_roi_cua_phat() -> None:
    check_picture("3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 8v 8s 2v", "2v", "5v 5n",
                  "hoa_roi_cua_phat")


def test_C20_dong_tu_hai_hoa() -> None:
    check_picture("3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 5v 5s 2v", "2v", "8n 8s",
                  "dong_tu_hai_hoa")


def test_C21_ca_loi_san_dinh() -> None:
    check_picture("3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 2n 2s 8v", "8v", "5v 5n",
                  "ca_loi_san_dinh")


def test_C22_ca_nhay_dau_thuyen() -> None:
    check_picture("3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 2n 2s 8v", "8v", "5s 5n",
                  "ca_nhay_dau_thuyen")


def test_C19_hoa_roi_cua_phat_played() -> None:
    # Seat 1 eats 5v (now on its mat), then draws 2v: chì bạch thủ on 2v = hoa rơi cửa phật.
    hand = "5v 7v 3n 3n 4v 4v 6v 6v 9s 9s 4n 4s 6n 6s 8v 8s 3v 3s 2v"
    g = game(["5v", hand], "cc 2v")
    play(g, "0 discard 5v", "1 eat 5v", "1 discard 7v", "0 draw", "0 pass", "1 draw")
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("hoa_roi_cua_phat", 1),)
    call_true(g)
    assert g.settlement is not None and g.settlement.transfers == (-20.0, 20.0)


def test_C19_C21_need_the_5v_on_the_mat_not_in_hand() -> None:
    hand = "3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 5v 5n 2v"
    assert detected(facts(hand, "2v", ["8v 8s"], chi=True)) == {"chi": 1, "bach_thu": 1}


def test_C19_and_C20_both_hold() -> None:
    hand = "3n 3n 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 2v"
    got = detected(facts(hand, "2v", ["5v 5n", "8n 8s"], chi=True))
    assert got.keys() >= {"hoa_roi_cua_phat", "dong_tu_hai_hoa"}


def test_C19_a_chiu_of_5v_counts() -> None:
    hand = "3n 3n 4v 4v 6v 6v 4n 4s 6n 6s 8n 8s 7v 7s 2v"  # + the chíu: 5 chắn, 4 cạ
    got = detected(facts(hand, "2v", ["5v 5v 5v 5v"], chi=True))
    assert got == {"hoa_roi_cua_phat": 1, "chiu": 1}


def test_C23_ngu_ong_bat_ca() -> None:
    hand = "cc cc 5s 5s 4v 4v 6v 6v 7n 7n 4n 4s 6n 6s 2n 2s 3n 3s 8v"
    assert detected(facts(hand, "8v", chi=True)) == {"ngu_ong_bat_ca": 1}


def test_C24_nha_lau_xe_hoi() -> None:
    hand = "5v 5v 4v 4v 6v 6v 7n 7n 9s 9s 4n 4s 6n 6s 8n 8s 3n 3s 2v"
    assert detected(facts(hand, "2v", chi=True)) == {"nha_lau_xe_hoi": 1}


# ------------------------------------------------------------------ C25 phá thiên


def test_C25_pha_thien_fact() -> None:
    assert detected(facts(XUONG, "9n", pha_thien=True)) == {"pha_thien": 1}


def test_C25_pha_thien_won_from_a_dealt_hand_without_chan() -> None:
    # Seat 1 is dealt 19 different kinds, eats six chắn, and wins on 9n drawn by seat 0.
    hand = "2v 3v 4v 5v 6v 7v 2n 2s 3n 3s 4n 4s 9v 5n 5s 6n 6s 7n 7s"
    g = game(["2v", hand], "3v 4v 5v 6v 7v 9n")
    acts = ["0 discard 2v", "1 eat 2v", "1 discard 5n"]
    for x, z in zip(["3v", "4v", "5v", "6v", "7v"], ["5s", "6n", "6s", "7n", "7s"], strict=True):
        acts += ["0 draw", "0 pass", f"1 eat {x}", f"1 discard {z}"]
    play(g, *acts, "0 draw")
    assert g.violations == []
    assert claims_win(g, 1)
    play(g, "1 win")
    assert g.true_call() == (("pha_thien", 1),)


def test_C25_not_when_the_dealt_hand_had_a_chan() -> None:
    g = game(["8s", RONG], "9n")
    play(g, "0 discard 8s", "1 draw", "1 win")
    assert "pha_thien" not in dict(g.true_call())
