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
