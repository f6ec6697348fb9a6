"""Render the Tổ tôm chiếu's samples to PNG files, to look at (not committed).

    .venv/bin/python tools/screenshots_totom.py [--out /tmp/totom-shots]

Writes totom-<sample>-<lang>-<width>x<height>.png for every sample of
desktop/chieu/tom_samples.py — the opening with face-down khàn, the mid-game with every kind of
mat meld, the cho cái (at the count, and at card B), a won hand's arrangement, and the four-seat
tables — in Vietnamese and English at 1280×800 and 1024×640 (the mid-game also at 2560×1600, a
2× HiDPI surface), and totom-faces.png: the 30 faces at the widths the chiếu draws them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from desktop.chieu.faces import card_height
from desktop.chieu.frame import Frame
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.tom_scene import draw_tom
from engine.totom.cards import ALL_CARDS
from tests.tom_views import sample_views

SIZES = ((1280, 800), (1024, 640))
HIDPI = (2560, 1600)
FACE_WIDTHS = (54, 44, 36, 28, 22, 16)  # hand cards down to the smallest mat cards


def faces_sheet(scene: Scene, path: Path) -> None:
    """The 30 kinds in a row for each width, on the mat."""
    gap = 6
    width = 20 + len(ALL_CARDS) * (max(FACE_WIDTHS) + gap)
    height = 20 + sum(card_height(w) + 16 for w in FACE_WIDTHS)
    frame = Frame(width, height)
    frame.surface.blit(scene.mats.get(width, height, 1.0), (0, 0))
    y = 10
    for w in FACE_WIDTHS:
        x = 10
        for card in ALL_CARDS:
            frame.surface.blit(scene.art.sprite(card, w, card_height(w), 2), (x, y))
            x += w + gap
        y += card_height(w) + 16
    pygame.image.save(frame.surface, str(path))


def main() -> int:
    """Write the PNGs and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/totom-shots"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    scene = Scene()
    for lang in ("vi", "en"):
        for name, view in sample_views(lang).items():
            sizes = (*SIZES, HIDPI) if name == "midgame" and lang == "vi" else SIZES
            for width, height in sizes:
                frame = Frame(width, height)
                draw_tom(scene, frame.surface, view)
                path = args.out / f"totom-{name}-{lang}-{width}x{height}.png"
                pygame.image.save(frame.surface, str(path))
                print(path)
    path = args.out / "totom-faces.png"
    faces_sheet(scene, path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
