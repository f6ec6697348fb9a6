"""Engine benchmarks: prints figures (never asserts a time). `python bench/engine.py --json`."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chan import hand as H
from engine.chan.cards import DECK, Card
from engine.chan.cuoc import WinFacts, detect, total
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.melds import Meld, MeldKind
from engine.chan.rules import LangRules


def _rate(n: int, fn: Callable[[], object], min_seconds: float) -> float:
    """Calls of ``fn`` (which does n items) per second, best of the repeats in min_seconds."""
    best = 0.0
    start = time.perf_counter()
    while True:
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        best = max(best, n / dt)
        if time.perf_counter() - start > min_seconds:
            return best


def random_games(games: int, seed: int) -> tuple[int, float]:
    """Random-legal full 4-player games (judging always on): (decisions, seconds)."""
    decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game(Deal.shuffled(seed + g))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions, time.perf_counter() - t0


def random_hands(n: int, size: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
    """(packed hand, hand size, mat chắn, card) with random melds standing in for the mat."""
    out = []
    for _ in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        melds = rng.randrange(0, 5)
        hand = deck[: size - 2 * melds]
        mat_chan = rng.randrange(0, melds + 1)
        out.append((H.pack(hand), len(hand), mat_chan, deck[size]))
    return out


def winning_hands(n: int, rng: random.Random) -> list[WinFacts]:
    """Random winning hands: 10 pairs with ≥ 6 chắn, some of them melds, and the W."""
    out: list[WinFacts] = []
    while len(out) < n:
        left = {k: 4 for k in range(25)}
        pairs: list[tuple[int, int]] = []
        n_chan = rng.randrange(6, 11)
        while len(pairs) < 10:
            k = rng.randrange(25)
            if len(pairs) < n_chan:
                if left[k] >= 2:
                    left[k] -= 2
                    pairs.append((k, k))
            elif k != 24:
                j = k // 3 * 3 + rng.randrange(3)
                if j != k and left[k] and left[j]:
                    left[k] -= 1
                    left[j] -= 1
                    pairs.append((k, j))
        rng.shuffle(pairs)
        melds = [Meld(MeldKind.CHAN if a == b else MeldKind.CA, (Card(a), Card(b)), Card(a))
                 for a, b in pairs[: rng.randrange(0, 5)]]
        hand = [c for p in pairs[len(melds):] for c in p]
        w = hand.pop(rng.randrange(len(hand)))
        h = H.pack(hand)
        if not H.is_winning(h, len(hand), sum(m.chan for m in melds), w):
            continue
        out.append(WinFacts(hand=h, hand_n=len(hand), mats=tuple(melds), card=Card(w),
                            chi=rng.random() < 0.3, thien_u=False, dia_u=rng.random() < 0.1,
                            chiu_u=False, bon_done=0, u_bon=False, pha_thien=False,
                            thong=rng.random() < 0.1))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print one JSON object (or a table)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=1.5, help="per micro-benchmark")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                    help="run old (DIR, another checkout) and new side by side "
                         "(bench/side_by_side.py)")
    parser.add_argument("--rounds", type=int, default=5,
                    help="with --baseline: runs of each, alternating")
    args = parser.parse_args(argv)
    if args.baseline is not None:
        from side_by_side import main_of
        return main_of("engine.py", sys.argv[1:] if argv is None else argv, args.baseline,
                       args.rounds, "--json" in (sys.argv[1:] if argv is None else argv))
    rng = random.Random(2026)

    decisions, secs = random_games(args.games, 1)
    hands20 = random_hands(20000, 19, rng)
    wins = winning_hands(2000, rng)
    for f in wins[:1000]:  # half of the ù checks are real wins
        hands20.append((f.hand, f.hand_n, sum(m.chan for m in f.mats), int(f.card or 0)))
    hands19 = random_hands(20000, 19, rng)
    is_winning, waits = H.is_winning, H.waits
    rules = LangRules(ga="rong")

    def u_checks() -> None:
        for h, n, m, w in hands20:
            is_winning(h, n, m, w)

    def wait_checks() -> None:
        for h, n, m, _ in hands19:
            waits(h, n, m)

    def scores() -> None:
        for f in wins:
            total(detect(f), rules)

    figures = {
        "decisions_per_s": round(decisions / secs),
        "judged_decisions_per_s": round(decisions / secs),
        "games": args.games,
        "mean_decisions_per_game": round(decisions / args.games, 1),
        "u_checks_per_s": round(_rate(len(hands20), u_checks, args.seconds)),
        "waits_per_s": round(_rate(len(hands19), wait_checks, args.seconds)),
        "scores_per_s": round(_rate(len(wins), scores, args.seconds)),
        "python": sys.version.split()[0],
        "note": "judging is part of every game: decisions_per_s is measured with it on",
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>26}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
