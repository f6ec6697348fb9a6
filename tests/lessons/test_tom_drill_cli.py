"""``chan-tutor drill FAMILY --game to_tom`` (FORMATS.md "Command line"): the Tổ tôm families on
the command line, their output for fixed seeds, and the options that must not be confused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.make_tom_drills import OUT, RUNS, run

from lessons.cli import FAMILY_NAMES, TOM_FAMILY_NAMES, add_drill_command, main, run_drill
from lessons.drills import GAMES, TOM_FAMILIES
from lessons.item import Item
from replays.cli import Parser, add_commands

ROOT = Path(__file__).resolve().parents[2]


def drill(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["drill", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_cli_names_are_the_registered_families() -> None:
    assert set(TOM_FAMILY_NAMES) == set(TOM_FAMILIES) == set(GAMES["to_tom"])
    assert set(FAMILY_NAMES) == set(GAMES["chan"]) and not set(FAMILY_NAMES) & set(TOM_FAMILIES)


@pytest.mark.parametrize(("family", "extra"), RUNS)
def test_output_for_fixed_seeds_is_unchanged(family: str, extra: list[str]) -> None:
    expected = json.loads(OUT.read_text(encoding="utf-8"))[" ".join([family, *extra])]
    doc = json.loads(run(family, extra))
    assert doc == expected
    assert (doc["family"], doc["game"]) == (family, "to_tom")
    for it in doc["items"]:
        assert Item.from_json(it).id == it["id"]


@pytest.mark.parametrize("family", TOM_FAMILY_NAMES)
def test_plain_text_output(capsys: pytest.CaptureFixture[str], family: str) -> None:
    code, out, err = drill(capsys, family, "--game", "to_tom", "--count", "2", "--seed", "1")
    assert code == 0, err
    assert out.startswith(f"#1 {family}/") and "answer:" in out and "#2 " in out


def test_a_chan_document_is_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = drill(capsys, "boc_cai", "--count", "1", "--seed", "1", "--json")
    assert code == 0 and list(json.loads(out)) == ["family", "count", "seed", "items"]
    assert drill(capsys, "boc_cai", "--game", "chan", "--count", "1", "--seed", "1",
                 "--json")[1] == out


@pytest.mark.parametrize(("argv", "says"), [
    (["tom_tho"], "add --game to_tom"),  # the default game is chan
    (["boc_cai", "--game", "to_tom"], "add --game chan"),
    (["tom_phu", "--game", "to_tom", "--players", "3"], "5 or 4 players (T2.1)"),
    (["tom_phu", "--game", "to_tom", "--level", "4"], "no level 4"),
    (["tom_phu", "--game", "to_tom", "--level", "easy"], "--level must be a whole number"),
    (["boc_cai", "--level", "1"], "no level 1"),
    (["tom_cuoc", "--game", "to_tom", "--kind", "arrange"], "no drill kind arrange"),
    (["poker", "--game", "to_tom"], "unknown drill family 'poker'"),
])
def test_bad_input_exits_2_in_both_languages(capsys: pytest.CaptureFixture[str],
                                             argv: list[str], says: str) -> None:
    code, out, err = drill(capsys, *argv)
    assert code == 2 and out == ""
    en, vi = err.strip().splitlines()
    assert says in en and en.startswith("chan-tutor drill: ")
    assert vi.startswith("chan-tutor drill: ")
    assert en != vi


@pytest.mark.parametrize("argv", [["tom_tho", "--games", "to_tom"], ["tom_tho", "--gam", "to_tom"],
                                  ["tom_tho", "--game", "tom"], ["tom_tho", "--game"],
                                  ["tom_tho", "--lev", "1", "--game", "to_tom"]])
def test_game_is_never_abbreviated_nor_guessed(capsys: pytest.CaptureFixture[str],
                                               argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["drill", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "lỗi:" in err


def test_registered_beside_the_record_verbs_without_abbreviations() -> None:
    # what desktop/__main__.py does: the record verbs, then the drill verb on the same set
    parser = Parser(prog="chan-tutor")
    sub = add_commands(parser)
    add_drill_command(sub)
    drill_parser = sub.choices["drill"]
    assert parser.allow_abbrev is False and drill_parser.allow_abbrev is False
    assert sub.choices["selfplay"].allow_abbrev is False
    args = parser.parse_args(["drill", "tom_cho_cai", "--game", "to_tom", "--count", "1"])
    assert args.game == "to_tom" and run_drill(args) == 0
    assert parser.parse_args(["drill", "boc_cai"]).game == "chan"
    with pytest.raises(SystemExit):
        parser.parse_args(["selfplay", "--game", "3"])  # --game is never read as --games


def test_module_runs_as_a_program() -> None:
    result = subprocess.run([sys.executable, "-m", "lessons.cli", "drill", "tom_quan", "--game",
                             "to_tom", "--count", "2", "--seed", "5", "--json"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["game"] == "to_tom" and len(doc["items"]) == 2
