"""Positions for the chiếu tests: mid-game observations from seeded random play."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from desktop.chieu.view import ChieuView, Prompt
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation


def random_observation(seed: int, steps: int, seat: int = 0, players: int = 4) -> Observation:
    """Observation of `seat` after up to `steps` random legal actions from deal `seed`."""
    rng = random.Random(seed)
    game = Game(Deal.shuffled(seed, players=players))
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game.observation(seat)


def busy_view(obs: Observation, **changes: Any) -> ChieuView:
    """A view with everything switched on: names, scores, prompts, a message, a selection."""
    view = ChieuView(
        obs=obs,
        names=("Bạn", "Bà Tư", "Chú Ba Đức", "Cô Hằng")[: obs.players],
        scores=(12, -4, 0, -8)[: obs.players],
        game_no=2,
        prompts=(Prompt("eat", hint="A", primary=True), Prompt("draw", hint="B"),
                 Prompt("chiu"), Prompt("win", enabled=False)),
        message="Ăn quân ở cửa trên, hoặc bốc một quân từ nọc.",
        countdown=0.5,
        selected=obs.hand[0] if obs.hand else None,
        highlighted=frozenset(obs.hand[1:3]),
    )
    return dataclasses.replace(view, **changes)
