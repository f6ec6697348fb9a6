"""R11: the làng options — defaults, validation, JSON round trip; unused_piles and noc_stop
played out.

Options whose behaviour belongs to later work (ga, diem_per_ga, ga_bach_thu_chi,
strict_order, draw_picker, stake, and what allow_xuong does to wins) are tested here only as
values; their effects are tested with the judging, scoring and session code.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from positions import draw_and_pass, make_game

from engine.actions import Act
from engine.chan.cards import DECK, Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.errors import BadRules
from engine.events import Claim, EndKind
from engine.game import Phase

DEFAULTS: dict[str, Any] = {
    "allow_xuong": True, "ga": "off", "diem_per_ga": 5, "ga_bach_thu_chi": True,
    "strict_order": False, "draw_picker": "last_drawer", "unused_piles": "dead",
    "noc_stop": 1, "stake": 1,
}
VALID: dict[str, list[Any]] = {
    "allow_xuong": [True, False],
    "ga": ["off", "rong", "hep"],
    "diem_per_ga": [0, 1, 5, 12],
    "ga_bach_thu_chi": [True, False],
    "strict_order": [True, False],
    "draw_picker": ["last_drawer", "same_picker"],
    "unused_piles": ["dead", "noc"],
    "noc_stop": [0, 1],
    "stake": [1, 0.5, 1000],
}
INVALID: dict[str, list[Any]] = {
    "allow_xuong": [1, "true", None],
    "ga": ["on", "", None, 1],
    "diem_per_ga": [-1, 1.5, True, "5"],
    "ga_bach_thu_chi": [0, "yes"],
    "strict_order": [1, "false"],
    "draw_picker": ["winner", "", None],
    "unused_piles": ["discard", "", None],
    "noc_stop": [2, -1, True, "1"],
    "stake": [0, -1, True, "1", None],
}


def check_option(name: str) -> None:
    """Default, every valid value (and its JSON round trip), every invalid value refused."""
    assert getattr(LangRules(), name) == DEFAULTS[name]
    assert LangRules().to_json()[name] == DEFAULTS[name]
    for value in VALID[name]:
        rules = LangRules(**{name: value})
        assert getattr(rules, name) == value
        assert LangRules.from_json(rules.to_json()) == rules
        assert LangRules.from_json({name: value}) == rules
    for value in INVALID[name]:
        with pytest.raises(BadRules) as err:
            LangRules(**{name: value})
        assert name in str(err.value)
        with pytest.raises(BadRules):
            LangRules.from_json({name: value})


def test_R11_every_option_is_listed() -> None:
    assert {f.name for f in dataclasses.fields(LangRules)} == set(DEFAULTS)
    assert LangRules().to_json() == DEFAULTS
    assert LangRules() == DEFAULT_RULES


# ---------------------------------------------------------------- one test per option


def test_R11_allow_xuong_default_and_values() -> None:
    check_option("allow_xuong")  # R5.6; its effect on wins is judged with the cước


def test_R11_ga_default_and_values() -> None:
    check_option("ga")  # R6.3: scoring


def test_R11_diem_per_ga_default_and_values() -> None:
    check_option("diem_per_ga")  # R6.3: scoring


def test_R11_ga_bach_thu_chi_default_and_values() -> None:
    check_option("ga_bach_thu_chi")  # R6.3: scoring


def test_R11_strict_order_default_and_values() -> None:
    check_option("strict_order")  # R8.5: judging the call


def test_R11_draw_picker_default_and_values() -> None:
    check_option("draw_picker")  # R2.4: the session picks the next picker


def test_R11_unused_piles_default_and_values() -> None:
    check_option("unused_piles")


def test_R11_noc_stop_default_and_values() -> None:
    check_option("noc_stop")


def test_R11_stake_default_and_values() -> None:
    check_option("stake")  # R9.1: settlement


# ---------------------------------------------------------------- JSON


def test_R11_to_json_from_json_round_trip() -> None:
    rules = LangRules(allow_xuong=False, ga="hep", diem_per_ga=3, ga_bach_thu_chi=False,
                      strict_order=True, draw_picker="same_picker", unused_piles="noc",
                      noc_stop=0, stake=2.5)
    data = rules.to_json()
    assert data == {"allow_xuong": False, "ga": "hep", "diem_per_ga": 3,
                    "ga_bach_thu_chi": False, "strict_order": True,
                    "draw_picker": "same_picker", "unused_piles": "noc", "noc_stop": 0,
                    "stake": 2.5}
    assert LangRules.from_json(data) == rules


def test_R11_missing_keys_take_their_defaults() -> None:
    assert LangRules.from_json({}) == LangRules()
    assert LangRules.from_json(None) == LangRules()
    assert LangRules.from_json({"ga": "rong"}) == LangRules(ga="rong")


def test_R11_unknown_key_refused() -> None:
    with pytest.raises(BadRules, match="unknown làng option") as err:
        LangRules.from_json({"ga": "off", "noc_stops": 1})
    assert "noc_stops" in str(err.value)


def test_R11_rules_must_be_an_object() -> None:
    with pytest.raises(BadRules):
        LangRules.from_json([["ga", "off"]])


def test_R11_rules_are_frozen() -> None:
    rules = LangRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.ga = "hep"  # type: ignore[misc]


def test_R11_game_keeps_its_rules() -> None:
    rules = LangRules(noc_stop=0, ga="rong")
    game = make_game(["", "", "", ""], rules=rules)
    assert game.rules is rules
    assert game.observation(1).rules == rules


# ---------------------------------------------------------------- unused_piles played out


@pytest.mark.parametrize("players", [2, 3])
def test_R11_unused_piles_dead(players: int) -> None:
    rules = LangRules(unused_piles="dead")
    deal = Deal.shuffled(3, players=players, rules=rules)
    assert len(deal.noc) == 23
    assert len(deal.dead) == 19 * (4 - players)
    game = Game(deal, rules)
    _play_out_drawing(game)
    assert game.noc_left == 1  # the dead piles were never drawn


@pytest.mark.parametrize("players", [2, 3])
def test_R11_unused_piles_noc(players: int) -> None:
    rules = LangRules(unused_piles="noc")
    dead_deal = Deal.shuffled(3, players=players)
    deal = Deal.shuffled(3, players=players, rules=rules)
    assert deal.dead == ()
    assert deal.hands == dead_deal.hands
    assert deal.noc == dead_deal.noc + dead_deal.dead  # under the nọc
    assert len(deal.noc) == 23 + 19 * (4 - players)
    game = Game(deal, rules)
    drawn = _play_out_drawing(game)
    assert game.noc_left == 1
    assert drawn == len(deal.noc) - 1  # the set-aside piles were drawn too


def test_R11_unused_piles_changes_nothing_at_4_players() -> None:
    assert Deal.shuffled(5, rules=LangRules(unused_piles="noc")) == Deal.shuffled(5)


def test_R11_unused_piles_in_the_hands_form() -> None:
    deal = Deal.shuffled(3, players=2, rules=LangRules(unused_piles="noc"))
    again = Deal.from_json(deal.hands_json())
    assert again == deal and "dead" not in deal.hands_json()
    total = sorted(c for h in again.hands for c in h) + sorted(again.noc)
    assert sorted(total) == sorted(DECK)


# ---------------------------------------------------------------- noc_stop played out


def _play_out_drawing(game: Game) -> int:
    """Everyone draws and says dưới (declining every claim) until the game ends."""
    if game.phase is Phase.OPENING:
        actor = game.actor
        assert actor is not None
        game.discard(actor, game.hand_cards(actor)[0])
    drawn = 0
    while not game.is_over:
        if game.phase is Phase.CLAIM:
            game.decline(game.actor)  # type: ignore[arg-type]
        elif game.may_pass:
            game.pass_(game.actor)  # type: ignore[arg-type]
        else:
            game.draw(game.actor)  # type: ignore[arg-type]
            drawn += 1
    return drawn


@pytest.mark.parametrize("noc_stop", [0, 1])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R11_noc_stop_last_draw_leaves_noc_stop_cards(noc_stop: int, players: int) -> None:
    rules = LangRules(noc_stop=noc_stop)
    game = Game(Deal.shuffled(11, players=players), rules)
    drawn = _play_out_drawing(game)
    assert drawn == 23 - noc_stop
    assert game.noc_left == noc_stop
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW
    assert game.record[-1].act is Act.DRAW


def test_R11_noc_stop_1_final_card_cannot_be_eaten_or_chiu() -> None:
    game = make_game(["cc", "5n", "5n", "5s 5s 5s"], noc_end="5s 9n",
                     rules=LangRules(noc_stop=1))
    game.discard(0, Card.CC)
    while not game.is_over:
        draw_and_pass(game)
    assert game.record[-1].card is Card.S5 and game.noc_left == 1
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW


def test_R11_noc_stop_0_card_before_last_is_ordinary() -> None:
    game = make_game(["cc", "5n", "5n", "5s 5s 5s"], noc_end="5s 9n",
                     rules=LangRules(noc_stop=0))
    game.discard(0, Card.CC)
    while game.noc_left > 2:
        draw_and_pass(game)
    game.draw(game.actor)  # type: ignore[arg-type]
    assert game.pending_claims() == (Claim(3, Act.CHIU),)
    game.decline(3)
    assert game.phase is Phase.PLAY and game.actor == game.live.by  # type: ignore[union-attr]
    assert game.actor in (1, 2)  # both hold a 5n: the card may be eaten
    assert Act.EAT in {a.act for a in game.legal_actions()}


def test_R11_noc_stop_0_final_card_can_be_won_on() -> None:
    winner = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 8n 8s 9s"
    game = make_game(["cc", "9s 9s", "", winner], noc_end="9s", rules=LangRules(noc_stop=0))
    game.discard(0, Card.CC)
    while game.noc_left > 1:
        draw_and_pass(game)
    game.draw(game.actor)  # type: ignore[arg-type]
    assert game.noc_left == 0
    assert game.live is not None and game.live.final
    assert game.pending_claims() == (Claim(3, Act.WIN),)
    game.win(3)
    assert game.outcome is not None and game.outcome.winner == 3


def test_R11_noc_stop_with_unused_piles_noc() -> None:
    rules = LangRules(unused_piles="noc", noc_stop=1)
    game = Game(Deal.shuffled(2, players=3, rules=rules), rules)
    drawn = _play_out_drawing(game)
    assert drawn == 42 - 1 and game.noc_left == 1
