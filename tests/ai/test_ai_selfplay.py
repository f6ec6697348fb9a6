"""Self-play sessions are reproducible from their seed, and the small benchmark that CI runs:
normal seats commit no lỗi, miss no ù and call right; normal beats random-legal players."""

from __future__ import annotations

import itertools

import pytest

from engine.chan.ai.selfplay import audit, game_seeds, play_session
from engine.chan.rules import LangRules
from engine.events import EndKind
from engine.game import Mode

CI_GAMES = 50


def test_a_session_is_reproducible_from_its_seed() -> None:
    runs = [play_session(["beginner", "normal", "random", "normal"], 4, seed=17)
            for _ in range(2)]
    assert [g.record for g in runs[0]] == [g.record for g in runs[1]]
    assert [g.deal for g in runs[0]] == [g.deal for g in runs[1]]
    other = play_session(["beginner", "normal", "random", "normal"], 4, seed=18)
    assert [g.record for g in other] != [g.record for g in runs[0]]


def test_a_session_follows_the_hoi_picker_and_thong() -> None:
    games = play_session(["normal"] * 4, 6, seed=3)
    for before, after in itertools.pairwise(games):
        o = before.outcome
        assert o is not None
        if o.kind is EndKind.WIN:
            assert after.deal.picker == o.winner  # R2.4
    assert len(set(game_seeds(3, 6))) == 6


@pytest.mark.parametrize("players", [2, 3])
def test_sessions_at_smaller_tables(players: int) -> None:
    games = play_session(["normal", "beginner", "normal"][:players], 3, seed=5,
                         players=players, rules=LangRules(unused_piles="noc"))
    assert all(g.is_over and g.players == players for g in games)


def test_levels_must_match_the_table() -> None:
    with pytest.raises(ValueError, match="4 players need 4 levels"):
        play_session(["normal"] * 3, 1, seed=0)


def test_ci_benchmark_normal_is_clean() -> None:
    """bench/ai.py in small: normal seats in 50 games — 0 lỗi, 0 missed ù, 0 wrong calls."""
    games = play_session(["normal"] * 4, CI_GAMES, seed=2024)
    audits = [a for g in games for a in audit(g)]
    assert sum(a.violations for a in audits) == 0
    assert sum(a.missed_u for a in audits) == 0
    assert sum(a.wrong_call for a in audits) == 0
    assert sum(a.won for a in audits) > CI_GAMES // 2  # most games are won by someone


def test_ci_benchmark_normal_beats_random_players() -> None:
    """bench/ai.py in small: normal against three random-legal players wins most games."""
    wins = decided = 0
    for seat in range(4):
        levels = ["random"] * 4
        levels[seat] = "normal"
        for game in play_session(levels, CI_GAMES // 4 + 1, seed=77 + seat):
            o = game.outcome
            if o is not None and o.kind is EndKind.WIN:
                decided += 1
                wins += o.winner == seat
            assert audit(game)[seat].violations == 0
    assert decided and wins / decided >= 0.5


@pytest.mark.parametrize("mode", [Mode.STRICT, Mode.TEACHING])
def test_every_level_plays_in_every_mode(mode: Mode) -> None:
    games = play_session(["normal", "beginner", "random", "normal"], 2, seed=9, mode=mode)
    assert all(g.is_over for g in games)
    if mode is Mode.STRICT:  # R7.5: strict mode refuses lỗi while a clean move exists
        assert all(a.violations == 0 for g in games for a in audit(g))
