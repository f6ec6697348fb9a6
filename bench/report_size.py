"""How large the HTML report is: prints figures (never asserts).

`python bench/report_size.py [--games 20] [--seed 7] [--levels L0,L1,L2,L3] [--peer DIR]`
self-plays a hội (this checkout's `chan-tutor selfplay`), writes `chan-tutor report` of it
and prints the page's KB per game (mean, smallest and largest game, each game on its own page)
and the share of it that is card markup. `--peer DIR` runs another checkout's program (e.g.
the previous version) on the same .chan.json, side by side.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CARD = re.compile(r"<i(?: class=\"[^\"]*\")?><b>\w\w</b>[^<]+</i>"  # this version's card
                  r"|<span class=\"card[^\"]*\"[^>]*><span class=\"code\">\w\w</span>[^<]+</span>")


def chan_tutor(checkout: Path, *argv: str) -> None:
    """Run a checkout's command line (its own packages first on the path)."""
    subprocess.run([sys.executable, "-m", "desktop", *argv], cwd=checkout, check=True,
                   capture_output=True, env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin"})


def figures(checkout: Path, source: Path, games: int, folder: Path) -> dict[str, float]:
    """The page sizes ``checkout`` writes for ``source``."""
    whole = folder / f"{checkout.name}-all.html"
    chan_tutor(checkout, "report", str(source), "--html", str(whole), "--force")
    one = []
    for n in range(games):
        page = folder / f"{checkout.name}-{n}.html"
        chan_tutor(checkout, "report", str(source), "--game", str(n), "--html", str(page),
                   "--force")
        one.append(page.stat().st_size / 1024)
    text = whole.read_text(encoding="utf-8")
    cards = CARD.findall(text)
    return {"kb_per_game": round(whole.stat().st_size / 1024 / games, 1),
            "one_game_kb_mean": round(statistics.mean(one), 1),
            "one_game_kb_min": round(min(one), 1), "one_game_kb_max": round(max(one), 1),
            "cards": len(cards),
            "bytes_per_card": round(sum(len(c.encode()) for c in cards) / max(1, len(cards)), 1),
            "card_share": round(sum(len(c.encode()) for c in cards) / len(text.encode()), 2)}


def main() -> None:
    """Print the figures as JSON lines: this checkout, then the peer's if asked."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default="normal,normal,normal,normal")
    parser.add_argument("--peer", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = folder / "hội.chan.json"
        chan_tutor(HERE, "selfplay", "--games", str(args.games), "--seed", str(args.seed),
                   "--levels", args.levels, "--out", str(source))
        for checkout in [HERE, *([args.peer] if args.peer else [])]:
            row = {"checkout": str(checkout), "games": args.games, "seed": args.seed,
                   "levels": args.levels, **figures(checkout, source, args.games, folder)}
            print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
