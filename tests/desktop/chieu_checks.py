"""Checks the chiếu tests of both games share: glyphs in the shipped fonts, a scene drawn
without Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from desktop.chieu.text import Face
from desktop.resources import font


def missing(face: Face, text: str) -> list[str]:
    """The characters of `text` the font has no glyph for."""
    from pygame import freetype  # after desktop.chieu.sdl imported pygame the cheap way

    if not freetype.get_init():
        freetype.init()
    loaded = freetype.Font(str(font(face.value)), 16)
    chars = sorted({c for c in text if not c.isspace()})
    return [c for c, m in zip(chars, loaded.get_metrics("".join(chars)), strict=True)
            if m is None]


def assert_scene_only(script: str) -> None:
    """`script`, run alone, drew without importing Qt, opening a window or starting audio."""
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    modules, inits = result.stdout.strip().splitlines()
    assert modules == "[]"
    assert inits == "False None True"
