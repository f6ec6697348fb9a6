"""The rules of Chắn: pure, deterministic, typed; no I/O, no Qt, no pygame (DESIGN.md)."""

from engine.actions import Act, Action
from engine.chan.cards import Card, parse_card, parse_cards
from engine.chan.deal import Deal, Piles, cai_recipient
from engine.chan.rules import LangRules
from engine.errors import BadCardCode, BadDeal, ChanError, IllegalAction
from engine.game import Game, Mode, Phase

__version__ = "0.1.0"

__all__ = [
    "Act",
    "Action",
    "BadCardCode",
    "BadDeal",
    "Card",
    "ChanError",
    "Deal",
    "Game",
    "IllegalAction",
    "LangRules",
    "Mode",
    "Phase",
    "Piles",
    "__version__",
    "cai_recipient",
    "parse_card",
    "parse_cards",
]
