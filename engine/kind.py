"""The card the shared core speaks of: a card kind, an int in its ruleset's numbering.

Each ruleset has its own card type, an int enum (Chắn's ``engine.chan.cards.Card``); the core
stores and compares kinds and never reads more into them. For the type checker ``Kind`` is the
union of the rulesets' card types (today Chắn's alone), so a screen that shows a core event's
card gets the card type it knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from engine.chan.cards import Card

    Kind: TypeAlias = Card
else:
    Kind = int
