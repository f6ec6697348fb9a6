"""Draw the program's icon into resources/icons/ (run once; the outputs are committed).

    .venv/bin/python tools/make_icon.py

Two of our own card faces — cửu vạn and chi chi, both red (RULES R1.4) — fanned on a
transparent square, drawn by the chiếu's card painter (desktop/chieu/faces.py), at 256, 64
and 32 pixels. The faces use only the shipped OFL font subsets, so the icon is ours to ship.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from desktop.chieu.faces import CardArt
from desktop.chieu.layout import card_size
from desktop.chieu.sdl import pygame
from desktop.chieu.text import shared_text
from engine.chan.cards import Card

OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (256, 64, 32)


def icon(size: int) -> pygame.Surface:
    """The icon at `size` × `size` pixels (drawn at 256 and scaled down smoothly)."""
    big = 256
    art = CardArt(shared_text())
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    w, h = card_size(76)
    for card, angle, dx in ((Card.V9, 14, -34), (Card.CC, -10, 34)):
        face = art.sprite(card, w, h, 4)
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        rect = turned.get_rect(center=(big // 2 + dx, big // 2 + 6))
        canvas.blit(turned, rect)
    return canvas if size == big else pygame.transform.smoothscale(canvas, (size, size))


def main() -> int:
    """Write chan-tutor-<size>.png for every size and print the paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = args.out / f"chan-tutor-{size}.png"
        pygame.image.save(icon(size), str(path))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
