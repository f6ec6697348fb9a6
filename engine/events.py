"""What applying an action causes: immutable event records (the game's log)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeAlias, Union

from engine.actions import Act, Action
from engine.kind import K


class Origin(StrEnum):
    """How the live card came into its cửa (R4.2)."""

    DRAW = "draw"
    DISCARD = "discard"
    RETURN = "return"
    REVEAL = "reveal"  # TOTOM T4.2: a thiên khai shown, open only to ù


@dataclass(frozen=True, slots=True)
class Placed(Generic[K]):
    """The live card: the card most recently placed in a cửa (R2.2), and who may act on it.

    ``home`` is the seat first entitled to it (R4.3); ``home_may_pass`` says whether that seat
    decides as on its own draw (Ăn or Dưới) rather than Ăn or Bốc. ``final`` marks the card
    drawn at the nọc stop (R4.9): it can only be won on.
    """

    card: K
    cua: int
    origin: Origin
    by: int
    home: int
    home_may_pass: bool
    final: bool
    event: int  # index of the recorded event that placed it


@dataclass(frozen=True, slots=True)
class Claim:
    """A seat that may take the live card out of turn (R4.2): ù or chíu."""

    seat: int
    act: Act


@dataclass(frozen=True, slots=True)
class Violation(Generic[K]):
    """One broken rule: its id (the ruleset's registry), who, the card the registry says an
    annotation names, the event, and the earlier event that set it up (FORMATS
    ``cause_event``)."""

    rule: str
    seat: int
    card: K
    event: int
    cause_event: int | None = None


@dataclass(frozen=True, slots=True)
class Played(Generic[K]):
    """A recorded action; ``index`` is its position in the game's events (FORMATS.md)."""

    index: int
    action: Action[K]


@dataclass(frozen=True, slots=True)
class Declined(Generic[K]):
    """A seat let a claim window pass (explicitly, or because a later action implied it)."""

    seat: int
    act: Act  # the claim it could have made: WIN or CHIU
    card: K | None  # None: a thiên ù let pass (the cái recipient discarded instead)
    event: int  # the event that placed the card (for thiên ù: that first discard)


class EndKind(StrEnum):
    """How a game ended."""

    WIN = "win"
    U_LAO = "u_lao"  # R7.4: declared ù without a winning hand
    DRAW = "draw"  # R4.9: nọc stop reached, nobody won


@dataclass(frozen=True, slots=True)
class Outcome(Generic[K]):
    """The end of a game: who won on which card, and how."""

    kind: EndKind
    winner: int | None = None
    card: K | None = None  # W; None for thiên ù
    chiu_u: bool = False  # R5.4
    thien_u: bool = False  # R5.2
    win_event: int | None = None


@dataclass(frozen=True, slots=True)
class Ended(Generic[K]):
    """The game has ended."""

    outcome: Outcome[K]


@dataclass(frozen=True, slots=True)
class BecameBao:
    """A seat broke a rule that makes it báo (R7.3, R4.8: one of L6–L17) and is báo from now
    on; ``rule`` is the first such rule broken at that event."""

    seat: int
    event: int
    rule: str = ""


# Written bare, Chắn's (engine/kind.py); a ruleset's game says Event[its Card].
Event: TypeAlias = Union[Played[K], Declined[K], Ended[K], Violation[K], BecameBao]  # noqa: UP007
