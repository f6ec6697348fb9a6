"""Which discards a seat could make without an offence, foreseen before it takes a card.

The engine judges every action the seat may take now (``TomObservation.faults``); a player
that eats, phỗngs or dậy khàn must also know that a clean discard (or trả cửa) will follow,
before it takes. This module foresees that discard's causes from what the seat can rebuild
(tracker.py): TD9 a yêu, TD3 a bất thực card past its spares, TD2 a card that makes a phu with
a taken card and a card discarded since, and TD4 — which needs the declines the record does not
hold — by its safe side: a kind the seat declined (``obs.declined``) that it has already
discarded once. So what it calls clean the engine judges clean (tests/totom/test_ai_duties.py
holds it to that); it may call a clean discard risky, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.totom.ai.tracker import OwnRecord
from engine.totom.cards import YEU, Card
from engine.totom.melds import GroupType, classify
from engine.totom.observation import TomObservation
from engine.totom.offences import SPARES

_PHU = (GroupType.BI, GroupType.DOC, GroupType.SP, GroupType.GIONG)


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
