"""Card faces of our own design, drawn at runtime and cached per size (RULES R1, TOTOM T1).

A face is tall and narrow like a real Chắn card: the Hán rank character at the top, the
Vietnamese name in the middle, the Hán suit character below it and the code (R1.3) at the
foot, on cream paper with an ink frame. Red cards (R1.4) are printed in vermilion with a red
frame; Chi chi, whose inscription our sources do not give, shows its name in a red cartouche.

Tổ tôm is played with the same printed cards plus five (TOTOM T1.2, T1.3): a Tổ tôm card of a
kind Chắn has is drawn as Chắn's, pixel for pixel. The three nhất are suited cards like the
others, with 一 at the top. Ông cụ and thang thang are yêu đỏ like chi chi: their names in a
red cartouche, and in its middle, where chi chi has a lozenge, a paper medallion with one Hán
character for the picture the printed card shows (T1.2): 老 (lão, "old" — the card's other
name is ông lão; the character began as an old man leaning on a stick) on ông cụ, and 好, a
woman 女 beside a child 子, on thang thang ("Nay em đã có con bồng con mang", seed 002).
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, TypeAlias

from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color, Face, TextCache
from engine.chan import RANK_HAN, SUIT_HAN, Card

if TYPE_CHECKING:  # Chắn's chiếu never loads Tổ tôm's cards (its start-up stays as it was)
    from engine.totom.cards import Card as TomCard

RATIO = 3.1  # height / width of a card
PAPER: Color = (245, 236, 212)
PAPER_EDGE: Color = (196, 172, 128)
INK: Color = (34, 28, 24)
VERMILION: Color = (186, 36, 28)
MUTED: Color = (120, 98, 70)
BACK: Color = (118, 34, 30)
GOLD: Color = (214, 176, 92)

_NOISE_SIZE = 96
NAMED_WIDTH = 28  # pixels: a narrower face leaves out the Vietnamese name (no room)

AnyCard: TypeAlias = "Card | TomCard"  # a card of either game: one set of printed cards (T1.3)
Printed = Card | str  # what a face is drawn from: Chắn's card, or the code of one Chắn lacks
NEW_CODES = ("1v", "1n", "1s", "oc", "tt")  # the five kinds only Tổ tôm has (TOTOM T1.2)
# the emblems of the two yêu đỏ Chắn lacks (see the module docstring), and their names as two
# words, one above the emblem and one below, as chi chi's
YEU_DO: dict[str, tuple[str, str, str]] = {"oc": ("Ông", "cụ", "老"),
                                           "tt": ("Thang", "thang", "好")}


def printed(card: AnyCard) -> Printed:
    """The printed card `card` is: Chắn's own card for every kind Chắn has (the same face), the
    code for the five only Tổ tôm has (TOTOM T1.3). Both games' cards are int enums whose
    values overlap, so they are never mixed as keys."""
    if isinstance(card, Card):
        return card
    return _chan_by_code().get(card.code, card.code)


@functools.cache
def _chan_by_code() -> dict[str, Card]:
    """Chắn's cards by their codes, which Tổ tôm's cards of the same kinds share (T1.3)."""
    return {c.code: c for c in Card}


def card_height(width: float) -> int:
    """The height of a card `width` wide."""
    return round(width * RATIO)


def _noise_tile() -> pygame.Surface:
    """A small tile of paper grain and fibres, to be laid over plain paper (alpha only)."""
    rng = random.Random(1802)  # fixed: every run prints the same paper
    tile = pygame.Surface((_NOISE_SIZE, _NOISE_SIZE), pygame.SRCALPHA)
    for _ in range(_NOISE_SIZE * _NOISE_SIZE // 3):
        x, y = rng.randrange(_NOISE_SIZE), rng.randrange(_NOISE_SIZE)
        if rng.random() < 0.5:
            tile.set_at((x, y), (120, 96, 60, rng.randrange(10, 30)))
        else:
            tile.set_at((x, y), (255, 252, 240, rng.randrange(10, 40)))
    for _ in range(28):  # fibres
        fx, fy = rng.uniform(0, _NOISE_SIZE), rng.uniform(0, _NOISE_SIZE)
        dx, dy = rng.uniform(-9, 9), rng.uniform(-9, 9)
        color = (150, 120, 80, rng.randrange(18, 40))
        pygame.draw.aaline(tile, color, (fx, fy), (fx + dx, fy + dy))
    return tile


class CardArt:
    """Faces and backs of every card at any size, each drawn once per size."""

    def __init__(self, text: TextCache) -> None:
        self._text = text
        self._faces: dict[tuple[Printed, int, int], pygame.Surface] = {}
        self._papers: dict[tuple[int, int, bool], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._sprites: dict[tuple[Printed | None, int, int, int], pygame.Surface] = {}
        self._lying: dict[tuple[Printed, int, int, int], pygame.Surface] = {}
        self._tile: pygame.Surface | None = None

    # ------------------------------------------------------------------ public

    def face(self, card: AnyCard, width: int, height: int) -> pygame.Surface:
        """The face of `card`, `width` × `height` with transparent rounded corners."""
        kind = card if isinstance(card, Card) else printed(card)
        key = (kind, width, height)
        surface = self._faces.get(key)
        if surface is None:
            if isinstance(kind, str):
                assert not isinstance(card, Card)  # only Tổ tôm's cards print as a code
                surface = self._tom_face(card, width, height)
            else:
                surface = self._paper(width, height, kind.is_red).copy()
                if kind is Card.CC:
                    self._chi_chi(surface)
                else:
                    self._suited(surface, kind)
            self._faces[key] = surface
        return surface

    def back(self, width: int, height: int) -> pygame.Surface:
        """The back of a card: lacquer red with a gold lattice."""
        key = (width, height)
        surface = self._backs.get(key)
        if surface is None:
            surface = self._draw_back(width, height)
            self._backs[key] = surface
        return surface

    def sprite(self, card: AnyCard | None, width: int, height: int, shadow: int
               ) -> pygame.Surface:
        """What the scene blits: a face (or a back) with a soft shadow `shadow` pixels down
        and right baked in, run-length encoded (blits of mostly opaque cards are ~4× faster).
        """
        key = (card if card is None or isinstance(card, Card) else printed(card), width,
               height, shadow)
        sprite = self._sprites.get(key)
        if sprite is None:
            face = self.back(width, height) if card is None else self.face(card, width, height)
            sprite = self._shadowed(face, shadow, self._radius(width))
            self._sprites[key] = sprite
        return sprite

    @staticmethod
    def _shadowed(face: pygame.Surface, shadow: int, radius: int) -> pygame.Surface:
        """`face` with a soft shadow `shadow` pixels down and right, run-length encoded."""
        width, height = face.get_size()
        sprite = pygame.Surface((width + shadow, height + shadow), pygame.SRCALPHA)
        if shadow:
            body = pygame.Rect(shadow, shadow, width, height)
            pygame.draw.rect(sprite, (30, 18, 6, 60), body, border_radius=radius)
            pygame.draw.rect(sprite, (30, 18, 6, 100), body.inflate(-2, -2),
                             border_radius=radius)
        sprite.blit(face, (0, 0))
        sprite.set_alpha(255, pygame.RLEACCEL)
        return sprite

    def lying(self, card: AnyCard, width: int, height: int, shadow: int) -> pygame.Surface:
        """A card `width` × `height` turned a quarter left, with its shadow: a quân trùng
        laid across the meld it belongs to (TOTOM T3.8)."""
        key = (printed(card), width, height, shadow)
        surface = self._lying.get(key)
        if surface is None:
            if len(self._lying) > 200:
                self._lying.clear()
            turned = pygame.transform.rotate(self.face(card, width, height), 90)
            surface = self._shadowed(turned, shadow, self._radius(width))
            self._lying[key] = surface
        return surface

    # ------------------------------------------------------------------ paper and frame

    @staticmethod
    def _radius(width: int) -> int:
        return max(2, round(width * 0.14))

    def _paper(self, width: int, height: int, red: bool) -> pygame.Surface:
        key = (width, height, red)
        paper = self._papers.get(key)
        if paper is not None:
            return paper
        if self._tile is None:
            self._tile = _noise_tile()
        body = pygame.Surface((width, height), pygame.SRCALPHA)
        body.fill((*PAPER, 255))
        # a faint warm shade towards the ends, as old card stock yellows
        band = max(1, height // 9)
        for i in range(band):
            shade = _mix(PAPER, (214, 188, 136), 0.55 * (1 - i / band))
            pygame.draw.line(body, shade, (0, i), (width, i))
            pygame.draw.line(body, shade, (0, height - 1 - i), (width, height - 1 - i))
        for x in range(0, width, _NOISE_SIZE):
            for y in range(0, height, _NOISE_SIZE):
                body.blit(self._tile, (x, y))
        stroke = max(1, round(width / 36))
        inset = _inset(width)
        frame = VERMILION if red else INK
        inner = pygame.Rect(inset, inset, width - 2 * inset, height - 2 * inset)
        pygame.draw.rect(body, frame, inner, stroke, border_radius=max(1, inset // 2))
        if width >= 30:  # a second, hair-thin line inside the frame
            pygame.draw.rect(body, _mix(PAPER, frame, 0.45),
                             inner.inflate(-2 * stroke - 2, -2 * stroke - 2), 1,
                             border_radius=max(1, inset // 2))
        return self._rounded(body, PAPER_EDGE, key)

    def _rounded(self, body: pygame.Surface, edge: Color,
                 key: tuple[int, int, bool] | None = None) -> pygame.Surface:
        """`body` with its corners cut round and a one-pixel edge."""
        width, height = body.get_size()
        shape = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = self._radius(width)
        pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
        shape.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        pygame.draw.rect(shape, edge, shape.get_rect(), 1, border_radius=radius)
        if key is not None:
            self._papers[key] = shape
        return shape

    # ------------------------------------------------------------------ inscriptions

    def _ink(self, text: str, face: Face, px: int, color: Color) -> pygame.Surface:
        """Rendered text cropped to its ink (CJK line boxes are far taller than the glyphs)."""
        rendered = self._text.render(text, face, px, color)
        return rendered.subsurface(rendered.get_bounding_rect())

    def _suited(self, surface: pygame.Surface, card: Card) -> None:
        self._inscribe(surface, RANK_HAN[card.rank], "vns".index(card.suit or "v"), card.code,
                       card.name_vi, card.is_red, card.picture)

    def _tom_face(self, card: TomCard, width: int, height: int) -> pygame.Surface:
        """One of the five faces only Tổ tôm has (TOTOM T1.2): a nhất, ông cụ, thang thang."""
        surface = self._paper(width, height, card.is_red).copy()
        yeu_do = YEU_DO.get(card.code)
        if yeu_do is None:  # a nhất: its Hán is 一 and its suit's character
            self._inscribe(surface, card.han[0], "vns".index(card.suit or "v"), card.code,
                           card.name_vi, card.is_red, None)
        else:
            above, below, emblem = yeu_do
            box = self._cartouche(surface, card.code)
            # on a narrow card "Thang" cannot fit even at the smallest size: the emblem and
            # the code say which card it is (chi chi, drawn as Chắn always drew it, spills)
            if self._text.size(above, Face.SERIF_BOLD, self._name_px(box, above))[0] <= box.w:
                self._name(surface, box, above, below)
            self._medallion(surface, box, emblem)
        return surface

    def _inscribe(self, surface: pygame.Surface, rank_han: str, suit_index: int, code: str,
                  name_vi: str, red: bool, picture: str | None) -> None:
        """A suited face: rank character, name, suit character and code (module docstring)."""
        width, height = surface.get_size()
        ink = VERMILION if red else INK
        inset = _inset(width)
        inner_w = width - 2 * inset
        text = self._text
        pad = max(1, round(width * 0.08))
        han_px = max(7, round(inner_w * 0.86))
        rank_slot = round(han_px * 0.95)
        suit_px = max(7, round(han_px * 0.84))
        suit_slot = round(suit_px * 0.95)
        rank = self._ink(rank_han, Face.HAN, han_px, ink)
        suit = self._ink(SUIT_HAN[suit_index], Face.HAN, suit_px, ink)
        top = inset + pad
        _blit_centered(surface, rank, top + rank_slot / 2)
        bottom = height - inset - pad
        if width >= 20:
            foot = self._ink(code, Face.SANS_BOLD, max(7, round(width * 0.26)), ink)
            _blit_centered(surface, foot, bottom - foot.get_height() / 2)
            bottom -= foot.get_height() + pad
        _blit_centered(surface, suit, bottom - suit_slot / 2)
        middle_top = top + rank_slot + pad
        middle_bottom = bottom - suit_slot - pad
        if width < NAMED_WIDTH or middle_bottom - middle_top < 14:
            return
        rank_word, suit_word = name_vi.split(" ", 1)
        room = middle_bottom - middle_top
        name_px = max(7, min(round(width * 0.31), round(room / 2.7)))
        while name_px > 7 and text.size("Thất", Face.SERIF_BOLD, name_px)[0] > inner_w:
            name_px -= 1
        words = [(rank_word, Face.SERIF_BOLD, name_px, ink),
                 (suit_word, Face.SERIF_BOLD, name_px, VERMILION if red else MUTED)]
        step = round(text.font(Face.SERIF_BOLD, name_px).get_linesize() * 0.92)
        caption_px = max(7, round(name_px * 0.72))
        if picture is not None and room >= 2 * step + caption_px * 1.3:
            words.append((picture.split(" / ")[0], Face.SANS, caption_px, MUTED))
        lines = [text.render(*w) for w in words]
        heights = [step, step] + [round(line.get_height() * 0.9) for line in lines[2:]]
        y = (middle_top + middle_bottom) / 2 - sum(heights) / 2
        for line, h in zip(lines, heights, strict=True):
            surface.blit(line, line.get_rect(center=(width / 2, y + h / 2)))
            y += h

    def _chi_chi(self, surface: pygame.Surface) -> None:
        box = self._cartouche(surface, "cc")
        self._name(surface, box, "Chi", "chi")
        lozenge = max(2, round(box.width * 0.22))
        cx, cy = box.centerx, box.centery
        points = [(cx, cy - lozenge), (cx + lozenge, cy), (cx, cy + lozenge), (cx - lozenge, cy)]
        pygame.draw.polygon(surface, PAPER, points)

    def _cartouche(self, surface: pygame.Surface, code: str) -> pygame.Rect:
        """A yêu đỏ's face (chi chi's design): the code at the foot and a red cartouche, which
        is returned for the name and the emblem."""
        width, height = surface.get_size()
        inset = _inset(width)
        inner_w = width - 2 * inset
        pad = max(1, round(width * 0.08))
        bottom = height - inset - pad
        if width >= 20:
            foot = self._ink(code, Face.SANS_BOLD, max(7, round(width * 0.26)), VERMILION)
            _blit_centered(surface, foot, bottom - foot.get_height() / 2)
            bottom -= foot.get_height() + pad
        box = pygame.Rect(0, 0, round(inner_w * 0.84), bottom - inset - 2 * pad)
        box.midtop = (width // 2, inset + 2 * pad)
        radius = max(2, box.width // 2)
        pygame.draw.rect(surface, VERMILION, box, border_radius=radius)
        pygame.draw.rect(surface, _mix(VERMILION, PAPER, 0.5), box.inflate(-2 * pad, -2 * pad),
                         1, border_radius=radius)
        return box

    def _name_px(self, box: pygame.Rect, above: str) -> int:
        """The size of a name in a cartouche: as large as fits, down to the smallest size."""
        px = max(7, round(box.width * 0.5))
        while px > 7 and self._text.size(above, Face.SERIF_BOLD, px)[0] > box.width * 0.86:
            px -= 1
        return px

    def _name(self, surface: pygame.Surface, box: pygame.Rect, above: str, below: str) -> None:
        """The name written downwards in paper colour, `above` the cartouche's middle and
        `below` it."""
        px = self._name_px(box, above)
        for word, fy in ((above, 0.25), (below, 0.75)):
            glyphs = self._ink(word, Face.SERIF_BOLD, px, PAPER)
            _blit_centered(surface, glyphs, box.top + box.height * fy)

    def _medallion(self, surface: pygame.Surface, box: pygame.Rect, emblem: str) -> None:
        """A paper disc in the middle of a cartouche with a Hán emblem in vermilion."""
        radius = max(3, round(box.width * 0.46))
        pygame.draw.circle(surface, PAPER, box.center, radius)
        if radius >= 6:
            pygame.draw.circle(surface, _mix(VERMILION, PAPER, 0.35), box.center,
                               radius - max(1, radius // 8), 1)
        glyph = self._ink(emblem, Face.HAN, max(7, round(radius * 1.45)), VERMILION)
        _blit_centered(surface, glyph, box.centery)

    # ------------------------------------------------------------------ back

    def _draw_back(self, width: int, height: int) -> pygame.Surface:
        body = pygame.Surface((width, height), pygame.SRCALPHA)
        body.fill((*BACK, 255))
        step = max(6, round(width * 0.32))
        lattice = _mix(BACK, GOLD, 0.28)
        for x in range(-height, width + height, step):
            pygame.draw.line(body, lattice, (x, 0), (x + height, height))
            pygame.draw.line(body, lattice, (x + height, 0), (x, height))
        inset = _inset(width)
        inner = pygame.Rect(inset, inset, width - 2 * inset, height - 2 * inset)
        pygame.draw.rect(body, GOLD, inner, max(1, round(width / 30)),
                         border_radius=max(1, inset // 2))
        return self._rounded(body, (70, 18, 14))


def _mix(a: Color, b: Color, t: float) -> Color:
    """The colour t of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _inset(width: int) -> int:
    """Distance from a card's edge to its ink frame."""
    return max(2, round(width * 0.09))


def _blit_centered(surface: pygame.Surface, glyph: pygame.Surface, cy: float) -> None:
    """Blit `glyph` centred horizontally on `surface`, its middle at height `cy`."""
    surface.blit(glyph, glyph.get_rect(center=(surface.get_width() / 2, cy)))
