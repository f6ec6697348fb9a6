"""The call: tokens, canonical order, over, under, order, procedure (TOTOM T7.5–T7.7)."""

from __future__ import annotations

import json

import pytest

from engine.totom.call import (
    CallToken,
    call_for,
    canonical,
    format_call,
    judge_call,
    parse_call,
    say,
)
from engine.totom.cards import Card, parse_cards
from engine.totom.errors import BadCall
from engine.totom.position import MatMeld, Position
from engine.totom.rules import TomRules

# 10 red, a tôm and a lèo: "thông thập hồng tôm lèo" when thông is due (T7.7).
RED10 = Position(parse_cards("3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"))
W = Card.N5


def test_t7_5_token_text_and_json_round_trip() -> None:
    text = "khan:9v bat_thuc:5v:an_ca bat_thuc:4s:danh:1 thong thap_hong tom:2 leo"
    tokens = parse_call(text)
    assert format_call(tokens) == text
    for t in tokens:
        assert CallToken.from_json(json.loads(json.dumps(t.to_json()))) == t
    assert tokens[0].to_json() == ["khan", "9v"]
    assert tokens[1].to_json() == ["bat_thuc", "5v", 0]
    assert tokens[5].to_json() == ["tom", 2]
    assert CallToken.from_json(["TC3", 1]) == CallToken("tom")
    assert CallToken.parse("TC5").cuoc == "thap_hong"
    assert CallToken.parse("thap_nhi_hong").cuoc == "thap_hong"


@pytest.mark.parametrize("text", ["khan", "khan:xx", "bat_thuc:9v", "gà", "tom:0", "tom:x",
                                  "bat_thuc:9v:danh:3", "thong:2:1"])
def test_t7_5_bad_tokens(text: str) -> None:
    with pytest.raises(BadCall):
        parse_call(text)


@pytest.mark.parametrize("data", [["tom"], ["tom", True], "tom", [], ["khan", 9], ["x", 1]])
def test_t7_5_bad_json_tokens(data: object) -> None:
    with pytest.raises(BadCall):
        CallToken.from_json(data)


def test_t7_5_canonical_order() -> None:
    said = parse_call("leo tom kinh_co thong khan:9v bat_thuc:5v:an_ca chi_nay kinh_tu_co")
    assert format_call(canonical(said)) == \
        "khan:9v bat_thuc:5v:an_ca thong kinh_tu_co chi_nay kinh_co tom leo"
    assert format_call(call_for({"leo": 1, "tom": 2, "thap_hong": 1}, players=4)) == \
        "thap_nhi_hong tom:2 leo"


def test_t7_5_said_in_words() -> None:
    assert say(parse_call("thong thap_hong tom leo")) == "Ù thông thập hồng tôm lèo"
    assert say(()) == "Ù suông"
    assert say(parse_call("chi_nay tom")) == "Ù chi nẩy tôm"


def test_t7_7_all_four_true() -> None:
    j = judge_call(parse_call("thong thap_hong tom leo"), RED10, W, thong=True)
    assert j is not None and not j.over and not j.misplaced and not j.under
    assert j.score == 18 == j.true_score


def test_t7_7_thong_without_the_right_is_td8() -> None:
    j = judge_call(parse_call("thong thap_hong tom leo"), RED10, W, thong=False)
    assert j is not None and j.td8 and [i for i, _ in j.over] == [0]


def test_t7_7_misplaced_thong_is_not_paid() -> None:
    j = judge_call(parse_call("thap_hong thong tom leo"), RED10, W, thong=True)
    assert j is not None and j.misplaced == (1,) and not j.td8
    assert j.score == 16 and j.true_score == 18


def test_t7_6_call_order_options() -> None:
    said = parse_call("thap_hong thong tom leo")
    ignore = judge_call(said, RED10, W, TomRules(call_order="ignore"), thong=True)
    assert ignore is not None and ignore.misplaced == (1,) and ignore.score == 18
    wrong = judge_call(said, RED10, W, TomRules(call_order="wrong"), thong=True)
    assert wrong is not None and wrong.td8 and [i for i, _ in wrong.over] == [1]


def test_t7_6_misplaced_and_false_is_false() -> None:
    j = judge_call(parse_call("tom bach_dinh"), RED10, W)
    assert j is not None and j.misplaced == (1,) and [i for i, _ in j.over] == [1]


def test_t7_6_under_call_pays_what_was_said() -> None:
    j = judge_call(parse_call("tom"), RED10, W)
    assert j is not None and not j.over
    assert j.score == 6 and j.under == {"thap_hong": 1, "leo": 1} and j.true_score == 16
    j = judge_call((), RED10, W)
    assert j is not None and j.score == 4 and j.paid == {}


@pytest.mark.parametrize(("said", "bad"), [
    ("tom:2", [0]), ("suong tom", [0]), ("kinh_co", [0]), ("thap_hong thap_hong", [1]),
    ("leo:2 ", [0]), ("thap_nhi_hong", [0]),
])
def test_t7_6_over_calls(said: str, bad: list[int]) -> None:
    j = judge_call(parse_call(said), RED10, W)
    assert j is not None and [i for i, _ in j.over] == bad


def test_t7_6_not_a_win() -> None:
    assert judge_call(parse_call("tom"), RED10, Card.N2) is None


def test_t6_2_procedure_tokens() -> None:
    hand = parse_cards("3v 3s 7n 2v 3v 4v 5n 6n 7n 6s 7s 8s 4v 4n 4s 1v 1n")
    khan = Position(hand, (MatMeld.parse("9n 9n 9n", face_down=True),))
    good = judge_call(parse_call("khan:9n tom"), khan, Card.S9)
    assert good is not None and good.procedure == ()
    late = judge_call(parse_call("tom khan:9n"), khan, Card.S9)
    assert late is not None and late.procedure == (("TN4", 1),)
    never = judge_call(parse_call("tom"), khan, Card.S9)
    assert never is not None and never.procedure == (("TN5", None),)
    bat = Position(parse_cards("3v 3s 7n 5v 6v 7v 5v 5n 5s 5v 1v 1n oc"), bat_thuc=frozenset({
        Card.V5}))
    ok = judge_call(parse_call("bat_thuc:5v:an_ca tom"), bat, Card.TT, bat_thuc_discarded={})
    assert ok is not None and ok.procedure == ()
    wrong = judge_call(parse_call("bat_thuc:5v:danh:1 tom"), bat, Card.TT,
                       bat_thuc_discarded={})
    assert wrong is not None and wrong.procedure == (("TN8", 0),)
    missing = judge_call(parse_call("tom"), bat, Card.TT)
    assert missing is not None and missing.procedure == (("TN8", None),)


# Four players: 12 red (two 7v 8v 9v, two 7s 8s 9s, cc cc tt tt), a tôm and SP7 for the two
# lưng; with W = 6n, 25 cards.
RED12 = Position(parse_cards("7v 8v 9v 7v 8v 9v 7s 8s 9s 7s 8s 9s cc cc tt tt 3v 3s 7n 1n 2n 3n "
                             "4n 5n"))


def test_t7_3_four_players_say_thap_nhi_hong_and_have_no_thong() -> None:
    four = TomRules(players=4)
    right = judge_call(parse_call("thap_nhi_hong tom"), RED12, Card.N6, four)
    assert right is not None and not right.over and right.score == 12 + 2
    assert right.judged.cuoc == {"thap_hong": 1, "tom": 1}
    said_at_five = judge_call(parse_call("thap_hong tom"), RED12, Card.N6, four)
    assert said_at_five is not None and [i for i, _ in said_at_five.over] == [0]
    thong = judge_call(parse_call("thong thap_nhi_hong tom"), RED12, Card.N6, four, thong=True)
    assert thong is not None and [i for i, _ in thong.over] == [0]  # TC2 not at four (T7.3)
    allowed = TomRules(players=4, allow_thong=True)
    thong = judge_call(parse_call("thong thap_nhi_hong tom"), RED12, Card.N6, allowed,
                       thong=True)
    assert thong is not None and not thong.over and thong.score == 12 + 2 + 2
