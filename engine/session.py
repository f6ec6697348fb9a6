"""A hội: a sequence of games among the same players — the shared part (DESIGN.md "Two games
on one engine"): the results in order, each seat's running total, and the seat whose next win
is thông. Each ruleset's session (engine/chan/session.py) says what a finished game gives the
hội, who deals or picks next and how a game of the hội is dealt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.events import EndKind
from engine.game import Game, Mode


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the session keeps of a finished game."""

    winner: int | None
    end: EndKind
    payout: Any  # the ruleset's payout (Chắn: settlement.Payout)
    transfers: tuple[float, ...]
    picker: int | None  # the seat that chose the deal (Chắn: the bốc cái picker, R2.4)
    last_drawer: int | None
    gives_thong: bool  # the next win by the same player may call thông (C2, TC2)


@dataclass
class Session:
    """Running totals and who may call thông; the ruleset's subclass plays the games."""

    players: int = 4
    rules: Any = None
    first_picker: int = 0
    results: list[GameResult] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0.0] * self.players

    @property
    def thong_seat(self) -> int | None:
        """The seat whose next win is thông, if the previous game allows it."""
        if not self.results:
            return None
        last = self.results[-1]
        return last.winner if last.gives_thong else None

    def result_of(self, game: Game[Any]) -> GameResult:
        """What a finished game gives the hội (the ruleset's accounting)."""
        raise NotImplementedError

    def new_game(self, seed: int, mode: Mode = Mode.REAL) -> Game[Any]:
        """Deal the next game of the hội from a seeded shuffle."""
        raise NotImplementedError

    def record(self, game: Game[Any]) -> GameResult:
        """Add a finished game: totals, and whatever the next game inherits, move on."""
        result = self.result_of(game)
        self.results.append(result)
        for seat, amount in enumerate(result.transfers):
            self.totals[seat] += amount
        return result
