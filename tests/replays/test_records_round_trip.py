"""200 seeded games recorded live → database → .chan.json → database: nothing is lost and
the analysis is identical (issue 4)."""

from __future__ import annotations

import random
from pathlib import Path

from replay_games import CAREFUL, RANDOM

from engine.chan.deal import Deal
from engine.chan.rules import LangRules
from engine.game import Mode
from replays.chanjson import dumps, loads, parse, to_json
from replays.recorder import Recorder
from replays.store import Store

RULES = [LangRules(), LangRules(ga="rong", stake=2), LangRules(ga="hep", strict_order=True),
         LangRules(noc_stop=0, draw_picker="same_picker"), LangRules(allow_xuong=False)]
MODES = [Mode.REAL, Mode.STRICT, Mode.TEACHING]
SESSIONS, GAMES = 40, 5


def record(path: Path) -> None:
    """40 sessions of 5 games; the last game of every eighth session is left unfinished."""
    with Store.open(path) as store:
        for s in range(SESSIONS):
            rules = RULES[s % len(RULES)]
            sid = store.new_session(rules)
            for g in range(GAMES):
                seed = 1000 + s * GAMES + g
                rec = Recorder.start(store, sid, Deal.shuffled(seed, rules=rules),
                                     MODES[s % len(MODES)])
                rng = random.Random(seed)
                policy = CAREFUL if seed % 2 else RANDOM
                cut = 30 if s % 8 == 7 and g == GAMES - 1 else None
                while not rec.game.is_over and len(rec.game.record) != cut:
                    rec.apply(policy.choose(rng, rec.game))


ROWS = {"sessions": "SELECT created_at, rules, players, thong_seat FROM sessions ORDER BY id",
        "games": "SELECT position, started_at, rules, players, deal, mode, engine_version, "
                 "status, result FROM games ORDER BY id",
        "events": "SELECT idx, seat, act, data FROM events ORDER BY game_id, idx"}


def test_db_to_json_to_db_loses_nothing_and_analyses_identically(tmp_path: Path) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    record(first)
    with Store.open(first) as a, Store.open(second) as b:
        for sid in a.sessions():
            text = dumps(to_json(a.session(sid)))
            b.import_session(parse(loads(text)))
        assert len(a.game_ids()) == len(b.game_ids()) == SESSIONS * GAMES
        for table, sql in ROWS.items():
            assert a.db.execute(sql).fetchall() == b.db.execute(sql).fetchall(), table
        assert [to_json(a.session(s)) for s in a.sessions()] == [
            to_json(b.session(s)) for s in b.sessions()]
        docs_a = a.analyses(a.game_ids())
        docs_b = b.analyses(b.game_ids())
    assert [d for _, d in docs_a] == [d for _, d in docs_b]
    kinds = {d["result"]["kind"] for _, d in docs_a}
    assert kinds == {"win", "draw", "unfinished"}
