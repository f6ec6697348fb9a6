"""Tổ tôm's computer players (issue 22 item 6): each level chooses a move the game accepts, with
a reason in Vietnamese and English; decisions are fixed by the seed; the levels are found by
name, through the ruleset's face too (what ``selfplay --game to_tom`` asks)."""

from __future__ import annotations

import re

import pytest

import engine.totom as face
from engine.actions import Act
from engine.totom.ai import LEVELS, BeginnerPlayer, LearnerRates, NormalPlayer, make_player
from engine.totom.ai.players import Decision, Player
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.observation import TomObservation
from engine.totom.rules import DEFAULT_RULES, TomRules

VIETNAMESE = re.compile(r"[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]",
                        re.IGNORECASE)


def played(levels: list[str], seed: int, rules: TomRules = DEFAULT_RULES
           ) -> list[tuple[TomObservation, Decision]]:
    """Every decision of one game among ``levels``, with the observation it was made on."""
    players = [make_player(level, seed * 10 + s) for s, level in enumerate(levels)]
    game = TomGame(Deal.shuffled(seed, rules, seed % rules.players), rules)
    out = []
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        decision = players[seat].choose(obs)
        out.append((obs, decision))
        game.apply(decision.action)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_is_accepted_and_explained_in_both_languages(level: str) -> None:
    for seed in range(3):
        for obs, d in played([level] * 5, seed):
            if level == "normal" or d.action.act is not Act.CALL:
                assert d.action in obs.legal
            assert d.reason.vi and d.reason.en
            if level != "random" and len(obs.legal) > 1:
                assert VIETNAMESE.search(d.reason.vi), d.reason.vi
                assert d.reason.vi != d.reason.en


def test_four_players_too() -> None:
    rules = TomRules(players=4)
    decisions = played(["normal", "beginner", "normal", "random"], 3, rules)
    assert decisions and all(d.action in obs.legal for obs, d in decisions
                             if d.action.act is not Act.CALL)


@pytest.mark.parametrize("level", ["normal", "beginner", "random"])
def test_decisions_are_fixed_by_the_seed(level: str) -> None:
    first = [d.action for _, d in played([level] * 5, 11)]
    again = [d.action for _, d in played([level] * 5, 11)]
    assert first == again


def test_a_beginner_slips_only_by_its_rates() -> None:
    """With every rate at 0 a beginner plays normal's moves; with slips on it differs."""
    steady = BeginnerPlayer(5, LearnerRates(0.0, 0.0, 0.0, 0.0))
    normal = NormalPlayer()
    shaky = BeginnerPlayer(5, LearnerRates(0.0, 0.0, 1.0, 0.0))
    differ = 0
    for obs, _ in played(["normal"] * 5, 4):
        if len(obs.legal) > 1:
            assert steady.choose(obs).action == normal.choose(obs).action
            differ += shaky.choose(obs).action != normal.choose(obs).action
    assert differ > 0


def test_judge_is_choose_and_evaluate() -> None:
    player = make_player("normal")
    for obs, _ in played(["normal"] * 5, 2)[:40]:
        decision, values = player.judge(obs)
        assert decision == player.choose(obs)
        assert set(values) == set(obs.legal)


def test_no_decision_without_a_turn() -> None:
    game = TomGame(Deal.shuffled(1))
    seat = next(s for s in range(5) if s != game.actor)
    with pytest.raises(ValueError, match="no decision"):
        make_player("normal").choose(game.observation(seat))


def test_levels_are_found_by_name_through_the_ruleset_face() -> None:
    assert face.AI_LEVELS == LEVELS
    for level in LEVELS:
        player: Player = face.make_player(level, 3)
        assert player.level == level
    with pytest.raises(ValueError, match="unknown level 'strong'"):
        face.make_player("strong")


def test_the_face_plays_and_audits_a_session() -> None:
    games = face.play_session(["normal"] * 5, 2, seed=9)
    assert len(games) == 2 and all(g.is_over for g in games)
    audits = face.audit(games[0])
    assert len(audits) == 5
    assert sum(a.won for a in audits) == (games[0].outcome is not None
                                          and games[0].outcome.winner is not None)
