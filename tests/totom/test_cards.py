"""Tổ tôm cards: the 30 kinds, codes, names, yêu, red cards, counting values (TOTOM T1)."""

from __future__ import annotations

import pytest

from engine.totom import cards as C
from engine.totom.cards import ALL_CARDS, DECK, RED, YEU_DEN, YEU_DO, Card, parse_card, parse_cards
from engine.totom.errors import AmbiguousCard, BadCard, UnknownCard


def test_t1_1_deck_is_120_cards_30_kinds_4_copies() -> None:
    assert len(ALL_CARDS) == 30
    assert len(DECK) == 120
    assert all(DECK.count(c) == 4 for c in ALL_CARDS)


def test_t1_3_codes_in_search_order() -> None:
    codes = [c.code for c in ALL_CARDS]
    assert codes == [f"{r}{s}" for s in "vns" for r in range(1, 10)] + ["oc", "tt", "cc"]


@pytest.mark.parametrize("card", ALL_CARDS)
def test_t1_3_code_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert parse_card(card.code.upper()) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert f"{card:>3}" == f"{card.code:>3}"


@pytest.mark.parametrize(("text", "code"), [
    ("nhất văn", "1n"), ("Nhất vạn", "1v"), ("nhat sach", "1s"), ("cửu vạn", "9v"),
    ("Cửu văn", "9n"), ("ông cụ", "oc"), ("ong cu", "oc"), ("ông lão", "oc"), ("lão", "oc"),
    ("lao", "oc"), ("thang thang", "tt"), ("không thang", "tt"), ("khong thang", "tt"),
    ("thang", "tt"), ("chi chi", "cc"), ("chi", "cc"), ("  Tam   sách ", "3s"),
    ("九萬", "9v"), ("nine of myriads", "9v"),
])
def test_t1_3_names_with_and_without_diacritics(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(("text", "codes"), [
    ("cuu van", {"9v", "9n"}), ("nhat van", {"1v", "1n"}), ("Tam van", {"3v", "3n"}),
])
def test_t1_3_ambiguous_name_rejected_with_candidates(text: str, codes: set[str]) -> None:
    with pytest.raises(AmbiguousCard) as err:
        parse_card(text)
    assert {c.code for c in err.value.candidates} == codes
    assert isinstance(err.value, ValueError) and isinstance(err.value, BadCard)
    assert all(code in str(err.value) for code in codes)
    assert err.value.vi


@pytest.mark.parametrize("text", ["0v", "10n", "xx", "", "9x", "ông"])
def test_t1_3_unknown_text_rejected(text: str) -> None:
    with pytest.raises(UnknownCard):
        parse_card(text)


def test_t1_3_parse_cards() -> None:
    assert [c.code for c in parse_cards("3v 3s, 7n")] == ["3v", "3s", "7n"]
    assert C.format_cards(parse_cards("9v 8s cc")) == "9v 8s cc"


def test_t1_4_yeu_den_and_yeu_do() -> None:
    assert {c.code for c in YEU_DEN} == {"1v", "1n", "1s"}
    assert {c.code for c in YEU_DO} == {"oc", "tt", "cc"}
    assert sum(1 for c in DECK if c.is_yeu) == 24
    assert all(c.rank == 1 for c in YEU_DEN | YEU_DO)
    assert not Card.V2.is_yeu


def test_t1_5_red_cards() -> None:
    assert {c.code for c in RED} == {"8v", "9v", "8s", "9s", "cc", "tt", "oc"}
    assert sum(1 for c in DECK if c.is_red) == 28
    assert not Card.N8.is_red and not Card.N9.is_red


def test_t1_6_counting_values() -> None:
    assert [Card.parse(f"{r}v").value for r in range(1, 10)] == list(range(1, 10))
    assert Card.OC.value == Card.TT.value == Card.CC.value == 1
    assert Card.N7.value == 7


def test_t1_2_suits_and_names() -> None:
    assert Card.V9.suit == "v" and Card.N9.suit == "n" and Card.S9.suit == "s"
    assert Card.OC.suit is None
    assert Card.N7.name_vi == "Thất văn"
    assert Card.OC.name_vi == "Ông cụ"
    assert Card.V9.han == "九萬" and Card.TT.han == ""
