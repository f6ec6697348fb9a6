"""Faults of the learner's machine made real for the tests: a small disk of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_tmpfs(where: Path, options: str = "size=2m") -> Iterator[Path]:
    """A real small disk (tmpfs, 2 MB unless `options` say otherwise, e.g. "ro,size=1m")
    mounted on the new folder `where`, unmounted afterwards.

    Skips the test where mounting is not possible (not Linux, not root, no tmpfs).
    """
    where.mkdir()
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root on Linux")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr!r}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)


@contextmanager
def read_only(where: Path) -> Iterator[Path]:
    """The disk mounted on `where` (a small_tmpfs) remounted read-only, then writable again.

    Remounting fails while a file on it is open for writing ("busy"): the test fails then,
    since the program was meant to hold nothing open between its writes."""
    subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True,
                   capture_output=True)
    try:
        yield where
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(where)], check=False)


@contextmanager
def locked_by_another_program(db: Path) -> Iterator[None]:
    """A real lock: another process holds ``BEGIN EXCLUSIVE`` on the SQLite database `db`
    until the block ends (no process of the test's can write it meanwhile)."""
    code = ("import sqlite3, sys\n"
            "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "conn.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.read()\n"
            "conn.execute('ROLLBACK')\n")
    holder = subprocess.Popen([sys.executable, "-c", code, str(db)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield
    finally:
        holder.stdin.close()
        holder.wait(30)


def fill(disk: Path, leave: int = 0) -> Path:
    """Fill the disk mounted on `disk` up to `leave` free bytes; returns the filler file."""
    st = os.statvfs(disk)
    filler = disk / "filler"
    with filler.open("wb") as f:
        f.write(b"\0" * max(0, st.f_bavail * st.f_frsize - leave))
    return filler
