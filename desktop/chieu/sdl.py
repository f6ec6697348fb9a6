"""Import pygame the cheap way: no banner, no pkg_resources, only the font module started.

`import pygame` pulls pkg_resources (~150 ms here) only for pygame.pkgdata's default-font
lookup, which the chiếu never uses (it loads its own fonts from resources/). `pygame.init()`
would also probe audio (~110 ms), so only `pygame.font` is initialised.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

_had_pkg_resources = "pkg_resources" in sys.modules
if not _had_pkg_resources:
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # makes the import fail fast
try:
    import pygame
    import pygame.font
finally:
    if not _had_pkg_resources:
        del sys.modules["pkg_resources"]


def init_fonts() -> None:
    """Start pygame's font module (idempotent; SDL video and audio stay untouched)."""
    if not pygame.font.get_init():
        pygame.font.init()


__all__ = ["init_fonts", "pygame"]
