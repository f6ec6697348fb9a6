"""The library of saved games (issue 8): rows without replaying, the annotation counts kept
beside each cached analysis (migration m003, backfilled from a version 2 database), and
importing a .chan.json or another database as a copy, never twice, never touching the
source."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from replay_games import (
    CAREFUL,
    RANDOM,
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
from engine.events import EndKind
from engine.game import Mode
from replays.analyzer import ANALYSIS_VERSION, analyze_session
from replays.chanjson import read_file, to_json, write_file
from replays.errors import BadFile, BadRecord
from replays.files import is_database
from replays.library import ERROR_KINDS, import_file, list_games
from replays.migrations import SCHEMA_VERSION, migrations
from replays.rebuild import SessionReplay
from replays.record import Player, SessionRecord, human_seat, human_seats
from replays.recorder import Recorder
from replays.store import Store, rules_key


def error_counts(doc: dict[str, object]) -> dict[str, int]:
    """The document's annotations by kind, teaching notes left out (FORMATS.md)."""
    found = Counter(str(a["kind"]) for a in doc["annotations"]  # type: ignore[attr-defined]
                    if not str(a["kind"]).startswith("note_"))
    return {**dict.fromkeys(ERROR_KINDS, 0), **found}


def state(path: Path) -> dict[str, tuple[bytes, int]]:
    """Every file beside ``path`` (the file, any -wal) with its bytes and mtime; the -shm
    only by name: it is SQLite's shared-memory index, whose read marks every reader of a
    live database moves (reading it consistently is how SQLite coordinates readers)."""
    return {p.name: (b"", 0) if p.name.endswith("-shm") else
            (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(path.parent.iterdir()) if p.name.startswith(path.name)}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "lib" / "replays.db"


# ----------------------------------------------------------------------------- listing


def test_rows_show_each_game_newest_first_with_its_result(db_path: Path) -> None:
    with Store.open(db_path) as store:
        sid = store.new_session()
        games: dict[int, Game] = {}
        for n, seed in enumerate((80, 81, 82)):
            rec = Recorder.start(store, sid, Deal.shuffled(seed),
                                 (Mode.REAL, Mode.TEACHING, Mode.REAL)[n])
            rng = random.Random(seed)
            while not rec.game.is_over:
                rec.apply(CAREFUL.choose(rng, rec.game))
            games[rec.game_id] = rec.game
        part = Recorder.start(store, sid, Deal.shuffled(83))  # still in play
        rng = random.Random(83)
        for _ in range(7):
            part.apply(CAREFUL.choose(rng, part.game))
        rows = list_games(store)
    assert [r.game_id for r in rows] == [part.game_id, *sorted(games, reverse=True)]
    playing = rows[0]
    assert (playing.status, playing.kind, playing.winner, playing.transfers, playing.events,
            playing.score, playing.counts, playing.errors) == (
        "playing", None, None, (), 7, None, None, None)
    for row in rows[1:]:
        game = games[row.game_id]
        assert game.outcome is not None and game.settlement is not None
        assert row.session_id == sid and row.status == "over"
        assert row.mode == game.mode.value
        assert row.kind == game.outcome.kind.value
        assert row.winner == (None if game.outcome.kind is EndKind.DRAW else game.outcome.winner)
        assert row.transfers == tuple(game.settlement.transfers)
        assert row.events == len(game.record)
        assert row.names == ("Bạn", "Máy 1", "Máy 2", "Máy 3") and row.human_seat == 0
        assert row.score == game.settlement.transfers[0]
        assert row.counts is None and row.errors is None  # not analysed yet
    assert [r.position for r in rows] == [3, 2, 1, 0]
    assert [r.mode for r in rows] == ["real", "real", "teaching", "real"]


def test_local_time_is_the_stored_utc_time_in_local_time(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Ho_Chi_Minh")
    time.tzset()
    try:
        with Store.open(db_path) as store:
            sid = store.new_session()
            store.new_game(sid, Deal.shuffled(1), started_at="2024-02-10T17:30:00+00:00")
            [row] = list_games(store)
        assert row.local_time == "2024-02-11 00:30"  # UTC+7
    finally:
        monkeypatch.undo()
        time.tzset()


def test_counts_come_from_the_analysis_of_this_engine_and_the_games_own_rules(
        db_path: Path) -> None:
    with Store.open(db_path) as store:
        ids = record_games(store, [84, 85, 86], RANDOM)
        store.analysis(ids[0], rules=LangRules(ga="rong"))  # a what-if: not the game's rules
        assert all(r.counts is None for r in list_games(store))
        docs = {gid: store.analysis(gid) for gid in ids[1:]}
        rows = {r.game_id: r for r in list_games(store)}
        assert rows[ids[0]].counts is None
        for gid, doc in docs.items():
            assert rows[gid].counts == error_counts(doc)
            assert rows[gid].errors == sum(error_counts(doc).values())
        assert any(rows[gid].errors for gid in docs)  # random play commits lỗi
        store.db.execute("UPDATE analysis SET engine_version = '0.0.1'")  # an older engine
        assert all(r.counts is None for r in list_games(store))


def test_a_version_2_database_is_migrated_and_its_cached_analyses_counted(
        db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    old = Database(db_path)
    old.enable_wal()
    migrations.apply(old, stop_before="m003_annotation_counts")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 2
    v2 = Store(old, db_path)
    ids = record_games(v2, [87, 88, 89], RANDOM)
    docs = dict(v2.analyses(ids[:2]))
    key = rules_key(LangRules())
    for gid, doc in docs.items():  # what version 2 cached
        old.execute("INSERT INTO analysis VALUES (?, ?, ?, ?, ?)",
                    (gid, ANALYSIS_VERSION, key, "2024-01-01T00:00:00+00:00", json.dumps(doc)))
    old.conn.commit()
    old.close()
    with Store.open(db_path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 3
        assert store.game_ids() == ids
        rows = {r.game_id: r for r in list_games(store)}
        assert store.analysis(ids[0]) == docs[ids[0]]  # the cached document is kept
    assert [rows[g].counts for g in ids] == [error_counts(docs[ids[0]]),
                                             error_counts(docs[ids[1]]), None]
    assert all(rows[g].status == "over" for g in ids)


def test_replacing_or_removing_an_analysis_keeps_its_counts_in_step(db_path: Path) -> None:
    with Store.open(db_path) as store:
        [gid] = record_games(store, [90], RANDOM)
        doc = store.analysis(gid)
        store.cache_analysis(gid, rules_key(LangRules()), {**doc, "annotations": []})
        assert list_games(store)[0].errors == 0
        store.db.execute("DELETE FROM analysis")
        assert store.db.execute("SELECT COUNT(*) FROM annotation_counts").fetchone()[0] == 0


# ----------------------------------------------------------------------------- importing


def test_a_chan_json_is_imported_once_and_left_untouched(db_path: Path, tmp_path: Path) -> None:
    source = tmp_path / "three.chan.json"
    write_file(source, session_of([record_of(play(s)) for s in (91, 92, 93)]))
    before = state(source)
    with Store.open(db_path) as store:
        ids = import_file(store, source)
        assert len(ids) == 3 and store.game_ids() == ids
        assert import_file(store, source) == []  # already there
        assert store.game_ids() == ids
        rows = list_games(store)
    assert state(source) == before
    assert {r.game_id for r in rows} == set(ids)


def test_another_database_is_imported_as_a_copy_its_files_unchanged(db_path: Path,
                                                                  tmp_path: Path) -> None:
    other = tmp_path / "friend" / "replays.db"
    with Store.open(other) as theirs:
        theirs_ids = record_games(theirs, [94, 95])
        expected = [theirs.analysis(g) for g in theirs_ids]
    live = Store.open(other)  # still open elsewhere: a write-ahead log beside it
    try:
        record_games(live, [96], session_id=live.sessions()[0])
        before = state(other)
        assert any(name.endswith("-wal") for name in before)
        with Store.open(db_path) as store:
            ids = import_file(store, other)
            assert len(ids) == 3
            assert [store.analysis(g) for g in ids[:2]] == expected
            assert import_file(store, other) == []
        assert state(other) == before
    finally:
        live.close()


def test_only_new_games_are_imported_keeping_the_thong_seat_they_were_played_with(
        db_path: Path, tmp_path: Path) -> None:
    first, second = thong_pair()
    whole = session_of([record_of(first), record_of(second)])
    source = tmp_path / "pair.chan.json"
    write_file(source, whole)
    alone = tmp_path / "first.chan.json"
    write_file(alone, session_of([record_of(first)]))
    reference = analyze_session(whole)[1]
    with Store.open(db_path) as store:
        [kept] = import_file(store, alone)
        [new] = import_file(store, source)  # the first game is already there
        doc = store.analysis(new)
        assert store.game_ids() == [kept, new]
    assert ["thong", 1] in doc["result"]["cuoc"]  # C2 carried from the game not imported
    assert doc == {**reference, "index": 0}


def test_the_same_game_twice_in_one_file_is_imported_once(db_path: Path,
                                                           tmp_path: Path) -> None:
    game = play(97)
    source = tmp_path / "twice.chan.json"
    doc = to_json(session_of([record_of(game)]))
    doc["games"] = doc["games"] * 2
    source.write_text(json.dumps(doc), encoding="utf-8")
    with Store.open(db_path) as store:
        assert len(import_file(store, source)) == 1


def test_the_duplicate_check_reads_only_the_games_dealt_the_same(db_path: Path,
                                                                 tmp_path: Path) -> None:
    """A game dealt differently cannot be the same game, so an import never reads its events
    (reading every event of the library made importing slow): here such a game's events are
    damaged, and importing still works, once."""
    source = tmp_path / "one.chan.json"
    write_file(source, session_of([record_of(play(91))]))
    with Store.open(db_path) as store:
        [other] = record_games(store, [92])
        store.db.execute("UPDATE events SET data = 'damaged' WHERE game_id = ?", (other,))
        [new] = import_file(store, source)
        assert import_file(store, source) == []  # the same deal: compared, and known
        assert store.game_ids() == [other, new]


def test_bad_files_are_refused_in_both_languages_and_nothing_is_imported(
        db_path: Path, tmp_path: Path) -> None:
    not_json = tmp_path / "broken.chan.json"
    not_json.write_text("{ not json", encoding="utf-8")
    fake_db = tmp_path / "fake.db"
    fake_db.write_bytes(b"hello, not a database")
    game = find(lambda g: len(g.record) > 10)
    doc = to_json(session_of([record_of(play(98)), record_of(game)]))
    doc["games"][1]["events"][5] = {"seat": (doc["games"][1]["events"][5]["seat"] + 1) % 4,
                                    "act": "discard", "card": "cc"}
    impossible = tmp_path / "impossible.chan.json"
    impossible.write_text(json.dumps(doc), encoding="utf-8")
    with Store.open(db_path) as store:
        with pytest.raises(BadFile) as bad:
            import_file(store, not_json)
        assert "not valid JSON" in bad.value.en and "JSON không hợp lệ" in bad.value.vi
        with pytest.raises(BadFile) as bad:
            import_file(store, fake_db)
        assert "not a SQLite database" in bad.value.en and "không phải" in bad.value.vi
        with pytest.raises(BadFile) as bad:
            import_file(store, tmp_path / "missing.chan.json")
        assert "không tìm thấy" in bad.value.vi
        with pytest.raises(BadRecord) as wrong:
            import_file(store, impossible)
        assert "game 1, event 5" in wrong.value.en and "ván 1, nước 5" in wrong.value.vi
        assert str(impossible) in wrong.value.en
        assert store.game_ids() == []  # all or nothing: the good game 0 was not kept


def test_an_import_replays_each_session_once(db_path: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game is checked by the engine before it is stored, once: the store takes the
    games the check rebuilt instead of replaying the session again."""
    import replays.library as library_module
    import replays.store as store_module

    source = tmp_path / "three.chan.json"
    write_file(source, session_of([record_of(play(s)) for s in (101, 102, 103)]))
    replays_made: list[int] = []

    def counting(real: Callable[..., SessionReplay]) -> Callable[..., SessionReplay]:
        def counted(record: SessionRecord, *args: Any, **kwargs: Any) -> SessionReplay:
            replays_made.append(len(record.games))
            return real(record, *args, **kwargs)
        return counted

    for module in (library_module, store_module):
        monkeypatch.setattr(module, "replay_session", counting(module.replay_session))
    with Store.open(db_path) as store:
        ids = import_file(store, source)
        assert replays_made == [3]
        monkeypatch.undo()
        assert [r.status for r in list_games(store)] == ["over"] * 3
        assert [store.analysis(g) for g in ids] == [
            {**d, "index": i} for i, d in enumerate(analyze_session(read_file(source)))]


def test_a_database_is_known_by_its_suffix_or_its_header(tmp_path: Path) -> None:
    """FORMATS.md: FILE is a replay database (.db, .sqlite, .sqlite3, or any file that is
    one) or a .chan.json file."""
    real = tmp_path / "games.chan.json"
    with Store.open(real):  # a database whatever its name says
        pass
    text = tmp_path / "games.db.chan.json"
    write_file(text, session_of([record_of(play(104))]))
    assert is_database(real) and not is_database(text)
    assert all(is_database(tmp_path / f"new{s}") for s in (".db", ".SQLITE", ".sqlite3"))
    assert not is_database(tmp_path / "missing.chan.json")


def test_the_learner_is_the_first_human_seat() -> None:
    """FORMATS ``players``: the learner's side is the first seat of kind ``human``; an
    AI-only hội has none."""
    people = (Player("Máy", "ai", "normal"), Player("Lan"), Player("Máy 2", "ai"),
              Player("Minh"))
    assert human_seat(people) == 1 and human_seats(people) == [1, 3]
    assert human_seat(people[:1]) is None and human_seats(()) == []
