"""The 30 Tổ tôm cards (TOTOM T1.2–T1.5): naming the card shown, yêu and red."""

from __future__ import annotations

import random

import pytest

from engine.totom.cards import ALL_CARDS, Card, parse_card
from lessons import tom_quan
from lessons.drills import generate, grade
from lessons.item import BadResponse

# T1.4 and T1.5 as TOTOM.md lists them, independently of engine/totom/cards.py
YEU_DEN = {"1v", "1n", "1s"}
YEU_DO = {"oc", "tt", "cc"}
RED = {"8v", "9v", "8s", "9s", "cc", "tt", "oc"}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t1_2_the_name_is_the_engines_and_among_the_choices(level: int) -> None:
    seen = set()
    for seed in range(60):
        for item in generate("tom_quan", 3, seed, ["name"], level=level):
            card = parse_card(item.position["card"])
            seen.add(card)
            assert item.answer["name"] == card.name_vi and item.answer["card"] == card.code
            choices = item.position.get("choices")
            if level == 3:
                assert choices is None
                assert grade(item, card.name_vi).correct
                continue
            assert choices is not None and len(set(choices)) == 4 and card.code in choices
            assert grade(item, choices.index(card.code) + 1).correct
            others = [parse_card(c) for c in choices if c != card.code]
            if level == 1:  # far apart: no other of its row or suit
                assert all(tom_quan.hang(o) != tom_quan.hang(card) and o.suit != card.suit
                           for o in others)
            else:  # easily confused: its row first
                assert any(tom_quan.hang(o) == tom_quan.hang(card) for o in others)
    assert len(seen) >= 25  # the generator reaches (nearly) every kind


def test_t1_4_t1_5_yeu_and_red_as_totom_lists_them() -> None:
    for card in ALL_CARDS:
        item = tom_quan.make("yeu_red", card, 1, random.Random(0))
        want = "den" if card.code in YEU_DEN else "do" if card.code in YEU_DO else None
        assert item.answer == {"yeu": want, "red": card.code in RED}
        assert grade(item, {"yeu": want, "red": card.code in RED}).correct
        assert not grade(item, {"yeu": want, "red": card.code not in RED}).correct
        wrong = "do" if want != "do" else "den"
        assert not grade(item, {"yeu": wrong, "red": card.code in RED}).correct


def test_the_explanation_names_the_card_and_the_choice() -> None:
    item = tom_quan.make("name", Card.V9, 2, random.Random(3))
    wrong = next(c for c in item.position["choices"] if c != "9v")
    g = grade(item, wrong)
    assert not g.correct and "Cửu vạn" in g.explanation_vi and "九萬" in g.explanation_vi
    assert parse_card(wrong).name_vi in g.explanation_vi and "T1.2" in g.explanation_en


@pytest.mark.parametrize("bad", [{"yeu": "red", "red": True}, {"yeu": "do"}, "do",
                                 {"yeu": None, "red": "yes"}])
def test_malformed_yeu_red_answers_are_refused(bad: object) -> None:
    item = tom_quan.make("yeu_red", Card.CC, 1, random.Random(0))
    with pytest.raises(BadResponse):
        grade(item, bad)
