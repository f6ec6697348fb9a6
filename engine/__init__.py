"""The engine: the shared core of every game — the table, the claim window, the event log, the
hội, the rule registry — and one package per ruleset behind engine.ruleset's protocol
(DESIGN.md "Two games on one engine"). Pure, deterministic, typed; no I/O, no Qt, no pygame.
"""

__version__ = "0.1.0"

from engine import chan
from engine.actions import Act, Action
from engine.errors import BadCardCode, BadDeal, ChanError, IllegalAction
from engine.game import Game, Mode, Phase
from engine.ruleset import RULESETS, Ruleset, games, register_package, ruleset_named

register_package("to_tom", "engine.totom")  # TOTOM.md: loaded when first asked for

__all__ = [
    "RULESETS",
    "Act",
    "Action",
    "BadCardCode",
    "BadDeal",
    "ChanError",
    "Game",
    "IllegalAction",
    "Mode",
    "Phase",
    "Ruleset",
    "__version__",
    "chan",
    "games",
    "ruleset_named",
]
