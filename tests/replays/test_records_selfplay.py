"""`chan-tutor selfplay` (FORMATS.md): reproducible AI-only sessions, saved and analyzable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replays.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_selfplay_is_reproducible_from_the_seed(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.chan.json", tmp_path / "b.chan.json"
    assert run(["selfplay", "--games", "3", "--seed", "7", "--out", str(a)], capsys)[0] == 0
    assert run(["selfplay", "--games", "3", "--seed", "7", "--out", str(b)], capsys)[0] == 0
    assert a.read_bytes() == b.read_bytes()
    doc = json.loads(a.read_text(encoding="utf-8"))
    assert doc["format"] == "chan-replay" and len(doc["games"]) == 3
    assert [p["kind"] for p in doc["players"]] == ["ai"] * 4


def test_selfplay_saves_a_database_that_analyze_reads(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.db"
    code, out, _ = run(["selfplay", "--games", "2", "--seed", "1", "--levels",
                        "normal,beginner,normal", "--out", str(db), "--json"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 2 and len(summary["seats"]) == 3
    assert summary["game_ids"] == [1, 2]
    code, out, _ = run(["analyze", str(db), "--json"], capsys)
    assert code == 0
    assert len(json.loads(out)["games"]) == 2


def test_selfplay_normal_seats_commit_no_fault(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["selfplay", "--games", "6", "--seed", "11", "--json"], capsys)
    assert code == 0
    for seat in json.loads(out)["seats"]:
        assert (seat["violations"], seat["missed_u"], seat["wrong_calls"]) == (0, 0, 0)


@pytest.mark.parametrize("args", [
    ["selfplay", "--games", "2", "--levels", "normal,bad"],
    ["selfplay", "--games", "2", "--levels", "normal"],
    ["selfplay", "--games", "0"],
    ["selfplay", "--games", "2", "--out", "x.txt"],
])
def test_selfplay_bad_input_exits_2(args: list[str], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(args, capsys)
    assert code == 2
    assert "chan-tutor:" in err and err.count("\n") >= 2  # English and Vietnamese
    assert not (tmp_path / "x.txt").exists()
