"""`chan-tutor --smoke --game to_tom` (FORMATS.md "Command line"): the window, a Tổ tôm game
to the learner's first decision, first_frame_ms, exit 0 — the learner's settings untouched."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_of_tom_prints_first_frame_ms_and_exits_0(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--game", "to_tom",
                             "--data-dir", str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    match = re.fullmatch(r"first_frame_ms=(\d+)\n", result.stdout)
    assert match, result.stdout
    assert int(match.group(1)) > 0
    conn = sqlite3.connect(tmp_path / "replays.db")  # the game was recorded like any other
    try:
        games = conn.execute("SELECT game FROM sessions").fetchall()
    finally:
        conn.close()
    assert games == [("to_tom",)]
    assert not (tmp_path / "settings.json").exists()  # the run changed no setting


def test_smoke_of_tom_reaches_the_learners_decision_in_process(
        qtbot: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import make_app, smoke_run

    seeds = iter([44, 5, 6, 7])
    assert smoke_run(make_app([]), tmp_path, lambda: next(seeds), game="to_tom") == 0
    assert re.fullmatch(r"first_frame_ms=\d+\n", capsys.readouterr().out)


def test_an_unknown_game_is_refused_by_the_command_line(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--game", "poker",
                             "--data-dir", str(tmp_path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 2 and "to_tom" in result.stderr
