"""AI-only Tổ tôm (issue 22 item 6): sessions are reproducible from their seed and follow the
hội (T2.4, T8.3); and the small benchmark CI runs — normal seats commit no TN or TD and let no
ù pass in a few hundred games, and most games are won (not kê). bench/tom_ai.py runs the
10,000-game figures and the duplicate evaluation against beginner."""

from __future__ import annotations

import itertools

import pytest

from engine.events import EndKind
from engine.totom.ai.selfplay import audit, game_seeds, play_session
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from engine.totom.session import TomSession

CI_GAMES = 200


def test_a_session_is_reproducible_from_its_seed() -> None:
    levels = ["beginner", "normal", "random", "normal", "beginner"]
    runs = [play_session(levels, 4, seed=17) for _ in range(2)]
    assert [g.record for g in runs[0]] == [g.record for g in runs[1]]
    assert [g.deal for g in runs[0]] == [g.deal for g in runs[1]]
    other = play_session(levels, 4, seed=18)
    assert [g.record for g in other] != [g.record for g in runs[0]]
    assert len(set(game_seeds(17, 4))) == 4


def test_a_session_follows_the_hoi_and_starts_a_new_one_when_it_ends() -> None:
    """T2.4: the winner, or after a kê the last drawer, is cái of the next game; T8.3: when
    the pool cannot pay an ù suông, the next game opens a new hội."""
    seen: list[tuple[TomGame, TomSession]] = []
    games = play_session(["normal"] * 5, 14, seed=3,
                         on_game=lambda i, g, s: seen.append((g, s)))
    assert [g for g, _ in seen] == games
    new_hoi = 0
    for (before, hoi), (after, next_hoi) in itertools.pairwise(seen):
        if next_hoi is not hoi:
            assert hoi.is_over
            new_hoi += 1
            continue
        o = before.outcome
        assert o is not None
        expected = o.winner if o.kind is EndKind.WIN else before.last_drawer
        assert after.deal.cai_seat == expected
    assert new_hoi >= 1


def test_four_players() -> None:
    rules = TomRules(players=4)
    games = play_session(["normal", "beginner", "normal", "random"], 2, seed=5, rules=rules)
    assert all(g.is_over and g.players == 4 for g in games)


def test_levels_must_match_the_table() -> None:
    with pytest.raises(ValueError, match="5 players need 5 levels"):
        play_session(["normal"] * 4, 1, seed=0)


def test_audit_needs_a_finished_game() -> None:
    game = TomSession().new_game(1)
    with pytest.raises(ValueError, match="not over"):
        audit(game)


def test_ci_benchmark_normal_is_clean_and_games_are_won() -> None:
    """bench/tom_ai.py in small: five normal seats, a few hundred games — no TN or TD, no ù
    let pass, every ù paid, and most games won (few kê)."""
    games = play_session(["normal"] * 5, CI_GAMES, seed=2024)
    audits = [a for g in games for a in audit(g)]
    assert [r for a in audits for r in a.offences] == []
    assert sum(a.missed_u for a in audits) == 0
    won = [a for a in audits if a.won]
    assert all(a.verdict == "paid" and not a.undercall for a in won)
    assert len(won) > CI_GAMES * 0.75  # kê is rare, not the rule
