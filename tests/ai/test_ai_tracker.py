"""The AI rebuilds its seat's rule history from the observation exactly as the engine keeps it
(R7 B–D), and the bitsets move over hypothetical moves as the engine's judges say."""

from __future__ import annotations

import random

import pytest
from masks_oracle import masks_of_judged

from engine.chan import hand as H
from engine.chan.ai import BeginnerPlayer, LearnerRates, RandomPlayer
from engine.chan.ai.tracker import track
from engine.chan.cards import pairs_with
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.masks import after_decline, after_discard, after_eat
from engine.chan.violations import legal_eats, note_decline, note_discard, note_eat

SLIPPY = LearnerRates(miss_u=0.5, miss_chiu=0.5, fault=0.6, undercall=0.5, slip=0.5)


@pytest.mark.parametrize("seed", range(12))
def test_tracker_rebuilds_every_seats_history_and_dealt_hand(seed: int) -> None:
    players = (4, 3, 2)[seed % 3]
    game = Game(Deal.shuffled(seed, players))
    table = [RandomPlayer(seed + s) if seed % 2 else BeginnerPlayer(seed + s, SLIPPY)
             for s in range(players)]
    while not game.is_over:
        for seat in range(players):
            tracked = track(game.observation(seat))
            tracked.hist.bo_u = game.hist[seat].bo_u  # claim windows are not in the record
            assert tracked.hist == game.hist[seat]
            assert tracked.dealt == game.dealt[seat]
        actor = game.actor
        assert actor is not None
        game.apply(table[actor].choose(game.observation(actor)).action)


@pytest.mark.parametrize("seed", range(8))
def test_mask_deltas_agree_with_the_engines_note_functions(seed: int) -> None:
    game = Game(Deal.shuffled(100 + seed))
    table = [BeginnerPlayer(seed * 7 + s, SLIPPY) for s in range(4)]
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        hist, h = game.hist[seat], game.hand[seat]
        m = hist.masks
        assert m == masks_of_judged(hist)
        for z in H.kinds_held(h):
            copy = hist.copy()
            note_discard(copy, z, 999)
            assert after_discard(m, z) == masks_of_judged(copy) == copy.masks
        live = game.live
        if live is not None and game.phase.value == "play":
            x = live.card
            for y in H.kinds_held(h):
                if pairs_with(x, y):
                    copy = hist.copy()
                    note_eat(copy, h, x, y, 999)
                    assert after_eat(m, x, y) == masks_of_judged(copy) == copy.masks
            if legal_eats(h, game.hand_n[seat], game.mat_chan[seat], x):
                copy = hist.copy()
                note_decline(copy, h, x, 999)
                assert after_decline(m, h, x) == masks_of_judged(copy) == copy.masks
        obs = game.observation(seat)
        game.apply(table[seat].choose(obs).action if rng.random() < 0.8
                   else rng.choice(obs.legal))
