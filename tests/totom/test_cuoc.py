"""Cước sắc and scores (TOTOM T7.1–T7.4, T7.7)."""

from __future__ import annotations

import pytest

from engine.totom.call import judge_call, parse_call
from engine.totom.cards import Card, parse_cards
from engine.totom.cuoc import color_cuoc, score
from engine.totom.judged import judged_arrangement
from engine.totom.position import Position
from engine.totom.rules import TomRules

FOUR = TomRules(players=4)
FIVE = TomRules()


def judged(cards: str, w: str, *mat: str, rules: TomRules = FIVE, thong: bool = False,
           ) -> dict[str, int]:
    hand = parse_cards(cards)
    found = judged_arrangement(Position.parse(cards, list(mat)), Card.parse(w), rules,
                               thong=thong)
    assert found is not None and len(hand) + 1 + sum(len(m.split()) for m in mat) == \
        rules.hand_size + 1
    return found.cuoc


BLACK = "3v 3s 7n 2v 3v 4v 5n 6n 7n 2s 3s 4s 4v 4n 4s 1v 1n 1s 6v 6n"  # + W 6s


def test_tc7_bach_dinh_all_black() -> None:
    assert judged(BLACK, "6s") == {"bach_dinh": 1, "tom": 1}
    assert score({"bach_dinh": 1, "tom": 1}, TomRules()) == 18


def test_tc6_kinh_co_one_old_man_no_other_red() -> None:
    assert judged(BLACK.replace("1s", "oc"), "6s") == {"kinh_co": 1, "tom": 1}
    assert judged(BLACK.replace("1s", "oc").replace("1v", "cc"), "6s") == {"tom": 1}


def test_tc9_kinh_tu_co() -> None:
    cards = "oc oc oc oc 3v 3s 7n 2v 3v 4v 5n 6n 7n 2s 3s 4s 4v 4n 4s 5v"
    assert judged(cards, "6v") == {"kinh_tu_co": 1, "tom": 1}
    assert color_cuoc(parse_cards(cards + " 6v 9v")) is None  # another red card
    assert score({"kinh_tu_co": 1, "tom": 1}, TomRules()) == 48


RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"  # + W 5n: 10 red


def test_tc5_thap_hong_exactly_ten_red() -> None:
    assert judged(RED10, "5n") == {"thap_hong": 1, "tom": 1, "leo": 1}
    nine = RED10.replace("tt", "2n").replace("4n 6n", "3n 4n")  # 9 red
    assert "thap_hong" not in judged(nine, "5n")
    eleven = RED10.replace("1v", "tt")
    assert "thap_hong" not in judged(eleven, "5n")
    assert "thap_hong" in judged(eleven, "5n", rules=TomRules(red_cuoc_exact=False))


def test_tc5_tc6_tc7_tc9_exclude_one_another_and_follow_players() -> None:
    assert color_cuoc(parse_cards("oc oc 2v"), FOUR) == "kinh_co"  # kính nhị cố
    assert color_cuoc(parse_cards("oc 2v"), FOUR) is None
    assert color_cuoc(parse_cards("oc 2v")) == "kinh_co"
    assert color_cuoc(parse_cards("oc oc oc oc")) == "kinh_tu_co"
    assert color_cuoc(parse_cards("oc oc oc oc"), FOUR) == "kinh_tu_co"
    twelve = parse_cards("8v 8v 9v 9v 8s 8s 9s 9s cc cc tt tt")
    assert color_cuoc(twelve, FOUR) == "thap_hong"  # thập nhị hồng
    assert color_cuoc(twelve) is None
    assert color_cuoc(twelve[:10]) == "thap_hong"
    assert color_cuoc(parse_cards("2v 3v")) == "bach_dinh"


def test_tc3_tc4_counted_phu() -> None:
    two_tom = "3v 3s 7n 3v 3s 7n 9v 8s cc 5v 6v 7v 5n 6n 7n 2s 3s 4s 1v 1n"
    assert judged(two_tom, "1s") == {"tom": 2, "leo": 1}
    assert score({"tom": 2, "leo": 1}, TomRules()) == 12


def test_tc2_thong_needs_the_right_and_allow_thong() -> None:
    assert judged(BLACK, "6s", thong=True) == {"thong": 1, "bach_dinh": 1, "tom": 1}
    assert "thong" not in judged(BLACK, "6s", thong=True, rules=TomRules(allow_thong=False))


def test_tc1_suong_when_no_cuoc_sac() -> None:
    assert judged("1v 2v 3v 6n 7n 8n 2s 3s 4s 9v 9s cc oc 1n", "9n", "5s 5s 5s",
                  "4v 4n 4s") == {"suong": 1}


def test_t7_7_chi_nay_absorbs_its_leo() -> None:
    hand, mat = "3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s", ("4v 5v 6v", "2v 2n 2s")
    found = judged(hand, "cc", *mat)
    assert found == {"chi_nay": 1, "tom": 1}
    assert score(found, TomRules()) == 26
    assert judged(hand, "cc", *mat, rules=TomRules(chi_nay_leo="separate")) == \
        {"chi_nay": 1, "tom": 1, "leo": 1}


def test_tc8_chi_nay_won_by_a_phong_keeps_the_leo() -> None:
    # Only reachable with two lưng required (see the closing note): lèo + phỗng of chi chi.
    cards = "9v 8s cc cc cc 2v 3v 4v 5n 6n 7n 6s 7s 8s 4v 4n 4s 1v 1n oc"
    two = TomRules(lung_required=2)
    assert judged(cards, "cc", rules=two) == {"chi_nay": 1, "leo": 1}


@pytest.mark.parametrize(("cuoc", "points"), [
    ({"thap_hong": 1, "tom": 1, "leo": 1}, 16), ({"bach_dinh": 1, "tom": 1}, 18),
    ({"thong": 1, "kinh_co": 1, "tom": 1}, 16), ({"thong": 1, "suong": 1}, 6),
    ({"suong": 1}, 4), ({"tom": 2}, 8), ({"tom": 1, "leo": 1}, 10),
    ({"thong": 1, "thap_hong": 1, "tom": 1, "leo": 1}, 18), ({"chi_nay": 1, "tom": 1}, 26),
])
def test_t7_4_score_examples(cuoc: dict[str, int], points: int) -> None:
    assert score(cuoc, TomRules()) == points


def test_t7_4_points_and_dich_are_lang_options() -> None:
    rules = TomRules(points={"tom": 10}, dich=3)
    assert score({"tom": 1, "leo": 1}, rules) == 13
    assert score({"thong": 1}, rules) == 7


def test_t7_1_red_is_counted_on_the_whole_winning_set_mat_and_w_included() -> None:
    hand = "3v 3s 7n 2v 3v 4v 5n 6n 7n 2s 3s 4s 4v 4n 4s 1v 1n 5s 6s 7s"  # all black, tròn
    assert judged(hand, "1s") == {"bach_dinh": 1, "tom": 1}
    assert judged(hand, "cc") == {"tom": 1}  # W is red: one red card, no ông cụ
    assert judged(hand, "oc") == {"kinh_co": 1, "tom": 1}
    on_mat = "3v 3s 7n 2v 3v 4v 5n 6n 7n 2s 3s 4s 1v 1n 1s 6v 6n"
    assert judged(on_mat, "6s", "4s 4s 4s") == {"bach_dinh": 1, "tom": 1}
    assert judged(on_mat, "6s", "8v 8v 8v") == {"tom": 1}  # a red phỗng on the mat


def test_tc3_tom_cards_present_but_in_no_sp1_phu_are_no_tom() -> None:
    # [decision, Q37] the tôm is the SP1 phu of the arrangement: here 2v needs 3v in its run,
    # so 3v 3s 7n can never lie together.
    hand = "2v 3v 4v 3s 4s 5s 6n 7n 8n 1v 1n oc 5v 6v 7v 7s 8s"
    assert judged(hand, "9s", "9n 9n 9n") == {"suong": 1}
    assert judge_call(parse_call("tom"), Position.parse(hand, ["9n 9n 9n"]), Card.S9).over
