"""Batch analysis of the library (issue 8): every finished game analysed once per session
replay and cached as it is made, progress after each game, a cancel keeping what was done,
a bad record listed and not fatal, and a Store of its own (it runs on a worker thread)."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from replay_games import CAREFUL, RANDOM, record_games

from engine.chan.deal import Deal
from engine.chan.rules import LangRules
from replays.batch import analyze_library, pending_games
from replays.library import list_games
from replays.recorder import Recorder
from replays.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "replays.db"


def library(db_path: Path) -> tuple[list[int], list[int]]:
    """Two sessions (of 4 and 3 games, so thông, C2, carries) and a game still in play."""
    with Store.open(db_path) as store:
        first = record_games(store, [100, 101, 102, 103], CAREFUL)
        second = record_games(store, [104, 105, 106], RANDOM)
        rec = Recorder.start(store, store.sessions()[1], Deal.shuffled(107))
        rng = random.Random(107)
        for _ in range(9):
            rec.apply(CAREFUL.choose(rng, rec.game))
    return first + second, [rec.game_id]


def cached_ids(db_path: Path) -> list[int]:
    with Store.open(db_path) as store:
        return sorted(r.game_id for r in list_games(store) if r.counts is not None)


def test_every_finished_game_is_analysed_and_cached_as_the_store_would(db_path: Path) -> None:
    finished, _ = library(db_path)
    calls: list[tuple[int, int]] = []
    result = analyze_library(db_path, progress=lambda d, t: calls.append((d, t)))
    assert (result.total, result.done, result.failed, result.cancelled) == (7, 7, (), False)
    assert calls == [(n, 7) for n in range(1, 8)]
    with Store.open(db_path) as store:
        for gid in finished:
            cached = json.loads(store.db.execute("SELECT document FROM analysis WHERE "
                                                 "game_id = ?", (gid,)).fetchone()[0])
            assert cached == store.analysis(gid, cache=False)  # same as one at a time
        assert pending_games(store) == []
    assert cached_ids(db_path) == sorted(finished)  # not the game in play
    again = analyze_library(db_path)
    assert (again.total, again.done) == (0, 0)


def test_only_the_given_games_and_only_those_not_cached(db_path: Path) -> None:
    finished, playing = library(db_path)
    with Store.open(db_path) as store:
        store.analysis(finished[1])
        store.analysis(finished[2], rules=LangRules(ga="rong"))  # other rules: not the cache
    result = analyze_library(db_path, [finished[1], finished[2], finished[5], *playing])
    assert (result.total, result.done) == (2, 2)
    assert cached_ids(db_path) == sorted([finished[1], finished[2], finished[5]])


def test_a_cancel_keeps_every_game_finished_before_it(db_path: Path) -> None:
    finished, _ = library(db_path)
    seen: list[int] = []
    result = analyze_library(db_path, progress=lambda d, t: seen.append(d),
                             cancelled=lambda: len(seen) >= 5)
    assert result.cancelled and result.done == 5 and result.total == 7
    assert cached_ids(db_path) == sorted(finished[:5])  # committed, one game at a time
    rest = analyze_library(db_path)
    assert (rest.total, rest.done, rest.cancelled) == (2, 2, False)
    assert cached_ids(db_path) == sorted(finished)


def test_a_cancel_before_the_first_game_analyses_nothing(db_path: Path) -> None:
    library(db_path)
    result = analyze_library(db_path, cancelled=lambda: True)
    assert result.cancelled and result.done == 0 and cached_ids(db_path) == []


def test_a_bad_record_is_listed_with_its_problem_and_the_rest_goes_on(db_path: Path) -> None:
    finished, _ = library(db_path)
    # in the first session; the games after it keep the hội state (thông, C2) stored with
    # them when they were played (issue 13, class 9), so they are still judged
    bad = finished[1]
    with Store.open(db_path) as store:
        seat = store.db.execute("SELECT seat FROM events WHERE game_id = ? AND idx = 4",
                                (bad,)).fetchone()[0]
        store.db.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 4",
                         (json.dumps({"seat": (seat + 1) % 4, "act": "discard", "card": "cc"}),
                          bad))
    calls: list[int] = []
    result = analyze_library(db_path, progress=lambda d, t: calls.append(d))
    assert (result.total, result.done, result.cancelled) == (7, 6, False)
    assert [gid for gid, _ in result.failed] == [bad]
    for _, message in result.failed:
        assert f"game {bad}, event 4" in message and f"ván {bad}, nước 4" in message
    assert calls == list(range(1, 8))
    assert cached_ids(db_path) == sorted([finished[0], *finished[2:]])


def test_it_runs_on_a_worker_thread_beside_an_open_store(db_path: Path) -> None:
    finished, _ = library(db_path)
    with Store.open(db_path) as ui, ThreadPoolExecutor(1) as pool:
        result = pool.submit(analyze_library, db_path).result()
        rows = list_games(ui)  # the UI's own connection sees the worker's commits
    assert result.done == 7
    assert sorted(r.game_id for r in rows if r.counts is not None) == sorted(finished)


def test_a_damaged_cached_document_is_analysed_again(db_path: Path) -> None:
    """A document edited by hand (m003 could not count it) is not trusted: the batch makes it
    again, so its game does not stay "not analysed" in the library for ever."""
    finished, _ = library(db_path)
    analyze_library(db_path)
    gid = finished[2]
    with Store.open(db_path) as store:
        expected = store.analysis(gid)
        with store.db.atomic():
            store.db.execute("UPDATE analysis SET document = '{not json' WHERE game_id = ?",
                             (gid,))
            store.db.execute("DELETE FROM annotation_counts WHERE game_id = ?", (gid,))
        assert pending_games(store) == [gid]
        assert store.analysis(gid, cache=True) == expected  # read: made again, not a crash
    with Store.open(db_path) as store:  # and the store's own read repaired the cache
        assert pending_games(store) == []
    assert cached_ids(db_path) == sorted(finished)
