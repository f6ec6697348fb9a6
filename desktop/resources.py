"""Paths of the files under resources/, found relative to this code, never the working folder."""

from __future__ import annotations

from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
FONTS = RESOURCES / "fonts"


def resource(*parts: str) -> Path:
    """The path of a file under resources/ (raises FileNotFoundError when it is missing)."""
    path = RESOURCES.joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"missing resource {path} (is the resources/ folder shipped?)")
    return path


def font(name: str) -> Path:
    """The path of a font file in resources/fonts/."""
    return resource("fonts", name)
