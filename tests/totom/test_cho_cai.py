"""The deal and cho cái: piles, cards A and B, the cái pile, the nọc (TOTOM T2.3–T2.6)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.totom.cards import DECK, Card
from engine.totom.deal import Deal, Piles, cai_ring_index, cho_cai_count
from engine.totom.errors import BadDeal
from engine.totom.rules import TomRules


def piles_with(players: int, a: Card, b: Card, khe: int, noc_pile: int = 0) -> Piles:
    """A dealt ring whose nọc starts with A and whose next pile starts with B."""
    n = 20 if players == 5 else 24
    deck = list(DECK)[:(players + 1) * n]
    b_pile = (noc_pile + 1) % (players + 1)
    for card, spot in ((a, noc_pile * n), (b, b_pile * n)):
        i = next(i for i, c in enumerate(deck) if c == card and i not in (noc_pile * n,))
        deck[i], deck[spot] = deck[spot], deck[i]
    piles = tuple(tuple(deck[i * n:(i + 1) * n]) for i in range(players + 1))
    return Piles(piles, 0, noc_pile, 0, khe, (b_pile, 0))


def test_t2_5_worked_example_five_players() -> None:
    # A = thất văn (7), B = tam vạn (3): n = 10, remainder 0 → the fifth pile from the khe.
    assert cho_cai_count(Card.N7, Card.V3, 5) == 5
    for khe in range(5):
        piles = piles_with(5, Card.N7, Card.V3, khe)
        deal = Deal.from_piles(piles)
        ring = piles.ring
        cai_pile = ring[(khe + 4) % 5]
        assert sorted(deal.hands[0]) == sorted((*piles.piles[cai_pile], Card.N7))
        assert deal.a is Card.N7 and deal.b is Card.V3


def test_t2_5_worked_example_four_players() -> None:
    assert cho_cai_count(Card.N7, Card.V3, 4) == 2
    piles = piles_with(4, Card.N7, Card.V3, khe=1)
    deal = Deal.from_piles(piles, TomRules(players=4))
    assert sorted(deal.hands[0]) == sorted((*piles.piles[piles.ring[2]], Card.N7))


def test_t2_5_cai_mod_five_at_four_players_counts_round_the_ring() -> None:
    assert cho_cai_count(Card.N7, Card.V3, 4, "five") == 5
    assert cai_ring_index(khe=3, r=5, players=4) == 3  # r = 5 lands on pile 1
    piles = piles_with(4, Card.N7, Card.V3, khe=3)
    deal = Deal.from_piles(piles, TomRules(players=4, cai_mod="five"))
    assert sorted(deal.hands[0]) == sorted((*piles.piles[piles.ring[3]], Card.N7))


@pytest.mark.parametrize(("a", "b", "players", "r"), [
    (Card.V1, Card.CC, 5, 2), (Card.V9, Card.S9, 5, 3), (Card.V9, Card.S9, 4, 2),
    (Card.V2, Card.V3, 5, 5), (Card.V4, Card.S4, 4, 4), (Card.OC, Card.TT, 4, 2),
])
def test_t2_5_remainder_boundaries(a: Card, b: Card, players: int, r: int) -> None:
    assert cho_cai_count(a, b, players) == r


def test_t2_5_other_piles_go_round_in_play_order() -> None:
    piles = piles_with(5, Card.N7, Card.V3, khe=2)
    deal = Deal.from_piles(piles.__class__(piles.piles, 3, piles.noc_pile, 0, 2, piles.b))
    ring = piles.ring
    first = (2 + 5 - 1) % 5
    for i in range(5):
        seat = (3 + i) % 5
        got = sorted(deal.hands[seat])
        want = sorted(piles.piles[ring[(first + i) % 5]] + ((Card.N7,) if i == 0 else ()))
        assert got == want
    assert deal.cai_seat == 3


def test_t2_6_card_counts_and_the_noc() -> None:
    for players in (5, 4):
        rules = TomRules(players=players)
        deal = Deal.shuffled(7, rules, cai_seat=1)
        n = rules.hand_size
        assert [len(h) for h in deal.hands] == [n, n + 1] + [n] * (players - 2)
        assert len(deal.noc) == n - 1
        assert deal.a in deal.hands[1]


def test_t2_5_b_must_differ_from_a() -> None:
    piles = piles_with(5, Card.N7, Card.V3, khe=0)
    with pytest.raises(BadDeal):
        Deal.from_piles(Piles(piles.piles, 0, piles.noc_pile, 0, 0, (piles.noc_pile, 0)))


def test_t2_3_wrong_pile_counts_refused() -> None:
    piles = piles_with(5, Card.N7, Card.V3, khe=0)
    with pytest.raises(BadDeal):
        Deal.from_piles(piles, TomRules(players=4))
    with pytest.raises(BadDeal):
        Deal.from_piles(Piles(piles.piles, 0, 0, 25, 0, (1, 0)))


def test_formats_piles_and_hands_forms_round_trip() -> None:
    deal = Deal.shuffled(3)
    data = json.loads(json.dumps(deal.to_json()))
    assert set(data) == {"piles", "cai_seat", "noc_pile", "a_index", "khe", "b"}
    again = Deal.from_json(data)
    assert again == deal and again.to_json() == deal.to_json()
    hands = json.loads(json.dumps(deal.hands_json()))
    back = Deal.from_json(hands)
    assert (back.hands, back.noc, back.cai_seat) == (deal.hands, deal.noc, deal.cai_seat)
    assert back.to_json() == hands


def test_formats_hands_form_errors() -> None:
    deal = Deal.shuffled(4)
    data = deal.hands_json()
    data["hands"][2][0] = data["hands"][3][0]
    with pytest.raises(BadDeal):
        Deal.from_json(data)
    with pytest.raises(BadDeal):
        Deal.from_json({"hands": [["xx"]], "noc": []})
    with pytest.raises(BadDeal):
        Deal.from_json(deal.hands_json(), TomRules(players=4))
    with pytest.raises(BadDeal):
        Deal.from_json([])


def test_t2_7_a_hand_made_deal_with_wrong_counts_is_refused() -> None:
    deal = Deal.shuffled(4)
    data = deal.hands_json()
    seat = (deal.cai_seat + 1) % 5
    data["hands"][seat].append(data["hands"][(seat + 1) % 5].pop())  # 21 and 19 cards
    with pytest.raises(BadDeal):
        Deal.from_json(data)
    data = deal.hands_json()
    data["hands"][seat].append(data["noc"].pop())  # two seats hold N + 1
    with pytest.raises(BadDeal):
        Deal.from_json(data)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([4, 5]), cai=st.integers(0, 4),
       five=st.booleans())
def test_t1_1_every_deal_holds_the_120_cards(seed: int, players: int, cai: int,
                                              five: bool) -> None:
    rules = TomRules(players=players, cai_mod="five" if five else "players")
    deal = Deal.shuffled(seed, rules, cai_seat=cai % players)
    cards = sorted([c for h in deal.hands for c in h] + list(deal.noc))
    assert cards == sorted(DECK)
    assert Deal.from_json(json.loads(json.dumps(deal.to_json())), rules) == deal
