"""What to ask next: the items due in the schedule first, then new drills of the lesson — the
one call the Learn screen makes to fill a practice round."""

from __future__ import annotations

from datetime import datetime

from lessons.content import Lesson, drill_items
from lessons.item import Item
from lessons.progress import Progress


def next_items(progress: Progress, lesson: Lesson, seed: int, limit: int = 10,
               now: datetime | None = None) -> list[Item]:
    """Up to ``limit`` items for a round of ``lesson``: its family's due items (the mistakes
    deck included), then the lesson's own drills not yet practised, which are added to the
    schedule as they are handed out."""
    due = progress.due(now=now, family=lesson.family, limit=limit)
    seen = {i.id for i in due}
    fresh: list[Item] = []
    # a round already full of due items makes no new drills (a nước hay one costs seconds)
    for item in drill_items(lesson, seed) if len(due) < limit else ():
        if len(due) + len(fresh) >= limit:
            break
        if item.id not in seen and not progress.known(item.id):
            seen.add(item.id)
            fresh.append(item)
    progress.add(fresh, now=now)
    return due + fresh
