"""Property tests over seeds: every family's items are valid (100 cards, positions the engine
rebuilds without complaint), their answers agree with the engine recomputed independently
(lesson_checks), and the same seed gives the same items."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lesson_checks import check

from lessons.drills import FAMILIES, generate, solve

seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=25, deadline=None)
GAMES = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _valid_and_repeatable(family: str, seed: int, count: int) -> None:
    items = generate(family, count, seed)
    assert len(items) == count
    for item in items:
        assert item.family == family and item.kind in FAMILIES[family].kinds
        check(item)
        assert solve(item) == item.answer
    again = generate(family, count, seed)
    assert [i.to_json() for i in again] == [i.to_json() for i in items]


@FAST
@given(seeds)
def test_boc_cai_items_are_valid_engine_answers_and_repeatable(seed: int) -> None:
    _valid_and_repeatable("boc_cai", seed, 8)


@FAST
@given(seeds)
def test_chia_bai_items_are_valid_engine_answers_and_repeatable(seed: int) -> None:
    _valid_and_repeatable("chia_bai", seed, 7)


@GAMES
@given(seeds)
def test_nhan_dien_items_are_valid_engine_answers_and_repeatable(seed: int) -> None:
    _valid_and_repeatable("nhan_dien", seed, 3)


@GAMES
@given(seeds)
def test_xuong_items_are_valid_engine_answers_and_repeatable(seed: int) -> None:
    _valid_and_repeatable("xuong", seed, 2)


@GAMES
@given(seeds)
def test_loi_items_are_valid_engine_answers_and_repeatable(seed: int) -> None:
    _valid_and_repeatable("loi", seed, 3)


def test_every_kind_of_every_family_is_generated_valid() -> None:
    for name, fam in FAMILIES.items():
        for kind in fam.kinds:
            for item in generate(name, 2, 11, kinds=[kind]):
                assert item.kind == kind
                check(item)


def test_different_seeds_give_different_items() -> None:
    for name in FAMILIES:
        a = [i.id for i in generate(name, 3, 1)]
        b = [i.id for i in generate(name, 3, 2)]
        assert a != b, name
