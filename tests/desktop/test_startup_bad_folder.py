"""``--smoke`` and the start-up handle a bad data folder like the normal start: a message in
Vietnamese and English, exit 2, no traceback, no 0-byte (or blank) file left behind, and every
file of the learner's folder unchanged byte-for-byte.

A bad folder: a garbage, truncated or foreign ``replays.db`` or a folder in its place, a
read-only or a full disk. A bad ``progress.db`` or ``settings.json`` does not stop the start
(lessons open progress.db only when shown; settings fall back to the defaults), and they too
are left exactly as they were.

(Asked for by issue 13, class 6.)
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from replays import cli
from tests.fault_helpers import small_tmpfs

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_AUDIODRIVER": "dummy",
       "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
HEAD_VI = "Không mở được dữ liệu của chương trình"
HEAD_EN = "Cannot open the program's data"


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def replays_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real replay database of one game (to truncate)."""
    db = tmp_path_factory.mktemp("source") / "replays.db"
    assert cli.main(["selfplay", "--games", "1", "--seed", "2", "--out", str(db)]) == 0
    return db


def make_bad(path: Path, kind: str, source: Path) -> None:
    """Put a bad ``kind`` of file at ``path``: garbage, truncated, foreign or a folder."""
    if kind == "garbage":
        path.write_bytes(bytes(range(256)) * 40)
    elif kind == "truncated":
        path.write_bytes(source.read_bytes()[:5000])
    elif kind == "foreign":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
            conn.execute("INSERT INTO contacts VALUES ('Lan', '0901')")
        conn.close()
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("the learner's own file\n", encoding="utf-8")
    else:
        raise AssertionError(kind)


BAD_KINDS = ["garbage", "truncated", "foreign", "folder"]


def _said_once(err: str) -> None:
    assert HEAD_VI in err and HEAD_EN in err, err
    assert "Traceback" not in err, err


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_smoke_with_a_bad_replays_db_says_so_and_changes_nothing(
        qtbot: object, tmp_path: Path, replays_db: Path, capsys: pytest.CaptureFixture[str],
        kind: str) -> None:
    from desktop.app import make_app, smoke_run

    data = tmp_path / "data"
    data.mkdir()
    make_bad(data / "replays.db", kind, replays_db)
    (data / "settings.json").write_text('{"lang": "en"}\n', encoding="utf-8")
    before = snapshot(data)
    assert smoke_run(make_app([]), data) == 2
    out = capsys.readouterr()
    _said_once(out.err)
    assert "first_frame_ms" not in out.out
    assert snapshot(data) == before


def test_smoke_command_exits_2_without_a_traceback(
        tmp_path: Path, replays_db: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    make_bad(data / "replays.db", "truncated", replays_db)
    before = snapshot(data)
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--data-dir",
                             str(data)], cwd=ROOT, env=ENV, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 2, result.stderr
    _said_once(result.stderr)
    assert "damaged or truncated" in result.stderr and "bị hỏng" in result.stderr
    assert snapshot(data) == before


def test_the_normal_start_says_it_in_a_box_and_exits_2(
        qtbot: object, tmp_path: Path, replays_db: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop import app as app_module
    from desktop.qt import QMessageBox

    data = tmp_path / "data"
    data.mkdir()
    make_bad(data / "replays.db", "foreign", replays_db)
    before = snapshot(data)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _parent, _title, text: shown.append(text)))
    assert app_module.run_app([], data) == 2
    assert len(shown) == 1
    assert HEAD_VI in shown[0] and HEAD_EN in shown[0]
    assert "another program" in shown[0] and "chương trình khác" in shown[0]
    assert snapshot(data) == before


@pytest.mark.parametrize(("progress", "settings"), [
    ("garbage", "garbage"), ("truncated", "deep"), ("foreign", "folder"), ("folder", "bytes"),
])
def test_a_bad_progress_db_or_settings_json_neither_stops_nor_is_changed(
        tmp_path: Path, replays_db: Path, progress: str, settings: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    make_bad(data / "progress.db", progress, replays_db)
    target = data / "settings.json"
    if settings == "garbage":
        target.write_text("{not json", encoding="utf-8")
    elif settings == "deep":
        target.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif settings == "folder":
        target.mkdir()
    else:
        target.write_bytes(b"\xff\xfe\x00garbage")
    before = snapshot(data)
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--data-dir",
                             str(data)], cwd=ROOT, env=ENV, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    after = snapshot(data)
    assert after.pop("replays.db")  # the smoke game was recorded, as always
    for side in ("replays.db-wal", "replays.db-shm"):
        after.pop(side, None)
    assert after == before


# ------------------------------------------------------------------------- read-only, full

@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB disk (tmpfs), unmounted afterwards."""
    with small_tmpfs(tmp_path / "disk") as where:
        yield where


def test_smoke_on_a_read_only_disk_says_so_and_changes_nothing(
        qtbot: object, small_disk: Path, replays_db: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import make_app, smoke_run

    shutil.copyfile(replays_db, small_disk / "replays.db")
    (small_disk / "settings.json").write_text('{"lang": "vi"}\n', encoding="utf-8")
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    before = snapshot(small_disk)
    assert smoke_run(make_app([]), small_disk) == 2
    err = capsys.readouterr().err
    _said_once(err)
    # the disk itself is said to be read-only, not a missing permission (issue 20)
    assert "the disk is read-only" in err and "ổ đĩa đang chỉ cho đọc" in err
    assert snapshot(small_disk) == before


@pytest.mark.parametrize("room", [0, 48 * 1024])
def test_smoke_on_a_full_disk_says_full_and_leaves_no_empty_file(
        qtbot: object, small_disk: Path, capsys: pytest.CaptureFixture[str],
        room: int) -> None:
    from desktop.app import make_app, smoke_run

    st = os.statvfs(small_disk)
    (small_disk / "filler").write_bytes(b"\0" * max(0, st.f_bavail * st.f_frsize - room))
    data = small_disk / "data"
    data.mkdir(exist_ok=room == 0)
    before = snapshot(small_disk)
    assert smoke_run(make_app([]), data) == 2
    err = capsys.readouterr().err
    _said_once(err)
    assert "the disk is full" in err and "ổ đĩa đã đầy" in err
    assert snapshot(small_disk) == before  # no 0-byte or blank replays.db, no -wal, no -shm


def test_settings_that_cannot_be_saved_leave_no_temporary_file(
        tmp_path: Path) -> None:
    """settings.json replaced by a folder: saving is refused (the window keeps the settings
    for this run) and leaves the folder as it was, with no settings.json.tmp beside it."""
    from desktop.settings import Settings, save
    from replays.errors import BadFile

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").mkdir()
    (data / "settings.json" / "mine.txt").write_text("keep\n", encoding="utf-8")
    before = snapshot(data)
    with pytest.raises(BadFile):
        save(data / "settings.json", Settings(lang="en"))
    assert snapshot(data) == before


def test_settings_saved_on_a_full_disk_leave_no_empty_file(
        small_disk: Path) -> None:
    from desktop.settings import Settings, save

    st = os.statvfs(small_disk)
    (small_disk / "filler").write_bytes(b"\0" * (st.f_bavail * st.f_frsize))
    before = snapshot(small_disk)
    with pytest.raises(OSError):
        save(small_disk / "settings.json", Settings(lang="en", names=("A" * 24,) * 4))
    assert snapshot(small_disk) == before
