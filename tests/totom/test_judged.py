"""The arrangement the làng judges (TOTOM T5.3) and the arrangements themselves (T3.9)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.totom.arrange import arrange
from engine.totom.cards import Card
from engine.totom.cuoc import color_cuoc, score
from engine.totom.judged import Constraints, is_chi_nay, judged_arrangement
from engine.totom.melds import GroupType, classify
from engine.totom.position import Position
from engine.totom.win import wins

from .brute import brute_outcomes
from .sets import mixed, sp_rich_set

EXAMPLE_3 = Position.parse("3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc", ["4v 5v 6v", "2v 2n 2s"])


def test_t5_3_agrees_with_the_phong_statement() -> None:
    said_phong = judged_arrangement(EXAMPLE_3, Card.CC, constraints=Constraints(phong=True))
    assert said_phong is not None and said_phong.fits_phong
    assert said_phong.arrangement.w_in_giong
    assert any(g.type == GroupType.GIONG and not g.mat for g in said_phong.arrangement.groups)
    said_not = judged_arrangement(EXAMPLE_3, Card.CC, constraints=Constraints(phong=False))
    assert said_not is not None and not said_not.arrangement.w_in_giong
    assert not any(g.type == GroupType.GIONG for g in said_not.arrangement.groups)


def test_t5_6_a_statement_no_arrangement_fits() -> None:
    p = Position.parse("3v 3s 7n 2v 3v 4v 9n 9n", ["5s 5s 5s"])
    j = judged_arrangement(p, Card.N9, constraints=Constraints(phong=False))
    assert j is not None and not j.fits_phong  # TD1 for the state machine


def test_t5_3_makes_the_call_true_then_scores_highest() -> None:
    two_tom = Position.parse("3v 3s 7n 3v 3s 7n 9v 8s cc 5v 6v 7v 5n 6n 7n 2s 3s 4s 1v 1n")
    best = judged_arrangement(two_tom, Card.S1)
    assert best is not None and best.cuoc == {"tom": 2, "leo": 1} and best.score == 12
    asked = judged_arrangement(two_tom, Card.S1, constraints=Constraints(tom=3))
    assert asked is not None and not asked.call_true


def test_t5_3_avoids_mot_cuc() -> None:
    hand = "5v 5v 5v 5n 5s 6v 7v 3v 3s 7n"
    p = Position.parse(hand, bat_thuc="5v")
    j = judged_arrangement(p, Card.V8)
    assert j is not None and not j.arrangement.mot_cuc
    groups_with_5v = [g for g in j.arrangement.groups if Card.V5 in g.cards]
    assert len(groups_with_5v) == 2
    forced = judged_arrangement(Position.parse("5v 5v 5v 5n 5s 3v 3s 7n", bat_thuc="5v"), Card.TT)
    assert forced is not None and forced.arrangement.mot_cuc  # TN6 for the state machine


def test_formats_arrangement_json() -> None:
    j = judged_arrangement(EXAMPLE_3, Card.V3)
    assert j is not None
    data = json.loads(json.dumps(j.arrangement.to_json()))
    assert {"type": "doc", "cards": ["3v", "4v", "5v", "6v"], "mat": True} in data
    assert {"type": "sp", "id": "SP1", "cards": ["3v", "7n", "3s"], "mat": False} in data


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_t3_9_built_arrangements_are_partitions_into_groups(seed: int) -> None:
    position, w = mixed(random.Random(seed))
    built = arrange(position, w)
    assert (built is not None) == wins(position, w)
    if built is None:
        return
    assert sorted(built.cards()) == sorted((*position.cards(), w))
    assert built.lung >= 1
    for g in built.groups:
        if not g.mat:
            assert classify(g.cards) == (g.type, g.sp)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rich=st.booleans())
def test_t5_3_the_judged_arrangement_scores_the_most_any_arrangement_scores(
        seed: int, rich: bool) -> None:
    rng = random.Random(seed)
    found = sp_rich_set(rng) if rich else mixed(rng)
    if found is None or found[0].bat_thuc or not wins(*found):
        return
    position, w = found
    judged = judged_arrangement(position, w)
    assert judged is not None
    hand = [str(c) for c in position.hand]
    mat = [([str(c) for c in m.cards], [str(c) for c in m.trung]) for m in position.mat]
    outcomes = brute_outcomes(hand, mat, str(w), 1)
    assert outcomes, f"{position} + {w}"
    cards = (*position.cards(), w)
    chi_nay = is_chi_nay(position, w)
    best = 0
    for tom, leo, w_giong in outcomes:
        cuoc = {"tom": tom, "leo": leo - (chi_nay and leo > 0 and not w_giong)}
        color = color_cuoc(cards)
        if color is not None:
            cuoc[color] = 1
        if chi_nay:
            cuoc["chi_nay"] = 1
        best = max(best, score({k: n for k, n in cuoc.items() if n}))
    assert judged.score == best, f"{position} + {w}: {outcomes}"
    assert (judged.arrangement.tom, judged.arrangement.leo_phu,
            judged.arrangement.w_in_giong) in outcomes
