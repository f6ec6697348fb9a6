"""A practice round: due items first, then the lesson's new drills; and the positions still come
from seeded play when engine.chan.ai is not there."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from lesson_checks import check

from lessons import play
from lessons.content import lesson
from lessons.drills import generate, grade
from lessons.practice import next_items
from lessons.progress import Progress

T0 = datetime(2025, 5, 1, 8, 0, tzinfo=UTC)


def test_a_round_puts_due_items_first(tmp_path: Path) -> None:
    le = lesson("boc_cai.dem")
    with Progress.open(tmp_path / "progress.db") as p:
        first = next_items(p, le, seed=1, limit=4, now=T0)
        assert len(first) == 4 and len({i.id for i in first}) == 4
        miss = first[0]
        p.record(miss, grade(miss, (miss.answer + 1) % 4), now=T0)
        for item in first[1:]:
            p.record(item, grade(item, item.answer), now=T0)
        later = T0 + timedelta(minutes=15)
        again = next_items(p, le, seed=1, limit=4, now=later)
        assert again[0].id == miss.id  # the mistake comes back first
        assert not {i.id for i in again[1:]} & {i.id for i in first}


def test_positions_without_the_computer_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "_ai_chooser", lambda players: None)
    items = generate("xuong", 1, 4) + generate("loi", 2, 4, kinds=["move", "claim"]) + \
        generate("nhan_dien", 2, 4, kinds=["waits", "eat_or_not"])
    for item in items:
        check(item)
    assert generate("loi", 2, 4, kinds=["move", "claim"])[0] == items[1]
