"""A damaged library is never a dead end (issue 20, replays.recovery): damage is told from
every other cause; restoring puts the newest good backup in place; the damaged file — with
its write-ahead log — is kept aside byte for byte, never overwritten; a restore or salvage
that fails leaves the library where it was."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from replays.backup import take
from replays.errors import LOCKED
from replays.library import list_games
from replays.recorder import NotSaved
from replays.recovery import (
    RecoveryFailed,
    damage,
    emptied,
    inspect,
    is_damage,
    rescue,
    restore,
    set_aside,
)
from replays.store import Store
from tests.fault_helpers import small_tmpfs
from tests.library_damage import (
    KINDS,
    backed_up_library,
    games_of,
    make_library,
    snapshot,
)
from tests.library_damage import damage as break_file

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A library of 25 games: backed up at 20 and at 23 (the newest), then 2 more played."""
    return backed_up_library(tmp_path / "data" / "replays.db")


def newest_backup(db: Path) -> Path:
    return sorted((db.parent / "backups").iterdir())[-1]


# ------------------------------------------------------------------------- what is wrong


def test_damage_is_only_what_sqlite_calls_damage() -> None:
    malformed = sqlite3.DatabaseError("database disk image is malformed")
    malformed.sqlite_errorcode = sqlite3.SQLITE_CORRUPT  # type: ignore[attr-defined]
    assert is_damage(malformed)
    assert is_damage(sqlite3.DatabaseError("file is not a database"))
    assert is_damage(NotSaved(malformed))  # a move Chơi could not save, because of damage
    assert not is_damage(sqlite3.IntegrityError("UNIQUE constraint failed: games.id"))
    assert not is_damage(sqlite3.OperationalError("database is locked"))
    assert not is_damage(sqlite3.OperationalError("database or disk is full"))
    assert not is_damage(NotSaved(sqlite3.OperationalError("database is locked")))
    assert not is_damage(OSError(28, "No space left on device"))


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_library_is_found_damaged_and_left_as_it_was(library: Path, kind: str
                                                                ) -> None:
    broken = break_file(library, kind)
    found = inspect(library)
    assert found.damage
    assert found.backup is not None and found.backup[1] == 23
    assert library.read_bytes() == broken
    assert sorted(p.name for p in library.parent.iterdir()) == ["backups", "replays.db"]


def test_a_whole_library_and_a_foreign_one_are_not_damaged(library: Path, tmp_path: Path
                                                           ) -> None:
    assert damage(library) is None
    foreign = tmp_path / "contacts.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    assert damage(foreign) is None  # "another program's database" is said otherwise
    assert damage(tmp_path / "missing.db") is None


def test_a_library_held_locked_by_another_program_is_not_called_damaged(library: Path) -> None:
    holder = sqlite3.connect(library, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert damage(library) is None
        with pytest.raises(Exception) as refused:
            Store.open(library)
        assert getattr(refused.value, "cause", None) == LOCKED
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# ------------------------------------------------------------------------- restore


@pytest.mark.parametrize("kind", [*KINDS, "emptied"])
def test_restore_brings_back_the_games_of_the_newest_backup_and_keeps_the_damaged_file(
        library: Path, kind: str) -> None:
    backups_before = snapshot(library.parent / "backups")
    expected = games_of(newest_backup(library))
    broken = break_file(library, kind)
    if kind == "emptied":
        found = emptied(library)
        assert found is not None and found[1] == 23
    done = restore(library, now=datetime(2026, 3, 2, 10, 30, 5))
    assert done.games == 23 and done.backup is not None
    assert done.aside == library.with_name("replays.db.damaged-20260302-103005")
    assert done.aside.read_bytes() == broken  # the learner's file, byte for byte
    assert snapshot(library.parent / "backups") == backups_before
    assert games_of(library) == expected
    with Store.open(library) as store:  # it opens as any library does, and is played on
        assert len(list_games(store)) == 23
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_restore_without_a_whole_backup_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    make_library(db, 5)
    broken = break_file(db, "garbage")
    with pytest.raises(RecoveryFailed) as failed:
        restore(db)
    assert "no whole backup" in failed.value.en and "Không có bản sao lưu" in failed.value.vi
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replays.db"]
    assert db.read_bytes() == broken


def test_the_damaged_file_goes_aside_with_its_log_and_never_over_another(tmp_path: Path
                                                                           ) -> None:
    db = tmp_path / "replays.db"
    for name, content in (("replays.db", b"damaged"), ("replays.db-wal", b"its log"),
                          ("replays.db-shm", b"its index"),
                          ("replays.db.damaged-20260302-103005", b"set aside before")):
        (tmp_path / name).write_bytes(content)
    aside = set_aside(db, datetime(2026, 3, 2, 10, 30, 5))
    assert aside == tmp_path / "replays.db.damaged-20260302-103005-1"
    assert snapshot(tmp_path) == {
        "replays.db.damaged-20260302-103005": b"set aside before",
        "replays.db.damaged-20260302-103005-1": b"damaged",
        "replays.db.damaged-20260302-103005-1-shm": b"its index",
        "replays.db.damaged-20260302-103005-1-wal": b"its log"}
    assert set_aside(db) is None  # nothing there any more


# ------------------------------------------------------------------------- failures


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB disk (tmpfs) holding the data folder."""
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


@pytest.mark.parametrize("how", ["restore", "salvage"])
def test_a_repair_on_a_full_disk_fails_and_leaves_the_damaged_library_in_place(
        disk: Path, how: str) -> None:
    db = disk / "replays.db"
    make_library(db, 20)
    take(db, now=T0)
    break_file(db, "half-overwritten")
    st = os.statvfs(disk)
    (disk / "filler").write_bytes(b"\0" * (st.f_bavail * st.f_frsize - 4096))
    before = snapshot(disk)
    with pytest.raises(RecoveryFailed) as failed:
        restore(db) if how == "restore" else rescue(db)
    assert "full" in failed.value.en and "đầy" in failed.value.vi
    assert snapshot(disk) == before  # no half-built library, nothing renamed
