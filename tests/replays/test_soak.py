"""The library under load (issue 20): the program's store holds replays.db and records games,
opening extra connections as its workers do, while other processes import, export, analyse
and self-play into the same file from the command line, 200 rounds each. At the end the file
is whole and every move the program was told was kept, every import and every self-played hội
a command acknowledged with exit 0, is in it.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from engine.chan.deal import Deal
from replays.recorder import Recorder
from replays.store import Store
from tests.replays.replay_games import CAREFUL

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 200

# One long-lived process per verb, calling the command line's own entry point round after
# round (a process per call would spend the test in start-up, not in the database).
WORKER = r"""
import contextlib, io, json, sys
from pathlib import Path
from desktop.__main__ import main

verb, lib, work, rounds = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
codes = []
for r in range(rounds):
    if verb == "import":
        source = work / f"in{r}.chan.json"
        args = [["selfplay", "--games", "1", "--seed", str(1000 + r), "--levels",
                 "random,random,random,random", "--out", str(source)],
                ["import", str(source), "--db", str(lib)]]
    elif verb == "selfplay":
        args = [["selfplay", "--games", "1", "--seed", str(5000 + r), "--out", str(lib),
                 "--force"]]
    elif verb == "export":
        args = [["export", str(lib), "--game", "1", "--out", str(work / "out.chan.json"),
                 "--force"]]
    else:
        args = [["analyze", str(lib), "--game", "0", "--json"]]
    code = 0
    for argv in args:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                io.StringIO()) as err:
            code = main(argv)
        if code != 0:
            print(err.getvalue(), file=sys.stderr)
            break
    codes.append(code)
print(json.dumps(codes))
"""


def test_the_library_holds_under_the_program_and_four_command_line_writers(
        tmp_path: Path) -> None:
    lib = tmp_path / "data" / "replays.db"
    program = Store.open(lib)
    kept: dict[int, int] = {}  # game id → moves the program was told were stored
    session = program.new_session()
    first = Recorder.start(program, session, Deal.shuffled(1))  # export/analyze need a game
    kept[first.game_id] = 0

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    workers = {}
    for verb in ("import", "selfplay", "export", "analyze"):
        work = tmp_path / verb
        work.mkdir()
        workers[verb] = subprocess.Popen(
            [sys.executable, "-c", WORKER, verb, str(lib), str(work), str(ROUNDS)], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    seed = 100
    rec = first
    rng = random.Random(seed)
    deadline = time.monotonic() + 1800
    while any(w.poll() is None for w in workers.values()) and time.monotonic() < deadline:
        if rec.game.is_over:
            seed += 1
            rec = Recorder.start(program, session, Deal.shuffled(seed))
            kept[rec.game_id] = 0
            rng = random.Random(seed)
            Store.open(lib).close()  # a worker of the program opens its own connection
        rec.apply(CAREFUL.choose(rng, rec.game))
        kept[rec.game_id] = len(rec.game.record)
    program.close()

    results = {}
    for verb, w in workers.items():
        out, err = w.communicate(timeout=600)
        assert w.returncode == 0, err
        codes = json.loads(out.strip().splitlines()[-1])
        assert codes == [0] * ROUNDS, f"{verb}: {codes}\n{err[-2000:]}"
        results[verb] = codes

    with closing(sqlite3.connect(lib)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for game_id, moves in kept.items():
            stored = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                  (game_id,)).fetchone()[0]
            assert stored == moves, f"game {game_id}: {stored} of {moves} kept moves"
        sessions = conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
    assert sessions == 1 + len(results["import"]) + len(results["selfplay"])
    assert sum(kept.values()) > 100
