"""Outputs never destroy files.

``export --out``, ``report --html`` and ``selfplay --out`` refuse an existing target unless
``--force``; never overwrite a SQLite database or the input, even with ``--force``; write
through a temporary file in the same folder and rename it; and a failed write (a read-only
folder or disk, a folder as target, a full disk) leaves nothing behind and exits 2 naming
the real cause in Vietnamese and English. Inputs are checked byte for byte after each case.

(Asked for by issue 13, class 3.)
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from replays.cli import main
from replays.files import check_output, write_atomic
from tests.fault_helpers import small_tmpfs
from tests.replays.cli_run import run

STAKE_MARK = '"stake": 1'  # in every .chan.json this program writes (default rules)


def digest(path: Path) -> str:
    """The bytes of a file (and of its -wal beside it, for a database)."""
    h = hashlib.sha256(path.read_bytes())
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        h.update(wal.read_bytes())
    return h.hexdigest()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A replay database and a .chan.json of two self-play games (made once)."""
    folder = tmp_path_factory.mktemp("sources")
    db, chan = folder / "thư viện.db", folder / "hai ván.chan.json"
    for out in (db, chan):
        assert main(["selfplay", "--games", "2", "--seed", "3", "--out", str(out)]) == 0
    return db, chan


@pytest.fixture
def db(sources: tuple[Path, Path], tmp_path: Path) -> Path:
    """A private copy of the database."""
    return Path(shutil.copy(sources[0], tmp_path / "replays.db"))


@pytest.fixture
def chan(sources: tuple[Path, Path], tmp_path: Path) -> Path:
    """A private copy of the .chan.json."""
    return Path(shutil.copy(sources[1], tmp_path / "ván.chan.json"))


def export(capsys: pytest.CaptureFixture[str], db: Path, out: Path,
           *extra: str) -> tuple[int, str, str]:
    return run(capsys, "export", db, "--session", "1", "--out", out, *extra)


def report(capsys: pytest.CaptureFixture[str], source: Path, out: Path,
           *extra: str) -> tuple[int, str, str]:
    return run(capsys, "report", source, "--game", "0", "--html", out, *extra)


# ------------------------------------------------------------------ existing targets


def test_export_refuses_an_existing_file_without_force(
        capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine.chan.json"
    out.write_text("bài của tôi — không được mất", encoding="utf-8")
    before, db_before = digest(out), digest(db)
    code, stdout, err = export(capsys, db, out)
    assert code == 2 and stdout == ""
    assert "already exists; add --force" in err and "tệp đã có; thêm --force" in err
    assert digest(out) == before and digest(db) == db_before
    assert listing(tmp_path) == ["mine.chan.json", "replays.db"]
    code, _, err = export(capsys, db, out, "--force")
    assert code == 0, err
    assert STAKE_MARK in out.read_text(encoding="utf-8") and digest(db) == db_before
    assert listing(tmp_path) == ["mine.chan.json", "replays.db"]  # no temporary file left


def test_report_refuses_an_existing_file_without_force(
        capsys: pytest.CaptureFixture[str], chan: Path, tmp_path: Path) -> None:
    out = tmp_path / "báo cáo.html"
    out.write_text("<p>bản cũ</p>", encoding="utf-8")
    before, chan_before = digest(out), digest(chan)
    code, _, err = report(capsys, chan, out)
    assert code == 2 and "already exists" in err and "tệp đã có" in err
    assert digest(out) == before and digest(chan) == chan_before
    code, _, err = report(capsys, chan, out, "--force")
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert digest(chan) == chan_before
    assert listing(tmp_path) == ["báo cáo.html", "ván.chan.json"]


def test_a_database_is_never_overwritten_even_with_force(
        capsys: pytest.CaptureFixture[str], db: Path, chan: Path, tmp_path: Path) -> None:
    other = Path(shutil.copy(db, tmp_path / "another library.chan.json"))  # named like a file
    before = digest(other)
    for code, _, err in (export(capsys, db, other, "--force"),
                         report(capsys, chan, other, "--force"),
                         report(capsys, chan, db, "--force")):
        assert code == 2, err
        assert "SQLite database" in err and "cơ sở dữ liệu SQLite" in err
    assert digest(other) == before
    with sqlite3.connect(other) as conn:  # still a database
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2


def test_the_input_is_never_overwritten_even_with_force(
        capsys: pytest.CaptureFixture[str], db: Path, chan: Path, tmp_path: Path) -> None:
    before, db_before = digest(chan), digest(db)
    code, _, err = report(capsys, chan, chan, "--force")
    assert code == 2 and "input file" in err and "tệp đầu vào" in err
    link = tmp_path / "same.chan.json"
    link.symlink_to(chan)  # the same file under another name
    code, _, err = report(capsys, chan, link, "--force")
    assert code == 2 and "input file" in err
    code, _, err = export(capsys, db, db, "--force")
    assert code == 2 and ("input file" in err or "SQLite" in err)
    assert digest(chan) == before and digest(db) == db_before


def test_selfplay_refuses_an_existing_chan_json_without_force(
        capsys: pytest.CaptureFixture[str], chan: Path) -> None:
    before = digest(chan)
    code, _, err = run(capsys, "selfplay", "--games", "1", "--seed", "9", "--out", chan)
    assert code == 2 and "already exists" in err and "tệp đã có" in err
    assert digest(chan) == before
    code, _, err = run(capsys, "selfplay", "--games", "1", "--seed", "9", "--out", chan,
                       "--force")
    assert code == 0, err
    assert digest(chan) != before


# ------------------------------------------------------------------ failed writes


def test_a_folder_as_target_is_refused(
        capsys: pytest.CaptureFixture[str], db: Path, chan: Path, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    for code, _, err in (export(capsys, db, folder, "--force"),
                         report(capsys, chan, folder, "--force")):
        assert code == 2 and "is a folder" in err and "thư mục" in err
    assert listing(folder) == []


def test_a_full_disk_leaves_nothing_and_says_so(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path,
        chan: Path, tmp_path: Path) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("replays.files.os.fsync", full)
    before = listing(tmp_path)
    kept = {p: digest(p) for p in (db, chan)}
    for code, stdout, err in (export(capsys, db, tmp_path / "a.chan.json"),
                              report(capsys, chan, tmp_path / "a.html"),
                              run(capsys, "selfplay", "--games", "1", "--out",
                                  tmp_path / "b.chan.json")):
        assert code == 2 and stdout == ""
        assert "the disk is full" in err and "ổ đĩa đã đầy" in err
        assert "internal error" not in err
    assert listing(tmp_path) == before  # no output, no temporary file
    assert {p: digest(p) for p in kept} == kept


def test_a_read_only_folder_leaves_nothing_and_says_so(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path,
        chan: Path, tmp_path: Path) -> None:
    def refused(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("replays.files.tempfile.mkstemp", refused)  # (root ignores chmod)
    before = listing(tmp_path)
    for code, _, err in (export(capsys, db, tmp_path / "a.chan.json"),
                         report(capsys, chan, tmp_path / "a.html")):
        assert code == 2
        assert "Permission denied" in err and "không có quyền ghi" in err
    assert listing(tmp_path) == before  # (a missing folder is never made: test_cli_outputs)


def test_the_rename_failing_removes_the_temporary_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(src: object, dst: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr("replays.files.os.replace", broken)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "r.html", "<p>x</p>")
    assert listing(tmp_path) == []


def test_a_pipe_as_target_is_refused(tmp_path: Path) -> None:
    from replays.errors import BadFile

    fifo = tmp_path / "pipe.chan.json"
    try:
        os.mkfifo(fifo)
    except (AttributeError, OSError):
        pytest.skip("no FIFOs here")
    with pytest.raises(BadFile, match="not a regular file"):
        check_output(fifo, force=True)


def test_selfplay_leaves_no_empty_database_when_saving_fails(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    def full(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr("replays.store.Store.import_session", full)
    out = tmp_path / "x.db"
    code, _, _ = run(capsys, "selfplay", "--games", "1", "--out", out)
    assert code == 2
    assert listing(tmp_path) == []  # neither x.db nor its -wal / -shm


# ------------------------------------------------------------------ real small disks


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB tmpfs filled to the last byte (root only; skipped elsewhere)."""
    with small_tmpfs(tmp_path / "small") as folder:
        with (folder / "filler").open("wb") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError as e:
                assert e.errno == errno.ENOSPC
        yield folder


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    """A real read-only tmpfs (root only; skipped elsewhere)."""
    with small_tmpfs(tmp_path / "ro", "ro,size=1m") as folder:
        yield folder


def test_a_real_full_disk_leaves_nothing(
        capsys: pytest.CaptureFixture[str], small_disk: Path, db: Path, chan: Path) -> None:
    kept = {p: digest(p) for p in (db, chan)}
    for code, _, err in (export(capsys, db, small_disk / "a.chan.json"),
                         report(capsys, chan, small_disk / "a.html"),
                         run(capsys, "selfplay", "--games", "1", "--out",
                             small_disk / "b.chan.json")):
        assert code == 2
        assert "the disk is full" in err and "ổ đĩa đã đầy" in err
    assert listing(small_disk) == ["filler"]
    assert {p: digest(p) for p in kept} == kept


def test_a_real_read_only_disk_leaves_nothing(
        capsys: pytest.CaptureFixture[str], read_only_disk: Path, db: Path,
        chan: Path) -> None:
    for code, _, err in (export(capsys, db, read_only_disk / "a.chan.json"),
                         report(capsys, chan, read_only_disk / "a.html")):
        assert code == 2
        assert "read-only" in err and "chỉ cho phép đọc" in err
    assert listing(read_only_disk) == []
