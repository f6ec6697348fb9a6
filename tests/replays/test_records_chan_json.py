"""The .chan.json replay file (FORMATS.md): both deal forms, every event kind, sessions,
optional keys, and reading errors that name the game, the event and what is wrong."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from replay_games import CAREFUL, RANDOM, Policy, find, play, record_of, session_of

from engine.actions import Act, Action
from engine.chan.cards import DECK, Card, parse_cards
from engine.chan.cuoc_ids import CUOC_IDS
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.chan.session import ChanSession as Session
from engine.events import Declined, EndKind
from engine.game import Mode, Phase
from replays.analyzer import analyze_session
from replays.chanjson import FORMAT, VERSION, dumps, parse, read_file, to_json, write_file
from replays.errors import BadFile, BadRecord
from replays.files import MAX_BYTES
from replays.rebuild import replay_session
from replays.record import GameRecord, Player, SessionRecord


def doc_of(*games: Game, **extra: Any) -> dict[str, Any]:
    """The FORMATS document of a session of played games."""
    return {**to_json(session_of(record_of(g) for g in games)), **extra}


def problems(doc: object) -> list[tuple[int | None, int | None, str]]:
    """(game, event, English text) of every problem found reading ``doc`` and replaying it."""
    with pytest.raises(BadRecord) as info:
        replay_session(parse(doc))
    return [(p.game, p.event, p.en) for p in info.value.problems]


# ----------------------------------------------------------------------------- the document


def test_written_document_has_the_formats_keys_and_reads_back_equal(tmp_path: Path) -> None:
    games = [play(s) for s in (1, 2, 3)]
    record = session_of(record_of(g) for g in games)
    doc = to_json(record)
    assert doc["format"] == FORMAT == "chan-replay" and doc["version"] == VERSION == 1
    assert set(doc) == {"format", "version", "rules", "players", "games"}
    assert doc["rules"] == LangRules().to_json()
    assert doc["players"][1] == {"name": "Máy 1", "kind": "ai", "level": "normal"}
    assert {"deal", "events"} <= set(doc["games"][0])
    path = tmp_path / "s.chan.json"
    write_file(path, record)
    assert json.loads(path.read_text("utf-8")) == doc
    assert read_file(path) == record


def test_missing_rules_keys_take_their_defaults() -> None:
    doc = doc_of(play(1))
    doc["rules"] = {"ga": "hep"}
    assert parse(doc).rules == LangRules(ga="hep")
    del doc["rules"]
    assert parse(doc).rules == LangRules()


def test_unknown_rules_are_refused_with_the_place() -> None:
    doc = doc_of(play(1))
    doc["rules"] = {"ga": "sometimes"}
    [(game, event, text)] = problems(doc)
    assert (game, event) == (None, None) and "ga" in text


def test_unknown_keys_are_ignored_for_compatibility() -> None:
    doc = doc_of(play(1), comment="hand-made")
    doc["games"][0]["note"] = "a future optional key"
    assert parse(doc).games[0].deal == play(1).deal


def test_pretty_output_keeps_one_event_per_line() -> None:
    text = dumps(doc_of(play(4)))
    assert '{"seat": ' in text and text.count('"act"') == sum(
        1 for line in text.splitlines() if '"act"' in line)


# ----------------------------------------------------------------------------- deal forms


def test_both_deal_forms_give_the_same_deal_and_the_same_analysis() -> None:
    game = play(5)
    piles = doc_of(game)
    hands = copy.deepcopy(piles)
    hands["games"][0]["deal"] = game.deal.hands_json()
    assert "piles" in piles["games"][0]["deal"] and "hands" in hands["games"][0]["deal"]
    a, b = parse(piles), parse(hands)
    assert a.games[0].deal == b.games[0].deal == game.deal
    assert analyze_session(a) == analyze_session(b)
    assert to_json(b)["games"][0]["deal"] == game.deal.hands_json()  # written as it came
    assert to_json(a)["games"][0]["deal"] == game.deal.to_json()


@pytest.mark.parametrize("players", [2, 3])
def test_smaller_tables_round_trip_with_their_dead_piles(players: int) -> None:
    deal = Deal.shuffled(9, players=players)
    game = play(9, CAREFUL, Game(deal))
    record = SessionRecord(players=tuple(Player(f"P{i}") for i in range(players)),
                           games=(record_of(game),))
    doc = to_json(record)
    assert parse(doc) == record
    hands = copy.deepcopy(doc)
    hands["games"][0]["deal"] = deal.hands_json()
    assert len(hands["games"][0]["deal"]["dead"]) == 19 * (4 - players)
    assert analyze_session(parse(hands)) == analyze_session(record)


def test_a_hands_form_scenario_needs_no_players_list() -> None:
    game = play(6)
    doc = {"format": "chan-replay", "version": 1,
           "games": [{"deal": game.deal.hands_json(),
                      "events": [a.to_json() for a in game.record]}]}
    record = parse(doc)
    assert len(record.players) == 4
    assert replay_session(record).games[0].state_key() == game.state_key()


# ----------------------------------------------------------------------------- events


def _game_with(act: Act) -> Game:
    return find(lambda g: any(a.act is act for a in g.record))


@pytest.mark.parametrize("act", [Act.DISCARD, Act.DRAW, Act.EAT, Act.PASS, Act.CHIU,
                                 Act.RETURN, Act.WIN, Act.CALL])
def test_every_event_kind_reads_and_writes_as_formats_says(act: Act) -> None:
    game = _game_with(act)
    doc = doc_of(game)
    events = doc["games"][0]["events"]
    shown = [e for e in events if e["act"] == act.value]
    keys = {Act.DISCARD: {"seat", "act", "card"}, Act.DRAW: {"seat", "act", "card"},
            Act.EAT: {"seat", "act", "with"}, Act.PASS: {"seat", "act"},
            Act.CHIU: {"seat", "act"}, Act.RETURN: {"seat", "act", "card"},
            Act.WIN: {"seat", "act"}, Act.CALL: {"seat", "act", "cuoc"}}[act]
    assert shown and all(set(e) == keys for e in shown)
    assert "decline" not in {e["act"] for e in events}
    assert replay_session(parse(doc)).games[0].state_key() == game.state_key()


def test_a_draw_may_leave_out_its_card_and_a_wrong_card_is_named() -> None:
    game = play(7)
    doc = doc_of(game)
    events = doc["games"][0]["events"]
    first = next(i for i, e in enumerate(events) if e["act"] == "draw")
    bare = copy.deepcopy(doc)
    for e in bare["games"][0]["events"]:
        if e["act"] == "draw":
            del e["card"]
    assert analyze_session(parse(bare)) == analyze_session(parse(doc))
    wrong = copy.deepcopy(doc)
    top = wrong["games"][0]["events"][first]["card"]
    wrong["games"][0]["events"][first]["card"] = "cc" if top != "cc" else "2v"
    [(g, e, text)] = problems(wrong)
    assert (g, e) == (0, first) and "top of the nọc" in text


def test_cuoc_may_be_written_as_ids_or_c_numbers() -> None:
    game = find(lambda g: g.verdict is not None)
    doc = doc_of(game)
    call = doc["games"][0]["events"][-1]
    call["cuoc"] = [[f"C{CUOC_IDS.index(cid) + 1}", n] for cid, n in call["cuoc"]]
    assert analyze_session(parse(doc)) == analyze_session(session_of([record_of(game)]))


def test_a_decline_is_never_a_recorded_event() -> None:
    doc = doc_of(play(8))
    doc["games"][0]["events"].insert(1, {"seat": 2, "act": "decline"})
    [(g, e, text)] = problems(doc)
    assert (g, e) == (0, 1) and "never recorded" in text


def test_a_session_of_games_is_replayed_in_order_with_thong_carried() -> None:
    games = [play(s) for s in range(10, 16)]
    replay = replay_session(session_of(record_of(g) for g in games))
    session = Session()
    for played, rebuilt in zip(games, replay.games, strict=True):
        assert rebuilt.record == played.record and rebuilt.thong_seat == session.thong_seat
        session.record(rebuilt)
    assert replay.next_thong_seat == session.thong_seat


def test_a_record_that_stops_on_the_noc_stop_card_is_a_drawn_game() -> None:
    def declined_last(g: Game) -> bool:
        last = len(g.record) - 1
        return g.outcome is not None and g.outcome.kind is EndKind.DRAW and any(
            isinstance(e, Declined) and e.event == last for e in g.log)

    game = find(declined_last, Policy(win=0.2))
    rebuilt = replay_session(session_of([record_of(game)])).games[0]
    assert rebuilt.is_over and rebuilt.outcome == game.outcome
    assert rebuilt.state_key() == game.state_key()
    left = replay_session(session_of([record_of(game, unfinished=True)])).games[0]
    assert not left.is_over and left.phase is Phase.CLAIM  # the window is still open


def test_unfinished_and_mode_are_optional_keys_that_round_trip() -> None:
    game = play(11, stop=lambda g: len(g.record) >= 12)
    strict = GameRecord(game.deal, tuple(game.record), Mode.TEACHING, unfinished=True)
    doc = to_json(session_of([strict]))
    assert doc["games"][0]["mode"] == "teaching" and doc["games"][0]["unfinished"] is True
    assert parse(doc).games[0] == strict
    assert "mode" not in to_json(session_of([record_of(play(12))]))["games"][0]


# ----------------------------------------------------------------------------- bad input


def test_a_newer_format_version_is_refused_clearly() -> None:
    doc = doc_of(play(1))
    doc["version"] = 2
    with pytest.raises(BadRecord) as info:
        parse(doc)
    assert "newer version" in info.value.en and "mới hơn" in info.value.vi


@pytest.mark.parametrize("change", [{"format": "something-else"}, {"version": "1"},
                                    {"games": {"0": 1}}, {"players": [{"name": "A"}]}])
def test_a_malformed_session_is_refused(change: dict[str, Any]) -> None:
    with pytest.raises(BadRecord):
        parse(doc_of(play(1), **change))


def test_unknown_card_codes_are_named_with_their_place() -> None:
    doc = doc_of(play(1))
    doc["games"][0]["deal"]["piles"][2][5] = "10v"
    doc["games"][0]["events"][0]["card"] = "9x"
    found = problems(doc)
    assert [(g, e) for g, e, _ in found] == [(0, None), (0, 0)]
    assert "piles[2][5]" in found[0][2] and "'10v' is not a card" in found[0][2]
    assert "'9x'" in found[1][2]


@pytest.mark.parametrize(("where", "expect"), [("drop", "99 cards"), ("add", "101 cards"),
                                               ("twice", "×5")])
def test_a_deal_must_hold_the_hundred_cards_once(where: str, expect: str) -> None:
    game = play(2)
    doc = doc_of(game)
    deal = game.deal.hands_json()
    doc["games"][0]["deal"] = deal
    if where == "drop":
        deal["noc"].pop()
    elif where == "add":
        deal["noc"].append(deal["noc"][0])
    else:  # one card listed twice in place of another
        deal["noc"][1] = deal["noc"][0] if deal["noc"][1] != deal["noc"][0] else deal["noc"][2]
    [(g, e, text)] = problems(doc)
    assert (g, e) == (0, None) and expect in text


def test_every_problem_of_a_file_is_collected() -> None:
    doc = doc_of(play(1), play(2), play(3))
    doc["games"][0]["events"][3]["seat"] = "one"
    doc["games"][2]["events"].append({"seat": 0, "act": "fly"})
    found = problems(doc)
    assert [(g, e) for g, e, _ in found] == [(0, 3), (2, len(doc["games"][2]["events"]) - 1)]


def test_read_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.chan.json"
    doc = doc_of(play(1))
    doc["games"][0]["events"][0] = {"seat": 9, "act": "discard"}
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(BadRecord) as info:
        read_file(path)
    assert str(path) in info.value.en and "game 0, event 0" in info.value.en
    assert "ván 0, nước 0" in info.value.vi


def test_files_over_20_mb_are_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.chan.json"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    with pytest.raises(BadFile) as info:
        read_file(path)
    # issue 13: a file over 20 MB is read game by game, with a limit per value (what the
    # program writes it must read): one that is not a replay is refused within that limit
    assert "MB" in info.value.en and "MB" in info.value.vi


def test_impossible_events_are_rejected_with_the_game_and_event() -> None:
    game = play(3)
    doc = doc_of(game, game)
    events = doc["games"][1]["events"]
    i = next(k for k, e in enumerate(events) if e["act"] == "discard" and k > 2)
    before = Game.replay(game.deal, game.record[:i])
    held = {str(c) for c in before.hand_cards(events[i]["seat"])}
    events[i]["card"] = next(c for c in ("cc", "9v", "2n", "5s", "7n") if c not in held)
    [(g, e, text)] = problems(doc)
    assert (g, e) == (1, i) and "is not in this seat's hand" in text


def _chiu_u_deal() -> Deal:
    """Seat 1 holds three 5s and eight chắn; seat 0, the cái recipient, holds the fourth."""
    chiu = list(parse_cards("5s 5s 5s 2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8n 8n 9n 9n 2n 2n"))
    rest = list(DECK)
    for c in chiu:
        rest.remove(c)
    rest.remove(Card.S5)
    return Deal.from_hands([[Card.S5, *rest[:19]], chiu, rest[19:38], rest[38:57]], rest[57:])


def test_a_chiu_u_is_recorded_as_win_not_chiu() -> None:
    game = Game(_chiu_u_deal())
    game.apply(Action(0, Act.DISCARD, Card.S5))
    game.apply(Action(1, Act.WIN))
    game.apply(game.legal_actions()[0])  # the true call
    doc = doc_of(game)
    assert [e["act"] for e in doc["games"][0]["events"]] == ["discard", "win", "call"]
    [result] = [d["result"] for d in analyze_session(parse(doc))]
    assert result["kind"] == "win" and result["winning_card"] == "5s"
    assert ["chiu_u", 1] in result["cuoc"] and result["payout"] == "normal"
    chiu = copy.deepcopy(doc)
    chiu["games"][0]["events"][1:] = [{"seat": 1, "act": "chiu"}]
    record = parse(chiu)
    rebuilt = replay_session(record).games[0]
    assert rebuilt.phase is Phase.RETURN  # a chíu, which must now trả cửa


def test_no_event_may_follow_the_end_of_a_game() -> None:
    game = find(lambda g: g.verdict is not None)
    doc = doc_of(game)
    doc["games"][0]["events"].append({"seat": 0, "act": "draw"})
    [(g, e, text)] = problems(doc)
    assert (g, e) == (0, len(game.record)) and "the game is over" in text


def test_seeded_mutations_are_either_read_or_refused_never_a_crash() -> None:
    rng = random.Random(4)
    base = [doc_of(play(s, RANDOM)) for s in range(4)]
    junk: list[object] = [None, -1, 7, "x", "cc", [], {}, True, 1.5, "decline", "return"]
    for _ in range(300):
        doc = copy.deepcopy(rng.choice(base))
        events = doc["games"][0]["events"]
        for _ in range(rng.randint(1, 3)):
            event = rng.choice(events)
            event[rng.choice(["seat", "act", "card", "with"])] = rng.choice(junk)
        try:
            analyze_session(parse(doc))
        except BadRecord as e:
            assert e.problems and all(p.game == 0 for p in e.problems)
