"""Spaced repetition: FSRS-6 (J. Ye et al., the Free Spaced Repetition Scheduler, Anki's
default since 23.10) through the ``fsrs`` package, with its default weights.

An answer is graded by the engine (right or wrong, and how fast), not rated by the learner, so
the graded answer is first given SM-2's quality q (0–5), as the answers table has always stored
it, and q maps to FSRS's four ratings one to one: wrong → q 1 → Again; right → q 4 → Good;
right and quick (within half the item's time limit, or ``QUICK_MS`` without one) → q 5 → Easy;
right but slow (over ``SLOW_MS``) → q 3 → Hard. The same mapping replays the answers of a
database written by the SM-2 version (progress_db m002), so a migrated schedule is the one FSRS
would have made.

Choices: a new item has one learning step and a lapsed one one relearning step, both
``RELEARN`` (a wrong answer comes back in the same session, as before); desired retention 0.9
(FSRS's default); no fuzz, so a schedule is reproducible and can be checked in tests (items
come from generators, so due dates do not bunch the way a deck imported at once does).

An item's strength (the family bars) is its FSRS retrievability now — the predicted chance it
would be answered right — and 0 while its last answer was wrong (it is being relearnt).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

RELEARN = timedelta(minutes=10)
RETENTION = 0.9
MATURE_DAYS = 21  # a stability this long counts as known (Anki's "mature" interval)
QUICK_MS = 8_000
SLOW_MS = 60_000

SCHEDULER = Scheduler(desired_retention=RETENTION, learning_steps=(RELEARN,),
                      relearning_steps=(RELEARN,), enable_fuzzing=False)

RATING_OF_QUALITY = {0: Rating.Again, 1: Rating.Again, 2: Rating.Again, 3: Rating.Hard,
                     4: Rating.Good, 5: Rating.Easy}


@dataclass(frozen=True, slots=True)
class Memory:
    """What FSRS keeps about one item (an ``fsrs.Card`` without its due time), plus counts."""

    state: int = State.Learning.value  # fsrs.State: 1 learning, 2 review, 3 relearning
    step: int | None = 0  # the (re)learning step, None in review
    stability: float | None = None  # days until recall falls to 90%; None before an answer
    difficulty: float | None = None  # 1..10
    last_at: datetime | None = None
    reps: int = 0  # answers
    lapses: int = 0  # wrong answers
    last_correct: bool = False

    def card(self, due: datetime) -> Card:
        """The ``fsrs.Card`` of this memory (card_id given: the package would sleep 1 ms)."""
        return Card(card_id=1, state=State(self.state), step=self.step,
                    stability=self.stability, difficulty=self.difficulty, due=due,
                    last_review=self.last_at)

    def retrievability(self, now: datetime) -> float:
        """FSRS's predicted chance of a right answer at ``now`` (0 before any answer)."""
        return float(SCHEDULER.get_card_retrievability(self.card(now), _utc(now)))

    def strength(self, now: datetime) -> float:
        """0 while the last answer was wrong (or before any), else the retrievability."""
        return self.retrievability(now) if self.last_correct else 0.0

    @property
    def mature(self) -> bool:
        """Stability of ``MATURE_DAYS`` or more (at 90% retention, the interval ≈ stability)."""
        return self.stability is not None and self.stability >= MATURE_DAYS


def _utc(t: datetime) -> datetime:
    return t.astimezone(UTC)


def quality(correct: bool, elapsed_ms: float | None = None,
            limit_s: float | None = None) -> int:
    """The SM-2 quality (0–5) of a graded answer (see the module docstring)."""
    if not correct:
        return 1
    if elapsed_ms is None:
        return 4
    quick = limit_s * 500 if limit_s is not None else QUICK_MS
    if elapsed_ms <= quick:
        return 5
    return 3 if elapsed_ms > SLOW_MS else 4


def rating(q: int) -> Rating:
    """The FSRS rating of a quality."""
    if q not in RATING_OF_QUALITY:
        raise ValueError(f"quality is 0..5, not {q}")
    return RATING_OF_QUALITY[q]


def review(m: Memory, q: int, now: datetime) -> tuple[Memory, datetime]:
    """FSRS after an answer of quality q at ``now``: the new memory and when it is due."""
    r = rating(q)
    at = _utc(now)
    card, _ = SCHEDULER.review_card(m.card(at), r, at)
    ok = r != Rating.Again
    return Memory(card.state.value, card.step, card.stability, card.difficulty,
                  card.last_review, m.reps + 1, m.lapses + (not ok), ok), card.due


def replay(qualities: list[tuple[int, datetime]]) -> tuple[Memory, datetime | None]:
    """The memory after answers (quality, time), oldest first; due None when there are none."""
    m, due = Memory(), None
    for q, at in qualities:
        m, due = review(m, q, at)
    return m, due
