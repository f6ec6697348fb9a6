"""Which discards a seat could make without an offence, foreseen before it takes a card.

The engine judges every action the seat may take now (``TomObservation.faults``); a player
that eats, phỗngs or dậy khàn must also know that a clean discard (or trả cửa) will follow,
before it takes. This module foresees that discard's causes from what the seat can rebuild
(tracker.py): TD9 a yêu, TD3 a bất thực card past its spares, TD2 a card that makes a phu with
a taken card and a card discarded since, and TD4 — which needs the declines the record does not
hold — by its safe side: a kind the seat declined (``obs.declined``) that it has already
discarded once. So what it calls clean the engine judges clean (tests/totom/test_ai_duties.py
holds it to that); it may call a clean discard risky, never the other way round.

It also counts the seat's reserve: how many held cards it could still discard one after another
cleanly. A yêu drawn must be eaten (T4.10) and a face-down khàn must take its fourth card (T4.8),
each followed by a discard or trả cửa; a seat whose reserve is spent commits an offence at the
next forced take whatever it plays (T4.11), so the policy keeps one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.totom.ai.tracker import OwnRecord
from engine.totom.cards import YEU, Card
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.melds import GroupType, classify
from engine.totom.observation import TomObservation
from engine.totom.offences import SPARES

_PHU = (GroupType.BI, GroupType.DOC, GroupType.SP, GroupType.GIONG)
_CARDS = tuple(Card)


@cache
def makes_phu(x: Card, a: Card, b: Card) -> bool:
    """Whether the three cards make a phu (T3.2–T3.5): TD2's test (T4.11)."""
    found = classify(tuple(sorted((x, a, b))))
    return found is not None and found[0] in _PHU


def discard_risks(b: Card, obs: TomObservation, own: OwnRecord) -> tuple[str, ...]:
    """The causes discarding a held ``b`` may record, foreseen (see the module docstring)."""
    out = []
    if b in YEU:
        out.append("TD9")
    for kind, size, discarded in obs.own_bat_thuc:
        if kind == b and discarded >= SPARES.get(size, 0):
            out.append("TD3")
    if b in obs.declined and any(c == b for c, _ in own.discards):
        out.append("TD4")
    for x, taken in own.taken:
        if any(e > taken and makes_phu(x, a, b) for a, e in own.discards):
            out.append("TD2")
            break
    return tuple(out)


def clean_discards(kinds: Iterable[Card], obs: TomObservation, own: OwnRecord) -> list[Card]:
    """The kinds among ``kinds`` (held) whose discard is foreseen clean."""
    return [k for k in kinds if not discard_risks(k, obs, own)]


@cache
def phu_with(x: Card, a: Card) -> frozenset[Card]:
    """The kinds ``b`` that make a phu with ``x`` and ``a`` (TD2's partners, T4.11)."""
    return frozenset(b for b in _CARDS if makes_phu(x, a, b))


@dataclass
class Reserve:
    """How many held cards the seat could still discard one after another, each foreseen clean
    (see the module docstring), from its record at one observation: two cards that make a phu
    with a card taken earlier cannot both go (TD2); a declined kind goes once at most (TD4, on
    its safe side); a bất thực kind no more than its spares left (TD3); a yêu never (TD9)."""

    obs: TomObservation
    own: OwnRecord
    dirty: frozenset[Card] = field(init=False)
    taken: tuple[Card, ...] = field(init=False)
    spares: dict[Card, int] = field(init=False)

    def __post_init__(self) -> None:
        self.dirty = frozenset(k for k in _CARDS if discard_risks(k, self.obs, self.own))
        self.taken = tuple(x for x, _ in self.own.taken)
        self.spares = {k: SPARES.get(size, 0) - done for k, size, done in self.obs.own_bat_thuc}

    def count(self, hand: Sequence[int], cap: int, took: Card | None = None,
              gone: Card | None = None, declined: frozenset[Card] = frozenset()) -> int:
        """The reserve of ``hand`` (copies per kind), up to ``cap``, after the seat takes
        ``took`` (eat, phỗng, dậy khàn) and then discards ``gone``; ``declined``: kinds it lets
        pass now (a phỗng, T4.14)."""
        taken = self.taken if took is None else (*self.taken, took)
        dirty = set(self.dirty)
        spares = self.spares
        declined = declined | frozenset(self.obs.declined)
        if gone is not None:
            for x in taken:
                dirty |= phu_with(x, gone)
            if gone in declined:
                dirty.add(gone)
            if gone in spares:
                spares = {**spares, gone: spares[gone] - 1}
        items: list[Card] = []
        for k, n in enumerate(hand):
            card = _CARDS[k]
            if not n or card in dirty:
                continue
            if card in spares:
                n = min(n, spares[card])
            if card in declined:
                n = min(n, 1)
            items += [card] * max(0, n)

        def clash(a: Card, b: Card) -> bool:
            return any(b in phu_with(x, a) for x in taken)

        return _independent(items, clash, cap)


def _independent(items: list[Card], clash: Callable[[Card, Card], bool], cap: int) -> int:
    """The size of the largest set of ``items`` no two of which clash, up to ``cap``."""
    best = 0

    def grow(i: int, chosen: list[Card]) -> bool:
        nonlocal best
        best = max(best, len(chosen))
        if best >= cap:
            return True
        if i == len(items) or len(chosen) + len(items) - i <= best:
            return False
        x = items[i]
        if not any(clash(x, y) for y in chosen) and grow(i + 1, [*chosen, x]):
            return True
        return grow(i + 1, chosen)

    grow(0, [])
    return min(best, cap)


def forced_takes(melds: Iterable[SeatMeld], bat_thuc: Iterable[tuple[Card, int]],
                 unseen: Sequence[int]) -> tuple[Card, ...]:
    """The kinds whose next card the seat must take whoever places it: a face-down khàn's
    (dậy khàn, T4.8) and a khàn bất thực's (its phỗng, T4.13), while a copy is unseen."""
    out = [m.cards[0] for m in melds
           if m.face_down and not m.broken and m.origin is MeldOrigin.KHAN and len(m.cards) == 3]
    out += [k for k, size in bat_thuc if size == 3]
    return tuple(k for k in out if unseen[k])
