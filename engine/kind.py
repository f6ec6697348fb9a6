"""The card the shared core speaks of: a card kind, an int in its ruleset's numbering.

Each ruleset has its own card type, an int enum (Chắn's ``engine.chan.cards.Card``, Tổ tôm's
``engine.totom.cards.Card``); the core stores and compares kinds and never reads more into them.
The core's values and its game are generic in the card type ``K`` (``Action[K]``, ``Placed[K]``,
``Game[K]``): a ruleset's game is ``Game[its Card]``, so its actions and events carry its own
cards for the type checker. Written bare, they are Chắn's (``K`` defaults to Chắn's card), so a
screen of Chắn that shows a core event's card gets the card type it knows. ``Kind`` is any
ruleset's card, where the core does not care which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from engine.chan.cards import Card

    Kind: TypeAlias = int
    K = TypeVar("K", bound=int, default=Card)
else:
    from typing import TypeVar

    Kind = int
    K = TypeVar("K", bound=int)

