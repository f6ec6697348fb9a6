"""The middle of the Tổ tôm chiếu when it is not the cửa: the cho cái (T2.5) — the piles in
their ring, the nọc taken out, card A in its khe, card B turned up, the piles counted from the
khe to the cái's — and at the end the winner's judged arrangement drawn as groups (T5.3).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from desktop.chieu.dealing import PILE_KEY
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.layout import card_size
from desktop.chieu.paint import CREAM, DIM, GOLD, RED
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from desktop.chieu.tom_drawing import TomDrawing
from desktop.chieu.tom_melds import draw_meld, meld_label
from desktop.chieu.tom_table import result_line
from desktop.chieu.tom_view import Arranged, ChoCai, ChoCaiStep

if TYPE_CHECKING:  # desktop reaches Tổ tôm's cards through the views it is given
    from engine.totom.cards import Card

CARD_BADGE = (90, 64, 36)
GROUP_KEY = "group"  # Hit(BUTTON, key=GROUP_KEY, index=g): a group of the arrangement


def _around(center: tuple[float, float], rx: float, ry: float, k: float, n: int
            ) -> tuple[int, int]:
    """Position `k` of `n` round an ellipse, the first at the bottom, going on in play order:
    anticlockwise seen from above (T2.1), which is anticlockwise on the screen too."""
    angle = math.radians(90 - k * 360 / n)
    return round(center[0] + rx * math.cos(angle)), round(center[1] + ry * math.sin(angle))


def cho_cai(d: TomDrawing) -> None:
    """The cho cái as far as its step (ChoCaiStep): the piles in a ring in play order, the nọc
    taken out to the right, A in its khe, B turned up, the piles numbered from the khe."""
    c = d.view.cho_cai
    if c is None:
        return
    p = d.p
    area = d.layout.center.union(d.layout.mat)  # nobody holds a card yet: no mat to show
    p.panel(area, alpha=70, radius=12)
    caption_h = d.px(46)
    badge_h = d.px(22)  # room above each pile for its number
    cw, ch = card_size(min(d.px(44), (area.h - caption_h - 2 * badge_h) * 0.34 / RATIO))
    aside = max(3 * cw, d.px(120))
    ring = pygame.Rect(area.x, area.y + badge_h, area.w - aside,
                       area.h - caption_h - badge_h)
    lift = max(1, round(d.layout.u * 2))
    ry = max(0, (ring.h - ch) // 2 - d.px(4))
    rx = min(max(0, (ring.w - cw) // 2 - d.px(24)), round(ry * 3.2))
    center = (ring.centerx, ring.centery)
    players = c.piles - 1
    ring_piles = [k for k in range(c.piles) if k != c.noc_pile]
    where: dict[int, tuple[int, int]] = {}
    if c.step < ChoCaiStep.NOC:
        for k in range(c.piles):
            where[k] = _around(center, rx, ry, k, c.piles)
    else:
        for i, k in enumerate(ring_piles):
            where[k] = _around(center, rx, ry, i, players)
        where[c.noc_pile] = (ring.right + aside // 2, ring.centery)
    boxes: dict[int, pygame.Rect] = {}
    for k, (x, y) in where.items():
        box = pygame.Rect(0, 0, cw, ch)
        box.center = (x, y)
        boxes[k] = box
        cai = c.step >= ChoCaiStep.COUNT and k == ring_piles[c.cai_pile]
        _pile(d, box, lift, c.pile_size, Hit(HitKind.BUTTON, key=PILE_KEY, index=k),
              GOLD if cai else None)
        if k == c.noc_pile and c.step >= ChoCaiStep.NOC:
            p.badge(d.w("noc"), (box.centerx, box.bottom + d.px(6)), CARD_BADGE, 12,
                    role="cho_cai", anchor="midtop")
    if c.step >= ChoCaiStep.A:
        at = pygame.Rect(0, 0, cw, ch)
        at.center = _around(center, rx, ry, c.khe - 0.5, players)
        p.card(c.a, at, glow=GOLD)
        p.badge("A", (at.centerx, at.bottom), CARD_BADGE, 11, role="cho_cai")
    if c.step >= ChoCaiStep.B:
        at = boxes[c.b_pile].move(round(cw * 0.5), -round(ch * 0.12))
        p.card(c.b, at, glow=CREAM)
        p.badge("B", (at.centerx, at.bottom), CARD_BADGE, 11, role="cho_cai")
    if c.step >= ChoCaiStep.COUNT:
        _count(d, c, boxes, ring_piles)
    _caption(d, c, pygame.Rect(area.x + d.px(12), area.bottom - caption_h, area.w - d.px(24),
                               caption_h - d.px(6)))


def _pile(d: TomDrawing, box: pygame.Rect, lift: int, size: int, hit: Hit,
          glow: tuple[int, int, int] | None) -> None:
    """A pile of cards face down: a few backs, as thick as it is, with its count."""
    layers = 3
    for k in range(layers):
        at = box.move(lift * (k - layers + 1), -lift * (k - layers + 1))
        d.p.card(None, at, glow=glow if k == 0 else None, shadow=k == 0)
    d.p.hits.add((box.x, box.y, box.w, box.h), hit)
    d.p.badge(str(size), box.center, (40, 26, 14), 10, role="pile_count")


def _count(d: TomDrawing, c: ChoCai, boxes: dict[int, pygame.Rect], ring: list[int]) -> None:
    """Each ring pile's number counted from the khe in play order (T2.5.5); the cái's pile
    says so."""
    players = c.piles - 1
    for i, k in enumerate(ring):
        number = (i - c.khe) % players + 1
        box = boxes[k]
        cai = i == c.cai_pile
        text = f"{number} · {d.w('cai_badge')}" if cai else str(number)
        d.p.badge(text, (box.centerx, box.y - d.px(5)), RED if cai else (60, 44, 28), 12,
                  role="cho_cai", anchor="midbottom")


def _caption(d: TomDrawing, c: ChoCai, box: pygame.Rect) -> None:
    """What has happened so far, one sentence a step (T2.5)."""
    lines = [d.w("cho_cai_piles").format(piles=c.piles, size=c.pile_size)]
    if c.step >= ChoCaiStep.NOC:
        lines.append(d.w("cho_cai_noc"))
    if c.step >= ChoCaiStep.A:
        lines.append(d.w("cho_cai_a").format(a=c.a.name_vi))
    if c.step >= ChoCaiStep.B:
        lines.append(d.w("cho_cai_b").format(b=c.b.name_vi))
    if c.step >= ChoCaiStep.COUNT:
        lines = [d.w("cho_cai_count").format(
            va=c.a.value, vb=c.b.value, n=c.a.value + c.b.value, r=c.count,
            name=d.view.name(c.cai_seat))]
    d.p.wrap(" ".join(lines), Face.SANS, 14, CREAM, box, role="cho_cai_caption", min_size=9)


def arrangement(d: TomDrawing) -> None:
    """The winner's judged arrangement over the middle: every group as it lies, named, the
    mat's groups on a darker tray, the winning card lit (T5.3)."""
    result = d.view.result
    if result is None:
        return
    p = d.p
    area = d.layout.center
    p.panel(area, alpha=225, radius=14, outline=GOLD)
    pad = d.px(12)
    head = pygame.Rect(area.x + pad, area.y + d.px(6), area.w - 2 * pad, d.px(30))
    p.label(result_line(d), Face.SANS_BOLD, 20, GOLD, head, "midleft", role="result",
            min_size=11)
    sub = pygame.Rect(head.x, head.bottom, head.w, d.px(20))
    parts = [result.call] if result.call else []
    if result.score is not None:
        parts.append(f"{result.score} {d.w('points')}")
    if result.verdict:
        parts.append(d.w(f"verdict_{result.verdict}"))
    swatch = d.px(14)
    legend = d.w("on_mat")
    legend_w = p.measure(legend, Face.SANS, 12, sub.w // 3)
    p.label(" · ".join(parts), Face.SANS_BOLD, 14, CREAM,
            pygame.Rect(sub.x, sub.y, sub.w - legend_w - swatch - d.px(12), sub.h), "midleft",
            role="result", min_size=9)
    if any(g.mat for g in result.groups):
        tray = pygame.Rect(sub.right - legend_w - swatch - d.px(4), 0, swatch, swatch)
        tray.centery = sub.centery
        p.panel(tray, alpha=255, radius=3, color=(20, 12, 6))
        p.label(legend, Face.SANS, 12, DIM,
                pygame.Rect(tray.right + d.px(4), sub.y, legend_w, sub.h), "midleft",
                role="result", min_size=8)
    label_h = d.px(18)
    room = pygame.Rect(area.x + pad, sub.bottom + d.px(8), area.w - 2 * pad,
                       area.bottom - sub.bottom - d.px(8) - pad - label_h)
    melds = [g.meld for g in result.groups]
    # every group's label under it: the gap between rows leaves room for it
    cw, boxes = d.lay_melds(room, melds, min(room.h / RATIO, d.px(40)), center=True,
                            gap=label_h + d.px(6))
    w_group = _w_group(result.groups, result.w)
    for g, (group, box) in enumerate(zip(result.groups, boxes, strict=False)):
        if group.mat:
            p.panel(box.inflate(d.px(8), d.px(8)), alpha=255, radius=6, color=(20, 12, 6))
        draw_meld(p, group.meld, box, cw, d.lang, Hit(HitKind.BUTTON, key=GROUP_KEY, index=g),
                  glow=result.w if g == w_group else None, named=False)
        text = meld_label(group.meld, d.lang)
        p.label(text, Face.SANS_BOLD, 12, DIM if group.mat else CREAM,
                pygame.Rect(box.x - d.px(12), box.bottom + d.px(4), box.w + d.px(24),
                            label_h), role="group_label", min_size=8)


def _w_group(groups: tuple[Arranged, ...], w: Card | None) -> int | None:
    """The group the winning card lies in: the one marked, else the first new group with it."""
    for k, g in enumerate(groups):
        if g.w_here:
            return k
    for k, g in enumerate(groups):
        if w is not None and not g.mat and w in g.meld.lying:
            return k
    return None
