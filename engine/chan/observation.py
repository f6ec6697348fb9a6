"""What one seat may know (DESIGN: computer players receive only this)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.chan.cards import Card
from engine.chan.melds import Meld
from engine.chan.rules import LangRules
from engine.events import Outcome, Placed


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view: its own hand and everything public — never another hand or the nọc."""

    seat: int
    players: int
    phase: str
    actor: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    mats: tuple[tuple[Meld, ...], ...]
    cua: tuple[tuple[Card, ...], ...]
    live: Placed | None
    entitled: int
    may_pass: bool
    noc_left: int
    cai_card: Card | None
    cai_seat: int
    cai_known: bool  # the quân cái is known to be still in the cái recipient's hand
    bao: tuple[bool, ...]
    history: tuple[Action, ...]
    legal: tuple[Action, ...]
    faults: tuple[tuple[str, ...], ...]  # the lỗi each legal action would commit (R7)
    rules: LangRules
    mode: str
    outcome: Outcome | None
    seen: tuple[Card, ...]  # cards visible outside this seat's hand
    thong_seat: int | None = None  # C2: who may call thông this game (public, from the hội)
