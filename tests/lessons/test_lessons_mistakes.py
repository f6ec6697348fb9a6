"""The "practice my mistakes" deck from a recorded game of a careless learner: one item per
annotated decision, the exact position asked again, with the engine agreeing it was a mistake."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lesson_checks import check
from lesson_games import LEARNER, find_learner_seed, learner_game, record_learner_game

from lessons.drills import grade
from lessons.mistakes import MISTAKE_KINDS, build_deck, game_mistakes, refresh
from lessons.progress import Progress


@cache
def seed() -> int:
    return find_learner_seed()


def test_deck_of_a_recorded_game(tmp_path: Path) -> None:
    store, gid, doc = record_learner_game(tmp_path / "replays.db", seed())
    with store:
        deck = build_deck(store)
        mine = [a for a in doc["annotations"] if a["seat"] == LEARNER
                and a["kind"] in MISTAKE_KINDS]
        kinds = {a["kind"] for a in mine}
        assert "violation" in kinds and kinds & {"missed_u", "missed_chiu"}
        assert kinds & {"call_wrong", "call_missing", "call_order", "bach_thu_not_called"}
        decisions = {(a["event"], "call" if a["kind"].startswith(("call", "bach")) else
                      "claim" if a["kind"].startswith("missed") else "move") for a in mine}
        assert len(deck) == len(decisions)
        game = store.resume(gid)
        for item in deck:
            check(item)  # valid position, the engine's own answer
            src = item.source
            assert src["game_id"] == gid and src["seat"] == LEARNER
            anns = [a for a in mine if a["event"] == src["event"]
                    and a["kind"] in src["annotations"]]
            assert anns
            if item.kind == "move":  # the move the learner made, and the lỗi it broke
                assert item.position["move"] == str(game.record[src["event"]])
                assert {a["rule"] for a in anns if "rule" in a} <= set(item.answer["verdict"])
                assert not grade(item, {"rules": []}).correct
            elif item.kind == "claim":
                want = "win" if "missed_u" in src["annotations"] else "chiu"
                assert item.answer["best"] == want
                assert not grade(item, {"act": "none"}).correct
            else:
                learner_call = game.record[src["event"]].cuoc
                assert not grade(item, {"call": [list(c) for c in learner_call]}).correct
                assert grade(item, item.answer["call"]).correct


def test_deck_is_added_once_and_scheduled_like_the_rest(tmp_path: Path) -> None:
    store, _, _ = record_learner_game(tmp_path / "replays.db", seed())
    with store, Progress.open(tmp_path / "progress.db") as p:
        n = refresh(p, store)
        assert n == len(build_deck(store)) > 0
        assert refresh(p, store) == 0  # the same positions are the same items
        due = p.due(deck="mistakes", limit=100)
        assert len(due) == n and all(i.source for i in due)
        item = due[0]
        p.record(item, grade(item, item.answer if item.kind != "claim"
                             else {"act": item.answer["best"] or "none"}),
                 deck="mistakes")
        assert len(p.due(deck="mistakes", limit=100)) == n - 1


def test_only_the_learner_seats_are_asked() -> None:
    game = learner_game(seed())
    anns = [{"event": v.event, "seat": v.seat, "kind": "violation", "rule": v.rule}
            for v in game.violations]
    others = [a for a in anns if a["seat"] != LEARNER]
    assert all(i.source["seat"] == LEARNER for i in game_mistakes(game, anns, [LEARNER]))
    assert game_mistakes(game, others, [LEARNER]) == []


def test_a_thien_u_let_pass_is_asked_before_the_first_discard() -> None:
    from collections import Counter

    from engine.actions import Act, Action
    from engine.chan.cards import DECK, Card
    from engine.chan.deal import Deal
    from engine.chan.game import ChanGame as Game
    from replays.analyzer import game_annotations

    ten_chan = [Card(k) for k in (0, 3, 6, 9, 12, 15, 19, 22, 1, 4) for _ in range(2)]
    rest = list((Counter(DECK) - Counter(ten_chan)).elements())
    hands = [ten_chan, rest[:19], rest[19:38], rest[38:57]]
    game = Game(Deal.from_hands(hands, rest[57:]))
    assert Action(0, Act.WIN) in game.legal_actions()
    game.apply(Action(0, Act.DISCARD, ten_chan[0]))  # the learner discards instead
    anns = game_annotations(game, [])
    assert [a["kind"] for a in anns if a["seat"] == 0] == ["missed_u"]
    [item] = game_mistakes(game, anns, [0])
    check(item)
    assert item.kind == "claim" and item.position["events"] == []
    assert item.answer["best"] == "win" and item.answer["thien_u"]
    assert "thiên ù" in item.question.vi
    g = grade(item, {"act": "none"})
    assert not g.correct and "nghỉ ăn tiền" in g.explanation_vi
    assert grade(item, {"act": "win"}).correct
