"""The guard of tests/sqlite_guard.py sees what it must (issue 20): a program function that
open()s a database this process holds is recorded, a test reading it is not."""

from __future__ import annotations

from pathlib import Path

from replays.files import read_limited
from replays.store import Store
from tests import sqlite_guard


def test_an_open_of_a_held_database_by_the_program_is_a_violation(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    with Store.open(db) as store:
        store.new_session()
        read_limited(db)  # the program's reader of .chan.json files, misused on purpose
        found = list(sqlite_guard.violations)
        del sqlite_guard.violations[:]
    assert len(found) == 1
    assert str(db) in found[0] and "read_limited" in found[0]


def test_a_test_reading_the_bytes_is_not(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    with Store.open(db) as store:
        store.new_session()
        assert db.read_bytes().startswith(b"SQLite format 3")
        assert sqlite_guard.violations == []


def test_a_closed_database_may_be_read_by_anyone(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    with Store.open(db) as store:
        store.new_session()
    read_limited(db)
    assert sqlite_guard.violations == []
