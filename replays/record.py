"""What a record holds: a session (hội) of games of one game (FORMATS ``game``: Chắn or Tổ tôm),
each a deal and the events that followed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine import __version__ as ENGINE_VERSION
from engine.actions import Action
from engine.chan import DEFAULT_RULES
from engine.game import Mode
from replays.names import NameNotice

PlayerKind = Literal["human", "ai"]


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's player as FORMATS.md writes it: a name, human or ai, and the ai's level."""

    name: str
    kind: PlayerKind = "human"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The FORMATS ``players`` entry."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        return out


def default_players(n: int = 4) -> tuple[Player, ...]:
    """A learner at seat 0 and computer players at the other seats."""
    return (Player("Bạn"), *(Player(f"Máy {i}", "ai", "normal") for i in range(1, n)))


def human_seats(players: Sequence[Player]) -> list[int]:
    """Every seat a person plays (FORMATS ``players`` of kind ``human``)."""
    return [seat for seat, p in enumerate(players) if p.kind == "human"]


def human_seat(players: Sequence[Player]) -> int | None:
    """The first seat a person plays: the learner's side; None in an AI-only hội."""
    seats = human_seats(players)
    return seats[0] if seats else None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: its deal and its recorded actions (never a ``decline``).

    ``unfinished`` marks a game known to be still in play: a record that ends on the nọc-stop
    card is otherwise a drawn game (FORMATS.md). ``mode`` is the play mode it was played in.
    """

    deal: Any  # the game's deal (engine.chan.Deal, engine.totom.Deal)
    actions: tuple[Action[Any], ...] = ()
    mode: Mode = Mode.REAL
    unfinished: bool = False
    engine_version: str | None = ENGINE_VERSION
    started_at: str | None = None


@dataclass(frozen=True, slots=True)
class Carried:
    """What a record's first game inherits from games of its hội the record does not hold,
    beyond thông: Tổ tôm's pool and each seat's debt (TOTOM T8, T6.6), for a game exported
    alone from the middle of a hội (FORMATS: the optional session keys ``pool`` and
    ``debts``, docs/command-line.md)."""

    pool: float
    debts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A hội: the làng rules, the players and the games in order.

    ``game`` is FORMATS ``game`` (``"chan"``, ``"to_tom"``); left empty, it is the game whose
    làng options ``rules`` are (replays.games.game_of_rules). ``thong_seat`` is the seat that
    may call thông (C2, TC2) in the first game, and ``carried`` what else the first game
    inherits (Tổ tôm's pool and debts), both from games of the hội that are not in this
    record (a single game exported from a database). ``notices`` say which players' names
    were changed when the record was read (too long, invisible characters, blank:
    replays.names); they are not part of the record.
    """

    rules: Any = DEFAULT_RULES  # the game's làng options (LangRules, TomRules)
    players: tuple[Player, ...] = field(default_factory=default_players)
    games: tuple[GameRecord, ...] = ()
    thong_seat: int | None = None
    created_at: str | None = None
    notices: tuple[NameNotice, ...] = field(default=(), compare=False)
    game: str = ""
    carried: Carried | None = None

    def __post_init__(self) -> None:
        if not self.game:
            from replays.games import game_of_rules

            object.__setattr__(self, "game", game_of_rules(self.rules))
