"""The words of Xem lại: annotation kinds (FORMATS.md) with their colours, results, scores,
and what a recorded event did. The annotations' own sentences come from the analyzer in both
languages; this module only names and colours them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desktop.i18n import amount, number, pick, translate
from desktop.keys import key_hint
from desktop.play.words import call_text, card_name, did, rule_name
from engine.actions import Act, Action
from engine.chan import Card
from engine.chan import ChanGame as Game

# Timeline and legend colours (RGB): faults red, missed claims amber, calls blue, notes grey.
COLORS: dict[str, tuple[int, int, int]] = {
    "violation": (214, 40, 40),
    "bao": (140, 20, 60),
    "missed_u": (240, 140, 0),
    "missed_chiu": (230, 200, 30),
    "u_lao": (150, 60, 190),
    "u_bao": (190, 70, 150),
    "nghi_an_tien": (120, 90, 200),
    "bo_u": (200, 110, 40),
    "call_wrong": (30, 110, 220),
    "call_missing": (60, 160, 230),
    "call_order": (90, 170, 190),
    "bach_thu_not_called": (40, 80, 170),
    # Tổ tôm (FORMATS "Tổ tôm records"): offences red, phỗng let pass amber, the call blue
    "offence": (214, 40, 40),
    "missed_phong": (230, 200, 30),
    "call_over": (30, 110, 220),
    "call_under": (60, 160, 230),
    "call_procedure": (40, 80, 170),
}
NOTE_COLOR = (150, 150, 150)


def color_of(kind: str) -> tuple[int, int, int]:
    """The colour of an annotation kind (notes grey)."""
    return COLORS.get(kind, NOTE_COLOR)


def kind_name(kind: str) -> str:
    """A kind of annotation in words."""
    names = {
        "violation": translate("ReviewWords", "Lỗi"),
        "bao": translate("ReviewWords", "Bị báo"),
        "missed_u": translate("ReviewWords", "Bỏ ù"),
        "missed_chiu": translate("ReviewWords", "Bỏ chíu"),
        "u_lao": translate("ReviewWords", "Ù láo"),
        "u_bao": translate("ReviewWords", "Ù báo"),
        "nghi_an_tien": translate("ReviewWords", "Nghỉ ăn tiền"),
        "bo_u": translate("ReviewWords", "Ù sau khi bỏ ù"),
        "call_wrong": translate("ReviewWords", "Xướng sai"),
        "call_missing": translate("ReviewWords", "Xướng thiếu"),
        "call_order": translate("ReviewWords", "Xướng sai thứ tự"),
        "bach_thu_not_called": translate("ReviewWords", "Không xướng bạch thủ"),
        "note_waits": translate("ReviewWords", "Ghi chú: đang chờ"),
        "note_fed_next": translate("ReviewWords", "Ghi chú: cho nhà dưới ăn"),
        "note_broke_wait": translate("ReviewWords", "Ghi chú: ăn làm mất chờ"),
    }
    return names.get(kind, kind)


def annotation_message(annotation: dict[str, Any]) -> str:
    """The analyzer's sentence in the current language."""
    vi = str(annotation.get("message", ""))
    return pick(vi, str(annotation.get("message_en", vi)))


def annotation_title(annotation: dict[str, Any], names: Sequence[str]) -> str:
    """One line for a list: "Nước 17 · Bà Tư · Lỗi L9 · Cửu vạn"."""
    parts = [translate("ReviewWords", "Nước {n}").format(n=int(annotation["event"]) + 1)]
    seat = annotation.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        parts.append(names[seat])
    kind = str(annotation.get("kind", ""))
    rule = annotation.get("rule")
    parts.append(f"{kind_name(kind)} {rule}" if kind == "violation" and rule else kind_name(kind))
    card = annotation.get("card")
    if isinstance(card, str):
        parts.append(card_name(Card.parse(card)))
    cuoc = annotation.get("cuoc")
    if isinstance(cuoc, list) and cuoc:
        parts.append(call_text([(str(c), int(n)) for c, n in cuoc]))
    return " · ".join(parts)


def rule_label(annotation: dict[str, Any]) -> str:
    """The rule an annotation is about, with its name ("L9 Bỏ chắn đánh chắn")."""
    rule = annotation.get("rule")
    if isinstance(rule, str):
        return rule_name(rule)
    rules = annotation.get("rules") or annotation.get("reasons")
    if isinstance(rules, list) and rules:
        return ", ".join(rule_name(str(r)) for r in rules)
    return {"missed_u": "R7.1", "bo_u": "R7.1", "missed_chiu": "R4.6", "u_lao": "R7.4",
            "call_wrong": "R8.2", "call_missing": "R8.3", "call_order": "R8.5",
            "bach_thu_not_called": "R8.4"}.get(str(annotation.get("kind")), "—")


def event_text(names: Sequence[str], before: Game, action: Action) -> str:
    """What one recorded event did, from the game just before it ("Bà Tư ăn Tam vạn…")."""
    eaten = before.live.card if before.live is not None else None
    name = names[action.seat] if action.seat < len(names) else "?"
    return did(name, action, eaten)


def action_choice(action: Action, live: Card | None) -> str:
    """A legal action as a choice to pick in predict mode ("Đánh Cửu vạn", "Ăn bằng …")."""
    card = card_name(action.card)
    return {
        Act.DISCARD: translate("ReviewWords", "Đánh {card}").format(card=card),
        Act.RETURN: translate("ReviewWords", "Trả cửa {card}").format(card=card),
        Act.EAT: translate("ReviewWords", "Ăn {live} bằng {card}").format(
            live=card_name(live), card=card),
        Act.DRAW: translate("ReviewWords", "Bốc"),
        Act.PASS: translate("ReviewWords", "Dưới"),
        Act.CHIU: translate("ReviewWords", "Chíu {live}").format(live=card_name(live)),
        Act.WIN: translate("ReviewWords", "Ù"),
        Act.DECLINE: translate("ReviewWords", "Bỏ qua (không ù, không chíu)"),
        Act.CALL: translate("ReviewWords", "Xướng {call}").format(call=call_text(action.cuoc)),
    }[action.act]


def result_text(names: Sequence[str], status: str, kind: str | None, winner: int | None,
                payout: str | None, game: str = "chan") -> str:
    """"Bà Tư ù", "Hòa", "Chưa xong", with the payout when it is not a normal one (Tổ tôm:
    "Kê" for a draw, T2.9, and the verdict when the ù was not paid, T6)."""
    if status != "over" or kind is None:
        return translate("ReviewWords", "Chưa xong")
    if kind == "draw":
        return translate("ReviewWords", "Kê") if game == "to_tom" \
            else translate("ReviewWords", "Hòa")
    name = names[winner] if winner is not None and 0 <= winner < len(names) else "?"
    text = (translate("ReviewWords", "{name} ù láo") if kind == "u_lao"
            else translate("ReviewWords", "{name} ù")).format(name=name)
    paid = {
        "nghi_an_tien": translate("ReviewWords", "nghỉ ăn tiền"),
        "u_bao": translate("ReviewWords", "ù báo"),
        "xuong_sai": translate("ReviewWords", "xướng sai"),
        "unpaid": translate("ReviewWords", "không được tính điểm"),
        "cheo_do": translate("ReviewWords", "chèo đò"),
        "tra_do": translate("ReviewWords", "trả đò"),
    }.get(payout or "")
    return f"{text} ({paid})" if paid else text


def amount_text(value: float | None) -> str:
    """A gain or loss: "+12", "-4", "0", or a dash."""
    return "—" if value is None else amount(value)


def value_text(value: float) -> str:
    """A value of the computer's evaluation, as a percentage of a win chance."""
    return number(value * 100)


def key_label(command: str) -> str:
    """The first key of a command as a button shows it (arrows as arrows)."""
    key = key_hint(command)
    return {"Right": "→", "Left": "←", "Backspace": "⌫"}.get(key, key)
