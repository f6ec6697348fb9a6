"""The seam between the shared core and a game (DESIGN.md "Two games on one engine"): what each
ruleset supplies, and the rulesets by the name a record gives them (FORMATS ``game``).

A ruleset is a package under engine/ (engine/chan/ for Chắn) with one object that follows
``Ruleset``: its deck and card codes, its làng options, its deal, its game (a subclass of the
core's ``engine.game.Game`` holding the hand arithmetic, the meld and win test, the waits, the
fault judges, the cước and call tokens and the settlement), its hội accounting (a subclass of
``engine.session.Session``) and its rule registry. The layers above reach a game only through
its package's face (tests/test_layers.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from engine.kind import Kind

if TYPE_CHECKING:  # the core's modules import this one: types only, no cycle
    from engine.actions import Act, Action
    from engine.game import Game
    from engine.registry import Registry
    from engine.session import Session


class Ruleset(Protocol):
    """One game's rules behind the shared core."""

    @property
    def name(self) -> str:
        """FORMATS ``game``: "chan"."""

    @property
    def registry(self) -> Registry:
        """Every rule it judges (engine.registry)."""

    @property
    def cards(self) -> tuple[Kind, ...]:
        """Its card kinds, in its numbering (each an int enum value with a code)."""

    @property
    def acts(self) -> frozenset[Act]:
        """The acts of its events (FORMATS), ``decline`` included."""

    @property
    def game_class(self) -> type[Game[Any]]:
        """Its game: the core's table with its hooks and actions."""

    @property
    def session_class(self) -> type[Session]:
        """Its hội."""

    @property
    def default_rules(self) -> Any:
        """Its làng options with their defaults (a frozen value stored with every game)."""

    def parse_card(self, text: str) -> Kind:
        """A card code or name (ValueError saying why not)."""

    def parse_cuoc_id(self, text: str) -> str:
        """A cước id of its call tokens (ValueError saying why not)."""

    def check_call(self, call: Iterable[tuple[str, int]]) -> None:
        """Refuse a call no hand of this game can hold (ValueError)."""

    def score(self, call: Iterable[tuple[str, int]], rules: Any) -> int:
        """What a call collects: the shared điểm + dịch (engine.scoring) on its table, and
        whatever its làng adds (Chắn's gà)."""

    def read_rules(self, data: object) -> Any:
        """Its làng options from a record's ``rules`` object."""

    def read_deal(self, data: object, players: int | None, rules: Any) -> Any:
        """A deal from a record's ``deal`` object (either form)."""

    def parse_action(self, text: str) -> Action[Any]:
        """An action from its text form (``"0 discard 9v"``; BadAction saying why not)."""

    def read_action(self, data: object) -> Action[Any]:
        """An action from a record's event object (BadAction saying what is wrong)."""


RULESETS: dict[str, Ruleset] = {}
DEFAULT_GAME = "chan"  # FORMATS: a record without "game" is Chắn
# Rulesets known by name whose package is imported (and registers itself) the first time one
# is asked for: a program that plays only Chắn never loads Tổ tôm's tables (engine/__init__.py).
PACKAGES: dict[str, str] = {}


def register(ruleset: Ruleset) -> None:
    """Make a ruleset known by its name (each ruleset's package does it when imported)."""
    RULESETS[ruleset.name] = ruleset


def register_package(name: str, package: str) -> None:
    """Make a ruleset known by its name before its package is imported."""
    PACKAGES[name] = package


def games() -> tuple[str, ...]:
    """Every game a record may name (FORMATS ``game``), sorted."""
    return tuple(sorted(set(RULESETS) | set(PACKAGES)))


def ruleset_named(name: str = DEFAULT_GAME) -> Ruleset:
    """The ruleset of a record's ``game`` (ValueError naming the known ones otherwise)."""
    try:
        return RULESETS[name]
    except KeyError:
        pass
    package = PACKAGES.get(name)
    if package is not None:
        importlib.import_module(package)
        if name in RULESETS:
            return RULESETS[name]
    raise ValueError(f"unknown game {name!r} (one of {', '.join(games())})")
