"""The end of a hội (issue 20: "Kết thúc hội" left at once): what the sitting came to — each
player's total, how many games were played and won, the thông (C2), and the learner's
mistakes as the analyzer counts them (lỗi, missed ù and chíu, call errors).

`summarize` reads the hội from the library and replays it (on the Worker: its own
connection); `summary_html` says it in the language shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from desktop.i18n import amount, translate
from replays.analyzer import analyze_session, is_note
from replays.store import Store

CALL_KINDS = ("call_wrong", "call_missing", "call_order", "bach_thu_not_called")


@dataclass(frozen=True, slots=True)
class HoiSummary:
    """A hội in figures; per seat where it says so."""

    names: tuple[str, ...]
    learner: int
    totals: tuple[float, ...]  # each seat's total over the hội (R9.2)
    games: int  # games played to the end
    unfinished: int
    draws: int
    wins: tuple[int, ...]
    thong: tuple[int, ...]  # wins called thông (C2)
    faults: int  # the learner's lỗi (L0–L17)
    missed: int  # the learner's missed ù and chíu
    calls: int  # the learner's call errors (R8)


def summarize(store_path: Path, session_id: int, learner: int) -> HoiSummary:
    """The hội `session_id` of the library at `store_path`, from the learner's side (runs on
    the Worker; BadRecord, sqlite and OS errors propagate to its failure callback)."""
    with Store.open(store_path) as store:
        record = store.session(session_id)
    docs = analyze_session(record)
    players = len(record.players)
    totals = [0.0] * players
    wins, thong = [0] * players, [0] * players
    games = unfinished = draws = faults = missed = calls = 0
    for doc in docs:
        res = doc["result"]
        if res["kind"] == "unfinished":
            unfinished += 1
            continue
        games += 1
        for seat, paid in enumerate(res["settlement"]):
            totals[seat] += paid
        if res["kind"] == "draw":
            draws += 1
        elif isinstance(res["winner"], int):
            wins[res["winner"]] += 1
            thong[res["winner"]] += any(c == "thong" for c, _ in res["cuoc"])
        for a in doc["annotations"]:
            if a.get("seat") != learner or is_note(a):
                continue
            kind = a.get("kind")
            faults += kind == "violation"
            missed += kind in ("missed_u", "missed_chiu", "bo_u")
            calls += kind in CALL_KINDS
    return HoiSummary(tuple(p.name for p in record.players), learner, tuple(totals), games,
                      unfinished, draws, tuple(wins), tuple(thong), faults, missed, calls)


def summary_html(s: HoiSummary) -> str:
    """The summary as rich text: the table of players, then the learner's mistakes."""
    head = translate("HoiSummary", "Tổng kết hội")
    played = s.games  # plain names for the counts: lupdate reads them so
    games = translate("HoiSummary", "%n ván đã chơi xong", None, played)
    if s.draws:
        draws = s.draws
        games += " · " + translate("HoiSummary", "%n ván hòa", None, draws)
    if s.unfinished:
        unfinished = s.unfinished
        games += " · " + translate("HoiSummary", "%n ván chơi dở", None, unfinished)
    columns = (translate("HoiSummary", "Người chơi"), translate("HoiSummary", "Tổng điểm"),
               translate("HoiSummary", "Ván ù"), translate("HoiSummary", "Ù thông"))
    rows = "".join(
        f"<tr><td>{'<b>' if seat == s.learner else ''}{escape(name)}"
        f"{'</b>' if seat == s.learner else ''}</td>"
        f"<td align='right'>{escape(amount(s.totals[seat]))}</td>"
        f"<td align='right'>{s.wins[seat]}</td><td align='right'>{s.thong[seat]}</td></tr>"
        for seat, name in enumerate(s.names))
    header = "".join(f"<th align='{'left' if i == 0 else 'right'}'>{escape(c)}</th>"
                     for i, c in enumerate(columns))
    yours = translate("HoiSummary", "Lỗi của bạn")
    return (f"<h2>{escape(head)}</h2><p>{escape(games)}</p>"
            f"<table cellspacing='0' cellpadding='5'><tr>{header}</tr>{rows}</table>"
            f"<h3>{escape(yours)}</h3>{_mistakes(s)}")


def _mistakes(s: HoiSummary) -> str:
    if not (s.faults or s.missed or s.calls):
        return "<p>" + escape(translate(
            "HoiSummary", "Không phạm lỗi nào, không bỏ ù hay bỏ chíu, xướng đúng cả. Giỏi "
                          "lắm!")) + "</p>"
    faults, missed, calls = s.faults, s.missed, s.calls
    items: Sequence[str] = (
        translate("HoiSummary", "%n lỗi (L0–L17)", None, faults),
        translate("HoiSummary", "%n lần bỏ ù hoặc bỏ chíu", None, missed),
        translate("HoiSummary", "%n lần xướng sai", None, calls))
    hint = translate("HoiSummary", "Xem lại từng ván ở phần Xem lại, hoặc luyện chúng ở Học → "
                                   "Luyện lỗi của tôi.")
    return "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + \
        f"</ul><p>{escape(hint)}</p>"
