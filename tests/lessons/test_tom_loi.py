"""Tổ tôm's offence drills (lessons/tom_loi.py): each answer is what a TomGame replayed from the
item's deal and actions judges — the move's TN/TD, the verdict on the ù (T6.1), the call's cost
(T7.6) —; every offence the family lists is asked at least once over fixed seeds; the pool of
games on disk is what the pool's players play; the items survive progress.db."""

from __future__ import annotations

import contextlib
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from tom_checks import right_response, wrong_response

from engine.actions import Act
from engine.game import Mode
from engine.totom import REGISTRY, CallToken, Deal, TomAction, TomGame, TomRules
from lessons import tom_loi
from lessons.cli import main
from lessons.drills import generate, grade
from lessons.item import Item, LessonError
from lessons.progress import Progress

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def replayed(item: Item) -> tuple[TomGame, int]:
    """The item's game rebuilt here, not through lessons: deal, làng, every action."""
    pos = item.position
    rules = TomRules(players=pos["players"]).replace(**pos.get("rules", {}))
    deal = Deal.from_json(pos["deal"], rules)
    seat = int(pos["seat"])
    game = TomGame(deal, rules, Mode.REAL, seat if pos.get("thong") else None, automations=())
    for text in pos["events"]:
        game.apply(TomAction.parse(text))
    return game, seat


def called(item: Item, tokens: tuple[CallToken, ...] | None = None) -> TomGame:
    """The item's won game, called (the engine's right call when ``tokens`` is None)."""
    game, seat = replayed(item)
    game.apply(TomAction(seat, Act.CALL, tokens=game.true_tokens() if tokens is None
                         else tokens))
    return game


def items(kind: str, seeds: range, level: int, **options: object) -> list[Item]:
    """One item of the kind per seed."""
    return [it for seed in seeds
            for it in generate("tom_loi", 1, seed, kinds=[kind], level=level, **options)]


@pytest.mark.parametrize("level", tom_loi.LEVELS)
def test_a_moves_offences_are_what_the_game_records(level: int) -> None:
    for item in items("move", range(8), level):
        game, seat = replayed(item)
        move = next(a for a in game.legal_actions() if str(a) == item.position["move"])
        foreseen = {v.rule for v in game.faults_of(move)}
        before = len(game.hist[seat].faults)
        game.apply(move)
        recorded = {v.rule for v in game.hist[seat].faults[before:]}
        assert set(item.answer["rules"]) == foreseen | recorded, item.position["move"]
        assert item.answer["allowed"] is not item.answer["rules"]
        assert [e["rule"] for e in item.answer["explanations"]] == item.answer["rules"]
        for e in item.answer["explanations"]:
            assert e["vi"] and e["en"] and e["cost"] in ("unpaid", "cheo_do")


@pytest.mark.parametrize("level", tom_loi.LEVELS)
def test_a_verdict_is_the_settlement_of_the_rightly_called_u(level: int) -> None:
    seen = set()
    for item in items("verdict", range(8), level):
        settled = called(item).settlement
        assert settled is not None
        assert item.answer["verdict"] == settled.verdict.value
        assert [o[0] for o in item.answer["offences"]] == [v.rule for v in settled.offences]
        assert item.answer["decided"] == list(settled.rules)
        seen.add(settled.verdict.value)
    assert seen == {"paid", "unpaid", "cheo_do"}


@pytest.mark.parametrize("level", tom_loi.LEVELS)
def test_a_calls_cost_is_the_settlement_of_that_call(level: int) -> None:
    for item in items("call", range(8), level):
        tokens = tuple(CallToken.parse(t) for t in item.position["call"])
        game = called(item, tokens)
        settled = game.settlement
        assert settled is not None
        assert (item.answer["verdict"], item.answer["score"]) == \
            (settled.verdict.value, settled.score)
        assert set(item.answer["faults"]) == {v.rule for v in settled.offences}
        assert called(item).settlement.verdict.value == "paid"  # the seat's only fault: the call


@pytest.mark.parametrize("rule", tom_loi.MOVE_RULES)
def test_every_offence_of_a_move_is_asked(rule: str) -> None:
    assert rule in REGISTRY
    asked = [it for it in items("move", range(3), 3, focus=[rule]) if rule in it.answer["rules"]]
    assert asked and all(rule in it.rules for it in asked)


def test_every_fault_of_a_call_and_every_move_offence_turns_up_unasked() -> None:
    found = {r for level in tom_loi.LEVELS for it in items("call", range(20), level)
             for r in it.answer["faults"]}
    assert set(tom_loi.CALL_RULES) <= found
    moves = {r for level in tom_loi.LEVELS for it in items("move", range(30), level)
             for r in it.answer["rules"]}
    assert set(tom_loi.MOVE_RULES) <= moves, set(tom_loi.MOVE_RULES) - moves


def test_yeu_offence_turns_a_yeu_offence_into_an_unpaid_u() -> None:
    item = next(it for seed in range(60) for it in items("verdict", range(seed, seed + 1), 3)
                if it.position.get("rules") == {"yeu_offence": "unpaid"}
                and {o[0] for o in it.answer["offences"]} & {"TD9", "TD10"})
    offences = {o[0] for o in item.answer["offences"]}
    others = {r for r in offences if r.startswith("TD")} - {"TD9", "TD10"}
    expected = "cheo_do" if others else "unpaid"
    assert item.answer["verdict"] == expected
    pos = {**item.position, "rules": {}}
    assert tom_loi.solve_verdict(pos)["verdict"] == "cheo_do"


def test_the_answer_graded_right_and_wrong_with_its_rule_ids() -> None:
    for kind in tom_loi.KINDS:
        for item in items(kind, range(3), 2):
            right, wrong = grade(item, right_response(item)), grade(item, wrong_response(item))
            assert right.correct and not wrong.correct
            assert all(r in right.explanation_en for r in item.answer.get("rules", []))
            if kind == "call" and item.answer["verdict"] == "paid":
                off = {"verdict": "paid", "score": item.answer["score"] + 2}
                assert not grade(item, off).correct
                assert not grade(item, {"verdict": "paid"}).correct


def test_the_pool_on_disk_is_what_its_players_play() -> None:
    stored = tom_loi._stored()
    assert len(stored) == sum(tom_loi.POOL.values())
    for key in ((0, 5), (7, 5), (3, 4)):
        assert list(stored[key]) == tom_loi.play(*key)


def test_a_damaged_position_is_refused_in_words() -> None:
    item = items("move", range(1), 1)[0]
    for broken in ({**item.position, "events": ["0 eat 9v 9v"]},
                   {**item.position, "deal": {"hands": []}},
                   {**item.position, "move": "9 fly"},
                   {**item.position, "rules": {"yeu_offence": "sometimes"}},
                   {**item.position, "events": "all"}):
        with pytest.raises(LessonError) as e:
            tom_loi.solve("move", broken)
        assert e.value.args and e.value.vi  # type: ignore[attr-defined]


def test_drill_json_is_the_same_for_a_seed() -> None:
    def run() -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["drill", "tom_loi", "--game", "to_tom", "--json", "--count", "3",
                         "--seed", "5"]) == 0
        return out.getvalue()

    first = run()
    doc = json.loads(first)
    assert doc["family"] == "tom_loi" and doc["game"] == "to_tom" and len(doc["items"]) == 3
    assert run() == first


def test_progress_db_keeps_and_reads_back_the_items(tmp_path: Path) -> None:
    made = [it for kind in tom_loi.KINDS for it in items(kind, range(2), 1)]
    with Progress.open(tmp_path / "progress.db") as p:
        for n, item in enumerate(made):
            response = right_response(item) if n % 2 else wrong_response(item)
            p.record(item, grade(item, response), response, elapsed_ms=3000, now=T0)
        assert p.check() == []
        due = p.due(now=T0.replace(hour=23), game="to_tom", limit=100)
    back = {it.id: it for it in due}
    missed = [it for n, it in enumerate(made) if not n % 2]
    assert missed and all(back[it.id] == it for it in missed)
