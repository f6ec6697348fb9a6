"""The duplicate evaluation of bench/ai.py in small — the machinery, not a strength claim: every
deal is played once per rotation of the seat under test and once all-normal, the rotations pair
with the baseline on the same deal and seat, and the intervals are over deals.

(Asked for by issue 15.)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ai_issue15", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_deal_has_a_baseline_and_one_game_per_seat(bench: ModuleType) -> None:
    jobs = bench.duplicate_jobs(3, 7, 50.0, ceiling_rotations=2)
    for d in range(3):
        mine = [j for j in jobs if j[1] == d]
        assert [j[2] for j in mine if j[0] == "base"] == [-1]
        assert sorted(j[2] for j in mine if j[0] == "strong") == [0, 1, 2, 3]
        assert len({j[2] for j in mine if j[0] == "ceiling"}) == 2
    assert all(j[3] == 7 for j in jobs)


def test_the_same_player_in_every_seat_gives_a_zero_delta(bench: ModuleType) -> None:
    """normal against normal: every rotation replays its baseline exactly, so the paired
    delta is 0 with a zero-width interval (an unpaired or misaligned seat would not be)."""
    out = bench.duplicate(3, 11, 1, lambda _: None, candidate="normal", ceiling_rotations=0)
    s = out["strong"]
    assert s["deals"] == 3 and s["games"] == 12 and s["rotations"] == [4]
    assert s["mean_diem_delta"] == {"value": 0.0, "ci95": [0.0, 0.0]}
    assert s["win_share_delta"] == {"value": 0.0, "ci95": [0.0, 0.0]}
    assert "ceiling" not in out


def test_a_rotation_plays_the_baseline_deal(bench: ModuleType) -> None:
    base = bench.play_duplicate(("base", 2, -1, 5, 10.0, 1, "strong"))
    for seat in range(4):
        row = bench.play_duplicate(("strong", 2, seat, 5, 10.0, 1, "strong"))
        assert row["deal"] == base["deal"] and row["rotation"] == seat


def _row(kind: str, index: int, rotation: int, winner: int | None,
         points: list[float]) -> dict[str, Any]:
    return {"kind": kind, "index": index, "rotation": rotation, "decided": winner is not None,
            "winner": winner, "points": points, "violations": [0] * 4,
            "missed_u": [0] * 4, "wrong_call": [0] * 4}


def test_deltas_and_intervals_are_paired_over_deals(bench: ModuleType) -> None:
    """Two deals; in the first the candidate wins at every seat (+3 each) where the baseline
    winner was seat 0 (+3, the others -1); in the second nobody wins anywhere."""
    rows = [_row("base", 0, -1, 0, [3.0, -1.0, -1.0, -1.0]),
            _row("base", 1, -1, None, [0.0] * 4)]
    for r in range(4):
        pts = [-1.0] * 4
        pts[r] = 3.0
        rows.append(_row("strong", 0, r, r, pts))
        rows.append(_row("strong", 1, r, None, [0.0] * 4))
    out = bench.duplicate_summary(rows)
    s = out["strong"]
    # deal 0: mean over rotations of (3 - baseline seat points) = (0 + 4 + 4 + 4) / 4 = 3
    assert s["mean_diem"]["value"] == 1.5 and s["mean_diem_delta"]["value"] == 1.5
    lo, hi = s["mean_diem_delta"]["ci95"]
    assert lo < 1.5 < hi  # two deals that differ: an interval of positive width
    assert s["win_share"]["value"] == 1.0 and s["win_share_delta"]["value"] == 0.75
    assert s["decided"] == 4 and out["baseline"]["decided"] == 1
    assert out["baseline"]["mean_diem"]["value"] == 0.0


def test_the_strong_seat_and_the_ceiling_play_clean(bench: ModuleType) -> None:
    out = bench.duplicate(1, 3, 1, lambda _: None, worlds=2, ceiling_rotations=1)
    assert out["strong"]["games"] == 4 and out["ceiling"]["games"] == 1
    for part in (out["strong"]["seat"], out["strong"]["normal_seats"],
                 out["ceiling"]["seat"], out["baseline"]["normal_seats"]):
        assert part == {"violations": 0, "missed_u": 0, "wrong_calls": 0}
