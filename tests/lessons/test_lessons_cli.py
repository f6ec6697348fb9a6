"""``chan-tutor drill FAMILY --count N --seed S --json`` (FORMATS.md): items with positions,
questions and the engine's answers; bad input refused in both languages with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lesson_checks import check

from engine.chan.cards import Card
from engine.chan.deal import cai_recipient
from lessons.cli import DRILL, FAMILY_NAMES, add_drill_command, main, run_drill
from lessons.drills import FAMILIES
from lessons.item import Item
from replays.cli import Parser, add_commands

ROOT = Path(__file__).resolve().parents[2]


def drill(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["drill", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_family_names_are_the_families() -> None:
    assert set(FAMILY_NAMES) == set(FAMILIES)


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_json_items_carry_position_question_and_engine_answer(
        capsys: pytest.CaptureFixture[str], family: str) -> None:
    code, out, err = drill(capsys, family, "--count", "3", "--seed", "12", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["family"], doc["count"], doc["seed"]) == (family, 3, 12)
    assert len(doc["items"]) == 3
    for it in doc["items"]:
        assert {"id", "family", "kind", "question", "position", "answer"} <= set(it)
        assert it["question"]["vi"] and it["question"]["en"]
        check(Item.from_json(it))
    assert drill(capsys, family, "--count", "3", "--seed", "12", "--json")[1] == out


def test_boc_cai_items(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(drill(capsys, "boc_cai", "--count", "20", "--seed", "1", "--json")[1])
    for it in doc["items"]:
        assert it["answer"] == cai_recipient(it["picker"], Card.parse(it["card"]),
                                             it["players"])
        assert 2 <= it["players"] <= 4


def test_nhan_dien_items(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(drill(capsys, "nhan_dien", "--count", "4", "--seed", "2", "--kind",
                           "arrange", "--json")[1])
    for it in doc["items"]:
        assert len(it["hand"]) in (19, 20)
        ans = it["answer"]
        cards = [c for key in ("chan", "ca", "ba_dau") for g in ans[key] for c in g]
        assert sorted(cards + ans["que"]) == sorted(it["hand"])
        assert all(isinstance(c, str) for c in ans["que"])


def test_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = drill(capsys, "loi", "--count", "2", "--seed", "3")
    assert code == 0
    assert out.startswith("#1 loi/") and "answer:" in out and "events" in out


@pytest.mark.parametrize("argv", [["poker"], ["boc_cai", "--count", "0"],
                                  ["boc_cai", "--count", "many"], ["boc_cai", "--count", "501"],
                                  ["boc_cai", "--seed", "x"], ["boc_cai", "--players", "5"],
                                  ["loi", "--kind", "nonsense"]])
def test_bad_input_exits_2_in_both_languages(capsys: pytest.CaptureFixture[str],
                                             argv: list[str]) -> None:
    code, out, err = drill(capsys, *argv)
    assert code == 2 and out == ""
    en, vi = err.strip().splitlines()
    assert en.startswith("chan-tutor drill: ") and vi.startswith("chan-tutor drill: ")
    assert en != vi


def test_registered_beside_the_record_verbs() -> None:
    # what desktop/__main__.py does: the record verbs, then the drill verb on the same set
    parser = Parser(prog="chan-tutor")
    add_drill_command(add_commands(parser))
    args = parser.parse_args(["drill", "xuong", "--count", "1", "--json"])
    assert args.command == DRILL
    assert run_drill(args) == 0
    assert parser.parse_args(["analyze", "x.chan.json"]).command == "analyze"


def test_module_runs_as_a_program() -> None:
    result = subprocess.run([sys.executable, "-m", "lessons.cli", "drill", "boc_cai",
                             "--count", "2", "--seed", "5", "--json"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["items"]) == 2
