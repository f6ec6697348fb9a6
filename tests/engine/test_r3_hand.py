"""R3: chắn, cạ, ba đầu, thiên khai, què, the canonical arrangement, melds on the mat."""

from __future__ import annotations

import pytest
from positions import cards, make_game, mat_cards

from engine.actions import Act
from engine.chan import hand as H
from engine.chan.cards import ALL_CARDS, Card, pairs_with, same_rank
from engine.chan.hand import arrange
from engine.chan.melds import Meld, MeldKind
from engine.errors import NothingToEat


def groups(text: str) -> dict[str, list[str]]:
    """The arrangement of a code string as lists of space-joined groups."""
    a = arrange(cards(text))
    return {
        "chan": [" ".join(map(str, g)) for g in a.chan],
        "ca": [" ".join(map(str, g)) for g in a.ca],
        "ba_dau": [" ".join(map(str, g)) for g in a.ba_dau],
        "que": [str(c) for c in a.que],
    }


# ---------------------------------------------------------------- R3.1 chắn


@pytest.mark.parametrize("card", ALL_CARDS)
def test_R3_1_two_identical_cards_are_a_chan(card: Card) -> None:
    a = arrange([card, card])
    assert a.chan == ((card, card),)
    assert a.ca == a.ba_dau == a.que == ()
    assert pairs_with(card, card)


def test_R3_1_cc_cc_is_a_chan() -> None:
    assert groups("cc cc")["chan"] == ["cc cc"]


# ---------------------------------------------------------------- R3.2 cạ


def test_R3_2_same_rank_different_suits_is_a_ca() -> None:
    assert groups("9v 9n")["ca"] == ["9v 9n"]
    assert groups("2n 2s")["ca"] == ["2n 2s"]
    assert pairs_with(Card.V9, Card.S9)
    assert not pairs_with(Card.V9, Card.V8)


@pytest.mark.parametrize("other", [c for c in ALL_CARDS if c is not Card.CC])
def test_R3_2_cc_never_forms_a_ca(other: Card) -> None:
    a = arrange([Card.CC, other])
    assert a.ca == ()
    assert set(a.que) == {Card.CC, other}
    assert not pairs_with(Card.CC, other)
    assert not same_rank(Card.CC, other)


def test_R3_2_cc_cannot_be_eaten_as_a_ca() -> None:
    game = make_game(["cc cc cc cc", "2v 3v 4v 5v 6v 7v 8v 9v", "", ""])
    game.discard(0, Card.CC)
    assert game.hand_count(1, Card.CC) == 0
    assert [a.act for a in game.legal_actions()] == [Act.DRAW]
    with pytest.raises(NothingToEat):
        game.eat(1, Card.V9)


# ---------------------------------------------------------------- R3.3 ba đầu


@pytest.mark.parametrize("rank", range(2, 10))
def test_R3_3_three_suits_of_a_rank_are_a_ba_dau(rank: int) -> None:
    g = groups(f"{rank}v {rank}n {rank}s")
    assert g["ba_dau"] == [f"{rank}v {rank}n {rank}s"]
    assert g["chan"] == g["ca"] == g["que"] == []


# ---------------------------------------------------------------- R3.4 thiên khai


def test_R3_4_thien_khai_is_four_identical_in_hand() -> None:
    g = groups("9v 9v 9v 9v")
    assert g["chan"] == ["9v 9v", "9v 9v"]  # two chắn of the hand
    assert H.chan_count(H.pack(cards("9v 9v 9v 9v")), 4) == 2


def test_R3_4_thien_khai_stays_in_hand_not_on_the_mat() -> None:
    game = make_game(["9v 9v 9v 9v", "", "", ""])
    assert game.hand_count(0, Card.V9) == 4
    assert game.mats[0] == [] and game.mat_chan[0] == 0
    game.discard(0, Card.V9)  # one may still break it up
    assert game.hand_count(0, Card.V9) == 3


# ---------------------------------------------------------------- R3.5 què


def test_R3_5_que_is_a_card_in_no_combination() -> None:
    g = groups("9v 5s 2n cc")
    assert g["que"] == ["2n", "5s", "9v", "cc"]
    assert g["chan"] == g["ca"] == g["ba_dau"] == []


# ---------------------------------------------------------------- R3.6 canonical arrangement


def test_R3_6_example_one_9v_with_two_9n() -> None:
    g = groups("9v 9n 9n")
    assert g == {"chan": ["9n 9n"], "ca": [], "ba_dau": [], "que": ["9v"]}


@pytest.mark.parametrize("text, expected", [
    ("9v 9v 9n", {"chan": ["9v 9v"], "que": ["9n"]}),
    ("9v 9v 9n 9s", {"chan": ["9v 9v"], "ca": ["9n 9s"]}),
    ("9v 9v 9v 9n", {"chan": ["9v 9v"], "ca": ["9v 9n"]}),
    ("9v 9v 9v 9n 9s", {"chan": ["9v 9v"], "ba_dau": ["9v 9n 9s"]}),
    ("9v 9n 9n 9s 9s", {"chan": ["9n 9n", "9s 9s"], "que": ["9v"]}),
    ("cc cc cc", {"chan": ["cc cc"], "que": ["cc"]}),
    ("cc cc cc cc", {"chan": ["cc cc", "cc cc"]}),
    ("2v 2n 3v 3v 3s cc", {"chan": ["3v 3v"], "ca": ["2v 2n"], "que": ["3s", "cc"]}),
])
def test_R3_6_canonical_arrangement(text: str, expected: dict[str, list[str]]) -> None:
    full = {"chan": [], "ca": [], "ba_dau": [], "que": [], **expected}
    assert groups(text) == full


def test_R3_6_arrangement_partitions_the_hand() -> None:
    hand = cards("2v 2v 2n 3v 3n 3s 4v 4v 4v 4v 5s 6n 6s cc cc cc 9v 9n 9n")
    a = arrange(hand)
    flat = [c for g in (*a.chan, *a.ca, *a.ba_dau) for c in g] + list(a.que)
    assert sorted(flat) == sorted(hand)
    assert len(a.chan) == 1 + 2 + 1 + 1  # 2v, 4v ×2, cc, 9n


def test_R3_6_arrangement_ignores_card_order() -> None:
    hand = cards("9n 9v 9n 2s cc 2n")
    assert arrange(hand) == arrange(list(reversed(hand))) == arrange(sorted(hand))


def test_R3_6_arrangement_text() -> None:
    assert str(arrange(cards("9v 9n 9n"))) == "chắn [9n 9n]; què 9v"


# ---------------------------------------------------------------- R3.7 melds on the mat


def test_R3_7_eaten_chan_meld_taken_card_underneath() -> None:
    game = make_game(["cc", "cc 5s", "", ""], "5s")
    game.discard(0, Card.CC)
    game.eat(1, Card.CC)
    assert game.mats[1] == [Meld(MeldKind.CHAN, (Card.CC, Card.CC), Card.CC)]
    assert game.mat_chan[1] == 1
    assert game.mats[1][0].chan == 1


def test_R3_7_eaten_ca_meld_taken_card_underneath() -> None:
    game = make_game(["9v", "9n", "", ""])
    game.discard(0, Card.V9)
    game.eat(1, Card.N9)
    meld = game.mats[1][0]
    assert meld.kind is MeldKind.CA
    assert meld.cards == (Card.V9, Card.N9)  # X underneath, Y on top: no trái vỉ (L0)
    assert meld.taken is Card.V9
    assert meld.chan == 0
    assert game.mat_chan[1] == 0


def test_R3_7_chiu_meld_counts_as_two_chan() -> None:
    game = make_game(["9v", "9v 9v 9v", "", ""])
    game.discard(0, Card.V9)
    game.chiu(1)
    meld = game.mats[1][0]
    assert meld.kind is MeldKind.CHIU
    assert meld.cards == (Card.V9,) * 4
    assert meld.chan == 2
    assert game.mat_chan[1] == 2
    assert mat_cards(game, 1) == 4


def test_R3_7_melds_never_change() -> None:
    game = make_game(["9v 2s", "9n 2n", "", ""], "3s 4s")
    game.discard(0, Card.V9)
    game.eat(1, Card.N9)
    before = list(game.mats[1])
    game.discard(1, Card.N2)
    game.draw(2)
    game.pass_(2)
    assert game.mats[1] == before
    with pytest.raises(AttributeError):
        before[0].kind = MeldKind.CHAN  # type: ignore[misc]
