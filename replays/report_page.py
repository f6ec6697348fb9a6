"""One game of the HTML report: the setup, the result with the true cước beside the call,
and every annotation of ``chan-tutor analyze --json`` with the position at its event.

Only the analyzer's document and the engine's replayed states are shown: nothing here
judges a rule. Each annotation is an ``<article>`` whose ``data-*`` attributes repeat its
facts (kind, event, seat, rule, card, cause event) so a program can check the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Act, Action
from engine.chan import NAME_EN, Card, Meld
from engine.chan import ChanGame as Game
from engine.chan import render_call as render
from engine.game import Phase
from replays.analyzer import is_note
from replays.games import PagePieces, ReportPieces
from replays.record import Player
from replays.report_html import both, card, cards, data, esc, legend

Doc = dict[str, Any]

# Every kind of replays.library.ERROR_KINDS and the teaching notes, as a page names them
# (tests/replays/test_report.py checks none is missing).
KINDS: dict[str, tuple[str, str]] = {
    "violation": ("Lỗi", "violation"), "bao": ("Báo", "báo"),
    "missed_u": ("Bỏ ù", "missed ù"), "missed_chiu": ("Bỏ chíu", "missed chíu"),
    "u_lao": ("Ù láo", "false ù"), "u_bao": ("Ù báo", "ù after a lỗi"),
    "nghi_an_tien": ("Nghỉ ăn tiền", "win not paid"),
    "bo_u": ("Bỏ ù trước đó", "earlier ù let pass"),
    "call_wrong": ("Xướng sai", "wrong call"), "call_missing": ("Xướng thiếu", "under-called"),
    "call_order": ("Xướng sai thứ tự", "call out of order"),
    "bach_thu_not_called": ("Không xướng bạch thủ", "bạch thủ not called"),
    "note_waits": ("Ghi chú: chờ ù", "note: waiting"),
    "note_fed_next": ("Ghi chú: cho ăn", "note: fed the next player"),
    "note_broke_wait": ("Ghi chú: mất chờ", "note: broke the wait"),
}
PAYOUTS = {"normal": ("bình thường", "normal"), "nghi_an_tien": ("nghỉ ăn tiền", "not paid"),
           "u_bao": ("ù báo", "the winner pays"), "u_lao": ("ù láo", "false ù"),
           "xuong_sai": ("xướng sai", "wrong call: the winner pays")}


def seat_name(seat: int | None, players: Sequence[Player]) -> tuple[str, str]:
    """``Ghế 1 (Lan)`` / ``seat 1 (Lan)``: the page shows one language at a time."""
    if seat is None:
        return "—", "—"
    name = players[seat].name if 0 <= seat < len(players) else "?"
    return f"Ghế {seat} ({name})", f"seat {seat} ({name})"


def _card_vi(card_: Card | None) -> str:
    return "" if card_ is None else card_.name_vi


def _cuoc_en(items: Sequence[Sequence[Any]]) -> str:
    return ", ".join(NAME_EN.get(str(c), str(c)) if int(n) == 1 else f"{n} × "
                     f"{NAME_EN.get(str(c), str(c))}" for c, n in items) or "—"


def _cuoc_vi(items: Sequence[Sequence[Any]]) -> str:
    return render((str(c), int(n)) for c, n in items) or "—"


def action_text(action: Action, players: Sequence[Player]) -> tuple[str, str]:
    """What a recorded event did, in both languages."""
    who_vi, who_en = seat_name(action.seat, players)
    c = action.card
    words: dict[Act, tuple[str, str]] = {
        Act.DISCARD: (f"đánh {_card_vi(c)}", f"discards {c}"),
        Act.DRAW: (f"bốc {_card_vi(c)}".strip(), f"draws {c or ''}".strip()),
        Act.EAT: (f"ăn bằng {_card_vi(c)}", f"eats with {c}"),
        Act.PASS: ("dưới", "says dưới (passes)"), Act.CHIU: ("chíu", "chíu"),
        Act.RETURN: (f"trả cửa {_card_vi(c)}", f"returns {c} (trả cửa)"),
        Act.WIN: ("ù", "declares ù"),
        Act.CALL: (f"xướng: {_cuoc_vi(action.cuoc)}", f"calls: {_cuoc_en(action.cuoc)}"),
        Act.DECLINE: ("bỏ qua", "lets it pass"),
    }
    vi, en = words[action.act]
    return f"{who_vi} {vi}", f"{who_en} {en}"


# ------------------------------------------------------------------------------ setup


def setup_html(doc: Doc, players: Sequence[Player]) -> str:
    """Who picked, the quân cái and who got it, every dealt hand, the nọc."""
    s = doc["setup"]
    cai = s.get("cai_card")
    rows = []
    for seat, hand in enumerate(s["hands"]):
        vi, en = seat_name(seat, players)
        badge = ' <span class="badge">cái</span>' if seat == s["cai_seat"] else ""
        rows.append(f'<tr><th>{both(vi, en)}{badge}</th><td class="num">{len(hand)}</td>'
                    f'<td>{cards(hand, cai if seat == s["cai_seat"] else None)}</td></tr>')
    picker = "—" if s.get("picker") is None else both(*seat_name(s["picker"], players))
    parts = [
        f'<h3>{both("Chia bài", "The deal")}</h3>',
        f'<p>{both("Người bốc cái", "picker")}: {picker} · '
        f'{both("Quân cái", "the cái card")}: {card(cai) if cai else "—"} → '
        f'{both(*seat_name(s["cai_seat"], players))}</p>',
        f'<table class="hands"><tr><th>{both("Ghế", "Seat")}</th><th>{both("Số", "n")}</th>'
        f'<th>{both("Bài được chia", "Dealt hand")}</th></tr>{"".join(rows)}</table>',
        f'<p>{both("Nọc", "nọc")} ({len(s["noc"])}, '
        f'{both("trên cùng trước", "top first")}):</p><p>{cards(s["noc"])}</p>',
    ]
    if s.get("dead"):
        parts.append(f'<p>{both("Bài bỏ ra", "set aside")} ({len(s["dead"])}):</p>'
                     f'<p>{cards(s["dead"])}</p>')
    return "".join(parts)


# ------------------------------------------------------------------------------ result


def result_html(doc: Doc, players: Sequence[Player]) -> str:
    """The end: who won on what, the true cước beside the call, the scores, who pays."""
    r = doc["result"]
    kind = r["kind"]
    head = f'<h3>{both("Kết quả", "Result")}</h3>'
    if kind == "unfinished":
        return head + f'<p>{both("Ván chưa xong", "unfinished")} ({r["events"]} ' \
                      f'{both("nước", "events")})</p>'
    if kind == "draw":
        return head + f'<p data-result="draw">{both("Hòa (hết nọc)", "drawn game")} ' \
                      f'({r["events"]} {both("nước", "events")})</p>' + _settlement(r, players)
    win_vi, win_en = seat_name(r["winner"], players)
    on = r.get("winning_card")
    payout = PAYOUTS.get(r["payout"] or "normal", (str(r["payout"]), str(r["payout"])))
    won = both(f"{win_vi} ù trên", f"{win_en} won on") + " " + card(on) if on else \
        both(f"{win_vi} ù", f"{win_en} won")  # thiên ù: no winning card
    lines = [head, f'<p data-result="{esc(kind)}" data-winner="{esc(r["winner"])}">'
                   f'{won} · {r["events"]} {both("nước", "events")} · '
                   f'{both("Thanh toán", "payout")}: {both(*payout)}</p>']
    true = {(str(c), int(n)) for c, n in r["cuoc"]}
    called = {(str(c), int(n)) for c, n in r["call"]}
    lines.append(
        f'<table class="calls"><tr><th>{both("Cước thật", "True cước")}</th>'
        f'<th>{both("Xướng", "The call")}</th></tr><tr>'
        f'<td data-cuoc="{esc(_ids(r["cuoc"]))}">{_cuoc_list(r["cuoc"], called)}</td>'
        f'<td data-call="{esc(_ids(r["call"]))}">{_cuoc_list(r["call"], true)}</td></tr>'
        f'</table>')
    diff = r["score"] - r["true_score"]
    lines.append(
        f'<p data-score="{esc(r["score"])}" data-true-score="{esc(r["true_score"])}">'
        f'{both("Điểm theo lời xướng", "score of the call")}: <b>{esc(r["score"])}</b> · '
        f'{both("Điểm của cước thật", "true score")}: <b>{esc(r["true_score"])}</b> · '
        f'{both("Chênh lệch", "difference")}: <b>{diff:+g}</b> · '
        f'{both("Gà", "gà")}: {esc(r["ga"])}</p>')
    return "".join(lines) + _settlement(r, players)


def _ids(items: Sequence[Sequence[Any]]) -> str:
    return " ".join(f"{c}:{n}" for c, n in items)


def _cuoc_list(items: Sequence[Sequence[Any]], other: set[tuple[str, int]]) -> str:
    """One side of the comparison; a cước the other side lacks is marked."""
    if not items:
        return '<span class="empty">—</span>'
    out = []
    for c, n in items:
        mark = "" if (str(c), int(n)) in other else ' class="missing"'
        count = f"{n} × " if int(n) > 1 else ""
        out.append(f"<li{mark}>{count}{both(render([(str(c), 1)]), NAME_EN.get(str(c), c))}"
                   f"</li>")
    return f'<ul>{"".join(out)}</ul>'


def _settlement(r: Doc, players: Sequence[Player]) -> str:
    cells = "".join(f'<tr><th>{both(*seat_name(s, players))}</th>'
                    f'<td class="num">{x:+g}</td></tr>' if x else
                    f'<tr><th>{both(*seat_name(s, players))}</th><td class="num">0</td></tr>'
                    for s, x in enumerate(r["settlement"]))
    return (f'<table class="settlement"><tr><th>{both("Tiền", "Settlement")}</th>'
            f'<th>{both("điểm", "điểm")}</th></tr>{cells}</table>')


# ------------------------------------------------------------------------------ positions


def _meld(m: Meld) -> str:
    return f'<span class="meld">{"".join(card(c) for c in m.cards)}</span>'


def position_html(game: Game, players: Sequence[Player], acting: int | None,
                  hit: str | None) -> str:
    """Every seat's hand, melds and cửa after an event (all hands open); the live card
    ringed, the annotated seat's row marked, its annotated card highlighted."""
    live = game.live if game.phase in (Phase.CLAIM, Phase.PLAY) else None
    rows = []
    for seat in range(game.players):
        pile = game.cua[seat]
        top = len(pile) - 1 if live is not None and live.cua == seat else -1
        cua = "".join(card(c, ["live"] if i == top else []) for i, c in enumerate(pile))
        mat = "".join(_meld(m) for m in game.mats[seat])
        bao = ' <span class="badge bao">báo</span>' if game.bao[seat] else ""
        mark = ' class="acting"' if seat == acting else ""
        rows.append(
            f'<tr{mark}>'
            f'<th>{both(*seat_name(seat, players))}{bao}</th>'
            f'<td>{cards(game.hand_cards(seat), hit if seat == acting else None)}</td>'
            f'<td>{mat or "<span class=empty>—</span>"}</td>'
            f'<td><span class="cards">{cua or "<span class=empty>—</span>"}</span></td></tr>')
    return (f'<table class="position"><tr><th>{both("Ghế", "Seat")}</th>'
            f'<th>{both("Trên tay", "Hand")}</th><th>{both("Dưới chiếu", "Melds")}</th>'
            f'<th>{both("Cửa", "discards")}</th></tr>{"".join(rows)}</table>'
            f'<p class="meta">{both("Nọc còn", "left in the nọc")}: {game.noc_left}</p>')


# ------------------------------------------------------------------------------ annotations


def annotation_extra(a: Doc) -> list[str]:
    """A Chắn annotation's cước (R8) and the lỗi that decided a payout."""
    extra = []
    if a.get("cuoc"):
        extra.append(f'<p>{both("Cước", "cước")}: {both(_cuoc_vi(a["cuoc"]), _cuoc_en(a["cuoc"]))}'
                     f'</p>')
    if a.get("rules"):
        extra.append(f'<p>{both("Các lỗi", "lỗi")}: {esc(", ".join(a["rules"]))}</p>')
    return extra


# Chắn's pieces of the report: the 25 kinds of card (R1.3, R1.4), the deal (R2), the end
# (R6, R9), the events, the seats, the cước and lỗi of an annotation
CHAN_PAGE = PagePieces(KINDS, legend, card, setup_html, result_html, action_text,
                       position_html, annotation_extra)


def annotation_html(a: Doc, players: Sequence[Player], record: Sequence[Action],
                    anchor: str, page: ReportPieces = CHAN_PAGE) -> str:
    """One annotation: its kind and facts as data attributes, its sentence in both
    languages, and the earlier event that caused it (``page``: the game's pieces)."""
    kind = str(a["kind"])
    vi, en = page.kinds.get(kind, (kind, kind))
    cause = a.get("cause_event")
    facts = data(kind=kind, event=a["event"], seat=a["seat"], rule=a.get("rule"),
                 card=a.get("card"), cause_event=cause)
    head = [f'<span class="kind">{both(vi, en)}</span>']
    if a.get("rule"):
        head.append(esc(a["rule"]))
    if a.get("card"):
        head.append(page.card(a["card"]))
    head.append(both(*seat_name(a["seat"], players)))
    extra = page.annotation_extra(a)
    if cause is not None and 0 <= cause < len(record):
        c_vi, c_en = page.action_text(record[cause], players)
        # people count moves from 1; the data attributes keep the 0-based index (FORMATS)
        if kind == "declined":  # T4.14: the decline is the cause itself
            because = both(f"Bỏ ở nước {cause + 1}: {c_vi}", f"declined by move {cause + 1}: "
                                                              f"{c_en}")
        else:
            because = both(f"Do nước {cause + 1}: {c_vi}",
                           f"set up by move {cause + 1}: {c_en}")
        extra.append(f'<p class="cause">{because}</p>')
    note = " note" if is_note(a) else ""
    return (f'<article class="ann{note}" id="{anchor}"{facts}><h5>{" · ".join(head)}</h5>'
            f'<p class="msg vi">{esc(a["message"])}</p>'
            f'<p class="msg en" lang="en">{esc(a.get("message_en", ""))}</p>{"".join(extra)}'
            f'</article>')


def events_html(doc: Doc, players: Sequence[Player], record: Sequence[Action],
                positions: Mapping[int, Any], prefix: str,
                page: ReportPieces = CHAN_PAGE) -> str:
    """The annotations grouped by event, in event order, each group with its position."""
    by_event: dict[int, list[Doc]] = {}
    for a in doc["annotations"]:
        by_event.setdefault(int(a["event"]), []).append(a)
    out = []
    n = 0
    for event in sorted(by_event):
        group = by_event[event]
        action = record[event] if 0 <= event < len(record) else None
        what = "" if action is None else " · " + both(*page.action_text(action, players))
        first_error = next((a for a in group if not is_note(a)), group[0])
        arts = []
        for a in group:
            arts.append(annotation_html(a, players, record, f"{prefix}-a{n}", page))
            n += 1
        game = positions.get(event)
        pos = "" if game is None else page.position_html(
            game, players, first_error["seat"], first_error.get("card"))
        out.append(f'<section class="event" id="{prefix}-e{event}" data-at-event="{event}">'
                   f'<h4>{both(f"Sau nước {event + 1}", f"after move {event + 1}")}{what}</h4>'
                   f'{"".join(arts)}{pos}</section>')
    return "".join(out)

