"""What to ask next: the lesson's own items due in the schedule first, then new drills of the
lesson — the one call the Learn screen makes to fill a practice round. A round holds as many
questions as the lesson lists (Lesson.questions) and only the lesson's own (Lesson.serves):
never another lesson's leftovers, nor the mistakes deck's, which have their own rounds."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from lessons.content import Lesson, drill_items
from lessons.item import Item
from lessons.progress import Progress

SCAN = 2000  # due items of the family looked through for the lesson's own
SEEDS = 4  # sets of new drills made to fill a round whose first drills were asked before


def next_items(progress: Progress, lesson: Lesson, seed: int, limit: int | None = None,
               now: datetime | None = None) -> list[Item]:
    """Up to ``limit`` (default: the lesson's count) items for a round of ``lesson``: its
    own due items, then its drills not yet practised, which are added to the schedule as
    they are handed out, named as the lesson's."""
    limit = lesson.questions if limit is None else limit
    due = [i for i in progress.due(now=now, family=lesson.family, deck="lessons", limit=SCAN)
           if lesson.serves(i)][:limit]
    seen = {i.id for i in due}
    fresh: list[Item] = []
    # a round already full of due items makes no new drills (a nước hay one costs seconds)
    for k in range(SEEDS if len(due) < limit else 0):
        for item in drill_items(lesson, seed + k):
            if len(due) + len(fresh) >= limit:
                break
            if item.id not in seen and not progress.known(item.id):
                seen.add(item.id)
                fresh.append(dataclasses.replace(item, lesson=lesson.id))
        if len(due) + len(fresh) >= limit:
            break
    progress.add(fresh, now=now)
    return due + fresh
