"""Hạ trùng (TOTOM T4.12, TD5): when a card that extends one of a player's mat runs at an end
comes to its cửa and it does not take the card, a copy held in the hand goes onto the run
before drawing or dưới; at any cửa under ``ha_trung_scope = any_cua``."""

from __future__ import annotations

from engine.actions import Act
from engine.events import Claim
from engine.totom.cards import Card
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from tests.totom.table import decline_to, game_of, moves_of, play, rules_of

# Seat 1 eats the cái's 5v into 4v 5v 6v, then the drawn cards go round to it: 7v last.
OPENING = ["0 discard 5v", "1 eat 4v 6v", "1 discard 2s", "2 draw", "2 pass", "3 draw", "3 pass",
           "4 draw", "4 pass", "0 draw", "0 pass"]


def seat1_run(held: str, last: str = "7v", rules: TomRules | None = None,
              automations: set[str] | None = None) -> TomGame:
    """Seat 1 with the mat run 4v 5v 6v and ``held`` in hand; ``last`` comes to its cửa."""
    return game_of({0: "5v", 1: f"4v 6v 2s {held}"}, noc=f"2n 8n 5s {last}", actions=OPENING,
                   rules=rules or TomRules(), automations=automations or set())


def test_t4_12_the_duty_is_there_when_the_card_extends_the_run_and_a_copy_is_held() -> None:
    game = seat1_run("7v")
    assert (game.entitled, game.live.card if game.live else None) == (1, Card.V7)
    assert "1 ha_trung 7v onto 0" in moves_of(game)
    assert rules_of(game.faults_of(game.legal_actions()[-1])) == ["TD5"]


def test_td5_drawing_without_ha_trung() -> None:
    game = seat1_run("7v")
    assert rules_of(play(game, "1 draw")) == ["TD5"]


def test_td5_not_after_ha_trung_the_copy_extends_the_run() -> None:
    game = seat1_run("7v")
    assert rules_of(play(game, "1 ha_trung 7v onto 0", "1 draw")) == []
    assert game.mats[1][0].cards == (Card.V4, Card.V5, Card.V6, Card.V7)


def test_td5_not_when_no_copy_is_held() -> None:
    game = seat1_run("9n")
    assert rules_of(play(game, "1 draw")) == []


def test_td5_not_when_the_card_does_not_touch_the_run() -> None:
    game = seat1_run("9v", last="9v")
    assert rules_of(play(game, "1 draw")) == []


def test_td5_not_when_the_card_is_eaten_onto_the_run() -> None:
    game = seat1_run("7v")
    play(game, "1 eat 7v onto 0")  # gá, the copy on it as quân trùng (H1)
    assert game.mats[1][0].trung == (Card.V7,)
    assert rules_of(game.violations) == []


def test_t4_12_own_cua_scope_asks_nothing_at_another_cua() -> None:
    game = game_of({0: "5v", 1: "4v 6v 2s 9s"}, noc="9s",
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 2s", "2 draw"])
    assert all(c.act is not Act.HA_TRUNG for c in game.pending_claims())


def test_t4_12_any_cua_scope_makes_it_a_claim_and_letting_it_pass_td5() -> None:
    rules = TomRules(ha_trung_scope="any_cua")
    game = game_of({0: "5v", 1: "4v 6v 2s 3v"}, noc="3v", rules=rules,
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 2s", "2 draw"])
    assert Claim(1, Act.HA_TRUNG) in game.pending_claims()
    decline_to(game, 1)
    assert moves_of(game) == ["1 ha_trung 3v onto 0", "1 decline"]
    play(game, "1 decline")
    assert rules_of(play(game, "2 pass")) == ["TD5"]  # at the event that closed the window


def test_t4_12_any_cua_ha_trung_taken_records_nothing() -> None:
    rules = TomRules(ha_trung_scope="any_cua")
    game = game_of({0: "5v", 1: "4v 6v 2s 3v"}, noc="3v", rules=rules,
                   actions=["0 discard 5v", "1 eat 4v 6v", "1 discard 2s", "2 draw"])
    decline_to(game, 1)
    play(game, "1 ha_trung 3v onto 0", "2 pass")
    assert rules_of(game.violations) == []
    assert game.mats[1][0].cards[0] == Card.V3


def test_t4_16_the_ha_trung_automation_lays_the_copy_before_the_draw() -> None:
    game = seat1_run("7v", automations={"ha_trung"})
    events = play(game, "1 draw")
    assert rules_of(events) == []
    assert str(game.record[-2]) == "1 ha_trung 7v onto 0"
    assert game.record[-1].act is Act.DRAW and game.record[-1].seat == 1


def test_td5_on_its_own_draw_before_dưới() -> None:
    # The card that extends the run is seat 1's own draw: the copy goes down before dưới.
    game = game_of({0: "5v", 1: "4v 6v 2s 7v"}, noc="2n 8n 5s 9n 7v", actions=[*OPENING, "1 draw"])
    assert game.live is not None and (game.live.card, game.live.by) == (Card.V7, 1)
    assert rules_of(play(game.copy(), "1 pass")) == ["TD5"]
    assert rules_of(play(game, "1 ha_trung 7v onto 0", "1 pass")) == []


def test_t4_12_a_mat_sp7_is_no_run_to_grow() -> None:
    # [decision, T5.2, Q6] a mat 1n 2n 3n lies as SP7 and takes nothing: 4n is not gá'd onto
    # it, and a 4n held is no hạ trùng owed.
    game = game_of({0: "2n", 1: "1n 3n 4n 9s"}, noc="2v 8s 5s 4n",
                   actions=["0 discard 2n", "1 eat 1n 3n", "1 discard 9s", "2 draw", "2 pass",
                            "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"])
    assert game.mats[1][0].cards == (Card.N1, Card.N2, Card.N3)
    assert game.live is not None and game.live.card == Card.N4 and game.entitled == 1
    assert not any("onto" in m or "ha_trung" in m for m in moves_of(game))
    assert rules_of(play(game, "1 draw")) == []
