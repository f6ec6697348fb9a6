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


def seat_text(seat: int | None, players: Sequence[Player]) -> str:
    """``ghế/seat 1 (Lan)``; a dash for no seat."""
    if seat is None:
        return "—"
    name = players[seat].name if 0 <= seat < len(players) else "?"
    return f"ghế/seat {seat} ({name})"


def _call(items: list[list[Any]]) -> str:
    return render((str(c), int(n)) for c, n in items) or "—"


def _amount(x: float) -> str:
    return f"{x:+g}" if x else "0"


def game_label(doc: Doc, van: int) -> tuple[str, str]:
    """A game named as the program shows it (Vietnamese, English): ``Hội 2 · ván 3`` for a
    database's game (``van``: its place in its hội, counted from 1), ``Ván 3`` for game 3 of
    a .chan.json file (one hội)."""
    if doc.get("session_id") is None:
        return f"Ván {van}", f"Game {van}"
    return f"Hội {doc['session_id']} · ván {van}", f"Session {doc['session_id']}, game {van}"


def game_id_text(doc: Doc) -> str:
    """`` (id 17)``: a database game's id, which ``export --game`` takes; nothing for a
    file's game."""
    return "" if doc.get("game_id") is None else f" (id {doc['game_id']})"


def _spans(numbers: list[int]) -> str:
    """``1–3, 5``: numbers in runs."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def places_text(places: Sequence[tuple[int, int]]) -> tuple[str, str]:
    """Games named by (hội id, position from 0), as the program shows them (Vietnamese,
    English): ``hội 4 · ván 1–3`` / ``session 4, games 1–3``; ``—`` for none."""
    by_hoi: dict[int, list[int]] = {}
    for sid, pos in places:
        by_hoi.setdefault(sid, []).append(pos + 1)
    if not by_hoi:
        return "—", "—"
    vi = "; ".join(f"hội {sid} · ván {_spans(v)}" for sid, v in sorted(by_hoi.items()))
    en = "; ".join(f"session {sid}, game{'s' if len(v) > 1 else ''} {_spans(v)}"
                   for sid, v in sorted(by_hoi.items()))
    return vi, en


def render_game(doc: Doc, players: Sequence[Player], van: int) -> str:
    """One game: setup, result and annotations, each annotation in both languages (moves
    counted from 1, as the viewer and the report count them)."""
    setup, res = doc["setup"], doc["result"]
    vi, en = game_label(doc, van)
    lines = [f"{vi} / {en}{game_id_text(doc)}"]
    picker = "—" if setup["picker"] is None else str(setup["picker"])
    cai = setup["cai_card"] or "?"
    lines.append(f"  bốc cái / picker: {picker} · quân cái: {cai} → "
                 f"{seat_text(setup['cai_seat'], players)}")
    for i, hand in enumerate(setup["hands"]):
        lines.append(f"  {seat_text(i, players)}: {' '.join(hand)}")
    lines.append(f"  nọc ({len(setup['noc'])}): {' '.join(setup['noc'])}")
    kind = res["kind"]
    if kind == "draw":
        lines.append(f"Kết quả / Result: hòa / drawn game after {res['events']} events")
    elif kind == "unfinished":
        lines.append(f"Kết quả / Result: chưa xong / unfinished after {res['events']} events")
    else:
        on = f" trên/on {res['winning_card']}" if res["winning_card"] else ""
        lines.append(f"Kết quả / Result: {seat_text(res['winner'], players)} ù / won{on} after "
                     f"{res['events']} events · payout: {res['payout']}")
        lines.append(f"  cước: {_call(res['cuoc'])}")
        lines.append(f"  xướng / call: {_call(res['call'])}")
        lines.append(f"  điểm / score: {res['score']} (true {res['true_score']}, "
                     f"gà {res['ga']})")
        lines.append("  tiền / settlement: "
                     + "  ".join(_amount(x) for x in res["settlement"]))
    lines += annotation_lines(doc["annotations"], players, _KIND)
    return "\n".join(lines)


def annotation_lines(notes: Sequence[Doc], players: Sequence[Player],
                     kinds: dict[str, str], causes: dict[str, str] | None = None) -> list[str]:
    """The annotations of a game, each with its move (counted from 1), seat, kind (named by
    ``kinds``), rule, card and cause (said as ``causes`` says for its kind, else "set up
    by"), then its sentence in both languages."""
    lines = [f"Ghi chú / Annotations: {len(notes)}"]
    for a in notes:
        move = f"nước/move {a['event'] + 1}"
        head = f"  {move:<14} {seat_text(a['seat'], players)}  {kinds.get(a['kind'], a['kind'])}"
        if "rule" in a:
            head += f" {a['rule']}"
        if a.get("card"):
            head += f" {a['card']}"
        if "cause_event" in a:
            said = (causes or {}).get(a["kind"], "do nước / set up by move")
            head += f" ({said} {a['cause_event'] + 1})"
        lines.append(head)
        lines.append(f"        {a['message']}")
        lines.append(f"        {a['message_en']}")
    return lines


def render_games(docs: Sequence[tuple[Doc, Sequence[Player], int, str]]) -> str:
    """Several games (each with its ván and its game, FORMATS ``game``), separated by a blank
    line; each game's document as its game writes it (replays.games)."""
    from replays.games import record_game

    return "\n\n".join(record_game(g).render(d, p, v) for d, p, v, g in docs) + "\n"


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
