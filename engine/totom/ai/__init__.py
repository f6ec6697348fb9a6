"""Tổ tôm's computer players (TOTOM T3–T8; issue 22 item 6): levels that see only an
observation, as Chắn's (engine/chan/ai).

``make_player(level, seed)`` builds one: ``beginner``, ``normal`` (and ``random``, a
yardstick). Every player has ``choose(observation) -> Decision`` (the action, a reason in
Vietnamese and English, and its value), ``evaluate`` and ``judge`` (both at once, for advice).

The modules, bottom up:

- tracker.py — the seat's position, the unseen cards, its own takes and discards, public facts;
- duties.py — the offences of a discard foreseen before a take (TD2, TD3, TD4, TD9);
- shape.py — the split of a hand into placed cards, partials and loose cards;
- value.py — a position's value: its split, its lưng, its waits and their live cards;
- policy.py — the normal policy: a value for every legal action;
- reasons.py — the reason for a move, from the engine's facts;
- players.py — normal, beginner and random players;
- selfplay.py — AI-only games and hội reproducible from a seed, and the audit of a game.
"""

from __future__ import annotations

from engine.totom.ai.players import (
    BeginnerPlayer,
    Decision,
    LearnerRates,
    NormalPlayer,
    Player,
    RandomPlayer,
)
from engine.totom.ai.reasons import Reason

LEVELS = ("beginner", "normal", "random")


def make_player(level: str, seed: int = 0) -> Player:
    """A player of ``level`` whose random choices come from ``seed``."""
    if level == "normal":
        return NormalPlayer()
    if level == "beginner":
        return BeginnerPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown level '{level}' (one of {', '.join(LEVELS)})")


__all__ = ["LEVELS", "BeginnerPlayer", "Decision", "LearnerRates", "NormalPlayer", "Player",
           "RandomPlayer", "Reason", "make_player"]
