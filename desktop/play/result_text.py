"""The result screen's text: who won on what, the true cước, the call and its verdict (R8),
the settlement (R9.1, R7.2–R7.4, R8.2–R8.4) and the hội's running totals (R9.2).

Every figure is the engine's (Game.true_call, Game.verdict, Game.settlement, Session.totals);
this module only puts them into sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from desktop.chieu.drawing import hand_groups
from desktop.i18n import amount, translate
from desktop.play.words import call_text, card_name, cuoc_name, rule_name
from engine.chan import POINTS, Card, Payout, Settlement, Verdict, in_order, rule_id
from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from engine.events import EndKind

HAND_URL = "chan://hand"  # the winning hand's picture (pages.ResultPage adds it)


def winning_groups(game: Game) -> tuple[list[tuple[Card, ...]], Card | None]:
    """The winner's cards to draw: its melds, its hand in canonical groups (R3.6) and the
    winning card apart (None for thiên ù); empty when nobody won."""
    outcome = game.outcome
    if outcome is None or outcome.winner is None or outcome.kind is EndKind.DRAW:
        return [], None
    seat = outcome.winner
    groups: list[tuple[Card, ...]] = [tuple(m.cards) for m in game.mats[seat]]
    groups += [group for _, group in hand_groups(game.hand_cards(seat))]
    if outcome.card is not None and outcome.kind is EndKind.WIN:
        groups.append((outcome.card,))
    return groups, outcome.card


def headline(game: Game, names: Sequence[str]) -> str:
    """One line: "Bà Tư ù Tam vạn", "Hòa — không ai ù", "Bạn ù láo"."""
    outcome = game.outcome
    if outcome is None:
        return translate("Result", "Ván chưa xong")
    if outcome.kind is EndKind.DRAW or outcome.winner is None:
        return translate("Result", "Hòa — không ai ù (R4.9)")
    name = names[outcome.winner]
    if outcome.kind is EndKind.U_LAO:
        return translate("Result", "{name} ù láo").format(name=name)
    if outcome.thien_u:
        return translate("Result", "{name} thiên ù").format(name=name)
    text = translate("Result", "{name} ù {card}").format(name=name, card=card_name(outcome.card))
    if outcome.chiu_u:
        text += translate("Result", " — chíu ù")
    return text


def _reason(reason: str) -> str:
    return {
        "not_held": translate("Result", "không có cước này"),
        "too_many": translate("Result", "xướng nhiều hơn số có"),
        "bach_thu_for_chi": translate("Result", "phải xướng bạch thủ chi, không phải bạch thủ"),
        "beside_picture": translate("Result", "cước ảnh đã gồm chì và bạch thủ (R6.1)"),
        "xuong_beside": translate("Result", "xuông chỉ khi không có cước nào khác"),
    }.get(reason, reason)


def verdict_lines(verdict: Verdict) -> list[str]:
    """The faults of a call, one sentence each (R8.2–R8.5); "correct" when there are none."""
    lines: list[str] = []
    for fault in verdict.wrong:
        lines.append(translate("Result", "Xướng sai: {cuoc} — {why} (R8.2).").format(
            cuoc=escape(call_text([(fault.cuoc, fault.count)])), why=_reason(fault.reason)))
    if verdict.bach_thu_not_called is not None:
        lines.append(translate("Result", "Không xướng {cuoc}: bị đền làng (R8.4).").format(
            cuoc=escape(cuoc_name(verdict.bach_thu_not_called.cuoc))))
    if verdict.missing:
        lines.append(translate("Result", "Xướng thiếu: {cuoc} — chỉ được tiền phần đã xướng "
                                         "(R8.3).").format(cuoc=escape(call_text(verdict.missing))))
    if verdict.misplaced:
        note = (translate("Result", "làng bắt lỗi thứ tự") if verdict.strict_order
                else translate("Result", "làng không bắt lỗi thứ tự, chỉ để học"))
        lines.append(translate("Result", "Sai thứ tự: {cuoc}; thứ tự đúng: {order} (R8.5, {note})."
                               ).format(cuoc=escape(call_text(verdict.misplaced)),
                                        order=escape(call_text(in_order(verdict.call))),
                                        note=note))
    if not lines:
        lines.append(translate("Result", "Xướng đúng và đủ."))
    return lines


def payout_line(game: Game, settlement: Settlement, names: Sequence[str]) -> str:
    """Who pays whom and why, in one sentence."""
    payout = settlement.payout
    if payout is Payout.NONE:
        return translate("Result", "Không ai phải trả tiền.")
    if payout is Payout.U_LAO:
        return translate("Result", "Ù láo: đền {n} điểm cho mỗi nhà (R7.4).").format(
            n=settlement.penalty)
    if payout is Payout.U_BAO:  # the rules that decided it, from the settlement
        return translate("Result", "Ù báo: đã phạm {rules} trước khi ù, đền {n} điểm cho mỗi "
                                   "nhà (R7.4).").format(
            rules=", ".join(rule_name(r) for r in settlement.rules), n=settlement.penalty)
    if payout is Payout.XUONG_SAI:
        return translate("Result", "Xướng sai: người ù đền {n} điểm cho mỗi nhà và không được "
                                   "gì (R8.2, R8.4).").format(n=settlement.penalty)
    if payout is Payout.NGHI_AN_TIEN:  # the rules that decided it, "bo_u" last
        return translate("Result", "Nghỉ ăn tiền: ù được công nhận nhưng không ai trả, vì "
                                   "{reasons} (R7.2).").format(
            reasons=", ".join(rule_name(r) for r in settlement.rules))
    payers = [s for s, t in enumerate(settlement.transfers) if t < 0]
    if any(game.bao[s] for s in payers):
        who = ", ".join(names[s] for s in payers)
        return translate("Result", "{who} bị báo nên đền thay cả làng: {n} điểm mỗi phần "
                                   "(R7.3).").format(who=who, n=settlement.score)
    return translate("Result", "Mỗi nhà trả {n} điểm (R9.1).").format(n=settlement.score)


def _cuoc_table(items: Sequence[tuple[str, int]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in (
        translate("Result", "Mã"), translate("Result", "Cước"), translate("Result", "Số"),
        translate("Result", "Điểm"), translate("Result", "Dịch")))
    rows = "".join(
        f"<tr><td>{rule_id(cid)}</td><td>{escape(cuoc_name(cid))}</td><td>{n}</td>"
        f"<td>{POINTS[cid][0]}</td><td>{POINTS[cid][1]}</td></tr>" for cid, n in items)
    return f"<table cellpadding='3' cellspacing='0'>{HEAD_ROW}{head}</tr>{rows}</table>"


HEAD_ROW = "<tr bgcolor='#eadfc8'>"


def _section(title: str, body: str) -> str:
    return f"<h3 style='color:#8a2a1c'>{escape(title)}</h3>{body}"


def _cuoc_part(game: Game, names: Sequence[str]) -> str:
    """The true cước and the call with its verdict (R6, R8)."""
    outcome, verdict = game.outcome, game.verdict
    if outcome is None or outcome.kind is not EndKind.WIN or outcome.winner is None:
        return ""
    true = game.true_call()
    body = ("<p>" + translate("Result", "Cước thật: <b>{call}</b>").format(
        call=escape(call_text(true))) + "</p>" + _cuoc_table(true))
    if verdict is not None:
        body += ("<p>" + translate("Result", "Lời xướng của {name}: <b>{call}</b>").format(
            name=escape(names[outcome.winner]), call=escape(call_text(verdict.call))) + "</p>"
            + "<ul>" + "".join(f"<li>{line}</li>" for line in verdict_lines(verdict)) + "</ul>")
    return _section(translate("Result", "Cước và lời xướng"), body)


def _money_part(game: Game, session: Session, names: Sequence[str]) -> str:
    """Who pays whom this game, and the hội's totals (R9)."""
    settlement, outcome = game.settlement, game.outcome
    if settlement is None:
        return ""
    body = "<p>" + escape(payout_line(game, settlement, names)) + "</p>"
    if settlement.payout is not Payout.NONE and outcome is not None \
            and outcome.kind is EndKind.WIN:
        body += "<p>" + translate(
            "Result", "Điểm của lời xướng: {score} · cước thật đáng: {true} · gà: {ga}"
        ).format(score=settlement.score, true=settlement.true_score, ga=settlement.ga) + "</p>"
    body += _money_table(settlement, session, names)
    return _section(translate("Result", "Tiền"), body)


def _faults_part(game: Game, names: Sequence[str]) -> str:
    """Every lỗi committed this game (R7)."""
    if not game.violations:
        return ""
    items = "".join(f"<li>{escape(names[v.seat])}: {escape(rule_name(v.rule))} "
                    f"({escape(card_name(v.card))})</li>" for v in game.violations)
    return _section(translate("Result", "Lỗi trong ván"), f"<ul>{items}</ul>")


def result_html(game: Game, session: Session, names: Sequence[str], hand: bool = False) -> str:
    """The whole result screen as rich text (`hand`: show the HAND_URL picture)."""
    top = f"<h2>{escape(headline(game, names))}</h2>"
    if hand:
        top += f"<p><img src='{HAND_URL}'></p>"
    left = _cuoc_part(game, names) + _faults_part(game, names)
    right = _money_part(game, session, names)
    if not left:
        return top + right
    return (top + "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
            f"<td width='55%' valign='top'>{left}</td><td width='4%'></td>"
            f"<td valign='top'>{right}</td></tr></table>")


def _money_table(settlement: Settlement, session: Session, names: Sequence[str]) -> str:
    head = "".join(f"<th align='left'>{h}</th>" for h in (
        translate("Result", "Người chơi"), translate("Result", "Ván này"),
        translate("Result", "Cả hội")))
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td align='right'>{amount(t)}</td>"
        f"<td align='right'><b>{amount(total)}</b></td></tr>"
        for name, t, total in zip(names, settlement.transfers, session.totals, strict=False))
    return f"<table cellpadding='4' cellspacing='0'>{HEAD_ROW}{head}</tr>{rows}</table>"
