"""The chiếu itself: a woven sedge mat with dyed borders, drawn once per size."""

from __future__ import annotations

import random

from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color

STRAW: Color = (214, 181, 118)
RED_DYE: Color = (158, 46, 38)
GREEN_DYE: Color = (64, 98, 62)
WARP: Color = (150, 116, 66)


def _mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _jitter(rng: random.Random, color: Color, amount: int) -> Color:
    d = rng.randint(-amount, amount)
    return (max(0, min(255, color[0] + d)), max(0, min(255, color[1] + d)),
            max(0, min(255, color[2] + round(d * 0.8))))


def _motif(row: int, col: int) -> bool:
    """A stepped lozenge chain, the classic pattern of a chiếu hoa border (9 strands high)."""
    r = abs(row - 4)
    c = col % 10
    c = min(c, 10 - c)
    return r + c in (4, 5) or r + c <= 1


def draw_mat(width: int, height: int, scale: float) -> pygame.Surface:
    """A woven mat `width` × `height`; `scale` is the layout unit (1 at 1280 × 800).

    Strands are drawn from a few prepared rows, each shifted in tone, so a 2560 × 1600 mat
    takes milliseconds, not a segment-by-segment loop.
    """
    rng = random.Random(1954)  # fixed: the same mat every time
    mat = pygame.Surface((width, height))
    mat.fill(STRAW)
    strand = max(2, round(4 * scale))
    segment = max(8, round(24 * scale))
    rows = height // strand + 1
    cols = width // segment + 2
    variants = []
    for _ in range(12):
        row = pygame.Surface((width, strand))
        for c in range(cols):
            row.fill(_jitter(rng, STRAW, 4), (c * segment, 0, segment, strand))
        variants.append(row)
    band = _band(width, strand, max(3, segment // 3), rng)
    band_top = max(1, round(14 * scale / strand))  # plain strands between the edge and a band
    skip = {*range(band_top, band_top + BAND_ROWS),
            *range(rows - band_top - BAND_ROWS, rows - band_top)}
    drift = 0.0
    for r in range(rows):
        drift = drift * 0.7 + rng.uniform(-5, 5)  # neighbouring strands are alike
        if r in skip:
            continue
        y = r * strand
        mat.blit(variants[rng.randrange(len(variants))], (0, y))
        d = round(abs(drift))
        if d:
            flag = pygame.BLEND_RGB_ADD if drift > 0 else pygame.BLEND_RGB_SUB
            mat.fill((d, d, round(d * 0.7)), (0, y, width, strand), special_flags=flag)
    mat.blit(band, (0, band_top * strand))
    mat.blit(band, (0, (rows - band_top - BAND_ROWS) * strand))
    # the roundness of each strand: a light line on top, a dark one below
    shade = pygame.Surface((width, strand), pygame.SRCALPHA)
    shade.fill((255, 246, 214, 50), (0, 0, width, 1))
    shade.fill((96, 64, 22, 46), (0, strand - 1, width, 1))
    for r in range(rows):
        mat.blit(shade, (0, r * strand))
    # warp threads: where the strands dip under them
    line = max(1, round(scale))
    warp = pygame.Surface((2 * line, height), pygame.SRCALPHA)
    warp.fill((*WARP, 80), (0, 0, line, height))
    warp.fill((255, 240, 200, 40), (line, 0, line, height))
    for c in range(cols):
        mat.blit(warp, (c * segment, 0))
    # a soft vignette towards the edges
    depth = max(8, round(70 * scale))
    for i in range(0, depth, max(1, round(scale))):
        alpha = round(70 * (1 - i / depth) ** 2)
        edge = pygame.Surface((width - 2 * i, max(1, round(scale))), pygame.SRCALPHA)
        edge.fill((60, 36, 10, alpha))
        side = pygame.Surface((max(1, round(scale)), height - 2 * i), pygame.SRCALPHA)
        side.fill((60, 36, 10, alpha))
        mat.blit(edge, (i, i))
        mat.blit(edge, (i, height - i - edge.get_height()))
        mat.blit(side, (i, i))
        mat.blit(side, (width - i - side.get_width(), i))
    return mat


BAND_ROWS = 9


def _band(width: int, strand: int, cell: int, rng: random.Random) -> pygame.Surface:
    """The dyed border band: green edges, a red lozenge chain on pale straw."""
    band = pygame.Surface((width, strand * BAND_ROWS))
    pale = _mix(STRAW, (236, 214, 160), 0.5)
    for row in range(BAND_ROWS):
        for c in range(width // cell + 1):
            if row in (0, BAND_ROWS - 1):
                color = _jitter(rng, GREEN_DYE, 4)
            elif _motif(row, c):
                color = _jitter(rng, RED_DYE, 5)
            else:
                color = _jitter(rng, pale, 3)
            band.fill(color, (c * cell, row * strand, cell, strand))
    return band


class MatCache:
    """The mat of the last sizes asked for."""

    def __init__(self) -> None:
        self._mats: dict[tuple[int, int], pygame.Surface] = {}

    def get(self, width: int, height: int, scale: float) -> pygame.Surface:
        """The mat for a surface `width` × `height`."""
        key = (width, height)
        mat = self._mats.get(key)
        if mat is None:
            if len(self._mats) >= 3:
                self._mats.clear()
            mat = draw_mat(width, height, scale)
            self._mats[key] = mat
        return mat
