"""The decisions of one seat in an opened game, placed on the viewer's positions.

replays.advice.decision_points lists them from the engine (recorded actions, and each claim
let pass, which records never show). A position with one legal move (a forced draw) is no
decision, and the xướng is judged by the result instead. A decision is at position p when
the game shown at p is the one it was made in: a recorded event e is decided at position e;
a claim on the card placed by event e is let pass at position e + 1 (the card is on the
chiếu). One position may hold two decisions of a seat (let a chíu pass, then eat)."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.review.replay import OpenedGame
from engine.actions import Act, Action
from replays.advice import DecisionPoint, as_choice, decision_points


def position_of(point: DecisionPoint) -> int:
    """The viewer position at which a decision is made."""
    return point.event + 1 if point.action.act is Act.DECLINE else point.event


class SeatDecisions:
    """Every decision of each seat by position (computed once per seat, on demand)."""

    def __init__(self, opened: OpenedGame) -> None:
        self.opened = opened
        self._by_seat: dict[int, dict[int, list[DecisionPoint]]] = {}

    def at(self, position: int, seat: int) -> Sequence[DecisionPoint]:
        """The seat's decisions made at `position`, in order."""
        table = self._by_seat.get(seat)
        if table is None:
            table = {}
            for point in decision_points(self.opened.final, seat):
                # the xướng is judged by the result; a forced move is no decision
                if point.action.act is not Act.CALL and len(point.before.legal_actions()) > 1:
                    table.setdefault(position_of(point), []).append(point)
            self._by_seat[seat] = table
        return table.get(position, ())

    def choices(self, point: DecisionPoint) -> list[Action]:
        """The legal actions of a decision, as the seat could choose them."""
        return [as_choice(a) for a in point.before.legal_actions()]
