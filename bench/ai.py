"""Computer player benchmarks (issue 5): prints figures, never asserts a time.

`python bench/ai.py --json` measures
- decision latency p50/p95 per level (targets: normal p95 ≤ 50 ms, strong p95 ≤ 1 s at its
  default budget), on every decision with a real choice in seeded normal games;
- strong (100 ms budget) against three normal players over 500 games (target ≥ 40 % of the
  won games; parity is 25 %), and normal against three random-legal players over 2,000 games
  (target ≥ 50 %): win share and mean điểm with 95 % intervals;
- lỗi, missed ù and wrong calls by the normal seats in 10,000 all-normal games and by the
  strong seat in its 500 (target 0), as the engine judged them (game.violations, Declined ù
  and bỏ ù, game.verdict).
Each game i of a section is dealt from seed + i (the section's offset added) with the seat
under test at i % 4, so a run is reproducible except for the strong player's time budget.
Progress goes to stderr.

`--sections duplicate` (issue 15) measures without the luck of the deal: each of `--deals`
deals (default 1,000) is played once per seat rotation with `strong` at that seat against
three `normal`, and once all-`normal` (the baseline). Per deal, the strong seat's điểm minus
the baseline seat's điểm, averaged over the 4 rotations, is one paired sample:
`duplicate.strong.mean_diem_delta` is their mean with a 95 % interval over deals;
`duplicate.strong.win_share` is the strong seat's share of the won games (95 % interval over
deals, delta method) and `win_share_delta` the same minus the baseline's 25 % on the same
deals. `duplicate.ceiling` is the perfect-information reference, printed as a ceiling only
(never a player of the product): the same search whose worlds keep every hidden hand as it
really is and only reshuffle the undrawn nọc, at `--ceiling-rotations` rotations per deal
(default 1, seat = deal % 4: with fewer than 4 its absolute win share leans on the seats it
sat at, so read its deltas). The strong seat's budget is `--duplicate-ms` per searched
decision (250 ms, half the product's 500 ms, so 1,000 deals — 5,000 searching games — fit in
about 25 minutes on 2 workers; a close decision may spend up to 1.6 budgets, from time saved
on clear ones); `--duplicate-worlds N` fixes the worlds instead
(reproducible); `--candidate normal` checks parity (a zero delta).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chan import hand as H
from engine.chan.ai import NormalPlayer, Player, make_player
from engine.chan.ai.selfplay import audit, play_game
from engine.chan.ai.strong import POINTS, StrongPlayer, strong_player
from engine.chan.ai.value import DEFAULT_KNOBS, Knobs
from engine.chan.ai.worlds import Hidden, reach_observer
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation
from engine.events import EndKind
from engine.game import Mode

OFFSETS = {"strong": 1_000_000, "random": 2_000_000, "audit": 3_000_000, "latency": 4_000_000,
           "duplicate": 5_000_000}
STRONG_BENCH_MS = 100.0
DUPLICATE_STRONG_MS = 250.0  # the strong seat's budget per searched decision in `duplicate`


def deal_for(seed: int, index: int) -> Deal:
    """Game ``index`` of a section: a seeded shuffle, the picker rotating."""
    return Deal.shuffled(seed + index, 4, picker=(index // 4) % 4)


def _table(section: str, index: int, seed: int, strong_ms: float) -> tuple[list[Player], int]:
    seat = index % 4
    if section == "strong":
        table: list[Player] = [make_player("normal") for _ in range(4)]
        table[seat] = strong_player(seed + index, budget_ms=strong_ms)
    elif section == "random":
        table = [make_player("random", seed + index * 4 + s) for s in range(4)]
        table[seat] = make_player("normal")
    else:
        table = [make_player("normal") for _ in range(4)]
    return table, seat


def play_one(job: tuple[str, int, int, float]) -> dict[str, Any]:
    """One benchmark game: the seat under test's result and every seat's audit."""
    section, index, seed, strong_ms = job
    table, seat = _table(section, index, seed + OFFSETS[section], strong_ms)
    game = play_game(Game(deal_for(seed + OFFSETS[section], index)), table)
    audits = audit(game)
    o = game.outcome
    decided = o is not None and o.kind is EndKind.WIN
    a = audits[seat]
    return {
        "index": index, "seat": seat, "decided": decided, "won": a.won, "points": a.points,
        "violations": a.violations, "missed_u": a.missed_u, "wrong_call": a.wrong_call,
        "missed_chiu": a.missed_chiu,
        "all_violations": sum(x.violations for x in audits),
        "all_missed_u": sum(x.missed_u for x in audits),
        "all_wrong_calls": sum(x.wrong_call for x in audits),
        "all_missed_chiu": sum(x.missed_chiu for x in audits),
    }


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(centre - half, 4), round(centre + half, 4))


def mean_ci(xs: list[float]) -> dict[str, float]:
    """Mean with a 95 % normal interval."""
    if not xs:
        return {"mean": 0.0, "lo": 0.0, "hi": 0.0}
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return {"mean": round(m, 3), "lo": round(m - half, 3), "hi": round(m + half, 3)}


def run_section(section: str, games: int, seed: int, workers: int,
                log: Callable[[str], None],
                strong_ms: float = STRONG_BENCH_MS) -> list[dict[str, Any]]:
    """Play a section's games (in parallel), logging progress."""
    jobs = [(section, i, seed, strong_ms) for i in range(games)]
    out: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    step = max(1, games // 20)
    results: Iterable[dict[str, Any]]
    if workers > 1:
        pool = mp.Pool(workers)
        results = pool.imap_unordered(play_one, jobs, chunksize=1 if section == "strong" else 8)
    else:
        pool = None
        results = map(play_one, jobs)
    try:
        for r in results:
            out.append(r)
            if len(out) % step == 0 or len(out) == games:
                dt = time.perf_counter() - t0
                eta = dt / len(out) * (games - len(out))
                log(f"{section}: {len(out)}/{games} games, {dt:.0f}s, eta {eta:.0f}s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    out.sort(key=lambda r: r["index"])
    return out


def head_to_head(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Win share (of all games and of the games somebody won) and mean điểm."""
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    decided = sum(r["decided"] for r in rows)
    return {
        "games": n,
        "wins": wins,
        "decided": decided,
        "win_share_of_won_games": round(wins / decided, 4) if decided else 0.0,
        "win_share_of_won_games_95": wilson(wins, decided),
        "win_share_of_all_games": round(wins / n, 4) if n else 0.0,
        "win_share_of_all_games_95": wilson(wins, n),
        "mean_diem": mean_ci([float(r["points"]) for r in rows]),
        "violations": sum(r["violations"] for r in rows),
        "missed_u": sum(r["missed_u"] for r in rows),
        "wrong_calls": sum(r["wrong_call"] for r in rows),
        "missed_chiu": sum(r["missed_chiu"] for r in rows),
    }


def latency(seed: int, games: int, strong_samples: int,
            log: Callable[[str], None]) -> dict[str, Any]:
    """Decision times per level on the decisions of seeded normal games."""
    seed += OFFSETS["latency"]
    table = [make_player("normal") for _ in range(4)]
    observations = []
    for i in range(games):
        game = Game(deal_for(seed, i))
        while not game.is_over:
            actor = game.actor
            assert actor is not None
            obs = game.observation(actor)
            if len(obs.legal) > 1:
                observations.append(obs)
            game.apply(table[actor].choose(obs).action)
    out: dict[str, Any] = {}
    levels: list[tuple[str, Player, list[Any]]] = [
        ("normal", make_player("normal"), observations),
        ("beginner", make_player("beginner", seed), observations),
    ]
    stride = max(1, len(observations) // max(1, strong_samples))
    levels.append(("strong", make_player("strong", seed), observations[::stride]
                   [:strong_samples]))
    for name, player, sample in levels:
        times = []
        for obs in sample:
            t0 = time.perf_counter()
            player.choose(obs)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        out[name] = {
            "decisions": len(times),
            "p50_ms": round(times[len(times) // 2], 2) if times else 0.0,
            "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))], 2)
            if times else 0.0,
            "max_ms": round(times[-1], 2) if times else 0.0,
        }
        log(f"latency {name}: {out[name]}")
    budget = strong_player().budget_ms
    out["strong"]["default_budget_ms"] = budget
    return out


# ---------------------------------------------------------------- duplicate evaluation


class PerfectInfoReference(StrongPlayer):
    """The ceiling of the `duplicate` section, never a player of the product: the strong
    search, but its worlds keep every hidden hand as it really is and only reshuffle the
    undrawn nọc (it sees every card but not the nọc order). ``game`` is the real game,
    set by the bench before each decision."""

    level = "perfect-info"
    game: Game | None = None

    def world(self, obs: Observation, rng: Any, hidden: Hidden) -> Game:
        real = self.game
        assert real is not None
        hands = [list(real.hand_cards(s)) + list(H.unpack(hidden.played[s]))
                 for s in range(obs.players)]
        rest = list(real.deal.noc[real.noc_pos:]) + list(real.deal.dead)
        rng.shuffle(rest)
        noc = list(hidden.draws) + rest[:obs.noc_left]
        deal = Deal.from_hands(hands, noc, obs.cai_card, rest[obs.noc_left:])
        game = Game.replay(deal, obs.history, obs.rules, Mode.REAL)
        reach_observer(game, obs.seat)
        return game


def duplicate_player(kind: str, seed: int, strong_ms: float, worlds: int | None,
                     candidate: str) -> Player:
    """The seat under test of a duplicate game: the candidate, or the ceiling reference."""
    if kind == "ceiling":
        if worlds is not None:
            return PerfectInfoReference(seed=seed, budget_ms=None, worlds=worlds, points=POINTS)
        return PerfectInfoReference(seed=seed, budget_ms=strong_ms, points=POINTS)
    if candidate == "strong" or candidate.startswith("strong:"):
        player = strong_player(seed, budget_ms=None if worlds is not None else strong_ms,
                               worlds=worlds)
        for name, value in settings_of(candidate.removeprefix("strong")).items():
            if not hasattr(player, name):
                raise SystemExit(f"bench/ai.py: the strong player has no setting '{name}'")
            setattr(player, name, value)  # a variant to measure: "strong:points=0,z=1.5"
        return player
    if candidate.startswith("knobs:"):
        return NormalPlayer(knobs_of(candidate))
    return make_player(candidate, seed)


def settings_of(text: str) -> dict[str, float]:
    """":a=1,b=2" → {"a": 1.0, "b": 2.0} (the variant part of a candidate's name)."""
    values = {}
    for item in text.removeprefix(":").split(","):
        if item:
            name, _, number = item.partition("=")
            values[name.strip()] = float(number)
    return values


def knobs_of(candidate: str) -> Knobs:
    """The normal policy with other constants: "knobs:feed=0.08,eat_reach=0.5" (tuning)."""
    return replace(DEFAULT_KNOBS, **settings_of(candidate.removeprefix("knobs")))


def play_duplicate(job: tuple[str, int, int, int, float, int | None, str]) -> dict[str, Any]:
    """One duplicate game: deal ``index`` with the seat under test at ``rotation`` (kind
    "strong" or "ceiling") or all normal ("base", rotation -1); every seat's result."""
    kind, index, rotation, seed, strong_ms, worlds, candidate = job
    seed += OFFSETS["duplicate"]
    game = Game(deal_for(seed, index))
    table: list[Player] = [make_player("normal") for _ in range(game.players)]
    if rotation >= 0:
        table[rotation] = duplicate_player(kind, seed + index * 8 + rotation, strong_ms,
                                           worlds, candidate)
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        player = table[seat]
        if isinstance(player, PerfectInfoReference):
            player.game = game
        game.apply(player.choose(game.observation(seat)).action)
    audits = audit(game)
    o = game.outcome
    return {
        "kind": kind, "index": index, "rotation": rotation,
        "deal": [list(h) for h in game.deal.hands],
        "decided": o is not None and o.kind is EndKind.WIN,
        "winner": o.winner if o is not None and o.kind is EndKind.WIN else None,
        "points": [a.points for a in audits],
        "violations": [a.violations for a in audits],
        "missed_u": [a.missed_u for a in audits],
        "wrong_call": [int(a.wrong_call) for a in audits],
    }


def duplicate_jobs(deals: int, seed: int, strong_ms: float, worlds: int | None = None,
                   candidate: str = "strong", ceiling_rotations: int = 4,
                   rotations: int = 4) -> list[tuple[str, int, int, int, float, int | None,
                                                     str]]:
    """Every game of the section: per deal the baseline, one game per rotation, and the
    ceiling at its first ``ceiling_rotations`` rotations (deal order, so a partial run
    pairs)."""
    jobs: list[tuple[str, int, int, int, float, int | None, str]] = []
    for d in range(deals):
        jobs.append(("base", d, -1, seed, strong_ms, worlds, candidate))
        for r in range(rotations):
            jobs.append(("strong", d, (d + r) % 4, seed, strong_ms, worlds, candidate))
        for r in range(ceiling_rotations):
            jobs.append(("ceiling", d, (d + r) % 4, seed, strong_ms, worlds, candidate))
    return jobs


def paired_mean(xs: list[float]) -> dict[str, Any]:
    """Mean over deals with a 95 % normal interval (the deal is the unit)."""
    c = mean_ci(xs)
    return {"value": c["mean"], "ci95": [c["lo"], c["hi"]]}


def ratio_ci(num: list[float], den: list[float],
             base_num: list[float] | None = None,
             base_den: list[float] | None = None) -> dict[str, Any]:
    """Σnum/Σden over deals (minus Σbase_num/Σbase_den on the same deals) with a 95 %
    interval from the deals' linearised contributions (delta method, paired)."""
    n = len(num)
    if n == 0 or sum(den) <= 0:
        return {"value": 0.0, "ci95": [0.0, 0.0]}
    r = sum(num) / sum(den)
    dbar = sum(den) / n
    infl = [(a - r * b) / dbar for a, b in zip(num, den, strict=True)]
    if base_num is not None and base_den is not None and sum(base_den) > 0:
        rb = sum(base_num) / sum(base_den)
        bbar = sum(base_den) / n
        infl = [x - (a - rb * b) / bbar
                for x, a, b in zip(infl, base_num, base_den, strict=True)]
        r -= rb
    half = 1.96 * statistics.stdev(infl) / math.sqrt(n) if n > 1 else 0.0
    return {"value": round(r, 4), "ci95": [round(r - half, 4), round(r + half, 4)]}


def _seat_counts(rows: list[dict[str, Any]], tested: bool) -> dict[str, int]:
    """lỗi, missed ù and wrong calls of the seats under test (or of the normal seats)."""
    out = {"violations": 0, "missed_u": 0, "wrong_calls": 0}
    for r in rows:
        for s in range(len(r["points"])):
            if (s == r["rotation"]) != tested:
                continue
            out["violations"] += r["violations"][s]
            out["missed_u"] += r["missed_u"][s]
            out["wrong_calls"] += r["wrong_call"][s]
    return out


def duplicate_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Pair every deal's rotations with its all-normal game (see bench docstring)."""
    base = {r["index"]: r for r in rows if r["kind"] == "base"}
    out: dict[str, Any] = {"deals": len(base)}
    out["baseline"] = {
        "games": len(base),
        "mean_diem": paired_mean([statistics.fmean(r["points"]) for r in base.values()]),
        "win_share": round(0.25 if any(r["decided"] for r in base.values()) else 0.0, 4),
        "decided": sum(r["decided"] for r in base.values()),
        "normal_seats": _seat_counts(list(base.values()), tested=False),
    }
    for kind in ("strong", "ceiling"):
        games = [r for r in rows if r["kind"] == kind]
        if not games:
            continue
        by_deal: dict[int, list[dict[str, Any]]] = {}
        for r in games:
            by_deal.setdefault(r["index"], []).append(r)
        deals = sorted(by_deal)
        pts, delta, wins, dec, bwins, bdec = [], [], [], [], [], []
        for d in deals:
            g, b = by_deal[d], base[d]
            p = [r["points"][r["rotation"]] for r in g]
            pts.append(statistics.fmean(p))
            delta.append(statistics.fmean(x - b["points"][r["rotation"]]
                                          for x, r in zip(p, g, strict=True)))
            wins.append(float(sum(r["winner"] == r["rotation"] for r in g)))
            dec.append(float(sum(r["decided"] for r in g)))
            bwins.append(float(sum(b["winner"] == r["rotation"] for r in g)))
            bdec.append(float(len(g) * b["decided"]))
        out[kind] = {
            "deals": len(deals),
            "games": len(games),
            "rotations": sorted({len(v) for v in by_deal.values()}),
            "mean_diem": paired_mean(pts),
            "mean_diem_delta": paired_mean(delta),
            "win_share": ratio_ci(wins, dec),
            "win_share_delta": ratio_ci(wins, dec, bwins, bdec),
            "win_share_of_all_games": round(sum(wins) / len(games), 4),
            "decided": int(sum(dec)),
            "seat": _seat_counts(games, tested=True),
            "normal_seats": _seat_counts(games, tested=False),
        }
    return out


def duplicate(deals: int, seed: int, workers: int, log: Callable[[str], None],
              strong_ms: float = DUPLICATE_STRONG_MS, worlds: int | None = None,
              candidate: str = "strong", ceiling_rotations: int = 1) -> dict[str, Any]:
    """The `duplicate` section: play every job (in parallel) and pair them over deals."""
    jobs = duplicate_jobs(deals, seed, strong_ms, worlds, candidate, ceiling_rotations)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    step = max(1, len(jobs) // 40)
    results: Iterable[dict[str, Any]]
    pool = mp.Pool(workers) if workers > 1 else None
    results = pool.imap_unordered(play_duplicate, jobs, chunksize=1) if pool is not None \
        else map(play_duplicate, jobs)
    try:
        for r in results:
            rows.append(r)
            if len(rows) % step == 0 or len(rows) == len(jobs):
                dt = time.perf_counter() - t0
                eta = dt / len(rows) * (len(jobs) - len(rows))
                log(f"duplicate: {len(rows)}/{len(jobs)} games, {dt:.0f}s, eta {eta:.0f}s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    rows.sort(key=lambda r: (r["index"], r["kind"], r["rotation"]))
    out = duplicate_summary(rows)
    out.update({"seed": seed, "offset": OFFSETS["duplicate"], "candidate": candidate,
                "strong_budget_ms": None if worlds is not None else strong_ms,
                "strong_worlds": worlds, "ceiling_rotations": ceiling_rotations,
                "seconds": round(time.perf_counter() - t0, 1)})
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true",
                    help="a small run (40 strong games, 200 vs random, 400 audited)")
    ap.add_argument("--games", type=int, help="games for every section (overrides)")
    ap.add_argument("--strong-games", type=int, default=500)
    ap.add_argument("--random-games", type=int, default=2000)
    ap.add_argument("--audit-games", type=int, default=10000)
    ap.add_argument("--latency-games", type=int, default=20)
    ap.add_argument("--strong-samples", type=int, default=60,
                    help="decisions timed for the strong player")
    ap.add_argument("--strong-ms", type=float, default=STRONG_BENCH_MS,
                    help="the strong player's budget per decision in the strong section")
    ap.add_argument("--deals", type=int, default=1000,
                    help="deals of the duplicate section (each played 4 + 1 + ceiling times)")
    ap.add_argument("--duplicate-ms", type=float, default=DUPLICATE_STRONG_MS,
                    help="the strong seat's budget per searched decision in `duplicate`")
    ap.add_argument("--duplicate-worlds", type=int, default=None,
                    help="a fixed number of worlds instead of the time budget (reproducible)")
    ap.add_argument("--candidate", default="strong",
                    help="the level under test in `duplicate` (strong; normal checks parity)")
    ap.add_argument("--ceiling-rotations", type=int, default=1, choices=range(5),
                    help="rotations per deal played by the perfect-information ceiling")
    ap.add_argument("--seed", type=int, default=20241121)
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--sections", default="latency,random,audit,strong",
                    help="comma-separated: latency, random, audit, strong, duplicate")
    ap.add_argument("--baseline", type=Path, metavar="DIR",
                    help="run old (DIR, another checkout) and new side by side "
                         "(bench/side_by_side.py)")
    ap.add_argument("--rounds", type=int, default=5,
                    help="with --baseline: runs of each, alternating")
    args = ap.parse_args(argv)
    if args.baseline is not None:
        from side_by_side import main_of
        return main_of("ai.py", sys.argv[1:] if argv is None else argv, args.baseline,
                       args.rounds, "--json" in (sys.argv[1:] if argv is None else argv))
    if args.quick:
        args.strong_games, args.random_games, args.audit_games = 40, 200, 400
        args.latency_games, args.strong_samples = 6, 15
    if args.games is not None:
        args.strong_games = args.random_games = args.audit_games = args.games

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    report: dict[str, Any] = {
        "seed": args.seed,
        "workers": args.workers,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "offsets": OFFSETS,
        "strong_bench_budget_ms": args.strong_ms,
    }
    t0 = time.perf_counter()
    if "latency" in sections:
        report["latency"] = latency(args.seed, args.latency_games, args.strong_samples, log)
    if "random" in sections:
        rows = run_section("random", args.random_games, args.seed, args.workers, log)
        report["normal_vs_random"] = head_to_head(rows)
    if "audit" in sections:
        rows = run_section("audit", args.audit_games, args.seed, args.workers, log)
        report["normal_audit"] = {
            "games": len(rows),
            "seats": 4 * len(rows),
            "violations": sum(r["all_violations"] for r in rows),
            "missed_u": sum(r["all_missed_u"] for r in rows),
            "wrong_calls": sum(r["all_wrong_calls"] for r in rows),
            "missed_chiu": sum(r["all_missed_chiu"] for r in rows),
            "won_games": sum(r["decided"] for r in rows),
        }
    if "strong" in sections:
        rows = run_section("strong", args.strong_games, args.seed, args.workers, log,
                           args.strong_ms)
        report["strong_vs_normal"] = head_to_head(rows)
    if "duplicate" in sections:
        report["duplicate"] = duplicate(args.deals, args.seed, args.workers, log,
                                        args.duplicate_ms, args.duplicate_worlds,
                                        args.candidate, args.ceiling_rotations)
    report["seconds"] = round(time.perf_counter() - t0, 1)
    report["targets"] = targets(report)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 0


def targets(report: dict[str, Any]) -> dict[str, bool]:
    """Which of the issue's targets the figures meet."""
    out: dict[str, bool] = {}
    lat = report.get("latency")
    if lat:
        out["normal_p95_le_50ms"] = lat["normal"]["p95_ms"] <= 50
        out["strong_p95_le_1s"] = lat["strong"]["p95_ms"] <= 1000
    if "normal_vs_random" in report:
        out["normal_vs_random_ge_50pct"] = \
            report["normal_vs_random"]["win_share_of_won_games"] >= 0.5
    if "strong_vs_normal" in report:
        s = report["strong_vs_normal"]
        out["strong_vs_normal_ge_40pct"] = s["win_share_of_won_games"] >= 0.4
        out["strong_clean"] = s["violations"] == s["missed_u"] == s["wrong_calls"] == 0
    dup = report.get("duplicate")
    if dup and "strong" in dup:
        s = dup["strong"]
        out["duplicate_mean_diem_delta_ci_above_0"] = s["mean_diem_delta"]["ci95"][0] > 0
        out["duplicate_win_share_ge_28pct"] = s["win_share"]["value"] >= 0.28
        seats = [s["seat"], s["normal_seats"], dup["baseline"]["normal_seats"]]
        out["duplicate_clean"] = all(sum(c.values()) == 0 for c in seats)
    if "normal_audit" in report:
        a = report["normal_audit"]
        out["normal_clean"] = a["violations"] == a["missed_u"] == a["wrong_calls"] == 0
    return out


if __name__ == "__main__":
    sys.exit(main())
