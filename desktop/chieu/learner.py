"""The learner's own part of the chiếu: name plate and message, melds, prompts, and the hand
in its canonical groups — chắn, cạ, ba đầu, què (RULES R3.6).
"""

from __future__ import annotations

import math

from desktop.chieu.drawing import Drawing, hand_groups
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.labels import Lang, word
from desktop.chieu.layout import HAND_CARDS, HAND_LABEL, HAND_RAISE, Position, card_size
from desktop.chieu.paint import CREAM, DIM, GOLD, PANEL, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from desktop.chieu.view import Place, Prompt, Zone

HIGHLIGHT = (120, 220, 160)  # hand cards the controller points at (e.g. those that can eat)
HINTED = (255, 196, 40)  # the card and the button of the move a hint suggests
SECTIONS = ("chan", "ca", "ba_dau", "que")


def my_plate(d: Drawing) -> None:
    """The learner's name plate, and the controller's message under it."""
    p = d.p
    rect = d.layout.plate
    seat = d.obs.seat
    plate = d.layout.plates[Position.BOTTOM]
    d.plate(seat, plate, count=False)
    box = pygame.Rect(rect.x, plate.bottom + d.px(4), rect.w,
                      rect.bottom - plate.bottom - d.px(4))
    if d.view.message:
        p.panel(box, alpha=130, radius=8)
        p.wrap(d.view.message, Face.SANS, 14, CREAM,
               box.inflate(-d.px(16), -d.px(10)), role="message")


def my_mat(d: Drawing) -> None:
    """The learner's melds (bài dưới chiếu, R3.7)."""
    rect = d.layout.mat
    d.melds_and_hand(d.obs.seat, rect, None, center=True)


def prompts(d: Drawing) -> None:
    """The prompt buttons in a grid, and the claim window's countdown bar under them."""
    hinted = d.view.hinted
    draw_prompts(d.p, d.layout.prompts, d.view.prompts, d.view.countdown, d.view.hovered,
                 hinted.act.value if hinted is not None else None, d.lang)


def draw_prompts(p: Painter, rect: pygame.Rect, prompts: tuple[Prompt, ...],
                 countdown: float | None, hovered: Hit | None, hinted_key: str | None,
                 lang: Lang) -> None:
    """Prompt buttons in a grid inside `rect`, the countdown bar under them, the hinted one
    outlined (either game's chiếu)."""
    bar = p.px(8) if countdown is not None else 0
    if countdown is not None:
        track = pygame.Rect(rect.x, rect.bottom - p.px(6), rect.w, p.px(6))
        pygame.draw.rect(p.surface, PANEL, track, border_radius=track.h // 2)
        done = track.copy()
        done.w = round(track.w * max(0.0, min(1.0, countdown)))
        if done.w:
            pygame.draw.rect(p.surface, GOLD, done, border_radius=track.h // 2)
    if not prompts:
        return
    n = len(prompts)
    cols = 1 if n == 1 else 3 if n in (3, 5, 6) else 2  # three prompts fit one row
    rows = math.ceil(n / cols)
    gap = p.px(8)
    area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - bar)
    bw = (area.w - gap * (cols - 1)) // cols
    bh = min(p.px(46), (area.h - gap * (rows - 1)) // rows)
    top = area.y + (area.h - (rows * bh + (rows - 1) * gap)) // 2
    for k, prompt in enumerate(prompts):
        r, c = divmod(k, cols)
        button = pygame.Rect(area.x + c * (bw + gap), top + r * (bh + gap), bw, bh)
        hit = Hit(HitKind.BUTTON, key=prompt.key)
        lit = hovered == hit and prompt.enabled
        hinted = hinted_key == prompt.key
        if not prompt.enabled:
            p.panel(button, alpha=90, radius=10, outline=DIM)
        elif prompt.primary:
            p.panel(button, alpha=235, radius=10,
                    color=(214, 62, 48) if lit else (170, 38, 30), outline=GOLD)
        else:
            p.panel(button, alpha=220, radius=10,
                    color=(96, 68, 40) if lit else (62, 42, 24), outline=CREAM)
        color = CREAM if prompt.enabled else DIM
        label = prompt.label or word(f"btn_{prompt.key}", lang)
        inner = button.inflate(-p.px(10), -p.px(2))
        hint_h = p.text.font(Face.SANS, p.font_px(10)).get_height()
        size = 16  # the label gives way before the key hint does (small windows)
        label_h = p.text.font(Face.SANS_BOLD, p.font_px(size)).get_height()
        while size > 12 and label_h + hint_h > inner.h:
            size -= 1
            label_h = p.text.font(Face.SANS_BOLD, p.font_px(size)).get_height()
        if prompt.hint and label_h + hint_h <= inner.h:
            top_y = inner.y + (inner.h - label_h - hint_h) // 2
            p.label(label, Face.SANS_BOLD, size, color,
                    pygame.Rect(inner.x, top_y, inner.w, label_h), role="button")
            p.label(prompt.hint, Face.SANS, 10, DIM,
                    pygame.Rect(inner.x, top_y + label_h, inner.w, hint_h),
                    role="button_hint", min_size=8)
        else:
            p.label(label, Face.SANS_BOLD, 17, color, inner, role="button")
        if hinted:
            p.outline(button, HINTED, 3)
        if prompt.enabled:
            p.hits.add((button.x, button.y, button.w, button.h), hit)


def hand(d: Drawing) -> None:
    """The learner's hand in its canonical groups: chắn, cạ, ba đầu, què (R3.6)."""
    p = d.p
    rect = d.layout.hand
    groups = hand_groups(d.obs.hand)
    if not groups:
        return
    n = len(d.obs.hand)
    in_group, between, section_gap = d.px(2), d.px(8), d.px(28)
    sections = [s for s in SECTIONS if any(kind == s for kind, _ in groups)]
    fixed = ((n - len(groups)) * in_group + (len(groups) - len(sections)) * between
             + (len(sections) - 1) * section_gap)
    cw, ch = card_size(min((rect.w - fixed) / n, d.px(HAND_CARDS) / RATIO, d.px(54)))
    total = n * cw + fixed
    x = rect.x + (rect.w - total) // 2
    base_y = rect.bottom - d.px(HAND_LABEL) - ch
    anim_card = d.anim.card if d.anim is not None and d.anim.dst == Place(
        Zone.HAND, d.obs.seat) else None
    hide_at: int | None = None
    order = [card for _, group in groups for card in group]
    if anim_card is not None and anim_card in order:
        hide_at = len(order) - 1 - order[::-1].index(anim_card)
    selected_at = order.index(d.view.selected) if d.view.selected in order else None
    hinted = d.view.hinted_card()
    hinted_at = order.index(hinted) if hinted in order else None  # one copy of a chắn
    hovered = d.view.hovered
    index = 0
    previous: str | None = None
    section_start = x
    spans: list[tuple[str, int, int]] = []  # section, left, right
    for kind, group in groups:
        if previous is not None and kind != previous:
            spans.append((previous, section_start, x - between))
            x += section_gap - between
            section_start = x
        previous = kind
        for card in group:
            at = pygame.Rect(x, base_y, cw, ch)
            hit = Hit(HitKind.HAND, card=card, index=index)
            if index == selected_at:
                at.y -= d.px(HAND_RAISE)
            elif hovered == hit:
                at.y -= d.px(HAND_RAISE / 2)
            if index == hide_at:
                d.anchors[Place(Zone.HAND, d.obs.seat)] = at
            else:
                glow = HINTED if index == hinted_at else \
                    HIGHLIGHT if card in d.view.highlighted else None
                p.card(card, at, hit, glow=glow)
                if index == hinted_at:
                    p.outline(at, HINTED, 3)
                elif index == selected_at:
                    p.outline(at, CREAM, 2)
            index += 1
            x += cw + in_group
        x += between - in_group
    if previous is not None:
        spans.append((previous, section_start, x - between))
    if Place(Zone.HAND, d.obs.seat) not in d.anchors:
        middle = pygame.Rect(0, base_y, cw, ch)
        middle.centerx = rect.centerx
        d.anchors[Place(Zone.HAND, d.obs.seat)] = middle
    counts = {kind: sum(1 for k, _ in groups if k == kind) for kind in SECTIONS}
    _section_labels(d, spans, counts, section_gap)


def _section_labels(d: Drawing, spans: list[tuple[str, int, int]], counts: dict[str, int],
                    section_gap: int) -> None:
    """Under each section of the hand a bracket and its count: "5 chắn", "2 què"."""
    brackets(d.p, d.layout.hand.bottom - d.px(HAND_LABEL), d.px(HAND_LABEL), [
        (left, right, (f"{counts[kind]} {word(kind, d.lang)}", f"{counts[kind]} {word(kind, 'vi')}",
                       word(kind, "vi"))) for kind, left, right in spans], section_gap)


def brackets(p: Painter, label_y: int, height: int,
             spans: list[tuple[int, int, tuple[str, str, str]]], section_gap: int) -> None:
    """Under each section of a hand, from `left` to `right`, a gold bracket and a pill with its
    label: the first of the three texts that fits (either game's hand)."""
    for left, right, (long, short, shortest) in spans:
        box = pygame.Rect(left - section_gap // 2 + p.px(2), label_y,
                          right - left + section_gap - p.px(4), height)
        y = box.centery
        pygame.draw.line(p.surface, GOLD, (left, y), (right, y), max(1, p.px(1.5)))
        for end in (left, right):
            pygame.draw.line(p.surface, GOLD, (end, y), (end, y - p.px(5)),
                             max(1, p.px(1.5)))
        text_w = p.measure(long, Face.SANS_BOLD, 14, box.w - p.px(12),
                           alternatives=(short, shortest), min_size=9)
        pill = pygame.Rect(0, 0, min(box.w, text_w + p.px(14)), box.h - p.px(2))
        pill.center = box.center
        p.panel(pill, alpha=210, radius=9)
        p.label(long, Face.SANS_BOLD, 14, CREAM, pill.inflate(-p.px(8), 0),
                role="hand_label", alternatives=(short, shortest), min_size=9)
