"""No gap after a failed write.

A move counts as stored only once its write committed. When one write fails (a database
locked past the busy wait, a full disk) the Recorder says why in both languages (NotSaved),
the stored game stays whole up to its last saved move (resumable, analysable), and a retry
after the cause is gone writes the missing move in its own slot: never "event 5 is missing".

(Asked for by issue 13, class 1.)
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from replay_games import CAREFUL, Policy

from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES
from engine.events import Played
from engine.game import Mode
from replays.recorder import NotSaved, Recorder
from replays.store import Store, result_summary

LOCKED = "database is locked"
FULL = "database or disk is full"
NO_CLAIMS = Policy(win=0.0, chiu=0.0)  # every ù and chíu let pass: the nọc stop (R4.9)


class Failing:
    """A stand-in for one Store method: raises ``error`` for the next ``times`` calls that
    ``when`` accepts, then does what the real method does."""

    def __init__(self, real: Callable[..., Any], error: Exception, times: int = 1,
                 when: Callable[..., bool] = lambda *a, **k: True) -> None:
        self.real = real
        self.error = error
        self.left = times
        self.when = when
        self.raised = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.left > 0 and self.when(*args, **kwargs):
            self.left -= 1
            self.raised += 1
            raise self.error
        return self.real(*args, **kwargs)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "replays.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    """The store the test records into, closed after it."""
    with Store.open(db_path) as opened:
        yield opened


def started(store: Store, seed: int = 7) -> tuple[Recorder, random.Random]:
    rec = Recorder.start(store, store.new_session(), Deal.shuffled(seed))
    return rec, random.Random(seed)


def play_until_stored(rec: Recorder, rng: random.Random, events: int,
                      policy: Policy = CAREFUL) -> None:
    while len(rec.game.record) < events:
        rec.apply(policy.choose(rng, rec.game))


def apply_until_refused(rec: Recorder, rng: random.Random,
                        policy: Policy = CAREFUL) -> NotSaved:
    """Play on until a write fails; the NotSaved it raised."""
    while not rec.game.is_over or not rec.saved:
        try:
            rec.apply(policy.choose(rng, rec.game))
        except NotSaved as e:
            return e
    raise AssertionError("no write failed")


def play_to_the_end(rec: Recorder, rng: random.Random, policy: Policy = CAREFUL) -> None:
    while not rec.game.is_over:
        rec.apply(policy.choose(rng, rec.game))


def stored_indexes(store: Store, game_id: int) -> list[int]:
    return [r[0] for r in store.db.execute(
        "SELECT idx FROM events WHERE game_id = ? ORDER BY idx", (game_id,))]


def status(store: Store, game_id: int) -> tuple[str, Any]:
    row = store.db.execute("SELECT status, result FROM games WHERE id = ?",
                           (game_id,)).fetchone()
    return row[0], None if row[1] is None else json.loads(row[1])


def assert_whole_and_over(db_path: Path, rec: Recorder) -> None:
    """Another connection (as after a restart) reads the game whole: every event in its
    slot, the game over with its result, rebuilt and analysed without a problem."""
    with Store.open(db_path) as again:
        n = len(rec.game.record)
        assert stored_indexes(again, rec.game_id) == list(range(n))
        assert status(again, rec.game_id) == ("over", result_summary(rec.game))
        rebuilt = again.resume(rec.game_id)
        assert list(rebuilt.record) == list(rec.game.record)
        assert rebuilt.state_key() == rec.game.state_key()
        assert again.analysis(rec.game_id, cache=False)["result"]["events"] == n


def assert_resumable_at(db_path: Path, rec: Recorder, saved: int) -> None:
    """The store holds exactly the first ``saved`` events, and a Recorder resumed from it
    (as the program would after quitting) stands at that move, still in play."""
    with Store.open(db_path) as again:
        assert stored_indexes(again, rec.game_id) == list(range(saved))
        assert status(again, rec.game_id) == ("playing", None)
        resumed = Recorder.resume(again, rec.game_id)
        assert list(resumed.game.record) == list(rec.game.record[:saved])
        assert not resumed.game.is_over


@pytest.mark.parametrize(("message", "en", "vi"), [
    (LOCKED, "locked", "chương trình khác khoá"),
    (FULL, "disk is full", "ổ đĩa đã đầy"),
])
def test_an_append_failing_once_leaves_no_gap(
        db_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch, message: str, en: str,
        vi: str) -> None:
    rec, rng = started(store)
    play_until_stored(rec, rng, 5)
    saved = len(rec.game.record)
    failing = Failing(store.append, sqlite3.OperationalError(message))
    monkeypatch.setattr(store, "append", failing)

    error = apply_until_refused(rec, rng)

    assert failing.raised == 1
    assert en in error.en and vi in error.vi and "Không lưu được nước đi" in error.vi
    assert any(isinstance(ev, Played) for ev in error.events)  # the move the engine made
    assert len(rec.game.record) == saved + 1 and not rec.saved
    assert_resumable_at(db_path, rec, saved)

    play_to_the_end(rec, rng)  # the next apply writes the missing move first, in its slot
    assert rec.saved
    assert_whole_and_over(db_path, rec)


def test_a_retry_writes_only_once_the_cause_is_gone(
        db_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rec, rng = started(store, 8)
    play_until_stored(rec, rng, 9)
    monkeypatch.setattr(store, "append", Failing(store.append,
                                                 sqlite3.OperationalError(LOCKED), times=3))
    apply_until_refused(rec, rng)
    saved = len(rec.game.record) - 1
    with pytest.raises(NotSaved):  # still locked: nothing is written, nothing is lost
        rec.save()
    before = (list(rec.game.record), rec.game.state_key())
    with pytest.raises(NotSaved):  # no move is made on top of an unsaved one
        rec.apply(CAREFUL.choose(rng, rec.game))
    assert (list(rec.game.record), rec.game.state_key()) == before
    assert_resumable_at(db_path, rec, saved)

    rec.save()  # the cause is gone
    assert rec.saved
    assert stored_indexes(store, rec.game_id) == list(range(saved + 1))
    play_to_the_end(rec, rng)
    assert_whole_and_over(db_path, rec)


def test_the_last_move_failing_keeps_the_game_in_play(
        db_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rec, rng = started(store, 9)
    last = Failing(store.append, sqlite3.OperationalError(FULL),
                   when=lambda *a, **k: (a[3:] or (k.get("finished"),))[0] is not None)
    monkeypatch.setattr(store, "append", last)

    error = apply_until_refused(rec, rng)

    assert last.raised == 1 and rec.game.is_over and "disk is full" in error.en
    assert_resumable_at(db_path, rec, len(rec.game.record) - 1)  # never "over" with a gap
    rec.save()
    assert_whole_and_over(db_path, rec)


def nocstop_seed() -> int:
    """A seeded game (every claim let pass) that ends on the nọc stop card: the move that
    ends it is a decline, which is never stored (R4.9, FORMATS.md)."""
    for seed in range(3000):
        game = Game(Deal.shuffled(seed), DEFAULT_RULES, Mode.REAL)
        rng = random.Random(seed)
        grew = True
        while not game.is_over:
            before = len(game.record)
            game.apply(NO_CLAIMS.choose(rng, game))
            grew = len(game.record) > before
        if not grew:
            return seed
    raise LookupError("no seeded game ends on the nọc stop")


def test_marking_a_nocstop_game_over_failing(
        db_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rec, rng = started(store, nocstop_seed())
    failing = Failing(store.finish, sqlite3.OperationalError(LOCKED))
    monkeypatch.setattr(store, "finish", failing)

    error = apply_until_refused(rec, rng, NO_CLAIMS)

    assert failing.raised == 1 and rec.game.is_over and "locked" in error.en
    with Store.open(db_path) as again:  # every event kept; the game is still to be ended
        assert stored_indexes(again, rec.game_id) == list(range(len(rec.game.record)))
        assert status(again, rec.game_id) == ("playing", None)
        assert not again.resume(rec.game_id).is_over
    rec.save()
    assert_whole_and_over(db_path, rec)


def test_a_real_lock_held_past_the_busy_timeout(db_path: Path, store: Store) -> None:
    store.db.execute("PRAGMA busy_timeout = 50")  # the real wait is 5 s: same path, shorter
    rec, rng = started(store, 10)
    play_until_stored(rec, rng, 6)
    saved = len(rec.game.record)
    other = sqlite3.connect(db_path, isolation_level=None)  # another program writing
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE sessions SET thong_seat = thong_seat")

    error = apply_until_refused(rec, rng)

    assert isinstance(error.cause, sqlite3.OperationalError)
    assert getattr(error.cause, "sqlite_errorname", "SQLITE_BUSY").startswith("SQLITE_BUSY")
    assert "locked" in error.en and "chương trình khác khoá" in error.vi
    assert_resumable_at(db_path, rec, saved)
    other.execute("COMMIT")
    other.close()

    play_to_the_end(rec, rng)
    assert_whole_and_over(db_path, rec)


def test_a_really_full_database(db_path: Path, store: Store) -> None:
    sid = store.new_session()
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow: SQLITE_FULL
    error: NotSaved | None = None
    played: list[Recorder] = []
    for seed in range(20, 30):
        rec = Recorder.start(store, sid, Deal.shuffled(seed))
        played.append(rec)
        rng = random.Random(seed)
        try:
            play_to_the_end(rec, rng)
        except NotSaved as e:
            error = e
            break
    assert error is not None, "the database never filled up"
    assert getattr(error.cause, "sqlite_errorname", "") == "SQLITE_FULL"
    assert "disk is full" in error.en and "ổ đĩa đã đầy" in error.vi
    rec = played[-1]
    assert_resumable_at(db_path, rec, len(rec.game.record) - 1)

    store.db.execute("PRAGMA max_page_count = 1073741823")  # room again
    play_to_the_end(rec, rng)
    for each in played:
        assert_whole_and_over(db_path, each)


def test_a_new_game_that_cannot_be_saved(
        db_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    sid = store.new_session()
    monkeypatch.setattr(store, "new_game", Failing(store.new_game,
                                                   sqlite3.OperationalError(LOCKED)))
    with pytest.raises(NotSaved) as caught:
        Recorder.start(store, sid, Deal.shuffled(3))
    assert "Không lưu được ván mới" in caught.value.vi and "locked" in caught.value.en
    assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    rec = Recorder.start(store, sid, Deal.shuffled(3))  # the retry
    play_to_the_end(rec, random.Random(3))
    assert_whole_and_over(db_path, rec)
