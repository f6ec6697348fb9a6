"""What one seat may know in a game of Tổ tôm (DESIGN: computer players receive only this).

Its own hand and mat (its face-down khàn and thiên khai included), everything public — the
cửa piles, the face-up mats, the live card, the cards A and B of cho cái (T2.5), who holds
how many face-down melds and bất thực (T4.1: "the others see how many face-down melds a seat
has, not their kind") — and its own past as the rules remember it (its declines, T4.14).
Another seat's hand, the kinds of its face-down melds and of its bất thực, and the nọc stay
hidden: the history shows another seat's ``up_khan``, ``up_thien_khai`` and ``bat_thuc``
without their kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.events import Outcome, Placed
from engine.totom.actions import SECRET_ACTS, TomAction
from engine.totom.cards import Card
from engine.totom.mat import SeatMeld
from engine.totom.rules import TomRules

if TYPE_CHECKING:
    from engine.totom.game import TomGame


@dataclass(frozen=True, slots=True)
class MeldView:
    """A mat meld as one seat sees it: another seat's face-down meld shows only its size."""

    size: int
    face_down: bool
    cards: tuple[Card, ...] = ()  # empty when hidden
    trung: tuple[Card, ...] = ()
    origin: str | None = None  # MeldOrigin's value; None when hidden
    broken: bool = False

    @classmethod
    def of(cls, meld: SeatMeld, hidden: bool) -> MeldView:
        """The view of ``meld`` (``hidden``: a face-down meld of another seat)."""
        if hidden:
            return cls(len(meld.all_cards), True)
        return cls(len(meld.all_cards), meld.face_down, meld.cards, meld.trung,
                   meld.origin.value, meld.broken)


@dataclass(frozen=True, slots=True)
class TomObservation:
    """A seat's view of the game (see the module docstring)."""

    seat: int
    players: int
    phase: str
    actor: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    mats: tuple[tuple[MeldView, ...], ...]
    face_down: tuple[int, ...]  # face-down melds per seat
    bat_thuc: tuple[int, ...]  # bất thực declared per seat
    own_bat_thuc: tuple[tuple[Card, int, int], ...]  # (kind, size, cards discarded)
    cua: tuple[tuple[Card, ...], ...]
    live: Placed[Card] | None
    entitled: int
    may_pass: bool
    noc_left: int
    cai_seat: int
    a: Card | None  # T2.5: cards A and B of cho cái, public for the whole game
    b: Card | None
    history: tuple[TomAction, ...]
    legal: tuple[TomAction, ...]
    faults: tuple[tuple[str, ...], ...]  # the TN/TD each legal action would record
    declined: tuple[Card, ...]  # kinds this seat may no longer eat or phỗng (T4.14, TD6)
    rules: TomRules
    mode: str
    automations: frozenset[str]
    outcome: Outcome[Card] | None
    seen: tuple[Card, ...]  # cards visible outside this seat's hand
    thong_seat: int | None = None  # TC2: who may call thông this game (from the hội)


def _shown(a: TomAction, seat: int) -> TomAction:
    """An action as ``seat`` saw it: another seat's secret kind is hidden."""
    if a.act in SECRET_ACTS and a.seat != seat:
        return TomAction(a.seat, a.act)
    return a


def observe(game: TomGame, seat: int) -> TomObservation:
    """What ``seat`` may know now."""
    legal = tuple(a for a in game.legal_actions() if isinstance(a, TomAction)) \
        if game.actor == seat else ()
    mats = tuple(tuple(MeldView.of(m, m.face_down and s != seat) for m in game.mats[s])
                 for s in range(game.players))
    seen = [c for s, mat in enumerate(game.mats) for m in mat
            if not m.face_down or s == seat for c in m.all_cards]
    seen += [c for pile in game.cua for c in pile]
    return TomObservation(
        seat=seat, players=game.players, phase=game.phase.value, actor=game.actor,
        hand=game.hand_cards(seat), hand_sizes=tuple(game.hand_n), mats=mats,
        face_down=tuple(len(game.face_down(s)) for s in range(game.players)),
        bat_thuc=tuple(len(b) for b in game.bat_thuc),
        own_bat_thuc=tuple((k, b.size, b.discarded)
                           for k, b in sorted(game.bat_thuc[seat].items())),
        cua=tuple(tuple(p) for p in game.cua), live=game.live, entitled=game.entitled,
        may_pass=game.may_pass, noc_left=game.noc_left, cai_seat=game.deal.cai_seat,
        a=game.deal.a, b=game.deal.b,
        history=tuple(_shown(a, seat) for a in game.record),
        legal=legal, faults=tuple(tuple(v.rule for v in game.faults_of(a)) for a in legal),
        declined=tuple(sorted(game.hist[seat].declined_kinds)), rules=game.rules,
        mode=game.mode.value, automations=game.automations, outcome=game.outcome,
        seen=tuple(seen), thong_seat=game.thong_seat)

