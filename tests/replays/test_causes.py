"""Every failure the user's machine causes is exit 2 with its real cause.

A database locked by another program, a full disk, a file without read permission: each is
said as what it is, in English and Vietnamese (replays.errors.cause_of / database_error, one
place for the command line and the desktop), never "internal error" (exit 1) and never
"damaged or truncated". Two programs creating the same new database both succeed.

(Asked for by issue 13, class 5.)
"""

from __future__ import annotations

import errno
import io
import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from replays import cli
from replays.errors import (
    DAMAGED,
    FULL,
    LOCKED,
    PERMISSION,
    READONLY,
    DatabaseProblem,
    cause_of,
    database_error,
)
from replays.store import Store
from tests.fault_helpers import small_tmpfs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A replay database of one self-played game (game id 1), current schema."""
    db = tmp_path / "lib" / "games.db"
    db.parent.mkdir()
    assert cli.main(["selfplay", "--games", "1", "--seed", "4", "--out", str(db)]) == 0
    return db


@pytest.fixture
def chan_json(library: Path, tmp_path: Path) -> Path:
    out = tmp_path / "game.chan.json"
    assert cli.main(["export", str(library), "--game", "1", "--out", str(out)]) == 0
    return out


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


# ------------------------------------------------------------------------- the classifier

def test_cause_of_reads_sqlites_own_codes(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(db, timeout=0)
    with pytest.raises(sqlite3.OperationalError) as locked:
        other.execute("SELECT * FROM t").fetchall()
    holder.execute("ROLLBACK")
    assert cause_of(locked.value) == LOCKED

    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all, " * 400)
    with pytest.raises(sqlite3.DatabaseError) as notadb:
        sqlite3.connect(garbage).execute("SELECT * FROM sqlite_master").fetchall()
    assert cause_of(notadb.value) == DAMAGED

    with pytest.raises(sqlite3.OperationalError) as cantopen:
        sqlite3.connect(tmp_path / "no such folder" / "x.db")
    assert cause_of(cantopen.value) == PERMISSION

    ro = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as readonly:
        ro.execute("INSERT INTO t VALUES (1)")
    assert cause_of(readonly.value) == PERMISSION
    for conn in (holder, other, ro):
        conn.close()


def test_cause_of_reads_the_systems_errno() -> None:
    assert cause_of(OSError(errno.ENOSPC, "No space left on device")) == FULL
    assert cause_of(OSError(errno.EDQUOT, "Disk quota exceeded")) == FULL
    assert cause_of(PermissionError(errno.EACCES, "Permission denied")) == PERMISSION
    assert cause_of(OSError(errno.EROFS, "Read-only file system")) == READONLY
    assert cause_of(ValueError("a bug")) is None  # a bug stays a bug
    assert cause_of(OSError(errno.EBADF, "Bad file descriptor")) is None


@pytest.mark.parametrize(("cause", "en", "vi"), [
    (LOCKED, "in use by another program", "chương trình khác"),
    (FULL, "the disk is full", "ổ đĩa đã đầy"),
    (PERMISSION, "no permission", "không có quyền"),
    (DAMAGED, "damaged or truncated", "bị hỏng"),
])
def test_database_error_says_the_cause_in_both_languages(
        cause: str, en: str, vi: str) -> None:
    error = database_error("lib.db", sqlite3.OperationalError("x"), cause)
    assert isinstance(error, DatabaseProblem) and error.cause == cause
    assert error.en.startswith("lib.db: ") and en in error.en
    assert error.vi.startswith("lib.db: ") and vi in error.vi
    if cause != DAMAGED:
        assert "damaged" not in error.en and "hỏng" not in error.vi


def test_the_cli_says_a_sqlite_error_by_its_cause(
        monkeypatch: pytest.MonkeyPatch, chan_json: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk in the middle of an import (simulated: SQLite's own error and code)."""
    def full(*_: Any, **__: Any) -> Any:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(Store, "import_session", full)
    assert cli.main(["import", str(chan_json), "--db", str(tmp_path / "new.db")]) == 2
    err = _said(capsys)
    assert "the disk is full" in err and "ổ đĩa đã đầy" in err
    assert "damaged" not in err and "internal error" not in err


# ------------------------------------------------------------------------- a locked database

@pytest.mark.parametrize("journal", ["DELETE", "WAL"])
def test_a_database_locked_by_another_program_is_said_locked(
        library: Path, chan_json: Path, journal: str) -> None:
    """Another program holds an EXCLUSIVE lock (on a rollback-journal database, as most other
    programs leave it, or on ours in WAL): the import waits, then says "in use", never
    "damaged"."""
    with sqlite3.connect(library) as conn:
        conn.execute(f"PRAGMA journal_mode = {journal}")
    conn.close()
    before = library.read_bytes()
    holder = sqlite3.connect(library, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = subprocess.run([sys.executable, "-m", "desktop", "import", str(chan_json),
                                 "--db", str(library)], cwd=ROOT, capture_output=True,
                                text=True, timeout=120, check=False,
                                env=dict(os.environ, CHAN_TUTOR_LOCK_WAIT="2"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 2, result.stderr
    assert "in use by another program" in result.stderr
    assert "đang được một chương trình khác dùng" in result.stderr
    assert "damaged" not in result.stderr and "hỏng" not in result.stderr
    assert library.read_bytes() == before


# ------------------------------------------------------------------------- no read permission

def _as_nobody(argv: list[str]) -> tuple[int, str]:
    """Run the CLI in a forked child that dropped root's rights to 'nobody' (root reads any
    file); without root, the child runs as the user, who cannot read a mode-000 file either.
    Everything the CLI imports lazily is imported first: 'nobody' may not read the
    interpreter's own folders."""
    import encodings.utf_8_sig  # noqa: F401
    import pwd

    from replays import commands, report, selfplay, text  # noqa: F401

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 99
        said = io.StringIO()
        try:
            os.close(read)
            if os.geteuid() == 0:
                nobody = pwd.getpwnam("nobody")
                os.setgid(nobody.pw_gid)
                os.setuid(nobody.pw_uid)
            sys.stderr = sys.stdout = said
            code = cli.main(argv)
        except BaseException as e:
            said.write(f"{type(e).__name__}: {e}")
            code = 98
        finally:
            os.write(write, said.getvalue().encode("utf-8"))
            os._exit(code)
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as f:
        said = f.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), said


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to drop rights")
def test_a_database_without_read_permission_is_said(library: Path) -> None:
    try:
        import pwd

        pwd.getpwnam("nobody")
    except (ImportError, KeyError):
        pytest.skip("no 'nobody' user to drop root's rights to")
    folder = Path(tempfile.mkdtemp(prefix="chan-tutor-perm-"))  # every parent reachable
    folder.chmod(0o777)
    library = Path(shutil.copyfile(library, folder / "games.db"))
    library.chmod(0o000)
    try:
        out = folder / "out.chan.json"
        for argv in (["analyze", str(library)],
                     ["export", str(library), "--game", "1", "--out", str(out)],
                     ["report", str(library), "--html", str(folder / "r.html")]):
            code, said = _as_nobody(argv)
            assert code == 2, said
            assert "no permission" in said and "không có quyền" in said, said
            assert "internal error" not in said
            assert not out.exists()
    finally:
        shutil.rmtree(folder)


# ------------------------------------------------------------------------- a full disk

@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB disk (tmpfs), filled but for a few blocks; unmounted afterwards."""
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def _fill(disk: Path, leave: int = 48 * 1024) -> None:
    st = os.statvfs(disk)
    free = st.f_bavail * st.f_frsize
    (disk / "filler").write_bytes(b"\0" * max(0, free - leave))


def test_a_full_disk_is_said_full_and_no_empty_database_is_left(
        full_disk: Path, chan_json: Path, library: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    kept = full_disk / "kept.db"
    shutil.copyfile(library, kept)
    _fill(full_disk, leave=0)
    before = kept.read_bytes()

    assert cli.main(["import", str(chan_json), "--db", str(kept)]) == 2
    err = _said(capsys)
    assert "the disk is full" in err and "ổ đĩa đã đầy" in err, err
    assert "damaged" not in err
    assert kept.read_bytes() == before

    new = full_disk / "x.db"
    assert cli.main(["selfplay", "--games", "3", "--seed", "1", "--out", str(new)]) == 2
    err = _said(capsys)
    assert "the disk is full" in err and "ổ đĩa đã đầy" in err, err
    assert not new.exists()
    assert not [p.name for p in full_disk.iterdir() if p.name.startswith("x.db")]


def test_a_disk_with_room_for_a_blank_database_only_keeps_nothing(
        full_disk: Path, chan_json: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill(full_disk, leave=48 * 1024)  # SQLite can start the file, not fill it
    new = full_disk / "lib.db"
    assert cli.main(["import", str(chan_json), "--db", str(new)]) == 2
    err = _said(capsys)
    assert "the disk is full" in err, err
    assert not [p.name for p in full_disk.iterdir() if p.name.startswith("lib.db")]


def test_export_to_a_full_disk_is_said_full(
        full_disk: Path, library: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill(full_disk, leave=0)
    out = full_disk / "o.chan.json"
    assert cli.main(["export", str(library), "--game", "1", "--out", str(out)]) == 2
    err = _said(capsys)
    assert "full" in err and "đầy" in err
    assert not out.exists()


# ------------------------------------------------------------------------- creating at once

def _create(path: str, barrier: Any, results: Any) -> None:
    barrier.wait()
    try:
        with Store.open(Path(path)) as store:
            results.put(("ok", store.new_session()))
    except Exception as e:
        results.put(("failed", f"{type(e).__name__}: {e}"))


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="needs fork")
def test_programs_creating_the_same_new_database_all_succeed(
        tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    for attempt in range(5):
        db = tmp_path / f"new{attempt}.db"
        barrier = ctx.Barrier(3)
        results = ctx.Queue()
        procs = [ctx.Process(target=_create, args=(str(db), barrier, results))
                 for _ in range(3)]
        for p in procs:
            p.start()
        outcome = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=60)
        assert [kind for kind, _ in outcome] == ["ok"] * 3, outcome
        assert sorted(sid for _, sid in outcome) == [1, 2, 3]
        with Store.open(db) as store:
            assert store.sessions() == [1, 2, 3]
