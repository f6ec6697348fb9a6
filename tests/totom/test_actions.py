"""Tổ tôm's actions (TOTOM T4.15): their fields, text form and FORMATS event form round-trip,
and the ruleset behind the seat ("to_tom")."""

from __future__ import annotations

import json

import pytest

from engine.actions import Act
from engine.errors import BadAction
from engine.ruleset import ruleset_named
from engine.totom import TO_TOM
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.game import TomGame
from engine.totom.rules import DEFAULT_RULES
from engine.totom.session import TomSession

TEXTS = ["0 up_khan 5v", "0 up_thien_khai 9n", "0 bat_thuc 5v", "0 reveal 9n", "0 discard 9v",
         "1 draw", "1 draw 5s", "1 pass", "2 return 4s", "1 eat 3v 4v", "1 eat 7v onto 2",
         "1 eat onto 0", "1 eat", "3 phong", "3 day_khan", "3 day_khan 7v 8v",
         "1 ha_trung 5v onto 0", "2 win", "2 win phong", "2 win khong_phong",
         "2 call khan:9v bat_thuc:5v:an_ca thong tom:2 leo", "2 call", "2 decline"]


@pytest.mark.parametrize("text", TEXTS)
def test_t4_15_text_form_round_trips(text: str) -> None:
    action = TomAction.parse(text)
    assert str(action) == text
    assert eval(repr(action)) == action


@pytest.mark.parametrize("text", [t for t in TEXTS if not t.endswith("decline")])
def test_formats_event_form_round_trips(text: str) -> None:
    action = TomAction.parse(text)
    assert TomAction.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_formats_event_fields() -> None:
    assert TomAction.parse("0 up_khan 5v").to_json() == {"seat": 0, "act": "up_khan",
                                                         "kind": "5v"}
    assert TomAction.parse("1 eat 7v onto 2").to_json() == {"seat": 1, "act": "eat",
                                                            "with": ["7v"], "onto": 2}
    assert TomAction.parse("1 eat").to_json() == {"seat": 1, "act": "eat", "with": []}
    assert TomAction.parse("3 day_khan 7v 8v").to_json()["run"] == ["7v", "8v"]
    assert TomAction.parse("2 win khong_phong").to_json()["phong"] is False
    assert TomAction.parse("2 call khan:9v tom").to_json()["tokens"] == [["khan", "9v"],
                                                                       ["tom", 1]]


@pytest.mark.parametrize("text", ["0 chiu", "0 up_khan", "0 discard", "1 eat 3v onto x",
                                  "1 ha_trung 5v", "2 win maybe", "0 pass 5v", "x draw",
                                  "2 call chi", "1 day_khan 7v"])
def test_t4_15_malformed_text_is_refused_saying_why(text: str) -> None:
    with pytest.raises(BadAction):
        TomAction.parse(text)


@pytest.mark.parametrize("data", [{"seat": 0, "act": "decline"}, {"seat": 0, "act": "eat"},
                                  {"seat": 0, "act": "up_khan"},
                                  {"seat": 0, "act": "discard", "card": "9v", "x": 1},
                                  {"seat": 0, "act": "win", "phong": "yes"},
                                  {"seat": 0, "act": "call"}, {"seat": True, "act": "pass"},
                                  {"seat": 0, "act": "eat", "with": ["zz"]}, []])
def test_formats_malformed_events_are_refused(data: object) -> None:
    with pytest.raises(BadAction):
        TomAction.from_json(data)


def test_formats_the_ruleset_is_registered_as_to_tom() -> None:
    rs = ruleset_named("to_tom")
    assert rs is TO_TOM and rs.game_class is TomGame and rs.session_class is TomSession
    assert rs.default_rules == DEFAULT_RULES and len(rs.cards) == 30
    assert Act.PHONG in rs.acts and Act.CHIU not in rs.acts
    assert Act.PHONG not in ruleset_named("chan").acts
    assert rs.parse_card("ông cụ") == Card.OC
    assert rs.parse_cuoc_id("TC3") == "tom" and rs.parse_cuoc_id("thap_nhi_hong") == "thap_hong"
    assert rs.score([("thap_hong", 1), ("tom", 1), ("leo", 1)], DEFAULT_RULES) == 16
    assert rs.parse_action("3 phong") == TomAction(3, Act.PHONG)
    assert rs.read_action({"seat": 3, "act": "phong"}) == TomAction(3, Act.PHONG)
    assert rs.read_rules({"players": 4}).players == 4


def test_formats_a_chan_record_still_refuses_a_to_tom_act() -> None:
    chan = ruleset_named("chan")
    with pytest.raises(BadAction, match="one of discard, draw, eat, pass, chiu, return, win, "
                                        "call, decline"):
        chan.parse_action("1 phong")
