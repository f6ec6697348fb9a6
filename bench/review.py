"""Xem lại timings: `open_library_ms` and `step_ms` p50/p95 on a library of 1,000 games.

    python bench/review.py [--json] [--games 1000] [--hoi-games 10] [--steps 400] [--db PATH]
                           [--advice N]

open_library_ms: from nothing to the library screen ready on 1,000 saved games — the
ReviewScreen built (replays.library.list_games read on the Worker, the table model and its
sort/filter proxy filled, sorted by date) and painted once, offscreen.
step_ms: one event forward or back in the replay viewer INCLUDING the chiếu redraw, through
the real widgets: the viewer's command (as the → / ← keys send it) then ChieuWidget.repaint()
(the pygame scene drawn into the buffer shared with the QImage, and Qt painting it) and the
timeline's repaint; p50 and p95 over `--steps` steps across several games, after one warm-up
pass per game (the first visit of a position builds its view once; the bench measures both:
`first_step_ms_p95` is the first pass; the advice is searched in the Worker's helper
process meanwhile). open_game_ms: opening a game in the viewer, read on the Worker (the hội
only it replayed — its hội's totals and thông are kept with it, issue 13 —, every position
kept, the analysis read or made and cached, first frame); the games opened include the last
game of the largest hội (`open_game_last_ms`): it must cost what the first one does. The
chiếu's one-time first paint (card faces and mat drawn and cached, whatever the game) is paid
by a warm-up opening of the oldest game before them (`open_game_warmup_ms`, not counted).
start_next_game_ms: starting the next game of the largest hội (replays.recorder.Recorder.start:
its thông read from the state its last game left, issue 13), the median of 5 starts, once the
screen is closed: it must cost the same for game 2 and game 10,000 of a hội.

advice_ms (with `--advice N`, issue 15): the viewer's "máy gợi ý" for one decision as the
Worker's helper process computes it (replays.advice.advise: the strong player, 24 worlds
from a fixed seed), p50/p95/max over the first N decisions with a real choice of seat 0
(the learner) of the games, `advice_searched` how many of them searched (a clear or forced
one does not), and
`advice_kept_ms_p95` the same advice read back from the library database once kept
(Store.kept_advice, migration m005: opening a game again).

The library is made by `make_library` (AI-only hội of `--hoi-games` games, 10 by default,
with random players, seat 0 labelled as the human learner, games spaced 30 minutes apart)
unless --db names one (it is measured on a copy: never changed). Issue 13's figure:
`--games 10000 --hoi-games 10000` (one hội of 10,000 games).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if TYPE_CHECKING:
    from replays.store import Store

SESSION_GAMES = 10
LEVELS = ("random", "random", "random", "random")
START = datetime(2025, 1, 6, 19, 0, tzinfo=UTC)


def make_library(path: Path, games: int = 1000, seed: int = 1,
                 levels: tuple[str, ...] = LEVELS, hoi_games: int = SESSION_GAMES) -> list[int]:
    """A replay database of `games` AI-only games in hội of `hoi_games` (one level per seat;
    seat 0 recorded as the human learner); the game ids, oldest first."""
    from engine.chan.ai.selfplay import play_session
    from replays.record import GameRecord, Player, SessionRecord
    from replays.store import Store

    players = (Player("Lan"), *(Player(f"Máy {i}", "ai", levels[i]) for i in range(1, 4)))
    ids: list[int] = []
    with Store.open(path) as store:
        for k in range(0, games, hoi_games):
            played = play_session(levels, min(hoi_games, games - k), seed * 100_003 + k)
            record = SessionRecord(
                players=players, created_at=(START + timedelta(minutes=30 * k)).isoformat(),
                games=tuple(GameRecord(g.deal, tuple(g.record), g.mode, started_at=(
                    START + timedelta(minutes=30 * (k + i))).isoformat())
                    for i, g in enumerate(played)))
            ids.extend(store.import_session(record)[1])
    return ids


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return round(statistics.median(ordered), 3), round(p95, 3)


def measure(db: Path, steps: int) -> dict[str, float | int]:
    """The figures, on an existing library database."""
    from desktop.app import make_app
    from desktop.review.screen import ReviewScreen
    from desktop.worker import Worker
    from replays.store import Store

    app = make_app([])
    store = Store.open(db)
    worker = Worker()
    def settle(busy: Callable[[], bool]) -> None:
        """Run the event loop until the work read on the Worker is shown."""
        while busy():
            app.processEvents()
            time.sleep(0.0005)

    start = time.perf_counter()
    screen = ReviewScreen(store, worker)
    screen.resize(1280, 760)
    screen.show()
    settle(lambda: screen.loading)
    screen.repaint()
    app.processEvents()
    open_ms = (time.perf_counter() - start) * 1000
    games = len(screen.library.model.rows)

    viewer = screen.viewer
    first: list[float] = []
    warm: list[float] = []
    opening: list[float] = []
    ids = screen.library.visible_games()
    picked = ids[:: max(1, len(ids) // 8)][:8]
    last = store.db.execute("SELECT id FROM games ORDER BY position DESC, id DESC "
                            "LIMIT 1").fetchone()[0]  # the last game of the largest hội
    picked = [last, *(g for g in picked if g != last)][:8]
    last_ms = 0.0
    # The chiếu's first paint draws and caches the card faces and the mat once per run,
    # whichever game it shows: paid here on the oldest game, outside the figures.
    t = time.perf_counter()
    screen.open_game(min(ids))
    settle(lambda: screen.opening)
    viewer.chieu.repaint()
    warmup_ms = (time.perf_counter() - t) * 1000
    app.processEvents()
    per_game = max(10, steps // max(1, len(picked)))
    for game_id in picked:
        t = time.perf_counter()
        screen.open_game(game_id)
        settle(lambda: screen.opening)
        viewer.chieu.repaint()
        opening.append((time.perf_counter() - t) * 1000)
        if game_id == last:
            last_ms = opening[-1]
        app.processEvents()
        stepper = viewer.stepper
        assert stepper is not None
        n = min(per_game, stepper.last)
        for samples, direction in ((first, "replay_next"), (warm, "replay_prev"),
                                   (warm, "replay_next")):
            for _ in range(n):
                t = time.perf_counter()
                viewer.command(direction)
                viewer.chieu.repaint()
                viewer.timeline.repaint()
                samples.append((time.perf_counter() - t) * 1000)
        worker.wait(10_000)
        app.processEvents()
    screen.shutdown()
    worker.wait(10_000)
    start_ms = start_next_game_ms(store, last)
    store.close()
    p50, p95 = _percentiles(warm)
    _, first_p95 = _percentiles(first)
    return {"open_library_ms": round(open_ms, 1), "step_ms_p50": p50, "step_ms_p95": p95,
            "first_step_ms_p95": first_p95, "open_game_ms_p50": round(
                statistics.median(opening), 1), "open_game_ms_max": round(max(opening), 1),
            "open_game_last_ms": round(last_ms, 1), "open_game_warmup_ms": round(warmup_ms, 1),
            "start_next_game_ms": start_ms, "games": games, "steps": len(warm)}


def start_next_game_ms(store: Store, game_id: int, starts: int = 5) -> float:
    """The median time of starting the next game of ``game_id``'s hội (each start adds one:
    the database measured is a copy)."""
    from engine.chan.deal import Deal
    from replays.recorder import Recorder

    session_id, _ = store.locate(game_id)
    times = []
    for k in range(starts):
        deal = Deal.shuffled(k)
        t = time.perf_counter()
        Recorder.start(store, session_id, deal)
        times.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(times), 2)


def advice_ms(db: Path, decisions: int) -> dict[str, float | int]:
    """The advice figures (module docstring), on a copy already measured."""
    from replays.advice import advise, decision_points
    from replays.store import Store

    computed: list[float] = []
    kept: list[float] = []
    searched = 0
    with Store.open(db) as store:
        for game_id in store.game_ids():
            _, _, record, _ = store.game_and_state(game_id)
            final = store.replay_alone(game_id, record)
            for point in decision_points(final, 0):
                if len(computed) >= decisions:
                    break
                if len(point.before.legal_actions()) < 2:
                    continue
                t = time.perf_counter()
                advice = advise(point.before, 0)
                computed.append((time.perf_counter() - t) * 1000)
                searched += "thế bài" in advice.reason_vi  # the search's own words
                store.keep_advice(game_id, point, advice)
                t = time.perf_counter()
                assert store.kept_advice(game_id, point, 0) == advice
                kept.append((time.perf_counter() - t) * 1000)
            if len(computed) >= decisions:
                break
    p50, p95 = _percentiles(computed)
    _, kept_p95 = _percentiles(kept)
    return {"advice_ms_p50": p50, "advice_ms_p95": p95, "advice_ms_max": round(
        max(computed), 1), "advice_decisions": len(computed), "advice_searched": searched,
        "advice_kept_ms_p95": kept_p95}


def main() -> int:
    """Build (or take) the library, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hoi-games", type=int, default=SESSION_GAMES,
                        help="games per hội of the library made (default 10)")
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--db", type=Path, help="an existing replay database to measure on")
    parser.add_argument("--advice", type=int, default=0, metavar="N",
                        help="also time the viewer's advice on N decisions (default: not)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "library.db"
        if args.db is not None:  # a copy: opening migrates it, analysing caches
            shutil.copyfile(args.db, db)
            wal = args.db.with_name(args.db.name + "-wal")
            if wal.is_file():
                shutil.copyfile(wal, db.with_name(db.name + "-wal"))
        else:
            make_library(db, args.games, hoi_games=args.hoi_games)
        figures = measure(db, args.steps)
        if args.advice > 0:
            figures.update(advice_ms(db, args.advice))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
