"""Words the Tổ tôm drills put around the engine's facts — cards, groups, waits, cước — in both
languages, and the reading of cards in the learner's answers.

The names are TOTOM.md's (T1.2, T3, T5.5, T7.2); the cước names are engine/totom/cuoc.py's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from lessons import responses as R
from lessons.item import BadResponse, Text
from lessons.tom_engine import NAMES_EN, NAMES_VI, BadCard, Card, GroupType, WaitName, parse_card

# T3.2–T3.6: the kinds of group, as a player names them.
GROUP_NAMES: dict[str, Text] = {
    GroupType.BI: Text("phu bí", "phu bí (one rank, in all three suits)"),
    GroupType.DOC: Text("phu dọc", "phu dọc (a run of one suit)"),
    GroupType.SP: Text("phu đặc biệt", "special phu"),
    GroupType.GIONG: Text("bộ giống", "bộ giống (identical cards)"),
    GroupType.YEU: Text("yêu đứng một mình", "a yêu standing alone"),
}
# T3.4: only SP1 and SP2 have names of their own (they are also cước, TC3 and TC4).
SP_NAMES: dict[str, str] = {"SP1": "tôm", "SP2": "lèo"}
# T5.5: the ways of waiting that S1 names.
WAIT_NAMES: dict[str, Text] = {
    WaitName.THAP_THANH: Text("thập thành", "thập thành (already complete with its lưng)"),
    WaitName.BACH_THU: Text("bạch thủ", "bạch thủ (the third card of a pair, taken as a phỗng)"),
    WaitName.XUYEN: Text("chờ xuyên", "chờ xuyên (the middle of a run)"),
    WaitName.CHI_NAY: Text("chờ chi chi nẩy", "chi nẩy (waiting on chi chi alone)"),
}


def card(c: Card | str) -> Text:
    """``Cửu vạn (9v)`` / ``9v (cửu vạn)``."""
    k = parse_card(c) if isinstance(c, str) else Card(c)
    return Text(f"{k.name_vi} ({k.code})", f"{k.code} ({k.name_vi.lower()})")


def cards(cs: Iterable[Card | str]) -> Text:
    """Several cards, comma separated."""
    items = [card(c) for c in cs]
    return Text(", ".join(t.vi for t in items) or "—", ", ".join(t.en for t in items) or "—")


def codes(cs: Iterable[Card]) -> list[str]:
    """The T1.3 codes of some cards."""
    return [Card(c).code for c in cs]


def group_name(kind: str, sp: str | None = None) -> Text:
    """``phu đặc biệt SP1 (tôm)`` / ``special phu SP1 (tôm)``; ``phu bí`` …"""
    base = GROUP_NAMES[GroupType(kind)]
    if sp is None:
        return base
    name = f" ({SP_NAMES[sp]})" if sp in SP_NAMES else ""
    return Text(f"{base.vi} {sp}{name}", f"{base.en} {sp}{name}")


def wait_names(names: Iterable[str]) -> Text:
    """The names of a wait, or "no special name"."""
    items = [WAIT_NAMES[n] for n in sorted(names)]
    if not items:
        return Text("chờ thường (không có tên riêng)", "an ordinary wait (no special name)")
    return Text(", ".join(t.vi for t in items), ", ".join(t.en for t in items))


def cuoc_name(cuoc: str) -> Text:
    """A cước id (or a four-player name) in words: ``thập hồng`` / ``thập hồng (ten red)``."""
    vi, en = NAMES_VI[cuoc], NAMES_EN[cuoc]
    return Text(vi, vi if en == vi else f"{vi} ({en})")


def cuoc_list(cuoc: Iterable[tuple[str, int]]) -> Text:
    """``thông, 2 tôm`` / ``thông (second win in a row), 2 × tôm (tôm)``."""
    vi, en = [], []
    for c, n in cuoc:
        t = cuoc_name(c)
        vi.append(t.vi if n == 1 else f"{n} {t.vi}")
        en.append(t.en if n == 1 else f"{n} × {t.en}")
    return Text(", ".join(vi) or "—", ", ".join(en) or "—")


def yeu_red(c: Card) -> Text:
    """What T1.4 and T1.5 say of a card: yêu đen / yêu đỏ / not a yêu; red or black."""
    if c.is_yeu_do:
        return Text("yêu đỏ, một quân đỏ (T1.4, T1.5)", "a yêu đỏ, and a red card (T1.4, T1.5)")
    if c.is_yeu_den:
        return Text("yêu đen, một quân đen (T1.4, T1.5)", "a yêu đen, and a black card (T1.4, "
                                                           "T1.5)")
    if c.is_red:
        return Text("không phải yêu, là quân đỏ (T1.5)", "not a yêu; a red card (T1.5)")
    return Text("không phải yêu, là quân đen (T1.5)", "not a yêu; a black card (T1.5)")


# ------------------------------------------------------------------------ reading answers

def read_card(value: object) -> Card:
    """A Tổ tôm card code or name (T1.3), as the learner wrote it."""
    if not isinstance(value, str):
        raise R.bad("a card code like '9v' or a name like 'cửu vạn'",
                    "mã quân như '9v' hoặc tên như 'cửu vạn'", value)
    try:
        return parse_card(value)
    except BadCard as e:
        raise BadResponse(str(e), e.vi or str(e)) from None


def read_cards(value: object) -> list[Card]:
    """A list of cards (a text of codes separated by spaces or commas is accepted too)."""
    return R.codes(value, read_card)
