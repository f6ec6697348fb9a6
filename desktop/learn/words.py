"""The words of Học that are not a lesson's own text: the families' names, seats and piles,
the verdict, the learner's answer read back — Vietnamese through Qt's translations. Lesson
texts, questions and explanations come from lessons/ in both languages (`text`).
"""

from __future__ import annotations

from desktop.i18n import current, pick, translate
from engine.chan import CHAN, Card
from lessons.item import Text

FAMILY_ORDER = ("chia_bai", "boc_cai", "nhan_dien", "xuong", "loi", "nuoc_hay")
TOM_FAMILY_ORDER = ("tom_quan", "tom_tho", "tom_phu", "tom_cho", "tom_cho_cai", "tom_cuoc",
                    "tom_loi")
GAME_FAMILIES = {"chan": FAMILY_ORDER, "to_tom": TOM_FAMILY_ORDER}  # Settings.game → its families


def family_name(family: str) -> str:
    """A drill family as the Learn screen names it."""
    return {
        "chia_bai": translate("LearnWords", "Chia bài"),
        "boc_cai": translate("LearnWords", "Bốc cái"),
        "nhan_dien": translate("LearnWords", "Nhận diện bài: chắn, cạ, chờ ù"),
        "xuong": translate("LearnWords", "Xướng cước"),
        "loi": translate("LearnWords", "Các lỗi"),
        "nuoc_hay": translate("LearnWords", "Nước hay: tìm nước tốt nhất"),
        "tom_quan": translate("LearnWords", "Ba mươi quân bài"),
        "tom_tho": translate("LearnWords", "Thơ tổ tôm điếm"),
        "tom_phu": translate("LearnWords", "Phu và lưng"),
        "tom_cho": translate("LearnWords", "Chờ ù và tên cách chờ"),
        "tom_cho_cai": translate("LearnWords", "Cho cái"),
        "tom_cuoc": translate("LearnWords", "Cước và xướng"),
        "tom_loi": translate("LearnWords", "Lỗi và phán quyết"),
    }.get(family, family)


def text(t: Text) -> str:
    """A lesson text in the current language."""
    return pick(t.vi, t.en)


def seat_name(seat: int) -> str:
    """"Ghế 2": seats are numbered from 0 in play order, as the lessons say (RULES R2.1)."""
    return translate("LearnWords", "Ghế {n}").format(n=seat)


def pile_name(pile: int) -> str:
    """"Phần 3": the piles of the ring, numbered from 0 (RULES R2.3)."""
    return translate("LearnWords", "Phần {n}").format(n=pile)


def card_text(card: Card | str) -> str:
    """A card by name and code: "Cửu vạn (9v)"."""
    c = Card.parse(card) if isinstance(card, str) else card
    return f"{c.name_vi} ({c.code})"


def rule_label(rule: str) -> str:
    """A lỗi or another judgement with its name: "L5 — Có chắn cấu cạ"."""
    vi, en = CHAN.registry.name(rule)
    if CHAN.registry.fault(rule) is not None:
        return f"{rule} — {vi}" + (f" ({en})" if current() == "en" else "")
    return vi if current() == "vi" else f"{vi} ({en})"


def percent(value: float | None) -> str:
    """A share as a whole percentage, or a dash."""
    return "—" if value is None else f"{round(100 * value)}%"


def card_count(n: int) -> str:
    """"19 quân": how many cards a hand or a pile holds."""
    return translate("LearnAsk", "%n quân", None, n)


def noc_count(n: int) -> str:
    """"Nọc: 23 quân"."""
    return translate("LearnAsk", "Nọc: %n quân", None, n)
