"""Teaching notes (``note_*`` annotations): never errors, only the engine's facts made visible.

- ``note_waits``: at each turn of a seat whose hand is waiting (R5.5), the cards it waits on
  and how many copies of each it cannot see (engine.chan.hand.find_waits on Game.seen_by);
- ``note_fed_next``: a discard (or trả cửa) that the entitled player then ate;
- ``note_broke_wait``: an eat after which (eat + discard) the hand no longer waits.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan import find_waits
from engine.events import Event, Origin
from replays.messages import broke_text, fed_text, waits_text

Note = dict[str, Any]


def _note(kind: str, event: int, seat: int, text: tuple[str, str], **facts: Any) -> Note:
    return {"event": event, "seat": seat, "kind": kind, **facts,
            "message": text[0], "message_en": text[1]}


class Notes:
    """A Watcher (replays.rebuild) that collects the teaching notes of one game."""

    __slots__ = ("_pending", "items")

    def __init__(self) -> None:
        self.items: list[Note] = []
        self._pending: dict[int, tuple[int, list[str]]] = {}  # seat → (eat event, its waits)

    def before(self, game: Game, index: int, action: Action) -> None:
        """At a seat's turn (it eats or draws): its waits; on an eat, who fed it."""
        act = action.act
        seat = action.seat
        if (act is not Act.EAT and act is not Act.DRAW) or not 0 <= seat < game.players:
            return  # (the engine has not checked the action yet: it may name no seat)
        waits: list[str] = []
        if game.waits(seat):
            live = [(str(w.card), w.live) for w in find_waits(
                game.hand_cards(seat), game.mat_chan[seat], game.seen_by(seat))]
            waits = [c for c, _ in live]
            self.items.append(_note("note_waits", index, seat, waits_text(live),
                                    waits=[{"card": c, "live": n} for c, n in live]))
        if act is Act.EAT:
            placed = game.live
            if placed is not None and placed.origin is not Origin.DRAW and placed.by != seat:
                card = str(placed.card)
                self.items.append(_note("note_fed_next", placed.event, placed.by,
                                        fed_text(card, seat, index), card=card, eater=seat,
                                        eat_event=index))
            if waits:
                self._pending[seat] = (index, waits)

    def after(self, game: Game, index: int, action: Action, events: list[Event]) -> None:
        """After the discard that follows an eat: did the eat leave the hand without a wait?"""
        if action.act is not Act.DISCARD or action.seat not in self._pending:
            return
        seat = action.seat
        eat_event, waits = self._pending.pop(seat)
        if not game.waits(seat):
            self.items.append(_note("note_broke_wait", eat_event, seat,
                                    broke_text(waits), waits_before=waits))
