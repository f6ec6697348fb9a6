"""Spaced repetition: SM-2 (P. Woźniak, SuperMemo 2, 1990), the algorithm Anki's scheduler
grew from.

Why SM-2 and not FSRS: a drill is graded by the engine as right or wrong (plus, at most, how
fast), so the learner never rates recall on FSRS's four-button scale; FSRS's gain comes from
fitting its 19 weights to a learner's review history, which a new learner does not have; and
SM-2 is a few lines with no parameters, so its schedule can be checked by hand in tests.

Mapping of a graded answer to SM-2's quality q (0–5): wrong → 1; right → 4; right and quick
(within half the item's time limit, or ``QUICK_MS`` without one) → 5; right but slow
(over ``SLOW_MS``) → 3. As in SM-2, q < 3 restarts the repetitions without changing the
easiness, and the item comes back in the same session (after ``RELEARN``), SM-2's "repeat
until the answer is good" step.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

START_EASINESS = 2.5
MIN_EASINESS = 1.3
RELEARN = timedelta(minutes=10)
MATURE_DAYS = 21  # an interval this long counts as known (Anki's "mature")
QUICK_MS = 8_000
SLOW_MS = 60_000


@dataclass(frozen=True, slots=True)
class Memory:
    """What SM-2 keeps about one item."""

    repetitions: int = 0  # successful reviews in a row
    interval_days: float = 0.0
    easiness: float = START_EASINESS
    lapses: int = 0  # wrong answers over the item's life

    @property
    def strength(self) -> float:
        """0 after a wrong answer (or never right), up to 1 once the interval is mature."""
        if self.repetitions == 0:
            return 0.0
        return min(1.0, self.interval_days / MATURE_DAYS)


def quality(correct: bool, elapsed_ms: float | None = None,
            limit_s: float | None = None) -> int:
    """SM-2's quality of a graded answer (see the module docstring)."""
    if not correct:
        return 1
    if elapsed_ms is None:
        return 4
    quick = limit_s * 500 if limit_s is not None else QUICK_MS
    if elapsed_ms <= quick:
        return 5
    return 3 if elapsed_ms > SLOW_MS else 4


def review(m: Memory, q: int, now: datetime) -> tuple[Memory, datetime]:
    """SM-2 after an answer of quality q at ``now``: the new memory and when it is due."""
    if not 0 <= q <= 5:
        raise ValueError(f"SM-2 quality is 0..5, not {q}")
    if q < 3:
        return Memory(0, 0.0, m.easiness, m.lapses + 1), now + RELEARN
    easiness = max(MIN_EASINESS, m.easiness + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02))
    reps = m.repetitions + 1
    if reps == 1:
        interval = 1.0
    elif reps == 2:
        interval = 6.0
    else:
        interval = float(round(m.interval_days * easiness))
    return Memory(reps, interval, easiness, m.lapses), now + timedelta(days=interval)
