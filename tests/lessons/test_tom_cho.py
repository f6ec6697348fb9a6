"""Waits and their names (TOTOM T5.5): which cards win this position, what is the wait called —
answers checked card by card with the engine's win test."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.totom.cards import ALL_CARDS, COPIES, Card
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.waits import named_waits
from engine.totom.win import wins
from lessons import tom_cho
from lessons.drills import generate, grade
from lessons.item import BadResponse, Item, LessonError
from lessons.tom_positions import position_json, read


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t5_5_the_waits_are_every_card_that_wins(level: int) -> None:
    for seed in range(30):
        for item in generate("tom_cho", 2, seed, ["waits"], level=level):
            position = read(item.position)
            rules = TomRules(players=item.position["players"])
            winning = [c.code for c in ALL_CARDS
                       if position.count(c) < COPIES and wins(position, c, rules)]
            assert item.answer["cards"] == winning and winning
            for w in item.answer["waits"]:
                assert w["unseen"] == COPIES - position.count(Card.parse(w["card"]))
            assert grade(item, winning).correct
            assert grade(item, " ".join(reversed(winning))).correct
            assert not grade(item, winning[:-1]).correct


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t5_5_each_way_of_waiting_is_asked_and_named_by_the_engine(level: int) -> None:
    names: Counter[str] = Counter()
    for seed in range(30):
        for item in generate("tom_cho", 2, seed, ["wait_name"], level=level):
            position = read(item.position)
            rules = TomRules(players=item.position["players"])
            (mine,) = [w for w in named_waits(position, rules)
                       if w.card.code == item.position["card"]]
            assert item.answer["names"] == sorted(str(n) for n in mine.names)
            names.update(item.answer["names"] or ["none"])
            assert grade(item, {"names": item.answer["names"]}).correct
    assert set(names) >= {"thap_thanh", "bach_thu", "xuyen", "none"}


def _item(kind: str, hand: str, mat: list[str], card: str | None = None) -> Item:
    pos = position_json(Position.parse(hand, mat), 5)
    if card is not None:
        pos["card"] = card
    return tom_cho.make(kind, pos)


def test_t7_7_first_example_waits_on_cuu_van_and_thang_thang() -> None:
    item = _item("waits", "1v 2v 3v 6n 7n 8n 2s 3s 4s 9v 9s cc oc 1n", ["5s 5s 5s", "4v 4n 4s"])
    assert item.answer["cards"] == ["9n", "tt"]
    g = grade(item, ["9n"])
    assert not g.correct and "tt" in g.explanation_en and "Còn thiếu" in g.explanation_vi
    g = grade(item, ["9n", "tt", "8s"])
    assert not g.correct and "does not win" in g.explanation_en


def test_t7_7_second_example_is_a_chi_nay() -> None:
    item = _item("wait_name", "3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s", ["4v 5v 6v", "2v 2n 2s"],
                 "cc")
    assert item.answer["names"] == ["chi_nay"]
    assert grade(item, "chi nẩy").correct and grade(item, ["chờ chi chi nẩy"]).correct
    assert not grade(item, []).correct and "TC8" in grade(item, []).explanation_en


def test_t5_5_xuyen_bach_thu_and_an_ordinary_wait() -> None:
    assert _item("wait_name", "3v 3s 7n 4v 6v", ["5s 5s 5s"], "5v").answer["names"] == ["xuyen"]
    bach = _item("wait_name", "3v 3s 7n 2v 3v 4v 9n 9n", ["5s 5s 5s"], "9n")
    assert bach.answer["names"] == ["bach_thu"] and grade(bach, "bạch thủ").correct
    plain = _item("wait_name", "3v 3s 7n 4v 5v", ["5s 5s 5s"], "6v")
    assert plain.answer["names"] == [] and grade(plain, "none").correct
    assert grade(plain, {"names": []}).correct and not grade(plain, "xuyen").correct


def test_a_card_the_position_does_not_wait_on_is_not_asked() -> None:
    with pytest.raises(LessonError):
        _item("wait_name", "3v 3s 7n 4v 5v", ["5s 5s 5s"], "9n")


@pytest.mark.parametrize("bad", [{"names": ["ù"]}, {"names": 3}, 7, ["xuyen", 2]])
def test_unknown_wait_names_are_refused(bad: object) -> None:
    item = _item("wait_name", "3v 3s 7n 4v 6v", ["5s 5s 5s"], "5v")
    with pytest.raises(BadResponse):
        grade(item, bad)
