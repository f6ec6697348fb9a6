"""Backups of the library (issue 20, replays.backup): whole copies made through SQLite's
backup API while the program's store holds the library, kept by time in ``backups/``; a
backup that fails (a full disk, a read-only folder, a damaged library) leaves nothing behind
and never removes an older one; the oldest are pruned only after a new one is good, and never
one holding games the library has lost."""

from __future__ import annotations

import builtins
import io
import os
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from replays import backup as backups_module
from replays.backup import KEEP, Backup, BackupFailed, backups, newest_good, take
from replays.errors import DAMAGED, FULL, PERMISSION
from replays.store import Store
from tests.fault_helpers import small_tmpfs
from tests.library_damage import add_games, damage, games_of, make_library, snapshot

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A library of 20 games in the data folder ``tmp_path/data``."""
    db = tmp_path / "data" / "replays.db"
    make_library(db, 20)
    return db


def read_backup(backup: Backup) -> tuple[str, str, int]:
    """(quick_check, journal mode, games) of a backup file."""
    with closing(sqlite3.connect(f"{backup.path.as_uri()}?mode=ro", uri=True)) as conn:
        return (conn.execute("PRAGMA quick_check").fetchone()[0],
                conn.execute("PRAGMA journal_mode").fetchone()[0],
                conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


@contextmanager
def file_reads(db: Path) -> Iterator[list[str]]:
    """Records every open() of ``db`` or its -wal/-shm/-journal by Python code while the
    block runs (SQLite's own reads do not go through Python): closing such a descriptor
    drops the process's locks on the file (SQLite, "How To Corrupt", 2.2)."""
    opened: list[str] = []
    names = {db.name + s for s in ("", "-wal", "-shm", "-journal")}

    def watch(real: Callable[..., Any]) -> Callable[..., Any]:
        def opener(file: object, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, str | bytes | os.PathLike) and \
                    Path(os.fsdecode(file)).name in names:
                opened.append(os.fsdecode(file))
            return real(file, *args, **kwargs)
        return opener

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(builtins, "open", watch(builtins.open))
        patch.setattr(io, "open", watch(io.open))
        patch.setattr(os, "open", watch(os.open))
        yield opened


def test_a_backup_is_a_whole_copy_made_through_sqlite_while_the_store_holds_the_library(
        library: Path) -> None:
    with Store.open(library) as store:
        add_games(library, 3, seed=9)  # another connection writes: the WAL holds it
        with file_reads(library) as opened:
            made = take(library, now=T0)
        assert made is not None
        assert made.path == library.parent / "backups" / "replays-20260301T090000Z.db"
        assert read_backup(made) == ("ok", "delete", 23)
        assert len(store.game_ids()) == 23  # the store's connection goes on as before
    assert opened == []
    assert sorted(p.name for p in made.path.parent.iterdir()) == [made.path.name]
    assert games_of(made.path) == games_of(library)


def test_nothing_changed_no_new_backup_and_each_change_one_more(library: Path) -> None:
    first = take(library, now=T0)
    assert first is not None
    assert take(library, now=T0 + timedelta(minutes=1)) is None
    add_games(library, 1, seed=3)
    second = take(library, now=T0 + timedelta(minutes=2))
    assert second is not None and read_backup(second)[2] == 21
    assert backups(library) == [second, first]  # newest first
    assert newest_good(library) == (second, 21)


def test_two_backups_in_one_second_keep_both(library: Path) -> None:
    first = take(library, now=T0)
    add_games(library, 1, seed=4)
    second = take(library, now=T0)
    assert first is not None and second is not None
    assert second.path.name == "replays-20260301T090000Z-1.db"
    assert backups(library)[0] == second


def test_the_oldest_are_pruned_beyond_keep_only_once_a_new_one_is_good(library: Path) -> None:
    taken = []
    for i in range(KEEP + 3):
        add_games(library, 1, seed=100 + i)
        made = take(library, now=T0 + timedelta(minutes=i))
        assert made is not None
        taken.append(made)
    assert backups(library) == taken[::-1][:KEEP]
    assert all(not b.path.exists() for b in taken[:3])


def test_a_backup_holding_games_the_library_has_lost_is_never_pruned(library: Path) -> None:
    full = take(library, now=T0)
    assert full is not None
    library.unlink()  # a disk failure left an empty library, played on from scratch
    make_library(library, 1, seed=77)
    for i in range(KEEP + 2):
        add_games(library, 1, seed=200 + i)
        assert take(library, now=T0 + timedelta(hours=1, minutes=i)) is not None
    kept = backups(library)
    assert full in kept and len(kept) == KEEP + 1
    assert read_backup(full)[2] == 20


def test_a_damaged_library_makes_no_backup_and_removes_none(library: Path) -> None:
    good = take(library, now=T0)
    assert good is not None
    before = snapshot(library.parent / "backups")
    damage(library, "half-overwritten")
    with pytest.raises(BackupFailed) as failed:
        take(library, now=T0 + timedelta(minutes=5))
    assert failed.value.cause == DAMAGED
    assert "bị hỏng" in failed.value.vi and "damaged" in failed.value.en
    assert snapshot(library.parent / "backups") == before
    assert newest_good(library) == (good, 20)


def test_a_stale_temporary_file_of_a_killed_backup_is_removed(library: Path) -> None:
    folder = library.parent / "backups"
    folder.mkdir()
    stale = folder / ".replays-1234-5.tmp"
    stale.write_bytes(b"half a copy")
    fresh = folder / ".replays-99999-6.tmp"  # another program's backup under way
    fresh.write_bytes(b"being written")
    old = datetime.now().timestamp() - 2 * backups_module.STALE_SECONDS
    os.utime(stale, (old, old))
    assert take(library, now=T0) is not None
    assert not stale.exists() and fresh.exists()


def test_a_backup_is_never_mistaken_for_something_else_in_the_folder(library: Path) -> None:
    folder = library.parent / "backups"
    folder.mkdir()
    (folder / "replays-20261399T000000Z.db").write_bytes(b"no such time")
    (folder / "replays-20260101T000000Z.db").mkdir()  # a folder named like one
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    made = take(library, now=T0)
    assert backups(library) == [made]
    for name in ("replays-20261399T000000Z.db", "replays-20260101T000000Z.db", "notes.txt"):
        assert (folder / name).exists()


# ------------------------------------------------------------------------- real faults


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB disk (tmpfs) holding the data folder."""
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def test_a_backup_on_a_full_disk_fails_said_as_full_and_leaves_the_older_ones(
        disk: Path) -> None:
    library = disk / "replays.db"
    make_library(library, 20)
    older = take(library, now=T0)
    assert older is not None
    add_games(library, 2, seed=8)
    before = snapshot(disk / "backups")
    st = os.statvfs(disk)
    (disk / "filler").write_bytes(b"\0" * (st.f_bavail * st.f_frsize - 8192))
    with pytest.raises(BackupFailed) as failed:
        take(library, now=T0 + timedelta(minutes=1))
    assert failed.value.cause == FULL
    assert "full" in failed.value.en and "đầy" in failed.value.vi
    assert snapshot(disk / "backups") == before  # no half copy, the older one as it was
    assert newest_good(library) == (older, 20)
    (disk / "filler").unlink()
    assert len(games_of(library)) == 22  # the library itself is untouched


def test_a_backup_on_a_read_only_disk_fails_said_and_changes_nothing(disk: Path) -> None:
    """(A disk with a file open for writing cannot be remounted read-only: the library is
    closed, as when the program starts on a disk that turned read-only.)"""
    library = disk / "replays.db"
    make_library(library, 10)
    older = take(library, now=T0)
    assert older is not None
    add_games(library, 1, seed=12)
    before = snapshot(disk)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    try:
        with pytest.raises(BackupFailed) as failed:
            take(library, now=T0 + timedelta(minutes=1))
        assert snapshot(disk) == before
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
    assert failed.value.cause == PERMISSION
    assert "no permission" in failed.value.en and "không có quyền" in failed.value.vi
    assert newest_good(library) == (older, 10)
    made = take(library, now=T0 + timedelta(minutes=2))  # writable again: backed up
    assert made is not None and read_backup(made)[2] == 11


def test_a_blank_or_foreign_database_is_not_backed_up(tmp_path: Path) -> None:
    blank = tmp_path / "progress.db"
    sqlite3.connect(blank).close()  # made, nothing in it yet
    foreign = tmp_path / "replays.db"
    with closing(sqlite3.connect(foreign)) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    assert take(blank) is None and take(foreign) is None
    assert list((tmp_path / "backups").iterdir()) == []


def test_a_file_where_the_backups_folder_goes_is_said_and_left_alone(library: Path) -> None:
    (library.parent / "backups").write_text("the learner's notes\n", encoding="utf-8")
    with pytest.raises(BackupFailed) as failed:
        take(library, now=T0)
    assert failed.value.cause == PERMISSION
    assert "File exists" in failed.value.en or "Not a directory" in failed.value.en
    assert (library.parent / "backups").read_text(encoding="utf-8") == "the learner's notes\n"
