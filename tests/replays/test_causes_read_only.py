"""A disk turned read-only is said to be read-only (issue 20): not "disk I/O error", not a
missing permission. SQLite's codes do not tell a read-only disk from a read-only file, so the
disk is asked (replays.errors.cause_at); a database file deleted under an open connection is
said to have been moved, not to be read-only."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from replays.errors import (
    MOVED,
    PERMISSION,
    READONLY,
    cause_at,
    cause_of,
    database_error,
    write_cause,
)
from tests.fault_helpers import small_tmpfs


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    """A real tmpfs holding a small WAL database, remounted read-only."""
    with small_tmpfs(tmp_path / "disk") as disk:
        with closing(sqlite3.connect(disk / "x.db")) as conn:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("CREATE TABLE t (x)")
            conn.commit()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        yield disk


def test_a_write_on_a_disk_remounted_read_only_is_said_read_only(read_only_disk: Path) -> None:
    db = read_only_disk / "x.db"
    with pytest.raises(sqlite3.Error) as caught, closing(sqlite3.connect(db)) as conn:
        conn.execute("INSERT INTO t VALUES (1)")
        conn.commit()
    assert cause_of(caught.value) != READONLY  # SQLite's own words cannot tell
    assert cause_at(caught.value, db) == READONLY
    en, vi = write_cause(caught.value, db)
    assert "read-only" in en and "chỉ cho đọc" in vi and "I/O" not in en
    said = database_error("x.db", caught.value, cause_at(caught.value, db))
    assert "the disk is read-only" in said.en and "ổ đĩa đang chỉ cho đọc" in said.vi


def test_a_file_written_on_a_read_only_disk_is_said_read_only(read_only_disk: Path) -> None:
    with pytest.raises(OSError) as caught:
        (read_only_disk / "new.txt").write_text("x")
    assert caught.value.errno == errno.EROFS
    assert cause_of(caught.value) == READONLY


def test_a_read_only_file_on_a_writable_disk_is_a_permission(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    ro = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as caught:
        ro.execute("INSERT INTO t VALUES (1)")
    ro.close()
    assert cause_at(caught.value, db) == PERMISSION


def test_a_database_deleted_while_open_is_said_moved(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    os.unlink(db)
    with pytest.raises(sqlite3.Error) as caught:
        conn.execute("INSERT INTO t VALUES (1)")
        conn.commit()
    conn.close()
    assert cause_of(caught.value) == MOVED
    en, vi = write_cause(caught.value)
    assert "moved, renamed or deleted" in en and "đổi tên hoặc xoá" in vi
