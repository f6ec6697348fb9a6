"""A recording process killed with SIGKILL mid-game loses at most the move in flight: the
database passes PRAGMA integrity_check and the game resumes to the same state (DESIGN.md)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from replay_games import CAREFUL, play

from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from replays.recorder import Recorder
from replays.store import Store

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

CHILD = """
import random, sys, time
from pathlib import Path
sys.path.insert(0, {here!r})
from replay_games import CAREFUL
from engine.chan.deal import Deal
from replays.recorder import Recorder
from replays.store import Store

store = Store.open(Path({db!r}))
rec = Recorder.start(store, store.new_session(), Deal.shuffled({seed}))
rng = random.Random({seed})
while not rec.game.is_over:
    rec.apply(CAREFUL.choose(rng, rec.game))
    print(len(rec.game.record), flush=True)  # only after the event is committed
    time.sleep(0.001)
print("finished", flush=True)
time.sleep(60)
"""


def long_game_seed(events: int = 50) -> int:
    """A seed whose careful game records at least ``events`` events."""
    return next(s for s in range(500) if len(play(s, CAREFUL).record) >= events)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_after", [3, 17, 31])
def test_sigkill_mid_game_loses_at_most_the_move_in_flight(tmp_path: Path,
                                                           kill_after: int) -> None:
    seed = long_game_seed()
    db = tmp_path / "replays.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(here=str(HERE), db=str(db), seed=seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    confirmed = 0
    try:
        for line in child.stdout:
            assert line.strip() != "finished", "the game ended before the kill"
            confirmed = int(line)
            if confirmed >= kill_after:
                os.kill(child.pid, signal.SIGKILL)
                break
        rest = child.stdout.read().split()  # lines written before it died
        confirmed = int(rest[-1]) if rest and rest[-1] != "finished" else confirmed
    finally:
        child.kill()
        child.wait()
    assert child.returncode == -signal.SIGKILL

    with Store.open(db) as store:
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        [gid] = store.unfinished_games()
        stored = store.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                  (gid,)).fetchone()[0]
        assert confirmed <= stored <= confirmed + 1
        resumed = Recorder.resume(store, gid)
        rng = random.Random(seed)
        reference = Game(Deal.shuffled(seed))
        while len(reference.record) < stored:
            reference.apply(CAREFUL.choose(rng, reference))
        assert resumed.game.state_key() == reference.state_key()
        assert resumed.game.record == reference.record
        while not resumed.game.is_over:  # and it plays on to the end
            resumed.apply(CAREFUL.choose(rng, resumed.game))
        assert store.unfinished_games() == []
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
