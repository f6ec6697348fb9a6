"""The library keeps which game each hội is (migration m006): an old database opens with its
data unchanged and every hội Chắn; games list and filter by game; statistics per game; a hội
of Tổ tôm recorded move by move and resumed; its pool and debts kept with each game; salvage
keeps the game of each hội."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlite_utils import Database

from engine.errors import BadDeal
from engine.game import Mode, Phase
from engine.totom import Deal, TomGame, TomRules
from replays.batch import analyze_library
from replays.chan_game import RECORDS as CHAN
from replays.hoi import HoiState
from replays.library import current_counts, games_in, list_games
from replays.migrations import FAULT_KINDS, SCHEMA_VERSION, migrations
from replays.rebuild import replay_session
from replays.record import default_players
from replays.recorder import Recorder
from replays.recovery import rescue
from replays.salvage import salvage
from replays.stats import game_stats, summarize
from replays.store import Store
from replays.tom_game import RECORDS as TOM
from replays.tom_selfplay import play_session
from tests.library_damage import make_library, overwrite_pages, pages_of
from tests.replays import tom_games as T
from tests.totom.table import deal_of


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    """A query on ``db`` through a read-only connection of its own."""
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return conn.execute(sql).fetchall()


def old_library(path: Path) -> None:
    """A database at schema 5 (before m006) holding two hội of Chắn, written by a Store on
    that schema, as the program before Tổ tôm wrote it."""
    from engine.chan.ai.selfplay import play_session as chan_session
    from replays.record import GameRecord, SessionRecord

    old = Database(path)
    old.enable_wal()
    migrations.apply(old, stop_before="m006_game_of_hoi")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 5
    store = Store(old, path)
    for seed in (1, 2):
        played = chan_session(("random",) * 4, 3, seed)
        store.import_session(SessionRecord(games=tuple(GameRecord(g.deal, tuple(g.record))
                                                       for g in played)))
    old.close()


def tom_hoi(db: Path, games: int = 4, seed: int = 2) -> list[int]:
    """A Tổ tôm hội of self-play games in the library at ``db``; their ids."""
    played, _ = play_session(("random",) * 5, games, seed)
    record = T.record_of(*played)
    with Store.open(db) as store:
        return store.import_session(record)[1]


# ---------------------------------------------------------------------------- m006

def test_an_old_database_opens_with_its_data_unchanged_and_every_hoi_chan(
        tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    old_library(path)
    tables = ("sessions", "games", "events", "hoi_state")
    before = {t: rows(path, f"SELECT * FROM {t} ORDER BY 1") for t in tables}
    assert "game" not in {r[1] for r in rows(path, "PRAGMA table_info(sessions)")}
    with Store.open(path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        analysed = [store.analysis(gid, cache=False) for gid in store.game_ids()]
        assert [r.game for r in list_games(store)] == ["chan"] * 6
        assert {store.session(sid).game for sid in store.sessions()} == {"chan"}
    after = {t: rows(path, f"SELECT * FROM {t} ORDER BY 1") for t in tables}
    assert after["events"] == before["events"] and after["hoi_state"] == before["hoi_state"]
    assert [r[:-2] for r in after["sessions"]] == before["sessions"]  # + game, carried
    assert {r[-2:] for r in after["sessions"]} == {("chan", None)}
    assert [r[:-1] for r in after["games"]] == before["games"] and {
        r[-1] for r in after["games"]} == {"chan"}
    with Store.open(path) as store:  # the documents are what they were before m006
        assert [store.analysis(gid, cache=False) for gid in store.game_ids()] == analysed


# ---------------------------------------------------------------------------- listing

def test_the_library_lists_and_filters_games_by_game(tmp_path: Path) -> None:
    db = tmp_path / "both.db"
    chan = make_library(db, 3, hoi=3)
    tom = tom_hoi(db, 3)
    with Store.open(db) as store:
        assert games_in(store) == {"chan": 3, "to_tom": 3}
        assert sorted(r.game_id for r in list_games(store, "to_tom")) == tom
        assert sorted(r.game_id for r in list_games(store, "chan")) == chan
        assert len(list_games(store)) == 6
        for row in list_games(store, "to_tom"):
            assert row.game == "to_tom" and len(row.names) == 5 and row.counts is None
    result = analyze_library(db)
    assert (result.done, result.failed) == (6, ())
    with Store.open(db) as store:
        counted = current_counts(store)
        for row in list_games(store, "to_tom"):
            assert row.counts is not None and set(row.counts) == set(TOM.error_kinds)
            assert "declined" not in row.counts  # T4.14: a decline is no error by itself
            doc = store.analysis(row.game_id)
            assert json.loads(counted[row.game_id][0]).get("declined", 0) == sum(
                a["kind"] == "declined" for a in doc["annotations"])
        for row in list_games(store, "chan"):
            assert row.counts is not None and set(row.counts) == set(CHAN.error_kinds)


def test_statistics_per_game_count_offences_and_phong_let_pass(tmp_path: Path) -> None:
    db = tmp_path / "stats.db"
    make_library(db, 2, hoi=2)
    path = T.saved(tmp_path / "ex.chan.json", T.with_missed_u_and_tn1())
    with Store.open(db) as store:
        from replays.library import import_file
        [gid] = import_file(store, path)
    analyze_library(db)
    with Store.open(db) as store:
        stats = game_stats(store, seat_of=lambda row: 1 if row.game == "to_tom" else 0,
                           game="to_tom")
        assert [s.game_id for s in stats] == [gid]
        [s] = stats
        assert (s.game, s.won, s.violations, s.missed_u, s.rules) == (
            "to_tom", True, 1, 1, ("TN1",))
        both = game_stats(store, seat_of=lambda row: 1 if row.game == "to_tom" else 0)
        assert {x.game for x in both} == {"chan", "to_tom"}
        assert ("TN1", 1) in summarize(both).top_rules


def test_the_kinds_the_tally_counts_rules_for_are_each_games_faults() -> None:
    assert set(FAULT_KINDS) == set(CHAN.fault_kinds) | set(TOM.fault_kinds)


# ---------------------------------------------------------------------------- recording

def test_a_tom_hoi_is_recorded_move_by_move_and_resumed(tmp_path: Path) -> None:
    db = tmp_path / "play.db"
    rules = TomRules()
    deal = Deal.shuffled(8, rules, cai_seat=2)
    with Store.open(db) as store:
        sid = store.new_session(rules, default_players(5))
        rec = Recorder.start(store, sid, deal, Mode.REAL)
        for _ in range(12):
            rec.apply(rec.game.legal_actions()[0])
        played = [str(a) for a in rec.game.record]
        gid = rec.game_id
        assert store.session(sid).game == "to_tom"
    with Store.open(db) as store:  # the program closed: a new one resumes the game
        again = Recorder.resume(store, gid)
        assert [str(a) for a in again.game.record] == played
        assert isinstance(again.game, TomGame) and again.saved
        while not again.game.is_over:
            again.apply(again.game.legal_actions()[0])
        kept = store.hoi_state(gid)
        assert kept.pool == 50 and kept.debts == (0,) * 5
        [doc] = store.analyses([gid])
        assert doc[1]["result"]["pool"]["before"] == 50


def test_teaching_mode_records_the_steps_its_automations_take(tmp_path: Path) -> None:
    db = tmp_path / "teach.db"
    rules = TomRules()
    deal = deal_of({0: "5v", 2: "6s 6s 6s 3n"})  # seat 2 holds a khàn (T4.1)
    with Store.open(db) as store:
        sid = store.new_session(rules, default_players(5))
        rec = Recorder.start(store, sid, deal, Mode.TEACHING)
        assert [str(a) for a in rec.game.record] == ["2 up_khan 6s"]  # laid face down
        assert rec.saved and rec.game.phase is Phase.OPENING
        gid = rec.game_id
    with Store.open(db) as store:
        assert [str(a) for a in store.resume(gid).record] == ["2 up_khan 6s"]


def test_the_next_game_of_a_tom_hoi_is_dealt_to_the_last_winner(tmp_path: Path) -> None:
    db = tmp_path / "next.db"
    with Store.open(db) as store:
        [gid] = store.import_session(T.example_1())[1]  # won by seat 1
        sid = store.locate(gid)[0]
        state = store.next_hoi_state(sid, deal_of({}, cai=1))
        assert (state.next_picker, state.pool, state.chained) == (1, 46, True)
        with pytest.raises(BadDeal, match="the cái of this game is seat 1"):
            Recorder.start(store, sid, deal_of({}, cai=0))
        rec = Recorder.start(store, sid, deal_of({}, cai=1))
        assert rec.game.thong_seat == 1  # TC2: the same seat's next ù is thông
        kept = store.hoi_state(rec.game_id)
        assert isinstance(kept, HoiState) and kept.pool == 46


def test_the_hoi_states_kept_are_those_a_replay_of_the_hoi_gives(tmp_path: Path) -> None:
    """T8.6: the pool and the debts the hội keeps between its games."""
    db = tmp_path / "states.db"
    ids = tom_hoi(db, 5, seed=4)
    with Store.open(db) as store:
        sid = store.locate(ids[0])[0]
        kept = [store.hoi_state(gid) for gid in ids]
        store.db.execute("DELETE FROM hoi_state")
        assert [store.hoi_state(gid) for gid in ids] == kept  # made again by replaying
        replay = replay_session(store.session(sid))
    assert [(s.pool, s.debts) for s in kept] == [(c.pool, c.debts) for c in replay.before
                                                 if c is not None]


# ---------------------------------------------------------------------------- salvage

def test_a_lost_tom_hoi_row_is_made_again_from_its_games_as_tom(tmp_path: Path) -> None:
    db = tmp_path / "replays.db"
    make_library(db, 2, hoi=2)
    tom_hoi(db, 3)
    games = dict(rows(db, "SELECT id, game FROM games"))
    overwrite_pages(db, pages_of(db, "sessions") or pages_of(db, "sessions", "internal"))
    rescue(db)
    assert dict(rows(db, "SELECT id, game FROM games")) == games
    with Store.open(db) as store:
        assert sorted(store.session(sid).game for sid in store.sessions()) == ["chan", "to_tom"]


def test_salvage_of_a_database_from_before_m006_reads_every_hoi_as_chan(
        tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_library(path)
    into = tmp_path / "new.db"
    with Store.open(into) as store, closing(sqlite3.connect(path)) as damaged:
        salvage(damaged, None, store.db)
    assert {r[0] for r in rows(into, "SELECT game FROM sessions")} == {"chan"}
    assert len(rows(into, "SELECT id FROM games WHERE game = 'chan'")) == 6
