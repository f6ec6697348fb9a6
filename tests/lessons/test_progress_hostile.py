"""progress.db read as untrusted input (issue 20): one hostile value in one column at a time.

A progress database edited by hand or by another program may hold anything in any column:
NULL, a negative or a 64-bit number, text that is no time or no JSON, bytes, text that is not
UTF-8, JSON nested a hundred thousand deep, a megabyte of text. Every read of lessons.progress
must go on: the damaged row is set aside (not asked, not counted, not rescheduled) and said in
both languages, the other rows keep working, and reading leaves the file byte for byte as it was.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lessons.drills import generate, grade
from lessons.item import Item
from lessons.progress import Progress

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(days=400)  # every item is due by then

VALUES: dict[str, object] = {
    "null": None,
    "negative": -5,
    "int64_max": 2**63 - 1,
    "huge_real": 1e308,
    "word": "abc",
    "garbage": "garbage",
    "blob": b"\x00\xff\x1b",
    "not_json": "not json",
    "empty_object": "{}",
    "json_null": "null",
    "deep": "[" * 100_000 + "]" * 100_000,
    "megabyte": "x" * 1_000_000,
    "not_utf8": "not utf-8",  # stored as the bytes below, typed as text (see hostile_copy)
    "naive_time": "2025-03-01T09:00:00",
    "far_time": "9999-12-31T23:59:59+00:00",
}
NOT_UTF8 = b"\xff\xfe caf\xe9"

# The values that are hostile for each column (a value the column may legitimately hold, such
# as NULL in a never-answered item's last_at, is not among them).
TEXT = ["null", "negative", "int64_max", "blob", "not_utf8", "megabyte"]
TIME = [*TEXT, "garbage", "naive_time"]
JSON_TEXT = ["null", "negative", "blob", "not_json", "empty_object", "json_null", "deep",
             "megabyte", "not_utf8"]
COLUMNS: dict[tuple[str, str], list[str]] = {
    ("items", "id"): ["null", "negative", "blob", "garbage", "megabyte"],
    ("items", "family"): [*TEXT, "garbage"],
    ("items", "kind"): [*TEXT, "garbage"],
    ("items", "deck"): [*TEXT, "garbage"],
    ("items", "data"): JSON_TEXT,
    ("items", "created_at"): TIME,
    ("answers", "item_id"): ["null", "negative", "blob", "megabyte"],
    ("answers", "answered_at"): TIME,
    ("answers", "correct"): ["null", "negative", "int64_max", "word", "blob"],
    ("answers", "quality"): ["null", "negative", "int64_max", "word", "blob"],
    ("answers", "rating"): ["null", "negative", "int64_max", "word", "blob"],
    ("answers", "elapsed_ms"): ["negative", "int64_max", "word", "blob", "huge_real"],
    ("answers", "response"): ["blob", "not_json", "deep", "not_utf8"],
    ("answers", "rule_ids"): JSON_TEXT,
    ("schedule", "state"): ["null", "negative", "int64_max", "word", "blob"],
    ("schedule", "step"): ["negative", "int64_max", "word", "blob"],
    ("schedule", "stability"): ["null", "negative", "huge_real", "word", "blob"],
    ("schedule", "difficulty"): ["null", "negative", "huge_real", "word", "blob"],
    ("schedule", "reps"): ["null", "negative", "int64_max", "word", "blob"],
    ("schedule", "lapses"): ["null", "negative", "int64_max", "word", "blob"],
    ("schedule", "last_correct"): ["null", "negative", "word", "blob"],
    ("schedule", "due_at"): [*TIME, "huge_real"],
    ("schedule", "last_at"): ["null", "negative", "garbage", "blob", "not_utf8", "naive_time",
                              "megabyte"],
}
CASES = [(t, c, v) for (t, c), values in COLUMNS.items() for v in values]


@pytest.fixture(scope="module")
def items() -> list[Item]:
    return generate("boc_cai", 3, 5)


def progress_of(path: Path, items: list[Item]) -> Path:
    """A progress database of three items: A and B answered (A twice: it is in review), C
    never answered."""
    with Progress.open(path) as p:
        p.add(items, now=T0)
        a, b, _ = items
        p.record(a, grade(a, a.answer), a.answer, elapsed_ms=4000, now=T0)
        p.record(a, grade(a, a.answer), a.answer, elapsed_ms=4000, now=T0 + timedelta(days=3))
        p.record(b, grade(b, b.answer), b.answer, elapsed_ms=4000, now=T0)
    return path


@pytest.fixture(scope="module")
def base_db(tmp_path_factory: pytest.TempPathFactory, items: list[Item]) -> Path:
    return progress_of(tmp_path_factory.mktemp("progress") / "progress.db", items)


def hostile_copy(base: Path, dest: Path, table: str, column: str, value: object,
                 target: str) -> Path:
    """A copy of ``base`` whose row of item ``target`` (its first answer, for ``answers``)
    holds ``value`` in ``column``; NOT NULL and CHECK constraints are dropped first, as
    another program could."""
    shutil.copyfile(base, dest)
    with sqlite3.connect(dest) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                              (table,)).fetchone()
        loose = sql.replace("NOT NULL", "")
        for check in ("CHECK (correct IN (0, 1))", "CHECK (quality BETWEEN 0 AND 5)",
                      "CHECK (rating BETWEEN 1 AND 4)", "CHECK (last_correct IN (0, 1))"):
            loose = loose.replace(check, "")
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", (loose, table))
    conn.close()
    key = {"items": "id = ?", "schedule": "item_id = ?",
           "answers": "id = (SELECT MIN(id) FROM answers WHERE item_id = ?)"}[table]
    with sqlite3.connect(dest) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        if value == "not utf-8":
            conn.execute(f"UPDATE {table} SET {column} = CAST(? AS TEXT) WHERE {key}",
                         (NOT_UTF8, target))
        else:
            conn.execute(f"UPDATE {table} SET {column} = ? WHERE {key}", (value, target))
        assert conn.execute("SELECT changes()").fetchone()[0] == 1
    conn.close()
    with sqlite3.connect(dest) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    return dest


@pytest.mark.parametrize(("table", "column", "kind"), CASES,
                         ids=[f"{t}.{c}={v}" for t, c, v in CASES])
def test_a_hostile_value_sets_its_row_aside_and_the_rest_keeps_working(
        base_db: Path, tmp_path: Path, items: list[Item], table: str, column: str,
        kind: str) -> None:
    a, b, c = items
    db = hostile_copy(base_db, tmp_path / "progress.db", table, column, VALUES[kind], a.id)
    before = db.read_bytes()
    with Progress.open(db) as p:
        strengths = p.strengths(now=LATER)
        due = {i.id for i in p.due(now=LATER)}
        p.next_due()
        answers = p.answers()
        p.item(a.id)
        p.scheduled(a.id)
        found = p.check()
        # the row is said, in both languages, naming the column
        if (table, column) == ("items", "id"):  # its schedule and answers lose their item
            assert [d.table for d in found] == ["items", "schedule", "answers", "answers"]
        else:
            assert len(found) == 1, found
            assert f"'{column}'" in found[0].en or column == "data", found[0].en
        for damaged in found:
            said = damaged.text()
            assert said.vi != said.en
            assert len(said.en) < 600 and len(said.vi) < 600  # a megabyte is never quoted
        # the other items keep working: B is due and counted, C is new
        assert {b.id, c.id} <= due
        assert a.id not in due or table == "answers"
        boc = strengths["boc_cai"]
        assert boc.new == 1 and boc.items >= 1
        assert any(x.item_id == b.id for x in answers)
    assert db.read_bytes() == before  # reading never rewrites the file
    with Progress.open(db) as p:  # answering goes on, the damaged row is left as it was
        p.record(b, grade(b, b.answer), b.answer, now=LATER)
        p.record(a, grade(a, a.answer), a.answer, now=LATER)
        assert found[0] in p.check()  # (an item whose id was changed is added again)
        after = p.scheduled(b.id)
        assert after is not None and after.memory.reps == 2


def test_a_damaged_item_is_never_handed_out_as_a_new_one(
        base_db: Path, tmp_path: Path, items: list[Item]) -> None:
    from lessons.content import lessons
    from lessons.practice import next_items

    a = items[0]
    db = hostile_copy(base_db, tmp_path / "progress.db", "items", "data", "{}", a.id)
    lesson = next(le for le in lessons() if le.family == "boc_cai")
    with Progress.open(db) as p:
        assert p.known(a.id) and p.item(a.id) is None
        for seed in range(3):
            assert a.id not in {i.id for i in next_items(p, lesson, seed, now=LATER)}


def test_another_item_in_the_data_column_is_damaged(
        base_db: Path, tmp_path: Path, items: list[Item]) -> None:
    """The id is a digest of the item: a row whose JSON is another item is set aside."""
    a, b, _ = items
    db = hostile_copy(base_db, tmp_path / "progress.db", "items", "data",
                      json.dumps(b.to_json()), a.id)
    with Progress.open(db) as p:
        assert p.item(a.id) is None and p.item(b.id) == b
        (bad,) = p.check()
        assert "another item" in bad.text().en and "câu hỏi khác" in bad.text().vi


def test_an_answer_of_an_edited_old_database_is_not_replayed_by_the_upgrade(
        tmp_path: Path) -> None:
    """Migration m002 replays each item's answers into FSRS: an answer whose quality or
    time is garbage is skipped (and kept as it is), never a failed upgrade."""
    db = tmp_path / "progress.db"
    shutil.copyfile(Path(__file__).with_name("fixtures") / "progress_v1.db", db)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'answers'"
                              ).fetchone()
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'answers'",
                     (sql.replace("CHECK (quality BETWEEN 0 AND 5)", ""),))
    conn.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE answers SET quality = 99 WHERE id = 1")
        conn.execute("UPDATE answers SET answered_at = 'garbage' WHERE id = 2")
        first = conn.execute("SELECT item_id FROM answers WHERE id = 1").fetchone()[0]
    conn.close()
    with Progress.open(db) as p:
        assert p.scheduled(first) is not None
        assert {(b.table, b.key) for b in p.check()} == {("answers", "1"), ("answers", "2")}
        assert len(p.answers()) == 18
