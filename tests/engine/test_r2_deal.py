"""R2: seats, cửa, chia bài, chọn nọc, bốc cái, the R2.6 count and the R2.7 piles."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from positions import make_game, make_hands_json

from engine.chan.cards import ALL_CARDS, DECK, Card
from engine.chan.deal import Deal, cai_recipient
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.errors import BadDeal
from engine.game import Phase

# A card of every number 1..9 (R2.6): Chi chi is 1.
NUMBER_CARD = {1: "cc", 2: "2v", 3: "3n", 4: "4s", 5: "5v", 6: "6n", 7: "7v", 8: "8s", 9: "9n"}


def counted_seat(picker: int, number: int, players: int) -> int:
    """R2.6 done the way the table does it: say 1 at the picker, go round in play order."""
    seat = picker
    for _ in range(number - 1):
        seat = (seat + 1) % players
    return seat


def piles_json(cai_card: str = "7v", picker: int = 1, noc_pile: int = 2, cai_pile: int = 3,
               seed: int = 0) -> dict[str, Any]:
    """A piles form whose turned-up card is ``cai_card`` (the first left-over card)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    deck.remove(Card.parse(cai_card))
    deck.insert(95, Card.parse(cai_card))
    return {"piles": [[c.code for c in deck[19 * i:19 * i + 19]] for i in range(5)],
            "leftover": [c.code for c in deck[95:]], "picker": picker, "noc_pile": noc_pile,
            "cai_index": 0, "cai_pile": cai_pile}


def codes(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- R2.1 seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R2_1_two_to_four_players(players: int) -> None:
    deal = Deal.from_json(make_hands_json([""] * players))
    assert deal.players == players


@pytest.mark.parametrize("players", [1, 5])
def test_R2_1_other_table_sizes_are_refused(players: int) -> None:
    data = make_hands_json([""] * 4)
    hands = data["hands"]
    assert isinstance(hands, list)
    if players == 1:
        data["hands"] = hands[:1]
    else:
        data["hands"] = [*hands, []]
    with pytest.raises(BadDeal):
        Deal.from_json(data)


def test_R2_1_play_passes_to_seat_i_plus_1() -> None:
    game = make_game(["9v", "", "", ""], cai=0)
    game.discard(0, Card.V9)
    assert game.entitled == 1
    assert game.actor == 1


def test_R2_1_play_wraps_from_the_last_seat_to_seat_0() -> None:
    game = make_game(["", "", "9v", ""], cai=2, dead=None)
    game.discard(2, Card.V9)
    game.draw(3)
    game.pass_(3)
    assert game.entitled == 0 == game.actor


# ---------------------------------------------------------------- R2.2 cửa


def test_R2_2_discards_and_draws_go_into_the_own_cua_chi() -> None:
    game = make_game(["cc", "", "", ""], "2s")
    game.discard(0, Card.CC)
    assert game.cua[0] == [Card.CC]
    game.draw(1)
    assert game.cua[1] == [Card.S2]
    assert game.cua[0] == [Card.CC]


def test_R2_2_only_the_most_recent_card_is_live() -> None:
    game = make_game(["cc", "", "", ""], "2s")
    game.discard(0, Card.CC)
    assert game.live is not None and game.live.card is Card.CC and game.live.cua == 0
    game.draw(1)
    assert game.live is not None and game.live.card is Card.S2 and game.live.cua == 1


# ---------------------------------------------------------------- R2.3 – R2.5 piles form


def test_R2_3_piles_form_needs_5_piles_of_19_and_5_leftovers() -> None:
    good = piles_json()
    Deal.from_json(good)
    short = copy.deepcopy(good)
    short["piles"][0] = short["piles"][0][:18]
    with pytest.raises(BadDeal, match="5 piles of 19"):
        Deal.from_json(short)
    few = copy.deepcopy(good)
    few["leftover"] = few["leftover"][:4]
    with pytest.raises(BadDeal, match="5 left-over"):
        Deal.from_json(few)


def test_R2_4_leftovers_go_on_top_of_the_noc_pile() -> None:
    data = piles_json("7v", noc_pile=2)
    data["cai_index"] = 23  # turn up the bottom card, so the top of the nọc is untouched
    deal = Deal.from_json(data)
    noc24 = data["leftover"] + data["piles"][2]
    assert codes(deal.noc) == noc24[:23]
    assert str(deal.cai_card) == noc24[23]


def test_R2_5_cai_card_leaves_the_noc_for_the_cai_pile() -> None:
    data = piles_json("7v", picker=1, noc_pile=2, cai_pile=3)
    deal = Deal.from_json(data)
    assert deal.cai_card is Card.V7
    assert len(deal.noc) == 23
    assert codes(deal.noc) == (data["leftover"] + data["piles"][2])[1:]
    recipient = deal.cai_seat
    assert len(deal.hands[recipient]) == 20
    assert Counter(deal.hands[recipient]) == Counter(
        [Card.V7, *(Card.parse(c) for c in data["piles"][3])])


def test_R2_5_cai_index_picks_the_card_anywhere_in_the_24() -> None:
    data = piles_json("7v")
    data["cai_index"] = 10
    deal = Deal.from_json(data)
    noc24 = data["leftover"] + data["piles"][2]
    assert str(deal.cai_card) == noc24[10]
    assert codes(deal.noc) == noc24[:10] + noc24[11:]


@pytest.mark.parametrize("key, value", [("noc_pile", 5), ("cai_pile", 2), ("cai_index", 24),
                                        ("picker", 4), ("picker", "1")])
def test_R2_5_bad_piles_choices_are_refused(key: str, value: object) -> None:
    data = piles_json("7v", noc_pile=2)
    data[key] = value
    with pytest.raises(BadDeal):
        Deal.from_json(data)


# ---------------------------------------------------------------- R2.6 counting


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("number", range(1, 10))
def test_R2_6_counting(number: int, players: int) -> None:
    card = Card.parse(NUMBER_CARD[number])
    assert card.rank == number
    for picker in range(players):
        expected = counted_seat(picker, number, players)
        assert cai_recipient(picker, card, players) == expected
        deal = Deal.from_json(piles_json(card.code, picker=picker), players=players)
        assert deal.cai_card is card
        assert deal.cai_seat == expected
        assert len(deal.hands[expected]) == 20


@pytest.mark.parametrize("number, offset", [(2, 1), (6, 1),  # nhị (lục) tiến: right
                                            (4, 3), (8, 3),  # tứ (bát) tụt: left
                                            (3, 2), (7, 2),  # tam (thất) đối: opposite
                                            (1, 0), (5, 0), (9, 0)])  # the picker itself
def test_R2_6_mnemonic_at_4_players(number: int, offset: int) -> None:
    for picker in range(4):
        card = Card.parse(NUMBER_CARD[number])
        assert cai_recipient(picker, card, 4) == (picker + offset) % 4


def test_R2_6_worked_example() -> None:
    a, b, c, d = 0, 1, 2, 3
    assert [a, b, c, d] == [0, 1, 2, 3]
    # B picks and turns up thất vạn: B1 C2 D3 A4 B5 C6 D7 -> D.
    assert cai_recipient(b, Card.V7, 4) == d
    deal = Deal.from_json(piles_json("7v", picker=b))
    assert deal.picker == b
    assert deal.cai_card is Card.V7
    assert deal.cai_seat == d
    assert [len(h) for h in deal.hands] == [19, 19, 19, 20]


# ---------------------------------------------------------------- R2.7 the other piles


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("unused", ["dead", "noc"])
def test_R2_7_pile_distribution(players: int, unused: str) -> None:
    rules = LangRules(unused_piles=unused)  # type: ignore[arg-type]
    data = piles_json("6n", picker=0, noc_pile=1, cai_pile=3)
    deal = Deal.from_json(data, players=players, rules=rules)
    recipient = counted_seat(0, 6, players)
    assert deal.cai_seat == recipient
    piles = [[Card.parse(c) for c in p] for p in data["piles"]]
    # From the cái pile round the ring, skipping the nọc pile (1): piles 3, 4, 0, 2.
    ring = [3, 4, 0, 2]
    for i, pile in enumerate(ring[:players]):
        seat = (recipient + i) % players
        expected = piles[pile] + ([Card.N6] if i == 0 else [])
        assert Counter(deal.hands[seat]) == Counter(expected), (seat, pile)
    unused_cards = [c for pile in ring[players:] for c in piles[pile]]
    noc23 = [Card.parse(c) for c in (data["leftover"] + data["piles"][1])[1:]]
    if unused == "dead":
        assert list(deal.dead) == unused_cards
        assert list(deal.noc) == noc23
        assert len(deal.noc) == 23
    else:
        assert deal.dead == ()
        assert list(deal.noc) == noc23 + unused_cards  # under the nọc
        assert len(deal.noc) == 23 + 19 * (4 - players)
    total = Counter(c for h in deal.hands for c in h) + Counter(deal.noc) + Counter(deal.dead)
    assert total == Counter(DECK)


@pytest.mark.parametrize("players", [2, 3])
def test_R2_7_dead_piles_take_no_part_in_the_game(players: int) -> None:
    deal = Deal.from_json(piles_json("6n"), players=players)
    game = Game(deal)
    assert game.noc_left == 23
    assert game.deal.dead and len(game.deal.dead) == 19 * (4 - players)


# ---------------------------------------------------------------- R2.8 the cái recipient


def test_R2_8_cai_recipient_holds_20_and_acts_first() -> None:
    deal = Deal.from_json(piles_json("7v", picker=1))
    game = Game(deal)
    assert game.phase is Phase.OPENING
    assert game.actor == deal.cai_seat == 3
    assert [len(h) for h in deal.hands] == [19, 19, 19, 20]


def test_R2_8_cai_card_is_public_knowledge() -> None:
    deal = Deal.from_json(piles_json("7v", picker=1))
    game = Game(deal)
    for seat in range(4):
        obs = game.observation(seat)
        assert obs.cai_card is Card.V7
        assert obs.cai_seat == 3
    assert Card.V7 in game.observation(0).seen  # another seat knows the recipient holds it
    assert Card.V7 in deal.hands[3]


def test_R2_8_hands_form_seat_with_20_is_the_recipient() -> None:
    deal = Deal.from_json(make_hands_json(["", "", "", ""], cai=2))
    assert deal.cai_seat == 2


# ---------------------------------------------------------------- the two deal forms


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_R2_piles_form_and_hands_form_describe_the_same_deal(players: int, seed: int) -> None:
    data = piles_json(NUMBER_CARD[seed + 2], picker=seed % players, noc_pile=seed % 5,
                      cai_pile=(seed + 2) % 5, seed=seed)
    deal = Deal.from_json(data, players=players)
    hands_form = deal.hands_json()
    again = Deal.from_json(hands_form)
    assert again == deal
    assert again.hands == deal.hands
    assert again.noc == deal.noc
    assert again.dead == deal.dead
    assert again.cai_seat == deal.cai_seat
    assert again.cai_card == deal.cai_card
    assert again.picker == deal.picker
    assert Deal.from_json(again.hands_json()) == again
    assert deal.to_json() == data  # a piles deal writes itself back as piles


def test_R2_hands_form_round_trips() -> None:
    data = make_hands_json(["9v 9v", "cc", ""], "5s 5s", cai=1)
    deal = Deal.from_json(data)
    assert deal.to_json() == Deal.from_json(deal.to_json()).to_json()
    assert Deal.from_json(deal.to_json()) == deal
    assert deal.noc[:2] == (Card.S5, Card.S5)


def test_R2_shuffled_deals_are_reproducible() -> None:
    assert Deal.shuffled(7) == Deal.shuffled(7)
    assert Deal.shuffled(7) != Deal.shuffled(8)
    deal = Deal.shuffled(7, players=3)
    total = Counter(c for h in deal.hands for c in h) + Counter(deal.noc) + Counter(deal.dead)
    assert total == Counter(DECK)


# ---------------------------------------------------------------- bad deals


def _hands_form() -> dict[str, Any]:
    return make_hands_json(["", "", "", ""])


def test_R2_bad_deal_99_cards() -> None:
    data = _hands_form()
    data["noc"] = data["noc"][:-1]
    with pytest.raises(BadDeal, match="99 cards, not 100"):
        Deal.from_json(data)


def test_R2_bad_deal_101_cards() -> None:
    data = _hands_form()
    data["noc"] = [*data["noc"], "9v"]
    with pytest.raises(BadDeal, match="101 cards, not 100"):
        Deal.from_json(data)


def test_R2_bad_deal_a_card_5_times() -> None:
    data = _hands_form()
    noc = data["noc"]
    i = next(i for i, c in enumerate(noc) if c != "9v")
    replaced = noc[i]
    noc[i] = "9v"
    with pytest.raises(BadDeal) as err:
        Deal.from_json(data)
    message = str(err.value)
    assert "9v ×5" in message
    assert f"{replaced} ×3" in message
    assert "4 times" in message


def test_R2_bad_deal_two_20_card_hands() -> None:
    data = _hands_form()
    hands = data["hands"]
    hands[1].append(data["noc"].pop())
    with pytest.raises(BadDeal, match="20 cards"):
        Deal.from_json(data)


def test_R2_bad_deal_no_20_card_hand() -> None:
    data = _hands_form()
    data["noc"].append(data["hands"][0].pop())
    with pytest.raises(BadDeal, match="20 cards"):
        Deal.from_json(data)


def test_R2_bad_deal_unknown_code_names_its_place() -> None:
    data = _hands_form()
    data["hands"][2][5] = "xx"
    with pytest.raises(BadDeal, match=r"hands\[2\]\[5\]"):
        Deal.from_json(data)


def test_R2_bad_deal_cai_card_not_in_recipient_hand() -> None:
    data = _hands_form()
    missing = next(c for c in ALL_CARDS if c.code not in data["hands"][0])
    data["cai_card"] = missing.code
    with pytest.raises(BadDeal, match="quân cái"):
        Deal.from_json(data)


@pytest.mark.parametrize("data", [None, [], {"noc": []}, {"hands": "9v"}])
def test_R2_bad_deal_malformed(data: object) -> None:
    with pytest.raises(BadDeal):
        Deal.from_json(data)


def test_R2_bad_deal_table_size_mismatch() -> None:
    with pytest.raises(BadDeal, match="3 players"):
        Deal.from_json(_hands_form(), players=3)


def test_R2_bad_deal_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Deal.from_json({"hands": []})
