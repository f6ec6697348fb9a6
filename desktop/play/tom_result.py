"""The end of a game of Tổ tôm in words, under the chiếu that draws the judged arrangement:
who won on what, the call as said and the call the hand held, the verdict (T6.1) with the
rules that decided it, what the hội paid from its pool or the debt it left (T8.2, T6.6), or
the kê (T2.9). Everything judged is the engine's (the game's settlement, the hội's payout).
"""

from __future__ import annotations

from html import escape

from desktop.i18n import amount, translate
from desktop.play.tom_words import card_name, fault_text, rule_name
from engine.totom import TomGame, TomPayout, TomSession, say


def result_html(game: TomGame, session: TomSession, names: tuple[str, ...]) -> str:
    """The result of a finished game as rich text (empty before the end)."""
    s = game.settlement
    if not game.is_over or s is None:
        return ""
    payout = session.results[-1].payout if session.results else None
    lines: list[str] = []
    if s.winner is None:
        lines.append(translate("TomResult", "Hết nọc, không ai ù: kê. {name} bốc quân nọc "
                                            "cuối, được cái ván sau (T2.9).").format(
            name=escape(names[s.ke_seat] if s.ke_seat is not None else "?")))
    else:
        name = escape(names[s.winner])
        if s.card is None:
            lines.append(translate("TomResult", "<b>{name}</b> thiên ù.").format(name=name))
        else:
            lines.append(translate("TomResult", "<b>{name}</b> ù {card}.").format(
                name=name, card=escape(card_name(s.card))))
        lines.append(translate("TomResult", "Xướng: <b>{call}</b>").format(
            call=escape(say(s.call))))
        lines.append(_verdict(game, payout))
        truth = game.true_tokens()
        if truth and tuple(truth) != tuple(s.call):
            lines.append(translate("TomResult", "Bài có: {call} ({points} điểm).").format(
                call=escape(say(truth)), points=s.true_score))
        for v in dict.fromkeys((v.rule, v.card) for v in s.offences):
            lines.append(f"<i>{escape(rule_name(v[0]))}</i>: {escape(fault_text(*v))}")
    if session.is_over:
        lines.append(translate("TomResult", "Hội đã hết: tiền góp còn {ho} điểm, không đủ một "
                                            "ván ù suông (T8.3).").format(
            ho=amount(session.ho).lstrip("+")))
    elif not session.open_mode:
        lines.append(translate("TomResult", "Tiền góp còn {pool} điểm.").format(
            pool=amount(session.pool).lstrip("+")))
    return "<br>".join(lines)


def _verdict(game: TomGame, payout: object) -> str:
    """T6.1 and what it did to the hội (T8.2, T6.6)."""
    s = game.settlement
    assert s is not None
    why = ", ".join(rule_name(r) for r in s.rules)
    verdict = payout.verdict if isinstance(payout, TomPayout) else s.verdict.value
    if verdict == "paid":
        points = payout.points if isinstance(payout, TomPayout) else s.score
        return translate("TomResult", "Được tính điểm: {score} điểm, lấy {points} điểm từ "
                                      "tiền góp.").format(score=s.score,
                                                          points=amount(points).lstrip("+"))
    if verdict == "tra_do":
        return translate("TomResult", "Ù được tính điểm nhưng đang nợ làng: ván này trả đò, "
                                      "không lấy điểm (T6.6).")
    if verdict == "unpaid":
        return translate("TomResult", "Không được tính điểm, chỉ được cái ({why}).").format(
            why=escape(why))
    return translate("TomResult", "Chèo đò: không được điểm, nợ làng một ván ù ({why}).").format(
        why=escape(why))
