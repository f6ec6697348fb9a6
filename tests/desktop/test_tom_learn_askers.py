"""Every kind of item Tổ tôm's seven drill families make (issue 23, Học), at every level, answered
right and wrong through its asker — the digits, Y/N, picks and clicks the learner uses — and
graded by lessons (the engine's answer): the right one right, the wrong one wrong; and each
question's picture drawn with Tổ tôm's faces, before and after the answer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from tom_loi_answers import answer

from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.scene import Scene
from desktop.learn.askers import Asker, make_asker
from desktop.learn.askers.tom_cards import YEU
from desktop.learn.askers.tom_phu import GROUP_ANSWERS
from desktop.learn.canvas import draw_picture
from desktop.learn.veil import VeiledBoard
from engine.totom import CallToken, parse_card
from lessons import drills
from lessons.item import Item

KINDS = [(f, k) for f, fam in drills.TOM_FAMILIES.items() for k in fam.kinds]
WAIT_NAMES = ("thap_thanh", "bach_thu", "xuyen", "chi_nay")


def items_of(family: str, kind: str) -> list[Item]:
    """One item of the kind at each level (two seeds each)."""
    out = []
    for level in drills.TOM_FAMILIES[family].levels:
        for seed in (1, 2):
            out += drills.generate(family, 1, seed, kinds=[kind], level=level)
    return out


def digit(asker: Asker, n: int) -> None:
    """The digit key of option n (from 1; 10 is 0)."""
    asker.command("drill_option", "0" if n == 10 else str(n))


def answer_right(asker: Asker, item: Item) -> None:
    """The engine's answer given as the learner gives it."""
    ans, pos, kind = item.answer, item.position, (item.family, item.kind)
    if item.family == "tom_loi":
        answer(asker, item, right=True)
    elif kind in (("tom_quan", "name"), ("tom_tho", "tho_card")):
        if pos.get("choices"):
            digit(asker, ans["option"])
        else:
            asker.typed.setText(ans["name"].lower())  # type: ignore[attr-defined]
    elif kind == ("tom_tho", "card_tho"):
        digit(asker, ans["option"])
    elif kind == ("tom_quan", "yeu_red"):
        digit(asker, YEU.index(ans["yeu"]) + 1)
        asker.command("drill_yes" if ans["red"] else "drill_no", "")
    elif kind == ("tom_phu", "group"):
        index = next(i for i, (k, sp) in enumerate(GROUP_ANSWERS)
                     if k == ans["type"] and (k != "sp" or sp == ans["sp"]))
        if index < 10:
            digit(asker, index + 1)
        else:
            asker.options.press(index)  # type: ignore[attr-defined]
    elif kind == ("tom_phu", "tron"):
        tron_answer(asker, item)
    elif kind == ("tom_cho", "waits"):
        for code in ans["cards"]:
            asker.picker.buttons[parse_card(code)].click()  # type: ignore[attr-defined]
    elif kind == ("tom_cho", "wait_name"):
        for name in ans["names"] or [None]:
            digit(asker, (WAIT_NAMES.index(name) if name else len(WAIT_NAMES)) + 1)
    elif kind[0] == "tom_cho_cai":
        digit(asker, ans["pile"])
    elif kind == ("tom_cuoc", "cuoc"):
        for name, n in ans["cuoc"]:
            cuoc = CallToken(name).cuoc
            if cuoc != "suong":
                asker.boxes[cuoc].setValue(n)  # type: ignore[attr-defined]
    elif kind == ("tom_cuoc", "score"):
        asker.box.setValue(ans["score"])  # type: ignore[attr-defined]
    else:
        say_call(asker, [CallToken.parse(t) for t in ans["call"]])


def say_call(asker: Asker, tokens: list[CallToken]) -> None:
    """Each token by its digit (or its button beyond the tenth)."""
    builder = asker.builder  # type: ignore[attr-defined]
    names = [t for _, t in builder.buttons]
    for token in tokens:
        index = names.index(CallToken(token.name, token.card))
        for _ in range(token.count):
            if index < 10:
                digit(asker, index + 1)
            else:
                builder.buttons[index][0].click()


def tron_answer(asker: Asker, item: Item) -> None:
    """Y/N, then each lưng: a mat meld by its number, hand cards picked by clicks and L."""
    ans = item.answer
    asker.command("drill_yes" if ans["tron"] else "drill_no", "")
    if not ans["tron"]:
        return
    mat = item.position.get("mat") or []
    hand = item.position["hand"]
    used_mat: set[int] = set()
    used_hand: set[int] = set()
    for group in ans["lung"]:
        need = Counter(group)
        k = next((k for k, m in enumerate(mat) if k not in used_mat
                  and not Counter(m["cards"] + m.get("trung", [])) - need), None)
        if k is not None:
            used_mat.add(k)
            digit(asker, k + 1)
            continue
        for code in group:
            i = next(i for i, c in enumerate(hand) if c == code and i not in used_hand)
            used_hand.add(i)
            asker.click(Hit(HitKind.HAND, index=i, tom=parse_card(code)))
        asker.command("drill_group", "")


def answer_wrong(asker: Asker, item: Item) -> None:
    """An answer the engine's differs from."""
    ans, pos, kind = item.answer, item.position, (item.family, item.kind)
    if item.family == "tom_loi":
        answer(asker, item, right=False)
    elif kind in (("tom_quan", "name"), ("tom_tho", "tho_card")):
        if pos.get("choices"):
            digit(asker, ans["option"] % len(pos["choices"]) + 1)
        else:
            asker.typed.setText("1v" if ans["card"] != "1v" else "2v")  # type: ignore[attr-defined]
    elif kind == ("tom_tho", "card_tho"):
        digit(asker, ans["option"] % len(pos["choices"]) + 1)
    elif kind == ("tom_quan", "yeu_red"):
        digit(asker, YEU.index(ans["yeu"]) + 1)
        asker.command("drill_no" if ans["red"] else "drill_yes", "")
    elif kind == ("tom_phu", "group"):
        right = asker.right_options()  # type: ignore[attr-defined]
        digit(asker, next(i for i in range(10) if i not in right) + 1)
    elif kind == ("tom_phu", "tron"):
        asker.command("drill_no" if ans["tron"] else "drill_yes", "")
    elif kind == ("tom_cho", "waits"):
        extra = next(c for c in asker.picker.buttons  # type: ignore[attr-defined]
                     if c.code not in ans["cards"])
        answer_right(asker, item)
        asker.picker.buttons[extra].click()  # type: ignore[attr-defined]
    elif kind == ("tom_cho", "wait_name"):
        digit(asker, 1 if ans["names"] != ["thap_thanh"] else 2)
    elif kind[0] == "tom_cho_cai":
        digit(asker, ans["pile"] % int(pos["players"]) + 1)
    elif kind == ("tom_cuoc", "cuoc"):
        answer_right(asker, item)
        box = asker.boxes["kinh_tu_co"]  # type: ignore[attr-defined]
        box.setValue((box.number() or 0) + 1)
    elif kind == ("tom_cuoc", "score"):
        asker.box.setValue(ans["score"] + 1)  # type: ignore[attr-defined]
    elif kind == ("tom_cuoc", "order"):
        tokens = [CallToken.parse(t) for t in ans["call"]]
        scoring = [t for t in tokens if t.cuoc is not None]
        if len(scoring) > 1:  # the cước out of order
            say_call(asker, [t for t in tokens if t.cuoc is None] + scoring[::-1])
        else:
            say_call(asker, [*tokens, CallToken("kinh_tu_co")])
    else:  # a cước the hand does not hold: an over-call (TD8)
        tokens = [CallToken.parse(t) for t in ans["call"]]
        held = {t.cuoc for t in tokens}
        extra = "kinh_tu_co" if "kinh_tu_co" not in held else "bach_dinh"
        say_call(asker, [*tokens, CallToken(extra)])


@pytest.mark.parametrize(("family", "kind"), KINDS, ids=[f"{f}-{k}" for f, k in KINDS])
def test_every_tom_item_is_answered_right_and_wrong_through_its_asker(
        qtbot: QtBot, scene: Scene, family: str, kind: str) -> None:
    surface = Frame(1000, 680).surface
    for item in items_of(family, kind):
        for right in (True, False):
            asker = make_asker(item)
            qtbot.addWidget(asker.controls)
            draw_picture(scene, surface, asker.picture())
            assert asker.response(0) is None or family == "tom_cuoc"
            (answer_right if right else answer_wrong)(asker, item)
            response: Any = asker.response(0)
            assert response is not None, (item.to_json(), right)
            grade = drills.grade(item, response)
            assert grade.correct is right, (item.to_json(), response, grade)
            assert grade.explanation_vi and grade.explanation_en
            asker.show_grade(grade)
            assert asker.locked
            draw_picture(scene, surface, asker.picture())


def test_the_card_to_name_has_its_printed_name_covered(qtbot: QtBot, scene: Scene) -> None:
    item = drills.generate("tom_quan", 1, 3, kinds=["name"], level=1)[0]
    asker = make_asker(item)
    qtbot.addWidget(asker.controls)
    picture = asker.picture()
    assert isinstance(picture, VeiledBoard)  # T1.2: the card is told by its characters
    hits = draw_picture(scene, Frame(1000, 680).surface, picture)
    assert hits.rect_of(Hit(HitKind.BUTTON, key="card", index=0)) is not None
    answer_right(asker, item)
    asker.show_grade(drills.grade(item, asker.response(0)))
    assert not isinstance(asker.picture(), VeiledBoard)  # answered: the name is shown
