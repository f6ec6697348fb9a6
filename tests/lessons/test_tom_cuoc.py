"""Cước sắc, the score and the call (TOTOM T7.1–T7.6): which cước a winning hand has, what a
call scores, the canonical order, and the whole call judged as the làng judges it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.totom.call import CallToken, judge_call
from engine.totom.cards import Card
from engine.totom.judged import judged_arrangement
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.waits import waits
from lessons import tom_cuoc
from lessons.drills import generate, grade
from lessons.item import BadResponse
from lessons.tom_positions import position_json, read

RED = {"8v", "9v", "8s", "9s", "cc", "tt", "oc"}  # T1.5, as TOTOM.md lists them
ORDER = ["thong", "kinh_tu_co", "chi_nay", "bach_dinh", "thap_hong", "kinh_co", "tom", "leo"]
FOUR = {"thap_nhi_hong": "thap_hong", "kinh_nhi_co": "kinh_co"}  # T7.3


def _ids(cuoc: list[list[Any]]) -> dict[str, int]:
    return {FOUR.get(c, c): n for c, n in cuoc}


def _cards(pos: dict[str, Any]) -> list[str]:
    return [*pos["hand"], *(c for m in pos["mat"] for c in m["cards"] + m.get("trung", [])),
            pos["w"]]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t7_2_the_cuoc_are_the_judged_arrangements(level: int) -> None:
    for seed in range(25):
        for item in generate("tom_cuoc", 2, seed, ["cuoc"], level=level):
            pos = item.position
            rules = TomRules(players=pos["players"])
            judged = judged_arrangement(read(pos), Card.parse(pos["w"]), rules,
                                        thong=pos["thong"])
            assert judged is not None
            assert _ids(item.answer["cuoc"]) == judged.cuoc
            assert item.answer["score"] == judged.score
            assert item.answer["red"] == sum(1 for c in _cards(pos) if c in RED)
            assert grade(item, item.answer["cuoc"]).correct
            assert grade(item, {c: n for c, n in item.answer["cuoc"]}).correct
            assert not grade(item, [*item.answer["cuoc"], ["kinh_tu_co", 1]]).correct
            if level == 1:
                assert not pos["thong"] and not any(m.get("face_down") for m in pos["mat"])
            if level == 3:
                assert pos["players"] == 4


@pytest.mark.parametrize(("theme", "players"), [
    ("bach_dinh", 5), ("thap_hong", 5), ("kinh_co", 5), ("kinh_tu_co", 5), ("chi_nay", 5),
    ("tom", 5), ("leo", 5), ("thap_hong", 4), ("kinh_co", 4),
])
def test_t7_2_each_cuoc_sac_is_taught_on_a_hand_that_has_it(theme: str, players: int) -> None:
    rng = random.Random(theme)
    for _ in range(5):
        pos = tom_cuoc.winning_hand(rng, 2, players, theme)
        cards = _cards(pos)
        red = sum(1 for c in cards if c in RED)
        oc = cards.count("oc")
        cuoc = _ids(tom_cuoc.hand_cuoc(pos)["cuoc"])
        assert theme in cuoc
        if theme == "bach_dinh":
            assert red == 0
        elif theme == "thap_hong":
            assert red == (10 if players == 5 else 12)
        elif theme == "kinh_co":
            assert red == oc == (1 if players == 5 else 2)
        elif theme == "kinh_tu_co":
            assert red == oc == 4
        elif theme == "chi_nay":
            assert pos["w"] == "cc" and waits(read(pos), TomRules(players=players)) == (Card.CC,)


@pytest.mark.parametrize(("call", "points"), [
    ([["thap_hong", 1], ["tom", 1], ["leo", 1]], 16),  # S1's examples (T7.4)
    ([["bach_dinh", 1], ["tom", 1]], 18),
    ([["thong", 1], ["kinh_co", 1], ["tom", 1]], 16),
    ([["thong", 1], ["suong", 1]], 6),
    ([["tom", 2]], 8),
    ([["tom", 1], ["leo", 1]], 10),
    ([["suong", 1]], 4),
    ([["thong", 1], ["thap_hong", 1], ["tom", 1], ["leo", 1]], 18),  # T7.7
    ([["chi_nay", 1], ["tom", 1]], 26),
])
def test_t7_4_score_of_a_call(call: list[list[Any]], points: int) -> None:
    item = tom_cuoc.make("score", {"players": 5, "call": call, "level": 1})
    assert item.answer == {"score": points}
    g = grade(item, points)
    assert g.correct and f"= {points} điểm" in g.explanation_vi
    assert not grade(item, {"score": points + 2}).correct


def test_t7_4_every_score_item_is_the_engines_and_its_sum_adds_up() -> None:
    for seed in range(20):
        for item in generate("tom_cuoc", 3, seed, ["score"]):
            g = grade(item, item.answer["score"])
            assert g.correct
            found = re.search(r"(\d+) \+ (\d+) × (\d+) = (\d+) điểm", g.explanation_en)
            assert found is not None, g.explanation_en
            top, n, dich, total = map(int, found.groups())
            assert top + n * dich == total == item.answer["score"]


def test_t7_5_the_order_is_totoms_list() -> None:
    for seed in range(30):
        for item in generate("tom_cuoc", 2, seed, ["order"]):
            pos = item.position
            said = item.answer["call"]
            khan = [t for t in said if t.startswith("khan:")]
            assert khan == [f"khan:{k}" for k in pos.get("khan", [])] and said[:len(khan)] == khan
            scoring = [FOUR.get(t.split(":")[0], t.split(":")[0]) for t in said[len(khan):]]
            if scoring != ["suong"]:
                assert scoring == sorted(scoring, key=ORDER.index)
            assert grade(item, said).correct
            shuffled = list(reversed(said))
            assert grade(item, shuffled).correct == (shuffled == said)


def _won(hand: str, mat: list[str], w: str, thong: bool = False) -> dict[str, Any]:
    pos = position_json(Position.parse(hand, mat), 5)
    return {**pos, "w": w, "thong": thong, "level": 2}


EXAMPLE_2 = _won("3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s", ["4v 5v 6v", "2v 2n 2s"], "cc")


def test_t7_7_chi_nay_tom_and_the_call_judged() -> None:
    item = tom_cuoc.make("call", EXAMPLE_2)
    assert item.answer["call"] == ["chi_nay", "tom"] and item.answer["score"] == 26
    assert item.answer["text"] == "Ù chi nẩy tôm"
    assert grade(item, ["chi_nay", "tom"]).correct and grade(item, "chi_nay tom").correct
    misplaced = grade(item, ["tom", "chi_nay"])
    assert not misplaced.correct and "thứ tự" in misplaced.explanation_vi
    over = grade(item, ["chi_nay", "tom", "leo"])  # the lèo is absorbed (TC8)
    assert not over.correct and "TD8" in over.explanation_en
    under = grade(item, ["chi_nay"])
    assert not under.correct and "Xướng thiếu" in under.explanation_vi


def test_t5_8_a_face_down_khan_is_turned_up_before_the_cuoc() -> None:
    pos = _won("3v 3s 7n 4v 6v", ["4n 5n 6n"], "5v")
    pos["hand"] = sorted([*pos["hand"], "7v", "8v", "9v"])
    pos["mat"].append({"cards": ["5s", "5s", "5s"], "face_down": True})
    item = tom_cuoc.make("call", pos)
    assert item.answer["call"][0] == "khan:5s"
    assert grade(item, item.answer["call"]).correct
    forgot = grade(item, item.answer["call"][1:])
    assert not forgot.correct and "TN5" in forgot.explanation_en
    late = grade(item, [*item.answer["call"][1:], "khan:5s"])
    assert not late.correct and "TN4" in late.explanation_en
    tokens = [CallToken.parse(t) for t in item.answer["call"]]
    judged = judge_call(tokens, read(pos), Card.V5, TomRules())
    assert judged is not None and not judged.procedure


def test_t7_5_thong_leads_the_call() -> None:
    item = tom_cuoc.make("call", {**EXAMPLE_2, "thong": True})
    assert item.answer["call"] == ["thong", "chi_nay", "tom"] and item.answer["score"] == 28
    assert not grade(item, ["chi_nay", "tom", "thong"]).correct


@pytest.mark.parametrize("bad", [{"call": 3}, "tom:x", [["tom"]], ["khan"], 5])
def test_malformed_calls_are_refused(bad: object) -> None:
    item = tom_cuoc.make("call", EXAMPLE_2)
    with pytest.raises(BadResponse):
        grade(item, bad)
