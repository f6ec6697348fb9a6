"""AI-only games: one session (hội) of games, reproducible from a seed (RULES R9.2).

``play_session`` is what ``chan-tutor selfplay`` calls: a pure function of its arguments when
every level decides deterministically (``strong`` with a rollout count, not a time budget).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.actions import Act
from engine.chan.ai.players import Player
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.session import ChanSession as Session
from engine.events import Declined, EndKind
from engine.game import Mode

PlayerFactory = Callable[[str, int], Player]
SELFPLAY_WORLDS = 24  # the strong player's search budget in self-play: worlds, not time


def reproducible_player(level: str, seed: int) -> Player:
    """A player whose every decision is fixed by its seed (strong searches a fixed number of
    worlds instead of a time budget)."""
    if level == "strong":
        from engine.chan.ai.strong import strong_player
        return strong_player(seed, budget_ms=None, worlds=SELFPLAY_WORLDS)
    from engine.chan.ai import make_player
    return make_player(level, seed)


def game_seeds(seed: int, games: int) -> list[int]:
    """The deal seed of each game of a session started from ``seed``."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(games)]


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play a game to its end: each actor gets its own observation only."""
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)).action)
    return game


def play_session(levels: Sequence[str], games: int, seed: int, players: int = 4,
                 rules: LangRules = DEFAULT_RULES, mode: Mode = Mode.REAL,
                 factory: PlayerFactory | None = None,
                 on_game: Callable[[int, Game], None] | None = None) -> list[Game]:
    """Play ``games`` games of one hội among ``levels`` (one per seat); the finished games.

    The first picker is drawn from the seed; then R2.4 and C2 follow the session. ``factory``
    builds a player from (level, seat seed); the default, ``reproducible_player``, makes the
    whole session a function of the seed.
    """
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} levels, not {len(levels)}")
    if factory is None:
        factory = reproducible_player
    rng = random.Random(seed)
    seats = [factory(level, rng.randrange(2**32)) for level in levels]
    session = Session(players=players, rules=rules, first_picker=rng.randrange(players))
    out: list[Game] = []
    for i, deal_seed in enumerate(game_seeds(seed, games)):
        game = play_game(session.new_game(deal_seed, mode), seats)
        session.record(game)
        out.append(game)
        if on_game is not None:
            on_game(i, game)
    return out


@dataclass(frozen=True, slots=True)
class SeatAudit:
    """What the engine judged against one seat in a finished game (RULES R7, R8, R10)."""

    violations: int  # lỗi L1–L17 (game.violations)
    missed_u: int  # bỏ ù: claim windows with an ù let pass, a thiên ù not declared too (R7.1)
    missed_chiu: int  # chíu claims let pass (R10 analyzer note, not a lỗi)
    wrong_call: bool  # the winner's call was penalised (R8.2, R8.4) or left a cước out (R8.3)
    won: bool
    points: float  # settlement transfer (điểm × stake)


def audit(game: Game) -> list[SeatAudit]:
    """The judgements per seat of a finished game, from the engine's own records."""
    if not game.is_over:
        raise ValueError("the game is not over yet")
    outcome = game.outcome
    winner = outcome.winner if outcome is not None and outcome.kind is EndKind.WIN else None
    missed_u = [0] * game.players
    missed_chiu = [0] * game.players
    for e in game.log:
        if isinstance(e, Declined):
            if e.act is Act.WIN:
                missed_u[e.seat] += 1
            else:
                missed_chiu[e.seat] += 1
    verdict = game.verdict
    transfers = game.settlement.transfers if game.settlement is not None else (0.0,) * \
        game.players
    out = []
    for seat in range(game.players):
        wrong = seat == winner and (verdict is None or verdict.sai or bool(verdict.missing))
        out.append(SeatAudit(
            violations=sum(1 for v in game.violations if v.seat == seat),
            missed_u=missed_u[seat], missed_chiu=missed_chiu[seat], wrong_call=wrong,
            won=seat == winner, points=transfers[seat]))
    return out
