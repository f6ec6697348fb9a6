"""Cost does not grow with the hội — the three places that still replayed the whole hội. Starting
game N+1 (``Recorder.start``: its thông, C2), resuming game N on the play screen
(``desktop.play.hoi.Hoi.resume``: the totals before it, R9.2, and the picker after it, R2.4) and
``chan-tutor analyze DB --game N`` now read the hội's state kept with the games (replays.hoi,
migration m004): each gives what replaying the whole hội gives, and none of them replays the
games before N (they may even be damaged).

(Asked for by issue 13, class 9.)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import replays.hoi as hoi
import replays.rebuild as rebuild
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.session import ChanSession as Session
from replays.choice import Choice
from replays.cli import main
from replays.commands import analysed
from replays.errors import BadRecord
from replays.recorder import Recorder
from replays.report import replayed
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
from tests.replays.test_hoi_snapshot import assert_states_match, thong_hoi

BROKEN_EVENT = '{"seat": 0, "act": "discard", "card": "cc"}'  # no such card


def next_thong(store: Store, session_id: int) -> int | None:
    """The thông of the hội's next game by replaying the whole hội (what Recorder.start did)."""
    return rebuild.replay_session(store.session(session_id)).next_thong_seat


def break_game(store: Store, game_id: int) -> None:
    """Damage a stored game: one of its events is no action at all."""
    store.db.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 3",
                     (BROKEN_EVENT, game_id))
    store.db.conn.commit()


@pytest.fixture
def no_replay(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every game replayed (through replays.rebuild or replays.hoi); the list holds
    the number of recorded events of each game replayed."""
    calls: list[int] = []
    real = rebuild.replay_game

    def counted(game: Game, actions: Any, *args: Any, **kw: Any) -> Game:
        calls.append(len(actions))
        return real(game, actions, *args, **kw)

    monkeypatch.setattr(rebuild, "replay_game", counted)
    monkeypatch.setattr(hoi, "replay_game", counted)
    yield calls


def cut(seed: int) -> Game:
    """A game left after a few moves."""
    return play(seed, RANDOM, stop=lambda g: len(g.record) >= 6)


@cache
def hoi_shapes() -> dict[str, tuple[list[Game], bool, int | None]]:
    """Hội of several shapes: (games, whether the last is unfinished, the carried thông)."""
    first, second = thong_pair()
    return {
        "thong-passes-on": ([play(7, RANDOM), play(8, CAREFUL), first], False, None),
        "thong-hoi": (thong_hoi(), False, None),
        "ends-unfinished": ([first, second, cut(21)], True, None),
        "carried-only": ([], False, 2),
        "carried-then-unfinished": ([cut(22)], True, 2),
    }


SHAPES = ["thong-passes-on", "thong-hoi", "ends-unfinished", "carried-only",
          "carried-then-unfinished"]


# ---------------------------------------------------------------------------- Recorder.start


@pytest.mark.parametrize("kept", [True, False], ids=["kept-state", "state-missing"])
@pytest.mark.parametrize("shape", SHAPES)
def test_starting_the_next_game_equals_the_whole_hoi_replayed(
        tmp_path: Path, shape: str, kept: bool) -> None:
    games, _, carried = hoi_shapes()[shape]
    with Store.open(tmp_path / "r.db") as store:
        sid, _ = store.import_session(session_of([record_of(g) for g in games],
                                                 thong_seat=carried))
        if not kept:  # replayed (and kept again) when the next game starts
            store.db.execute("DELETE FROM hoi_state")
            store.db.conn.commit()
        expected = next_thong(store, sid)
        deal = Deal.shuffled(99)
        rec = Recorder.start(store, sid, deal)
        assert rec.game.thong_seat == expected
        assert rec.game.state_key() == Game(deal, rec.game.rules, rec.game.mode,
                                            expected).state_key()
        assert_states_match(store, sid)  # the new game's kept state is the replayed one


def test_every_start_of_a_played_hoi_equals_the_whole_hoi_replayed(
        tmp_path: Path) -> None:
    """A hội played game after game through the Recorder: before each start, the thông it
    gets is the one replaying every game before it gives."""
    seen: list[int | None] = []
    with Store.open(tmp_path / "r.db") as store:
        sid = store.new_session()
        for n, seed in enumerate([45, 46, 40, 45, 30, 46, 45, 31, 46, 45]):
            expected = next_thong(store, sid)
            rec = Recorder.start(store, sid, Deal.shuffled(seed))
            assert rec.game.thong_seat == expected, f"game {n}"
            seen.append(expected)
            rng = random.Random(seed)
            moves = 0
            while not rec.game.is_over and not (n in (4, 7) and moves >= 8):  # 2 left
                rec.apply(CAREFUL.choose(rng, rec.game))
                moves += 1
        assert_states_match(store, sid)
    assert any(t is not None for t in seen)  # thông did pass: the check is not vacuous


def test_starting_a_game_replays_no_earlier_game(
        tmp_path: Path, no_replay: list[int]) -> None:
    first, _ = thong_pair()
    with Store.open(tmp_path / "r.db") as store:
        sid, ids = store.import_session(session_of([record_of(g) for g in
                                                    [play(7, RANDOM), play(8, CAREFUL), first]]))
        expected = next_thong(store, sid)
        assert expected is not None
        no_replay.clear()
        break_game(store, ids[0])  # the hội's first game can no longer be read
        rec = Recorder.start(store, sid, Deal.shuffled(99))
        assert no_replay == []
        assert rec.game.thong_seat == expected


def test_starting_without_a_kept_state_replays_the_hoi(tmp_path: Path) -> None:
    """The fallback is the hội replayed: with no state kept, a damaged hội still says so."""
    with Store.open(tmp_path / "r.db") as store:
        sid, ids = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        break_game(store, ids[0])
        store.db.execute("DELETE FROM hoi_state")
        store.db.conn.commit()
        with pytest.raises(BadRecord):
            Recorder.start(store, sid, Deal.shuffled(99))
        assert store.db.execute("SELECT COUNT(*) FROM games WHERE session_id = ?",
                                (sid,)).fetchone()[0] == len(ids)  # nothing was added


# ---------------------------------------------------------------------------- resume (desktop)


def interrupted_hoi(store: Store) -> tuple[int, list[int], int]:
    """(hội, its finished games, its interrupted game at position 4)."""
    sid = store.new_session()
    done = record_games(store, [45, 40, 46, 31], CAREFUL, session_id=sid)
    rec = Recorder.start(store, sid, Deal.shuffled(35))
    rng = random.Random(35)
    for _ in range(6):
        rec.apply(CAREFUL.choose(rng, rec.game))
    return sid, done, rec.game_id


def old_session(store: Store, game_id: int) -> Session:
    """The Session before a game as the play screen rebuilt it: the hội replayed."""
    from desktop.play.resume import session_before

    session_id, position = store.locate(game_id)
    return session_before(store.session(session_id, position), position)


def finished(store: Store, game_id: int) -> Game:
    """The stored game played on to its end (not stored)."""
    game = store.resume(game_id)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(CAREFUL.choose(rng, game))
    return game


def same_session(a: Session, b: Session) -> None:
    assert (a.players, a.rules, a.first_picker, a.totals) == \
        (b.players, b.rules, b.first_picker, b.totals)


def test_the_resumed_session_equals_the_whole_hoi_replayed(
        tmp_path: Path) -> None:
    """The Session the play screen resumes with has the totals and first picker of the hội
    replayed, and once the resumed game is over the same next picker and thông."""
    from desktop.play.resume import session_at

    with Store.open(tmp_path / "r.db") as store:
        _, done, gid = interrupted_hoi(store)
        for game_id in [*done, gid]:
            old, new = old_session(store, game_id), session_at(store, game_id)
            same_session(new, old)
        assert any(t != 0 for t in old.totals)  # not vacuous
        end = finished(store, gid)
        old.record(end)
        new.record(end)
        same_session(new, old)
        assert (new.next_picker, new.thong_seat) == (old.next_picker, old.thong_seat)


def resumed_hoi(qtbot: Any, store: Store, game_id: int) -> Session:
    """What desktop.play.hoi.Hoi.resume keeps as the hội's Session (read on the hội's
    writer thread, issue 20)."""
    from desktop.play.hoi import Hoi
    from desktop.play.pacing import INSTANT
    from desktop.settings import Settings
    from desktop.worker import Worker

    worker = Worker()
    hoi_ = Hoi(store, Settings(), worker, pacing=INSTANT)
    try:
        hoi_.resume(game_id)
        qtbot.waitUntil(lambda: hoi_.game_id is not None, timeout=10_000)
        assert hoi_.game_id == game_id
        assert hoi_.session is not None
        return hoi_.session
    finally:
        hoi_.shutdown()


def test_resuming_on_the_play_screen_replays_the_game_alone(
        tmp_path: Path, qtbot: Any, no_replay: list[int]) -> None:
    with Store.open(tmp_path / "r.db") as store:
        _, done, gid = interrupted_hoi(store)
        expected = old_session(store, gid)
        no_replay.clear()
        session = resumed_hoi(qtbot, store, gid)
        assert no_replay == [6]  # the interrupted game's six events, and nothing else
        same_session(session, expected)
        break_game(store, done[0])  # the hội's first game can no longer be read
        same_session(resumed_hoi(qtbot, store, gid), expected)


# ---------------------------------------------------------------------------- analyze --game


def analysed_db(path: Path) -> tuple[list[int], list[int]]:
    """A database of two hội (one imported with thông in it, one played, ending with an
    interrupted game): (the first hội's game ids, the second's)."""
    with Store.open(path) as store:
        _, first = store.import_session(session_of([record_of(g) for g in thong_hoi()]))
        sid, done, gid = interrupted_hoi(store)
        del sid
        return first, [*done, gid]


def shown_key(item: Any) -> tuple[Any, ...]:
    analysed_item, game, positions = item
    return (analysed_item.doc, analysed_item.players, analysed_item.van, game.state_key(),
            {k: v.state_key() for k, v in positions.items()})


def test_analyze_game_n_equals_the_whole_database_replayed(
        tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    first, second = analysed_db(db)
    everything = analysed(db)
    shown = replayed(everything)
    assert len(everything) == len(first) + len(second)
    # each game's ván counts from 1 within its own hội, as the program shows it (issue 20)
    assert [a.van for a in everything] == [*range(1, len(first) + 1),
                                           *range(1, len(second) + 1)]
    assert any(s[1].thong_seat is not None for s in shown)  # thông is played: not vacuous
    for n in range(len(everything)):
        alone = analysed(db, Choice(game=n))
        assert len(alone) == 1
        assert alone[0].doc == everything[n].doc
        assert (alone[0].players, alone[0].van) == (everything[n].players,
                                                    everything[n].van)
        assert shown_key(replayed(alone)[0]) == shown_key(shown[n])


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, Any]:
    code = main([str(a) for a in argv])
    out, _ = capsys.readouterr()
    return code, json.loads(out) if code == 0 else out


def test_analyze_game_n_replays_no_earlier_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_replay: list[int]) -> None:
    db = tmp_path / "r.db"
    first, second = analysed_db(db)
    code, whole = run(capsys, "analyze", db, "--json")
    assert code == 0
    n = len(first) + 3  # the second hội's fourth game
    with Store.open(db) as store:
        events = store.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                  (second[3],)).fetchone()[0]
        break_game(store, second[0])  # the hội's first game can no longer be read
        break_game(store, first[0])
    no_replay.clear()
    code, alone = run(capsys, "analyze", db, "--game", n, "--json")
    assert code == 0
    assert alone["games"] == [whole["games"][n]]
    assert no_replay == [events]  # game N alone
    code, _ = run(capsys, "analyze", db, "--json")
    assert code == 2  # the whole database is damaged all the same


def test_analyze_game_n_without_kept_states_replays_its_hoi(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "r.db"
    first, _ = analysed_db(db)
    code, whole = run(capsys, "analyze", db, "--json")
    with Store.open(db) as store:
        store.db.execute("DELETE FROM hoi_state")
        store.db.conn.commit()
    for n in range(len(first)):
        code, alone = run(capsys, "analyze", db, "--game", n, "--json")
        assert code == 0 and alone["games"] == [whole["games"][n]]
    with Store.open(db) as store:
        assert store.db.execute("SELECT COUNT(*) FROM hoi_state").fetchone()[0] == 0  # a copy

