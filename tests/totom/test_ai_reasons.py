"""The reasons of the Tổ tôm players come from the engine's facts (STYLE "Teaching as a
first-class output"): a discard that leaves the hand waiting names the engine's waits and
their live cards (T5.5); a duty names its rule (T4.1, T4.8, T4.10, T4.12); the call is said
as the engine says it (T7.5); both languages every time."""

from __future__ import annotations

from engine.actions import Act
from engine.totom.ai import make_player
from engine.totom.ai.reasons import card_en, card_vi
from engine.totom.ai.tracker import own_position, unseen_of
from engine.totom.call import say
from engine.totom.cards import Card
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.position import Position
from engine.totom.waits import waits
from tests.totom.table import game_of, play
from tests.totom.test_ha_trung import seat1_run

NORMAL = make_player("normal")


def test_a_discard_that_leaves_a_wait_names_the_engines_waits_and_live_cards() -> None:
    named = 0
    for seed in range(6):
        game = TomGame(Deal.shuffled(seed, cai_seat=seed % 5))
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            decision = NORMAL.choose(obs)
            a = decision.action
            if a.act in (Act.DISCARD, Act.RETURN) and a.card is not None and len(obs.legal) > 1:
                before = own_position(obs)
                hand = list(before.hand)
                hand.remove(a.card)
                after = Position(tuple(hand), before.mat, before.bat_thuc)
                ws = waits(after, obs.rules)
                if ws:
                    live = sum(unseen_of(obs)[w] for w in ws)
                    assert f"còn {live} quân sống" in decision.reason.vi
                    assert f"on {' '.join(card_en(w) for w in ws)}, {live} live" in \
                        decision.reason.en
                    assert all(card_vi(w) in decision.reason.vi for w in ws)
                    named += 1
            game.apply(a)
    assert named > 0


def test_duties_name_their_rule() -> None:
    lay = game_of({1: "5v 5v 5v"})
    assert "T4.1" in NORMAL.choose(lay.observation(1)).reason.vi
    khan = game_of({0: "5v", 2: "5v 5v 5v"})
    play(khan, "2 up_khan 5v", "0 discard 5v")
    reason = NORMAL.choose(khan.observation(2)).reason
    assert "T4.8" in reason.vi and "T4.8" in reason.en and "dậy khàn" in reason.vi
    yeu = game_of({0: "5v", 1: "2n"}, noc="oc")
    play(yeu, "0 discard 5v", "1 draw")
    reason = NORMAL.choose(yeu.observation(1)).reason
    assert "T4.10" in reason.vi and "ông cụ" in reason.vi and "oc" in reason.en
    trung = seat1_run("7v")
    decision = NORMAL.choose(trung.observation(1))
    if decision.action.act is Act.HA_TRUNG:
        assert "T4.12" in decision.reason.vi


def test_the_call_is_said_as_the_engine_says_it() -> None:
    for seed in range(40):
        game = TomGame(Deal.shuffled(seed, cai_seat=seed % 5))
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            decision = NORMAL.choose(game.observation(seat))
            if decision.action.act is Act.CALL:
                assert say(decision.action.tokens) in decision.reason.vi
                assert "T7.5" in decision.reason.en
                return
            game.apply(decision.action)
    raise AssertionError("no game was won")


def test_card_names() -> None:
    assert card_vi(Card.V9) == "cửu vạn" and card_vi(Card.OC) == "ông cụ"
    assert card_en(Card.V9) == "9v"
