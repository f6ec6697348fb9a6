"""Seeded games to take positions from: the engine's ``normal`` computer player on every seat
(engine.chan.ai), or — where engine.chan.ai is absent — a seeded player that takes every ù and
chíu and otherwise picks a move committing no lỗi. Either way a seed decides the whole game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan import Deal

Chooser = Callable[[Game], Action]


def _ai_chooser(players: int) -> Chooser | None:
    try:
        from engine.chan.ai import make_player
    except ImportError:  # pragma: no cover - engine.chan.ai is optional for the lessons
        return None
    seats = [make_player("normal") for _ in range(players)]

    def choose(game: Game) -> Action:
        seat = game.actor
        assert seat is not None
        return seats[seat].choose(game.observation(seat)).action

    return choose


def _seeded_chooser(seed: int) -> Chooser:
    rng = random.Random(f"lessons-play:{seed}")

    def choose(game: Game) -> Action:
        moves = game.legal_actions()
        for act in (Act.WIN, Act.CHIU, Act.CALL):
            taken = [a for a in moves if a.act is act]
            if taken:
                return taken[0]
        clean = [a for a in moves if not game.faults_of(a)] or moves
        return rng.choice(clean)

    return choose


def chooser(seed: int, players: int = 4) -> Chooser:
    """The move-picker of a seeded game."""
    return _ai_chooser(players) or _seeded_chooser(seed)


def new_game(seed: int, players: int = 4) -> Game:
    """A game on the seeded shuffle, the picker drawn from the seed too."""
    return Game(Deal.shuffled(seed, players, picker=seed % players))


def walk(seed: int, players: int = 4) -> Iterator[Game]:
    """The live game at each decision point of a seeded game, then once more when it is over.

    The same object is yielded each time and changes after the consumer resumes: read what is
    needed (``len(game.record)``, a position) before asking for the next state.
    """
    game = new_game(seed, players)
    choose = chooser(seed, players)
    while not game.is_over:
        yield game
        game.apply(choose(game))
    yield game


def played(seed: int, players: int = 4) -> Game:
    """The finished seeded game."""
    game = new_game(seed, players)
    choose = chooser(seed, players)
    while not game.is_over:
        game.apply(choose(game))
    return game
