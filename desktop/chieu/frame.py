"""One pixel buffer shared by a pygame Surface and a QImage: drawing needs no conversion.

The bytes are B, G, R, A per pixel — a 32-bit 0xAARRGGBB word on little-endian machines,
which is QImage.Format_RGB32/ARGB32 — so the widget wraps `buffer` in a QImage without
copying (issue 6: sharing the buffer cut a 1280×800 frame from 4.5 ms to 1.7 ms).
"""

from __future__ import annotations

import sys
from typing import Literal

from desktop.chieu.sdl import pygame

# On a big-endian machine the same word is A, R, G, B in memory.
PIXEL_ORDER: Literal["BGRA", "ARGB"] = "BGRA" if sys.byteorder == "little" else "ARGB"


class Frame:
    """A `width` × `height` drawing surface over a bytearray that stays put."""

    __slots__ = ("buffer", "height", "surface", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = max(1, width)
        self.height = max(1, height)
        self.buffer = bytearray(self.width * self.height * 4)
        self.surface = pygame.image.frombuffer(self.buffer, (self.width, self.height),
                                               PIXEL_ORDER)

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        return self.width, self.height

    @property
    def stride(self) -> int:
        """Bytes per row."""
        return self.width * 4
