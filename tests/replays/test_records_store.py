"""The replay store: schema and its version, migrations, refusing what must not be touched,
one transaction per event, resuming, thông across a session, the analysis cache."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from replay_games import (
    CAREFUL,
    find,
    play,
    record_games,
    record_of,
    session_of,
    thong_pair,
)
from sqlite_utils import Database

from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.chan.session import ChanSession as Session
from engine.events import EndKind
from engine.game import Mode
from replays.analyzer import ANALYSIS_VERSION
from replays.chanjson import to_json
from replays.errors import BadFile
from replays.migrations import APPLICATION_ID, SCHEMA_VERSION, migrations
from replays.paths import default_db
from replays.recorder import Recorder
from replays.store import Store


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of a folder and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "replays.db"


# ----------------------------------------------------------------------------- the schema


def test_a_new_database_has_wal_foreign_keys_and_the_schema_version(db_path: Path) -> None:
    with Store.open(db_path) as store:
        pragma = {name: store.db.execute(f"PRAGMA {name}").fetchone()[0]
                  for name in ("journal_mode", "foreign_keys", "user_version",
                               "application_id")}
        assert pragma == {"journal_mode": "wal", "foreign_keys": 1,
                          "user_version": SCHEMA_VERSION, "application_id": APPLICATION_ID}
        assert {"sessions", "games", "events", "analysis"} <= set(store.db.table_names())
        assert [m.name for m in migrations.applied(store.db)] == [
            "m001_sessions_games_events", "m002_analysis_cache", "m003_annotation_counts",
            "m004_hoi_state", "m005_advice_cache", "m006_game_of_hoi"]
        with pytest.raises(sqlite3.IntegrityError):
            store.db.conn.execute("INSERT INTO events VALUES (999, 0, 0, 'draw', '{}')")


def test_the_default_database_lives_in_the_user_data_folder(tmp_path: Path) -> None:
    assert default_db(None).is_relative_to(tmp_path)  # the test's XDG_DATA_HOME
    assert default_db(tmp_path / "mine") == tmp_path / "mine" / "replays.db"


def test_each_event_is_committed_as_it_is_appended(db_path: Path) -> None:
    with Store.open(db_path) as store:
        rec = Recorder.start(store, store.new_session(), Deal.shuffled(3))
        other = sqlite3.connect(db_path)
        rng = random.Random(3)
        for n in range(1, 11):
            rec.apply(CAREFUL.choose(rng, rec.game))
            stored = other.execute("SELECT COUNT(*) FROM events").fetchone()[0]
            assert stored == len(rec.game.record)
            assert n >= stored
        other.close()


def test_an_older_database_is_migrated_keeping_its_games(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    old = Database(db_path)
    old.enable_wal()
    old.execute("PRAGMA synchronous = NORMAL")
    migrations.apply(old, stop_before="m002_analysis_cache")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "analysis" not in old.table_names()
    ids = record_games(Store(old, db_path), [1, 2])
    old.close()
    with Store.open(db_path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert store.game_ids() == ids
        assert store.analysis(ids[1])["result"]["events"] > 0


@pytest.mark.parametrize("how", ["user_version", "migration"])
def test_a_newer_database_is_refused_and_left_untouched(db_path: Path, how: str) -> None:
    with Store.open(db_path) as store:
        record_games(store, [1])
        if how == "user_version":
            store.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        else:
            store.db.conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, "
                                  "applied_at) VALUES (?, 'm003_from_the_future', 'x')",
                                  (migrations.name,))
            store.db.conn.commit()
    before = snapshot(db_path.parent)
    with pytest.raises(BadFile) as info:
        Store.open(db_path)
    assert "newer version" in info.value.en and "mới hơn" in info.value.vi
    assert snapshot(db_path.parent) == before


def test_another_programs_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    before = snapshot(tmp_path)
    with pytest.raises(BadFile) as info:
        Store.open(path)
    assert "another program" in info.value.en
    assert snapshot(tmp_path) == before


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    with Store.open(path) as store:
        assert store.game_ids() == []


def test_a_copy_is_read_and_the_users_file_never_changes(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    old = Database(db_path)
    old.enable_wal()
    old.execute("PRAGMA synchronous = NORMAL")
    migrations.apply(old, stop_before="m002_analysis_cache")
    ids = record_games(Store(old, db_path), [4])
    old.close()
    before = snapshot(db_path.parent)
    with Store.open_copy(db_path) as store:  # migrated and analysed in the copy only
        assert store.analyses(ids)[0][1]["result"]["events"] > 0
    assert snapshot(db_path.parent) == before


def test_a_truncated_database_is_reported_as_damaged(db_path: Path) -> None:
    with Store.open(db_path) as store:
        record_games(store, list(range(6)))
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    with pytest.raises(BadFile) as info, Store.open_copy(db_path):
        pass
    assert "damaged" in info.value.en and "hỏng" in info.value.vi


# ----------------------------------------------------------------------------- games


def test_a_recorded_session_reads_back_as_played(db_path: Path) -> None:
    session = Session()
    with Store.open(db_path) as store:
        sid = store.new_session()
        for seed in range(40, 46):
            rec = Recorder.start(store, sid, Deal.shuffled(seed))
            assert rec.game.thong_seat == session.thong_seat  # C2 from the earlier games
            rng = random.Random(seed)
            while not rec.game.is_over:
                rec.apply(CAREFUL.choose(rng, rec.game))
            session.record(rec.game)
            row = store.db.execute("SELECT status, result FROM games WHERE id = ?",
                                   (rec.game_id,)).fetchone()
            assert row[0] == "over" and json.loads(row[1])["events"] == len(rec.game.record)
        record = store.session(sid)
    assert len(record.games) == 6 and not any(g.unfinished for g in record.games)


def test_an_interrupted_game_resumes_where_it_stopped(db_path: Path) -> None:
    with Store.open(db_path) as store:
        sid = store.new_session()
        record_games(store, [50], session_id=sid)
        rec = Recorder.start(store, sid, Deal.shuffled(51), Mode.STRICT)
        rng = random.Random(51)
        for _ in range(25):
            rec.apply(CAREFUL.choose(rng, rec.game))
        gid, live = rec.game_id, rec.game
    with Store.open(db_path) as store:
        assert store.unfinished_games() == [gid]
        resumed = Recorder.resume(store, gid)
        reference = Game.replay(live.deal, live.record, live.rules, Mode.STRICT,
                                live.thong_seat)
        assert resumed.game.state_key() == reference.state_key()
        assert resumed.game.mode is Mode.STRICT
        while not resumed.game.is_over:
            resumed.apply(CAREFUL.choose(rng, resumed.game))
        assert store.unfinished_games() == []
        idx = [r[0] for r in store.db.execute("SELECT idx FROM events WHERE game_id = ? "
                                              "ORDER BY idx", (gid,))]
        assert idx == list(range(len(resumed.game.record)))


def test_export_and_import_lose_nothing(db_path: Path, tmp_path: Path) -> None:
    with Store.open(db_path) as store:
        ids = record_games(store, list(range(60, 66)))
        whole = store.session(store.locate(ids[0])[0])
        single = store.export_game(ids[4])
        expected = store.analysis(ids[4])
    assert len(single.games) == 1 and single.games[0] == whole.games[4]
    with Store.open(tmp_path / "other.db") as other:
        _, [gid] = other.import_session(single)
        assert other.analysis(gid) == {**expected, "index": 0}
        sid2, _ = other.import_session(whole)
        assert to_json(other.session(sid2)) == to_json(whole)


def test_an_exported_game_carries_the_thong_seat_it_was_played_with(tmp_path: Path) -> None:
    first, second = thong_pair()
    with Store.open(tmp_path / "a.db") as store:
        _, ids = store.import_session(session_of([record_of(first), record_of(second)]))
        single = store.export_game(ids[1])
        expected = store.analysis(ids[1])
    assert first.outcome is not None and single.thong_seat == first.outcome.winner
    assert to_json(single)["thong_seat"] == first.outcome.winner
    with Store.open(tmp_path / "b.db") as other:
        _, [gid] = other.import_session(single)
        doc = other.analysis(gid)
    assert doc == {**expected, "index": 0} and ["thong", 1] in doc["result"]["cuoc"]


# ----------------------------------------------------------------------------- analysis cache


def test_analysis_is_cached_by_game_engine_version_and_rules(db_path: Path) -> None:
    with Store.open(db_path) as store:
        [gid] = record_games(store, [70])
        plain = store.analysis(gid)
        rows = store.db.execute("SELECT engine_version, rules FROM analysis").fetchall()
        assert rows == [(ANALYSIS_VERSION, json.dumps(LangRules().to_json(), sort_keys=True,
                                                    separators=(",", ":")))]
        store.db.execute("UPDATE analysis SET document = ?", (json.dumps({"cached": 1}),))
        assert store.analysis(gid) == {"cached": 1}
        assert store.analysis(gid, cache=False) == plain
        store.analysis(gid, rules=LangRules(ga="rong"))
        store.db.execute("UPDATE analysis SET engine_version = '0.0.0'")
        assert store.analysis(gid) == plain  # another engine's analysis is not reused
        assert store.db.execute("SELECT COUNT(*) FROM analysis").fetchone()[0] == 3


def test_an_unfinished_game_is_analysed_but_not_cached(db_path: Path) -> None:
    with Store.open(db_path) as store:
        rec = Recorder.start(store, store.new_session(), Deal.shuffled(71))
        rng = random.Random(71)
        for _ in range(10):
            rec.apply(CAREFUL.choose(rng, rec.game))
        assert store.analysis(rec.game_id)["result"]["kind"] == "unfinished"
        assert store.db.execute("SELECT COUNT(*) FROM analysis").fetchone()[0] == 0


def test_import_checks_each_game_and_keeps_its_status(tmp_path: Path) -> None:
    won = find(lambda g: g.outcome is not None and g.outcome.kind is EndKind.WIN)
    part = play(72, stop=lambda g: len(g.record) >= 20)
    with Store.open(tmp_path / "x.db") as store:
        _, ids = store.import_session(session_of([record_of(won), record_of(part)]))
        assert store.unfinished_games() == [ids[1]]
        assert store.resume(ids[1]).state_key() == part.state_key()


def test_a_document_cached_by_an_earlier_analyzer_is_made_again(db_path: Path) -> None:
    """The cache key is the engine's version and the analyzer's revision: a document cached
    before a message was reworded (engine version alone) is not shown again."""
    with Store.open(db_path) as store:
        [gid] = record_games(store, [71])
        fresh = store.analysis(gid)
        store.db.execute("UPDATE analysis SET engine_version = ?, document = ?",
                         (ANALYSIS_VERSION.split("+")[0], json.dumps({"old": 1})))
        assert store.analysis(gid) == fresh
