"""Statistics over time (issue 8): per analysed game what the engine judged against one seat
— the same as the engine's own audit of the game — and the summaries and rolling means the
plots draw."""

from __future__ import annotations

from pathlib import Path

import pytest
from replay_games import RANDOM, record_games

from engine.chan.ai.selfplay import audit, play_session
from engine.chan.game import ChanGame as Game
from replays.batch import analyze_library
from replays.record import GameRecord, Player, SessionRecord
from replays.stats import GameStat, game_stats, rolling, summarize
from replays.store import Store

LEVELS = ("random", "random", "beginner", "normal")


@pytest.fixture(scope="module")
def selfplay(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Game], list[int]]:
    """A library of AI-only games (no human seat), all analysed but the last two."""
    games = play_session(LEVELS, 14, seed=5)
    path = tmp_path_factory.mktemp("stats") / "replays.db"
    record = SessionRecord(players=tuple(Player(f"Máy {i}", "ai", lv)
                                         for i, lv in enumerate(LEVELS)),
                           games=tuple(GameRecord(g.deal, tuple(g.record), g.mode)
                                       for g in games))
    with Store.open(path) as store:
        _, ids = store.import_session(record)
    analyze_library(path, ids[:-2])
    return path, games, ids


@pytest.mark.parametrize("seat", range(4))
def test_each_games_stat_is_the_engines_audit_of_that_seat(
        selfplay: tuple[Path, list[Game], list[int]], seat: int) -> None:
    path, games, ids = selfplay
    with Store.open(path) as store:
        stats = game_stats(store, lambda row: seat)
    assert [s.game_id for s in stats] == ids[:-2]  # oldest first, analysed games only
    for stat, game in zip(stats, games, strict=False):
        judged = audit(game)[seat]
        assert stat.seat == seat
        assert (stat.won, stat.diem, stat.violations, stat.missed_u, stat.missed_chiu) == (
            judged.won, judged.points, judged.violations, judged.missed_u, judged.missed_chiu)
        assert (stat.call_errors > 0) == judged.wrong_call
        assert stat.drawn == (game.outcome is not None and game.outcome.kind.value == "draw")
        assert list(stat.rules) == sorted((v.rule for v in game.violations if v.seat == seat),
                                          key=lambda r: int(r[1:]))
    if seat < 3:  # random and beginner players commit lỗi; normal never does
        assert sum(s.violations for s in stats) > 0


def test_the_human_seat_is_the_default_and_ai_only_games_have_none(
        selfplay: tuple[Path, list[Game], list[int]], tmp_path: Path) -> None:
    with Store.open(selfplay[0]) as store:
        assert game_stats(store) == []
    path = tmp_path / "mine.db"
    with Store.open(path) as store:
        ids = record_games(store, [110, 111, 112], RANDOM)  # "Bạn" at seat 0
    analyze_library(path)
    with Store.open(path) as store:
        stats = game_stats(store)
    assert [(s.game_id, s.seat) for s in stats] == [(g, 0) for g in ids]


def test_the_statistics_read_the_counts_never_the_events_or_documents(
        selfplay: tuple[Path, list[Game], list[int]]) -> None:
    """A thousand games must chart at once: game_stats reads the games table and the counts
    kept beside each analysis (m003), never an event or a cached document."""
    read: list[str] = []
    with Store.open(selfplay[0]) as store:
        store.db.conn.set_trace_callback(read.append)
        assert len(game_stats(store, lambda row: 0)) == len(selfplay[2]) - 2
    tables = {word for sql in read for word in sql.replace(",", " ").split()}
    assert {"games", "annotation_counts"} <= tables
    assert not tables & {"events", "analysis"}


def stat(won: bool, diem: float, rules: tuple[str, ...], missed: int = 0) -> GameStat:
    return GameStat(game_id=1, started_at="", seat=0, won=won, drawn=False, diem=diem,
                    violations=len(rules), missed_chiu=missed, missed_u=1, call_errors=0,
                    rules=rules)


def test_a_summary_gives_rates_means_and_the_most_frequent_loi() -> None:
    stats = [stat(True, 12, ()), stat(False, -4, ("L9", "L12", "L12")),
             stat(False, -4, ("L3", "L9"), missed=2), stat(False, 0, ("L12",))]
    s = summarize(stats)
    assert (s.games, s.win_rate, s.mean_diem, s.violations_per_game) == (4, 0.25, 1.0, 1.5)
    assert s.missed_per_game == (0 + 0 + 2 + 0 + 4) / 4
    assert s.top_rules == (("L12", 3), ("L9", 2), ("L3", 1))
    assert summarize([]) == summarize(()) and summarize([]).games == 0


def test_loi_committed_as_often_are_listed_by_rule_number() -> None:
    """RULES R7: L2 comes before L10 (the rule's number, not its spelling)."""
    assert summarize([stat(False, 0, ("L10", "L2", "L9"))]).top_rules == (
        ("L2", 1), ("L9", 1), ("L10", 1))


def test_a_rolling_mean_has_a_point_for_every_game() -> None:
    assert rolling([4, 0, 2, 6, 1], 3) == [4, 2, 2, pytest.approx(8 / 3), 3]
    assert rolling([1, 2], 1) == [1, 2]
    assert rolling([], 5) == []
    with pytest.raises(ValueError, match="cửa sổ"):
        rolling([1], 0)
