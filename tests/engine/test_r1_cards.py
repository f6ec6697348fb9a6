"""R1: the 25 kinds, their codes and names, red cards, picture names, the 100-card deck."""

import unicodedata
from collections import Counter

import pytest

from engine.chan.cards import ALL_CARDS, DECK, Card, format_cards, parse_card, parse_cards
from engine.errors import BadCardCode, ChanError

ALL_CODES = [f"{rank}{suit}" for rank in range(2, 10) for suit in "vns"] + ["cc"]


# ---------------------------------------------------------------- R1.1 the deck


def test_R1_1_deck_has_100_cards_25_kinds_4_copies() -> None:
    assert len(DECK) == 100
    counts = Counter(DECK)
    assert len(counts) == 25
    assert set(counts.values()) == {4}
    assert len(ALL_CARDS) == 25 == len(set(ALL_CARDS))


# ---------------------------------------------------------------- R1.2 kinds


def test_R1_2_24_suited_kinds_and_chi_chi() -> None:
    suited = [c for c in ALL_CARDS if c.suit is not None]
    assert len(suited) == 24
    assert {(c.rank, c.suit) for c in suited} == {
        (r, s) for r in range(2, 10) for s in "vns"}
    assert Card.CC.suit is None


def test_R1_2_chi_chi_counts_as_1() -> None:
    assert Card.CC.rank == 1
    assert [Card.parse(f"{r}v").rank for r in range(2, 10)] == list(range(2, 10))


# ---------------------------------------------------------------- R1.3 notation


@pytest.mark.parametrize("code", ALL_CODES)
def test_R1_3_code_round_trips(code: str) -> None:
    card = Card.parse(code)
    assert str(card) == code
    assert card.code == code
    assert parse_card(code) is card
    assert f"{card}" == code
    assert Card.parse(code.upper()) is card


def test_R1_3_all_25_codes_are_distinct_cards() -> None:
    assert [Card.parse(c) for c in ALL_CODES] == list(ALL_CARDS)
    assert [c.code for c in ALL_CARDS] == ALL_CODES


def test_R1_3_suit_letters() -> None:
    assert Card.parse("9v").suit == "v"  # Vạn
    assert Card.parse("9n").suit == "n"  # Văn
    assert Card.parse("9s").suit == "s"  # Sách
    assert Card.parse("2v").rank == 2


@pytest.mark.parametrize(("text", "code"), [
    ("cửu vạn", "9v"),
    ("Cửu Vạn", "9v"),
    ("  cửu   vạn ", "9v"),
    ("cửu văn", "9n"),
    ("cửu sách", "9s"),
    ("cuu sach", "9s"),  # sách has no twin without diacritics
    ("nhị vạn", "2v"),
    ("ngũ sách", "5s"),
    ("tứ văn", "4n"),
    ("chi chi", "cc"),
    ("Chi chi", "cc"),
])
def test_R1_3_vietnamese_names(text: str, code: str) -> None:
    assert Card.parse(text) is Card.parse(code)


@pytest.mark.parametrize("card", ALL_CARDS)
def test_R1_3_every_name_vi_parses_back(card: Card) -> None:
    assert Card.parse(card.name_vi) is card


def test_R1_3_upper_case_vietnamese_names() -> None:
    assert Card.parse("CỬU VẠN") is Card.V9


def test_R1_3_vietnamese_names_in_decomposed_unicode() -> None:
    assert Card.parse(unicodedata.normalize("NFD", "cửu vạn")) is Card.V9
    assert Card.parse(unicodedata.normalize("NFD", "cửu văn")) is Card.N9


def test_R1_3_name_vi_has_diacritics() -> None:
    assert Card.parse("9v").name_vi == "Cửu vạn"
    assert Card.parse("9n").name_vi == "Cửu văn"
    assert Card.parse("cc").name_vi == "Chi chi"


def test_R1_3_cuu_van_is_ambiguous_and_suggests_9v_and_9n() -> None:
    with pytest.raises(BadCardCode) as err:
        Card.parse("cuu van")
    message = str(err.value)
    assert "'9v'" in message
    assert "'9n'" in message
    assert "ambiguous" in message


@pytest.mark.parametrize("rank_name, codes", [("nhi van", ("2v", "2n")),
                                              ("tu van", ("4v", "4n"))])
def test_R1_3_every_van_without_diacritics_is_ambiguous(rank_name: str,
                                                        codes: tuple[str, str]) -> None:
    with pytest.raises(BadCardCode) as err:
        parse_card(rank_name)
    for code in codes:
        assert f"'{code}'" in str(err.value)


@pytest.mark.parametrize("text", ["xyz", "10v", "9x", "", "1v", "cuu"])
def test_R1_3_unknown_text_is_refused_with_a_suggestion(text: str) -> None:
    with pytest.raises(BadCardCode) as err:
        parse_card(text)
    message = str(err.value)
    assert "'9v'" in message  # shows what a code looks like
    assert "'cc'" in message


def test_R1_3_flipped_code_suggests_the_right_one() -> None:
    with pytest.raises(BadCardCode, match="did you mean '9v'"):
        parse_card("v9")


def test_R1_3_bad_card_code_is_a_value_error_of_the_family() -> None:
    with pytest.raises(ValueError):
        parse_card("zz")
    assert issubclass(BadCardCode, ChanError)


def test_R1_3_non_text_is_refused() -> None:
    with pytest.raises(BadCardCode):
        parse_card(9)  # type: ignore[arg-type]


def test_R1_3_parse_cards_and_format_cards_round_trip() -> None:
    text = "9v 9n cc 2s"
    cards = parse_cards(text)
    assert cards == (Card.V9, Card.N9, Card.CC, Card.S2)
    assert format_cards(cards) == text
    assert parse_cards("9v, 9n,cc") == (Card.V9, Card.N9, Card.CC)


# ---------------------------------------------------------------- R1.4 red cards


def test_R1_4_red_cards() -> None:
    red = {c for c in ALL_CARDS if c.is_red}
    assert red == {Card.parse(c) for c in ("8v", "8s", "9v", "9s", "cc")}
    assert sum(1 for c in DECK if c.is_red) == 20
    assert sum(1 for c in DECK if not c.is_red) == 80


def test_R1_4_8n_and_9n_are_black() -> None:
    assert not Card.parse("8n").is_red
    assert not Card.parse("9n").is_red


# ---------------------------------------------------------------- R1.5 picture names


def test_R1_5_picture_names() -> None:
    pictures = {c.code: c.picture for c in ALL_CARDS if c.picture is not None}
    assert set(pictures) == {"2v", "4v", "5v", "5s", "8v", "8n"}
    assert pictures["2v"] == "hoa đào"
    assert pictures["4v"] == "xe"
    assert pictures["5v"] == "chùa / đình / nhà lầu"  # R1.5 gives all three names
    assert pictures["5s"] == "thuyền"
    assert pictures["8v"] == "cá"
    assert pictures["8n"] == "đồng tử"


# ---------------------------------------------------------------- values (STYLE.md)


@pytest.mark.parametrize("card", ALL_CARDS)
def test_R1_3_repr_pastes_back(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) is card


def test_R1_1_copies_of_a_kind_are_identical() -> None:
    assert Card.parse("9v") == Card.parse("cửu vạn") == Card.V9
    assert hash(Card.parse("9v")) == hash(Card.V9)
