"""Phu, bộ giống, lone yêu and mat melds as they lie (TOTOM T3.2–T3.6, T3.8, T5.2)."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from engine.totom.cards import Card, parse_cards
from engine.totom.errors import BadMeld, BadPosition
from engine.totom.melds import GroupType, classify, is_bo_giong, is_phu_bi, is_phu_doc, special_of
from engine.totom.position import MatMeld, Position
from engine.totom.search import bi_takes
from engine.totom.win import wins


def cs(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(("text", "ok"), [
    ("4v 4n 4s", True), ("4v 4v 4n 4s", True), ("4v 4v 4n 4n 4s", True),
    ("4v 4v 4n 4n 4s 4s", False), ("4v 4v 4s", False), ("4v 4n", False),
    ("1v 1n 1s", True), ("1v 1n 1s oc", False), ("4v 5n 4s", False),
])
def test_t3_2_phu_bi(text: str, ok: bool) -> None:
    assert is_phu_bi(cs(text)) is ok


@cache
def _split_into_phu_bi(counts: tuple[int, int, int]) -> bool:
    """Can cards of one rank (counts per suit) be split into phu bí exactly? By trying every
    group the first card can be in."""
    if not any(counts):
        return True
    first = next(s for s in range(3) if counts[s])
    for group in product(*(range(n + 1) for n in counts)):
        cards = tuple(Card(9 * s + 3) for s in range(3) for _ in range(group[s]))
        if group[first] and is_phu_bi(cards) and _split_into_phu_bi(
                tuple(n - g for n, g in zip(counts, group, strict=True))):
            return True
    return False


@pytest.mark.parametrize("room", [0, 1, 2, 4])
def test_t3_2_t5_2_cards_of_a_rank_go_to_new_and_mat_phu_bi(room: int) -> None:
    for a, b, c in product(range(5), repeat=3):
        counts = (a, b, c)
        to_mat = [m for m in product(*(range(n + 1) for n in counts)) if sum(m) <= room]
        expected = any(_split_into_phu_bi(tuple(n - k for n, k in zip(counts, m, strict=True)))
                       for m in to_mat)
        assert bi_takes(counts, room) is expected, (counts, room)


@pytest.mark.parametrize(("text", "ok"), [
    ("1v 2v 3v", True), ("5n 6n 7n 8n 9n", True), ("1s 2s 3s 4s 5s 6s 7s 8s 9s", True),
    ("8v 9v 1v", False), ("2v 3v", False), ("2v 3v 5v", False), ("2v 3n 4v", False),
    ("2v 2v 3v 4v", False), ("oc tt cc", False),
])
def test_t3_3_phu_doc(text: str, ok: bool) -> None:
    assert is_phu_doc(cs(text)) is ok


@pytest.mark.parametrize(("sp", "text"), [
    ("SP1", "3v 3s 7n"), ("SP2", "9v 8s cc"), ("SP3", "1v 1s 9n"), ("SP4", "2v 2s 8n"),
    ("SP5", "9v 9s tt"), ("SP6", "oc 9s tt"), ("SP7", "1n 2n 3n"),
])
def test_t3_4_the_seven_special_phu(sp: str, text: str) -> None:
    cards = cs(text)
    assert special_of(cards) == sp
    assert special_of(tuple(reversed(cards))) == sp
    assert classify(cards) == (GroupType.SP, sp)
    assert special_of(cards + cards[:1]) is None  # no fourth card


@pytest.mark.parametrize("text", ["oc tt cc", "1v 1n tt", "9v 9n tt", "3v 3n 7n", "1n 2n 3n 4n"])
def test_t3_4_no_other_special_phu(text: str) -> None:
    assert special_of(cs(text)) is None


def test_t3_5_bo_giong_three_or_four_identical() -> None:
    assert is_bo_giong(cs("oc oc oc")) and is_bo_giong(cs("5s 5s 5s 5s"))
    assert not is_bo_giong(cs("5s 5s")) and not is_bo_giong(cs("5s 5s 5v"))


def test_t3_6_a_lone_card_is_a_group_only_when_yeu() -> None:
    assert classify(cs("tt")) == (GroupType.YEU, None)
    assert classify(cs("1n")) == (GroupType.YEU, None)
    assert classify(cs("2n")) is None


def test_t3_8_mat_melds_as_they_lie() -> None:
    assert MatMeld.parse("4v 5v 6v + 5v").type == GroupType.DOC
    assert MatMeld.parse("3v 3s 7n + 3v").sp == "SP1"
    assert MatMeld.parse("1n 2n 3n").type == GroupType.SP  # a mat 1n 2n 3n is SP7 (T5.2)
    assert MatMeld.parse("oc oc").type == GroupType.YEU  # a yêu eaten with its copy (T4.6)
    assert MatMeld.parse("5s 5s 5s", face_down=True).face_down
    for bad in ("4v 5v", "4v 5v 6v + 7v", "5s 5s 5s + 5s", "oc oc + oc", "2v 2v"):
        with pytest.raises(BadMeld):
            MatMeld.parse(bad)
    with pytest.raises(BadMeld):
        MatMeld.parse("4v 5v 6v", face_down=True)
    with pytest.raises(BadPosition):
        Position.parse("5s 5s", ["5s 5s 5s"])  # five copies


# T5.2: each mat meld stays one group as it lies and takes what its type allows.
BASE = "3v 3s 7n 6s 7s 8s oc"  # tôm (the lưng), a run and a yêu


@pytest.mark.parametrize(("mat", "extra", "ok"), [
    ("4v 5v 6v", "2v 3v", True),  # a run extended at its low end, by a chain
    ("4v 5v 6v", "7v 8v", True),  # and at its high end
    ("4v 5v 6v", "2v", False),  # not across a gap
    ("4v 5v 6v + 5v", "7v", True),  # quân trùng: run extensions still allowed
    ("4v 4n 4s", "4v 4n", True),  # a phu bí up to 5
    ("4v 4n 4s", "4v 4v 4n", False),  # not 6
    ("4v 4v 4n 4s", "4s", True),
    ("6v 6n 6s + 6v", "6n", False),  # a mat meld with quân trùng takes only run extensions
    ("2v 2v 2v", "2v", True),  # a bộ giống up to 4
    ("3v 3s 7n", "3v", False),  # a special phu takes nothing
    ("1n 2n 3n", "4n", False),  # mat SP7 is not extended
    ("oc", "oc", True),  # (a yêu stands alone anyway)
])
def test_t5_2_mat_meld_extensions(mat: str, extra: str, ok: bool) -> None:
    cards = cs(BASE + " " + extra)
    position = Position(cards[1:], (MatMeld.parse(mat),))
    assert wins(position, cards[0]) is ok
