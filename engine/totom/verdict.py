"""The verdict on a declared ù (TOTOM T6.1) and what the call is worth (T7.4, T7.6): the game's
settlement, which the hội turns into points from its pool and debts (engine/totom/session.py).

Any chèo đò cause among the winner's gives chèo đò; otherwise any unpaid cause gives unpaid;
otherwise the ù is paid for what the call is worth. The causes are those the winner committed
in this game (T6.4) — recorded as they happened, at the ù (TN1, TN7, TD1) and at the call
(TN4–TN6, TN8, TD8) — each costing what the rulebook says at this table (``yeu_offence``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.events import Violation
from engine.totom.arrange import Arrangement
from engine.totom.call import CallJudgement, CallToken
from engine.totom.cards import Card
from engine.totom.rulebook import CHEO_DO, REGISTRY, UNPAID, consequence_of

if TYPE_CHECKING:
    from engine.totom.seats import TomSeats, WinState


class Verdict(StrEnum):
    """T6.1's three verdicts, and NONE for a game nobody won (kê) or not finished."""

    PAID = "paid"
    UNPAID = "unpaid"
    CHEO_DO = "cheo_do"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class TomSettlement:
    """How a game ended for the làng.

    ``score`` is what the call is worth as judged (T7.4, T7.6: only what was called, in order
    where the làng asks it), paid only when ``verdict`` is PAID; ``true_score`` what the best
    call would have been worth. ``rules`` are the ids that decided an unpaid or chèo đò
    verdict, in the registry's order; ``offences`` every cause the winner committed.
    ``judgement`` is T7.6's finding on the call and ``arrangement`` the judged arrangement
    (T5.3), None for a hand that does not win (TD1). ``ke_seat``: who drew the last card of a
    drawn game (T2.9), cái of the next.
    """

    verdict: Verdict
    winner: int | None = None
    card: Card | None = None
    thien_u: bool = False
    score: int = 0
    true_score: int = 0
    rules: tuple[str, ...] = ()
    offences: tuple[Violation[Card], ...] = ()
    call: tuple[CallToken, ...] = ()
    judgement: CallJudgement | None = None
    arrangement: Arrangement | None = None
    ke_seat: int | None = None

    @property
    def paid(self) -> int:
        """What the pool owes the winner (before the hội's debts and cap)."""
        return self.score if self.verdict is Verdict.PAID else 0


def no_win(ke_seat: int | None) -> TomSettlement:
    """A game that ended at the last card with nobody winning (T2.8, T2.9)."""
    return TomSettlement(Verdict.NONE, ke_seat=ke_seat)


def verdict_of(rule_ids: list[str], game: TomSeats) -> tuple[Verdict, tuple[str, ...]]:
    """T6.1 from the winner's causes: the verdict and the ids that decided it."""
    costs = {r: consequence_of(r, game.rules) for r in rule_ids}
    for verdict, cost in ((Verdict.CHEO_DO, CHEO_DO), (Verdict.UNPAID, UNPAID)):
        hit = sorted({r for r, c in costs.items() if c == cost}, key=REGISTRY.key)
        if hit:
            return verdict, tuple(hit)
    return Verdict.PAID, ()


def settle(game: TomSeats, win: WinState, call: tuple[CallToken, ...]) -> TomSettlement:
    """T6.1, T7.4, T7.6: the verdict on the winner's ù and what its call is worth."""
    from engine.totom.offences import judge

    offences = tuple(game.hist[win.seat].faults)
    verdict, decided = verdict_of([v.rule for v in offences], game)
    found = judge(game, win, call)
    return TomSettlement(
        verdict, win.seat, win.card, win.card is None,
        score=found.score if found is not None else 0,
        true_score=found.true_score if found is not None else 0,
        rules=decided, offences=offences, call=call, judgement=found,
        arrangement=found.judged.arrangement if found is not None else None)
