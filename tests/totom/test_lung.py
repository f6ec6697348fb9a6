"""Lưng: bộ giống and the seven special phu, one each; how many a win needs (TOTOM T3.7)."""

from __future__ import annotations

import pytest

from engine.totom.arrange import arrange
from engine.totom.cards import Card
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.win import wins

TWO = TomRules(lung_required=2)


def pos(hand: str, *mat: str, bat: str = "") -> Position:
    return Position.parse(hand, list(mat), bat)


@pytest.mark.parametrize(("mat", "lung"), [
    ("5s 5s 5s", True), ("5s 5s 5s 5s", True), ("3v 3s 7n", True), ("1n 2n 3n", True),
    ("oc 9s tt", True), ("4v 4n 4s", False), ("4v 5v 6v", False), ("oc", False),
])
def test_t3_7_which_mat_melds_are_lung(mat: str, lung: bool) -> None:
    p = pos("2v 3v 4v 6n 7n", mat)
    assert wins(p, Card.N8) is lung


def test_t3_7_thien_khai_counts_one_lung() -> None:
    p = pos("2v 3v 4v 6n 7n", "5s 5s 5s 5s")
    assert wins(p, Card.N8)
    assert not wins(p, Card.N8, TWO)  # Q25: one, not two


def test_t3_7_each_special_phu_in_the_hand_is_a_lung() -> None:
    for sp in ("3v 3s 7n", "9v 8s cc", "1v 1s 9n", "2v 2s 8n", "9v 9s tt", "oc 9s tt",
               "1n 2n 3n"):
        p = pos(f"{sp} 5v 6v")
        assert wins(p, Card.V7), sp
        assert not wins(p, Card.V7, TWO), sp


def test_t3_7_sp7_split_from_a_longer_van_run() -> None:
    # 1n…6n as SP7 + 4n 5n 6n gives the lưng (Q6: the split is the player's)
    p = pos("1n 2n 3n 4n 5n 6n 7v 8v")
    assert wins(p, Card.V9)
    built = arrange(p, Card.V9)
    assert built is not None and any(g.sp == "SP7" for g in built.groups)
    # ... and the split may feed a mat run: SP7 + 4n onto the mat's 5n 6n 7n
    assert wins(pos("1n 2n 3n 4n", "5n 6n 7n"), Card.OC)


def test_t3_7_mat_run_longer_than_sp7_is_no_lung() -> None:
    assert not wins(pos("5v 6v", "1n 2n 3n 4n"), Card.V7)
    assert wins(pos("5v 6v", "1n 2n 3n"), Card.V7)


def test_t3_7_bat_thuc_is_no_longer_a_lung() -> None:
    assert wins(pos("6v 6v 6v 2n 3n"), Card.N4)  # a khàn kept in the hand
    assert not wins(pos("6v 6v 6v 2n 3n", bat="6v"), Card.N4)
    assert wins(pos("6v 6v 6v 5v 7v 3v 3s 7n", bat="6v"), Card.V6)


def test_t3_7_two_lung_at_four_players() -> None:
    four = TomRules(players=4)
    assert four.lung_required == 2
    assert not wins(pos("3v 3s 7n 5v 6v"), Card.V7, four)
    assert wins(pos("3v 3s 7n 5v 6v", "2s 2s 2s"), Card.V7, four)
    assert wins(pos("3v 3s 7n 5v 6v 7v 9v 8s"), Card.CC, four)
