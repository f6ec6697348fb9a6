"""What a player's name may be (replays.names), on every way a name comes in: a .chan.json
read for import, analyze and report, a large file read game by game, a database's rows. A
name of 2,000 or 1,000,000 characters, empty, zero-width, with escapes or a right-to-left
override is kept short, visible and inert; what was changed is said in both languages; the
user's file is never changed; memory and output stay bounded."""

from __future__ import annotations

import json
import sqlite3
import tracemalloc
import unicodedata
from html import escape
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replays import chanjson
from replays.chanjson import read_file
from replays.errors import BadFile
from replays.library import import_copy, list_games
from replays.names import MAX_NAME, bound_name, bound_seat, clusters
from replays.store import Store
from tests.hostile_names import CONTROL, HOSTILE, MB, hostile_file, selfplay_doc
from tests.replays.cli_run import run

KINDS = tuple(HOSTILE)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return selfplay_doc(tmp_path_factory.mktemp("names"))


@pytest.fixture
def plain(base: dict[str, Any], tmp_path: Path) -> Path:
    """The same hội with its own names."""
    path = tmp_path / "plain.chan.json"
    path.write_text(json.dumps(base), encoding="utf-8")
    return path


def kept(kind: str, seat: int = 0) -> str:
    return bound_seat(HOSTILE[kind], seat)[0]


# ------------------------------------------------------------------------- the bound itself


@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_name_is_kept_short_visible_and_inert(kind: str) -> None:
    b = bound_name(HOSTILE[kind], "Ghế 0")
    assert b.changed
    assert 1 <= clusters(b.name) <= MAX_NAME and len(b.name) <= MAX_NAME * 9
    assert not CONTROL.search(b.name) and b.name == b.name.strip()
    assert bound_name(b.name, "x") == type(b)(b.name)  # read again: kept as it is


def test_long_names_are_cut_with_an_ellipsis_and_blank_ones_get_the_seat() -> None:
    assert kept("2000").endswith("…") and kept("1000000").startswith("Bà Tư")
    assert kept("empty", 2) == kept("zero_width", 2) == "Ghế 2"
    assert kept("rtl_override") == "Anh Ba" and kept("escape") == "[2J[31mLan6n"
    assert kept("combining") == unicodedata.normalize("NFC", "Lan\u0301" + "\u0301" * 8)
    assert clusters(kept("emoji")) == MAX_NAME  # a family is one character, and stays whole
    assert kept("emoji").startswith("👨\u200d👩\u200d👧\u200d👦👨")


@pytest.mark.parametrize("name", ["Lan", "Bà Tư", "Nguyễn Thị Thanh Hương (Hà Nội)",
                                  "Máy 1 (normal)", "👨\u200d👩\u200d👧 nhà Lan", "مریم",
                                  "李小龍", "🇻🇳 Việt", "x" * MAX_NAME])
def test_ordinary_names_are_kept_as_they_are(name: str) -> None:
    assert bound_name(name, "?") == type(bound_name(name))(name)


def test_decomposed_vietnamese_is_the_same_name_and_white_space_is_one_space() -> None:
    b = bound_name(unicodedata.normalize("NFD", "  Nguyễn\t\tThị\nHằng "))
    assert b.name == "Nguyễn Thị Hằng" and not b.changed


@given(st.text(max_size=300))
def test_any_text_is_bounded_and_bounding_it_again_changes_nothing(raw: str) -> None:
    b = bound_name(raw, "Ghế 0")
    assert clusters(b.name) <= MAX_NAME and not CONTROL.search(b.name)
    assert b.name and bound_name(b.name, "Ghế 0").name == b.name


# ------------------------------------------------------------------------- files


@pytest.mark.parametrize("kind", KINDS)
def test_import_stores_the_bounded_name_says_so_and_leaves_the_file(
        kind: str, base: dict[str, Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_file(base, kind, tmp_path)
    before = path.read_bytes()
    code, out, err = run(capsys, "import", path, "--db", tmp_path / "x.db")
    assert code == 0, err
    assert path.read_bytes() == before
    with Store.open(tmp_path / "x.db") as store:
        players = store.session(1).players
        stored = [text for (text,) in store.db.execute("SELECT players FROM sessions UNION ALL "
                                                       "SELECT players FROM games")]
        rows = list_games(store)
    assert [p.name for p in players[:2]] == [kept(kind, 0), kept(kind, 1)]
    assert all(len(text) < 2000 for text in stored)
    assert all(row.names[:2] == (kept(kind, 0), kept(kind, 1)) for row in rows)
    # said on stderr in both languages, for both seats, inert; stdout as before
    assert "seat 0: the player's name" in err and "ghế 1: tên người chơi" in err
    assert "the library keeps the name as shown" in err and "thư viện lưu tên" in err
    assert not CONTROL.search(err) and "imported 2 game(s)" in out


@pytest.mark.parametrize("kind", ["2000", "1000000", "empty", "rtl_override"])
def test_analyze_shows_the_bounded_name_and_its_json_is_unchanged(
        kind: str, base: dict[str, Any], plain: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_file(base, kind, tmp_path)
    code, out, err = run(capsys, "analyze", path)
    assert code == 0, err
    assert f"ghế/seat 0 ({kept(kind)})" in out and not CONTROL.search(out)
    _, plain_out, _ = run(capsys, "analyze", plain)
    assert len(out) < len(plain_out) + 4000  # the name is said, never a megabyte of it
    assert "seat 0:" in err and "ghế 0:" in err and "the file is not changed" in err
    # FORMATS: the document holds no names; a hostile one leaves it as it is
    code, doc, err = run(capsys, "analyze", path, "--json")
    _, plain_doc, _ = run(capsys, "analyze", plain, "--json")
    assert code == 0 and json.loads(doc) == json.loads(plain_doc) and "ghế 0:" in err


@pytest.mark.parametrize("kind", ["2000", "1000000", "zero_width", "escape"])
def test_the_report_shows_the_bounded_name_escaped(
        kind: str, base: dict[str, Any], plain: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_file(base, kind, tmp_path)
    code, _, err = run(capsys, "report", path, "--html", tmp_path / "r.html")
    assert code == 0, err
    assert run(capsys, "report", plain, "--html", tmp_path / "plain.html")[0] == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert f"Ghế 0 ({escape(kept(kind))})" in page
    assert not CONTROL.search(page)
    assert len(page) < (tmp_path / "plain.html").stat().st_size * 1.5
    assert "ghế 0:" in err and "seat 1:" in err


def test_a_large_file_read_game_by_game_bounds_names_too(
        base: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = hostile_file(base, "2000", tmp_path)
    monkeypatch.setattr(chanjson, "MAX_BYTES", 1024)  # read as a hội of thousands would be
    record = read_file(path)
    assert [p.name for p in record.players[:2]] == [kept("2000", 0), kept("2000", 1)]
    assert [(n.seat, n.length) for n in record.notices] == [(0, 2000), (1, 2000)]
    # there, a header value over 1 MB is refused: a million-character name is not read
    with pytest.raises(BadFile, match="'players' is over 1 MB"):
        read_file(hostile_file(base, "1000000", tmp_path))


def test_memory_of_reading_importing_and_reporting_a_million_character_name(
        base: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_file(base, "1000000", tmp_path)
    tracemalloc.start()
    try:
        assert run(capsys, "import", path, "--db", tmp_path / "x.db")[0] == 0
        assert run(capsys, "analyze", path)[0] == 0
        assert run(capsys, "report", path, "--html", tmp_path / "r.html")[0] == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200 * MB


# ------------------------------------------------------------------------- databases


def test_a_database_row_holding_a_hostile_name_is_read_bounded(
        base: dict[str, Any], plain: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An edited database (or one from elsewhere) may hold any name: the library, the
    store and every verb reading it keep the bounded one, and the file stays as it was."""
    db = tmp_path / "other.db"
    assert run(capsys, "import", plain, "--db", db)[0] == 0
    players = json.dumps([{"name": HOSTILE["1000000"], "kind": "human"},
                          {"name": "\u200b", "kind": "ai", "level": "normal"},
                          *base["players"][2:]], ensure_ascii=False)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE sessions SET players = ?", (players,))
        conn.execute("UPDATE games SET players = ?", (players,))
    conn.close()
    before = db.read_bytes()
    with Store.open_copy(db) as store:
        rows = list_games(store)
        record = store.session(1)
    assert rows[0].names[:2] == (kept("1000000"), "Ghế 1")
    assert [p.name for p in record.players[:2]] == [kept("1000000"), "Ghế 1"]
    assert [(n.session, n.seat) for n in record.notices] == [(1, 0), (1, 1)]
    code, out, err = run(capsys, "analyze", db, "--game", 0)
    assert code == 0 and f"({kept('1000000')})" in out
    assert "session 1, seat 0:" in err and "hội 1, ghế 1:" in err
    with Store.open(tmp_path / "mine.db") as mine:
        done = import_copy(mine, db)
        assert len(done.ids) == 2 and [n.seat for n in done.notices] == [0, 1]
        assert mine.session(1).players[0].name == kept("1000000")
    assert db.read_bytes() == before
