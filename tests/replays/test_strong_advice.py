"""The review's advice comes from the best player, ``strong``, and its "value lost" is coherent —
the suggested move is the best value of the clean moves, it loses nothing, no move loses a
negative amount. The strong player keeps the normal policy's move unless its search is
confident, so a searched move that leads the choice by less than the search can tell apart is
reported at the choice's value: a tie (StrongPlayer._values).

A strong advice searches (24 worlds), so the tests ask about a bounded number of decisions.

(Asked for by issue 15, build item 3.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.actions import Action
from engine.chan.ai import NormalPlayer
from engine.chan.ai.selfplay import play_game, play_session, reproducible_player
from engine.chan.ai.strong import SearchResult, StrongPlayer
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from replays.advice import (
    ADVICE_SEED,
    ADVISER,
    Advice,
    advise,
    as_choice,
    deciding,
    decision_points,
)

EVERY = 5  # every 5th decision: a strong advice costs a search


def strong() -> StrongPlayer:
    """The adviser exactly as replays.advice makes it."""
    player = reproducible_player("strong", ADVICE_SEED)
    assert isinstance(player, StrongPlayer)
    return player


def searched(position: Game, seat: int) -> SearchResult | None:
    """The search the adviser makes at ``seat``'s decision (None: it does not search there);
    seeded from the position, so the very search its advice rests on."""
    return strong().decide(deciding(position, seat).observation(seat))[2]


def assert_coherent(position: Game, advice: Advice) -> None:
    """The suggestion is the best value of the clean moves; value lost is 0 for it and never
    negative; every legal move is valued."""
    decider = deciding(position, advice.seat)
    legal = decider.legal_actions()
    assert set(advice.values) == set(legal)
    clean = [v for a, v in advice.values.items() if not decider.faults_of(a)]
    assert advice.best in legal and advice.best_value == advice.values[advice.best]
    if clean:
        assert advice.best_value == max(clean)
    assert advice.lost(advice.best) == 0.0
    assert all(advice.lost(a) >= 0.0 for a in legal)


def normal_positions(seed: int) -> Iterator[Game]:
    """The positions of an all-normal game where the actor has a real choice (copies)."""
    record = play_game(Game(Deal.shuffled(seed)), [NormalPlayer() for _ in range(4)]).record
    g = Game(Deal.shuffled(seed))
    for action in record:
        if len(g.legal_actions()) > 1:
            yield g.copy()
        g.apply(action)


def searched_advice(seed: int) -> Iterator[tuple[Game, SearchResult, Advice]]:
    """At each searched decision of all-normal game ``seed``: the position, the search the
    adviser made there, and its advice."""
    for position in normal_positions(seed):
        seat = position.actor
        assert seat is not None
        result = searched(position, seat)
        if result is not None:
            yield position, result, advise(position, seat)


def test_the_review_asks_the_strong_player_and_says_so() -> None:
    assert ADVISER == "strong"
    position = next(normal_positions(4))
    advice = advise(position)
    assert advice.judge == "strong"
    assert advice.judge_vi == "theo máy mạnh" and advice.judge_en == "by the strong player"
    assert "mô phỏng" in advice.scale_vi and "simulated" in advice.scale_en


def test_strong_advice_is_coherent_over_many_decisions() -> None:
    games = play_session(("beginner", "normal", "normal", "random"), 5, seed=15)
    checked = searches = 0
    for game in games:
        for seat in range(4):
            for point in decision_points(game, seat)[seat % EVERY::EVERY]:
                if len(deciding(point.before, seat).legal_actions()) < 2:
                    continue
                advice = advise(point.before, seat)
                assert advice.judge == "strong"
                assert_coherent(point.before, advice)
                lost = advice.lost(as_choice(point.action)) \
                    if as_choice(point.action) in advice.values else 0.0
                assert lost >= 0.0
                checked += 1
                searches += "thế bài" in advice.reason_vi
    assert checked > 20 and searches > 5


def test_a_lead_within_the_search_noise_is_a_tie() -> None:
    """Find a decision where a searched move's rollout mean leads the suggestion (the strong
    player did not switch: not sure enough) — the old values ranked it above the suggested
    move — and check it is reported at the suggestion's value, losing nothing, while the
    searched moves behind keep their means."""
    ties = 0
    for seed in range(4):
        for position, result, advice in searched_advice(seed):
            assert_coherent(position, advice)
            top = result.means[result.actions.index(advice.best)]
            assert advice.best_value == top
            for a, m in zip(result.actions, result.means, strict=True):
                if m > top:  # leads the suggestion, which the search did not switch to
                    assert a != advice.best and advice.values[a] == top
                    assert advice.lost(a) == 0.0
                    ties += 1
                else:
                    assert advice.values[a] == m  # its own mean
            if ties >= 3:
                return
    pytest.fail(f"only {ties} tie(s) found: the rule was never exercised")


def test_values_off_the_search_stay_below_every_searched_move() -> None:
    seen = 0
    for _, result, advice in searched_advice(6):
        lowest = min(result.means)
        others = [a for a in advice.values if a not in result.actions]
        assert all(advice.values[a] <= lowest for a in others)  # lỗi moves too
        seen += bool(others)
        if seen >= 3:
            break
    assert seen >= 3


def test_a_decision_is_named_by_its_event_and_its_order_there() -> None:
    """The kept advice is keyed by (event, nth): a seat that draws a card and lets the ù on it
    pass makes two decisions at one event."""
    games = play_session(("random", "random", "beginner", "normal"), 30, seed=8)
    second = 0
    for game in games:
        for seat in range(4):
            points = decision_points(game, seat)
            keys = [(p.event, p.nth) for p in points]
            assert len(set(keys)) == len(keys)
            for p in points:
                assert p.nth == sum(1 for q in points[:points.index(p)] if q.event == p.event)
            second += sum(p.nth > 0 for p in points)
    assert second > 0


def test_advice_reads_its_actions_in_their_text_form() -> None:
    position = next(normal_positions(4))
    advice = advise(position)
    assert all(Action.parse(str(a)) == a for a in advice.values)
