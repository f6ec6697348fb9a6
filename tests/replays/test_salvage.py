"""Salvage (issue 20, replays.salvage): every readable game of a damaged library comes back
exactly as it was recorded, row by row around the damaged pages, through SQLite alone; what
the damaged file lost and the newest backup still holds comes from the backup; a game whose
moves cannot all be read is kept up to its last readable move, as an interrupted game; a lost
hội row is made again from its games. Nothing is ever invented."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing, suppress
from datetime import UTC, datetime
from pathlib import Path

import pytest

from replays.errors import BadRecord
from replays.library import list_games
from replays.recovery import rescue
from replays.store import Store
from tests.library_damage import (
    KINDS,
    backed_up_library,
    damage,
    games_of,
    make_library,
    overwrite_pages,
    pages_of,
)

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]

Games = dict[int, list[tuple[object, ...]]]


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return conn.execute(sql).fetchall()


def assert_nothing_invented(salvaged: Games, original: Games, db: Path) -> int:
    """Every salvaged game's moves are the original's, or their beginning (then the game is
    an interrupted one); the number of games cut short."""
    status = dict(rows(db, "SELECT id, status FROM games"))  # type: ignore[arg-type]
    cut = 0
    for gid, events in salvaged.items():
        assert events == original[gid][:len(events)], gid
        if len(events) < len(original[gid]):
            cut += 1
            assert status[gid] == "playing", gid
    return cut


def assert_opens(db: Path) -> None:
    """The salvaged library opens, lists and every game opens (or says in words why not)."""
    with Store.open(db) as store:
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store.db.execute("PRAGMA foreign_key_check").fetchall() == []
        assert len(list_games(store)) == len(store.game_ids())
        for gid in store.game_ids():
            with suppress(BadRecord):  # a hội that lost a game before this one: in words
                store.game_and_state(gid)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A library of 25 games: backed up at 20 and at 23 (the newest), then 2 more played."""
    return backed_up_library(tmp_path / "data" / "replays.db")


@pytest.mark.parametrize("kind", KINDS)
def test_salvage_brings_back_every_game_of_the_newest_backup_and_the_readable_rest(
        library: Path, kind: str) -> None:
    original = games_of(library)
    backed_up = set(games_of(sorted((library.parent / "backups").iterdir())[-1]))
    broken = damage(library, kind)
    done = rescue(library)
    assert done.aside is not None and done.aside.read_bytes() == broken
    salvaged = games_of(library)
    assert backed_up <= set(salvaged)
    assert all(salvaged[g] == original[g] for g in backed_up)  # whole, not cut
    assert done.salvaged is not None and done.games == len(salvaged)
    assert done.salvaged.cut == assert_nothing_invented(salvaged, original, library)
    if kind == "garbage":
        assert set(salvaged) == backed_up and done.salvaged.from_backup == 23
    assert_opens(library)


@pytest.mark.parametrize("kind", ["truncated", "half-overwritten"])
def test_salvage_without_a_backup_keeps_what_can_be_read_and_invents_nothing(
        tmp_path: Path, kind: str) -> None:
    db = tmp_path / "replays.db"
    make_library(db, 40)
    original = games_of(db)
    damage(db, kind)
    done = rescue(db)
    salvaged = games_of(db)
    assert done.backup is None and done.salvaged is not None
    assert done.salvaged.unreadable and done.salvaged.from_backup == 0
    assert 0 < len(salvaged) < len(original)
    assert done.salvaged.cut == assert_nothing_invented(salvaged, original, db)
    assert_opens(db)


def test_games_around_a_damaged_page_of_moves_are_read_key_by_key(tmp_path: Path) -> None:
    """One leaf page of the events table is overwritten: the games before and after it come
    back whole, the ones whose moves were on it up to their last readable move."""
    db = tmp_path / "replays.db"
    make_library(db, 30)
    original = games_of(db)
    leaves = pages_of(db, "events")
    overwrite_pages(db, [leaves[len(leaves) // 2]])
    done = rescue(db)
    salvaged = games_of(db)
    assert set(salvaged) == set(original)  # every game row was readable
    assert done.salvaged is not None and 1 <= done.salvaged.cut <= 3
    assert assert_nothing_invented(salvaged, original, db) == done.salvaged.cut
    # the game whose moves run onto the page keeps those before it, asked one by one
    assert any(0 < len(salvaged[g]) < len(original[g]) for g in salvaged)
    assert min(salvaged) in salvaged and salvaged[min(salvaged)] == original[min(salvaged)]
    assert salvaged[max(salvaged)] == original[max(salvaged)]
    assert_opens(db)


def test_a_lost_hoi_row_is_made_again_from_its_games(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    make_library(db, 20)
    hois = rows(db, "SELECT id, rules, players FROM sessions ORDER BY id")
    overwrite_pages(db, pages_of(db, "sessions") or pages_of(db, "sessions", "internal"))
    rescue(db)
    assert rows(db, "SELECT id, rules, players FROM sessions ORDER BY id") == hois
    with Store.open(db) as store:
        for sid, _, players in hois:
            record = store.session(int(str(sid)))
            assert [p.name for p in record.players] == [
                p["name"] for p in json.loads(str(players))]
            assert len(record.games) == 10


def test_the_moves_in_the_write_ahead_log_come_back_and_the_log_is_kept_aside(
        tmp_path: Path) -> None:
    """The program was killed with moves in the log; then the main file was damaged."""
    db = tmp_path / "replays.db"
    make_library(db, 20)
    damage(db, "half-overwritten")  # the file, not its log
    script = ("import os, sys; from pathlib import Path; from replays.store import Store; "
              "from tests.library_damage import PLAYERS; "
              "from replays.record import SessionRecord; "
              "s = Store.open(Path(sys.argv[1])); "
              "sid = s.new_session(players=PLAYERS); "
              "s.db.conn.commit(); os._exit(0)")
    # a hội row written to the log by a program killed before it closed its store
    result = subprocess.run([sys.executable, "-c", script, str(db)], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:  # the damaged file may refuse even that write
        pytest.skip(f"the damaged file refused the write: {result.stderr[-200:]}")
    wal = db.with_name("replays.db-wal")
    assert wal.exists() and wal.stat().st_size > 0
    logged = wal.read_bytes()
    done = rescue(db)
    assert done.aside is not None
    assert done.aside.with_name(done.aside.name + "-wal").read_bytes() == logged
    assert rows(db, "SELECT COUNT(*) FROM sessions WHERE id = 3") == [(1,)]


def test_games_after_a_damaged_page_of_games_are_asked_id_by_id(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    make_library(db, 40)
    original = games_of(db)
    leaves = pages_of(db, "games")
    assert len(leaves) >= 3
    overwrite_pages(db, [leaves[len(leaves) // 2]])
    rescue(db)
    salvaged = games_of(db)
    lost = set(original) - set(salvaged)
    assert lost and max(original) in salvaged  # the newest games, after the damaged page
    assert min(lost) > min(original)
    assert assert_nothing_invented(salvaged, original, db) == 0
    assert_opens(db)
