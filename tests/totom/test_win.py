"""The win test (TOTOM T5.2), thiên ù (T5.4), tròn and thập thành (T3.9), phỗng (T5.6)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.totom.cards import Card, parse_cards
from engine.totom.position import MatMeld, Position, run_key
from engine.totom.rules import TomRules
from engine.totom.samples import near_miss, random_winning_set
from engine.totom.suits import scan, scan_by_rank
from engine.totom.win import (
    is_thap_thanh,
    is_tron,
    phong_statement_fits,
    phong_statement_needed,
    thien_u,
    wins,
)

from .brute import brute_position
from .sets import mixed, odd_position


def pos(hand: str, *mat: str, bat: str = "") -> Position:
    return Position.parse(hand, list(mat), bat)


def test_t5_2_every_card_placed_and_a_lung() -> None:
    p = pos("3v 3s 7n 2v 3v 4v 5n 6n 7n 7s 8s 9s 4v 4n 4s 1v 1n oc tt")  # 19 + W
    assert wins(p, Card.CC)
    assert not wins(p, Card.N2)  # a card left over
    no_lung = pos("2v 3v 4v 2v 3v 4v 5n 6n 7n 7s 8s 9s 4v 4n 4s 1v 1n oc tt")
    assert not wins(no_lung, Card.CC)  # tròn but no lưng
    assert is_tron(pos("2v 3v 4v 5n 6n 7n 1v"))


def test_t3_6_yeu_stand_alone() -> None:
    p = pos("3v 3s 7n oc oc tt cc 1v 1n 1s", "5s 5s 5s")
    assert wins(p, Card.TT) and wins(p, Card.N1)
    assert not wins(p, Card.N2)


def test_t3_7_lung_required_is_a_lang_option() -> None:
    p = pos("3v 3s 7n 5v 6v 7v 1n", "2s 2s 2s")
    assert wins(p, Card.OC, TomRules(lung_required=2))
    assert not wins(p, Card.OC, TomRules(lung_required=3))
    assert not wins(pos("3v 3s 7n 5v 6v 7v 1n"), Card.OC, TomRules(players=4))


def test_t5_2_new_bo_giong_needs_w_or_a_khan_kept_in_hand() -> None:
    # three of a kind in the hand: a khàn kept in the hand (TN2), still a lưng
    assert wins(pos("6v 6v 6v 2n 3n 4n"), Card.OC)
    # a pair + W: a phỗng of W
    assert wins(pos("6v 6v 2n 3n 4n"), Card.V6)
    # bất thực cards make no bộ giống (T4.13)
    assert not wins(pos("6v 6v 6v 2n 3n 4n", bat="6v"), Card.OC)
    # ... except with the fourth card: the phỗng T4.13 asks for
    assert wins(pos("6v 6v 6v 2n 3n 4n", bat="6v"), Card.V6)


def test_t5_4_thien_u_has_no_w() -> None:
    cai = pos("3v 3s 7n 2v 3v 4v 5n 6n 7n 7s 8s 9s 4v 4n 4s 1v 1n oc tt cc", "5s 5s 5s")
    assert thien_u(cai)
    assert not thien_u(pos("3v 3s 7n 2v 3v 4v 5n 6n 7n 7s 8s 9s 4v 4n 4s 1v 1n oc tt 2n"))


def test_t3_9_thap_thanh() -> None:
    p = pos("3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc", "4v 5v 6v", "2v 2n 2s")
    assert is_thap_thanh(p) and is_tron(p)
    assert not is_thap_thanh(pos("2v 3v 4v 5n 6n 7n 1v"))


def test_t5_6_phong_statement() -> None:
    # T7.7: two cc in the hand, W = cc: either statement fits.
    p = pos("3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc", "4v 5v 6v", "2v 2n 2s")
    assert phong_statement_needed(p, Card.CC)
    assert phong_statement_fits(p, Card.CC, True) and phong_statement_fits(p, Card.CC, False)
    # bạch thủ: only the phỗng wins
    b = pos("3v 3s 7n 2v 3v 4v 9n 9n", "5s 5s 5s")
    assert phong_statement_fits(b, Card.N9, True)
    assert not phong_statement_fits(b, Card.N9, False)
    # không phỗng: W goes into a run
    k = pos("3v 3s 7n 7v 8v 8v 8v 9v", "2s 2s 2s")
    assert phong_statement_fits(k, Card.V8, False)
    assert not phong_statement_needed(pos("3v 3s 7n 5v 6v"), Card.V7)
    assert not phong_statement_fits(pos("3v 3s 7n 5v 6v"), Card.V7, True)


def test_t5_2_quan_trung_count_as_placed() -> None:
    p = Position(parse_cards("3v 3s 7n 7s 8s"), (MatMeld.parse("4v 5v 6v + 5v"),))
    assert wins(p, Card.S9)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), lung=st.sampled_from([1, 1, 2, 3]),
       phong=st.sampled_from([None, None, True, False]))
def test_t5_2_fast_search_agrees_with_brute_force(seed: int, lung: int,
                                                   phong: bool | None) -> None:
    position, w = mixed(random.Random(seed))
    rules = TomRules(lung_required=lung)
    assert wins(position, w, rules, phong) == brute_position(position, w, lung, phong), \
        f"{position} + {w}"


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_t5_4_fast_search_agrees_with_brute_force_without_w(seed: int) -> None:
    position, _ = odd_position(random.Random(seed), size=21)
    assert thien_u(position) == brute_position(position, None, 1)


@settings(max_examples=300, deadline=None)
@given(counts=st.lists(st.integers(0, 4), min_size=9, max_size=9),
       runs=st.lists(st.tuples(st.integers(1, 7), st.integers(2, 4)), max_size=3))
def test_t5_2_chunked_suit_scan_agrees_with_the_rank_by_rank_one(
        counts: list[int], runs: list[tuple[int, int]]) -> None:
    vec = sum(c << (9 * i) for i, c in enumerate(counts))  # as suit 0's (layout.py)
    mat_runs = tuple(sorted((lo, min(lo + more, 9)) for lo, more in runs))
    assert scan(vec, run_key(mat_runs)) == scan_by_rank(counts, mat_runs)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), lung=st.sampled_from([1, 2, 2, 3]), miss=st.booleans())
def test_t5_2_fast_search_agrees_with_brute_force_at_four_players(seed: int, lung: int,
                                                                  miss: bool) -> None:
    rng = random.Random(seed)
    position, w = random_winning_set(rng, players=4, lung=2)  # 25 cards (T2.1)
    if miss:
        position, w = near_miss(rng, position, w)
    rules = TomRules(players=4, lung_required=lung)
    assert wins(position, w, rules) == brute_position(position, w, lung), f"{position} + {w}"
