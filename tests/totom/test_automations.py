"""The automations of TOTOM T4.16 as switches (STYLE.md): laying khàn and thiên khai face down,
showing thiên khai, the copies of a taken card with an eat (H1), hạ trùng and dậy khàn; on in
teaching and strict modes, off in real mode; each step an ordinary recorded action, so a
record replays with every switch off. (lay and reveal: test_opening.py; hạ trùng:
test_ha_trung.py.)"""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.chan.deal import Deal as ChanDeal
from engine.chan.game import ChanGame
from engine.game import Mode
from engine.totom.cards import Card
from engine.totom.game import AUTOMATIONS, TomGame, default_automations
from tests.totom.table import deal_of, game_of, play, rules_of


def test_t4_16_on_in_teaching_and_strict_off_in_real() -> None:
    assert default_automations(Mode.TEACHING) == default_automations(Mode.STRICT) == AUTOMATIONS
    assert default_automations(Mode.REAL) == frozenset()
    assert {"lay", "reveal", "copies", "ha_trung", "day_khan"} == AUTOMATIONS
    assert TomGame(deal_of({}), mode=Mode.TEACHING).automations == AUTOMATIONS


def test_t4_16_chan_has_no_automation() -> None:
    game = ChanGame(ChanDeal.shuffled(1))
    assert game.automations == frozenset() and frozenset() == ChanGame.AUTOMATIONS


def test_t4_16_an_unknown_automation_is_refused() -> None:
    with pytest.raises(ValueError, match="auto_deal"):
        TomGame(deal_of({}), automations={"auto_deal"})


def test_t4_16_copies_go_down_with_an_eat() -> None:
    game = game_of({0: "5v", 1: "4v 6v 5v"}, actions=["0 discard 5v"], automations={"copies"})
    assert rules_of(play(game, "1 eat 4v 6v")) == []
    assert str(game.record[-1]) == "1 eat 4v 6v 5v"
    assert game.mats[1][0].trung == (Card.V5,)


def test_t4_16_copies_off_keeps_the_eat_as_said() -> None:
    game = game_of({0: "5v", 1: "4v 6v 5v"}, actions=["0 discard 5v"])
    assert rules_of(play(game, "1 eat 4v 6v")) == ["TN2"]
    assert str(game.record[-1]) == "1 eat 4v 6v"


def test_t4_16_day_khan_is_taken_when_its_claim_comes() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s 3n"}, actions=["2 up_khan 6s"],
                   automations={"day_khan"})
    play(game, "0 discard 6s")
    assert game.record[-1].act is Act.DAY_KHAN and game.actor == 2
    assert game.mats[2][0].cards == (Card.S6,) * 4


def test_t4_16_a_record_made_with_automations_replays_with_them_off() -> None:
    deal = deal_of({0: "5v 9n 9n 9n 9n", 1: "4v 6v 5v", 3: "2s 2s 2s"})
    live = TomGame(deal, mode=Mode.TEACHING)
    play(live, "0 discard 5v", "1 eat 4v 6v")
    assert [a.act for a in live.record][:4] == [Act.UP_THIEN_KHAI, Act.UP_KHAN, Act.REVEAL,
                                                Act.DISCARD]
    again = TomGame.replay(deal, live.record, mode=Mode.TEACHING)
    assert again.state_key() == live.state_key() and again.log == live.log
    assert again.automations == AUTOMATIONS
