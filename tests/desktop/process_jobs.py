"""Functions the tests run in the Worker's helper process (desktop/worker.py run_apart): a
module without Qt, found there through sys.path as the test process has it.

A gate is a folder: a job held by it waits until the test creates ``open`` in it, and says
which process it runs in by a file named after that process's id.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from engine.chan.game import ChanGame as Game
from replays.advice import Advice, advise

HELD_S = 30.0  # a gate never opened lets the job go after this (a failed test ends)


def pid() -> int:
    """The id of the process it runs in."""
    return os.getpid()


def held(gate: Path, value: str) -> str:
    """``value``, once the gate is open (``ran-<value>`` in the gate says it ran)."""
    (gate / f"ran-{value}").touch()
    _wait(gate)
    return value


def crash() -> None:
    """The process ends at once, as one killed does."""
    os._exit(3)


def held_advice(gate: Path, game: Game, seat: int) -> Advice:
    """replays.advice.advise, once the gate is open."""
    _wait(gate)
    return advise(game, seat)


def _wait(gate: Path) -> None:
    (gate / f"pid-{os.getpid()}").touch()
    end = time.monotonic() + HELD_S
    while not (gate / "open").exists() and time.monotonic() < end:
        time.sleep(0.01)
