"""Tổ tôm (TOTOM.md), the second ruleset: the face the layers above reach it through.

replays/, lessons/ and desktop/ import Tổ tôm from here, never from its modules
(tests/test_layers.py). ``TO_TOM`` is the ruleset object the shared core asks
(engine/ruleset.py), registered as ``"to_tom"``; the names below are the game's own values —
its cards, deal, làng options, melds and positions, the win test and waits, the game and its
actions, the rulebook, the verdict, the call and the hội.
"""

from engine.totom.actions import TomAction, action
from engine.totom.arrange import Arrangement, arrange
from engine.totom.call import (
    CallJudgement,
    CallToken,
    call_for,
    canonical,
    format_call,
    judge_call,
    parse_call,
    say,
)
from engine.totom.cards import (
    ALL_CARDS,
    COPIES,
    DECK,
    DECK_SIZE,
    N_KINDS,
    N_SUITED,
    RED,
    YEU,
    YEU_DEN,
    YEU_DO,
    Card,
    card_of,
    format_cards,
    parse_card,
    parse_cards,
)
from engine.totom.cuoc import (
    CANONICAL,
    CUOC_IDS,
    NAMES_EN,
    NAMES_VI,
    SAC,
    TC_IDS,
    cuoc_of,
    red_count,
    spoken,
)
from engine.totom.cuoc import score as score_cuoc
from engine.totom.deal import Deal, Piles, cai_ring_index, cho_cai_count
from engine.totom.errors import BadCall, BadCard, BadDeal, BadMeld, BadPosition, BadRules
from engine.totom.game import AUTOMATIONS, TomGame, default_automations
from engine.totom.judged import Judged, judged_arrangement
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.melds import (
    SPECIAL,
    Group,
    GroupType,
    classify,
    is_bo_giong,
    is_phu_bi,
    is_phu_doc,
    special_of,
)
from engine.totom.observation import MeldView, TomObservation
from engine.totom.position import MatMeld, Position
from engine.totom.rulebook import CHEO_DO, REGISTRY, UNPAID, consequence_of
from engine.totom.rules import DEFAULT_RULES, OPTION_NAMES, TomRules, hand_size
from engine.totom.ruleset import GAME, TO_TOM, TomRuleset
from engine.totom.seats import WinState
from engine.totom.session import HoiOver, TomPayout, TomSession
from engine.totom.verdict import TomSettlement, Verdict
from engine.totom.waits import Wait, WaitName, named_waits, waits
from engine.totom.win import is_thap_thanh, is_tron, thien_u, wins

__all__ = [
    "ALL_CARDS",
    "AUTOMATIONS",
    "CANONICAL",
    "CHEO_DO",
    "COPIES",
    "CUOC_IDS",
    "DECK",
    "DECK_SIZE",
    "DEFAULT_RULES",
    "GAME",
    "NAMES_EN",
    "NAMES_VI",
    "N_KINDS",
    "N_SUITED",
    "OPTION_NAMES",
    "RED",
    "REGISTRY",
    "SAC",
    "SPECIAL",
    "TC_IDS",
    "TO_TOM",
    "UNPAID",
    "YEU",
    "YEU_DEN",
    "YEU_DO",
    "Arrangement",
    "BadCall",
    "BadCard",
    "BadDeal",
    "BadMeld",
    "BadPosition",
    "BadRules",
    "CallJudgement",
    "CallToken",
    "Card",
    "Deal",
    "Group",
    "GroupType",
    "HoiOver",
    "Judged",
    "MatMeld",
    "MeldOrigin",
    "MeldView",
    "Piles",
    "Position",
    "SeatMeld",
    "TomAction",
    "TomGame",
    "TomObservation",
    "TomPayout",
    "TomRules",
    "TomRuleset",
    "TomSession",
    "TomSettlement",
    "Verdict",
    "Wait",
    "WaitName",
    "WinState",
    "action",
    "arrange",
    "cai_ring_index",
    "call_for",
    "canonical",
    "card_of",
    "cho_cai_count",
    "classify",
    "consequence_of",
    "cuoc_of",
    "default_automations",
    "format_call",
    "format_cards",
    "hand_size",
    "is_bo_giong",
    "is_phu_bi",
    "is_phu_doc",
    "is_thap_thanh",
    "is_tron",
    "judge_call",
    "judged_arrangement",
    "named_waits",
    "parse_call",
    "parse_card",
    "parse_cards",
    "red_count",
    "say",
    "score_cuoc",
    "special_of",
    "spoken",
    "thien_u",
    "waits",
    "wins",
]
