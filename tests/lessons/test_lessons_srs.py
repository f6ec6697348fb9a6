"""SM-2 scheduling (lessons/srs.py), checked against the algorithm's own numbers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lessons.srs import MIN_EASINESS, RELEARN, Memory, quality, review

T0 = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def test_intervals_are_1_then_6_then_times_the_easiness() -> None:
    m, due = review(Memory(), 5, T0)
    assert (m.repetitions, m.interval_days, due) == (1, 1.0, T0 + timedelta(days=1))
    assert m.easiness == pytest.approx(2.6)
    m, due = review(m, 5, due)
    assert (m.repetitions, m.interval_days) == (2, 6.0)
    assert m.easiness == pytest.approx(2.7)
    m, due2 = review(m, 4, due)
    assert m.easiness == pytest.approx(2.7)  # q = 4 leaves the easiness as it was
    assert m.interval_days == round(6 * 2.7) == 16
    assert due2 == due + timedelta(days=16)


def test_easiness_update_and_floor() -> None:
    m, _ = review(Memory(repetitions=3, interval_days=10, easiness=2.5), 3, T0)
    assert m.easiness == pytest.approx(2.36)  # 2.5 + 0.1 - 2 * (0.08 + 2 * 0.02)
    low = Memory(repetitions=3, interval_days=10, easiness=1.35)
    assert review(low, 3, T0)[0].easiness == MIN_EASINESS


def test_a_wrong_answer_restarts_and_comes_back_in_the_session() -> None:
    m = Memory(repetitions=4, interval_days=30, easiness=2.2, lapses=1)
    after, due = review(m, 1, T0)
    assert after == Memory(0, 0.0, 2.2, 2)  # easiness untouched (SM-2 step 6)
    assert due == T0 + RELEARN
    again, due = review(after, 4, due)
    assert (again.repetitions, again.interval_days) == (1, 1.0)


def test_quality_of_a_graded_answer() -> None:
    assert quality(False) == 1
    assert quality(True) == 4
    assert quality(True, elapsed_ms=2000) == 5
    assert quality(True, elapsed_ms=20_000) == 4
    assert quality(True, elapsed_ms=90_000) == 3
    assert quality(True, elapsed_ms=2500, limit_s=6) == 5
    assert quality(True, elapsed_ms=3500, limit_s=6) == 4
    with pytest.raises(ValueError):
        review(Memory(), 6, T0)


def test_strength_grows_to_one_at_maturity() -> None:
    assert Memory().strength == 0.0
    assert Memory(repetitions=2, interval_days=6).strength == pytest.approx(6 / 21)
    assert Memory(repetitions=5, interval_days=40).strength == 1.0
