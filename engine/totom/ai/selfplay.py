"""AI-only games of Tổ tôm, reproducible from a seed, and what the engine judged in each.

``play_session`` is what ``chan-tutor selfplay --game to_tom`` calls: games of a hội among the
given levels, a new hội starting when one ends (T8.3: the pool holds less than an ù suông), the
cái and thông following the hội (T2.4, TC2). It is a pure function of its arguments.
``audit`` reads a finished game's judgements per seat from the engine's own records: the TN and
TD causes it recorded (T6.2, T6.3, whether or not the seat won), the ù windows let pass (T5.7),
the phỗng let pass (T4.14), the ù and its verdict.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.actions import Act
from engine.events import Declined, EndKind
from engine.game import Mode
from engine.totom.ai.players import Player
from engine.totom.game import TomGame
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.session import TomSession

PlayerFactory = Callable[[str, int], Player]


def game_seeds(seed: int, games: int) -> list[int]:
    """The deal seed of each game started from ``seed``."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(games)]


def play_game(game: TomGame, players: Sequence[Player]) -> TomGame:
    """Play a game to its end: each actor gets its own observation only."""
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)).action)
    return game


def _default_factory(level: str, seed: int) -> Player:
    from engine.totom.ai import make_player
    return make_player(level, seed)


def play_session(levels: Sequence[str], games: int, seed: int,
                 rules: TomRules = DEFAULT_RULES, mode: Mode = Mode.REAL,
                 factory: PlayerFactory | None = None,
                 on_game: Callable[[int, TomGame, TomSession], None] | None = None
                 ) -> list[TomGame]:
    """Play ``games`` games among ``levels`` (one per seat); the finished games, in order.

    The cái of each hội's first game is drawn from the seed; then T2.4 and TC2 follow the hội,
    and a new hội starts when one ends. ``on_game`` sees each finished game with its hội
    (already holding it)."""
    if len(levels) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} levels, not "
                         f"{len(levels)}")
    make = factory or _default_factory
    rng = random.Random(seed)
    seats = [make(level, rng.randrange(2**32)) for level in levels]
    session = TomSession(rules=rules, players=rules.players,
                         first_picker=rng.randrange(rules.players))
    out: list[TomGame] = []
    for i, deal_seed in enumerate(game_seeds(seed, games)):
        if session.is_over:
            session = TomSession(rules=rules, players=rules.players,
                                 first_picker=rng.randrange(rules.players))
        game = play_game(session.new_game(deal_seed, mode), seats)
        session.record(game)
        out.append(game)
        if on_game is not None:
            on_game(i, game, session)
    return out


@dataclass(frozen=True, slots=True)
class SeatAudit:
    """What the engine judged about one seat in a finished game."""

    offences: tuple[str, ...]  # TN and TD causes recorded against it (T6.2, T6.3)
    missed_u: int  # ù windows (and thiên ù) it let pass (T5.7)
    missed_phong: int  # phỗng it let pass (T4.14)
    won: bool
    verdict: str | None  # its ù's verdict (T6.1): paid, unpaid, cheo_do
    score: int  # what its call was worth (T7.4), 0 unless paid
    undercall: bool  # its call was worth less than its hand's true call (T7.6)


def audit(game: TomGame) -> list[SeatAudit]:
    """The judgements per seat of a finished game, from the engine's own records."""
    if not game.is_over:
        raise ValueError("the game is not over yet")
    outcome = game.outcome
    winner = outcome.winner if outcome is not None and outcome.kind is EndKind.WIN else None
    missed_u = [0] * game.players
    missed_phong = [0] * game.players
    for e in game.log:
        if isinstance(e, Declined):
            if e.act is Act.WIN:
                missed_u[e.seat] += 1
            elif e.act is Act.PHONG:
                missed_phong[e.seat] += 1
    settlement = game.settlement
    verdict = None if game.verdict is None else game.verdict.value
    out = []
    for seat in range(game.players):
        won = seat == winner
        out.append(SeatAudit(
            offences=tuple(v.rule for v in game.violations if v.seat == seat),
            missed_u=missed_u[seat], missed_phong=missed_phong[seat], won=won,
            verdict=verdict if won else None,
            score=settlement.paid if won and settlement is not None else 0,
            undercall=won and settlement is not None
            and settlement.score < settlement.true_score))
    return out
