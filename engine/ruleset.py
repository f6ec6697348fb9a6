"""The seam between the shared core and a game: what each ruleset supplies (DESIGN.md "Two
games on one engine"), and the rulesets by the name a record gives them (FORMATS ``game``).
"""

from __future__ import annotations

from typing import Protocol

from engine.registry import Registry


class Ruleset(Protocol):
    """One game's rules behind the shared core."""

    @property
    def name(self) -> str:
        """FORMATS ``game``: "chan"."""

    @property
    def registry(self) -> Registry:
        """Every rule it judges (engine.registry)."""


RULESETS: dict[str, Ruleset] = {}
DEFAULT_GAME = "chan"  # FORMATS: a record without "game" is Chắn


def register(ruleset: Ruleset) -> None:
    """Make a ruleset known by its name (each ruleset's package does it when imported)."""
    RULESETS[ruleset.name] = ruleset


def ruleset_named(name: str = DEFAULT_GAME) -> Ruleset:
    """The ruleset of a record's ``game`` (ValueError naming the known ones otherwise)."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"unknown game {name!r} (one of {known})") from None
