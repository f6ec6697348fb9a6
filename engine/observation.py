"""What one seat may know, as every ruleset's observation offers it (DESIGN: computer players
receive only an observation, never the state).

Each ruleset has its own observation (Chắn's ``engine.chan.Observation``, Tổ tôm's
``engine.totom.TomObservation``) with what its game adds — báo, face-down melds, bất thực;
``SeatView`` is the part they share, which a screen or a player that serves both games reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol

from engine.kind import K

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.events import Outcome, Placed


class SeatView(Protocol, Generic[K]):
    """A seat's view of a game: its own hand, everything public, its legal actions."""

    @property
    def seat(self) -> int:
        """The seat that sees."""

    @property
    def players(self) -> int:
        """How many seats the table has."""

    @property
    def phase(self) -> str:
        """The game's phase (engine.game.Phase's value)."""

    @property
    def actor(self) -> int | None:
        """Whose decision it is."""

    @property
    def hand(self) -> tuple[K, ...]:
        """The seat's own hand."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds in hand."""

    @property
    def cua(self) -> tuple[tuple[K, ...], ...]:
        """The cards of each cửa, oldest first."""

    @property
    def live(self) -> Placed[K] | None:
        """The card most recently placed, and who may act on it."""

    @property
    def entitled(self) -> int:
        """The seat entitled to the live card."""

    @property
    def noc_left(self) -> int:
        """Cards still in the nọc."""

    @property
    def cai_seat(self) -> int:
        """The seat that played first."""

    @property
    def history(self) -> tuple[Action[K], ...]:
        """Every action so far, as this seat saw it."""

    @property
    def legal(self) -> tuple[Action[K], ...]:
        """The seat's legal actions when the decision is its own (else empty)."""

    @property
    def faults(self) -> tuple[tuple[str, ...], ...]:
        """The rule ids each legal action would break."""

    @property
    def mode(self) -> str:
        """teaching, strict or real."""

    @property
    def outcome(self) -> Outcome[K] | None:
        """How the game ended, once it has."""

    @property
    def seen(self) -> tuple[K, ...]:
        """The cards visible outside the seat's hand."""

    @property
    def thong_seat(self) -> int | None:
        """Who may call thông this game (from the hội)."""
