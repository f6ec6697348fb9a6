"""Thơ tổ tôm điếm (TOTOM T1.7): the couplet data (lessons/content/data/tho_to_tom.toml) and
the drills read the couplet → name the card, the card → choose its couplet."""

from __future__ import annotations

import os
import random
import re
import unicodedata
from pathlib import Path

import pytest

from engine.totom.cards import ALL_CARDS, Card, parse_card
from lessons import tom_quan, tom_tho
from lessons.drills import generate, grade
from lessons.item import BadResponse, LessonError

SEED = Path(os.environ.get("CHAN_TUTOR_SEEDS", "/work/shared/seeds")) / \
    "002_ce121811e4178491.txt"
AMENDED = {"1n", "8s"}  # a diacritic typo in a quoted line (Truyện Kiều; "kẻ chê người cười")


def test_t1_7_every_kind_has_exactly_one_couplet() -> None:
    data = tom_tho.couplets()
    assert len(data) == 30 and set(data) == set(ALL_CARDS)
    raw = tom_tho.DATA.read_text(encoding="utf-8")
    assert len(re.findall(r"^\[\[tho\]\]$", raw, re.M)) == 30


def test_t1_7_couplets_are_two_nfc_lines_without_duplicates() -> None:
    lines = []
    for card, c in tom_tho.couplets().items():
        assert c.card == card and len(c.lines) == 2
        for line in c.lines:
            assert line and line == line.strip() and unicodedata.is_normalized("NFC", line)
            assert not line.endswith((".", "…", ",")), line
        lines.extend(c.lines)
    assert len(lines) == len(set(lines)) == 60
    assert unicodedata.is_normalized("NFC", tom_tho.DATA.read_text(encoding="utf-8"))


def test_t1_7_each_label_names_its_card_and_row() -> None:
    for card, c in tom_tho.couplets().items():
        assert parse_card(c.label) == card, c.label
        assert c.hang == ("Hàng Yêu" if card.suit is None else f"Hàng {card.name_vi.split()[0]}")


def test_t1_7_only_two_typos_amended_and_the_seed_reading_kept() -> None:
    amended = {card.code for card, c in tom_tho.couplets().items() if c.seed is not None}
    assert amended == AMENDED
    for c in tom_tho.couplets().values():
        if c.seed is not None:
            assert c.note is not None and c.seed != c.lines
            changed = [(a, b) for a, b in zip(" ".join(c.seed).split(), " ".join(c.lines).split(),
                                              strict=True) if a != b]
            assert len(changed) == 1  # one word, one diacritic
            a, b = changed[0]
            strip = "".join(ch for ch in unicodedata.normalize("NFD", a)
                            if not unicodedata.combining(ch))
            assert strip == "".join(ch for ch in unicodedata.normalize("NFD", b)
                                    if not unicodedata.combining(ch))


@pytest.mark.skipif(not SEED.exists(), reason="the seed texts are not on this machine")
def test_t1_7_transcription_matches_the_seed() -> None:
    text = SEED.read_text(encoding="utf-8")
    part = text[:text.index("Tên trò chơi")].splitlines()
    verses = [line for line in part[4:] if not line.startswith("Hàng ")]
    assert len(verses) == 60
    data = tom_tho.couplets()
    for i in range(0, 60, 2):
        pair = verses[i] + verses[i + 1]
        label = re.search(r"\((.*?)\)", pair)
        assert label is not None
        card = parse_card(label.group(1).strip())
        seed = [re.sub(r"\s*\(.*?\)\s*$", "", v).rstrip(".… ") for v in verses[i:i + 2]]
        c = data[card]
        assert list(c.seed or c.lines) == seed, card
        assert c.label.lower() == label.group(1).strip().lower()


@pytest.mark.parametrize(("change", "where"), [
    ('card = "9s"', "a second couplet for 9s"),
    ('card = "0v"', "not a Tổ tôm card"),
    ('card = "9V"', "write the code '9v'"),
    ('lines = ["Một dòng"]', "two lines"),
    ('lines = ["Nu\u0303 oa đội đá vá trời", "Thân tôi sớm tối đội vôi xây nhà"]', "NFC"),
    ('lines = ["Vác đèn chống gậy đi đâu", "Đêm hôm khuya khoắt thỉnh cầu ai đây"]',
     "the same couplet as 9s"),
])
def test_damaged_couplet_data_is_refused_naming_the_entry(tmp_path: Path, change: str,
                                                          where: str) -> None:
    raw = tom_tho.DATA.read_text(encoding="utf-8")
    last = raw.rindex("[[tho]]")
    key = change.split(" = ")[0]
    tail = "\n".join(change if line.startswith(key + " = ") else line
                     for line in raw[last:].splitlines())
    path = tmp_path / "tho.toml"
    path.write_text(raw[:last] + tail + "\n", encoding="utf-8")
    with pytest.raises(LessonError) as e:
        tom_tho.load(path)
    assert where in e.value.en and "tho[29]" in e.value.en and e.value.vi


def test_a_missing_couplet_is_named(tmp_path: Path) -> None:
    raw = tom_tho.DATA.read_text(encoding="utf-8")
    path = tmp_path / "tho.toml"
    path.write_text(raw[:raw.rindex("[[tho]]")], encoding="utf-8")
    with pytest.raises(LessonError, match="no couplet for 9v"):
        tom_tho.load(path)


def _by_lines() -> dict[tuple[str, ...], Card]:
    return {c.lines: card for card, c in tom_tho.couplets().items()}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t1_7_read_the_couplet_name_the_card(level: int) -> None:
    owner = _by_lines()
    for seed in range(40):
        for item in generate("tom_tho", 3, seed, ["tho_card"], level=level):
            card = owner[tuple(item.position["couplet"])]
            assert item.answer["card"] == card.code and item.answer["name"] == card.name_vi
            choices = item.position.get("choices")
            if level == 3:
                assert choices is None and item.answer["option"] is None
                continue
            assert choices is not None and len(set(choices)) == 4 and card.code in choices
            assert choices[item.answer["option"] - 1] == card.code
            if level == 2:  # the same row (rank; the three yêu đỏ together) comes first
                rows = [tom_quan.hang(parse_card(c)) for c in choices]
                assert rows.count(tom_quan.hang(card)) == 3


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t1_7_choose_the_cards_couplet(level: int) -> None:
    data = tom_tho.couplets()
    for seed in range(40):
        for item in generate("tom_tho", 3, seed, ["card_tho"], level=level):
            card = parse_card(item.position["card"])
            choices = [tuple(c) for c in item.position["choices"]]
            assert len(set(choices)) == len(choices) == {1: 4, 2: 4, 3: 6}[level]
            assert choices[item.answer["option"] - 1] == data[card].lines
            assert grade(item, item.answer["option"]).correct
            other = item.answer["option"] % len(choices) + 1
            g = grade(item, {"option": other})
            assert not g.correct and "T1.7" in g.explanation_vi


def test_typed_names_are_read_with_or_without_diacritics() -> None:
    item = tom_tho.make("tho_card", Card.S1, 3, random.Random(1))
    assert grade(item, "nhất sách").correct and grade(item, "nhat sach").correct
    assert grade(item, "1s").correct and grade(item, {"card": "Nhất Sách"}).correct
    assert not grade(item, "nhất vạn").correct
    with pytest.raises(BadResponse) as e:
        grade(item, "nhat van")  # vạn or văn: T1.3 asks which, naming both
    assert "1v" in e.value.en and "1n" in e.value.en and e.value.vi
    with pytest.raises(BadResponse):
        grade(item, "nhat")  # names no card
    with pytest.raises(BadResponse):
        grade(item, 1)  # no choices at level 3


def test_an_option_outside_the_choices_is_refused() -> None:
    item = generate("tom_tho", 1, 3, ["card_tho"], level=1)[0]
    for bad in (0, 5, True, "2", None):
        with pytest.raises(BadResponse):
            grade(item, bad)
