"""The shipped fonts are small subsets that hold every character the chiếu draws."""

from __future__ import annotations

import pytest
from chieu_checks import missing

from desktop.chieu.labels import _WORDS
from desktop.chieu.samples import NAMES_VI
from desktop.chieu.text import Face
from desktop.resources import FONTS, RESOURCES, resource
from engine.chan.cards import ALL_CARDS, PICTURES, RANK_HAN, SUIT_HAN

VIETNAMESE = "ăâđêôơưĂÂĐÊÔƠƯàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ"


def test_resources_are_found_relative_to_the_code() -> None:
    assert RESOURCES.is_dir() and FONTS == RESOURCES / "fonts"
    with pytest.raises(FileNotFoundError):
        resource("fonts", "no-such-font.ttf")


def test_the_han_font_holds_every_rank_and_suit_character() -> None:
    han = "".join(RANK_HAN.values()) + "".join(SUIT_HAN)
    assert set("二三四五六七八九萬文索") <= set(han)
    assert missing(Face.HAN, han) == []
    assert missing(Face.HAN, "".join(card.han for card in ALL_CARDS)) == []


@pytest.mark.parametrize("face", [Face.SANS, Face.SANS_BOLD, Face.SERIF_BOLD])
def test_the_text_fonts_hold_vietnamese_and_every_word_drawn(face: Face) -> None:
    words = " ".join(vi + " " + en for vi, en in _WORDS.values())
    names = " ".join(card.name_vi + " " + card.code for card in ALL_CARDS)
    pictures = " ".join(PICTURES.values())
    text = VIETNAMESE + VIETNAMESE.upper() + words + names + pictures + " ".join(NAMES_VI)
    assert missing(face, text + "0123456789+-·—…:()") == []


def test_fonts_are_small_subsets_with_their_licence() -> None:
    files = [FONTS / face.value for face in Face]
    assert all(f.is_file() for f in files)
    assert sum(f.stat().st_size for f in files) < 400_000
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence and "Google" in licence
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    for f in files:
        assert f.name in readme
