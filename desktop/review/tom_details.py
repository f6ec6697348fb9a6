"""The Tổ tôm viewer's panel text (rich text): an annotation in full — its kind, the rule and
its name in the rulebook, the card, the analyzer's sentence, the event that caused it, the
call's tokens and cước —, the declines and teaching notes of the moment, and at the end the
verdict, the judged arrangement, the true cước beside the call and the hội's pool and debts.

Everything shown is a fact of the analysis document (replays.tom_analyzer) or of the
engine's rulebook; nothing is judged here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from desktop.i18n import amount, pick, translate
from desktop.review.words import annotation_message, color_of
from engine.totom import REGISTRY, parse_card
from replays import tom_messages as M
from replays.tom_report_page import GROUPS, KINDS, VERDICTS
from replays.tom_text import tokens_of

Annotation = dict[str, Any]
# the rule of an annotation that names none (TOTOM: T5.7 bỏ ù, T4.14 phỗng, T7.6 the call)
RULE_OF = {"missed_u": "T5.7", "missed_phong": "T4.14", "declined": "T4.14",
           "call_over": "TD8", "call_under": "T7.6", "call_order": "T7.5",
           "call_procedure": "T7.6"}


def kind_name(kind: str) -> str:
    """A Tổ tôm annotation kind in words (the report's names)."""
    vi, en = KINDS.get(kind, (kind, kind))
    return pick(vi, en.capitalize())


def card_name(code: object) -> str:
    """A card's name from its code ("cửu vạn" / "9v"), or the code when it is not one."""
    try:
        card = parse_card(str(code))
    except ValueError:
        return str(code)
    return pick(card.name_vi, f"{card.name_vi} ({card.code})")


def rule_label(annotation: Annotation) -> str:
    """The rule an annotation is about, with its name in the rulebook ("TN1 Bỏ ù…")."""
    rule = annotation.get("rule")
    if isinstance(rule, str):
        try:
            name = REGISTRY.name(rule)
        except (KeyError, ValueError):
            return rule
        return f"{rule} {pick(name.vi, name.en)}"
    rules = annotation.get("rules")
    if isinstance(rules, list) and rules:
        return ", ".join(str(r) for r in rules)
    return RULE_OF.get(str(annotation.get("kind")), "—")


def annotation_title(annotation: Annotation, names: Sequence[str]) -> str:
    """One line for the list: "Nước 17 · Bà Tư · Lỗi TD9 · Ông cụ"."""
    parts = [translate("TomReview", "Nước {n}").format(n=int(annotation["event"]) + 1)]
    seat = annotation.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        parts.append(names[seat])
    kind = str(annotation.get("kind", ""))
    rule = annotation.get("rule")
    parts.append(f"{kind_name(kind)} {rule}" if isinstance(rule, str) else kind_name(kind))
    card = annotation.get("card")
    if isinstance(card, str):
        parts.append(card_name(card))
    return " · ".join(parts)


def _hex(kind: str) -> str:
    r, g, b = color_of(kind)
    return f"#{r:02x}{g:02x}{b:02x}"


def _table(rows: Sequence[tuple[str, str]]) -> str:
    """Label / value rows (values already HTML)."""
    return "<table cellspacing='0' cellpadding='2'>" + "".join(
        f"<tr><td style='color:#6b5a44'>{escape(k)}</td><td>{v}</td></tr>" for k, v in rows) \
        + "</table>"


def _call(tokens: object) -> str:
    said = tokens_of(tokens if isinstance(tokens, list) else [])
    return pick(M.call_vi(said), M.call_en(said))


def _cuoc(cuoc: object) -> str:
    items = cuoc if isinstance(cuoc, list) else []
    return pick(M.cuoc_vi(items), M.cuoc_en(items))


def annotation_html(annotation: Annotation, names: Sequence[str], cause_text: str = "") -> str:
    """One annotation in full."""
    kind = str(annotation.get("kind", ""))
    seat = annotation.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    rows = [(translate("TomReview", "Loại"),
             f"<b style='color:{_hex(kind)}'>{escape(kind_name(kind))}</b>"),
            (translate("TomReview", "Luật"), escape(rule_label(annotation))),
            (translate("TomReview", "Người chơi"), escape(who)),
            (translate("TomReview", "Nước"), str(int(annotation["event"]) + 1))]
    card = annotation.get("card")
    if isinstance(card, str):
        rows.append((translate("TomReview", "Quân"), escape(card_name(card))))
    if annotation.get("tokens"):
        rows.append((translate("TomReview", "Đã xướng"), escape(_call(annotation["tokens"]))))
    if annotation.get("cuoc"):
        rows.append((translate("TomReview", "Cước"), escape(_cuoc(annotation["cuoc"]))))
    if annotation.get("expected"):
        rows.append((translate("TomReview", "Thứ tự đúng"),
                     escape(_call(annotation["expected"]))))
    cause = annotation.get("cause_event")
    if isinstance(cause, int):
        text = translate("TomReview", "nước {n}").format(n=cause + 1)
        rows.append((translate("TomReview", "Do"),
                     escape(f"{text}: {cause_text}" if cause_text else text)))
    return _table(rows) + f"<p>{escape(annotation_message(annotation))}</p>"


def notes_html(notes: Sequence[Annotation], names: Sequence[str]) -> str:
    """The declines (T4.14: what they forbid from now on) and the teaching notes."""
    if not notes:
        return ""
    items = []
    for n in notes:
        seat = n.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        items.append(f"<li><i>{escape(kind_name(str(n.get('kind'))))}</i> — "
                     f"{escape(who)}: {escape(annotation_message(n))}</li>")
    title = translate("TomReview", "Ghi chú")
    return f"<p><b>{escape(title)}</b></p><ul style='margin-left:-20px'>{''.join(items)}</ul>"


def _group(group: Annotation) -> str:
    kind = str(group.get("type", ""))
    vi, en = GROUPS.get(kind, (kind, kind))
    name = str(group.get("id") or pick(vi, en))
    cards = " ".join(card_name(c) for c in group.get("cards", ()))
    where = translate("TomReview", " (dưới chiếu)") if group.get("mat") else ""
    return f"<li>{escape(name)}{escape(where)}: {escape(cards)}</li>"


def result_html(doc: dict[str, Any], names: Sequence[str]) -> str:
    """The end of the game (T6, T7, T8): the winner and W, the verdict, the judged
    arrangement, the true cước beside the call with their scores, the pool and the debts;
    or the kê."""
    r = doc.get("result", {})
    kind = r.get("kind")
    title = escape(translate("TomReview", "Kết quả"))
    if kind == "draw":
        ke = r.get("ke_seat")
        who = names[ke] if isinstance(ke, int) and 0 <= ke < len(names) else "?"
        parts = [f"<p><b>{title}:</b> " + escape(translate(
            "TomReview", "Kê: hết nọc, không ai ù. {name} được cái ván sau.").format(
            name=who)) + "</p>"]
    elif kind == "win":
        winner = r.get("winner")
        who = names[winner] if isinstance(winner, int) and 0 <= winner < len(names) else "?"
        on = r.get("winning_card")
        head = translate("TomReview", "{name} ù trên {card}").format(
            name=who, card=card_name(on)) if on else translate(
            "TomReview", "{name} ù thiên ù").format(name=who)
        verdict = VERDICTS.get(str(r.get("verdict")), (str(r.get("verdict")),) * 2)
        parts = [f"<p><b>{title}:</b> {escape(head)} — <b>{escape(pick(*verdict))}</b></p>"]
        groups = r.get("arrangement") or []
        if groups:
            parts.append("<p>" + escape(translate(
                "TomReview", "Bài xếp như làng xét (T5.3):")) + "</p><ul style='margin-left:"
                "-20px'>" + "".join(_group(g) for g in groups) + "</ul>")
        parts.append(_table([
            (translate("TomReview", "Cước thật"), escape(
                f"{_cuoc(r.get('cuoc'))} — " + translate("TomReview", "{n} điểm").format(
                    n=r.get("true_score", 0)))),
            (translate("TomReview", "Lời xướng"), escape(
                f"{_call(r.get('call'))} — " + translate("TomReview", "{n} điểm").format(
                    n=r.get("score", 0))))]))
    else:
        return ""
    pool = r.get("pool") or {}
    if pool.get("before") is not None:
        parts.append("<p>" + escape(translate(
            "TomReview", "Tiền góp của hội: {before} → {after} điểm.").format(
            before=amount(float(pool["before"])).lstrip("+"),
            after=amount(float(pool.get("after") or 0)).lstrip("+"))) + "</p>")
    owed = [f"{names[s]} {d}" for s, d in enumerate(r.get("debts") or [])
            if isinstance(d, int) and d > 0 and s < len(names)]
    if owed:
        parts.append("<p>" + escape(translate("TomReview", "Chèo đò (nợ làng ván ù): {who}.")
                                    .format(who=", ".join(owed))) + "</p>")
    return "".join(parts)
