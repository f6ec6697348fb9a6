"""Recognising phu and lưng (TOTOM T3.2–T3.9): is this group a phu, which kind; is this hand
tròn, and which lưng does it have — every answer checked against engine/totom."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engine.totom.cards import Card, parse_cards
from engine.totom.melds import SPECIAL, classify
from engine.totom.position import MatMeld, Position
from engine.totom.rules import TomRules
from engine.totom.win import is_thap_thanh, is_tron
from lessons import tom_phu
from lessons.drills import generate, grade
from lessons.item import BadResponse, Item, LessonError
from lessons.tom_positions import read


def _item(cards: str) -> Item:
    return tom_phu.make("group", {"cards": cards.split(), "level": 1})


@pytest.mark.parametrize(("cards", "kind", "sp"), [
    ("4v 4n 4s", "bi", None),  # T3.2
    ("4v 4v 4n 4s", "bi", None),
    ("4v 4v 4s", None, None),  # two suits only (Q38)
    ("1v 2v 3v", "doc", None),  # T3.3, nhất included
    ("8v 9v 1v", None, None),  # no wrap
    ("5n 6n 7n 8n 9n", "doc", None),
    ("3v 3s 7n", "sp", "SP1"),  # T3.4 tôm
    ("9v 8s cc", "sp", "SP2"),  # lèo
    ("9v 8s cc cc", None, None),  # a special phu takes no fourth card
    ("oc tt cc", None, None),
    ("1n 2n 3n", "sp", "SP7"),
    ("6s 6s 6s", "giong", None),  # T3.5
    ("6s 6s 6s 6s", "giong", None),
    ("tt", "yeu", None),  # T3.6
    ("9v", None, None),
])
def test_t3_groups(cards: str, kind: str | None, sp: str | None) -> None:
    item = _item(cards)
    assert (item.answer["type"], item.answer["sp"]) == (kind, sp)
    assert grade(item, {"type": kind, "sp": sp}).correct
    assert not grade(item, {"type": "bi" if kind in ("doc", "sp") else "doc"}).correct


def test_t3_4_sp7_is_also_a_run_and_both_answers_are_right() -> None:
    item = _item("1n 2n 3n")
    assert item.answer["also"] == ["doc"] and item.answer["lung"]
    assert grade(item, "SP7").correct and grade(item, {"type": "doc"}).correct
    assert not grade(item, {"type": "sp", "sp": "SP3"}).correct


def test_named_special_phu_are_read_by_name() -> None:
    assert grade(_item("3v 3s 7n"), "tôm").correct and grade(_item("9v 8s cc"), "leo").correct
    assert grade(_item("4v 4v 4s"), "none").correct and grade(_item("4v 4v 4s"), None).correct
    for bad in ({"sp": "SP1"}, {"type": "run"}, {"type": "sp", "sp": "SP9"}, 3):
        with pytest.raises(BadResponse):
            grade(_item("3v 3s 7n"), bad)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t3_group_answers_are_the_engines(level: int) -> None:
    kinds: Counter[str | None] = Counter()
    for seed in range(50):
        for item in generate("tom_phu", 3, seed, ["group"], level=level):
            cards = parse_cards(" ".join(item.position["cards"]))
            found = classify(cards)
            assert item.answer["type"] == (None if found is None else str(found[0]))
            assert item.answer["sp"] == (None if found is None else found[1])
            kinds[item.answer["type"]] += 1
            assert grade(item, {"type": item.answer["type"], "sp": item.answer["sp"]}).correct
    assert kinds[None] > 20 and len(kinds) >= 4  # phu and near misses both asked


def _most_lung_by_hand(position: Position) -> int:
    """The most lưng any arrangement has, by trying every set of disjoint lưng groups (mat
    lưng as they lie, hand special phu and bộ giống) and asking only whether the rest is
    tròn."""
    hand = Counter(position.hand)
    groups = [tuple(g) for g in SPECIAL.values() for _ in range(min(hand[c] for c in g))]
    groups += [(c, c, c) for c, n in hand.items() if n >= 3]
    mat = sum(1 for m in position.mat if m.is_lung)
    best = -1
    for size in range(len(groups) + 1):
        for chosen in combinations(groups, size):
            need = Counter(c for g in chosen for c in g)
            if any(hand[c] < n for c, n in need.items()):
                continue
            rest = Position(tuple((hand - need).elements()), position.mat)
            if is_tron(rest):
                best = max(best, size + mat)
    return best


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t3_9_tron_and_the_most_lung_are_the_engines(level: int) -> None:
    tron = Counter()
    for seed in range(30):
        for item in generate("tom_phu", 2, seed, ["tron"], level=level):
            position = read(item.position)
            rules = TomRules(players=item.position["players"])
            ans = item.answer
            assert ans["tron"] == is_tron(position)
            tron[ans["tron"]] += 1
            if not ans["tron"]:
                assert ans["lung"] == [] and not ans["thap_thanh"]
                continue
            most = ans["lung_count"]
            assert most == max(0, _most_lung_by_hand(position))
            for k in range(1, 4):
                assert is_thap_thanh(position, TomRules(players=rules.players,
                                                        lung_required=k)) == (k <= most)
            assert ans["thap_thanh"] == (most >= rules.lung_required)
            assert len(ans["lung"]) == most
            assert grade(item, {"tron": True, "lung": ans["lung"]}).correct
            if most:
                assert not grade(item, {"tron": True, "lung": ans["lung"][1:]}).correct
    assert tron[True] > 10 and tron[False] > 10


def _hand_item(hand: str, mat: list[str], players: int = 5) -> Item:
    position = Position.parse(hand, mat)
    pos = {"players": players, "hand": [c.code for c in position.hand],
           "mat": [{"cards": [c.code for c in m.cards]} for m in position.mat], "level": 2}
    return tom_phu.make("tron", pos)


def test_t7_7_third_example_is_tron_with_the_tom_as_its_lung() -> None:
    item = _hand_item("3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc", ["4v 5v 6v", "2v 2n 2s"])
    assert item.answer["tron"] and item.answer["thap_thanh"]
    assert item.answer["lung"] == [["3v", "7n", "3s"]]
    assert grade(item, {"tron": True, "lung": ["3v 3s 7n"]}).correct
    assert not grade(item, {"tron": True, "lung": [["cc", "cc", "oc"]]}).correct
    assert not grade(item, {"tron": False}).correct


def test_t3_7_a_mat_khan_is_a_lung_with_or_without_the_hand_copy_laid_on_it() -> None:
    item = _hand_item("3n 4v 5v 6v", ["3n 3n 3n"])
    assert item.answer["lung_count"] == 1
    assert grade(item, {"tron": True, "lung": [["3n", "3n", "3n", "3n"]]}).correct
    assert grade(item, {"tron": True, "lung": [["3n", "3n", "3n"]]}).correct
    assert not grade(item, {"tron": True, "lung": []}).correct


def test_t3_7_four_players_need_two_lung() -> None:
    item = _hand_item("3v 3s 7n 4v 5v 6v", ["5s 5s 5s"], players=4)
    assert item.answer["lung_count"] == 2 and item.answer["thap_thanh"]
    one = _hand_item("3v 3s 7n 4v 5v 6v", [], players=4)
    assert one.answer["tron"] and one.answer["lung_count"] == 1 and not one.answer["thap_thanh"]


def test_a_hand_that_could_hold_more_than_three_lung_is_not_asked() -> None:
    big = Position((Card.V3, Card.S3, Card.N7), tuple(MatMeld((k,) * 3) for k in
                                                      (Card.V5, Card.N5, Card.S5)))
    with pytest.raises(LessonError):
        tom_phu.lung_count(big, 5)
