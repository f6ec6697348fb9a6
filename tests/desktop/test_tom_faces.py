"""The 30 Tổ tôm faces (TOTOM T1): every kind its own face at every size the chiếu draws, the
kinds Chắn has drawn as Chắn draws them, every glyph in the shipped fonts."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from chieu_checks import missing

from desktop.chieu.faces import NAMED_WIDTH, YEU_DO, CardArt, card_height, printed
from desktop.chieu.labels import _WORDS
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from engine.chan.cards import ALL_CARDS as CHAN_CARDS
from engine.totom.cards import ALL_CARDS, RANK_HAN, SUIT_HAN, Card
from tests.tom_views import TOM_NAMES_EN, TOM_NAMES_VI

# hand cards (54 at 1280 × 800, about 35 at 1024 × 640), cửa cards, mat cards down to the
# smallest a crowded mat shrinks to
WIDTHS = (54, 44, 36, NAMED_WIDTH, 24, 18, 14)
NEW = (Card.V1, Card.N1, Card.S1, Card.OC, Card.TT)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_kind_draws_a_face_of_its_own(scene: Scene, width: int) -> None:
    faces = {card: pixels(scene.art.face(card, width, card_height(width)))
             for card in ALL_CARDS}
    for a, b in combinations(ALL_CARDS, 2):
        assert faces[a] != faces[b], (a, b, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_kinds_chan_has_are_drawn_as_chan_draws_them(width: int) -> None:
    """T1.3: one set of printed cards; a fresh CardArt so that no cache is shared."""
    art = CardArt(Scene().text)
    chan = {c.code: pixels(art.face(c, width, card_height(width))) for c in CHAN_CARDS}
    for card in ALL_CARDS:
        tom = pixels(art.face(card, width, card_height(width)))
        if card in NEW:
            assert tom not in chan.values(), card
        else:
            assert tom == chan[card.code], card


def test_the_two_games_cards_are_never_confused_in_the_caches(scene: Scene) -> None:
    """Both games' cards are int enums whose values overlap (Chắn 2v and Tổ tôm 1v are 0)."""
    chan_2v = next(c for c in CHAN_CARDS if c.code == "2v")
    assert int(chan_2v) == int(Card.V1)
    assert printed(Card.V1) == "1v" and printed(chan_2v) is chan_2v
    one = pixels(scene.art.sprite(Card.V1, 40, card_height(40), 2))
    two = pixels(scene.art.sprite(chan_2v, 40, card_height(40), 2))
    assert one != two
    assert pixels(scene.art.sprite(Card.V1, 40, card_height(40), 2)) == one


def test_the_new_faces_are_red_or_black_as_t1_5_says(scene: Scene) -> None:
    """T1.5: ông cụ and thang thang are red, the three nhất black (the frame's colour)."""
    w = 40
    for card in NEW:
        face = scene.art.face(card, w, card_height(w))
        r, g, _, _ = face.get_at((round(w * 0.09), card_height(w) // 2))  # the frame's line
        assert (r > 120 and g < 80) == card.is_red, card


def test_the_han_font_holds_every_inscription_and_emblem() -> None:
    han = "".join(RANK_HAN) + "".join(SUIT_HAN) + "".join(e for _, _, e in YEU_DO.values())
    assert set("一老好") <= set(han)
    assert missing(Face.HAN, han) == []
    assert missing(Face.HAN, "".join(card.han for card in ALL_CARDS)) == []


@pytest.mark.parametrize("face", [Face.SANS, Face.SANS_BOLD, Face.SERIF_BOLD])
def test_the_text_fonts_hold_every_name_and_word_of_the_tom_chieu(face: Face) -> None:
    words = " ".join(vi + " " + en for vi, en in _WORDS.values())
    names = " ".join(f"{card.name_vi} {card.name_en} {card.code}" for card in ALL_CARDS)
    yeu = " ".join(f"{above} {below}" for above, below, _ in YEU_DO.values())
    people = " ".join(TOM_NAMES_VI + TOM_NAMES_EN)
    assert missing(face, words + names + yeu + people + "0123456789+-·—…:(),×") == []


CHAN_ONLY = """
import sys
from desktop.chieu import Frame, draw
from desktop.chieu.samples import sample_view
draw(Frame(640, 400).surface, sample_view(41))
print(sorted(m for m in sys.modules if m.startswith('engine.totom')))
"""


def test_the_chan_chieu_loads_nothing_of_tom() -> None:
    """Chắn's start-up (first_frame_ms) pays nothing for the Tổ tôm faces."""
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", CHAN_ONLY], cwd=root, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
