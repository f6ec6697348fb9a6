"""Học: the rules reference is built from the engine's own tables."""

from __future__ import annotations

import re

from pytestqt.qtbot import QtBot

from desktop.call_order import ORDER
from desktop.learn.reference import EXAMPLE_CALL, order_section, reference_html
from desktop.learn.screen import LearnScreen
from engine.call import NAME_VI, render
from engine.cuoc import POINTS
from engine.cuoc_ids import CUOC_IDS, RULE_ID
from engine.explain import explanation
from engine.violations import NAMES_VI


def text_of(qtbot: QtBot) -> str:
    screen = LearnScreen()
    qtbot.addWidget(screen)
    return screen.browser.toPlainText()


def test_every_loi_with_its_name_and_the_engine_sentence(qtbot: QtBot) -> None:
    text = text_of(qtbot)
    for n in range(18):
        rule = f"L{n}"
        assert rule in text and NAMES_VI[rule] in text
        assert explanation(rule, "X").vi in text
    for key in ("bo_u", "missed_chiu", "u_lao"):
        assert explanation(key, "X").vi in text


def test_all_25_cuoc_with_diem_and_dich(qtbot: QtBot) -> None:
    html = reference_html()
    assert len(CUOC_IDS) == 25
    for cid in CUOC_IDS:
        d, dich = POINTS[cid]
        row = f"<td valign='top'><b>{RULE_ID[cid]}</b></td><td valign='top'>"
        assert row in html
        start = html.index(row)
        cells = html[start:html.index("</tr>", start)]
        assert NAME_VI[cid] in cells and f">{d}<" in cells and f">{dich}<" in cells


def test_the_call_order_is_the_canonical_one() -> None:
    html = order_section()
    rows = re.findall(r"<tr><td valign='top'>(.*?)</td><td valign='top'>(.*?)</td></tr>", html)
    said = [name for _, members in rows for name in members.split(", ")]
    assert said == [NAME_VI[cid] for cid in ORDER]
    assert [title for title, _ in rows][1:3] == ["1. Thông", "2. Chì"]
    assert render(EXAMPLE_CALL) in html
