"""FSRS scheduling (the ``fsrs`` package) instead of SM-2, the migration of a progress.db written
by the SM-2 version (fixtures/progress_v1.db, made by fixtures/make_progress_v1.py), and the
family strength from FSRS retrievability.

(Asked for by issue 16, part 3.)
"""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler, State

from lessons.drills import generate, grade
from lessons.progress import Progress
from lessons.progress_db import SCHEMA_VERSION
from lessons.srs import RELEARN, SCHEDULER, Memory, rating, replay, review

FIXTURE = Path(__file__).with_name("fixtures") / "progress_v1.db"
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


def test_the_fixture_is_a_schema_1_sm2_database() -> None:
    assert rows(FIXTURE, "PRAGMA user_version") == [(1,)]
    cols = [r[1] for r in rows(FIXTURE, "PRAGMA table_info(schedule)")]
    assert "easiness" in cols and "stability" not in cols


def test_a_schema_1_progress_db_migrates_without_loss(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    shutil.copyfile(FIXTURE, path)
    items_before = rows(path, "SELECT * FROM items ORDER BY id")
    answers_before = rows(path, "SELECT * FROM answers ORDER BY id")
    sm2_before = rows(path, "SELECT * FROM schedule ORDER BY item_id")
    assert len(items_before) == 16 and len(answers_before) == 20
    with Progress.open(path) as p:
        answers = p.answers()
        scheduled = {i: p.scheduled(i) for (i, *_) in items_before}
        strengths = p.strengths(now=datetime(2026, 11, 25, tzinfo=UTC))
    assert rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)] and SCHEMA_VERSION == 2
    # nothing lost: items and answers as they were (answers gain a rating), SM-2 rows kept
    assert rows(path, "SELECT * FROM items ORDER BY id") == items_before
    after = rows(path, "SELECT * FROM answers ORDER BY id")
    assert [r[:-1] for r in after] == answers_before
    assert [r[-1] for r in after] == [int(rating(int(str(r[4])))) for r in answers_before]
    assert rows(path, "SELECT * FROM sm2_schedule ORDER BY item_id") == sm2_before
    assert [(a.item_id, a.answered_at, a.correct, a.quality) for a in answers] == \
        [(r[1], r[2], bool(r[3]), r[4]) for r in answers_before]
    # each item's history replayed into FSRS
    for (item_id, *_), old in zip(items_before, sm2_before, strict=True):
        mine = [(a.quality, datetime.fromisoformat(a.answered_at)) for a in answers
                if a.item_id == item_id]
        s = scheduled[item_id]
        assert s is not None
        if not mine:
            assert s.memory == Memory() and s.due_at == old[5]  # due as it was
            continue
        memory, due = replay(mine)
        assert s.memory == memory and s.due_at == due.isoformat()
        assert s.memory.reps == len(mine)
        assert s.memory.lapses == sum(q < 3 for q, _ in mine) == old[4]
    boc = strengths["boc_cai"]
    assert (boc.items, boc.new, boc.answers) == (8, 2, 14)  # both decks
    assert 0 < boc.strength < 1
    # and the migrated database goes on scheduling
    with Progress.open(path) as p:
        item = p.due(now=datetime(2026, 11, 25, tzinfo=UTC), family="chia_bai")[0]
        s = p.record(item, grade(item, item.answer), item.answer, 5000,
                     now=datetime(2026, 11, 25, tzinfo=UTC))
        assert s.memory.reps >= 1 and s.memory.last_correct


def test_the_old_schedule_was_sm2_and_the_new_one_is_fsrs(tmp_path: Path) -> None:
    """The migrated intervals are FSRS's, not the SM-2 ones the fixture had."""
    path = tmp_path / "progress.db"
    shutil.copyfile(FIXTURE, path)
    sm2 = dict(rows(path, "SELECT item_id, due_at FROM schedule WHERE last_at IS NOT NULL"))
    Progress.open(path).close()
    fsrs = dict(rows(path, "SELECT item_id, due_at FROM schedule WHERE last_at IS NOT NULL"))
    assert sm2.keys() == fsrs.keys()
    assert sum(sm2[k] != fsrs[k] for k in sm2) >= len(sm2) // 2


def fsrs_card_after(ratings: list[tuple[Rating, datetime]]) -> Card:
    """The package's own scheduler, configured as documented in lessons/srs.py."""
    sched = Scheduler(desired_retention=0.9, learning_steps=(timedelta(minutes=10),),
                      relearning_steps=(timedelta(minutes=10),), enable_fuzzing=False)
    card = Card(card_id=7, due=ratings[0][1])
    for r, at in ratings:
        card, _ = sched.review_card(card, r, at)
    return card


def test_review_intervals_come_from_fsrs(tmp_path: Path) -> None:
    item = generate("boc_cai", 1, 3)[0]
    with Progress.open(tmp_path / "progress.db") as p:
        p.add([item], now=T0)
        t, history = T0, []
        # right (quick), right, wrong, right, right: each due time is the package's own
        for ok, ms in ((True, 2000), (True, 20_000), (False, 4000), (True, 20_000),
                       (True, 20_000)):
            resp = item.answer if ok else (item.answer + 1) % 4
            s = p.record(item, grade(item, resp), resp, ms, now=t)
            history.append((Rating.Easy if ms <= 8000 and ok else
                            Rating.Good if ok else Rating.Again, t))
            card = fsrs_card_after(history)
            assert s.due_at == card.due.isoformat()
            assert s.memory.stability == pytest.approx(card.stability)
            assert s.memory.difficulty == pytest.approx(card.difficulty)
            t = datetime.fromisoformat(s.due_at)
    # not SM-2's 1, 6, ... days: FSRS's first good interval is its initial stability
    first, due = review(Memory(), 4, T0)
    assert first.state == State.Review and due - T0 == timedelta(days=2)
    assert first.stability == pytest.approx(SCHEDULER.parameters[2])


def test_a_wrong_answer_comes_back_after_the_relearning_step() -> None:
    m, due = review(Memory(), 5, T0)
    m, due = review(m, 4, due)
    lapsed, again = review(m, 1, due)
    assert lapsed.state == State.Relearning and again - due == RELEARN
    assert lapsed.lapses == 1 and not lapsed.last_correct
    assert lapsed.stability is not None and m.stability is not None
    assert lapsed.stability < m.stability


def test_strength_bars_are_fsrs_retrievability(tmp_path: Path) -> None:
    items = generate("boc_cai", 3, 4)
    with Progress.open(tmp_path / "progress.db") as p:
        p.add(items, now=T0)
        for i, item in enumerate(items):
            resp = item.answer if i < 2 else (item.answer + 1) % 4
            p.record(item, grade(item, resp), resp, 20_000 if i == 0 else 2000, now=T0)
        mems = [p.scheduled(i.id) for i in items]
        for days in (0, 3, 30, 200):
            at = T0 + timedelta(days=days)
            expected = []
            for s in mems:
                assert s is not None
                card = s.memory.card(datetime.fromisoformat(s.due_at))
                r = SCHEDULER.get_card_retrievability(card, at)
                expected.append(r if s.memory.last_correct else 0.0)
            got = p.strengths(now=at)["boc_cai"].strength
            assert got == pytest.approx(sum(expected) / 3)
        # forgetting: the bar falls as time passes, and the easy item holds up best
        assert p.strengths(now=T0 + timedelta(days=30))["boc_cai"].strength < \
            p.strengths(now=T0 + timedelta(days=3))["boc_cai"].strength
        good, easy = mems[0], mems[1]
        assert good is not None and easy is not None
        later = T0 + timedelta(days=30)
        assert easy.memory.retrievability(later) > good.memory.retrievability(later)
