"""The chiếu drawn by pygame: a pure scene, `draw(surface, view) -> HitMap` (DESIGN.md).

Importing this package loads pygame (fonts only) but never Qt; the Qt host widget lives in
`desktop.chieu.widget`.
"""

from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind, HitMap, TextBox
from desktop.chieu.scene import Scene, draw
from desktop.chieu.view import Animation, AnimKind, ChieuView, Place, Prompt, Zone

__all__ = [
    "AnimKind",
    "Animation",
    "ChieuView",
    "Frame",
    "Hit",
    "HitKind",
    "HitMap",
    "Place",
    "Prompt",
    "Scene",
    "TextBox",
    "Zone",
    "draw",
]
