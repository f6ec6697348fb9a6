"""first_game.json (where the learner is in the guided first game) read as untrusted input
(issue 20): a folder, a FIFO, garbage, a huge file or a step the game does not have in its
place is said in both languages and left as it is; a regular file of garbage is kept aside
(first_game.json.damaged) when the place is next saved; anything else is never replaced."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lessons.first_game import (
    MAX_POSITION_BYTES,
    POSITION_FORMAT,
    first_game,
    load_position,
    save_position,
)
from replays.errors import BadFile
from replays.files import DAMAGED_SUFFIX

GUIDE = first_game()
STEPS = len(GUIDE.steps)


def ours(step: object) -> str:
    return json.dumps({"format": POSITION_FORMAT, "game": GUIDE.digest, "step": step})


def make(path: Path, kind: str) -> None:
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "garbage":
        path.write_bytes(b"\x00\xffnot json at all")
    elif kind == "huge":
        path.write_bytes(b" " * (MAX_POSITION_BYTES + 1))
    elif kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "list":
        path.write_text("[1, 2]")
    else:
        path.write_text(ours(json.loads(kind)))


def snapshot(path: Path) -> object:
    if path.is_dir():
        return sorted((p.name, p.read_bytes()) for p in path.iterdir())
    if path.is_fifo():
        return "fifo"
    return path.read_bytes()


KINDS = ["folder", "fifo", "garbage", "huge", "deep", "list", "-1", str(STEPS + 1),
         str(2**63), '"3"', "true", "null", "1.5"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_position_file_that_cannot_be_used_is_said_and_left_as_it_is(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / "first_game.json"
    make(path, kind)
    before = snapshot(path)
    kept = load_position(path, GUIDE)
    assert kept.step == 0
    assert kept.problem is not None
    vi, en = kept.problem.vi, kept.problem.en
    assert "first_game.json" in vi and "first_game.json" in en and vi != en
    assert "bước 1" in vi and "step 1" in en
    assert len(vi) < 600 and len(en) < 600
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_what_is_not_a_regular_file_is_never_replaced(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "first_game.json"
    make(path, kind)
    before = snapshot(path)
    kept = load_position(path, GUIDE)
    assert kept.problem is not None and not kept.damaged
    assert "không bị thay thế" in kept.problem.vi and "never replaced" in kept.problem.en
    with pytest.raises(BadFile) as caught:
        save_position(path, GUIDE, 3)
    assert "nothing is written" in caught.value.en and "không có gì" in caught.value.vi
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first_game.json"]


@pytest.mark.parametrize("kind", ["garbage", "huge", "list", str(STEPS + 1)])
def test_a_damaged_regular_file_is_kept_aside_when_the_place_is_saved(
        tmp_path: Path, kind: str) -> None:
    from replays.files import keep_damaged

    path = tmp_path / "first_game.json"
    make(path, kind)
    before = snapshot(path)
    kept = load_position(path, GUIDE)
    assert kept.damaged and kept.problem is not None
    assert f"first_game.json{DAMAGED_SUFFIX}" in kept.problem.vi
    keep_damaged(path)  # what the page does before its first save
    save_position(path, GUIDE, 2)
    assert load_position(path, GUIDE).step == 2
    assert (tmp_path / f"first_game.json{DAMAGED_SUFFIX}").read_bytes() == before


def test_a_place_in_another_version_of_the_game_is_said(tmp_path: Path) -> None:
    path = tmp_path / "first_game.json"
    path.write_text(json.dumps({"format": POSITION_FORMAT, "game": "0" * 16, "step": 4}))
    kept = load_position(path, GUIDE)
    assert kept.step == 0 and not kept.damaged
    assert kept.problem is not None and "another version" in kept.problem.en


def test_the_last_step_is_a_place_too(tmp_path: Path) -> None:
    path = tmp_path / "first_game.json"
    path.write_text(ours(STEPS))
    assert load_position(path, GUIDE).step == STEPS
    assert load_position(path, GUIDE).problem is None
