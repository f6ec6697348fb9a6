"""Lesson content: every file loads, holds text and positions only (no answers), every figure is
illustrated by the engine, and every lesson's drills generate valid items."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from lesson_checks import check

from lessons.content import (
    CONTENT_DIR,
    FIGURE_KEYS,
    drill_items,
    illustrate,
    lesson,
    lessons,
    load_file,
)
from lessons.drills import FAMILIES
from lessons.item import LessonError

LESSON_KEYS = {"id", "title", "sections", "drills"}
SECTION_KEYS = {"vi", "en", "rules", "figure"}
DRILL_KEYS = {"count", "kinds", "timed", "players", "focus"}


def test_every_family_has_lessons_in_order() -> None:
    all_lessons = lessons()
    assert all_lessons[0].family == "chia_bai"
    assert {le.family for le in all_lessons} == set(FAMILIES)
    ids = [le.id for le in all_lessons]
    assert len(ids) == len(set(ids))
    for le in all_lessons:
        assert le.title.vi and le.title.en and le.sections and le.drills
        for s in le.sections:
            assert s.text.vi and s.text.en and s.rules
        assert lesson(le.id) is le


def test_content_files_hold_text_and_positions_only() -> None:
    for path in sorted(CONTENT_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert set(data) <= {"family", "order", "lessons"}, path.name
        for le in data["lessons"]:
            assert set(le) <= LESSON_KEYS, (path.name, le["id"])
            for s in le.get("sections", []):
                assert set(s) <= SECTION_KEYS, (path.name, le["id"])
                if "figure" in s:
                    assert set(s["figure"]) <= FIGURE_KEYS[s["figure"]["type"]]
            for d in le.get("drills", []):
                assert set(d) <= DRILL_KEYS, (path.name, le["id"])


def test_every_figure_is_computed_by_the_engine() -> None:
    for le in lessons():
        for s in le.sections:
            if s.figure is not None:
                assert illustrate(s.figure)


def test_the_rules_worked_examples() -> None:
    # R2.6: B (seat 1) picks and turns up thất vạn: D (seat 3) receives the cái pile
    assert illustrate({"type": "boc_cai", "players": 4, "picker": 1, "card": "7v"})[
        "recipient"] == 3
    # R3.6: one 9v with two 9n is chắn 9n + què 9v, not a cạ
    shown = illustrate({"type": "hand", "hand": ["9v", "9n", "9n"]})
    assert shown["chan"] == [["9n", "9n"]] and shown["que"] == ["9v"] and shown["ca"] == []
    # R6.2: "2 lèo" = 7, "thông chì bạch thủ" = 6; R8.6's rendering
    assert illustrate({"type": "call", "cuoc": [["leo", 2]]})["score"] == 7
    assert illustrate({"type": "call", "cuoc": [["thong", 1], ["chi", 1],
                                                 ["bach_thu", 1]]})["score"] == 6
    call = [["thong", 1], ["chi", 1], ["dia_u", 1], ["chiu_u", 1], ["bach_thu", 1],
            ["leo", 2], ["tom", 1], ["chiu", 1]]
    assert illustrate({"type": "call", "cuoc": call})["text"] == \
        "Thông chì địa chíu ù bạch thủ, 2 lèo, có tôm, có chíu"


def test_the_waiting_figures_show_each_shape() -> None:
    shapes = [illustrate(s.figure)["shape"] for s in lesson("nhan_dien.cho_u").sections
              if s.figure is not None]
    assert {"rong", "bach_thu", "ba_dau"} <= set(shapes)


def test_every_lesson_drill_generates_valid_items() -> None:
    for le in lessons():
        items = drill_items(le, 1)
        assert len(items) == sum(d.count for d in le.drills)
        for item in items:
            assert item.family == le.family
            check(item)


def test_a_figure_with_an_answer_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('family = "boc_cai"\n[[lessons]]\nid = "x"\ntitle = {vi = "a", en = "b"}\n'
                   '[[lessons.sections]]\nvi = "a"\nen = "b"\n'
                   'figure = {type = "boc_cai", players = 4, picker = 0, card = "2v", '
                   'recipient = 1}\n', encoding="utf-8")
    with pytest.raises(LessonError, match="answers are computed"):
        load_file(bad)
    bad.write_text('family = "poker"\n', encoding="utf-8")
    with pytest.raises(LessonError, match="unknown family"):
        load_file(bad)
