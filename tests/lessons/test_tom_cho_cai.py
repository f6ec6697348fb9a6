"""Cho cái counting (TOTOM T2.5): A and B, P players, ``cai_mod`` — which pile the cái gets and
which pile each seat gets, checked by counting by hand and against the engine's deal."""

from __future__ import annotations

import pytest

from engine.totom.cards import parse_card
from lessons import tom_cho_cai
from lessons.drills import generate, grade
from lessons.item import BadResponse


def _by_hand(pos: dict[str, object]) -> tuple[int, int]:
    """T2.5 counted as S1 says: value(A) + value(B), the remainder by P (or 5; 0 counts as the
    divisor), counted round the P piles from the khe; then on in play order to the seat."""
    a, b = parse_card(str(pos["a"])), parse_card(str(pos["b"]))
    players = int(str(pos["players"]))
    m = 5 if pos["cai_mod"] == "five" else players
    values = {"oc": 1, "tt": 1, "cc": 1}
    n = values.get(a.code, int(a.code[0]) if a.code[0].isdigit() else 1) + \
        values.get(b.code, int(b.code[0]) if b.code[0].isdigit() else 1)
    r = n % m or m
    cai_pile = (r - 1) % players + 1
    steps = (int(str(pos.get("seat", 0))) - int(str(pos.get("cai_seat", 0)))) % players
    return cai_pile, (cai_pile - 1 + steps) % players + 1


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t2_5_piles_counted_by_hand(level: int) -> None:
    for seed in range(60):
        for item in generate("tom_cho_cai", 3, seed, level=level):
            pos = item.position
            assert (pos["players"], pos["cai_mod"]) == \
                {1: (5, "players"), 2: (4, "players"), 3: (4, "five")}[level]
            cai_pile, pile = _by_hand(pos)
            assert item.answer["cai_pile"] == cai_pile
            assert item.answer["pile"] == (pile if item.kind == "seat_pile" else cai_pile)
            assert grade(item, item.answer["pile"]).correct
            assert not grade(item, {"pile": item.answer["pile"] % pos["players"] + 1}).correct


def test_t2_5_worked_example() -> None:
    five = {"players": 5, "cai_mod": "players", "a": "7n", "b": "3v"}
    assert tom_cho_cai.solve("pile", five)["pile"] == 5
    four = {**five, "players": 4}
    assert tom_cho_cai.solve("pile", four)["pile"] == 2
    by_five = {**four, "cai_mod": "five"}
    ans = tom_cho_cai.solve("pile", by_five)
    assert (ans["r"], ans["pile"]) == (5, 1)
    text = tom_cho_cai.counting(by_five, ans).vi
    assert "đếm vòng" in text and "T2.5" in text


def test_t2_5_the_drills_deal_is_the_engines() -> None:
    pos = {"players": 5, "cai_mod": "players", "a": "cc", "b": "9s", "cai_seat": 3}
    deal = tom_cho_cai.deal(pos, 3)
    assert deal.cai_seat == 3 and deal.a is not None and deal.a.code == "cc"
    assert [len(h) for h in deal.hands] == [20, 20, 20, 21, 20] and len(deal.noc) == 19
    assert deal.a in deal.hands[3]


@pytest.mark.parametrize("players", [4, 5])
def test_players_option_sets_the_table(players: int) -> None:
    for item in generate("tom_cho_cai", 10, 4, players=players):
        assert item.position["players"] == players


@pytest.mark.parametrize("bad", ["3", None, 2.0, {"seat": 1}, True])
def test_a_pile_must_be_a_whole_number(bad: object) -> None:
    item = generate("tom_cho_cai", 1, 1)[0]
    with pytest.raises(BadResponse):
        grade(item, bad)
