"""A Tổ tôm game in the HTML report (``chan-tutor report``; replays.games.ReportPieces): the
deal and cho cái, the result with the verdict, the judged arrangement and the true cước beside
the call, the hội's pool and debts, each event in words, and every seat's hand, mat and cửa
after an annotated event — all from the analyzer's document and the engine's replayed state,
in both languages (the page shows one at a time, replays.report_html).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import Act
from engine.game import Phase
from engine.totom import ALL_CARDS, Card, TomAction, TomGame, parse_card
from replays import tom_messages as M
from replays.games import PagePieces
from replays.record import Player
from replays.report_html import both, esc
from replays.report_page import seat_name
from replays.tom_text import tokens_of

Doc = dict[str, Any]

# Every annotation kind of a Tổ tôm document, as the page names it (vi, en).
KINDS: dict[str, tuple[str, str]] = {
    "offence": ("Lỗi", "offence"), "missed_u": ("Bỏ ù", "missed ù"),
    "missed_phong": ("Bỏ phỗng", "missed phỗng"), "declined": ("Bỏ quân", "declined"),
    "call_over": ("Xướng gian", "over-call"), "call_under": ("Xướng thiếu", "under-call"),
    "call_order": ("Xướng sai thứ tự", "call out of order"),
    "call_procedure": ("Dậy khàn, báo bất thực", "khàn and bất thực in the call"),
    "note_waits": ("Ghi chú: chờ ù", "note: waiting"),
    "note_broke_wait": ("Ghi chú: mất chờ", "note: broke the wait"),
}
VERDICTS = {"paid": ("được tính điểm", "paid"),
            "tra_do": ("trả đò: ù này trả nợ chèo đò", "repays a chèo đò debt"),
            "unpaid": ("không được tính điểm, chỉ được cái", "not paid (only the cái)"),
            "cheo_do": ("chèo đò: nợ làng một ván ù", "chèo đò: owes the làng a win")}
GROUPS = {"bi": ("phu bí", "phu bí"), "doc": ("phu dọc", "run"), "sp": ("phu đặc biệt",
                                                                         "special phu"),
          "giong": ("bộ giống", "identical cards"), "yeu": ("yêu", "yêu alone")}
ORIGINS = {"khan": ("khàn", "khàn"), "thien_khai": ("thiên khai", "thiên khai"),
           "phong": ("phỗng", "phỗng"), "eaten": ("ăn", "eaten"), "yeu": ("yêu", "yêu")}


def card(code: str | Card, marks: Iterable[str] = ()) -> str:
    """One small card: its T1.3 code above its Vietnamese name; red cards red (T1.5)."""
    c = code if isinstance(code, Card) else parse_card(code)
    classes = " ".join([*(["r"] if c.is_red else []), *marks])
    name = esc(c.name_vi)
    return f'<i class="{classes}"><b>{c.code}</b>{name}</i>' if classes else \
        f"<i><b>{c.code}</b>{name}</i>"


def cards(codes: Iterable[str | Card], hit: str | None = None) -> str:
    """A row of cards (``hit``: the code to mark), or a dash for none."""
    out = [card(c, ["hit"] if hit is not None and str(c) == hit else []) for c in codes]
    return f'<span class="cards">{"".join(out)}</span>' if out else '<span class="empty">—</span>'


def legend() -> str:
    """The 30 kinds of card: code, Vietnamese and English name (T1.2, T1.3), once per page."""
    rows = "".join(f"<tr><td>{card(c)}</td><td>{esc(c.name_vi)}</td>"
                   f'<td lang="en">{esc(c.name_en)}</td></tr>' for c in ALL_CARDS)
    return (f'<details><summary>{both("Các quân bài tổ tôm", "The Tổ tôm cards")}</summary>'
            f'<table class="legend">{rows}</table></details>')


def setup_html(doc: Doc, players: Sequence[Player]) -> str:
    """T2.5: the cái, cards A and B and the cái pile, every dealt hand, the nọc."""
    s = doc["setup"]
    rows = []
    for seat, hand in enumerate(s["hands"]):
        vi, en = seat_name(seat, players)
        badge = ' <span class="badge">cái</span>' if seat == s["cai_seat"] else ""
        rows.append(f'<tr><th>{both(vi, en)}{badge}</th><td class="num">{len(hand)}</td>'
                    f'<td>{cards(hand, s["a"] if seat == s["cai_seat"] else None)}</td></tr>')
    cho = ""
    if s.get("a"):
        pile = "" if s.get("cai_pile") is None else \
            f' · {both("Phần bài của cái", "the cái pile")}: {esc(s["cai_pile"])}'
        cho = (f'<p data-a="{esc(s["a"])}" data-b="{esc(s["b"])}">'
               f'{both("Cho cái: quân A", "cho cái: card A")} {card(s["a"])} · '
               f'{both("quân B", "card B")} {card(s["b"])}{pile}</p>')
    return "".join([
        f'<h3>{both("Chia bài", "The deal")}</h3>',
        f'<p>{both("Cái", "cái")}: {both(*seat_name(s["cai_seat"], players))}</p>', cho,
        f'<table class="hands"><tr><th>{both("Ghế", "Seat")}</th><th>{both("Số", "n")}</th>'
        f'<th>{both("Bài được chia", "Dealt hand")}</th></tr>{"".join(rows)}</table>',
        f'<p>{both("Nọc", "nọc")} ({len(s["noc"])}, '
        f'{both("trên cùng trước", "top first")}):</p><p>{cards(s["noc"])}</p>'])


def result_html(doc: Doc, players: Sequence[Player]) -> str:
    """T6, T7, T8: who won on what, the verdict, the judged arrangement, the true cước beside
    the call, the scores, the pool and the debts."""
    r = doc["result"]
    head = f'<h3>{both("Kết quả", "Result")}</h3>'
    kind = r["kind"]
    if kind == "unfinished":
        return head + f'<p>{both("Ván chưa xong", "unfinished")} ({r["events"]} ' \
                      f'{both("nước", "events")})</p>' + _hoi(r, players)
    if kind == "draw":
        ke_vi, ke_en = seat_name(r["ke_seat"], players)
        return head + (f'<p data-result="draw" data-ke-seat="{esc(r["ke_seat"])}">'
                       f'{both("Kê: hết nọc, không ai ù", "kê: the nọc ran out, nobody won")} '
                       f'({r["events"]} {both("nước", "events")}) · '
                       f'{both(f"{ke_vi} được cái ván sau", f"{ke_en} is cái next game")}'
                       f'</p>') + _hoi(r, players)
    win_vi, win_en = seat_name(r["winner"], players)
    on = r.get("winning_card")
    won = both(f"{win_vi} ù trên", f"{win_en} won on") + " " + card(on) if on else \
        both(f"{win_vi} ù thiên ù", f"{win_en} won: thiên ù")
    verdict = VERDICTS.get(str(r["verdict"]), (str(r["verdict"]), str(r["verdict"])))
    lines = [head, f'<p data-result="{esc(kind)}" data-winner="{esc(r["winner"])}" '
                   f'data-verdict="{esc(r["verdict"])}">{won} · {r["events"]} '
                   f'{both("nước", "events")} · {both(*verdict)}</p>']
    if r.get("arrangement"):
        groups = "".join(_group(g) for g in r["arrangement"])
        lines.append(f'<p>{both("Bài xếp như làng xét (T5.3)", "the arrangement judged (T5.3)")}'
                     f':</p><p>{groups}</p>')
    call = tokens_of(r["call"])
    lines.append(
        f'<table class="calls"><tr><th>{both("Cước thật", "True cước")}</th>'
        f'<th>{both("Xướng", "The call")}</th></tr><tr>'
        f'<td data-cuoc="{esc(_ids(r["cuoc"]))}">'
        f'{both(M.cuoc_vi(r["cuoc"]), M.cuoc_en(r["cuoc"]))}</td>'
        f'<td data-call="{esc(" ".join(str(t) for t in call))}">'
        f'{both(M.call_vi(call), M.call_en(call)) if call else "—"}</td></tr></table>')
    diff = r["score"] - r["true_score"]
    lines.append(
        f'<p data-score="{esc(r["score"])}" data-true-score="{esc(r["true_score"])}">'
        f'{both("Điểm theo lời xướng", "score of the call")}: <b>{esc(r["score"])}</b> · '
        f'{both("Điểm của cước thật", "true score")}: <b>{esc(r["true_score"])}</b> · '
        f'{both("Chênh lệch", "difference")}: <b>{diff:+g}</b></p>')
    return "".join(lines) + _hoi(r, players)


def _ids(items: Sequence[Sequence[Any]]) -> str:
    return " ".join(f"{c}:{n}" for c, n in items)


def _group(g: Mapping[str, Any]) -> str:
    vi, en = GROUPS.get(str(g["type"]), (str(g["type"]), str(g["type"])))
    label = f"{g['id']} " if g.get("id") else ""
    where = both(" (dưới chiếu)", " (on the mat)") if g.get("mat") else ""
    return (f'<span class="meld" title="{esc(label + en)}">{cards(g["cards"])}</span>'
            f'<small>{esc(label)}{both(vi, en)}{where}</small> ')


def _hoi(r: Doc, players: Sequence[Player]) -> str:
    """T8: the pool before and after the game, each seat's debt after it."""
    pool = r["pool"]
    if pool["before"] is None:
        return ""
    after = "—" if pool["after"] is None else esc(pool["after"])
    cells = "".join(f'<tr><th>{both(*seat_name(s, players))}</th><td class="num">{esc(d)}</td>'
                    f'</tr>' for s, d in enumerate(r["debts"]))
    return (f'<p data-pool-before="{esc(pool["before"])}" data-pool-after="{esc(pool["after"])}">'
            f'{both("Tiền góp của hội", "the hội pool")}: {esc(pool["before"])} → {after}</p>'
            f'<table class="settlement"><tr><th>{both("Nợ chèo đò", "chèo đò debts")}</th>'
            f'<th>{both("ván ù", "wins owed")}</th></tr>{cells}</table>')


_WORDS: dict[Act, tuple[str, str]] = {
    Act.UP_KHAN: ("úp khàn", "lays a khàn face down"),
    Act.UP_THIEN_KHAI: ("úp thiên khai", "lays a thiên khai face down"),
    Act.BAT_THUC: ("báo bất thực", "declares bất thực"),
    Act.REVEAL: ("trình thiên khai", "shows a thiên khai"),
    Act.DISCARD: ("đánh", "discards"), Act.DRAW: ("bốc", "draws"),
    Act.PASS: ("dưới", "says dưới (passes)"), Act.PHONG: ("phỗng", "phỗng"),
    Act.DAY_KHAN: ("dậy khàn", "dậy khàn (takes it onto the khàn)"),
    Act.RETURN: ("trả cửa", "returns (trả cửa)"), Act.HA_TRUNG: ("hạ trùng", "hạ trùng"),
    Act.WIN: ("ù", "declares ù"), Act.EAT: ("ăn", "eats"), Act.CALL: ("xướng", "calls"),
    Act.DECLINE: ("bỏ qua", "lets it pass"),
}


def action_text(action: Any, players: Sequence[Player]) -> tuple[str, str]:
    """What a recorded event did, in both languages."""
    assert isinstance(action, TomAction)
    who_vi, who_en = seat_name(action.seat, players)
    vi, en = _WORDS[action.act]
    c = action.card
    if action.act is Act.CALL:
        return f"{who_vi} {vi}: {M.call_vi(action.tokens)}", \
            f"{who_en} {en}: {M.call_en(action.tokens)}"
    if action.act is Act.WIN and action.phong is not None:
        said = ("phỗng", "phỗng") if action.phong else ("không phỗng", "không phỗng")
        return f"{who_vi} ù, {said[0]}", f"{who_en} declares ù, saying {said[1]}"
    if action.act is Act.EAT:
        with_ = " ".join(str(x) for x in action.cards)
        vi += f" với {with_}" if with_ else " (yêu một mình)"
        en += f" with {with_}" if with_ else " (a yêu alone)"
        if action.onto is not None:
            vi += f", gá vào phu {action.onto}"
            en += f", onto mat meld {action.onto}"
    elif action.cards:
        vi += f" với {' '.join(str(x) for x in action.cards)}"
        en += f" with {' '.join(str(x) for x in action.cards)}"
    if c is not None:
        vi += f" {c.name_vi.lower()}"
        en += f" {c}"
    if action.act is Act.HA_TRUNG and action.onto is not None:
        vi += f" vào phu {action.onto}"
        en += f" onto mat meld {action.onto}"
    return f"{who_vi} {vi}", f"{who_en} {en}"


def position_html(game: Any, players: Sequence[Player], acting: int | None,
                  hit: str | None) -> str:
    """Every seat's hand, mat (face-down melds marked) and cửa after an event (all hands
    open); the live card ringed, the annotated seat's row marked, its annotated card
    highlighted."""
    assert isinstance(game, TomGame)
    live = game.live if game.phase in (Phase.CLAIM, Phase.PLAY) else None
    rows = []
    for seat in range(game.players):
        pile = game.cua[seat]
        top = len(pile) - 1 if live is not None and live.cua == seat else -1
        cua = "".join(card(c, ["live"] if i == top else []) for i, c in enumerate(pile))
        mat = "".join(_meld(m) for m in game.mats[seat])
        bat = "".join(f' <span class="badge bao">{both("bất thực", "bất thực")} {esc(k)}'
                      f'</span>' for k in sorted(game.bat_thuc[seat]))
        cai = ' <span class="badge">cái</span>' if seat == game.deal.cai_seat else ""
        mark = ' class="acting"' if seat == acting else ""
        rows.append(
            f'<tr{mark}>'
            f'<th>{both(*seat_name(seat, players))}{cai}{bat}</th>'
            f'<td>{cards(game.hand_cards(seat), hit if seat == acting else None)}</td>'
            f'<td>{mat or "<span class=empty>—</span>"}</td>'
            f'<td><span class="cards">{cua or "<span class=empty>—</span>"}</span></td></tr>')
    return (f'<table class="position"><tr><th>{both("Ghế", "Seat")}</th>'
            f'<th>{both("Trên tay", "Hand")}</th><th>{both("Dưới chiếu", "Mat")}</th>'
            f'<th>{both("Cửa", "discards")}</th></tr>{"".join(rows)}</table>'
            f'<p class="meta">{both("Nọc còn", "left in the nọc")}: {game.noc_left}</p>')


def _meld(m: Any) -> str:
    vi, en = ORIGINS.get(str(m.origin), (str(m.origin), str(m.origin)))
    if m.face_down:
        vi, en = f"{vi} úp", f"{en}, face down"
    if m.broken:
        vi, en = f"{vi} (đã phá)", f"{en} (broken)"
    return (f'<span class="meld" title="{esc(en)}">{"".join(card(c) for c in m.all_cards)}'
            f'</span><small>{both(vi, en)}</small> ')


def annotation_extra(a: Doc) -> list[str]:
    """What a Tổ tôm annotation says beyond its kind, rule, card and cause."""
    extra = []
    if a.get("tokens") and a["kind"] == "call_over":
        said = tokens_of(a["tokens"])
        extra.append(f'<p>{both("Lời xướng sai", "false tokens")}: '
                     f'{both(M.call_vi(said), M.call_en(said))}</p>')
    if a.get("cuoc"):
        extra.append(f'<p>{both("Cước", "cước")}: '
                     f'{both(M.cuoc_vi(a["cuoc"]), M.cuoc_en(a["cuoc"]))}</p>')
    if a.get("rules"):
        extra.append(f'<p>{both("Các lỗi", "rules")}: {esc(", ".join(a["rules"]))}</p>')
    if a.get("waits"):
        extra.append(f'<p>{both("Chờ", "waits")}: '
                     f'{cards(w["card"] for w in a["waits"])}</p>')
    return extra


# Tổ tôm's pieces of the report: its 30 kinds of card, the deal and cho cái, the end of the
# game and the hội, the events, the seats, an annotation's tokens, cước, rules and waits
TOM_PAGE = PagePieces(KINDS, legend, card, setup_html, result_html, action_text,
                      position_html, annotation_extra)
