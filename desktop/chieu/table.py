"""What every player sees: the hội scoreboard, whose turn, the seats, the cửa, nọc and cái."""

from __future__ import annotations

import math

from desktop.chieu.drawing import Drawing
from desktop.chieu.faces import RATIO
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.layout import SLOTS, STEP, Position, card_size, fan_width
from desktop.chieu.paint import CREAM, DIM, GOLD, RED, Painter
from desktop.chieu.sdl import pygame
from desktop.chieu.text import Face
from desktop.chieu.view import Place, Zone
from engine.events import EndKind


def scoreboard(d: Drawing) -> None:
    """The hội: every player's running total, the learner first, báo players marked."""
    rect = d.layout.scoreboard
    p = d.p
    pad = d.px(10)
    title = d.w("session")
    if d.view.game_no is not None:
        title += f" · {d.w('game')} {d.view.game_no}"
    head = pygame.Rect(rect.x + pad, rect.y + d.px(6), rect.w - 2 * pad, d.px(24))
    p.label(title, Face.SANS_BOLD, 15, GOLD, head, "midleft", role="scoreboard")
    players = d.obs.players
    top = head.bottom + d.px(4)
    row_h = (rect.bottom - d.px(6) - top) // players
    seats = [(d.obs.seat + k) % players for k in range(players)]
    for k, seat in enumerate(seats):
        row = pygame.Rect(rect.x + pad, top + k * row_h, rect.w - 2 * pad, row_h)
        if seat == d.obs.actor and d.obs.outcome is None:
            pygame.draw.circle(p.surface, GOLD, (row.x + d.px(4), row.centery), d.px(4))
        scores = d.view.scores
        score = "—" if scores is None or seat >= len(scores) else _signed(scores[seat])
        score_box = pygame.Rect(row.right - d.px(64), row.y, d.px(64), row.h)
        p.label(score, Face.SANS_BOLD, 14, CREAM, score_box, "midright", role="scoreboard")
        bao_w = d.px(40) if d.obs.bao[seat] else 0
        name_box = pygame.Rect(row.x + d.px(14), row.y, row.w - d.px(84) - bao_w, row.h)
        color = GOLD if seat == d.obs.seat else CREAM
        drawn = p.label(d.view.name(seat), Face.SANS, 14, color, name_box, "midleft",
                        role="scoreboard")
        if d.obs.bao[seat]:
            p.badge(d.w("bao"), (drawn.right + d.px(8), row.centery), RED, 10,
                    role="scoreboard", anchor="midleft")


def turn_panel(d: Drawing) -> None:
    """Whose decision it is and what kind (the game's phase), and the live card."""
    rect = d.layout.turn
    p = d.p
    obs = d.obs
    pad = d.px(10)
    inner = rect.inflate(-2 * pad, -2 * d.px(6))
    y = inner.y
    line = pygame.Rect(inner.x, y, inner.w, d.px(18))
    if obs.outcome is not None:
        game_over(p, inner, d.w("phase_over").capitalize(), outcome_text(d))
        return
    p.label(d.w("turn"), Face.SANS_BOLD, 13, DIM, line, "midleft", role="turn")
    if obs.actor is not None and not d.view.conceal_cai:
        name = pygame.Rect(inner.x, line.bottom, inner.w, d.px(30))
        color = GOLD if obs.actor == obs.seat else CREAM
        p.label(d.view.name(obs.actor), Face.SANS_BOLD, 22, color, name, "midleft",
                role="turn")
        own_draw = obs.phase == "play" and obs.may_pass
        what = "phase_play_own" if own_draw else f"phase_{obs.phase}"
        doing = pygame.Rect(inner.x, name.bottom, inner.w, d.px(22))
        p.label(d.w(what), Face.SANS, 15, CREAM, doing, "midleft", role="turn")
        y = doing.bottom + d.px(6)
    live = obs.live
    if live is not None:
        box = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        text = f"{d.w('live').capitalize()}: {live.card.name_vi} ({live.card.code})"
        if live.final:
            text += f" — {d.w('final')}"
        p.wrap(text, Face.SANS, 13, DIM, box, role="turn")


def game_over(p: Painter, inner: pygame.Rect, title: str, text: str) -> None:
    """The turn panel once the game is over (either game): its title and how it ended."""
    line = pygame.Rect(inner.x, inner.y, inner.w, p.px(18))
    p.label(title, Face.SANS_BOLD, 13, DIM, line, "midleft", role="turn")
    p.wrap(text, Face.SANS_BOLD, 17, GOLD,
           pygame.Rect(inner.x, line.bottom + p.px(4), inner.w,
                       inner.bottom - line.bottom - p.px(4)), role="turn")


def outcome_text(d: Drawing) -> str:
    """How the game ended, in one line: who won on what, ù láo, or a draw (R4.9, R5, R7.4)."""
    outcome = d.obs.outcome
    if outcome is None:
        return ""
    if outcome.kind is EndKind.DRAW or outcome.winner is None:
        return d.w("draw_game")
    name = d.view.name(outcome.winner)
    if outcome.kind is EndKind.U_LAO:
        return f"{name} — {d.w('u_lao')}"
    if outcome.thien_u:
        return f"{name} — {d.w('thien_u')}"
    text = f"{name} {d.w('won_on')} {outcome.card.name_vi if outcome.card else ''}"
    return f"{text} — {d.w('chiu_u')}" if outcome.chiu_u else text


def opponent(d: Drawing, seat: int) -> None:
    """Another seat: its plate, its melds, and in replays its open hand."""
    position = d.position(seat)
    area = d.layout.seats[position]
    plate = d.layout.plates[position]
    d.plate(seat, plate)
    d.anchors[Place(Zone.HAND, seat)] = plate
    below = pygame.Rect(area.x, plate.bottom + d.px(6), area.w,
                        area.bottom - plate.bottom - d.px(6))
    hand = d.view.open_hands[seat] if d.view.open_hands is not None and seat < len(
        d.view.open_hands) else None
    d.melds_and_hand(seat, below, hand, center=position is Position.TOP)


def cua(d: Drawing, cua: int) -> None:
    """Cửa `cua`: what its seat discarded and drew, the live card on top (R2.2)."""
    p = d.p
    obs = d.obs
    slot = SLOTS[obs.players][(cua - obs.seat) % obs.players]
    rect = d.layout.slots[slot]
    pad = d.px(8)
    head = pygame.Rect(rect.x + pad, rect.y + d.px(3), rect.w - 2 * pad, d.px(22))
    cua_label(d, cua, head)
    cards = obs.cua[cua]
    room = pygame.Rect(rect.x + pad, head.bottom + d.px(3), rect.w - 2 * pad,
                       rect.bottom - head.bottom - d.px(3) - pad)
    n = len(cards)
    cw, ch, step, x0, y = pile_fan(room, n, d.px(46))
    top = pygame.Rect(x0 + round(max(0, n - 1) * step * cw), y, cw, ch)
    d.anchors[Place(Zone.CUA, cua)] = top
    if n == 0:
        pygame.draw.rect(p.surface, DIM, top, max(1, d.px(1)), border_radius=d.px(5))
        p.label(d.w("empty"), Face.SANS, 12, DIM, top.inflate(d.px(20), 0),
                role="cua")
        return
    live = obs.live
    for k, card in enumerate(cards):
        last = k == n - 1
        if last and d.hides(Place(Zone.CUA, cua), card):
            continue
        at = pygame.Rect(x0 + round(k * step * cw), y, cw, ch)
        is_live = last and live is not None and live.cua == cua and live.card == card
        p.card(card, at, Hit(HitKind.CUA, card=card, seat=cua, index=k),
               glow=GOLD if is_live else None)
        if is_live and live is not None and live.final:
            p.badge(d.w("final"), (at.centerx, at.bottom), RED, 10, role="cua")


def cua_label(d: Drawing, cua: int, head: pygame.Rect) -> None:
    """'Cửa: A → B': who puts cards in, who may eat them."""
    nxt = (cua + 1) % d.obs.players
    draw_cua_label(d.p, d.view.name(cua), d.view.name(nxt), head, d.w("cua"))


def draw_cua_label(p: Painter, giver: str, taker: str, head: pygame.Rect, title: str) -> None:
    """'Cửa: A → B' (either game): who puts cards in, who may eat them (R2.2, TOTOM T2.2)."""
    prefix = p.label(f"{title}:", Face.SANS, 13, DIM,
                     pygame.Rect(head.x, head.y, p.px(44), head.h), "midleft", role="cua")
    x = prefix.right + p.px(6)
    arrow_w = p.px(22)
    name_w = max(0, (head.right - x - arrow_w) // 2)
    a = p.label(giver, Face.SANS_BOLD, 13, CREAM,
                pygame.Rect(x, head.y, name_w, head.h), "midleft", role="cua")
    start = a.right + p.px(5)
    y = head.centery
    p.arrow((start, y), (start + arrow_w - p.px(10), y), GOLD)
    p.label(taker, Face.SANS_BOLD, 13, CREAM,
            pygame.Rect(start + arrow_w - p.px(4), head.y, name_w, head.h), "midleft",
            role="cua")


def pile_fan(room: pygame.Rect, n: int, cap: int) -> tuple[int, int, float, int, int]:
    """How a cửa's `n` cards lie in `room` (either game): card width and height, the share
    of a card each shows (short piles side by side, long ones overlapping down to STEP), and
    where the first one lies."""
    by_height = room.h / RATIO
    by_width = room.w / (1 + STEP * max(0, n - 1))
    cw, ch = card_size(min(by_height, by_width, cap))
    step = STEP if n < 2 else max(STEP, min(1.08, (room.w - cw) / ((n - 1) * cw)))
    total = fan_width(max(n, 1), cw, step)
    return cw, ch, step, room.x + (room.w - total) // 2, room.y + (room.h - ch) // 2


def noc_and_cai(d: Drawing) -> None:
    """The nọc with its count (R2.4) and the quân cái with its recipient (R2.5)."""
    p = d.p
    obs = d.obs
    top, bottom = d.layout.noc_stock, d.layout.noc_cai
    label_h = d.px(20)
    count_h = d.px(24)
    p.label(d.w("noc"), Face.SANS_BOLD, 13, CREAM,
            pygame.Rect(top.x, top.y + d.px(2), top.w, label_h), role="noc")
    layers = min(5, math.ceil(obs.noc_left / 5))  # the stack looks as thick as the nọc is
    lift = max(1, round(d.layout.u * 1.5))
    cw, ch = card_size(min(d.px(44), (top.h - label_h - count_h - d.px(10) - 4 * lift) / RATIO))
    stack = pygame.Rect(0, top.y + label_h + d.px(2) + 4 * lift, cw, ch)
    stack.centerx = top.centerx - lift * (layers - 1) // 2
    d.anchors[Place(Zone.NOC, 0)] = stack
    for k in range(layers):
        at = stack.move(lift * k, -lift * k)
        p.card(None, at, Hit(HitKind.NOC) if k == layers - 1 else None, shadow=k == 0)
    if layers == 0:
        pygame.draw.rect(p.surface, DIM, stack, max(1, d.px(1)), border_radius=d.px(5))
    p.label(str(obs.noc_left), Face.SANS_BOLD, 20, GOLD,
            pygame.Rect(top.x, stack.bottom + d.px(2), top.w, count_h), role="noc")
    # the quân cái
    p.label(d.w("cai"), Face.SANS_BOLD, 13, CREAM,
            pygame.Rect(bottom.x + d.px(4), bottom.y + d.px(2),
                        bottom.w - d.px(8), label_h), role="noc")
    card = pygame.Rect(0, bottom.y + label_h + d.px(2), cw, ch)
    card.centerx = bottom.centerx
    d.anchors[Place(Zone.CAI, 0)] = card
    if obs.cai_card is not None:
        p.card(obs.cai_card, card, Hit(HitKind.CAI, card=obs.cai_card, seat=obs.cai_seat))
    if d.view.conceal_cai:
        return
    arrow_w = d.px(14)
    room = bottom.w - d.px(10) - arrow_w
    name = d.view.name(obs.cai_seat)
    name_w = min(room, p.measure(name, Face.SANS, 12, room))
    start = bottom.centerx - (arrow_w + name_w) // 2
    y = card.bottom + d.px(2) + d.px(18) // 2
    p.arrow((start, y), (start + arrow_w - d.px(4), y), GOLD)
    p.label(name, Face.SANS, 12, CREAM,
            pygame.Rect(start + arrow_w, card.bottom + d.px(2), name_w, d.px(18)),
            "midleft", role="noc")


def outcome(d: Drawing) -> None:
    """A banner over the middle of the chiếu once the game is over."""
    if d.obs.outcome is None:
        return
    center = d.layout.center
    banner = pygame.Rect(0, 0, min(center.w, d.px(520)), d.px(64))
    banner.center = center.center
    d.p.panel(banner, alpha=225, radius=14, outline=GOLD)
    d.p.label(outcome_text(d), Face.SANS_BOLD, 26, GOLD, banner.inflate(-d.px(24), -d.px(8)),
              role="outcome", min_size=12)


def _signed(n: int) -> str:
    """A score with its sign: +12, -4, 0."""
    return f"+{n}" if n > 0 else str(n)
