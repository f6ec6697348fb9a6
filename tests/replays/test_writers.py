"""Writers never collide.

Every write of the store takes the write lock up front (BEGIN IMMEDIATE) and so waits, up to
the busy timeout, for another writer — a batch analysis, an import, another program — instead
of failing at once with "database is locked" (a plain BEGIN under WAL reads first and is
refused without waiting when it then asks to write). Batch analysis, a game being played and
imports (in this process and in another one) run at the same time on one database, and
every one of them succeeds, leaving no game with a gap.

(Asked for by issue 13, class 2.)
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from replay_games import CAREFUL, play, record_games, record_of, session_of
from sqlite_utils import Database

from engine.chan.deal import Deal
from replays.batch import analyze_library, pending_games
from replays.chanjson import write_file
from replays.library import import_file
from replays.migrations import SCHEMA_VERSION, migrations
from replays.rebuild import replay_session
from replays.recorder import Recorder
from replays.store import Store, rules_key

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def another_writer(path: Path, release_after: float) -> Iterator[None]:
    """Another connection (another program) holds the write lock, and lets it go after
    ``release_after`` seconds, well within the store's 5 s busy timeout."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE sessions SET thong_seat = thong_seat")
    timer = threading.Timer(release_after, lambda: other.execute("COMMIT"))
    timer.start()
    try:
        yield
    finally:
        timer.join()
        other.close()


def game_indexes(store: Store) -> dict[int, list[int]]:
    """Every game's stored event indexes."""
    out: dict[int, list[int]] = {gid: [] for (gid,) in store.db.execute("SELECT id FROM games")}
    for gid, idx in store.db.execute("SELECT game_id, idx FROM events ORDER BY game_id, idx"):
        out[gid].append(idx)
    return out


def assert_no_gap(store: Store) -> None:
    for gid, indexes in game_indexes(store).items():
        assert indexes == list(range(len(indexes))), f"game {gid} has a gap"
    for sid in store.sessions():
        replay_session(store.session(sid))  # every hội replays (no "event N is missing")


def test_a_new_game_waits_for_another_writer(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    with Store.open(path) as store:
        sid = store.new_session()
        with another_writer(path, 0.3):
            game_id = store.new_game(sid, Deal.shuffled(5))  # read, then write: waits
        assert store.locate(game_id) == (sid, 0)


Write = Callable[[Store, Recorder], object]

WRITES: dict[str, Write] = {
    "new_session": lambda store, rec: store.new_session(),
    "new_game": lambda store, rec: Recorder.start(store, store.sessions()[0], Deal.shuffled(6)),
    "append": lambda store, rec: rec.apply(CAREFUL.choose(random.Random(1), rec.game)),
    "import_session": lambda store, rec: store.import_session(
        session_of([record_of(play(12))])),
    "cache_analysis": lambda store, rec: store.cache_analysis(
        rec.game_id, rules_key(rec.game.rules), {"index": 0}),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_waits_for_the_lock(tmp_path: Path, write: str) -> None:
    path = tmp_path / "replays.db"
    with Store.open(path) as store:
        rec = Recorder.start(store, store.new_session(), Deal.shuffled(4))
        while len(rec.game.record) < 3:
            rec.apply(CAREFUL.choose(random.Random(4), rec.game))
        with another_writer(path, 0.2):
            WRITES[write](store, rec)
        assert_no_gap(store)


def test_opening_an_older_database_waits_to_migrate(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    older = Database(path)  # as the previous version left it: every migration but the last
    older.enable_wal()
    migrations.apply(older, stop_before=migrations.pending(Database(memory=True))[-1].name)
    older.close()
    with another_writer(path, 0.2), Store.open(path) as store:  # migrates, under the lock
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert migrations.pending(store.db) == []
        record_games(store, [30])
        assert_no_gap(store)


def test_two_programs_opening_one_new_database(tmp_path: Path) -> None:
    """Both create and migrate the same new file at once: one migrates, the other waits and
    finds it done; both write their hội."""
    path = tmp_path / "replays.db"
    start = threading.Barrier(2)

    def open_and_write(seed: int) -> list[int]:
        start.wait()
        with Store.open(path) as store:
            return record_games(store, [seed])

    with ThreadPoolExecutor(2) as pool:
        done = [f.result() for f in [pool.submit(open_and_write, s) for s in (40, 41)]]
    with Store.open(path) as store:
        assert sorted(store.game_ids()) == sorted(gid for ids in done for gid in ids)
        assert store.db.execute("SELECT COUNT(*) FROM _sqlite_migrations").fetchone()[0] \
            == SCHEMA_VERSION
        assert_no_gap(store)


def chan_file(path: Path, seeds: list[int]) -> Path:
    write_file(path, session_of([record_of(play(seed)) for seed in seeds]))
    return path


def test_batch_a_new_game_and_imports_at_once(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    with Store.open(path) as store:
        library = record_games(store, list(range(200, 212)))  # for the batch analysis
    here = chan_file(tmp_path / "here.chan.json", list(range(300, 306)))
    there = chan_file(tmp_path / "there.chan.json", list(range(400, 406)))
    start = threading.Barrier(3)

    def batch() -> Any:
        start.wait()
        return analyze_library(path)

    def player() -> list[int]:
        with Store.open(path) as store:
            start.wait()
            return record_games(store, list(range(500, 505)))  # new games, move by move

    def importer() -> list[int]:
        with Store.open(path) as store:
            start.wait()
            return import_file(store, here)

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with ThreadPoolExecutor(3) as pool:
        futures = [pool.submit(job) for job in (batch, player, importer)]
        # another program imports at the same time
        cli = subprocess.run([sys.executable, "-m", "desktop", "import", str(there), "--db",
                              str(path), "--json"], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=False, timeout=300)
        result, played, imported = [f.result() for f in futures]

    assert cli.returncode == 0, cli.stderr
    other = json.loads(cli.stdout)["game_ids"]
    assert (result.failed, result.cancelled) == ((), False)
    assert result.done == result.total >= len(library)
    assert len(played) == 5 and len(imported) == 6 and len(other) == 6
    with Store.open(path) as store:
        everything = library + played + imported + other
        assert sorted(store.game_ids()) == sorted(everything)
        assert store.unfinished_games() == []
        assert_no_gap(store)
        assert not set(library) & set(pending_games(store))  # all analysed


def test_two_imports_of_one_file_at_once_store_it_once(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    Store.open(path).close()
    source = chan_file(tmp_path / "games.chan.json", list(range(600, 606)))
    start = threading.Barrier(2)

    def importer() -> list[int]:
        with Store.open(path) as store:
            start.wait()
            return import_file(store, source)

    with ThreadPoolExecutor(2) as pool:
        first, second = [f.result() for f in [pool.submit(importer) for _ in range(2)]]
    assert sorted([len(first), len(second)]) == [0, 6]  # one stored them, one found them
    with Store.open(path) as store:
        assert sorted(store.game_ids()) == sorted(first + second)
        assert_no_gap(store)


def test_switching_a_new_database_to_wal_waits_for_another_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # SQLite refuses a journal-mode change at once ("database is locked", no busy wait)
    # while another program is opening the same new file; seen with four programs creating
    # one database. The open waits and tries again, as every write does.
    refusals = iter([sqlite3.OperationalError("database is locked")] * 3)
    real = Database.enable_wal

    def busy_then_real(self: Database) -> None:
        error = next(refusals, None)
        if error is not None:
            raise error
        real(self)

    monkeypatch.setattr(Database, "enable_wal", busy_then_real)
    with Store.open(tmp_path / "new.db") as store:
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.new_session() == 1
    assert next(refusals, None) is None
