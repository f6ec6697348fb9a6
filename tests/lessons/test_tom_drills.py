"""What every Tổ tôm drill family promises (lessons/README.md): seeded and deterministic, levels
and table sizes honoured, items that round-trip through JSON, answers recomputed by the engine,
the right answer graded right and a wrong one wrong, a malformed one refused."""

from __future__ import annotations

import json

import pytest
from tom_checks import right_response, wrong_response

from lessons.drills import TOM_FAMILIES, generate, grade, solve
from lessons.item import BadResponse, Item, LessonError

FAMILIES = tuple(TOM_FAMILIES)


def _json(items: list[Item]) -> str:
    return json.dumps([it.to_json() for it in items], ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_same_seed_gives_the_same_items(family: str) -> None:
    first = generate(family, 6, 42)
    assert _json(first) == _json(generate(family, 6, 42))
    assert _json(first) != _json(generate(family, 6, 43))
    assert {it.kind for it in generate(family, 30, 5)} == set(TOM_FAMILIES[family].kinds)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_item_is_answered_and_graded_by_the_engine(family: str) -> None:
    for seed in range(12):
        for level in TOM_FAMILIES[family].levels:
            for item in generate(family, 4, seed, level=level):
                back = Item.from_json(json.loads(json.dumps(item.to_json())))
                assert back == item and back.id == item.id
                assert solve(back) == item.answer
                assert item.rules and all(r.startswith("T") for r in item.rules)
                assert item.question.vi and item.question.en and item.question.vi != \
                    item.question.en
                if "level" in item.position:
                    assert item.position["level"] == level
                right = grade(back, right_response(back))
                assert right.correct, (item.position, right.explanation_en)
                assert right.explanation_vi.startswith("Đúng.")
                wrong = grade(back, wrong_response(back))
                assert not wrong.correct, (item.position, wrong_response(back))
                assert wrong.explanation_en.startswith("Not right.") and wrong.rule_ids


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("bad", [{"nothing": 1}, True, 2.5, [[[]]], {"type": []}])
def test_a_malformed_answer_is_refused_not_graded(family: str, bad: object) -> None:
    for item in generate(family, 8, 3):
        if item.kind == "tron" and bad is True:
            continue  # a bare true is "tròn" (as nhan_dien's is_waiting takes a bare bool)
        with pytest.raises(BadResponse) as e:
            grade(item, bad)
        assert e.value.en and e.value.vi


@pytest.mark.parametrize("family", ["tom_phu", "tom_cho", "tom_cho_cai", "tom_cuoc"])
@pytest.mark.parametrize("players", [4, 5])
def test_the_table_size_is_honoured(family: str, players: int) -> None:
    for item in generate(family, 6, 9, players=players):
        assert item.position.get("players", players) == players


def test_options_outside_the_family_are_refused() -> None:
    with pytest.raises(LessonError, match=r"5 or 4 players \(T2.1\)"):
        generate("tom_cuoc", 1, 1, players=3)
    with pytest.raises(LessonError, match="no level 0"):
        generate("tom_tho", 1, 1, level=0)
    with pytest.raises(LessonError, match=r"2 to 4 players \(R2.1\)"):
        generate("boc_cai", 1, 1, players=5)
    with pytest.raises(LessonError, match="no level 2"):
        generate("boc_cai", 1, 1, level=2)
