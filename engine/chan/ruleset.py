"""Chắn behind the seam (engine/ruleset.py): the ruleset object the core and the screens ask."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan.cards import ALL_CARDS, Card, parse_card
from engine.chan.cuoc import total
from engine.chan.cuoc_ids import check_call, parse_cuoc_id
from engine.chan.deal import Deal
from engine.chan.game import ChanGame
from engine.chan.rulebook import REGISTRY
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.session import ChanSession
from engine.registry import Registry
from engine.ruleset import register


@dataclass(frozen=True)
class ChanRuleset:
    """Chắn (RULES.md): 25 kinds × 4, two to four players, pairs (chắn, cạ), L0–L17."""

    name: str = "chan"
    registry: Registry = REGISTRY
    cards: tuple[Card, ...] = ALL_CARDS
    game_class: type[ChanGame] = ChanGame
    session_class: type[ChanSession] = ChanSession
    default_rules: LangRules = DEFAULT_RULES
    acts: frozenset[Act] = frozenset(ChanGame.ACTIONS)

    def parse_card(self, text: str) -> Card:
        """A code (``9v``, ``cc``) or an unambiguous name (R1.3)."""
        return parse_card(text)

    def parse_cuoc_id(self, text: str) -> str:
        """``leo`` or ``C14`` (R6)."""
        return parse_cuoc_id(text)

    def check_call(self, call: Iterable[tuple[str, int]]) -> None:
        """Refuse counts beyond what a 20-card hand holds."""
        check_call(call)

    def score(self, call: Iterable[tuple[str, int]], rules: LangRules) -> int:
        """R6.2 (engine.scoring on the R6 table) + gà × điểm per gà (R6.3)."""
        return total(call, rules)

    def read_rules(self, data: object) -> LangRules:
        """R11's options from a record's ``rules``."""
        return LangRules.from_json(data)

    def read_deal(self, data: object, players: int | None, rules: LangRules) -> Deal:
        """The piles form or the hands form (FORMATS.md)."""
        return Deal.from_json(data, players, rules)

    def parse_action(self, text: str) -> Action[Card]:
        """FORMATS' text form of a Chắn event."""
        return Action.parse(text, self)

    def read_action(self, data: object) -> Action[Card]:
        """FORMATS' Chắn event."""
        return Action.from_json(data, self)


CHAN = ChanRuleset()
register(CHAN)
