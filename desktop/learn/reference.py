"""The rules reference of Học as rich text, built from the engine's own tables: the 25 cards
(R1), the lỗi with their names, explanations and costs from the rulebook (R7), the 25 cước
with điểm and dịch (R6), how a call is scored (R6.2) and the canonical order of a call (R8.5).
Nothing is restated by hand: change a rule in the engine and this page follows.
"""

from __future__ import annotations

from html import escape

from desktop.call_order import GROUPS, ORDER, group_of, order_title
from desktop.i18n import current, pick, translate
from engine.chan import (
    CHAN,
    COPIES,
    CUOC_IDS,
    DECK_SIZE,
    N_KINDS,
    NAME_EN,
    NAME_VI,
    POINTS,
    Card,
    rule_id,
    score,
)
from engine.chan import render_call as render

EXAMPLE_CARD = "X"  # the explanation sentences speak of "the card X"
EXAMPLE_CALL = (("thong", 1), ("chi", 1), ("dia_u", 1), ("chiu_u", 1), ("bach_thu", 1),
                ("leo", 2), ("tom", 1), ("chiu", 1))
RULES = CHAN.registry  # the rulebook: every lỗi and judgement, its words and its cost


def html_table(head: list[str], rows: list[list[str]]) -> str:
    """A table; a row of one cell is a heading across every column."""
    th = "".join(f"<th align='left'>{h}</th>" for h in head)
    body = "".join(
        f"<tr><td colspan='{len(head)}' bgcolor='#f1e6cf'>{row[0]}</td></tr>" if len(row) == 1
        else "<tr>" + "".join(f"<td valign='top'>{c}</td>" for c in row) + "</tr>"
        for row in rows)
    return (f"<table border='0' cellspacing='0' cellpadding='4'><tr bgcolor='#eadfc8'>{th}</tr>"
            f"{body}</table>")


def cards_section() -> str:
    """R1: the 25 kinds with their codes; red cards marked (R1.4)."""
    rows = []
    for k in range(N_KINDS):
        card = Card(k)
        name = escape(card.name_vi if current() == "vi" else f"{card.name_vi} — {card.name_en}")
        red = translate("Learn", "đỏ") if card.is_red else ""
        rows.append([f"<code>{card.code}</code>", name, red])
    title = translate("Learn", "Quân bài (R1)")
    intro = translate("Learn", "Bộ bài có {deck} quân: {kinds} loại, mỗi loại {copies} quân giống "
                               "hệt nhau. Mỗi quân có một mã (R1.3) dùng trong tệp ván đấu và "
                               "dòng lệnh.").format(deck=DECK_SIZE, kinds=N_KINDS, copies=COPIES)
    return (f"<h2 id='quan'>{title}</h2><p>{intro}</p>"
            + html_table([translate("Learn", "Mã"), translate("Learn", "Tên"),
                      translate("Learn", "Màu")], rows))


def _consequence(rule: str) -> str:
    cost = RULES.consequence_of(rule)
    return "" if cost is None else escape(pick(*RULES.consequence(cost).short))


def loi_section() -> str:
    """R7: every lỗi with its Vietnamese name, the engine's sentence and what it costs."""
    title = translate("Learn", "Lỗi (R7)")
    intro = translate("Learn", "Mỗi lỗi có một mã L0–L17. Câu giải thích là câu chương trình "
                               "nói khi bạn sắp phạm lỗi (chế độ học); X là quân liên quan.")
    parts = [f"<h2 id='loi'>{title}</h2><p>{intro}</p>"]
    head = [translate("Learn", "Mã"), translate("Learn", "Tên"),
            translate("Learn", "Giải thích"), translate("Learn", "Hậu quả")]
    rows: list[list[str]] = []
    for group in RULES.groups():  # one table, so the columns line up across the groups
        rows.append([f"<b>{escape(pick(*group.title))}</b>"])
        for rule in RULES.in_group(group.id):
            e = RULES.explanation(rule.id, EXAMPLE_CARD)
            rows.append([f"<b>{rule.id}</b>", escape(rule.name.vi), escape(pick(e.vi, e.en)),
                         _consequence(rule.id)])
    parts.append(html_table(head, rows))
    other = []
    others = [r for r in RULES if not r.fault]
    for rule in others:
        e = RULES.explanation(rule.id, EXAMPLE_CARD)
        name = pick(f"{rule.name.vi} ({rule.ref})",
                    f"{rule.name.vi} — {rule.name.en} ({rule.ref})")
        other.append([f"<b>{escape(name)}</b>", escape(pick(e.vi, e.en))])
    if others:
        other_title = escape(pick(*RULES.group(others[0].group).title))
        parts.append(f"<h3>{other_title}</h3>"
                     + html_table([translate("Learn", "Tên"), translate("Learn", "Giải thích")],
                              other))
    return "".join(parts)


def cuoc_section() -> str:
    """R6: the 25 cước with their điểm and dịch, and how a call is scored (R6.2)."""
    rows = [[f"<b>{rule_id(cid)}</b>", escape(NAME_VI[cid]), escape(NAME_EN[cid]),
             str(POINTS[cid][0]), str(POINTS[cid][1])] for cid in CUOC_IDS]
    two_leo = (("leo", 2),)
    three = (("thong", 1), ("chi", 1), ("bach_thu", 1))
    example = translate(
        "Learn", "Một cước: được điểm của nó. Nhiều cước: cước cao điểm nhất lấy điểm, mỗi "
                 "cước còn lại lấy dịch (R6.2). Ví dụ: “{a}” = {sa} điểm; “{b}” = {sb} điểm."
    ).format(a=escape(render(two_leo)), sa=score(two_leo), b=escape(render(three)),
             sb=score(three))
    title = translate("Learn", "Cước (R6)")
    ga = translate("Learn", "Gà (R6.3) là luật làng: xem Cài đặt.")
    return (f"<h2 id='cuoc'>{title}</h2><p>{example}</p><p>{ga}</p>"
            + html_table([translate("Learn", "Mã"), translate("Learn", "Cước"),
                      translate("Learn", "Tiếng Anh"), translate("Learn", "Điểm"),
                      translate("Learn", "Dịch")], rows))


def order_section() -> str:
    """R8.5: the canonical order of a call, group by group, with an example rendered (R8.6)."""
    rows = []
    for group in GROUPS:
        members = [escape(NAME_VI[cid]) for cid in ORDER if group_of(cid) == group]
        rows.append([order_title(group), ", ".join(members)])
    example = translate("Learn", "Ví dụ: “{call}”.").format(call=escape(render(EXAMPLE_CALL)))
    title = translate("Learn", "Thứ tự xướng (R8.5)")
    intro = translate("Learn", "Sau khi ù, người ù xướng cước theo thứ tự này, kèm số lượng "
                               "(“2 lèo”). Xướng sai bị đền làng; xướng thiếu chỉ được phần "
                               "đã xướng (R8.2–R8.4).")
    return (f"<h2 id='thu-tu'>{title}</h2><p>{intro}</p>"
            + html_table([translate("Learn", "Nhóm"), translate("Learn", "Cước")], rows)
            + f"<p>{example}</p>")


def reference_html() -> str:
    """The whole reference page in the current language."""
    toc = " · ".join(f"<a href='#{anchor}'>{title}</a>" for anchor, title in (
        ("loi", translate("Learn", "Lỗi")), ("cuoc", translate("Learn", "Cước")),
        ("thu-tu", translate("Learn", "Thứ tự xướng")), ("quan", translate("Learn", "Quân bài"))))
    intro = translate("Learn", "Bảng tra luật Chắn của chương trình. Mã luật (L…, C…, R…) giống "
                               "hệt mã trong cảnh báo khi chơi và trong phần Xem lại.")
    title = translate("Learn", "Học luật Chắn")
    return (f"<h1>{title}</h1><p>{intro}</p><p>{toc}</p>"
            + loi_section() + cuoc_section() + order_section() + cards_section())
