"""Write the pool of games Học's Tổ tôm offence drills (lessons/tom_loi.py) are drawn from.

Each game is a seeded deal played by the engine's beginner players in real mode with no
automations, some seats steered into offences (``lessons.tom_loi.play``). Playing them takes the
computer players a while, so their actions are kept in lessons/content/data/tom_loi_games.json
and a drill only replays them; tests/lessons/test_tom_loi.py checks that the file holds exactly
what ``play`` plays. Run this again when ``play`` or the engine's players change:

    .venv/bin/python tools/make_tom_loi_games.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lessons.tom_loi import GAMES_FILE, POOL, play


def main() -> None:
    """Play every game of the pool and write the file."""
    games = [{"seed": seed, "players": players, "actions": play(seed, players)}
             for players, count in sorted(POOL.items(), reverse=True) for seed in range(count)]
    doc = {"format": "chan-tutor-tom-loi-games", "version": 1,
           "about": "The games of Học's Tổ tôm offence drills (lessons/tom_loi.py), made by "
                    "tools/make_tom_loi_games.py: every action applied, in the engine's text "
                    "form, a claim's decline included.",
           "games": games}
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    GAMES_FILE.write_text(text.replace('{"seed"', '\n{"seed"') + "\n", encoding="utf-8")
    print(f"{len(games)} games → {GAMES_FILE}")


if __name__ == "__main__":
    main()
