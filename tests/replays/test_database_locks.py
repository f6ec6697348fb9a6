"""A database this process holds keeps its locks, whatever else the process does with it.

Closing any descriptor of a database file drops every POSIX lock the process holds on it
(SQLite's "How To Corrupt An SQLite Database File", 2.2). Another program then believes it is
the last one using the database: it checkpoints and deletes the write-ahead log under our
connection, and our next commit goes into a log nobody will read, or damages the file
(issue 20: the program open while `chan-tutor import` ran). The oracle below is exactly that
other program: after each operation, a child process opens and closes the database; if our
locks were dropped, the child deletes the log.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from lessons.progress import Progress
from replays.database import copied, probe
from replays.errors import BadFile
from replays.files import check_output, is_database
from replays.readonly import is_sqlite
from replays.store import Store
from tests.replays.replay_games import record_games

ROOT = Path(__file__).resolve().parents[2]

# A child that opens the database, reads it and closes it: the last connection to close
# checkpoints and deletes the -wal and -shm files (SQLite's WAL documentation).
CHILD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
conn.close()
"""


def another_program_opens_and_closes(db: Path) -> None:
    """What a second program does to a database: open it, read, close."""
    subprocess.run([sys.executable, "-c", CHILD, str(db)], check=True, timeout=60)


def assert_still_held(db: Path, store: Store) -> None:
    """Our connection still counts: another program leaves the log alone, and our next commit
    is read by everybody."""
    wal = db.with_name(db.name + "-wal")
    assert wal.exists()
    another_program_opens_and_closes(db)
    assert wal.exists(), "another program deleted the write-ahead log under our connection"
    sid = store.new_session()
    with closing(sqlite3.connect(db)) as other:
        assert other.execute("SELECT COUNT(*) FROM sessions WHERE id = ?",
                             (sid,)).fetchone()[0] == 1
        assert other.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.fixture
def held(tmp_path: Path) -> tuple[Path, Store]:
    db = tmp_path / "data" / "replays.db"
    store = Store.open(db)
    record_games(store, [3])
    return db, store


def _second_store(db: Path) -> None:
    Store.open(db).close()


def _copy(db: Path) -> None:
    with Store.open_copy(db) as copy:
        assert copy.game_ids()


def _refused_as_output(db: Path) -> None:
    with pytest.raises(BadFile, match="SQLite database"):
        check_output(db, force=True)


def _copied(db: Path) -> None:
    with copied(db) as copy:
        assert copy.stat().st_size > 0


OPERATIONS: dict[str, Callable[[Path], object]] = {
    "a second Store (the workers)": _second_store,
    "probe": lambda db: probe(db, db.name),
    "a copy (open another database, analyze, export)": _copy,
    "copied": _copied,
    "is_database on a name without suffix": lambda db: is_database(db.with_suffix("")),
    "is_sqlite": is_sqlite,
    "check_output of the library": _refused_as_output,
}


@pytest.mark.parametrize("operation", OPERATIONS, ids=list(OPERATIONS))
def test_an_operation_on_the_held_library_keeps_its_locks(
        held: tuple[Path, Store], operation: str) -> None:
    db, store = held
    if operation.startswith("is_database"):
        os.link(db, db.with_suffix(""))  # the same file under a name without suffix
    try:
        OPERATIONS[operation](db)
        assert_still_held(db, store)
    finally:
        store.close()


def test_a_second_progress_connection_keeps_the_first_ones_locks(tmp_path: Path) -> None:
    """progress.db is opened by the same code (Học's rounds open their own connection)."""
    path = tmp_path / "progress.db"
    progress = Progress.open(path)
    try:
        progress.db.execute("CREATE TABLE IF NOT EXISTS probe_marks (x)")
        Progress.open(path).close()
        assert path.with_name("progress.db-wal").exists()
        another_program_opens_and_closes(path)
        assert path.with_name("progress.db-wal").exists()
    finally:
        progress.close()


def test_the_command_line_importing_while_the_program_holds_the_library(
        tmp_path: Path) -> None:
    """Section 1 of issue 20: the program holds replays.db (and opens it again for a worker),
    `chan-tutor import` writes from another process, round after round; every write of both
    is kept and the file stays whole. Before the fix the log vanished in the first round and
    the file was damaged by the third."""
    db = tmp_path / "data" / "replays.db"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    program = Store.open(db)
    sessions = 0
    imported = 0
    try:
        for round_ in range(4):
            source = tmp_path / f"x{round_}.chan.json"
            made = subprocess.run(
                [sys.executable, "-m", "desktop", "selfplay", "--games", "1", "--seed",
                 str(round_), "--out", str(source)], env=env, capture_output=True, text=True,
                timeout=120)
            assert made.returncode == 0, made.stderr
            Store.open(db).close()  # a worker of the program opens its own connection
            done = subprocess.run([sys.executable, "-m", "desktop", "import", str(source),
                                   "--db", str(db)], env=env, capture_output=True, text=True,
                                  timeout=120)
            assert done.returncode == 0, done.stderr
            imported += 1
            assert db.with_name("replays.db-wal").exists()
            program.new_session()
            sessions += 1
    finally:
        program.close()
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == sessions + imported


def test_a_command_waits_out_a_write_longer_than_the_programs_wait(tmp_path: Path) -> None:
    """A script's import waits for another program's write (issue 20: in a soak on a loaded
    machine a 5 s wait failed an import); CHAN_TUTOR_LOCK_WAIT says how long."""
    import threading

    db = tmp_path / "data" / "replays.db"
    Store.open(db).close()
    source = tmp_path / "x.chan.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    made = subprocess.run([sys.executable, "-m", "desktop", "selfplay", "--games", "1",
                           "--out", str(source)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr

    def held_for(seconds: float, lock_wait: str | None) -> subprocess.CompletedProcess[str]:
        holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
        release = threading.Timer(seconds, lambda: holder.execute("ROLLBACK"))
        release.start()
        try:
            wait = {} if lock_wait is None else {"CHAN_TUTOR_LOCK_WAIT": lock_wait}
            return subprocess.run([sys.executable, "-m", "desktop", "import", str(source),
                                   "--db", str(db)], env={**env, **wait},
                                  capture_output=True, text=True, timeout=120)
        finally:
            release.join()
            holder.close()

    waited = held_for(6.5, None)  # past the program's own 5 s
    assert waited.returncode == 0, waited.stderr
    refused = held_for(3, "0.5")
    assert refused.returncode == 2 and "in use by another program" in refused.stderr
