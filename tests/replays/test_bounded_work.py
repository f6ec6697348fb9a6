"""Bounded work for any input.

A 6 KB .chan.json whose call says ``["chi", 10**30]`` hung analyze / import / report (the
engine built one list entry per instance); a FIFO named ``*.chan.json`` blocked for ever (its
header was sniffed before it was checked to be a regular file); ``"stake": 1e400`` became
infinity and ``analyze --json`` printed ``Infinity``; deeply nested JSON raised
RecursionError. Each is now refused as bad input (exit 2) in both languages, and the input
is left byte for byte as it was.

(Asked for by issue 13, class 4.)
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Action
from engine.chan.call import judge
from engine.chan.call import parse as parse_call
from engine.chan.cuoc import POINTS, score
from engine.chan.cuoc_ids import CUOC_IDS, MAX_COUNT, MAX_ENTRIES
from engine.chan.rules import MAX_STAKE, LangRules
from engine.errors import BadAction, BadRules
from replays.chanjson import parse
from replays.cli import main
from replays.errors import BadRecord
from tests.replays.cli_run import run

ROOT = Path(__file__).resolve().parents[2]
HUGE = 10**30


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A .chan.json document of two self-play games, at least one won with a call."""
    out = tmp_path_factory.mktemp("played") / "s.chan.json"
    assert main(["selfplay", "--games", "2", "--seed", "1", "--out", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert any(e["act"] == "call" for g in doc["games"] for e in g["events"])
    return doc


def with_call(doc: dict[str, Any], cuoc: list[list[object]]) -> tuple[dict[str, Any], int, int]:
    """`doc` with the first call replaced by `cuoc`; (doc, game index, event index)."""
    doc = json.loads(json.dumps(doc))
    for gi, game in enumerate(doc["games"]):
        for ei, event in enumerate(game["events"]):
            if event["act"] == "call":
                event["cuoc"] = cuoc
                return doc, gi, ei
    raise AssertionError("no call")


def write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


# ------------------------------------------------------------------ huge counts


def test_huge_count_is_refused_at_parse_time(played: dict[str, Any]) -> None:
    doc, gi, ei = with_call(played, [["chi", HUGE]])
    with pytest.raises(BadRecord) as refused:
        parse(doc)
    problem = refused.value.problems[0]
    assert (problem.game, problem.event) == (gi, ei)
    assert str(MAX_COUNT) in problem.en and "20 quân" in problem.vi
    assert len(refused.value.en) < 500  # the count is not printed in full either


def test_a_count_a_hand_can_hold_is_still_judged(played: dict[str, Any]) -> None:
    doc, _, _ = with_call(played, [["leo", MAX_COUNT]])  # wrong (xướng sai), not damaged
    assert parse(doc).games
    doc, _, _ = with_call(played, [["leo", MAX_COUNT + 1]])
    with pytest.raises(BadRecord):
        parse(doc)
    doc, _, _ = with_call(played, [["leo", 1]] * (MAX_ENTRIES + 1))
    with pytest.raises(BadRecord):
        parse(doc)


def test_huge_count_does_not_hang_the_commands(
        played: dict[str, Any], tmp_path: Path) -> None:
    """In a child process with a deadline, so that the old code (which hung) fails."""
    doc, _, _ = with_call(played, [["chi", HUGE]])
    source = write(tmp_path / "huge.chan.json", doc)
    assert source.stat().st_size < 20_000
    before = digest(source)
    for argv in (["analyze", str(source)], ["analyze", str(source), "--json"],
                 ["import", str(source), "--db", str(tmp_path / "x.db")],
                 ["report", str(source), "--html", str(tmp_path / "r.html")]):
        done = subprocess.run([sys.executable, "-m", "replays.cli", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2, done.stderr
        assert "from 1 to 20" in done.stderr and "từ 1 đến 20" in done.stderr
        assert done.stdout == ""
    assert digest(source) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["huge.chan.json"]


def test_the_engine_never_counts_instances_one_by_one() -> None:
    assert score([("chi", HUGE)]) == POINTS["chi"][0] + POINTS["chi"][1] * (HUGE - 1)
    with pytest.raises(BadAction):
        judge((("chi", 1),), [("chi", HUGE)])
    with pytest.raises(BadAction):
        Action.from_json({"seat": 0, "act": "call", "cuoc": [["chi", HUGE]]})
    with pytest.raises(BadAction):
        Action.parse(f"0 call chi:{HUGE}")
    with pytest.raises(BadAction):
        parse_call(f"{HUGE} lèo")
    assert Action.parse(f"0 call leo:{MAX_COUNT}").cuoc == (("leo", MAX_COUNT),)


def _score_by_instances(call: list[tuple[str, int]]) -> int:
    """R6.2 as the rule says it, instance by instance (small counts only)."""
    inst = [cid for cid, n in call for _ in range(n)]
    if not inst:
        return 0
    best = max(range(len(inst)), key=lambda i: POINTS[inst[i]][0])
    return POINTS[inst[best]][0] + sum(POINTS[c][1] for i, c in enumerate(inst) if i != best)


@given(st.lists(st.tuples(st.sampled_from(CUOC_IDS), st.integers(1, MAX_COUNT)),
                max_size=8))
def test_score_is_unchanged(call: list[tuple[str, int]]) -> None:
    assert score(call) == _score_by_instances(call)


# ------------------------------------------------------------------ FIFOs


def test_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo_json = tmp_path / "pipe.chan.json"
    fifo_db = tmp_path / "pipe.db"
    os.mkfifo(fifo_json)
    os.mkfifo(fifo_db)
    for argv in (["analyze", fifo_json], ["analyze", fifo_db],
                 ["import", fifo_json, "--db", tmp_path / "x.db"],
                 ["report", fifo_json, "--html", tmp_path / "r.html"],
                 ["export", fifo_db, "--game", "1", "--out", tmp_path / "o.chan.json"]):
        done = subprocess.run([sys.executable, "-m", "replays.cli", *map(str, argv)],
                              cwd=ROOT, capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 2, done.stderr
        assert "not a regular file" in done.stderr and "không phải tệp thường" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.chan.json", "pipe.db"]


# ------------------------------------------------------------------ numbers


@pytest.mark.parametrize("stake", [float("inf"), float("nan"), 10**400, MAX_STAKE * 2, -1.0])
def test_absurd_stakes_are_refused(stake: float) -> None:
    with pytest.raises(BadRules):
        LangRules(stake=stake)


def test_absurd_diem_per_ga_is_refused() -> None:
    with pytest.raises(BadRules):
        LangRules(diem_per_ga=10**400)
    assert LangRules(diem_per_ga=100).diem_per_ga == 100


def test_stake_1e400_is_bad_input_and_never_infinity(
        played: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(played).replace('"stake": 1', '"stake": 1e400')
    source = tmp_path / "inf.chan.json"
    source.write_text(text, encoding="utf-8")
    before = digest(source)
    code, out, err = run(capsys, "analyze", source, "--json")
    assert code == 2 and out == ""
    assert "stake" in err and "tiền mỗi điểm" in err
    assert "Infinity" not in out
    assert digest(source) == before


def test_analyze_json_never_prints_infinity(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from replays.commands import Output

    def infinite(_: object) -> Output:
        return Output({"games": [{"settlement": [float("inf"), float("nan")]}]}, "")

    monkeypatch.setattr("replays.commands.analyze", infinite)
    code, out, err = run(capsys, "analyze", tmp_path / "any.chan.json", "--json")
    assert code == 1 and "Infinity" not in out and "NaN" not in out  # a bug, said as one
    assert "internal error" in err


# ------------------------------------------------------------------ deep nesting


def test_deeply_nested_json_is_damaged_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "deep.chan.json"
    source.write_text('{"format": "chan-replay", "version": 1, "players": '
                      + "[" * 200_000 + "]" * 200_000 + ', "games": []}', encoding="utf-8")
    before = digest(source)
    for argv in (["analyze", source], ["import", source, "--db", tmp_path / "x.db"],
                 ["report", source, "--html", tmp_path / "r.html"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "nested too deeply" in err and "lồng nhau quá sâu" in err
    assert digest(source) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep.chan.json"]


def test_a_nested_bad_value_gives_a_short_message(
        played: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(json.dumps(played))
    nested: list[Any] = []
    for _ in range(900):  # within json's limit, too deep for a message to quote it
        nested = [nested]
    doc["players"][0] = nested
    source = write(tmp_path / "nested.chan.json", doc)
    code, _, err = run(capsys, "analyze", source)
    assert code == 2 and "player 0" in err and "người chơi 0" in err
    assert len(err) < 2000


def test_deeply_nested_json_in_a_database_column_is_damaged_input(
        played: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "replays.db"
    source = write(tmp_path / "s.chan.json", played)
    assert run(capsys, "import", source, "--db", db)[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE events SET data = ? WHERE idx = 3",
                     ("[" * 200_000 + "]" * 200_000,))
    conn.close()
    before = digest(db)
    code, out, err = run(capsys, "analyze", db)
    assert code == 2 and out == ""
    assert "internal error" not in err
    assert digest(db) == before
