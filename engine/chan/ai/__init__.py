"""Chắn's computer players (DESIGN.md engine/ai): three levels that see only an observation.

``make_player(level, seed)`` builds one: ``beginner``, ``normal``, ``strong`` (and ``random``,
a yardstick). Every player has ``choose(observation) -> Decision`` (the action, a reason in
Vietnamese and English, and its value) and ``evaluate(observation) -> {action: value}``.

The modules, bottom up:

- tracker.py — rebuilds the seat's own rule history (with its bitsets of what it may still
  eat and discard, engine/chan/masks.py) and the public facts from the record;
- value.py — a hand's rough chance of winning (R3.6, R5) given the unseen cards and time;
- situation.py — one decision in the form the policies read;
- policy.py — the normal policy: a value for every legal action;
- reasons.py — the reason for a move, from the engine's facts;
- players.py — normal, beginner and random players;
- worlds.py, rollout.py, strong.py — the strong player: sampled hidden worlds, rollouts;
- selfplay.py — AI-only sessions reproducible from a seed, and the audit of a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.chan.ai.players import (
    BeginnerPlayer,
    Decision,
    LearnerRates,
    NormalPlayer,
    Player,
    RandomPlayer,
)
from engine.chan.ai.reasons import Reason
from engine.chan.ai.reasons import explain as explain_move
from engine.chan.ai.selfplay import audit, play_game, play_session, reproducible_player

if TYPE_CHECKING:  # imported when first asked for (the strong player's search is large)
    from engine.chan.ai.strong import StrongPlayer, strong_player

LEVELS = ("beginner", "normal", "strong", "random")


def make_player(level: str, seed: int = 0) -> Player:
    """A player of ``level`` whose random choices come from ``seed`` (strong: default time
    budget; see selfplay.reproducible_player for a player fixed by its seed alone)."""
    if level == "normal":
        return NormalPlayer()
    if level == "beginner":
        return BeginnerPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    if level == "strong":
        from engine.chan.ai.strong import strong_player
        return strong_player(seed)
    raise ValueError(f"unknown level '{level}' (one of {', '.join(LEVELS)})")


def __getattr__(name: str) -> Any:
    """The strong player's names, imported when first asked for."""
    if name in ("StrongPlayer", "strong_player"):
        from engine.chan.ai import strong
        return getattr(strong, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "BeginnerPlayer", "Decision", "LearnerRates", "NormalPlayer", "Player",
           "RandomPlayer", "Reason", "StrongPlayer", "audit", "explain_move", "make_player",
           "play_game", "play_session", "reproducible_player", "strong_player"]
