"""What every player of a Tổ tôm table sees: the hội (its pool and debts), whose turn, the other
seats with their mats, the cửa, the nọc and the cho cái's cards (TOTOM T2, T3.8, T6.6, T8)."""

from __future__ import annotations

import math

from desktop.chieu.drawing import name_plate
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.layout import card_size
from desktop.chieu.paint import CREAM, DIM, GOLD, RED
from desktop.chieu.sdl import pygame
from desktop.chieu.table import draw_cua_label, game_over, pile_fan
from desktop.chieu.text import Face
from desktop.chieu.tom_drawing import TomDrawing
from desktop.chieu.tom_hand import suit_sections
from desktop.chieu.tom_melds import draw_meld
from desktop.chieu.tom_view import Lay, TomMeld

DEBT = (120, 60, 150)  # the chèo đò badge: a debt, not an offence


def scoreboard(d: TomDrawing) -> None:
    """The hội: the pool left (T8.1), and every player's result and debt (T6.6)."""
    rect = d.layout.scoreboard
    p = d.p
    p.panel(rect, alpha=165)
    pad = d.px(10)
    hoi = d.view.hoi
    title = d.w("session")
    if hoi is not None and hoi.game_no is not None:
        title += f" · {d.w('game')} {hoi.game_no}"
    head = pygame.Rect(rect.x + pad, rect.y + d.px(5), rect.w - 2 * pad, d.px(22))
    p.label(title, Face.SANS_BOLD, 15, GOLD, head, "midleft", role="scoreboard")
    pool = pygame.Rect(head.x, head.bottom, head.w, d.px(18))
    if hoi is not None:
        text = d.w("open_hoi") if hoi.pool is None else (
            f"{d.w('pool')}: {hoi.pool} / {hoi.hoi_points} {d.w('points')}")
        p.label(text, Face.SANS, 13, DIM, pool, "midleft", role="scoreboard")
    players = d.view.players
    top = pool.bottom + d.px(3)
    row_h = (rect.bottom - d.px(5) - top) // players
    for k in range(players):
        seat = d.seat_at(k)
        row = pygame.Rect(head.x, top + k * row_h, head.w, row_h)
        if d.acting(seat):
            pygame.draw.circle(p.surface, GOLD, (row.x + d.px(4), row.centery), d.px(4))
        points = hoi.points[seat] if hoi is not None and seat < len(hoi.points) else None
        score_box = pygame.Rect(row.right - d.px(52), row.y, d.px(52), row.h)
        p.label("—" if points is None else points, Face.SANS_BOLD, 14, CREAM, score_box,
                "midright", role="scoreboard")
        right = score_box.x - d.px(4)
        debt = hoi.debts[seat] if hoi is not None and seat < len(hoi.debts) else 0
        if debt > 0:
            text = d.w("debt") + (f" ×{debt}" if debt > 1 else "")
            pill = p.badge(text, (right, row.centery), DEBT, 10, role="scoreboard",
                           anchor="midright")
            right = pill.x - d.px(4)
        name_box = pygame.Rect(row.x + d.px(14), row.y, max(0, right - row.x - d.px(14)),
                               row.h)
        p.label(d.view.name(seat), Face.SANS, 14, GOLD if seat == d.view.seat else CREAM,
                name_box, "midleft", role="scoreboard")


def turn_panel(d: TomDrawing) -> None:
    """Whose decision it is and what kind, and the live card (T4.4); the end once decided."""
    rect = d.layout.turn
    p = d.p
    view = d.view
    p.panel(rect, alpha=165)
    inner = rect.inflate(-2 * d.px(10), -2 * d.px(6))
    line = pygame.Rect(inner.x, inner.y, inner.w, d.px(18))
    if view.result is not None:
        game_over(p, inner, d.w("phase_over").capitalize(), result_line(d))
        return
    p.label(d.w("turn"), Face.SANS_BOLD, 13, DIM, line, "midleft", role="turn")
    y = line.bottom
    actor = view.cho_cai.cai_seat if view.cho_cai is not None else view.actor
    if actor is not None:
        name = pygame.Rect(inner.x, y, inner.w, d.px(30))
        p.label(view.name(actor), Face.SANS_BOLD, 22, GOLD if actor == view.seat else CREAM,
                name, "midleft", role="turn")
        doing = d.w("tphase_cho_cai") if view.cho_cai is not None else d.w(view.doing)
        box = pygame.Rect(inner.x, name.bottom, inner.w, d.px(22))
        if doing:
            p.label(doing, Face.SANS, 15, CREAM, box, "midleft", role="turn")
        y = box.bottom + d.px(6)
    live = view.live
    if live is not None and view.cho_cai is None:
        text = f"{d.w('live').capitalize()}: {live.card.name_vi} ({live.card.code})"
        if live.final:
            text += f" — {d.w('final')}"
        p.wrap(text, Face.SANS, 13, DIM, pygame.Rect(inner.x, y, inner.w, inner.bottom - y),
               role="turn")


def result_line(d: TomDrawing) -> str:
    """How the game ended, in one line: who won, or kê (T2.9)."""
    result = d.view.result
    if result is None:
        return ""
    if result.winner < 0:
        return d.w("tom_ke")
    name = d.view.name(result.winner)
    if result.w is None:
        return f"{name} — {d.w('thien_u_win')}"
    return f"{name} {d.w('won_on')} {result.w.name_vi}"


def seat(d: TomDrawing, place: int) -> None:
    """Another seat: its plate (name, cái, cards held), its mat, in replays its open hand."""
    p = d.p
    who = d.seat_at(place)
    area = d.layout.seats[place]
    plate = d.layout.plates[place]
    p.panel(area, alpha=60, radius=10)
    p.panel(plate, alpha=185, radius=8)
    name_plate(p, plate, d.view.name(who), d.acting(who), Hit(HitKind.SEAT, seat=who),
               f"{d.view.hand_size(who)} {d.w('cards')}",
               (d.w("cai_badge"), RED) if who == d.view.cai_seat else None)
    pad = d.px(6)
    below = pygame.Rect(area.x + pad, plate.bottom + pad, area.w - 2 * pad,
                        area.bottom - plate.bottom - 2 * pad)
    melds = d.view.mat(who)
    hands = d.view.open_hands
    hand = hands[who] if hands is not None and who < len(hands) else ()
    groups = [TomMeld(Lay.BI, cards) for _, cards in suit_sections(hand)]
    top = d.layout.seats[place].y == d.layout.scoreboard.y
    cw, boxes = d.lay_melds(below, [*melds, *groups], min(below.h / RATIO, d.px(34)),
                            center=top)
    for k, (meld, box) in enumerate(zip(melds, boxes, strict=False)):
        draw_meld(p, meld, box, cw, d.lang, Hit(HitKind.MAT, seat=who, index=k))
    ch = card_size(cw)[1]
    index = 0
    for group, box in zip(groups, boxes[len(melds):], strict=False):
        p.panel(box.inflate(d.px(4), d.px(4)), alpha=90, radius=4)
        for j, card in enumerate(group.cards):
            at = pygame.Rect(box.x + j * (cw + 1), box.y, cw, ch)
            p.card(card, at, Hit(HitKind.OPEN, seat=who, index=index, tom=card), shadow=False)
            index += 1


def cua(d: TomDrawing, place: int) -> None:
    """The cửa dưới of the seat at `place`: what it discarded and drew, the live card on top
    (T2.2, T4.4)."""
    p = d.p
    view = d.view
    which = d.seat_at(place)
    rect = d.layout.cua[place]
    p.panel(rect, alpha=60, radius=10)
    pad = d.px(8)
    head = pygame.Rect(rect.x + pad, rect.y + d.px(3), rect.w - 2 * pad, d.px(22))
    draw_cua_label(p, view.name(which), view.name((which + 1) % view.players), head,
                   d.w("cua"))
    room = pygame.Rect(rect.x + pad, head.bottom + d.px(3), rect.w - 2 * pad,
                       rect.bottom - head.bottom - d.px(3) - pad)
    cards = view.pile(which)
    n = len(cards)
    cw, ch, step, x0, y = pile_fan(room, n, d.px(46))
    if n == 0:
        empty = pygame.Rect(x0, y, cw, ch)
        pygame.draw.rect(p.surface, DIM, empty, max(1, d.px(1)), border_radius=d.px(5))
        p.label(d.w("empty"), Face.SANS, 12, DIM, empty.inflate(d.px(20), 0), role="cua")
        return
    live = view.live
    for k, card in enumerate(cards):
        at = pygame.Rect(x0 + round(k * step * cw), y, cw, ch)
        is_live = k == n - 1 and live is not None and live.cua == which and live.card == card
        p.card(card, at, Hit(HitKind.CUA, seat=which, index=k, tom=card),
               glow=GOLD if is_live else None)
        if is_live and live is not None and live.final:
            p.badge(d.w("final"), (at.centerx, at.bottom), RED, 10, role="cua")


def noc(d: TomDrawing) -> None:
    """The nọc with its count and where it ends (T2.6, T2.8), and the cho cái's cards A and B
    with the cái they chose (T2.5)."""
    p = d.p
    view = d.view
    rect = d.layout.noc
    p.panel(rect, alpha=80, radius=10)
    pad = d.px(6)
    inner = rect.inflate(-2 * pad, -2 * pad)
    if inner.h > inner.w:  # a tall column (four seats): the nọc above, cho cái below
        stock = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
        cai = pygame.Rect(inner.x, stock.bottom, inner.w, inner.h - stock.h)
    else:
        stock = pygame.Rect(inner.x, inner.y, inner.w // 2, inner.h)
        cai = pygame.Rect(stock.right, inner.y, inner.w - stock.w, inner.h)
    label_h, count_h, stop_h = d.px(20), d.px(24), d.px(16)
    p.label(d.w("noc"), Face.SANS_BOLD, 13, CREAM,
            pygame.Rect(stock.x, stock.y, stock.w, label_h), role="noc")
    # the stack at the left of the middle, its count and where it ends at the right
    body = pygame.Rect(stock.x, stock.y + label_h, stock.w, stock.h - label_h)
    layers = min(5, math.ceil(view.noc_left / 5))  # the stack looks as thick as the nọc is
    lift = max(1, round(d.layout.u * 1.5))
    cw, ch = card_size(min(d.px(40), (body.h - 4 * lift - d.px(6)) / RATIO, body.w * 0.4))
    at = pygame.Rect(0, 0, cw, ch)
    at.bottomright = (body.centerx - d.px(2), body.bottom - d.px(4))
    for k in range(layers):
        p.card(None, at.move(lift * k, -lift * k), Hit(HitKind.NOC) if k == layers - 1 else None,
               shadow=k == 0)
    if layers == 0:
        pygame.draw.rect(p.surface, DIM, at, max(1, d.px(1)), border_radius=d.px(5))
    side = pygame.Rect(body.centerx + d.px(4) + lift * 4, body.y, 0, body.h)
    side.w = body.right - side.x
    count = pygame.Rect(side.x, side.centery - count_h // 2 - stop_h // 2, side.w, count_h)
    p.label(str(view.noc_left), Face.SANS_BOLD, 20, GOLD, count, "midleft", role="noc")
    p.label(f"{d.w('noc_stop')} {view.noc_stop}", Face.SANS, 11, DIM,
            pygame.Rect(side.x, count.bottom, side.w, stop_h), "midleft", role="noc",
            min_size=8)
    if view.a is None and view.b is None:
        return
    p.label(d.w("cho_cai"), Face.SANS_BOLD, 13, CREAM,
            pygame.Rect(cai.x, cai.y, cai.w, label_h), role="noc")
    name_h = d.px(18)
    badge_h = p.text.font(Face.SANS_BOLD, p.font_px(10)).get_height() + d.px(4)
    gap = d.px(6)
    cw, ch = card_size(min(d.px(34), (cai.w - gap) / 2 - d.px(2),
                           (cai.h - label_h - badge_h - name_h - d.px(8)) / RATIO))
    left = cai.centerx - cw - gap // 2
    top = cai.y + label_h + d.px(2)
    for k, (letter, card) in enumerate((("A", view.a), ("B", view.b))):
        box = pygame.Rect(left + k * (cw + gap), top, cw, ch)
        p.card(card, box)
        p.badge(letter, (box.centerx, box.bottom + d.px(2)), (90, 64, 36), 10, role="noc",
                anchor="midtop")
    y = top + ch + badge_h + d.px(2)
    arrow_w = d.px(14)
    room = cai.w - d.px(6) - arrow_w
    name = view.name(view.cai_seat)
    name_w = min(room, p.measure(name, Face.SANS, 12, room))
    start = cai.centerx - (arrow_w + name_w) // 2
    p.arrow((start, y + name_h // 2), (start + arrow_w - d.px(4), y + name_h // 2), GOLD)
    p.label(name, Face.SANS, 12, CREAM, pygame.Rect(start + arrow_w, y, name_w, name_h),
            "midleft", role="noc")
