"""`chan-tutor --smoke` (FORMATS.md "Command line"): window, a game, first_frame_ms, exit 0."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_prints_first_frame_ms_and_exits_0(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke", "--data-dir",
                             str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    match = re.fullmatch(r"first_frame_ms=(\d+)\n", result.stdout)
    assert match, result.stdout
    assert 0 < int(match.group(1)) < 30_000
    assert (tmp_path / "replays.db").exists()  # the smoke game was recorded like any other


def test_smoke_without_a_data_dir_leaves_the_users_folder_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SDL_AUDIODRIVER": "dummy",
           "HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    result = subprocess.run([sys.executable, "-m", "desktop", "--smoke"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert not (home / "data" / "chan-tutor").exists()


def test_a_deal_won_before_the_learner_decides_moves_on_to_the_next(
        qtbot: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import make_app, smoke_run

    # Deal 98: a computer player wins on its fourth move, before the learner's first decision
    seeds = iter([98, 5, 6, 7])
    assert smoke_run(make_app([]), tmp_path, lambda: next(seeds)) == 0
    assert re.fullmatch(r"first_frame_ms=\d+\n", capsys.readouterr().out)
