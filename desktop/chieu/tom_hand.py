"""The learner's own part of the Tổ tôm chiếu: name plate and message, mat, prompts, and the
hand of 20–25 cards sorted by suit — vạn, văn, sách, then the yêu đỏ — so that runs and phu bí
can be read off it (TOTOM T3.2, T3.3)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from desktop.chieu.drawing import name_plate
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.labels import word
from desktop.chieu.layout import card_size
from desktop.chieu.learner import HIGHLIGHT, HINTED, brackets, draw_prompts
from desktop.chieu.paint import CREAM, RED
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from desktop.chieu.tom_drawing import TomDrawing
from desktop.chieu.tom_layout import HAND_CARDS, HAND_LABEL, HAND_RAISE
from desktop.chieu.tom_melds import draw_meld

if TYPE_CHECKING:  # desktop reaches Tổ tôm's cards through the views it is given
    from engine.totom.cards import Card

SECTIONS = ("v", "n", "s", "yeu")
HAND_CAP = 54  # widest hand card


def suit_sections(hand: tuple[Card, ...]) -> list[tuple[str, tuple[Card, ...]]]:
    """The hand in its sections, each sorted by rank: vạn, văn, sách, yêu đỏ."""
    out = []
    for section in SECTIONS:
        cards = tuple(sorted((c for c in hand if (c.suit or "yeu") == section), key=int))
        if cards:
            out.append((section, cards))
    return out


def my_row(d: TomDrawing) -> None:
    """The learner's plate and the message under it, its mat, and the prompt buttons."""
    p = d.p
    view = d.view
    rect = d.layout.plate
    plate = d.layout.plates[0]
    p.panel(plate, alpha=185, radius=8)
    name_plate(p, plate, view.name(view.seat), d.acting(view.seat),
               Hit(HitKind.SEAT, seat=view.seat), None,
               (d.w("cai_badge"), RED) if view.seat == view.cai_seat else None)
    box = pygame.Rect(rect.x, plate.bottom + d.px(4), rect.w,
                      rect.bottom - plate.bottom - d.px(4))
    if view.message:
        p.panel(box, alpha=130, radius=8)
        p.wrap(view.message, Face.SANS, 14, CREAM, box.inflate(-d.px(16), -d.px(10)),
               role="message")
    if view.cho_cai is None:  # during the cho cái its ring takes the mat's place
        mat = d.layout.mat
        p.panel(mat, alpha=60, radius=10)
        melds = view.mat(view.seat)
        area = mat.inflate(-d.px(8), -d.px(8))
        cw, boxes = d.lay_melds(area, melds, min(area.h / RATIO, d.px(40)), center=True)
        for k, (meld, meld_box) in enumerate(zip(melds, boxes, strict=False)):
            draw_meld(p, meld, meld_box, cw, d.lang, Hit(HitKind.MAT, seat=view.seat, index=k))
    draw_prompts(p, d.layout.prompts, view.prompts, view.countdown, view.hovered,
                 view.hinted_key, d.lang)


def hand(d: TomDrawing) -> None:
    """The learner's hand in its suit sections, each with a bracket and its count."""
    p = d.p
    view = d.view
    rect = d.layout.hand
    sections = suit_sections(view.hand)
    if not sections:
        return
    n = len(view.hand)
    in_group, section_gap = d.px(2), d.px(26)
    fixed = (n - len(sections)) * in_group + (len(sections) - 1) * section_gap
    cw, ch = card_size(min((rect.w - fixed) / n, d.px(HAND_CARDS) / RATIO, d.px(HAND_CAP)))
    x = rect.x + (rect.w - n * cw - fixed) // 2
    base_y = rect.bottom - d.px(HAND_LABEL) - ch
    raised = Counter(view.selected)
    hinted = Counter(view.hinted_cards)
    index = 0
    spans: list[tuple[int, int, tuple[str, str, str]]] = []
    for section, cards in sections:
        left = x
        for card in cards:
            at = pygame.Rect(x, base_y, cw, ch)
            hit = Hit(HitKind.HAND, index=index, tom=card)
            chosen = raised[card] > 0
            hint = hinted[card] > 0
            raised[card] -= 1
            hinted[card] -= 1
            if chosen:
                at.y -= d.px(HAND_RAISE)
            elif view.hovered == hit:
                at.y -= d.px(HAND_RAISE / 2)
            glow = HINTED if hint else HIGHLIGHT if card in view.highlighted else None
            p.card(card, at, hit, glow=glow)
            if hint:
                p.outline(at, HINTED, 3)
            elif chosen:
                p.outline(at, CREAM, 2)
            index += 1
            x += cw + in_group
        key = f"sec_{section}"
        vi = word(key, "vi")  # narrow sections say it the short way, as Chắn's hand does
        spans.append((left, x - in_group, (f"{len(cards)} {d.w(key)}", f"{len(cards)} {vi}",
                                           vi)))
        x += section_gap - in_group
    brackets(p, rect.bottom - d.px(HAND_LABEL), d.px(HAND_LABEL), spans, section_gap)
