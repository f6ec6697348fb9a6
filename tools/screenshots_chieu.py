"""Render the chiếu of a mid-game position to PNG files, to look at (not committed).

    .venv/bin/python tools/screenshots_chieu.py [--out /tmp/chieu-shots] [--seed 11]

Writes chieu-<width>x<height>[-<variant>].png at 1280×800 and 1024×640 (the plain mid-game
position also at 2560×1600, a 2× HiDPI surface). Variants: en (English), open (a replay with
every hand open), anim (a discard in flight), early (the first turns), chiu (a chíu on a mat),
3p and 2p (smaller tables), over (the end of a game).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from desktop.chieu.frame import Frame
from desktop.chieu.samples import sample_game, sample_view
from desktop.chieu.scene import draw
from desktop.chieu.sdl import pygame
from desktop.chieu.view import Animation, AnimKind, ChieuView, Place, Zone

SIZES = ((1280, 800), (1024, 640), (2560, 1600))


def variants(seed: int) -> dict[str, ChieuView]:
    """The views to render: a busy mid-game, English, a replay with open hands, an animation."""
    base = sample_view(seed)
    game = sample_game(seed)
    hands = tuple(game.hand_cards(s) for s in range(game.players))
    top = base.obs.cua[base.obs.seat][-1] if base.obs.cua[base.obs.seat] else None
    return {
        "": base,
        "en": sample_view(seed, lang="en"),
        "open": dataclasses.replace(base, open_hands=hands, prompts=(), message="",
                                    countdown=None),
        "anim": dataclasses.replace(base, animation=Animation(
            AnimKind.DISCARD, top, Place(Zone.HAND, base.obs.seat),
            Place(Zone.CUA, base.obs.seat), 0.55)),
        "early": sample_view(seed + 1, noc_left=21),
        "chiu": sample_view(1, noc_left=6),
        "3p": sample_view(seed, players=3),
        "2p": sample_view(seed, players=2),
        "over": sample_view(seed, finish=True, busy=False),
    }


def main() -> int:
    """Write the PNGs and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/chieu-shots"))
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, view in variants(args.seed).items():
        for width, height in SIZES:
            if name and (width, height) == (2560, 1600):
                continue
            frame = Frame(width, height)
            draw(frame.surface, view)
            path = args.out / f"chieu-{width}x{height}{'-' + name if name else ''}.png"
            pygame.image.save(frame.surface, str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
