"""Chắn (RULES.md), the first ruleset: the face the layers above reach it through.

replays/, lessons/ and desktop/ import Chắn from here (or its computer players from
engine.chan.ai), never from its modules (tests/test_layers.py). ``CHAN`` is the ruleset object
the shared core asks (engine/ruleset.py); the names below are the game's own values — its
cards, deal, làng options, melds, game, hội, cước and calls — and the hand arithmetic in the
card-list forms people read (the packed counts stay inside hand.py).
"""

from engine.chan.call import NAME_EN, NAME_VI, Verdict, in_order, judge, misplaced
from engine.chan.call import parse as parse_call
from engine.chan.call import render as render_call
from engine.chan.cards import (
    ALL_CARDS,
    COPIES,
    DECK,
    DECK_SIZE,
    N_KINDS,
    RANK_HAN,
    SUIT_HAN,
    Card,
    format_cards,
    pairs_with,
    parse_card,
    parse_cards,
)
from engine.chan.cuoc import ORDER_GROUP, POINTS, canonical, ga_count, rule_id, score, total
from engine.chan.cuoc_ids import CUOC_IDS, parse_cuoc_id
from engine.chan.deal import N_LEFTOVER, N_PILES, PILE_SIZE, Deal, Piles, cai_recipient
from engine.chan.game import ChanGame
from engine.chan.hand import (
    Arrangement,
    Wait,
    WaitShape,
    arrange,
    chan_count_of,
    find_waits,
    odd_rank_count,
    wait_shape_of,
    wins_with,
)
from engine.chan.melds import Meld, MeldKind
from engine.chan.observation import Observation
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.ruleset import CHAN, ChanRuleset
from engine.chan.session import ChanSession
from engine.chan.settlement import Payout, Settlement

__all__ = [
    "ALL_CARDS", "CHAN", "COPIES", "CUOC_IDS", "DECK", "DECK_SIZE", "DEFAULT_RULES", "NAME_EN",
    "NAME_VI", "N_KINDS", "N_LEFTOVER", "N_PILES", "ORDER_GROUP", "PILE_SIZE", "POINTS",
    "RANK_HAN", "SUIT_HAN", "Arrangement", "Card", "ChanGame", "ChanRuleset", "ChanSession",
    "Deal", "LangRules", "Meld", "MeldKind", "Observation", "Payout", "Piles", "Settlement",
    "Verdict", "Wait", "WaitShape", "arrange", "cai_recipient", "canonical", "chan_count_of",
    "find_waits", "format_cards", "ga_count", "in_order", "judge", "misplaced",
    "odd_rank_count", "pairs_with", "parse_call", "parse_card", "parse_cards",
    "parse_cuoc_id", "render_call", "rule_id", "score", "total", "wait_shape_of", "wins_with",
]
