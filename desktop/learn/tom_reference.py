"""The rules reference of Học for Tổ tôm, built from the engine's own tables as Chắn's is
(reference.py): the offences TN1–TN8 and TD1–TD10 with their names, sentences and costs from
engine.totom.REGISTRY (T6), the cước TC1–TC9 with their điểm (T7.2, T7.4), the canonical order
of a call (T7.5) and the 30 cards with their codes, yêu and colour (T1) and the couplet the
announcer of a điếm sings for each (T1.7, lessons/content/data/tho_to_tom.toml).
"""

from __future__ import annotations

from html import escape

from desktop.i18n import pick, translate
from desktop.learn.reference import html_table
from engine.totom import (
    ALL_CARDS,
    CANONICAL,
    CUOC_IDS,
    DEFAULT_RULES,
    NAMES_EN,
    NAMES_VI,
    REGISTRY,
    TC_IDS,
    Card,
    consequence_of,
)
from lessons.tom_tho import couplets

EXAMPLE_CARD = "X"  # the sentences speak of "the card X"


def offences_section() -> str:
    """T6: every TN and TD with its name, the engine's sentence and what it costs."""
    title = translate("LearnTom", "Lỗi (T6)")
    intro = translate("LearnTom", "Lỗi TN làm ù không được tính điểm (chỉ được cái); lỗi TD "
                                  "làm người ù bị chèo đò. X là quân liên quan. Mã lỗi giống hệt "
                                  "mã trong cảnh báo khi chơi và trong phần Xem lại.")
    head = [translate("LearnTom", "Mã"), translate("LearnTom", "Tên"),
            translate("LearnTom", "Giải thích"), translate("LearnTom", "Hậu quả")]
    rows: list[list[str]] = []
    for group in REGISTRY.groups():
        rows.append([f"<b>{escape(pick(*group.title))}</b>"])
        for rule in REGISTRY.in_group(group.id):
            e = REGISTRY.explanation(rule.id, EXAMPLE_CARD)
            cost = consequence_of(rule.id, DEFAULT_RULES)
            said = "" if cost is None else escape(pick(*REGISTRY.consequence(cost).short))
            name = pick(rule.name.vi, f"{rule.name.vi} — {rule.name.en}")
            label = rule.id if rule.fault else rule.ref
            rows.append([f"<b>{escape(label)}</b>", escape(name), escape(pick(e.vi, e.en)),
                         said])
    return f"<h2 id='loi'>{title}</h2><p>{intro}</p>" + html_table(head, rows)


def cuoc_section() -> str:
    """T7.2, T7.4: the cước with their điểm at a table of five (the làng's defaults)."""
    rules = DEFAULT_RULES
    rows = []
    for cid in CUOC_IDS:
        points = str(rules.dich) if cid == "thong" else str(rules.point(cid))
        rows.append([f"<b>{TC_IDS[cid]}</b>", escape(NAMES_VI[cid]), escape(NAMES_EN[cid]),
                     points])
    title = translate("LearnTom", "Cước (T7)")
    intro = translate("LearnTom", "Một cước: được điểm của nó. Nhiều cước: cước cao nhất lấy "
                                  "điểm, mỗi cước còn lại (kể cả thông) thêm {dich} điểm (T7.4). "
                                  "Điểm ở đây là mặc định của làng năm người; Cài đặt đổi được."
                      ).format(dich=rules.dich)
    return (f"<h2 id='cuoc'>{title}</h2><p>{intro}</p>"
            + html_table([translate("LearnTom", "Mã"), translate("LearnTom", "Cước"),
                      translate("LearnTom", "Tiếng Anh"), translate("LearnTom", "Điểm")], rows))


def order_section() -> str:
    """T7.5: dậy khàn first, then the cước in the canonical order."""
    order = ", ".join(escape(NAMES_VI[c]) for c in CANONICAL)
    title = translate("LearnTom", "Thứ tự xướng (T7.5)")
    intro = translate("LearnTom", "Ù xong, người ù dậy khàn (lật các khàn còn úp) và báo bất "
                                  "thực trước, rồi xướng cước theo thứ tự: {order}. Xướng cước "
                                  "không có là xướng gian (TD8); xướng thiếu chỉ được phần đã "
                                  "xướng (T7.6).").format(order=order)
    return f"<h2 id='thu-tu'>{title}</h2><p>{intro}</p>"


def cards_section() -> str:
    """T1: the 30 kinds, their codes, yêu and colour, and each one's couplet (T1.7)."""
    verses = couplets()
    rows = []
    for card in ALL_CARDS:
        c = Card(card)
        kind = (translate("LearnTom", "yêu đỏ") if c.is_yeu_do else
                translate("LearnTom", "yêu đen") if c.is_yeu_den else "")
        red = translate("LearnTom", "đỏ") if c.is_red else ""
        name = escape(c.name_vi)
        rows.append([f"<code>{c.code}</code>", name, " ".join(x for x in (kind, red) if x),
                     "<i>" + "<br>".join(escape(line) for line in verses[c].lines) + "</i>"])
    title = translate("LearnTom", "Quân bài và thơ tổ tôm điếm (T1)")
    intro = translate("LearnTom", "Bộ bài có 120 quân: 30 loại, mỗi loại 4 quân. Ở điếm, quân "
                                  "lên được người dẫn bài báo bằng câu thơ của nó (T1.7).")
    return (f"<h2 id='quan'>{title}</h2><p>{intro}</p>"
            + html_table([translate("LearnTom", "Mã"), translate("LearnTom", "Tên"),
                      translate("LearnTom", "Loại"), translate("LearnTom", "Thơ")], rows))


def tom_reference_html() -> str:
    """The whole Tổ tôm reference page in the current language."""
    toc = " · ".join(f"<a href='#{anchor}'>{title}</a>" for anchor, title in (
        ("loi", translate("LearnTom", "Lỗi")), ("cuoc", translate("LearnTom", "Cước")),
        ("thu-tu", translate("LearnTom", "Thứ tự xướng")),
        ("quan", translate("LearnTom", "Quân bài"))))
    intro = translate("LearnTom", "Bảng tra luật tổ tôm của chương trình (TOTOM.md). Mã luật "
                                  "(TN…, TD…, TC…, T…) giống hệt mã trong cảnh báo khi chơi và "
                                  "trong phần Xem lại.")
    title = translate("LearnTom", "Học luật tổ tôm")
    return (f"<h1>{title}</h1><p>{intro}</p><p>{toc}</p>" + offences_section()
            + cuoc_section() + order_section() + cards_section())
