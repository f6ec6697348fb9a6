"""The engine: the shared core of every game — the table, the claim window, the event log, the
hội, the rule registry — and one package per ruleset behind engine.ruleset's protocol
(DESIGN.md "Two games on one engine"). Pure, deterministic, typed; no I/O, no Qt, no pygame.
"""

__version__ = "0.1.0"

from engine import chan, totom
from engine.actions import Act, Action
from engine.errors import BadCardCode, BadDeal, ChanError, IllegalAction
from engine.game import Game, Mode, Phase
from engine.ruleset import RULESETS, Ruleset, ruleset_named

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
    "ruleset_named",
    "totom",
]
