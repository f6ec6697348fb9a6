"""Plain text for people: a Tổ tôm game's analysis document as ``chan-tutor analyze`` prints it,
in both languages, moves counted from 1 (as Chắn's, replays.text)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.totom import CallToken
from replays import tom_messages as M
from replays.record import Player
from replays.text import annotation_lines, game_id_text, game_label, seat_text

Doc = dict[str, Any]

KINDS = {
    "offence": "lỗi / offence", "missed_u": "bỏ ù / missed ù",
    "missed_phong": "bỏ phỗng / missed phỗng", "declined": "bỏ quân / declined",
    "call_over": "xướng gian / over-call", "call_under": "xướng thiếu / under-call",
    "call_order": "thứ tự xướng / call order",
    "call_procedure": "dậy khàn, báo bất thực / khàn and bất thực in the call",
    "note_waits": "ghi chú: chờ ù / waits", "note_broke_wait": "ghi chú: mất chờ / broke wait",
}
CAUSES = {"declined": "bỏ ở nước / declined by move"}  # T4.14: the decline itself
VERDICTS = {"paid": "được tính điểm / paid",
            "tra_do": "trả đò (ù này trả nợ chèo đò) / repays a chèo đò debt",
            "unpaid": "không được tính điểm, chỉ được cái / not paid",
            "cheo_do": "chèo đò / chèo đò (owes the làng a win)"}


def tokens_of(items: Sequence[Sequence[Any]]) -> list[CallToken]:
    """A document's call (its tokens' JSON) back as tokens."""
    return [CallToken.from_json(list(t)) for t in items]


def call_line(items: Sequence[Sequence[Any]]) -> str:
    """The call as said, in both languages; a dash for none."""
    if not items:
        return "—"
    tokens = tokens_of(items)
    return f"{M.call_vi(tokens)} / {M.call_en(tokens)}"


def render_game(doc: Doc, players: Sequence[Player], van: int) -> str:
    """One game: the deal, the result and every annotation."""
    setup, res = doc["setup"], doc["result"]
    vi, en = game_label(doc, van)
    lines = [f"{vi} / {en}{game_id_text(doc)} · Tổ tôm"]
    cho = f" · A: {setup['a']} · B: {setup['b']}" if setup["a"] else ""
    pile = f" · phần cái / cái pile: {setup['cai_pile']}" if setup["cai_pile"] is not None else ""
    lines.append(f"  cái: {seat_text(setup['cai_seat'], players)}{cho}{pile}")
    for i, hand in enumerate(setup["hands"]):
        lines.append(f"  {seat_text(i, players)}: {' '.join(hand)}")
    lines.append(f"  nọc ({len(setup['noc'])}): {' '.join(setup['noc'])}")
    kind = res["kind"]
    if kind == "draw":
        lines.append(f"Kết quả / Result: kê / drawn game after {res['events']} events · kê: "
                     f"{seat_text(res['ke_seat'], players)} (cái ván sau / cái next game)")
    elif kind == "unfinished":
        lines.append(f"Kết quả / Result: chưa xong / unfinished after {res['events']} events")
    else:
        on = f" trên/on {res['winning_card']}" if res["winning_card"] else " (thiên ù)"
        verdict = VERDICTS.get(str(res["verdict"]), str(res["verdict"]))
        lines.append(f"Kết quả / Result: {seat_text(res['winner'], players)} ù / won{on} after "
                     f"{res['events']} events · {verdict}")
        if res["arrangement"] is not None:
            groups = " ".join(f"{g.get('id') or g['type']}{'*' if g['mat'] else ''}"
                              f"[{' '.join(g['cards'])}]" for g in res["arrangement"])
            lines.append(f"  sắp bài / arrangement: {groups}")
        lines.append(f"  cước: {M.cuoc_vi(res['cuoc'])} / {M.cuoc_en(res['cuoc'])}")
        lines.append(f"  xướng / call: {call_line(res['call'])}")
        lines.append(f"  điểm / score: {res['score']} (true {res['true_score']})")
    pool = res["pool"]
    if pool["before"] is not None:
        after = "—" if pool["after"] is None else pool["after"]
        lines.append(f"  hội: tiền góp / pool {pool['before']} → {after} · nợ / debts "
                     + " ".join(str(d) for d in res["debts"]))
    lines += annotation_lines(doc["annotations"], players, KINDS, CAUSES)
    return "\n".join(lines)
