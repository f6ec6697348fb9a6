"""Tổ tôm as the lessons reach it: the one module of lessons/ that imports engine/totom.

engine/totom has no face yet (its ``__init__`` exports nothing, and tests/test_layers.py lets the
layers above import a ruleset only through its face). Until the ruleset exports one, the Tổ tôm
drills import the engine's names from here and nowhere else, so that moving them to
``from engine.totom import ...`` is one file's change (a note for the lead; issue 23).
"""

from __future__ import annotations

from engine.totom.arrange import Arrangement, arrange
from engine.totom.call import (
    CallJudgement,
    CallToken,
    call_for,
    canonical,
    judge_call,
    parse_call,
    say,
)
from engine.totom.cards import (
    ALL_CARDS,
    COPIES,
    DECK,
    N_SUITED,
    RED,
    YEU,
    YEU_DEN,
    YEU_DO,
    Card,
    card_of,
    format_cards,
    parse_card,
)
from engine.totom.cuoc import CANONICAL, NAMES_EN, NAMES_VI, SAC, TC_IDS, red_count, score, spoken
from engine.totom.deal import Deal, Piles, cai_ring_index, cho_cai_count
from engine.totom.errors import BadCall, BadCard, BadDeal, BadMeld, BadPosition, BadRules
from engine.totom.judged import Judged, judged_arrangement
from engine.totom.melds import (
    SPECIAL,
    GroupType,
    classify,
    is_bo_giong,
    is_phu_bi,
    is_phu_doc,
    special_of,
)
from engine.totom.position import MatMeld, Position
from engine.totom.rules import DEFAULT_RULES, TomRules, hand_size
from engine.totom.waits import Wait, WaitName, named_waits, waits
from engine.totom.win import is_thap_thanh, is_tron

__all__ = [
    "ALL_CARDS", "CANONICAL", "COPIES", "DECK", "DEFAULT_RULES", "NAMES_EN", "NAMES_VI", "N_SUITED",
    "RED", "SAC", "SPECIAL", "TC_IDS", "YEU", "YEU_DEN", "YEU_DO", "Arrangement", "BadCall",
    "BadCard", "BadDeal", "BadMeld", "BadPosition", "BadRules", "CallJudgement", "CallToken",
    "Card", "Deal", "GroupType", "Judged", "MatMeld", "Piles", "Position", "TomRules", "Wait",
    "WaitName", "arrange", "cai_ring_index", "call_for", "canonical", "card_of",
    "cho_cai_count", "classify", "format_cards", "hand_size", "is_bo_giong", "is_phu_bi",
    "is_phu_doc", "is_thap_thanh", "is_tron", "judge_call", "judged_arrangement", "named_waits",
    "parse_call", "parse_card", "red_count", "say", "score", "special_of", "spoken", "waits",
]
