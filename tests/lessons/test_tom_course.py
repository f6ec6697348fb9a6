"""The Tổ tôm course (lessons/content/to_tom/*.toml): lessons in both languages citing T ids,
figures computed by the engine, drills served only by their own lesson — and kept apart from
Chắn's course and schedule in progress.db."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tom_checks import right_response, wrong_response

from lessons.content import COURSES, course, drill_items, illustrate, lesson, lessons
from lessons.drills import FAMILIES, TOM_FAMILIES, grade
from lessons.item import LessonError
from lessons.practice import next_items
from lessons.progress import Progress

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_the_course_teaches_every_family_in_both_languages() -> None:
    tom = course("to_tom")
    assert {le.family for le in tom} == set(TOM_FAMILIES)
    assert len({le.id for le in tom}) == len(tom)
    for le in tom:
        assert le.game == "to_tom" and le.id.startswith(le.family + ".")
        assert le.title.vi and le.title.en and le.sections and le.drills
        assert lesson(le.id) is le
        for s in le.sections:
            assert s.text.vi and s.text.en and s.text.vi != s.text.en
            assert s.rules and all(r.startswith("T") for r in s.rules)
            for text in (s.text.vi, s.text.en, le.title.vi, le.title.en):
                assert unicodedata.is_normalized("NFC", text)


def test_chans_course_is_unchanged_and_alone() -> None:
    assert lessons() is course("chan")
    assert {le.family for le in lessons()} == set(FAMILIES)
    assert all(le.game == "chan" for le in lessons())
    with pytest.raises(LessonError):
        course("co_tuong")


def test_every_figure_is_drawn_from_the_engine() -> None:
    shown = {}
    for le in course("to_tom"):
        for s in le.sections:
            if s.figure is not None:
                shown.setdefault((le.id, s.figure["type"]), illustrate(s.figure))
    cho_cai = shown[("tom_cho_cai.dem", "tom_cho_cai")]
    assert (cho_cai["r"], cho_cai["pile"]) == (5, 5)  # T2.5's worked example
    waits = shown[("tom_cho.cho", "tom_hand")]["waits"]
    assert [w["card"] for w in waits] == ["9n", "tt"]  # T7.7's first example
    win = shown[("tom_cuoc.cuoc", "tom_win")]
    assert win["call"]["text"] == "Ù chi nẩy tôm" and win["score"] == 26  # T7.7's second
    assert shown[("tom_quan.ten", "tom_card")]["name"] == "Thất vạn"


def test_a_file_may_name_only_its_games_families_and_no_answers(tmp_path: Path) -> None:
    (tmp_path / "x.toml").write_text('family = "boc_cai"\n[[lessons]]\nid = "x"\n'
                                     'title = { vi = "x", en = "x" }\n', encoding="utf-8")
    with pytest.raises(LessonError, match="unknown family 'boc_cai'"):
        lessons(tmp_path, "to_tom")
    (tmp_path / "x.toml").write_text(
        'family = "tom_quan"\n[[lessons]]\nid = "x"\ntitle = { vi = "x", en = "x" }\n'
        '[[lessons.sections]]\nrules = ["T1.2"]\nvi = "x"\nen = "y"\n'
        'figure = { type = "tom_card", card = "9v", name = "Cửu vạn" }\n', encoding="utf-8")
    with pytest.raises(LessonError, match="answers are computed"):
        lessons(tmp_path, "to_tom")
    assert COURSES["to_tom"].parent == COURSES["chan"]


def test_each_lesson_serves_its_own_drills_only() -> None:
    everything = [*lessons(), *course("to_tom")]
    for le in course("to_tom"):
        items = drill_items(le, 2)
        assert len(items) == le.questions
        for item in items:
            assert le.serves(item)
            assert not any(other.serves(item) for other in lessons())
            for spec in le.drills:
                if spec.level is not None and (spec.kinds is None or item.kind in spec.kinds):
                    assert item.position.get("level") is not None
    assert len(everything) == len({le.id for le in everything})


def test_practice_rounds_and_the_schedule_keep_the_games_apart(tmp_path: Path) -> None:
    tho = lesson("tom_tho.nghe")
    dem = lesson("boc_cai.dem")
    with Progress.open(tmp_path / "progress.db") as p:
        tom_round = next_items(p, tho, seed=3, now=T0)
        chan_round = next_items(p, dem, seed=3, now=T0)
        assert tom_round and all(i.family == "tom_tho" and i.lesson == tho.id
                                 for i in tom_round)
        assert chan_round and all(i.family == "boc_cai" for i in chan_round)
        for n, item in enumerate(tom_round):
            response = right_response(item) if n % 2 else wrong_response(item)
            p.record(item, grade(item, response), response, elapsed_ms=4000, now=T0)
        assert p.check() == []
        later = T0 + timedelta(minutes=20)
        again = next_items(p, tho, seed=4, now=later)
        missed = {i.id for n, i in enumerate(tom_round) if not n % 2}
        assert missed <= {i.id for i in again} and all(tho.serves(i) for i in again)
        assert all(i.family == "boc_cai" for i in next_items(p, dem, seed=4, now=later))
        tom_due = p.due(now=later, game="to_tom", limit=100)
        assert missed <= {i.id for i in tom_due} and all(i.family == "tom_tho" for i in tom_due)
        assert all(i.family in FAMILIES for i in p.due(now=later, game="chan"))
        assert p.next_due(game="to_tom") is not None
        strengths = p.strengths(now=later, game="to_tom")
        assert set(strengths) == set(TOM_FAMILIES) and strengths["tom_tho"].answers == \
            len(tom_round)
        assert set(p.strengths(now=later, game="chan")) == set(FAMILIES)
    with Progress.open(tmp_path / "progress.db") as p:  # read back: nothing set aside
        assert p.check() == [] and len(p.answers()) == len(tom_round)
        assert missed <= {i.id for i in p.due(now=later, family="tom_tho", limit=100)}
