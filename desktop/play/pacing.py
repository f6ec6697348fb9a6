"""How fast the computer plays and cards move: human speed in the app, zero in tests."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pacing:
    """Delays in milliseconds; 0 everywhere makes a game run as fast as the engine."""

    think_ms: int = 450  # a computer player's pause before it acts
    anim_ms: int = 240  # a card's flight
    deal_ms: int = 90  # one card-back flight of the deal animation
    frame_ms: int = 16  # animation frame interval
    tick_ms: int = 100  # claim countdown update interval
    result_ms: int = 1200  # the ù banner stays on the chiếu before the result screen

    @property
    def animated(self) -> bool:
        """Whether cards fly at all."""
        return self.anim_ms > 0


HUMAN = Pacing()
INSTANT = Pacing(think_ms=0, anim_ms=0, deal_ms=0, frame_ms=0, tick_ms=100, result_ms=0)
