"""The strong player's worlds come from a Markov chain over the hidden hands whose likelihood is
the one the engine replay gives (tests/ai/likelihood.py), scored per seat from its public moves
(posterior.py); every world it yields shows the observer its own table.

(Asked for by issue 15.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.chan import hand as H
from engine.chan.ai import make_player
from engine.chan.ai.posterior import Chain, checks_of, seat_weight
from engine.chan.ai.strong import strong_player
from engine.chan.ai.worlds import ChainWorlds, hidden_of, sample_deal, sample_world
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation
from engine.events import Declined
from engine.game import Mode
from tests.ai.likelihood import replay_weighted
from tests.ai.test_strong_inference import NINE_V, _after_pass


def _positions(games: int, seed: int) -> Iterator[Observation]:
    """Decision points of seeded all-normal games, every seat's view."""
    for i in range(games):
        game = Game(Deal.shuffled(seed + i, 4, picker=i % 4))
        players = [make_player("normal") for _ in range(4)]
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            if len(obs.legal) > 1:
                yield obs
            game.apply(players[seat].choose(obs).action)


def _chain_weight(obs: Observation, world: Game) -> float:
    hidden = hidden_of(obs)
    checks = checks_of(obs, hidden.played)
    w = 1.0
    for seat in range(obs.players):
        if checks[seat]:
            w *= seat_weight(checks[seat], world.hand[seat])
    return w


def test_chain_weight_is_the_engine_replays_weight() -> None:
    rng = random.Random(4)
    compared = 0
    for obs in list(_positions(6, 900))[::3]:
        if any(obs.bao):
            continue  # a báo seat's early moves still count in the replay (see checks_of)
        hidden = hidden_of(obs)
        for _ in range(4):
            game, w = replay_weighted(sample_deal(obs, hidden, rng), obs)
            if game is None or w == 0.0 or any(isinstance(e, Declined) for e in game.log):
                continue
            assert _chain_weight(obs, game) == pytest.approx(w)
            compared += 1
    assert compared > 40


def test_a_chain_step_keeps_every_card_and_every_hand_size() -> None:
    for obs in list(_positions(2, 950))[::7]:
        hidden = hidden_of(obs)
        chain = Chain(obs, hidden.pool, hidden.sizes, hidden.played, random.Random(2))
        chain.steps(300)
        assert sorted(chain.cards) == sorted(hidden.pool)
        hands = chain.hands()
        assert [len(h) for h in hands] == list(hidden.sizes)
        for seat, cards in enumerate(hands):
            assert chain.packed[seat] == H.pack(cards) + chain.fixed[seat]
            expected = seat_weight(chain.checks[seat], chain.packed[seat]) \
                if chain.checks[seat] else 1.0
            assert chain.weights[seat] == pytest.approx(expected)
        assert Counter(chain.rest()) == Counter(hidden.pool) - Counter(
            c for h in hands for c in h)


def test_every_chain_world_shows_the_observer_its_own_table() -> None:
    for obs in list(_positions(3, 970))[::5]:
        draw = ChainWorlds(obs, random.Random(8))
        for _ in range(3):
            world = draw()
            assert world.mode is Mode.REAL
            seen = world.observation(obs.seat)
            assert (seen.hand, seen.history, seen.legal, seen.bao, seen.hand_sizes,
                    seen.noc_left) == (obs.hand, obs.history, obs.legal, obs.bao,
                                       obs.hand_sizes, obs.noc_left)


def test_the_chain_gives_a_seat_that_let_a_chan_pass_that_card_less_often() -> None:
    obs = _after_pass(True).observation(0)
    rng = random.Random(5)
    uniform = sum(sample_world(obs, rng).hand_count(1, NINE_V) == 1
                  for _ in range(200))
    draw = ChainWorlds(obs, random.Random(5))
    chain = sum(draw().hand_count(1, NINE_V) == 1 for _ in range(200))
    assert chain < uniform / 2


def test_the_strong_level_searches_chain_worlds() -> None:
    obs = next(o for o in _positions(5, 990) if len(o.history) > 8)
    player = strong_player(1, budget_ms=None, worlds=2)
    assert isinstance(player.sampler(obs, random.Random(0), hidden_of(obs)), ChainWorlds)
