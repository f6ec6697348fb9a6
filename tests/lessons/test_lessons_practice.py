"""A practice round: due items first, then the lesson's new drills; and the positions still come
from seeded play when engine.chan.ai is not there."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from lesson_checks import check

from lessons import play
from lessons.content import lesson, lessons
from lessons.drills import generate, grade
from lessons.item import Grade
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


def test_a_lesson_serves_only_its_own_questions(tmp_path: Path) -> None:
    """Issue 20: "Đếm cái thật nhanh" asked the untimed 2- and 3-player questions left over
    from "Bốc cái: đếm đến người được cái", and "Ăn hay không?" the arranging ones."""
    with Progress.open(tmp_path / "progress.db") as p:
        for first, second in (("boc_cai.dem", "boc_cai.nhanh"),
                              ("nhan_dien.xep_bai", "nhan_dien.an_hay_khong")):
            asked = next_items(p, lesson(first), seed=3, now=T0)
            for item in asked:  # all wrong: every one of them is due again soon
                p.record(item, WRONG, now=T0)
            later = T0 + timedelta(hours=1)
            assert {i.id for i in p.due(now=later, family=lesson(first).family)} >= \
                {i.id for i in asked}
            other = next_items(p, lesson(second), seed=3, now=later)
            assert not {i.id for i in other} & {i.id for i in asked}
            assert all(lesson(second).serves(i) and i.lesson == second for i in other)
            back = next_items(p, lesson(first), seed=4, now=later)
            assert {i.id for i in back} == {i.id for i in asked}  # its own, due again
    assert all("seconds" in i.position for i in other if i.family == "boc_cai")


WRONG, RIGHT = Grade(False, "Chưa đúng.", "Not right."), Grade(True, "Đúng.", "Right.")


@pytest.mark.parametrize("lesson_id", [le.id for le in lessons() if le.family != "nuoc_hay"])
def test_a_round_asks_as_many_questions_as_the_lesson_lists(tmp_path: Path,
                                                            lesson_id: str) -> None:
    """Issue 20: "12 câu" listed, "câu 1/10" shown — the first round and the next one."""
    le = lesson(lesson_id)
    with Progress.open(tmp_path / "progress.db") as p:
        first = next_items(p, le, seed=5, now=T0)
        assert len(first) == le.questions
        for item in first:
            p.record(item, RIGHT, now=T0)
        second = next_items(p, le, seed=5, now=T0)  # none due yet: new drills only
        assert len(second) == le.questions and not {i.id for i in first} & {
            i.id for i in second}


def test_items_kept_before_they_named_their_lesson_go_by_their_position() -> None:
    timed = generate("boc_cai", 3, 7, timed=True, players=3)
    plain = generate("boc_cai", 3, 7, players=2)
    dem, nhanh = lesson("boc_cai.dem"), lesson("boc_cai.nhanh")
    assert all(nhanh.serves(i) and not dem.serves(i) for i in timed)
    assert all(dem.serves(i) and not nhanh.serves(i) for i in plain)
    moves = generate("loi", 6, 7, kinds=["move"], focus=["L10", "L11", "L12", "L13"])
    assert all(not lesson("loi.a").serves(i) for i in moves
               if not {"L1", "L2", "L3", "L4", "L5"} & set(i.rules))
