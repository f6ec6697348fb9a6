"""A move the program said it kept survives a power cut and a disk that fails mid-game
(issue 20: with synchronous = NORMAL a disk error left 5 of 26 moves, or an empty library).

The disk is real: an ext4 file system in a file, on a loop device, mounted
``errors=remount-ro``. A power cut is a copy of that file taken while the game is being
written (what had reached the disk, nothing of what was only in memory); a failing disk is an
ext4 error raised through /sys/fs/ext4/<dev>/trigger_fs_error, after which the kernel remounts
the disk read-only and drops what was not written. Either way fsck repairs the file system
and every acknowledged move must be in the library. Needs root and loop devices (skipped
otherwise).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

import pytest

from engine.chan.deal import Deal
from replays.recorder import NotSaved, Recorder
from replays.store import Store
from tests.replays.replay_games import CAREFUL

IMAGE_MB = 64


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, check=False)


@contextmanager
def ext4_disk(tmp_path: Path, name: str = "disk") -> Iterator[tuple[Path, Path]]:
    """A fresh ext4 disk image mounted on a new folder: (image, mount point)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("a loop-mounted disk needs root on Linux")
    if not (shutil.which("mkfs.ext4") and shutil.which("e2fsck")):
        pytest.skip("mkfs.ext4 and e2fsck are needed")
    image, where = tmp_path / f"{name}.img", tmp_path / name
    with image.open("wb") as f:
        f.truncate(IMAGE_MB * 1024 * 1024)
    made = _run("mkfs.ext4", "-q", "-F", str(image))
    if made.returncode != 0:
        pytest.skip(f"mkfs.ext4 failed: {made.stderr}")
    where.mkdir()
    mounted = _run("mount", "-o", "loop,errors=remount-ro", str(image), str(where))
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a loop device here: {mounted.stderr}")
    try:
        yield image, where
    finally:
        _run("umount", str(where))


@contextmanager
def repaired(image: Path, tmp_path: Path) -> Iterator[Path]:
    """The disk after the accident: fsck'd and mounted again; its mount point."""
    checked = _run("e2fsck", "-f", "-y", str(image))
    assert checked.returncode in (0, 1, 2), checked.stdout + checked.stderr  # 1, 2: fixed
    where = tmp_path / f"{image.stem}-after"
    where.mkdir()
    mounted = _run("mount", "-o", "loop", str(image), str(where))
    assert mounted.returncode == 0, mounted.stderr
    try:
        yield where
    finally:
        _run("umount", str(where))


def play_and_count(store: Store, seeds: range, stop_after: int | None = None
                   ) -> dict[int, int]:
    """Play seeded games through the Recorder; per game id, the moves it said were kept
    (stops at the first move it could not keep, or after ``stop_after`` moves)."""
    kept: dict[int, int] = {}
    sid = store.new_session()
    moves = 0
    for seed in seeds:
        rec = Recorder.start(store, sid, Deal.shuffled(seed))
        kept[rec.game_id] = 0
        rng = random.Random(seed)
        while not rec.game.is_over:
            try:
                rec.apply(CAREFUL.choose(rng, rec.game))
            except NotSaved:
                return kept
            kept[rec.game_id] = len(rec.game.record)
            moves += 1
            if stop_after is not None and moves >= stop_after:
                return kept
    return kept


def assert_kept(folder: Path, kept: dict[int, int]) -> None:
    db = folder / "data" / "replays.db"
    assert db.exists(), "the library is gone"
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for game_id, moves in kept.items():
            stored = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                  (game_id,)).fetchone()[0]
            assert stored >= moves, f"game {game_id}: {stored} of {moves} kept moves"


def test_a_power_cut_keeps_every_move_the_program_said_it_kept(tmp_path: Path) -> None:
    with ext4_disk(tmp_path) as (image, where):
        store = Store.open(where / "data" / "replays.db")
        kept = play_and_count(store, range(40, 43))
        assert sum(kept.values()) > 30
        cut = tmp_path / "cut.img"
        shutil.copyfile(image, cut)  # the power goes: only what reached the disk stays
        store.close()
    with repaired(cut, tmp_path) as after:
        assert_kept(after, kept)


def test_a_disk_failing_mid_game_keeps_every_move_the_program_said_it_kept(
        tmp_path: Path) -> None:
    with ext4_disk(tmp_path) as (image, where):
        device = Path(_run("findmnt", "-n", "-o", "SOURCE", str(where)).stdout.strip()).name
        trigger = Path("/sys/fs/ext4") / device / "trigger_fs_error"
        if not trigger.exists():
            pytest.skip("this kernel cannot raise an ext4 error on demand")
        store = Store.open(where / "data" / "replays.db")
        kept = play_and_count(store, range(50, 52), stop_after=24)
        session_id = store.locate(max(kept))[0]
        trigger.write_text("issue 20: the disk fails mid-game\n")  # remounted read-only
        with pytest.raises(NotSaved):  # nothing more is said to be kept
            Recorder.start(store, session_id, Deal.shuffled(99))
        with suppress(sqlite3.Error):
            store.close()
    with repaired(image, tmp_path) as after:
        assert_kept(after, kept)
