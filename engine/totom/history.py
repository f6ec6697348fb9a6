"""What the judges of T6 remember about one seat during a game: its declines (T4.14), the cards
it took and discarded (TD2, TD4), the duties of the opening it missed (TN2), the wins it let
pass (TN1) and every offence it committed — each with the event that set it up, so an
offence names its ``cause_event`` (FORMATS).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import Violation
from engine.totom.cards import Card


@dataclass(slots=True)
class TomHistory:
    """One seat's past in this game, as the rules look back at it."""

    faults: list[Violation[Card]] = field(default_factory=list)  # every TN/TD committed
    bo_u: list[int] = field(default_factory=list)  # events whose ù it let pass (T5.7)
    declined_kinds: dict[Card, int] = field(default_factory=dict)  # T4.14: kind → decline
    declined_pairs: dict[tuple[Card, Card], int] = field(default_factory=dict)  # run pairs
    declined_runs: dict[int, int] = field(default_factory=dict)  # mat run id → decline
    declined_phong: dict[Card, int] = field(default_factory=dict)  # TD4: kind → decline
    taken: list[tuple[Card, int]] = field(default_factory=list)  # (X, event): TD2
    discards: list[tuple[Card, int]] = field(default_factory=list)  # (card, event)
    unlaid: tuple[Card, ...] = ()  # khàn / thiên khai kept in the hand at the opening (TN2)
    unlaid_judged: bool = False  # that TN2 was recorded (at the first discard or the ù)

    def copy(self) -> TomHistory:
        """An independent copy (for copied games)."""
        return TomHistory(
            faults=list(self.faults), bo_u=list(self.bo_u),
            declined_kinds=dict(self.declined_kinds), declined_pairs=dict(self.declined_pairs),
            declined_runs=dict(self.declined_runs), declined_phong=dict(self.declined_phong),
            taken=list(self.taken), discards=list(self.discards), unlaid=self.unlaid,
            unlaid_judged=self.unlaid_judged)

    def key(self) -> tuple[object, ...]:
        """Everything it remembers, as a hashable value (the game's ``state_key``)."""
        return (tuple(self.faults), tuple(self.bo_u), tuple(sorted(self.declined_kinds.items())),
                tuple(sorted(self.declined_pairs.items())),
                tuple(sorted(self.declined_runs.items())),
                tuple(sorted(self.declined_phong.items())), tuple(self.taken),
                tuple(self.discards), self.unlaid, self.unlaid_judged)

    def discarded_since(self, kind: Card, event: int) -> int:
        """How many cards of ``kind`` the seat has discarded after ``event``."""
        return sum(1 for c, e in self.discards if c == kind and e > event)
