"""Làng options of Tổ tôm: the 19 options, their defaults, validation, JSON (TOTOM T9)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.totom.errors import BadRules
from engine.totom.rules import OPTION_NAMES, TomRules


def test_t9_nineteen_options_with_the_five_player_defaults() -> None:
    r = TomRules()
    assert len(OPTION_NAMES) == 19
    assert set(r.to_json()) == set(OPTION_NAMES)
    assert (r.players, r.lung_required, r.allow_thong, r.red_cuoc_count, r.red_cuoc_exact,
            r.kinh_co_count, r.dich, r.chi_nay_leo, r.call_order, r.hoi_points,
            r.pool_overflow, r.stake, r.noc_stop, r.cai_mod, r.ha_trung_scope,
            r.yeu_offence, r.tra_do, r.debt_at_end) == (
        5, 1, True, 10, True, 1, 2, "absorbed", "unpaid", 50, "cap", 1, 5, "players",
        "own_cua", "cheo_do", "paid_only", "lapse")
    assert r.point_map() == {"suong": 4, "tom": 6, "leo": 8, "thap_hong": 12, "kinh_co": 12,
                             "bach_dinh": 16, "chi_nay": 24, "kinh_tu_co": 46}
    assert r.hand_size == 20


def test_t9_four_players_change_the_defaults_that_follow_players() -> None:
    r = TomRules(players=4)
    assert (r.lung_required, r.allow_thong, r.red_cuoc_count, r.kinh_co_count) == (2, False,
                                                                                   12, 2)
    assert r.hand_size == 24


def test_t9_defaults_that_follow_players_can_be_overridden() -> None:
    r = TomRules(players=4, lung_required=1, allow_thong=True)
    assert (r.lung_required, r.allow_thong, r.red_cuoc_count) == (1, True, 12)
    assert r.replace(players=5).lung_required == 1  # players set again: defaults again
    assert r.replace(players=5, lung_required=3).lung_required == 3
    assert TomRules().replace(players=4).kinh_co_count == 2


def test_t9_json_round_trip_and_missing_keys_take_defaults() -> None:
    r = TomRules(players=4, points={"tom": 7, "TC9": 72}, call_order="wrong", stake=0.5)
    back = TomRules.from_json(json.loads(json.dumps(r.to_json())))
    assert back == r and hash(back) == hash(r)
    assert r.point("tom") == 7 and r.point("kinh_tu_co") == 72 and r.point("thong") == 2
    assert TomRules.from_json({"players": 4}) == TomRules(players=4)
    assert TomRules.from_json({}) == TomRules() == TomRules.from_json(None)
    assert eval(repr(r), {"TomRules": TomRules}) == r


@pytest.mark.parametrize("data", [
    {"players": 6}, {"players": True}, {"lung_required": 0}, {"lung_required": 4},
    {"allow_thong": 1}, {"red_cuoc_count": 4}, {"red_cuoc_count": 29}, {"kinh_co_count": 3},
    {"points": {"tom": -1}}, {"points": {"thong": 2}}, {"points": {"gà": 1}},
    {"points": {"tom": 1.5}}, {"points": []}, {"dich": -1}, {"chi_nay_leo": "x"},
    {"call_order": "strict"}, {"hoi_points": -5}, {"pool_overflow": "x"}, {"stake": 0},
    {"stake": float("inf")}, {"stake": True}, {"noc_stop": -1}, {"noc_stop": 19},
    {"cai_mod": 5}, {"ha_trung_scope": "x"}, {"yeu_offence": "x"}, {"tra_do": "x"},
    {"debt_at_end": "x"}, {"colour": 1}, [],
])
def test_t9_bad_values_refused(data: Any) -> None:
    with pytest.raises(BadRules):
        TomRules.from_json(data)


def test_t2_8_noc_stop_bound_follows_the_pile_size() -> None:
    assert TomRules(players=4, noc_stop=22).noc_stop == 22
    with pytest.raises(BadRules):
        TomRules(players=5, noc_stop=19)


def test_t9_immutable() -> None:
    with pytest.raises(AttributeError):
        TomRules().dich = 3  # type: ignore[misc]
