"""Run every test headless: no display, no audio device.

Set at import time, before any test module imports Qt or pygame.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pytest

from tests import sqlite_guard

sqlite_guard.install()


@pytest.fixture(autouse=True)
def _no_open_of_a_held_database() -> Iterator[None]:
    """Every test fails if the program open()ed a SQLite file it holds a connection to
    (tests/sqlite_guard.py, issue 20)."""
    del sqlite_guard.violations[:]
    yield
    found = list(sqlite_guard.violations)
    del sqlite_guard.violations[:]
    assert not found, "\n".join(found)
