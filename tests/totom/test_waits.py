"""Waits and their names: thập thành, bạch thủ, xuyên, chi nẩy (TOTOM T5.5, T7.7)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.totom.cards import ALL_CARDS, Card
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.samples import random_winning_set
from engine.totom.waits import WaitName, named_waits, waits

from .brute import brute_position
from .sets import mixed

EXAMPLE_1 = Position.parse("1v 2v 3v 6n 7n 8n 2s 3s 4s 9v 9s cc oc 1n", ["5s 5s 5s", "4v 4n 4s"])
EXAMPLE_2 = Position.parse("3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s", ["4v 5v 6v", "2v 2n 2s"])
EXAMPLE_3 = Position.parse("3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc", ["4v 5v 6v", "2v 2n 2s"])


def codes(cards: tuple[Card, ...]) -> set[str]:
    return {c.code for c in cards}


def test_t7_7_first_example_waits() -> None:
    assert EXAMPLE_1.size == 20
    assert codes(waits(EXAMPLE_1)) == {"9n", "tt"}


def test_t7_7_second_example_only_waits_on_chi_chi() -> None:
    assert waits(EXAMPLE_2) == (Card.CC,)
    (only,) = named_waits(EXAMPLE_2)
    assert only.names == {WaitName.CHI_NAY} and only.unseen == 4


def test_t7_7_third_example_thap_thanh() -> None:
    found = named_waits(EXAMPLE_3)
    assert {w.card.code for w in found} == {"1v", "1n", "1s", "oc", "tt", "cc", "4n", "8n",
                                            "6s", "3v", "7v", "2v", "2n", "2s"}
    assert all(WaitName.THAP_THANH in w.names for w in found)
    assert not any(WaitName.CHI_NAY in w.names for w in found)
    assert next(w for w in found if w.card == Card.CC).unseen == 2


def test_t5_5_bach_thu() -> None:
    p = Position.parse("3v 3s 7n 2v 3v 4v 9n 9n", ["5s 5s 5s"])
    (w,) = named_waits(p)
    assert w.card == Card.N9 and w.names == {WaitName.BACH_THU}


def test_t5_5_xuyen_is_the_middle_of_a_run() -> None:
    p = Position.parse("3v 3s 7n 4v 6v", ["5s 5s 5s"])
    (w,) = named_waits(p)
    assert w.card == Card.V5 and w.names == {WaitName.XUYEN}
    ends = Position.parse("3v 3s 7n 4v 5v", ["5s 5s 5s"])
    assert all(WaitName.XUYEN not in w.names for w in named_waits(ends))
    # 5v would fill the middle, or extend a mat 6v 7v 8v: not a xuyên then
    open_end = Position.parse("3v 3s 7n 4v", ["5s 5s 5s", "6v 7v 8v"])
    assert all(WaitName.XUYEN not in w.names for w in named_waits(open_end))


def test_t5_5_chi_nay_by_a_pair_of_chi_chi() -> None:
    # Q19: no lưng but a pair of chi chi: only the phỗng of chi chi wins
    p = Position.parse("4v 5v 6v 2n 3n 4n 6s 7s 8s cc cc")
    (w,) = named_waits(p)
    assert w.card == Card.CC and w.names == {WaitName.CHI_NAY, WaitName.BACH_THU}


def test_t5_5_waits_exclude_kinds_the_position_holds_four_of() -> None:
    p = Position.parse("3v 3s 7n oc oc oc 5v 6v 7v", ["oc"])
    assert Card.OC not in waits(p)


def test_t5_5_four_players_need_two_lung() -> None:
    p = Position.parse("3v 3s 7n 4v 6v", ["5s 5s 5s"])
    assert waits(p, TomRules(players=4)) == (Card.V5,)
    assert waits(Position.parse("3v 3s 7n 4v 6v"), TomRules(players=4)) == ()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), lung=st.sampled_from([1, 1, 2]))
def test_t5_5_waits_agree_with_brute_force_over_the_30_kinds(seed: int, lung: int) -> None:
    rng = random.Random(seed)
    position, _ = mixed(rng) if rng.random() < 0.5 else random_winning_set(rng)
    rules = TomRules(lung_required=lung)
    brute = tuple(c for c in ALL_CARDS if position.count(c) < 4
                  and brute_position(position, c, lung))
    assert waits(position, rules) == brute, str(position)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_t5_5_waits_agree_with_brute_force_at_four_players(seed: int) -> None:
    position, _ = random_winning_set(random.Random(seed), players=4, lung=2)
    rules = TomRules(players=4)
    brute = tuple(c for c in ALL_CARDS if position.count(c) < 4
                  and brute_position(position, c, 2))
    assert waits(position, rules) == brute, str(position)
