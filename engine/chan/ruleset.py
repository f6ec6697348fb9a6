"""Chắn behind the seam: the ruleset object the shared core and the screens ask."""

from __future__ import annotations

from dataclasses import dataclass

from engine.chan.rulebook import REGISTRY
from engine.registry import Registry
from engine.ruleset import register


@dataclass(frozen=True)
class ChanRuleset:
    """Chắn (RULES.md)."""

    name: str = "chan"
    registry: Registry = REGISTRY


CHAN = ChanRuleset()
register(CHAN)
