"""Game.copy(): an independent game in the same state (searching players rely on it)."""

import random

from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.game import Game as Core

SHARED = Game.SHARED
SLOTS = (*Core.__slots__, *Game.__slots__)  # the core's and Chắn's


def test_copy_shares_only_immutable_slots() -> None:
    game = Game(Deal.shuffled(5))
    rng = random.Random(5)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    twin = game.copy()
    assert twin.state_key() == game.state_key()
    for name in SLOTS:
        value = getattr(game, name)
        if isinstance(value, list | dict | set):
            assert name not in SHARED, name
            assert getattr(twin, name) is not value, name
        else:
            assert name in SHARED, f"{name} holds {type(value).__name__}: copy or share it"


def test_playing_on_a_copy_leaves_the_original_alone() -> None:
    game = Game(Deal.shuffled(9))
    rng = random.Random(9)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    before = game.state_key()
    twin = game.copy()
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.state_key() == before
    assert Game.replay(game.deal, game.record, complete=False).state_key()[2:4] == before[2:4]
