"""Which card flies where for a move (issue 6: deal, draw, discard, eat, chíu, trả cửa, ù) and
which sound goes with it. Pure: the controller feeds it the engine's Played events.
"""

from __future__ import annotations

from desktop.chieu.view import Animation, AnimKind, Place, Zone
from engine.actions import Act, Action
from engine.events import Placed

# The sound file (resources/sounds/<name>.wav) of each kind of move.
SOUNDS: dict[Act, str] = {
    Act.DISCARD: "discard",
    Act.RETURN: "discard",
    Act.DRAW: "draw",
    Act.EAT: "eat",
    Act.CHIU: "chiu",
    Act.WIN: "u",
}


def flight(action: Action, live_before: Placed | None, live_after: Placed | None
           ) -> Animation | None:
    """The card movement of an applied action, or None when nothing moves.

    `live_before` is the live card when the action was chosen (the card eaten, chíu'd or won
    on); `live_after` the one it placed (a draw's card, a discard's cửa).
    """
    seat, act = action.seat, action.act
    if act is Act.DISCARD and action.card is not None:
        return Animation(AnimKind.DISCARD, action.card, Place(Zone.HAND, seat),
                         Place(Zone.CUA, seat))
    if act is Act.RETURN and action.card is not None and live_after is not None:
        return Animation(AnimKind.RETURN, action.card, Place(Zone.HAND, seat),
                         Place(Zone.CUA, live_after.cua))
    if act is Act.DRAW and live_after is not None:
        return Animation(AnimKind.DRAW, live_after.card, Place(Zone.NOC),
                         Place(Zone.CUA, seat))
    if act in (Act.EAT, Act.CHIU) and live_before is not None:
        kind = AnimKind.EAT if act is Act.EAT else AnimKind.CHIU
        return Animation(kind, live_before.card, Place(Zone.CUA, live_before.cua),
                         Place(Zone.MAT, seat))
    if act is Act.WIN and live_before is not None:
        return Animation(AnimKind.WIN, live_before.card, Place(Zone.CUA, live_before.cua),
                         Place(Zone.HAND, seat))
    return None


def deal_flights(players: int, cai_seat: int, rounds: int = 2) -> list[Animation]:
    """Card backs flying from the middle to every seat, the cái recipient first (R2.3–R2.7)."""
    out: list[Animation] = []
    for _ in range(rounds):
        for k in range(players):
            seat = (cai_seat + k) % players
            out.append(Animation(AnimKind.DEAL, None, Place(Zone.CENTER),
                                 Place(Zone.HAND, seat)))
    return out
