"""Fonts from resources/fonts/ and a cache of rendered text (pygame.font only)."""

from __future__ import annotations

from enum import StrEnum

from desktop.chieu.sdl import init_fonts, pygame
from desktop.resources import font as font_path

Color = tuple[int, int, int]

MIN_PX = 7
_CACHE_LIMIT = 6000
# The longest text ever measured or rendered, in code points: far more than any line of the
# chiếu holds at any size. Text from elsewhere (a player's name of a million characters,
# issue 20) is cut to it first, so no cache key holds megabytes and no surface is miles wide.
MAX_TEXT = 256


class Face(StrEnum):
    """The shipped font files (subsets; see resources/fonts/README.md)."""

    SANS = "NotoSans-Regular-vi.ttf"
    SANS_BOLD = "NotoSans-Bold-vi.ttf"
    SERIF_BOLD = "NotoSerif-Bold-vi.ttf"
    HAN = "NotoSerifCJKtc-Bold-han.otf"


class TextCache:
    """Loaded fonts per (face, pixel size) and rendered text per (face, size, text, colour)."""

    def __init__(self) -> None:
        init_fonts()
        self._fonts: dict[tuple[Face, int], pygame.font.Font] = {}
        self._rendered: dict[tuple[Face, int, str, Color], pygame.Surface] = {}
        self._sizes: dict[tuple[Face, int, str], tuple[int, int]] = {}

    def font(self, face: Face, px: int) -> pygame.font.Font:
        """The font `face` at `px` pixels."""
        key = (face, max(MIN_PX, px))
        loaded = self._fonts.get(key)
        if loaded is None:
            loaded = pygame.font.Font(font_path(face.value), key[1])
            self._fonts[key] = loaded
        return loaded

    def render(self, text: str, face: Face, px: int, color: Color) -> pygame.Surface:
        """`text` drawn antialiased on a transparent surface (cached); an empty or invisible
        text (a zero-width space) is an empty surface, which pygame cannot render."""
        key = (face, max(MIN_PX, px), shown(text), color)
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) > _CACHE_LIMIT:
                self._rendered.clear()
            font = self.font(face, key[1])
            width, height = self.size(key[2], face, key[1])
            surface = font.render(key[2], True, color) if width > 0 \
                else pygame.Surface((0, height), pygame.SRCALPHA)
            self._rendered[key] = surface
        return surface

    def size(self, text: str, face: Face, px: int) -> tuple[int, int]:
        """Width and height `text` would take (cached)."""
        key = (face, max(MIN_PX, px), shown(text))
        found = self._sizes.get(key)
        if found is None:
            if len(self._sizes) > _CACHE_LIMIT:
                self._sizes.clear()
            found = self.font(face, key[1]).size(text)
            self._sizes[key] = found
        return found

    def fit(self, text: str, face: Face, px: int, width: int, min_px: int = MIN_PX
            ) -> tuple[str, int]:
        """Text and size that fit `width`: shrink down to `min_px`, then cut with an ellipsis."""
        px = max(min_px, px)
        text = shown(text)
        while px > min_px and self.size(text, face, px)[0] > width:
            px -= 1
        if self.size(text, face, px)[0] <= width:
            return text, px
        low, high = 0, len(text)  # the longest cut that fits lies in [low, high)
        while high - low > 1:
            middle = (low + high) // 2
            if self.size(text[:middle] + "…", face, px)[0] <= width:
                low = middle
            else:
                high = middle
        cut = text[:low].rstrip()
        return (cut + "…" if cut else ""), px


def shown(text: str) -> str:
    """`text` cut to MAX_TEXT code points (with '…'): all the chiếu ever draws of it."""
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


_shared: TextCache | None = None


def shared_text() -> TextCache:
    """The process-wide text cache (fonts are loaded once)."""
    global _shared
    if _shared is None:
        _shared = TextCache()
    return _shared
