"""Tổ tôm behind the seam (engine/ruleset.py): the ruleset object the core and the screens ask,
registered as ``"to_tom"`` (FORMATS ``game``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Act
from engine.registry import Registry
from engine.ruleset import register
from engine.totom.actions import ACTS, TomAction
from engine.totom.call import CallToken
from engine.totom.cards import ALL_CARDS, Card, parse_card
from engine.totom.cuoc import score
from engine.totom.deal import Deal
from engine.totom.errors import BadCall
from engine.totom.game import TomGame
from engine.totom.rulebook import REGISTRY
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.session import TomSession

GAME = "to_tom"


@dataclass(frozen=True)
class TomRuleset:
    """Tổ tôm (TOTOM.md): 30 kinds × 4, five or four players, phu and lưng, TN1–TN8, TD1–TD10."""

    name: str = GAME
    registry: Registry = REGISTRY
    cards: tuple[Card, ...] = ALL_CARDS
    acts: frozenset[Act] = ACTS
    game_class: type[TomGame] = TomGame
    session_class: type[TomSession] = TomSession
    default_rules: TomRules = DEFAULT_RULES

    def parse_card(self, text: str) -> Card:
        """A code (``1v``, ``oc``) or an unambiguous name (T1.3)."""
        return parse_card(text)

    def parse_cuoc_id(self, text: str) -> str:
        """``tom`` or ``TC3`` (T7.5); the four-player names of TC5 and TC6 too."""
        token = CallToken.parse(text)
        if token.cuoc is None:
            raise BadCall(f"'{text}' is a call token, not a cước (T7.5)",
                          vi=f"'{text}' không phải một cước (T7.5)")
        return token.cuoc

    def check_call(self, call: Iterable[tuple[str, int]]) -> None:
        """Refuse a cước that is none, or a count a call cannot hold (T7.5)."""
        for cid, n in call:
            CallToken(cid, None, n)

    def score(self, call: Iterable[tuple[str, int]], rules: TomRules) -> int:
        """T7.4 on the làng's points (engine/totom/cuoc.py)."""
        cuoc: dict[str, int] = {}
        for cid, n in call:
            key = self.parse_cuoc_id(cid)
            cuoc[key] = cuoc.get(key, 0) + n
        return score(cuoc, rules)

    def read_rules(self, data: object) -> TomRules:
        """T9's options from a record's ``rules``."""
        return TomRules.from_json(data)

    def read_deal(self, data: object, players: int | None, rules: TomRules) -> Deal:
        """The piles form or the hands form (FORMATS "Tổ tôm records")."""
        return Deal.from_json(data, rules)

    def parse_action(self, text: str) -> TomAction:
        """The text form of a Tổ tôm action (engine/totom/actions.py)."""
        return TomAction.parse(text)

    def read_action(self, data: object) -> TomAction:
        """A Tổ tôm event of a record (FORMATS)."""
        return TomAction.from_json(data)


TO_TOM = TomRuleset()
register(TO_TOM)
