"""A practice round: items asked one at a time, each answer graded by lessons.drills.grade and
handed at once to be recorded (the ProgressQueue writes it off the UI thread, time taken and
time given included), then the next; what was answered is kept for the summary. No rule is
judged here: the Grade is lessons'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from desktop.learn.progress_queue import Pending
from lessons import drills
from lessons.item import JSON, Grade, Item


@dataclass(frozen=True, slots=True)
class Answered:
    """One graded answer of the round."""

    item: Item
    response: JSON
    grade: Grade
    elapsed_ms: int


@dataclass(frozen=True, slots=True)
class Source:
    """Where a round's items came from, to make another like it: a lesson's practice
    (``lesson`` its id), the items due (``due``) or the learner's mistakes (``mistakes``)."""

    kind: str
    lesson_id: str = ""


class Round:
    """The items of one round and the answers given so far."""

    def __init__(self, title: str, items: list[Item], record: Callable[[Pending], None],
                 deck: str, source: Source, clock: Callable[[], float]) -> None:
        self.title = title
        self.items = items
        self.record = record
        self.deck = deck
        self.source = source
        self.clock = clock
        self.index = 0
        self.answered: list[Answered] = []
        self._asked_at = clock()

    @property
    def item(self) -> Item | None:
        """The item being asked (None when the round is over)."""
        return self.items[self.index] if self.index < len(self.items) else None

    def ask(self) -> None:
        """The current item is on the screen from now: its time starts."""
        self._asked_at = self.clock()

    def elapsed_ms(self) -> int:
        """Milliseconds since the current item was shown."""
        return max(0, round((self.clock() - self._asked_at) * 1000))

    def answer(self, response: JSON) -> Grade:
        """Grade the response (lessons' grader) and record it; BadResponse if malformed."""
        item = self.item
        assert item is not None
        elapsed = self.elapsed_ms()
        grade = drills.grade(item, response)
        self.record(Pending(item, grade, response, elapsed, datetime.now(UTC), self.deck))
        self.answered.append(Answered(item, response, grade, elapsed))
        return grade

    def advance(self) -> bool:
        """On to the next item; False when the round is over."""
        self.index += 1
        return self.index < len(self.items)

    @property
    def right(self) -> int:
        """Right answers so far."""
        return sum(1 for a in self.answered if a.grade.correct)

    @property
    def wrong(self) -> int:
        """Wrong answers so far."""
        return len(self.answered) - self.right
