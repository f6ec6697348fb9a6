"""Cước sắc and the score of a call (TOTOM T7.1–T7.4).

Cước ids, as files write them: ``suong thong tom leo thap_hong kinh_co bach_dinh chi_nay
kinh_tu_co`` = TC1…TC9 (T7.5); at four players TC5 and TC6 are said ``thap_nhi_hong`` and
``kinh_nhi_co``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.totom.arrange import Arrangement
from engine.totom.cards import Card
from engine.totom.rules import DEFAULT_RULES, TomRules

CUOC_IDS = ("suong", "thong", "tom", "leo", "thap_hong", "kinh_co", "bach_dinh", "chi_nay",
            "kinh_tu_co")
TC_IDS = {cuoc: f"TC{i + 1}" for i, cuoc in enumerate(CUOC_IDS)}
SAC = frozenset(CUOC_IDS[2:])  # cước sắc: TC3–TC9
COUNTED = frozenset({"tom", "leo"})  # the cước that can hold more than once (T7.2 notes)
# T7.5: the canonical order of the scoring tokens, high before low, tôm and lèo last.
CANONICAL = ("thong", "kinh_tu_co", "chi_nay", "bach_dinh", "thap_hong", "kinh_co", "tom", "leo")
# The names said at a four-player table (T7.3).
FOUR_PLAYER_NAMES = {"thap_hong": "thap_nhi_hong", "kinh_co": "kinh_nhi_co"}
NAMES_VI = {"suong": "suông", "thong": "thông", "tom": "tôm", "leo": "lèo",
            "thap_hong": "thập hồng", "thap_nhi_hong": "thập nhị hồng", "kinh_co": "kính cố",
            "kinh_nhi_co": "kính nhị cố", "bach_dinh": "bạch định", "chi_nay": "chi nẩy",
            "kinh_tu_co": "kính tứ cố"}
NAMES_EN = {"suong": "plain win", "thong": "second win in a row", "tom": "tôm",
            "leo": "lèo", "thap_hong": "ten red", "thap_nhi_hong": "twelve red",
            "kinh_co": "lone old man", "kinh_nhi_co": "two old men alone",
            "bach_dinh": "all black", "chi_nay": "waiting on chi chi alone",
            "kinh_tu_co": "four old men alone"}


def spoken(cuoc: str, players: int) -> str:
    """The token a table of `players` says for a cước id (T7.5)."""
    return FOUR_PLAYER_NAMES.get(cuoc, cuoc) if players == 4 else cuoc


def red_count(cards: Iterable[Card]) -> int:
    """T7.1: the red cards of the winning set (T1.5)."""
    return sum(1 for c in cards if c.is_red)


def color_cuoc(cards: Iterable[Card], rules: TomRules = DEFAULT_RULES) -> str | None:
    """TC5, TC6, TC7 or TC9 — at most one holds — from the red cards and ông cụ of the set."""
    cards = list(cards)
    red = red_count(cards)
    oc = cards.count(Card.OC)
    if oc == 4 and red == 4:
        return "kinh_tu_co"  # TC9
    if red == 0:
        return "bach_dinh"  # TC7
    if red == oc == rules.kinh_co_count:
        return "kinh_co"  # TC6
    if red == rules.red_cuoc_count or (not rules.red_cuoc_exact and red > rules.red_cuoc_count):
        return "thap_hong"  # TC5
    return None


def leo_count(arrangement: Arrangement, chi_nay: bool, rules: TomRules = DEFAULT_RULES) -> int:
    """TC4: the SP2 phu, less the one a chi nẩy absorbs (not when won by a phỗng of cc)."""
    leo = arrangement.leo_phu
    if chi_nay and leo and rules.chi_nay_leo == "absorbed" and not arrangement.w_in_giong:
        leo -= 1
    return leo


def cuoc_of(arrangement: Arrangement, rules: TomRules = DEFAULT_RULES, *, thong: bool = False,
            chi_nay: bool = False) -> dict[str, int]:
    """T7.2: every cước the arrangement has, id → count; ``suong`` when no cước sắc holds.

    ``thong`` is TC2's right, which the hội knows (the same winner's previous ù, not chèo đò,
    not after a kê, `allow_thong`); ``chi_nay`` is TC8 (W = cc and the waits are {cc}).
    """
    out: dict[str, int] = {}
    if thong and rules.allow_thong:
        out["thong"] = 1
    color = color_cuoc(arrangement.cards(), rules)
    if color == "kinh_tu_co":
        out["kinh_tu_co"] = 1
    if chi_nay:
        out["chi_nay"] = 1
    if color is not None and color != "kinh_tu_co":
        out[color] = 1
    if arrangement.tom:
        out["tom"] = arrangement.tom
    leo = leo_count(arrangement, chi_nay, rules)
    if leo:
        out["leo"] = leo
    if not SAC & out.keys():
        out["suong"] = 1
    return {k: out[k] for k in sorted(out, key=_order)}


def _order(cuoc: str) -> int:
    return CANONICAL.index(cuoc) if cuoc in CANONICAL else len(CANONICAL)


def score(cuoc: Mapping[str, int], rules: TomRules = DEFAULT_RULES) -> int:
    """T7.4: the highest điểm among the cước sắc instances (suông if none), plus `dich` for
    every other instance, thông included."""
    sac = [rules.point(k) for k, n in cuoc.items() if k in SAC for _ in range(n)]
    others = cuoc.get("thong", 0)
    if not sac:
        return rules.point("suong") + rules.dich * others
    return max(sac) + rules.dich * (len(sac) - 1 + others)
