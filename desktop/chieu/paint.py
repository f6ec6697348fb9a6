"""Drawing primitives of the chiếu: panels, text that fits, cards with shadows and glows.

Every text drawn here, and every card given a Hit, is recorded in the frame's HitMap (texts
for the layout tests, cards for the widget's clicks). Surfaces that are drawn again every
frame (panels, halos) are made once per size and kept in a cache the Scene owns.
"""

from __future__ import annotations

from desktop.chieu.faces import AnyCard, CardArt
from desktop.chieu.hitmap import Hit, HitMap
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color, Face, TextCache

CREAM: Color = (250, 240, 216)
DIM: Color = (214, 196, 160)
GOLD: Color = (242, 196, 80)
RED: Color = (190, 40, 32)
PANEL: Color = (46, 30, 16)

Anchor = str  # pygame.Rect attribute a text is placed by: "midleft", "center", "topright" …


class Painter:
    """Draws onto one surface for one frame, recording what went where."""

    def __init__(self, surface: pygame.Surface, hits: HitMap, u: float, text: TextCache,
                 art: CardArt, panels: dict[tuple[object, ...], pygame.Surface]) -> None:
        self.surface = surface
        self.hits = hits
        self.u = u
        self.text = text
        self.art = art
        self._panels = panels

    def px(self, design: float) -> int:
        """A design length in pixels."""
        return max(1, round(design * self.u))

    def font_px(self, design: float) -> int:
        """A design font size in pixels: below the design size text shrinks more slowly
        than the layout (√u), so a 1024 × 640 chiếu stays readable.
        """
        u = self.u if self.u >= 1 else self.u ** 0.5
        return max(7, round(design * u))

    # ------------------------------------------------------------------ panels

    def panel(self, rect: pygame.Rect, alpha: int = 150, radius: float = 10,
              color: Color = PANEL, outline: Color | None = None) -> None:
        """A translucent rounded panel (cached per size and style)."""
        r = self.px(radius)
        key = ("panel", rect.w, rect.h, alpha, r, color, outline)
        surface = self._panels.get(key)
        if surface is None:
            surface = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(surface, (*color, alpha), surface.get_rect(), border_radius=r)
            if outline is not None:
                pygame.draw.rect(surface, outline, surface.get_rect(), self.px(2),
                                 border_radius=r)
            if len(self._panels) > 200:
                self._panels.clear()
            self._panels[key] = surface
        self.surface.blit(surface, rect)

    # ------------------------------------------------------------------ text

    def _fit(self, text: str, face: Face, size: float, width: int, min_size: float,
             alternatives: tuple[str, ...], height: int | None = None) -> tuple[str, int]:
        """The text (or a shorter alternative) and pixel size that fit `width` × `height`."""
        px, min_px = self.font_px(size), self.font_px(min_size)
        if height is not None:
            while px > min_px and self.text.font(face, px).get_height() > height:
                px -= 1
        chosen = text
        for option in (text, *alternatives):
            if self.text.size(option, face, px)[0] <= width:
                chosen = option
                break
        else:
            chosen = alternatives[-1] if alternatives else text
        return self.text.fit(chosen, face, px, width, min_px)

    def measure(self, text: str, face: Face, size: float, width: int, min_size: float = 9,
                alternatives: tuple[str, ...] = ()) -> int:
        """How wide `label` would draw `text` in a box `width` wide."""
        fitted, px = self._fit(text, face, size, width, min_size, alternatives)
        return self.text.size(fitted, face, px)[0] if fitted else 0

    def label(self, text: str, face: Face, size: float, color: Color, box: pygame.Rect,
              anchor: Anchor = "center", role: str = "text", min_size: float = 9,
              alternatives: tuple[str, ...] = ()) -> pygame.Rect:
        """Draw `text` inside `box`, placed by `anchor`: shrunk, or cut with '…', to fit.

        `alternatives` are shorter texts tried, in order, before shrinking below `size`.
        Returns the rect drawn (empty when nothing fitted).
        """
        fitted, px = self._fit(text, face, size, box.w, min_size, alternatives, box.h)
        if not fitted:
            return pygame.Rect(box.x, box.y, 0, 0)
        rendered = self.text.render(fitted, face, px, color)
        rect = rendered.get_rect()
        setattr(rect, anchor, getattr(box, anchor))
        if rect.h <= box.h:
            rect.clamp_ip(box)
        self.surface.blit(rendered, rect)
        self.hits.text((rect.x, rect.y, rect.w, rect.h), fitted, role)
        return rect

    def wrap(self, text: str, face: Face, size: float, color: Color, box: pygame.Rect,
             role: str = "text", min_size: float = 10) -> list[pygame.Rect]:
        """Draw `text` wrapped into the lines that fit `box` (shrinking, then cutting)."""
        px, min_px = self.font_px(size), self.font_px(min_size)
        while True:
            lines = self._lines(text, face, px, box.w)
            height = self.text.font(face, px).get_linesize()
            if len(lines) * height <= box.h or px <= min_px:
                break
            px -= 1
        keep = max(1, box.h // height)
        if len(lines) > keep:
            lines = [*lines[: keep - 1], " ".join(lines[keep - 1:])]
        out: list[pygame.Rect] = []
        y = box.y
        for line in lines:
            fitted, _ = self.text.fit(line, face, px, box.w, px)
            if not fitted:
                continue
            rendered = self.text.render(fitted, face, px, color)
            rect = rendered.get_rect(topleft=(box.x, y))
            self.surface.blit(rendered, rect)
            self.hits.text((rect.x, rect.y, rect.w, rect.h), fitted, role)
            out.append(rect)
            y += height
        return out

    def _lines(self, text: str, face: Face, px: int, width: int) -> list[str]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}" if line else word
                if line and self.text.size(trial, face, px)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    # ------------------------------------------------------------------ cards

    def card(self, card: AnyCard | None, rect: pygame.Rect, hit: Hit | None = None,
             glow: Color | None = None, shadow: bool = True) -> None:
        """A card face (a back when `card` is None) at `rect`, with a shadow and a glow."""
        if glow is not None:
            self.glow(rect, glow)
        sprite = self.art.sprite(card, rect.w, rect.h, self.px(2) if shadow else 0)
        self.surface.blit(sprite, rect.topleft)
        if hit is not None:
            self.hits.add((rect.x, rect.y, rect.w, rect.h), hit)

    def glow(self, rect: pygame.Rect, color: Color) -> None:
        """A soft coloured halo around `rect`."""
        spread = self.px(5)
        key = ("glow", rect.w, rect.h, spread, color)
        halo = self._panels.get(key)
        if halo is None:
            halo = pygame.Surface((rect.w + 2 * spread, rect.h + 2 * spread), pygame.SRCALPHA)
            for i in range(spread):
                alpha = round(200 * ((i + 1) / spread) ** 2)
                pygame.draw.rect(halo, (*color, alpha), halo.get_rect().inflate(-2 * i, -2 * i),
                                 1, border_radius=self.px(8))
            if len(self._panels) > 200:
                self._panels.clear()
            self._panels[key] = halo
        self.surface.blit(halo, (rect.x - spread, rect.y - spread))

    def outline(self, rect: pygame.Rect, color: Color, width: float = 2) -> None:
        """A rounded outline just outside `rect`."""
        w = self.px(width)
        pygame.draw.rect(self.surface, color, rect.inflate(2 * w, 2 * w), w,
                         border_radius=self.px(6))

    def badge(self, text: str, point: tuple[int, int], color: Color, size: float = 12,
              role: str = "badge", anchor: Anchor = "center") -> pygame.Rect:
        """A rounded pill with `text` in cream, placed by `anchor` at `point`."""
        px = self.font_px(size)
        rendered = self.text.render(text, Face.SANS_BOLD, px, CREAM)
        pill = rendered.get_rect().inflate(self.px(12), self.px(2))
        setattr(pill, anchor, point)
        pygame.draw.rect(self.surface, color, pill, border_radius=pill.h // 2)
        pygame.draw.rect(self.surface, CREAM, pill, max(1, self.px(1)), border_radius=pill.h // 2)
        rect = rendered.get_rect(center=pill.center)
        self.surface.blit(rendered, rect)
        self.hits.text((pill.x, pill.y, pill.w, pill.h), text, role)
        return pill

    def arrow(self, start: tuple[float, float], end: tuple[float, float], color: Color) -> None:
        """A small arrow from `start` to `end` (the fonts carry no arrow glyphs)."""
        width = max(1, self.px(2))
        pygame.draw.line(self.surface, color, start, end, width)
        head = self.px(5)
        direction = 1 if end[0] >= start[0] else -1
        x, y = end
        pygame.draw.polygon(self.surface, color, [
            end, (x - direction * head, y - head * 0.7), (x - direction * head, y + head * 0.7)])
