"""Cheaper rollouts must not change what ``normal`` decides.

The speed-ups (value.py's parity shortcuts and one-turn search, masks.py's bitsets read straight
from a history, policy.py's ``clean_only`` and hand-value memo, rollout.py's shared context)
are checked four ways: seeded all-normal games against the action records the code made before
them; the bitsets against the engine's judges on every history of mixed-level games; the
rollout's fast path against ``NormalPlayer`` deciding from real observations in sampled worlds;
and ``clean_only`` against the full scoring. bench/rollout.py runs the larger check
(``--equivalence 200 --check``) and prints the rollouts per second.

(Asked for by issue 15.)
"""

from __future__ import annotations

import hashlib
import random

import pytest
from masks_oracle import masks_of_judged

from engine.chan.ai import make_player
from engine.chan.ai.players import NormalPlayer
from engine.chan.ai.policy import best, score
from engine.chan.ai.rollout import Simulator
from engine.chan.ai.tracker import track
from engine.chan.ai.worlds import clone, hidden_of, sample_world
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.masks import after_eat
from engine.chan.observation import Observation
from engine.chan.violations import discard_faults, note_eat, partners

# sha256(repr(game.record))[:16] of the all-normal games dealt from 15150 + i (picker
# (i // 4) % 4), recorded with the code before the issue-15 rollout speed-ups.
BEFORE = ("bfef8b566e61fb64", "4e11554e34bb2df4", "6c5597726088aae0", "82dc85670fc22419",
          "bb4df7fd962baf25")


def _deal(seed: int, i: int) -> Deal:
    return Deal.shuffled(seed + i, 4, picker=(i // 4) % 4)


def _play(game: Game, levels: list[str], seed: int = 0) -> Game:
    players = [make_player(level, seed * 4 + s) for s, level in enumerate(levels)]
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)).action)
    return game


@pytest.mark.parametrize("i", range(len(BEFORE)))
def test_normal_selfplay_records_unchanged_by_rollout_speedups(i: int) -> None:
    game = _play(Game(_deal(15150, i)), ["normal"] * 4)
    assert hashlib.sha256(repr(game.record).encode()).hexdigest()[:16] == BEFORE[i]


def test_masks_from_keys_agree_with_engine_judges() -> None:
    seen = 0
    for i in range(9):
        level = ("random", "beginner", "normal")[i % 3]
        players = [make_player(level, i * 4 + s) for s in range(4)]
        game = Game(_deal(7700, i))
        while not game.is_over:
            for hist in game.hist:
                assert hist.masks == masks_of_judged(hist)
                seen += 1
            seat = game.actor
            assert seat is not None
            game.apply(players[seat].choose(game.observation(seat)).action)
    assert seen > 500


def test_discards_clean_after_an_eat_agree_with_engine_judges() -> None:
    """policy.py reads the clean discards after an eat from after_eat(...).disc_ok instead of
    judging a copied history: they must be what discard_faults says after note_eat."""
    checked = 0
    for i in range(6):
        level = ("random", "beginner", "normal")[i % 3]
        players = [make_player(level, i * 4 + s) for s in range(4)]
        game = Game(_deal(7800, i))
        step = 0
        while not game.is_over:
            step += 1
            if step % 3 == 0:
                for seat, hist in enumerate(game.hist):
                    m = hist.masks
                    for x in range(25):
                        for y in partners(x):
                            after = hist.copy()
                            note_eat(after, game.hand[seat], x, y, 0)
                            judged = sum(1 << z for z in range(25)
                                         if not discard_faults(after, z))
                            assert after_eat(m, x, y).disc_ok == judged
                            checked += 1
            seat_to_act = game.actor
            assert seat_to_act is not None
            game.apply(players[seat_to_act].choose(game.observation(seat_to_act)).action)
    assert checked > 1000


def _positions(seed: int, games: int) -> list[Observation]:
    normal = NormalPlayer()
    out = []
    for i in range(games):
        game = Game(_deal(seed, i))
        k = 0
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            if len(obs.legal) > 1 and obs.phase in ("play", "discard"):
                k += 1
                if k % 4 == 1:
                    out.append(obs)
            game.apply(normal.choose(obs).action)
    return out


def test_rollout_plays_like_normal_from_observations() -> None:
    normal = NormalPlayer()
    sim = Simulator()
    compared = 0
    for obs in _positions(15300, 2)[:8]:
        rng = random.Random(len(obs.history))
        world = sample_world(obs, rng, hidden_of(obs))
        action = normal.choose(obs).action
        fast = clone(world)
        fast.apply(action)
        sim.run(fast, obs.seat, track(obs).public)
        slow = clone(world)
        slow.apply(action)
        _play_on(slow, normal)
        assert fast.record == slow.record
        compared += len(slow.record)
    assert compared > 0


def _play_on(game: Game, normal: NormalPlayer) -> None:
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        game.apply(normal.choose(game.observation(seat)).action)


def test_clean_only_scoring_picks_what_full_scoring_picks() -> None:
    normal = NormalPlayer()
    checked = 0
    for obs in _positions(15400, 3):
        s = normal.situation(obs)
        full = best(score(s))
        fast = best(score(normal.situation(obs), clean_only=True))
        assert (fast.action, fast.value) == (full.action, full.value)
        checked += 1
    assert checked > 10
