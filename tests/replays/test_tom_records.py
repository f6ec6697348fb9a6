"""Tổ tôm records (FORMATS "Tổ tôm records"): the envelope's ``game``, TomRules with defaults,
both deal forms and every event of T4.15 read and written back exactly, large files game by
game, and a bad record refused with its game, its event and the cause."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Act
from engine.totom import DEFAULT_RULES, Deal, TomRules
from replays.analyzer import analyze_session
from replays.chanjson import dumps, parse, read_file, to_json
from replays.chanjson_large import read_large
from replays.errors import BadRecord
from replays.rebuild import replay_session
from replays.record import GameRecord, SessionRecord, default_players
from replays.tom_selfplay import play_session
from tests.replays import tom_games as T
from tests.totom.table import deal_of

Doc = dict[str, Any]


def written(record: SessionRecord) -> Doc:
    """The record as a file holds it, read back as JSON."""
    doc: Doc = json.loads(dumps(to_json(record)))
    return doc


def problems(doc: Doc) -> list[str]:
    """Where and why a document is refused ("game 0, event 2: ...")."""
    with pytest.raises(BadRecord) as e:
        record = parse(doc)
        replay_session(record)
    return e.value.en.splitlines()


# ------------------------------------------------------------------------------ round trips

def test_a_tom_record_says_its_game_and_reads_back_equal() -> None:
    record = T.example_1()
    doc = written(record)
    assert doc["game"] == "to_tom" and list(doc)[:4] == ["format", "version", "game", "rules"]
    back = parse(doc)
    assert back == record and back.game == "to_tom"
    assert written(back) == doc


def test_a_chan_record_has_no_game_key_and_game_chan_reads_as_chan() -> None:
    record = SessionRecord()
    doc = written(record)
    assert "game" not in doc  # FORMATS: absent is Chắn, so every Chắn file stays as it was
    assert parse({**doc, "game": "chan"}) == parse(doc) == record


def test_every_event_of_t4_15_round_trips_and_replays() -> None:
    acts: set[Act] = set()
    fields: set[str] = set()
    for record in T.every_event():
        doc = written(record)
        back = parse(doc)
        assert back == record and written(back) == doc
        game = replay_session(back).games[0]
        assert [str(a) for a in game.record] == [str(a) for a in record.games[0].actions]
        for ev in doc["games"][0]["events"]:
            acts.add(Act(ev["act"]))
            fields |= {f"{ev['act']}.{k}" for k in ev if k not in ("seat", "act")}
    assert acts == {Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.REVEAL, Act.BAT_THUC, Act.DISCARD,
                    Act.DRAW, Act.EAT, Act.PASS, Act.PHONG, Act.DAY_KHAN, Act.RETURN,
                    Act.HA_TRUNG, Act.WIN, Act.CALL}
    assert {"eat.with", "eat.onto", "day_khan.run", "ha_trung.card", "ha_trung.onto",
            "win.phong", "call.tokens", "up_khan.kind", "up_thien_khai.kind", "reveal.kind",
            "bat_thuc.kind", "draw.card", "return.card", "discard.card"} <= fields
    tokens = {t[0] for r in T.every_event() for ev in written(r)["games"][0]["events"]
              for t in ev.get("tokens", [])}
    assert {"khan", "bat_thuc", "tom", "suong"} <= tokens
    assert any(ev == {"seat": 1, "act": "eat", "with": []} for r in T.every_event()
               for ev in written(r)["games"][0]["events"])  # a yêu eaten alone


def test_a_draw_without_its_card_is_the_same_game() -> None:
    record = T.with_declined_eat()
    doc = written(record)
    events = doc["games"][0]["events"]
    draw = next(i for i, ev in enumerate(events) if ev["act"] == "draw")
    events[draw] = {"seat": events[draw]["seat"], "act": "draw"}
    game = replay_session(parse(doc)).games[0]
    assert [str(a) for a in game.record] == [str(a) for a in record.games[0].actions]


def test_the_piles_form_round_trips_and_names_cho_cai() -> None:
    games, _ = play_session(("random",) * 5, 2, seed=11)
    record = SessionRecord(rules=games[0].rules, players=default_players(5),
                           games=tuple(GameRecord(g.deal, tuple(g.record)) for g in games))
    doc = written(record)
    deal = doc["games"][0]["deal"]
    assert set(deal) == {"piles", "cai_seat", "noc_pile", "a_index", "khe", "b"}
    assert len(deal["piles"]) == 6 and all(len(p) == 20 for p in deal["piles"])
    back = parse(doc)
    assert back == record and written(back) == doc
    setup = analyze_session(back)[0]["setup"]
    cai = setup["cai_seat"]
    assert setup["a"] == deal["piles"][deal["noc_pile"]][deal["a_index"]]
    assert setup["b"] == deal["piles"][deal["b"][0]][deal["b"][1]]
    pile = deal["piles"][setup["cai_pile"]]  # T2.5.5: the cái took that pile, and A on it
    assert sorted([*pile, setup["a"]]) == sorted(setup["hands"][cai])
    assert len(setup["noc"]) == 19


def test_four_players_twenty_four_cards_each() -> None:
    rules = TomRules(players=4)
    deal = Deal.shuffled(7, rules, cai_seat=2)
    record = SessionRecord(rules=rules, players=default_players(4), games=(GameRecord(deal),))
    doc = written(record)
    assert doc["rules"]["players"] == 4 and len(doc["games"][0]["deal"]["piles"]) == 5
    assert parse(doc) == record


def test_missing_rules_take_their_defaults() -> None:
    doc = written(T.with_offence())
    doc["rules"] = {"players": 5}
    assert parse(doc).rules == DEFAULT_RULES
    del doc["rules"]
    assert parse(doc).rules == DEFAULT_RULES


def test_pool_and_debts_carried_into_a_record_round_trip(tmp_path: Path) -> None:
    record = T.record_of(T.example_4(call="thap_hong tom leo"))
    from replays.record import Carried
    carried = SessionRecord(rules=record.rules, players=record.players, games=record.games,
                            game="to_tom", carried=Carried(10.0, (0, 1, 0, 0, 0)))
    doc = written(carried)
    assert (doc["pool"], doc["debts"]) == (10, [0, 1, 0, 0, 0])
    back = parse(doc)
    assert back.carried == Carried(10.0, (0, 1, 0, 0, 0))
    r = analyze_session(back)[0]["result"]
    # T6.6: a paid ù by a seat that owes repays its debt instead of drawing from the pool
    assert (r["verdict"], r["pool"], r["debts"]) == ("tra_do", {"before": 10, "after": 10},
                                                     [0, 0, 0, 0, 0])


def test_a_large_file_is_read_game_by_game_as_the_whole_file_reader_reads_it(
        tmp_path: Path) -> None:
    games, _ = play_session(("random",) * 5, 3, seed=5)
    record = SessionRecord(rules=games[0].rules, players=default_players(5),
                           games=tuple(GameRecord(g.deal, tuple(g.record)) for g in games),
                           game="to_tom")
    path = T.saved(tmp_path / "hoi.chan.json", record)
    assert read_large(path) == read_file(path) == record


# ------------------------------------------------------------------------------ refused

def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    [line] = problems({**written(T.with_offence()), "game": "poker"})
    assert "'game' must be one of 'chan', 'to_tom'" in line and "'poker'" in line


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d["rules"].update(pool_size=3), "unknown làng option(s): pool_size"),
    (lambda d: d["rules"].update(players=6), "'players' must be 4 or 5"),
    (lambda d: d.update(players=d["players"][:4]), "'players' must list 5 players"),
    (lambda d: d["games"][0]["deal"]["hands"][0].pop(), "game 0, deal"),
    (lambda d: d["games"][0]["deal"]["hands"][0].__setitem__(0, "0v"), "game 0, deal"),
    (lambda d: d["games"][0]["events"][0].update(card="zz"), "game 0, event 0"),
    (lambda d: d["games"][0]["events"][0].update(act="chiu"), "unknown act 'chiu'"),
    (lambda d: d["games"][0]["events"][0].update(onto=-1), "game 0, event 0"),
    (lambda d: d.update(pool=-3, debts=[0] * 5), "'pool' must be the points left"),
    (lambda d: d.update(pool=3, debts=[0, 1]), "'debts' must list the ù each of the 5"),
])
def test_a_bad_record_is_refused_with_its_place_and_cause(change: Any, said: str) -> None:
    doc = written(T.with_offence())
    change(doc)
    assert any(said in line for line in problems(doc)), problems(doc)


def test_an_impossible_event_names_its_game_event_and_seat() -> None:
    doc = written(T.with_declined_eat())
    doc["games"][0]["events"][1] = {"seat": 3, "act": "draw"}  # not seat 3's turn
    [line] = problems(doc)
    assert line.startswith("game 0, event 1: seat 3: 3 draw:")


def test_a_hostile_call_token_is_refused_not_judged() -> None:
    doc = written(T.example_1())
    call = doc["games"][0]["events"][-1]
    for tokens in ([["tom", 10**12]], [["khan"]], [[["tom"]]], "tom", [["TC99", 1]]):
        call["tokens"] = tokens
        [line] = problems(doc)
        assert line.startswith(f"game 0, event {len(doc['games'][0]['events']) - 1}:")


def test_after_a_finished_game_the_cai_is_its_winner_t2_4() -> None:
    first = T.example_1()  # won by seat 1
    second = GameRecord(deal_of({}, cai=0))  # dealt to seat 0 instead
    doc = written(SessionRecord(rules=first.rules, players=first.players,
                                games=(*first.games, second), game="to_tom"))
    [line] = problems(doc)
    assert line.startswith("game 1, deal: the cái of this game is seat 1")
    doc["games"][1]["deal"] = written(SessionRecord(
        rules=first.rules, players=first.players, games=(GameRecord(deal_of({}, cai=1)),),
        game="to_tom"))["games"][0]["deal"]
    assert len(replay_session(parse(doc)).games) == 2


def test_a_game_after_the_hoi_has_ended_is_refused_t8_3() -> None:
    rules = TomRules(hoi_points=5)  # one paid ù empties the pool (T8.2 cap)
    first = T.example_4_record("thap_hong tom leo", thong=False, rules=rules)
    assert analyze_session(first)[0]["result"]["pool"] == {"before": 5, "after": 0}
    second = GameRecord(deal_of({}, cai=1, rules=rules))
    doc = written(SessionRecord(rules=rules, players=first.players,
                                games=(*first.games, second), game="to_tom"))
    [line] = problems(doc)
    assert line.startswith("game 1, deal: the hội has ended (T8.3)")
