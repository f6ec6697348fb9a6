"""Progress in the user database: answers recorded, FSRS due items, strengths, a restart,
and databases this version must refuse without touching them."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lessons.drills import generate, grade
from lessons.progress import Progress
from lessons.progress_db import APPLICATION_ID, DB_NAME, SCHEMA_VERSION
from replays.errors import BadFile
from replays.store import Store

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_answers_and_schedule_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    items = generate("boc_cai", 4, 1)
    with Progress.open(path) as p:
        assert p.add(items, now=T0) == 4
        assert p.add(items, now=T0) == 0  # the same items are the same rows
        right = items[0]
        s = p.record(right, grade(right, right.answer), right.answer, elapsed_ms=9000, now=T0)
        assert s.memory.reps == 1 and s.due_at.startswith("2025-03-03")  # FSRS: S0(good)
        wrong = items[1]
        p.record(wrong, grade(wrong, (wrong.answer + 1) % 2), 99, now=T0)
    with Progress.open(path) as p:  # a restart
        answers = p.answers()
        assert [(a.item_id, a.correct) for a in answers] == [(right.id, True), (wrong.id, False)]
        assert answers[0].response == right.answer and answers[0].rule_ids == ("R2.6",)
        assert p.item(right.id) == right
        sched = p.scheduled(wrong.id)
        assert sched is not None and sched.memory.lapses == 1
        due_now = {i.id for i in p.due(now=T0)}
        assert due_now == {items[2].id, items[3].id}  # new items are due at once
        later = {i.id for i in p.due(now=T0 + timedelta(minutes=11))}
        assert wrong.id in later and right.id not in later  # relearn after 10 minutes
        assert right.id not in {i.id for i in p.due(now=T0 + timedelta(days=1, minutes=1))}
        assert right.id in {i.id for i in p.due(now=T0 + timedelta(days=2, minutes=1))}


def test_strengths_per_family(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.db") as p:
        s = p.strengths(now=T0)
        assert set(s) >= {"chia_bai", "boc_cai", "nhan_dien", "xuong", "loi"}
        assert s["boc_cai"].strength == 0 and s["boc_cai"].recent_accuracy is None
        items = generate("boc_cai", 3, 2)
        p.add(items, now=T0)
        for i, item in enumerate(items):
            resp = item.answer if i < 2 else item.answer + 1
            p.record(item, grade(item, resp), resp, now=T0)
        b = p.strengths(now=T0)["boc_cai"]
        assert (b.items, b.new, b.answers, b.mature) == (3, 0, 3, 0)
        assert b.recent_accuracy == pytest.approx(2 / 3)
        assert b.strength == pytest.approx((1 + 1 + 0) / 3)  # just answered: retrievability 1
        assert b.due == 0 and p.strengths(now=T0 + timedelta(minutes=20))["boc_cai"].due == 1


def test_filters_by_family_and_deck(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.db") as p:
        p.add(generate("boc_cai", 2, 1), now=T0)
        p.add(generate("chia_bai", 2, 1), deck="mistakes", now=T0)
        assert {i.family for i in p.due(now=T0, family="boc_cai")} == {"boc_cai"}
        assert {i.family for i in p.due(now=T0, deck="mistakes")} == {"chia_bai"}
        assert p.next_due(family="loi") is None


def test_default_path_is_beside_the_replays(tmp_path: Path) -> None:
    with Progress.open_default(tmp_path) as p:
        assert p.path == tmp_path / DB_NAME


def test_a_newer_progress_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    Progress.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = digest(path)
    with pytest.raises(BadFile) as e:
        Progress.open(path)
    assert "newer" in e.value.en and "mới hơn" in e.value.vi
    assert digest(path) == before


def test_a_replay_database_is_not_a_progress_database(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    Store.open(path).close()
    before = digest(path)
    with pytest.raises(BadFile, match="not a chan-tutor lesson progress database"):
        Progress.open(path)
    assert digest(path) == before
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(BadFile):
        Progress.open(other)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 20)
    with pytest.raises(BadFile):
        Progress.open(junk)


def test_the_file_is_marked_as_ours(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    Progress.open(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
