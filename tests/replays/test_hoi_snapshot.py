"""Cost does not grow with the hội. What a game needs from its hội (the running totals before it,
R9.2; the next picker, R2.4; the thông seat it is played with, C2) is kept with every game
(migration m004, replays.hoi), so opening, resuming, exporting or analysing game N replays game
N alone — and the kept state is always the state replaying the whole hội gives (checked for
every game, and by hypothesis over unfinished games).

(Asked for by issue 13, class 9.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

import replays.rebuild as rebuild
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.session import ChanSession as Session
from replays.analyzer import analyze_session
from replays.errors import BadRecord
from replays.hoi import HoiState
from replays.migrations import migrations
from replays.record import SessionRecord
from replays.recorder import Recorder
from replays.store import Store
from tests.replays.replay_games import (
    CAREFUL,
    RANDOM,
    play,
    record_games,
    record_of,
    session_of,
    thong_pair,
)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "replays.db"


def replayed(record: SessionRecord) -> list[tuple[int | None, tuple[float, ...], int]]:
    """(thông seat, totals before, next picker) of every game, by replaying the whole hội:
    the thông as replays.rebuild.replay_session gives it, the totals and the picker as the
    engine Session of the finished games before it keeps them (R9.2, R2.4)."""
    games = rebuild.replay_session(record).games
    first = record.games[0].deal.picker if record.games else None
    out = []
    for p, game in enumerate(games):
        session = Session(len(record.players), record.rules, first_picker=first or 0)
        for earlier in games[:p]:
            if earlier.is_over:
                session.record(earlier)
        out.append((game.thong_seat, tuple(session.totals), session.next_picker))
    return out


def kept(store: Store, gid: int) -> tuple[int | None, tuple[float, ...], int]:
    state = store.hoi_state(gid)
    return state.thong_seat, state.totals, state.next_picker


def assert_states_match(store: Store, session_id: int) -> None:
    """Every game's kept state, document and rebuilt game equal the whole hội replayed."""
    record = store.session(session_id)
    ids = [r[0] for r in store.db.execute(
        "SELECT id FROM games WHERE session_id = ? ORDER BY position", (session_id,))]
    expected = replayed(record)
    docs = analyze_session(record)
    games = rebuild.replay_session(record).games
    for p, gid in enumerate(ids):
        assert kept(store, gid) == expected[p], f"game {p}"
        row = store.db.execute("SELECT before FROM hoi_state WHERE game_id = ?",
                               (gid,)).fetchone()  # kept (again, if it had to be replayed)
        assert row is not None and HoiState.from_text(row[0], len(record.players)) \
            == store.hoi_state(gid), f"no state kept for game {p}"
        if not record.games[p].unfinished:
            assert store.analysis(gid, cache=False) == docs[p]
        assert store.resume(gid).state_key() == games[p].state_key()
        assert store.export_game(gid).thong_seat == games[p].thong_seat


def thong_hoi() -> list[Game]:
    """A hội in which thông (C2) passes: two games won by the same seat, then more."""
    first, second = thong_pair()
    return [first, second, play(7, RANDOM), play(8, CAREFUL), play(9, RANDOM)]


def test_the_kept_state_is_the_replayed_one_for_every_game(
        db_path: Path) -> None:
    games = thong_hoi()
    with Store.open(db_path) as store:
        sid, _ = store.import_session(session_of([record_of(g) for g in games]))
        assert_states_match(store, sid)
        live = record_games(store, [31, 32, 33, 34, 35, 36], CAREFUL)  # played and recorded
        assert_states_match(store, store.locate(live[0])[0])
        thong = [kept(store, gid)[0] for gid in
                 [r[0] for r in store.db.execute("SELECT id FROM games WHERE session_id = ? "
                                                  "ORDER BY position", (sid,))]]
        assert thong[1] is not None  # the hội did carry a thông: the check is not vacuous


def test_opening_game_n_replays_game_n_alone(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(db_path) as store:
        _, ids = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        replays: list[int] = []
        real = rebuild.replay_game

        def counted(game: Game, *args: object, **kw: object) -> Game:
            replays.append(len(game.record))
            return real(game, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(rebuild, "replay_game", counted)
        last = ids[-1]
        for call in (lambda: store.resume(last), lambda: store.export_game(last),
                     lambda: store.analysis(last, cache=False), lambda: store.hoi_state(last)):
            replays.clear()
            call()
            assert len(replays) <= 1, "the games before it were replayed"


BAD_STATES = ["", "not json", "[]", '{"v": 2}', "[" * 5000 + "]" * 5000,
              '{"v": 1, "totals": [0, 0, 0], "thong_seat": null, "next_picker": 0, '
              '"first_picker": 0}',
              '{"v": 1, "totals": [0, 0, 0, 0], "thong_seat": 9, "next_picker": 0, '
              '"first_picker": 0}',
              '{"v": 1, "totals": [0, 0, 0, 1e999], "thong_seat": null, "next_picker": 0, '
              '"first_picker": 0}',
              '{"v": 1, "totals": [0, 0, 0, 0], "thong_seat": true, "next_picker": 0, '
              '"first_picker": 0}']


@pytest.mark.parametrize("text", BAD_STATES)
def test_a_damaged_or_missing_state_is_replayed_and_kept_again(
        db_path: Path, text: str) -> None:
    with Store.open(db_path) as store:
        sid, ids = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        store.db.execute("UPDATE hoi_state SET before = ? WHERE game_id = ?", (text, ids[1]))
        store.db.execute("DELETE FROM hoi_state WHERE game_id = ?", (ids[3],))
        assert HoiState.from_text(text, 4) is None
        assert_states_match(store, sid)  # replayed where it was damaged, and kept again


def test_an_older_database_is_filled_by_the_migration(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    old = Database(db_path)
    old.enable_wal()
    migrations.apply(old, stop_before="m004_hoi_state")
    v3 = Store(old, db_path)
    sid, _ = v3.import_session(session_of([record_of(g) for g in thong_hoi()]))
    live = record_games(v3, [41, 42, 43], RANDOM)
    broken = record_games(v3, [44, 45], RANDOM)
    old.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 3",
                ('{"seat": 0, "act": "discard", "card": "cc"}', broken[0]))
    old.conn.commit()
    old.close()
    with Store.open(db_path) as store:
        assert store.db.execute("SELECT COUNT(*) FROM hoi_state").fetchone()[0] == 8
        assert_states_match(store, sid)
        assert_states_match(store, store.locate(live[0])[0])
        with pytest.raises(BadRecord):  # an edited hội still says what is wrong
            store.hoi_state(broken[1])


def test_a_game_finished_after_the_next_one_began(db_path: Path) -> None:
    """A game left unfinished breaks the thông chain (C2); the next game began from that
    state; when the first is resumed and finished, the kept states after it no longer hold
    and are replayed."""
    first, second = thong_pair()
    with Store.open(db_path) as store:
        sid = store.new_session()
        ids = [store.new_game(sid, first.deal)]
        for i, action in enumerate(first.record):
            store.append(ids[0], i, action, first if i == len(first.record) - 1 else None)
        interrupted = Recorder.start(store, sid, second.deal)
        rng = random.Random(3)
        for _ in range(6):
            interrupted.apply(CAREFUL.choose(rng, interrupted.game))
        later = Recorder.start(store, sid, Deal.shuffled(12))
        while not later.game.is_over:
            later.apply(CAREFUL.choose(rng, later.game))
        assert_states_match(store, sid)
        resumed = Recorder.resume(store, interrupted.game_id)
        while not resumed.game.is_over:
            resumed.apply(CAREFUL.choose(rng, resumed.game))
        assert_states_match(store, sid)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 3)), min_size=1, max_size=5),
       st.sampled_from([None, 0, 1, 2, 3]))
def test_hypothesis_kept_equals_replayed(
        tmp_path: Path, plan: list[tuple[int, int]], carried: int | None) -> None:
    """Any hội of finished and unfinished games (cut after a few events), with or without a
    carried thông: every kept state is the replayed one."""
    games = []
    for seed, cut in plan:
        game = play(seed, RANDOM, stop=(lambda g: len(g.record) >= 8) if cut == 0 else None)
        games.append(record_of(game))
    path = tmp_path / f"h{random.getrandbits(40)}.db"
    with Store.open(path) as store:
        sid, _ = store.import_session(session_of(games, thong_seat=carried))
        assert_states_match(store, sid)
        store.db.execute("DELETE FROM hoi_state")
        assert_states_match(store, sid)


def test_the_state_is_plain_json(db_path: Path) -> None:
    with Store.open(db_path) as store:
        _, ids = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        text = store.db.execute("SELECT before FROM hoi_state WHERE game_id = ?",
                                (ids[1],)).fetchone()[0]
    doc = json.loads(text)
    assert set(doc) == {"v", "totals", "thong_seat", "next_picker", "first_picker"}
    assert HoiState.from_text(text, 4) is not None


def test_the_viewer_opens_game_n_alone_with_the_hois_totals(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Xem lại's open_game (desktop.review.replay) replays the game alone; its totals before
    the game and its document are those of the whole hội replayed."""
    from desktop.review.replay import open_game

    with Store.open(db_path) as store:
        sid, ids = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        record = store.session(sid)
        expected = replayed(record)
        docs = analyze_session(record)
        replays: list[int] = []
        real = rebuild.replay_game

        def counted(game: Game, *args: object, **kw: object) -> Game:
            replays.append(1)
            return real(game, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(rebuild, "replay_game", counted)
        for p, gid in enumerate(ids):
            replays.clear()
            opened = open_game(store, gid)
            assert len(replays) == 1
            assert opened.totals_before == expected[p][1]
            assert opened.states[0].thong_seat == expected[p][0]
            assert opened.doc == docs[p]
            assert opened.position == p and opened.actions == record.games[p].actions
