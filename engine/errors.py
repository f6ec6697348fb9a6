"""The engine's error family: every error says what was wrong and where."""

from __future__ import annotations


class ChanError(Exception):
    """Base class of every error the engine raises.

    ``vi`` is the same message in Vietnamese where the raiser gave one (user-facing errors).
    """

    def __init__(self, *args: object, vi: str | None = None) -> None:
        super().__init__(*args)
        self.vi = vi


class BadCardCode(ChanError, ValueError):
    """Text that is not one card, with a suggestion of the right code (R1.3)."""


class BadDeal(ChanError, ValueError):
    """A deal that does not hold the 100 cards exactly once, or is malformed (R2)."""


class BadRules(ChanError, ValueError):
    """A làng option with an unknown name or value (R11)."""


class BadAction(ChanError, ValueError):
    """Text or data that does not describe an action."""


class IllegalAction(ChanError, ValueError):
    """An action that is physically impossible in the current state (R4).

    The message names the seat, the action and the reason.
    """

    def __init__(self, seat: int, action: object, reason: str) -> None:
        self.seat = seat
        self.action = str(action)
        self.reason = reason
        super().__init__(f"seat {seat}: {self.action}: {reason}")


class NotYourTurn(IllegalAction):
    """The seat acted while the decision belonged to another seat."""


class CardNotHeld(IllegalAction):
    """The seat used a card it does not hold in hand."""


class NothingToEat(IllegalAction):
    """The seat tried to eat a card it is not entitled to, or that does not pair."""


class BaoRestricted(IllegalAction):
    """A báo player tried something other than bốc or dưới (R4.8)."""


class GameOver(IllegalAction):
    """An action after the game has ended."""


class NocMismatch(IllegalAction):
    """A recorded draw names a card other than the top of the nọc."""


class ForbiddenMove(IllegalAction):
    """Strict mode refuses a move that commits a lỗi while another move exists (R7.5)."""
