"""R6 table, R6.2 score of a call and R6.3 gà."""

from __future__ import annotations

import pytest

from engine.chan.cuoc import POINTS, ga_count, score, total
from engine.chan.cuoc_ids import CUOC_IDS, RULE_ID
from engine.chan.rules import LangRules

# The R6 table of RULES.md: id → (điểm, dịch).
TABLE = {
    "C1": (2, 0), "C2": (3, 1), "C3": (3, 1), "C4": (3, 1), "C5": (3, 1), "C6": (3, 1),
    "C7": (4, 1), "C8": (3, 1), "C9": (4, 1), "C10": (3, 1), "C11": (12, 9), "C12": (7, 4),
    "C13": (8, 5), "C14": (5, 2), "C15": (4, 1), "C16": (4, 1), "C17": (6, 3), "C18": (12, 9),
    "C19": (20, 17), "C20": (20, 17), "C21": (20, 17), "C22": (20, 17), "C23": (30, 0),
    "C24": (30, 0), "C25": (12, 9),
}

RONG = LangRules(ga="rong")
HEP = LangRules(ga="hep")


def test_R6_every_cuoc_has_the_table_points() -> None:
    assert len(CUOC_IDS) == 25
    for cid in CUOC_IDS:
        assert POINTS[cid] == TABLE[RULE_ID[cid]], cid


# ------------------------------------------------------------------ R6.2


@pytest.mark.parametrize("cid", CUOC_IDS)
def test_R6_2_one_instance_scores_its_diem(cid: str) -> None:
    assert score(((cid, 1),)) == POINTS[cid][0]


def test_R6_2_two_leo_is_7() -> None:
    assert score((("leo", 2),)) == 7


def test_R6_2_thong_chi_bach_thu_is_6() -> None:
    assert score((("thong", 1), ("chi", 1), ("bach_thu", 1))) == 6


def test_R6_2_highest_diem_plus_the_dich_of_every_other_instance() -> None:
    call = (("ngu_ong_bat_ca", 1), ("leo", 2), ("tom", 1), ("chiu", 3))
    assert score(call) == 30 + 2 + 2 + 1 + 1 + 1 + 1
    assert score((("tam_do", 1), ("leo", 2))) == 12  # "tám đỏ, 2 lèo" = 8 + 2 + 2 (R7.4)


def test_R6_2_order_of_the_call_does_not_change_the_score() -> None:
    a = (("thong", 1), ("chi", 1), ("bach_thu", 1), ("leo", 2), ("tom", 1))
    assert score(a) == score(tuple(reversed(a))) == 5 + 1 + 1 + 1 + 2 + 1


def test_R6_2_empty_call_scores_nothing() -> None:
    assert score(()) == 0


# ------------------------------------------------------------------ R6.3 gà


def test_R6_3_ga_off_counts_nothing() -> None:
    call = (("u_bon", 1), ("chi", 1), ("bach_thu_chi", 1))
    assert ga_count(call, LangRules()) == 0
    assert total(call, LangRules()) == score(call)


@pytest.mark.parametrize("rules", [RONG, HEP], ids=["rong", "hep"])
def test_R6_3_worked_example_u_bon_chi_bach_thu_chi_is_5_ga(rules: LangRules) -> None:
    call = (("chi", 1), ("u_bon", 1), ("bach_thu_chi", 1))
    assert ga_count(call, rules) == 5
    assert total(call, rules) == 6 + 1 + 1 + 5 * 5


def test_R6_3_ga_bach_thu_chi_option() -> None:
    call = (("chi", 1), ("u_bon", 1), ("bach_thu_chi", 1))
    assert ga_count(call, LangRules(ga="rong", ga_bach_thu_chi=False)) == 4
    assert ga_count((("bach_thu_chi", 1),), LangRules(ga="rong", ga_bach_thu_chi=False)) == 0


@pytest.mark.parametrize(("call", "rong", "hep"), [
    ((("u_bon", 1), ("bach_thu", 1)), 1, 1),
    ((("thap_thanh", 1),), 1, 1),
    ((("kinh_tu_chi", 1),), 1, 1),
    ((("bach_dinh", 1),), 1, 0),
    ((("bach_dinh", 1), ("tom", 1)), 1, 1),
    ((("tam_do", 1),), 1, 0),
    ((("tam_do", 1), ("leo", 1)), 1, 1),
    ((("bach_thu_chi", 1),), 1, 1),
    ((("chi", 1), ("bach_thu", 1)), 1, 1),
    ((("chi", 1), ("bach_thu_chi", 1)), 3, 3),  # chì bạch thủ, chì bạch thủ chi, bạch thủ chi
    ((("dong_tu_hai_hoa", 1),), 1, 1),
    ((("pha_thien", 1),), 1, 1),
    ((("u_bon", 1),), 0, 0),
    ((("bach_thu", 1),), 0, 0),
    ((("chi", 1),), 0, 0),
    ((("leo", 2), ("tom", 1)), 0, 0),
], ids=lambda v: v if isinstance(v, int) else "+".join(c for c, _ in v))
def test_R6_3_each_ga_combination(call: tuple[tuple[str, int], ...], rong: int,
                                  hep: int) -> None:
    assert ga_count(call, RONG) == rong
    assert ga_count(call, HEP) == hep


def test_R6_3_diem_per_ga() -> None:
    call = (("thap_thanh", 1), ("kinh_tu_chi", 1))
    rules = LangRules(ga="rong", diem_per_ga=3)
    assert ga_count(call, rules) == 2
    assert total(call, rules) == 12 + 9 + 2 * 3
    assert total(call, LangRules(ga="rong", diem_per_ga=0)) == 21
