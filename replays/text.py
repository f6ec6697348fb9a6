"""Plain text for people: an analysis document as ``chan-tutor analyze`` prints it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.chan import render_call as render
from replays.record import Player

Doc = dict[str, Any]

_KIND = {
    "violation": "lỗi / violation", "bao": "báo", "missed_u": "bỏ ù / missed ù",
    "missed_chiu": "bỏ chíu / missed chíu", "u_lao": "ù láo", "u_bao": "ù báo",
    "nghi_an_tien": "nghỉ ăn tiền", "bo_u": "bỏ ù", "call_wrong": "xướng sai / wrong call",
    "call_missing": "xướng thiếu / under-called", "call_order": "thứ tự xướng / call order",
    "bach_thu_not_called": "không xướng bạch thủ", "note_waits": "ghi chú: chờ ù / waits",
    "note_fed_next": "ghi chú: cho ăn / fed", "note_broke_wait": "ghi chú: mất chờ / broke wait",
}


def _seat(seat: int | None, players: Sequence[Player]) -> str:
    if seat is None:
        return "—"
    name = players[seat].name if 0 <= seat < len(players) else "?"
    return f"ghế/seat {seat} ({name})"


def _call(items: list[list[Any]]) -> str:
    return render((str(c), int(n)) for c, n in items) or "—"


def _amount(x: float) -> str:
    return f"{x:+g}" if x else "0"


def render_game(doc: Doc, players: Sequence[Player], title: str = "") -> str:
    """One game: setup, result and annotations, each annotation in both languages."""
    setup, res = doc["setup"], doc["result"]
    lines = [f"Ván {doc['index']} / Game {doc['index']}{title}"]
    picker = "—" if setup["picker"] is None else str(setup["picker"])
    cai = setup["cai_card"] or "?"
    lines.append(f"  bốc cái / picker: {picker} · quân cái: {cai} → "
                 f"{_seat(setup['cai_seat'], players)}")
    for i, hand in enumerate(setup["hands"]):
        lines.append(f"  {_seat(i, players)}: {' '.join(hand)}")
    lines.append(f"  nọc ({len(setup['noc'])}): {' '.join(setup['noc'])}")
    kind = res["kind"]
    if kind == "draw":
        lines.append(f"Kết quả / Result: hòa / drawn game after {res['events']} events")
    elif kind == "unfinished":
        lines.append(f"Kết quả / Result: chưa xong / unfinished after {res['events']} events")
    else:
        on = f" trên/on {res['winning_card']}" if res["winning_card"] else ""
        lines.append(f"Kết quả / Result: {_seat(res['winner'], players)} ù / won{on} after "
                     f"{res['events']} events · payout: {res['payout']}")
        lines.append(f"  cước: {_call(res['cuoc'])}")
        lines.append(f"  xướng / call: {_call(res['call'])}")
        lines.append(f"  điểm / score: {res['score']} (true {res['true_score']}, "
                     f"gà {res['ga']})")
        lines.append("  tiền / settlement: "
                     + "  ".join(_amount(x) for x in res["settlement"]))
    notes = doc["annotations"]
    lines.append(f"Ghi chú / Annotations: {len(notes)}")
    for a in notes:
        head = f"  #{a['event']:<3} {_seat(a['seat'], players)}  {_KIND.get(a['kind'], a['kind'])}"
        if "rule" in a:
            head += f" {a['rule']}"
        if a.get("card"):
            head += f" {a['card']}"
        if "cause_event" in a:
            head += f" (do nước / set up by #{a['cause_event']})"
        lines.append(head)
        lines.append(f"        {a['message']}")
        lines.append(f"        {a['message_en']}")
    return "\n".join(lines)


def render_games(docs: Sequence[tuple[Doc, Sequence[Player], str]]) -> str:
    """Several games, separated by a blank line."""
    return "\n\n".join(render_game(d, p, t) for d, p, t in docs) + "\n"


# Characters a terminal may act on instead of showing: C0 controls but the line feed and the
# tab, DEL, C1 controls (0x9b is a one-byte CSI), and the Unicode line separators and
# bidirectional overrides that reorder what follows. Player names, card codes and file names
# are untrusted text: an ESC in a name must not clear the learner's screen (issue 13).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                      "\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """``text`` safe to print on a terminal: every control character written out as an escape
    (``\\x1b``), line feeds and tabs kept."""
    return _CONTROL.sub(_escape, text)


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def inert_json(document: str) -> str:
    """A JSON text safe to print: the controls json.dumps leaves raw with ensure_ascii=False
    (DEL, C1, U+2028/9, bidi overrides) written as \\u escapes. Outside strings JSON is
    plain ASCII, so this only touches string contents, and the value read back is the same."""
    return _CONTROL.sub(_json_escape, document)
