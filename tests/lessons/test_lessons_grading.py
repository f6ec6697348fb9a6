"""Grading: the engine's answer graded right, a wrong one graded wrong with the rule ids and an
explanation in both languages, malformed answers refused (BadResponse)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.chan.cards import Card
from lessons import boc_cai
from lessons.drills import generate, grade
from lessons.item import BadResponse, Grade, Item


def _ok(g: Grade, correct: bool) -> None:
    assert g.correct is correct
    assert g.explanation_vi.startswith("Đúng." if correct else "Chưa đúng.")
    assert g.explanation_en.startswith("Right." if correct else "Not right.")
    assert g.rule_ids


def one(family: str, kind: str, seed: int = 3) -> Item:
    return generate(family, 1, seed, kinds=[kind])[0]


# ------------------------------------------------------------------ bốc cái

def test_boc_cai_right_wrong_and_the_mnemonic() -> None:
    item = boc_cai.make(4, 1, Card.parse("7v"))  # the seeds' worked example: D = seat 3
    assert item.answer == 3
    right = grade(item, 3)
    _ok(right, True)
    assert "tam (thất) đối" in right.explanation_vi and "R2.6" in right.rule_ids
    _ok(grade(item, {"seat": 0}), False)
    with pytest.raises(BadResponse):
        grade(item, "three")


def test_boc_cai_timed_mode_refuses_a_late_right_answer() -> None:
    item = generate("boc_cai", 1, 5, timed=True, players=4)[0]
    assert item.position["seconds"] == boc_cai.TIME_LIMIT_S
    seat = item.answer
    _ok(grade(item, {"seat": seat, "elapsed_ms": 1000}), True)
    late = grade(item, {"seat": seat, "elapsed_ms": boc_cai.TIME_LIMIT_S * 1000 + 1})
    _ok(late, False)
    assert "giây" in late.explanation_vi


# ------------------------------------------------------------------ chia bài

@pytest.mark.parametrize(("kind", "right", "wrong"), [
    ("piles", lambda a: {"piles": 5, "pile_size": 19, "leftover": 5},
     lambda a: {"piles": 4, "pile_size": 25, "leftover": 0}),
    ("noc", lambda a: {"noc_pile": 4, "noc_size": 24}, lambda a: {"noc_pile": 4, "noc_size": 19}),
    ("cai", lambda a: {"cai_pile": a["cai_piles"][0], "noc_after": 23},
     lambda a: {"cai_pile": ({0, 1, 2, 3, 4} - set(a["cai_piles"])).pop(), "noc_after": 23}),
    ("recipient", lambda a: a["recipient"], lambda a: (a["recipient"] + 1) % 2),
    ("hand_out", lambda a: {"pile_of_seat": a["pile_of_seat"]},
     lambda a: {"pile_of_seat": a["pile_of_seat"][::-1]}),
    ("hands", lambda a: {"first": a["first"], "noc": 23},
     lambda a: {"first": a["first"], "noc": 24}),
])
def test_chia_bai_each_step(kind: str, right: Any, wrong: Any) -> None:
    item = generate("chia_bai", 1, 8, kinds=[kind], players=2)[0]
    _ok(grade(item, right(item.answer)), True)
    _ok(grade(item, wrong(item.answer)), False)


# ------------------------------------------------------------------ nhận diện

def test_nhan_dien_arrange() -> None:
    item = one("nhan_dien", "arrange")
    a = item.answer
    # the groups in any order, within a group in any order
    shuffled = {"chan": a["chan"][::-1], "ca": [g[::-1] for g in a["ca"]],
                "ba_dau": a["ba_dau"], "que": a["que"][::-1]}
    _ok(grade(item, shuffled), True)
    wrong = dict(shuffled, chan=a["chan"][1:], que=a["que"] + a["chan"][0])
    _ok(grade(item, wrong), False)
    with pytest.raises(BadResponse):
        grade(item, {"chan": [["zz"]]})


def test_nhan_dien_count_and_waiting() -> None:
    item = one("nhan_dien", "count_chan")
    _ok(grade(item, item.answer["chan_count"]), True)
    _ok(grade(item, {"count": item.answer["chan_count"] + 1}), False)
    item = one("nhan_dien", "is_waiting")
    _ok(grade(item, {"waiting": item.answer["waiting"]}), True)
    wrong = grade(item, not item.answer["waiting"])
    _ok(wrong, False)
    assert "R5.5" in wrong.explanation_en


def test_nhan_dien_waits_and_live_counts() -> None:
    item = one("nhan_dien", "waits")
    waits = item.answer["waits"]
    cards = [w["card"] for w in waits]
    _ok(grade(item, {"waits": cards}), True)
    _ok(grade(item, {"waits": cards, "live": {w["card"]: w["live"] for w in waits}}), True)
    _ok(grade(item, {"waits": cards, "live": {w["card"]: w["live"] + 1 for w in waits}}),
        False)
    _ok(grade(item, {"waits": cards[1:] or ["cc" if cards != ["cc"] else "2v"]}), False)


def test_nhan_dien_eat_or_not_names_the_lỗi_of_each_bad_eat() -> None:
    items = [i for i in generate("nhan_dien", 12, 4, kinds=["eat_or_not"])
             if any(f for f in i.answer["eats"].values())]
    assert items, "some position offers an eat that breaks a rule"
    item = items[0]
    _ok(grade(item, {"with": item.answer["clean"]}), True)
    bad = [y for y, f in item.answer["eats"].items() if f]
    g = grade(item, {"with": bad})
    _ok(g, False)
    assert set(item.answer["eats"][bad[0]]) <= set(g.rule_ids)


# ------------------------------------------------------------------ xướng

def test_xuong_call_graded_by_the_engine_verdict() -> None:
    item = one("xuong", "call")
    true = item.answer["call"]
    _ok(grade(item, {"call": true}), True)
    _ok(grade(item, {"text": item.answer["text"]}), True)  # the spoken form, engine.chan.call.parse
    under = grade(item, {"call": true[1:]}) if len(true) > 1 else grade(item, [["xuong", 1]] if
                                                                        true[0][0] != "xuong"
                                                                        else [["chi", 1]])
    _ok(under, False)
    assert str(item.answer["score"]) in grade(item, true).explanation_vi


def test_xuong_order_matters_even_when_the_village_does_not_punish_it() -> None:
    items = [i for i in generate("xuong", 6, 9) if len(i.answer["call"]) > 1]
    assert items
    item = items[0]
    g = grade(item, item.answer["call"][::-1])
    _ok(g, False)
    assert "R8.5" in g.explanation_vi
    with pytest.raises(BadResponse):
        grade(item, {"call": [["nonsense", 1]]})


# ------------------------------------------------------------------ lỗi

def test_loi_move_right_wrong_and_bao() -> None:
    items = generate("loi", 10, 2, kinds=["move"], focus=["L9", "L13", "L14"])
    bao = next(i for i in items if i.answer["bao"])
    rules = bao.answer["verdict"]
    _ok(grade(bao, {"rules": rules, "bao": True}), True)
    _ok(grade(bao, {"rules": rules, "bao": False}), False)
    g = grade(bao, {"rules": []})
    _ok(g, False)
    assert "báo" in g.explanation_vi and set(rules) <= set(g.rule_ids)
    clean = generate("loi", 1, 3, kinds=["move"])
    allowed = [i for i in generate("loi", 8, 5, kinds=["move"]) + clean if i.answer["allowed"]]
    assert allowed
    _ok(grade(allowed[0], {"rules": []}), True)
    _ok(grade(allowed[0], ["L13"]), False)


def test_loi_claim_and_bo_u() -> None:
    items = generate("loi", 10, 6, kinds=["claim"])
    wins = [i for i in items if i.answer["best"] == "win"]
    nothing = [i for i in items if i.answer["best"] is None]
    assert wins and nothing
    _ok(grade(wins[0], {"act": "win"}), True)
    g = grade(wins[0], {"act": "none"})
    _ok(g, False)
    assert "nghỉ ăn tiền" in g.explanation_vi  # letting it pass is bỏ ù (R7.1)
    _ok(grade(nothing[0], "none"), True)
    _ok(grade(nothing[0], "chiu"), False)
    with pytest.raises(BadResponse):
        grade(nothing[0], "maybe")


def test_loi_trai_vi_is_explained() -> None:
    items = generate("loi", 8, 1, kinds=["trai_vi"])
    wrong = next(i for i in items if i.answer["verdict"] == ["L0"])
    right = next(i for i in items if i.answer["verdict"] == [])
    assert wrong.answer["explain_only"]
    _ok(grade(wrong, {"rules": ["L0"]}), True)
    _ok(grade(right, {"rules": ["l0"]}), False)
    _ok(grade(right, {"rules": []}), True)
