"""Where the record verbs write (issue 20): a folder the user names is never made for them —
``/nonexistent/dir/x.db`` is refused (exit 2, English and Vietnamese), not created, even under
/; ``selfplay --out`` into an existing database is refused unless ``--force``, and with it the
games are added as a new hội, never replacing what the database holds; and no option is read
from an abbreviation (``selfplay --game 5`` is never ``--games 5``)."""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from replays.files import write_atomic
from replays.store import Store
from tests.replays.cli_run import run

MISSING = ("does not exist", "không tồn tại")


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A replay database (one hội of two games) and a .chan.json of one game (made once)."""
    from replays.cli import main

    folder = tmp_path_factory.mktemp("sources")
    db, chan = folder / "thư viện.db", folder / "một ván.chan.json"
    assert main(["selfplay", "--games", "2", "--seed", "3", "--out", str(db)]) == 0
    assert main(["selfplay", "--games", "1", "--seed", "4", "--out", str(chan)]) == 0
    return db, chan


@pytest.fixture
def under_root() -> Iterator[Path]:
    """A folder path right under / that does not exist (removed again should a verb make it:
    the program runs as root here, so nothing would stop it)."""
    top = Path("/") / f"chan-tutor-missing-{uuid.uuid4().hex}"
    assert not top.exists()
    yield top / "dir"
    shutil.rmtree(top, ignore_errors=True)


def refused_missing(code: int, out: str, err: str) -> None:
    assert (code, out) == (2, ""), err
    assert MISSING[0] in err and MISSING[1] in err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ missing folders


def test_selfplay_into_a_missing_folder_is_refused_even_under_root(
        capsys: pytest.CaptureFixture[str], under_root: Path) -> None:
    for name in ("x.db", "x.chan.json"):
        refused_missing(*run(capsys, "selfplay", "--games", "1", "--out", under_root / name))
        assert not under_root.parent.exists()  # nothing made under /


def test_report_export_and_import_into_a_missing_folder_are_refused(
        capsys: pytest.CaptureFixture[str], sources: tuple[Path, Path], under_root: Path,
        tmp_path: Path) -> None:
    db, chan = sources
    before = digest(db), digest(chan)
    missing = tmp_path / "no such" / "folder"
    for where in (under_root, missing):
        refused_missing(*run(capsys, "report", chan, "--html", where / "r.html"))
        refused_missing(*run(capsys, "report", db, "--per-session", "--html", where / "pages"))
        refused_missing(*run(capsys, "export", db, "--hoi", "1", "--out",
                             where / "h.chan.json"))
        refused_missing(*run(capsys, "import", chan, "--db", where / "new.db"))
    assert not under_root.parent.exists() and not missing.parent.exists()
    assert (digest(db), digest(chan)) == before


def test_a_file_in_the_folders_place_is_said(
        capsys: pytest.CaptureFixture[str], sources: tuple[Path, Path], tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, out, err = run(capsys, "report", sources[1], "--html", blocker / "r.html")
    assert (code, out) == (2, "")
    assert "not a folder" in err and "không phải thư mục" in err


def test_per_session_makes_its_own_folder_in_one_that_exists(
        capsys: pytest.CaptureFixture[str], sources: tuple[Path, Path], tmp_path: Path) -> None:
    code, _, err = run(capsys, "report", sources[0], "--per-session", "--html",
                       tmp_path / "pages")
    assert code == 0, err
    assert [p.name for p in (tmp_path / "pages").iterdir()] == ["hoi-1.html"]


def test_only_the_programs_own_files_make_their_folder(tmp_path: Path) -> None:
    """write_atomic makes a folder only when asked (settings.json and first_game.json, in the
    data folder the program owns); otherwise a missing folder is an error."""
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "missing" / "a.txt", "x")
    assert not (tmp_path / "missing").exists()
    write_atomic(tmp_path / "data" / "settings.json", "{}", make_folder=True)
    assert (tmp_path / "data" / "settings.json").read_text(encoding="utf-8") == "{}"


# ------------------------------------------------------------------ an existing database


def games_by_hoi(db: Path) -> list[tuple[int, int]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT session_id, COUNT(*) FROM games GROUP BY session_id "
                            "ORDER BY session_id").fetchall()


def test_selfplay_into_an_existing_database_needs_force_and_then_adds_a_hoi(
        capsys: pytest.CaptureFixture[str], sources: tuple[Path, Path], tmp_path: Path) -> None:
    db = Path(shutil.copy(sources[0], tmp_path / "replays.db"))
    before = digest(db)
    code, out, err = run(capsys, "selfplay", "--games", "3", "--seed", "9", "--out", db)
    assert (code, out) == (2, "")
    assert "--force" in err and "already exists" in err and "tệp đã có" in err
    assert "never replaced" in err and "không bao giờ thay thế" in err
    assert digest(db) == before
    with Store.open(db) as store:
        kept = [store.export_game(gid) for gid in store.game_ids()]
    code, out, err = run(capsys, "selfplay", "--games", "3", "--seed", "9", "--out", db,
                         "--force")
    assert code == 0, err
    assert "hội 2 · ván 1–3" in out and "session 2, games 1–3" in out
    assert games_by_hoi(db) == [(1, 2), (2, 3)]
    with Store.open(db) as store:  # the games it held are there as they were
        assert [store.export_game(gid) for gid in store.game_ids()[:2]] == kept


def test_selfplay_into_an_empty_file_needs_no_force(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "made by mktemp.db"
    db.touch()
    code, out, err = run(capsys, "selfplay", "--games", "1", "--out", db)
    assert code == 0, err
    assert games_by_hoi(db) == [(1, 1)] and "hội 1 · ván 1 / session 1, game 1" in out


# ------------------------------------------------------------------ abbreviations


def test_selfplay_game_is_never_read_as_games(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    out = tmp_path / "x.chan.json"
    for argv in (["selfplay", "--game", "5", "--out", out],
                 ["selfplay", "--games", "1", "--game", "5", "--out", out]):
        code, printed, err = run(capsys, *argv)
        assert (code, printed) == (2, ""), err
        assert "error:" in err and "lỗi:" in err
        assert not out.exists()


def test_no_parser_reads_an_abbreviated_option(capsys: pytest.CaptureFixture[str],
                                               sources: tuple[Path, Path]) -> None:
    from desktop.__main__ import build_parser

    parser = build_parser()
    verbs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    parsers = [parser, *verbs[0].choices.values()]
    assert {"analyze", "export", "import", "selfplay", "report", "drill"} <= set(
        verbs[0].choices)
    assert all(p.allow_abbrev is False for p in parsers)
    code, out, err = run(capsys, "analyze", sources[1], "--js")
    assert (code, out) == (2, "") and "unrecognized arguments: --js" in err
