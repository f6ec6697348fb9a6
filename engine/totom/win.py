"""Ù: the win test (T5.2), thiên ù (T5.4), tròn and thập thành (T3.9), the phỗng statement (T5.6).

Every function takes the position as it is between turns and the winning card W apart, so the
state machine can ask about any card without building a new position.
"""

from __future__ import annotations

from engine.totom.cards import Card
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.search import search


def wins(position: Position, w: Card | None, rules: TomRules = DEFAULT_RULES,
         phong: bool | None = None) -> bool:
    """T5.2: position + W has an arrangement with every card placed and the lưng required.

    ``w`` None tests the position's own cards (thiên ù, T5.4). ``phong`` is the winner's
    statement (T5.6): True — W and two hand cards make a bộ giống; False — W lies elsewhere;
    None — either. The card count is the caller's (T5.2: "kept by the engine").
    """
    return search(position.packed, w, rules.lung_required, phong)


def thien_u(position: Position, rules: TomRules = DEFAULT_RULES) -> bool:
    """T5.4: the cái's N + 1 dealt cards already win, with no W (its khàn count as laid)."""
    return search(position.packed, None, rules.lung_required)


def is_tron(position: Position) -> bool:
    """T3.9 tròn: every card of the position placed, lưng or not."""
    return search(position.packed, None, 0)


def is_thap_thanh(position: Position, rules: TomRules = DEFAULT_RULES) -> bool:
    """T3.9 thập thành: tròn with the required lưng — it wins on every yêu (T5.5)."""
    return search(position.packed, None, rules.lung_required)


def phong_statement_needed(position: Position, w: Card) -> bool:
    """T5.6: the winner holds two cards identical to W in its hand, so its win must say
    phỗng or không phỗng."""
    return position.packed.hand[w] >= 2


def phong_statement_fits(position: Position, w: Card, phong: bool,
                         rules: TomRules = DEFAULT_RULES) -> bool:
    """T5.6: some winning arrangement agrees with the statement (else TD1)."""
    return search(position.packed, w, rules.lung_required, phong)
