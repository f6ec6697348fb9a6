"""Tổ tôm's computer players (issue 22 item 6): prints figures, never asserts a time.

`python bench/tom_ai.py --games 10000 --json` measures, over all-normal games (five seats,
the default làng, real mode: no automation does a duty for them):
- the TN and TD causes the engine recorded against normal seats, by rule (target 0);
- the ù windows they let pass (target 0) and the phỗng they let pass;
- the share of kê (drawn) games with a 95 % interval, the wins per seat, the verdicts and the
  mean score of a paid ù;
- time per game, and per decision with a real choice (p50, p95, max).
Game i is dealt from seed + i with the cái at seat i % 5, each game on its own (no hội: the
figures are the game's, not the pool's).

`--sections duplicate --deals N` measures normal against beginner without the luck of the
deal: every deal is played five times with one normal seat (at each seat in turn) among four
beginners, and once with five beginners (the baseline). Per deal, the normal seat's wins and
paid points minus the baseline's at the same seat, averaged over the five rotations, is one
paired sample; `win_share` is the normal seat's share of the won games (parity 20 %) with a
95 % interval over deals (delta method), `win_share_delta` the same less the baseline's.
`--candidate beginner` checks parity (a zero delta). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai import paired_mean, ratio_ci, wilson
from engine.events import EndKind
from engine.totom import DEFAULT_RULES, Deal, TomGame
from engine.totom.ai import NormalPlayer, Player, make_player
from engine.totom.ai.selfplay import audit
from engine.totom.ai.value import DEFAULT_KNOBS

PLAYERS = DEFAULT_RULES.players
OFFSETS = {"selfplay": 0, "duplicate": 5_000_000}


def player_of(spec: str, seed: int) -> Player:
    """A player from ``level`` or ``normal:knob=value,...`` (a tuning candidate)."""
    level, _, knobs = spec.partition(":")
    if not knobs:
        return make_player(level, seed)
    if level != "normal":
        raise ValueError(f"knobs are the normal level's, not {level}'s")
    values = {k: float(v) for k, v in (kv.split("=") for kv in knobs.split(","))}
    return NormalPlayer(replace(DEFAULT_KNOBS, **values))


def deal_for(section: str, seed: int, index: int) -> Deal:
    """The deal of game ``index`` of a section (its cái at seat index % P)."""
    return Deal.shuffled(seed + OFFSETS[section] + index, DEFAULT_RULES, index % PLAYERS)


def play(game: TomGame, players: list[Player], timed: list[float] | None = None) -> TomGame:
    """Play to the end; the time of each decision with a real choice goes to ``timed``."""
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        t = time.perf_counter()
        action = players[seat].choose(obs).action
        if timed is not None and len(obs.legal) > 1:
            timed.append(time.perf_counter() - t)
        game.apply(action)
    return game


def play_selfplay(job: tuple[int, int, str]) -> dict[str, Any]:
    """One all-normal game (or all of ``--level``)."""
    index, seed, level = job
    players = [player_of(level, seed + s) for s in range(PLAYERS)]
    timed: list[float] = []
    t = time.perf_counter()
    game = play(TomGame(deal_for("selfplay", seed, index)), players, timed)
    spent = time.perf_counter() - t
    audits = audit(game)
    outcome = game.outcome
    assert outcome is not None
    return {
        "index": index,
        "seconds": spent,
        "decisions": timed,
        "winner": outcome.winner if outcome.kind is EndKind.WIN else None,
        "verdict": None if game.verdict is None else game.verdict.value,
        "offences": [list(a.offences) for a in audits],
        "missed_u": [a.missed_u for a in audits],
        "missed_phong": [a.missed_phong for a in audits],
        "score": sum(a.score for a in audits),
        "undercall": any(a.undercall for a in audits),
    }


def _pool_map(fn: Callable[[Any], dict[str, Any]], jobs: list[Any], workers: int,
              log: Callable[[str], None], label: str) -> list[dict[str, Any]]:
    """Run ``fn`` over ``jobs`` (in parallel), logging progress."""
    out: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    step = max(1, len(jobs) // 20)
    results: Iterable[dict[str, Any]]
    pool = mp.Pool(workers) if workers > 1 else None
    results = pool.imap_unordered(fn, jobs, chunksize=8) if pool is not None else map(fn, jobs)
    try:
        for r in results:
            out.append(r)
            if len(out) % step == 0 or len(out) == len(jobs):
                dt = time.perf_counter() - t0
                eta = dt / len(out) * (len(jobs) - len(out))
                log(f"{label}: {len(out)}/{len(jobs)}, {dt:.0f}s, eta {eta:.0f}s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return out


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def selfplay_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The all-normal figures (see the module docstring)."""
    n = len(rows)
    offences = Counter(rule for r in rows for seat in r["offences"] for rule in seat)
    ke = sum(r["winner"] is None for r in rows)
    wins = Counter(r["winner"] for r in rows if r["winner"] is not None)
    paid = [r["score"] for r in rows if r["verdict"] == "paid"]
    decisions = [d for r in rows for d in r["decisions"]]
    seconds = [r["seconds"] for r in rows]
    return {
        "games": n,
        "offences": sum(offences.values()),
        "offences_by_rule": dict(sorted(offences.items())),
        "missed_u": sum(sum(r["missed_u"]) for r in rows),
        "missed_phong": sum(sum(r["missed_phong"]) for r in rows),
        "missed_phong_per_game": round(sum(sum(r["missed_phong"]) for r in rows) / max(1, n), 3),
        "ke_share": round(ke / max(1, n), 4),
        "ke_share_ci95": list(wilson(ke, n)),
        "wins_per_seat": [wins.get(s, 0) for s in range(PLAYERS)],
        "verdicts": dict(Counter(r["verdict"] for r in rows if r["winner"] is not None)),
        "mean_paid_score": round(statistics.fmean(paid), 2) if paid else 0.0,
        "undercalls": sum(r["undercall"] for r in rows),
        "seconds_per_game": round(statistics.fmean(seconds), 4) if seconds else 0.0,
        "decision_ms": {"n": len(decisions),
                        "p50": round(_quantile(decisions, 0.5) * 1000, 2),
                        "p95": round(_quantile(decisions, 0.95) * 1000, 2),
                        "max": round(max(decisions, default=0.0) * 1000, 2)},
    }


def play_duplicate(job: tuple[int, int, int, str, str]) -> dict[str, Any]:
    """One game of a deal: ``rotation`` seats the candidate (-1: the all-baseline game)."""
    index, rotation, seed, candidate, baseline = job
    players = [player_of(candidate if s == rotation else baseline, seed + 7919 * index + s)
               for s in range(PLAYERS)]
    game = play(TomGame(deal_for("duplicate", seed, index)), players)
    audits = audit(game)
    outcome = game.outcome
    assert outcome is not None
    return {
        "index": index, "rotation": rotation,
        "winner": outcome.winner if outcome.kind is EndKind.WIN else None,
        "points": [a.score for a in audits],
        "offences": [len(a.offences) for a in audits],
        "missed_u": [a.missed_u for a in audits],
    }


def duplicate_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Pair every deal's rotations with its all-baseline game (see the module docstring)."""
    base = {r["index"]: r for r in rows if r["rotation"] < 0}
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        if r["rotation"] >= 0:
            by_deal.setdefault(r["index"], []).append(r)
    deals = sorted(by_deal)
    wins, dec, bwins, bdec, pts, delta = [], [], [], [], [], []
    for d in deals:
        games, b = by_deal[d], base[d]
        wins.append(float(sum(r["winner"] == r["rotation"] for r in games)))
        dec.append(float(sum(r["winner"] is not None for r in games)))
        bwins.append(float(sum(b["winner"] == r["rotation"] for r in games)))
        bdec.append(float(len(games) * (b["winner"] is not None)))
        p = [r["points"][r["rotation"]] for r in games]
        pts.append(statistics.fmean(p))
        delta.append(statistics.fmean(x - b["points"][r["rotation"]]
                                      for x, r in zip(p, games, strict=True)))
    cand = [r for r in rows if r["rotation"] >= 0]
    return {
        "deals": len(deals),
        "games": len(rows),
        "win_share": ratio_ci(wins, dec),
        "win_share_delta": ratio_ci(wins, dec, bwins, bdec),
        "win_share_of_all_games": round(sum(wins) / max(1, len(cand)), 4),
        "baseline_ke_share": round(sum(b["winner"] is None for b in base.values())
                                   / max(1, len(base)), 4),
        "mean_points": paired_mean(pts),
        "mean_points_delta": paired_mean(delta),
        "candidate_offences": sum(r["offences"][r["rotation"]] for r in cand),
        "candidate_missed_u": sum(r["missed_u"][r["rotation"]] for r in cand),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the sections asked for and print the figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="all-normal games (selfplay)")
    p.add_argument("--deals", type=int, default=500, help="deals (duplicate)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--sections", default="selfplay,duplicate")
    p.add_argument("--level", default="normal", help="every seat's level (selfplay)")
    p.add_argument("--candidate", default="normal",
                   help="a level, or normal:knob=value,... (duplicate)")
    p.add_argument("--baseline", default="beginner")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    report: dict[str, Any] = {"machine": {"python": platform.python_version(),
                                          "cpus": os.cpu_count(), "workers": args.workers},
                              "seed": args.seed}
    if "selfplay" in sections:
        rows = _pool_map(play_selfplay, [(i, args.seed, args.level) for i in range(args.games)],
                         args.workers, log, "selfplay")
        report["selfplay"] = selfplay_summary(rows)
    if "duplicate" in sections:
        jobs = [(d, r, args.seed, args.candidate, args.baseline)
                for d in range(args.deals) for r in range(-1, PLAYERS)]
        rows = _pool_map(play_duplicate, jobs, args.workers, log, "duplicate")
        report["duplicate"] = {"candidate": args.candidate, "baseline": args.baseline,
                               **duplicate_summary(rows)}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for section in ("selfplay", "duplicate"):
            for key, value in report.get(section, {}).items():
                print(f"{section}.{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
