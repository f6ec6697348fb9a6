"""One drawing of one ChieuView: the state the parts of the chiếu share while they draw.

table.py draws what everyone sees (boards, seats, cửa, nọc), learner.py the learner's own
row and hand, scene.py puts them in order; a Drawing carries the view, the layout, the
painter and where the cards went (`anchors`, for a card in flight to leave from or land on).
"""

from __future__ import annotations

from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.labels import word
from desktop.chieu.layout import CHIU_STEP, MELD_STEP, POSITIONS, Layout, Position, flow
from desktop.chieu.paint import CREAM, DIM, GOLD, RED, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Color, Face
from desktop.chieu.view import ChieuView, Place, Zone
from engine.chan import Card, Meld, MeldKind, arrange

MELD_GAP = 1  # pixels between the cards of a pair on the mat


class Drawing:
    """The view being drawn, its layout and painter, and the places cards were drawn at."""

    def __init__(self, view: ChieuView, layout: Layout, painter: Painter) -> None:
        self.view = view
        self.obs = view.obs
        self.layout = layout
        self.p = painter
        self.lang = view.lang
        anim = view.animation
        self.anim = anim if anim is not None and anim.progress < 1 else None
        self.anchors: dict[Place, pygame.Rect] = {}

    def px(self, design: float) -> int:
        """A design length in pixels."""
        return self.p.px(design)

    def w(self, key: str) -> str:
        """A word in the view's language."""
        return word(key, self.lang)

    def position(self, seat: int) -> Position:
        """Where `seat` sits on the screen."""
        return POSITIONS[self.obs.players][(seat - self.obs.seat) % self.obs.players]

    def hides(self, place: Place, card: Card | None) -> bool:
        """Whether the card flying to `place` must not be drawn there yet."""
        return self.anim is not None and self.anim.dst == place and self.anim.card == card

    def plate(self, seat: int, rect: pygame.Rect, count: bool = True) -> None:
        """A seat's name plate: name, báo, card count; gold when it is this seat's turn."""
        obs = self.obs
        name_plate(self.p, rect, self.view.name(seat), seat == obs.actor and obs.outcome is None,
                   Hit(HitKind.SEAT, seat=seat),
                   f"{obs.hand_sizes[seat]} {self.w('cards')}" if count else None,
                   (self.w("bao"), RED) if obs.bao[seat] else None)

    def melds_and_hand(self, seat: int, area: pygame.Rect, hand: tuple[Card, ...] | None,
                       center: bool) -> None:
        """A seat's melds, then (in replays) its open hand, flowed into `area`."""
        melds = self.obs.mats[seat]
        groups = hand_groups(hand) if hand else []
        widths = [_meld_width(m) for m in melds] + [_group_width(len(g)) for _, g in groups]
        cap = area.h / RATIO
        laid = flow(area, widths, cap=min(cap, self.px(36)), floor=self.px(10),
                    gap=self.px(6), center=center)
        cw, ch = laid.card
        self.anchors[Place(Zone.MAT, seat)] = (
            laid.rects[len(melds) - 1] if melds else pygame.Rect(area.center, (cw, ch)))
        for k, meld in enumerate(melds):
            last = k == len(melds) - 1
            skip = last and self.hides(Place(Zone.MAT, seat), meld.taken)
            self.meld(meld, laid.rects[k], (cw, ch), seat, k, skip_taken=skip)
        index = 0
        for k, (_, group) in enumerate(groups):
            rect = laid.rects[len(melds) + k]
            self.p.panel(rect.inflate(self.px(4), self.px(4)), alpha=90, radius=4)
            for j, card in enumerate(group):
                at = pygame.Rect(rect.x + j * (cw + 1), rect.y, cw, ch)
                self.p.card(card, at, Hit(HitKind.OPEN, card=card, seat=seat, index=index),
                            shadow=False)
                index += 1

    def meld(self, meld: Meld, rect: pygame.Rect, size: tuple[int, int], seat: int, index: int,
             skip_taken: bool = False) -> None:
        """A meld on the mat, the taken card first (R3.7): a pair side by side; a chíu as a
        stack of its four cards, the top one whole, with its count."""
        chiu = meld.kind is MeldKind.CHIU
        step = (CHIU_STEP if chiu else MELD_STEP) * size[0] + (0 if chiu else MELD_GAP)
        for j, card in enumerate(meld.cards):
            if j == 0 and skip_taken:
                continue
            at = pygame.Rect(rect.x + round(j * step), rect.y, *size)
            self.p.card(card, at, Hit(HitKind.MAT, card=card, seat=seat, index=index),
                        shadow=not chiu or j == len(meld.cards) - 1)
        if chiu and size[0] >= self.px(14):
            top = pygame.Rect(rect.right - size[0], rect.y, *size)
            self.p.badge(f"×{len(meld.cards)}", (top.right, top.bottom), (150, 36, 28),
                         size=9, role="chiu_count", anchor="bottomright")


def name_plate(p: Painter, rect: pygame.Rect, name: str, acting: bool, hit: Hit,
               count: str | None, badge: tuple[str, Color] | None) -> None:
    """A seat's name plate (either game): the name, a badge, the count of its cards at the
    right; a gold frame and dot when it is this seat's turn."""
    if acting:  # the panel itself is part of the table
        pygame.draw.rect(p.surface, GOLD, rect, p.px(2), border_radius=p.px(8))
    p.hits.add((rect.x, rect.y, rect.w, rect.h), hit)
    pad = p.px(8)
    inner = rect.inflate(-2 * pad, 0)
    right = inner.right
    if count is not None:
        count_box = pygame.Rect(right - p.px(80), inner.y, p.px(80), inner.h)
        drawn = p.label(count, Face.SANS, 13, DIM, count_box, "midright", role="plate")
        right = drawn.x - p.px(6)
    if badge is not None:
        pill = p.badge(badge[0], (right, inner.centery), badge[1], 11, role="plate",
                       anchor="midright")
        right = pill.x - p.px(6)
    name_box = pygame.Rect(inner.x, inner.y, max(0, right - inner.x), inner.h)
    if acting:
        pygame.draw.circle(p.surface, GOLD, (inner.x + p.px(4), inner.centery), p.px(4))
        name_box = pygame.Rect(inner.x + p.px(14), inner.y, max(0, right - inner.x - p.px(14)),
                               inner.h)
    p.label(name, Face.SANS_BOLD, 15, GOLD if acting else CREAM, name_box, "midleft",
            role="plate")


def hand_groups(hand: tuple[Card, ...]) -> list[tuple[str, tuple[Card, ...]]]:
    """The canonical groups of some hand cards (R3.6), in the order they are drawn."""
    a = arrange(hand)
    return ([("chan", g) for g in a.chan] + [("ca", g) for g in a.ca]
            + [("ba_dau", g) for g in a.ba_dau] + [("que", (c,)) for c in a.que])


class _Width:
    """The width of a row of cards as a function of the card width (for layout.flow)."""

    __slots__ = ("cards", "extra", "step")

    def __init__(self, cards: int, step: float, extra: int) -> None:
        self.cards, self.step, self.extra = cards, step, extra

    def __call__(self, card_width: int) -> int:
        return (card_width + round((self.cards - 1) * self.step * card_width)
                + (self.cards - 1) * self.extra)


def _meld_width(meld: Meld) -> _Width:
    if meld.kind is MeldKind.CHIU:
        return _Width(len(meld.cards), CHIU_STEP, 0)
    return _Width(len(meld.cards), MELD_STEP, MELD_GAP)


def _group_width(cards: int) -> _Width:
    return _Width(cards, 1.0, 1)
