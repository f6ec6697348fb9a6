"""The annotation panel's text (rich text): the selected annotation — rule, kind, card, the
analyzer's sentence, the event that caused it — the teaching notes of the moment, and at the
end of a won game the true cước beside the call with the score difference (R8).

Everything shown is a fact of the analysis document or of the engine; nothing is judged here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from desktop.i18n import translate
from desktop.play.words import call_text, card_name
from desktop.review.replay import Annotation
from desktop.review.words import (
    amount_text,
    annotation_message,
    color_of,
    kind_name,
    result_text,
    rule_label,
)
from engine.chan import Card


def _hex(kind: str) -> str:
    r, g, b = color_of(kind)
    return f"#{r:02x}{g:02x}{b:02x}"


def annotation_html(annotation: Annotation, names: Sequence[str],
                    cause_text: str = "") -> str:
    """One annotation in full."""
    kind = str(annotation.get("kind", ""))
    seat = annotation.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    rows = [
        (translate("Details", "Loại"),
         f"<b style='color:{_hex(kind)}'>{escape(kind_name(kind))}</b>"),
        (translate("Details", "Luật"), escape(rule_label(annotation))),
        (translate("Details", "Người chơi"), escape(who)),
        (translate("Details", "Nước"), str(int(annotation["event"]) + 1)),
    ]
    card = annotation.get("card")
    if isinstance(card, str):
        rows.append((translate("Details", "Quân"), escape(card_name(Card.parse(card)))))
    cuoc = annotation.get("cuoc")
    if isinstance(cuoc, list) and cuoc:
        rows.append((translate("Details", "Cước"),
                     escape(call_text([(str(c), int(n)) for c, n in cuoc]))))
    cause = annotation.get("cause_event")
    if isinstance(cause, int):
        text = translate("Details", "nước {n}").format(n=cause + 1)
        rows.append((translate("Details", "Do"),
                     escape(f"{text}: {cause_text}" if cause_text else text)))
    table = "".join(f"<tr><td style='color:#6b5a44'>{escape(k)}</td><td>{v}</td></tr>"
                    for k, v in rows)
    return (f"<table cellspacing='0' cellpadding='2'>{table}</table>"
            f"<p>{escape(annotation_message(annotation))}</p>")


def notes_html(notes: Sequence[Annotation], names: Sequence[str]) -> str:
    """The teaching notes of the event just played (never errors)."""
    if not notes:
        return ""
    items = []
    for n in notes:
        seat = n.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        items.append(f"<li><i>{escape(kind_name(str(n.get('kind'))))}</i> — "
                     f"{escape(who)}: {escape(annotation_message(n))}</li>")
    title = translate("Details", "Ghi chú")  # outside the f-string: lupdate finds it
    return (f"<p><b>{escape(title)}</b></p>"
            f"<ul style='margin-left:-20px'>{''.join(items)}</ul>")


def result_html(doc: dict[str, Any], names: Sequence[str]) -> str:
    """The end of the game: the result, the true cước beside the call, the difference, the
    settlement (R8, R9.1)."""
    res = doc.get("result", {})
    kind = res.get("kind")
    if kind not in ("win", "draw"):
        return ""
    winner = res.get("winner")
    status_kind = "u_lao" if res.get("payout") == "u_lao" else kind
    head = result_text(names, "over", status_kind, winner, res.get("payout"))
    title = translate("Details", "Kết quả")
    parts = [f"<p><b>{escape(title)}:</b> {escape(head)}</p>"]
    if kind == "win" and res.get("payout") != "u_lao":
        true_call = [(str(c), int(n)) for c, n in res.get("cuoc", [])]
        call = [(str(c), int(n)) for c, n in res.get("call", [])]
        score, true_score = res.get("score", 0), res.get("true_score", 0)
        diff = true_score - score
        rows = [
            (translate("Details", "Cước thật"), call_text(true_call),
             translate("Details", "{n} điểm").format(n=true_score)),
            (translate("Details", "Lời xướng"), call_text(call),
             translate("Details", "{n} điểm").format(n=score)),
        ]
        table = "".join(f"<tr><td style='color:#6b5a44'>{escape(a)}</td><td>{escape(b)}</td>"
                        f"<td align='right'>{escape(c)}</td></tr>" for a, b, c in rows)
        parts.append(f"<table cellspacing='0' cellpadding='2'>{table}</table>")
        if diff:
            parts.append("<p>" + escape(translate(
                "Details", "Chênh lệch: {diff} điểm so với cước thật.").format(
                diff=amount_text(-diff))) + "</p>")
        else:
            parts.append("<p>" + escape(translate(
                "Details", "Lời xướng đúng bằng cước thật.")) + "</p>")
    settlement = res.get("settlement") or []
    if settlement:
        paid = ", ".join(f"{escape(names[s] if s < len(names) else '?')} "
                         f"{escape(amount_text(float(v)))}" for s, v in enumerate(settlement))
        money = translate("Details", "Tiền")
        parts.append(f"<p>{escape(money)}: {paid}</p>")
    return "".join(parts)
