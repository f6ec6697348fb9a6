"""The strong player's advice is "cached with the analysis" — kept in the replay database
(migration m005, table ``advice``) by game, decision (event and its order there), seat, judge
and ADVICE_VERSION, as JSON with the actions in their text form; read back as untrusted input: a
damaged or foreign row is never believed (None: made again), and a database at the previous
schema version is migrated keeping its games.

(Asked for by issue 15, build item 3.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from engine.chan.ai.selfplay import play_session
from replays.advice import (
    ADVICE_VERSION,
    Advice,
    DecisionPoint,
    advice_from_json,
    advice_json,
    advise,
    decision_points,
)
from replays.migrations import SCHEMA_VERSION, migrations
from replays.record import GameRecord, SessionRecord, default_players
from replays.store import Store

LEVELS = ("random", "random", "beginner", "normal")


def store_games(store: Store, games: int = 2, seed: int = 8) -> list[int]:
    """A hội of self-play games (a beginner: claims let pass) in ``store``; the game ids."""
    played = play_session(LEVELS, games, seed)
    return store.import_session(SessionRecord(
        players=default_players(),
        games=tuple(GameRecord(g.deal, tuple(g.record), g.mode) for g in played)))[1]


def points_of(store: Store, game_id: int, seat: int) -> list[DecisionPoint]:
    """The seat's decisions with a real choice in a stored game."""
    _, _, record, _ = store.game_and_state(game_id)
    final = store.replay_alone(game_id, record)
    return [p for p in decision_points(final, seat) if len(p.before.legal_actions()) > 1]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "replays.db") as opened:
        yield opened


@pytest.fixture
def kept(store: Store) -> tuple[int, DecisionPoint, Advice]:
    """A stored game, a decision of seat 3 where the strong player searched, its advice
    kept."""
    for game_id in store_games(store, games=3):
        for point in points_of(store, game_id, 3):
            advice = advise(point.before, 3)
            if "thế bài" in advice.reason_vi:
                store.keep_advice(game_id, point, advice)
                return game_id, point, advice
    raise AssertionError("no decision of seat 3 where the strong player searched")


def test_kept_advice_round_trips(store: Store) -> None:
    searched = kept = 0
    for game_id in store_games(store, games=3):
        for seat in (2, 3):
            for point in points_of(store, game_id, seat):
                if searched >= 3 and kept >= 8:
                    break
                assert store.kept_advice(game_id, point, seat) is None  # nothing kept yet
                advice = advise(point.before, seat)
                text = json.dumps(advice_json(advice))
                assert advice_from_json(json.loads(text), point, seat, advice.judge) == advice
                store.keep_advice(game_id, point, advice)
                back = store.kept_advice(game_id, point, seat)
                assert back == advice and back is not None
                assert (back.judge_vi, back.reason_en, back.best) == (
                    advice.judge_vi, advice.reason_en, advice.best)
                searched += "thế bài" in advice.reason_vi  # rollout means, not policy values
                kept += 1
    assert searched >= 3
    rows = store.db.execute("SELECT judge, revision FROM advice").fetchall()
    assert rows == [("strong", ADVICE_VERSION)] * kept


def test_kept_advice_is_keyed_by_decision_seat_judge_and_version(
        store: Store, kept: tuple[int, DecisionPoint, Advice]) -> None:
    game_id, point, advice = kept
    assert store.kept_advice(game_id, point, 3) == advice
    assert store.kept_advice(game_id, point, 3, judge="normal") is None
    assert store.kept_advice(game_id + 1, point, 3) is None
    later = DecisionPoint(point.event + 1, point.before, point.action)
    assert store.kept_advice(game_id, later, 3) is None
    store.db.execute("UPDATE advice SET revision = '0.0.1+advice.0'")  # an older player
    assert store.kept_advice(game_id, point, 3) is None


def _damaged(advice: Advice) -> list[object]:
    """Rows that are not the advice of the decision (an edited or damaged database)."""
    doc = advice_json(advice)
    worse = min(doc["values"], key=lambda pair: pair[1])
    return [
        "not json", "[]", "7", '{"seat": 3}', "[" * 100_000, b"\x00\x01",
        json.dumps({**doc, "seat": 1}), json.dumps({**doc, "judge": "beginner"}),
        json.dumps({**doc, "values": doc["values"][1:]}),  # a legal move left out
        json.dumps({**doc, "values": [*doc["values"], ["3 win", 1.0]]}),  # a move too many
        json.dumps({**doc, "values": [[a, "x"] for a, _ in doc["values"]]}),
        json.dumps({**doc, "values": [[a, True] for a, _ in doc["values"]]}),
        json.dumps({**doc, "best": "3 fly"}), json.dumps({**doc, "best_value": None}),
        json.dumps({**doc, "best": worse[0], "best_value": worse[1]})  # not its best value
        if worse[1] < doc["best_value"] else "{}",
        json.dumps({**doc, "best_value": float("nan")}), json.dumps({**doc, "best_value": 1e999}),
        json.dumps({**doc, "values": [[a, 10**400] for a, _ in doc["values"]]}),
        json.dumps({**doc, "reason_vi": 5}),
    ]


def test_a_damaged_kept_advice_is_never_believed_and_is_made_again(
        store: Store, kept: tuple[int, DecisionPoint, Advice]) -> None:
    game_id, point, advice = kept
    again = advise(point.before, 3)  # what the viewer makes again (the same: reproducible)
    for bad in _damaged(advice):
        store.db.execute("UPDATE advice SET advice = ?", (bad,))
        assert store.kept_advice(game_id, point, 3) is None, bad
        store.keep_advice(game_id, point, again)  # kept again over the damaged row
        assert store.kept_advice(game_id, point, 3) == advice
    assert store.db.execute("SELECT COUNT(*) FROM advice").fetchone()[0] == 1


def test_a_database_at_the_previous_version_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    old = Database(path)
    old.enable_wal()
    migrations.apply(old, stop_before="m005_advice_cache")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 4
    assert "advice" not in old.table_names()
    ids = store_games(Store(old, path), games=1)
    old.close()
    with Store.open(path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        assert "advice" in store.db.table_names() and store.game_ids() == ids
        point = points_of(store, ids[0], 3)[0]
        advice = advise(point.before, 3)
        store.keep_advice(ids[0], point, advice)
    with Store.open(path) as store:
        assert store.kept_advice(ids[0], point, 3) == advice
