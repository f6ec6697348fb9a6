"""Rebuilding games from records: the engine replays every event, in session order.

DESIGN.md: a game is fully determined by its deal and its actions, so replaying a record
rebuilds every state exactly. The thông seat of each game (C2, TC2) comes from the engine's
``Session`` after the earlier games of the same hội; what else a game inherits from its hội,
and which deal the hội may play next, is the game's own (replays.games: Tổ tôm's pool, debts
and cái, T8, T2.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Action
from engine.errors import ChanError, IllegalAction
from engine.game import Game
from engine.ruleset import DEFAULT_GAME
from engine.session import GameResult
from replays.errors import BadRecord, Problem, problem_of
from replays.games import record_game
from replays.record import Carried, GameRecord, SessionRecord


class Watcher(Protocol):
    """Looks at a game just before and just after each recorded event is applied."""

    def before(self, game: Any, index: int, action: Any) -> None:
        """Called with the state in which ``action`` is about to be applied."""

    def after(self, game: Any, index: int, action: Any, events: list[Any]) -> None:
        """Called once ``action`` has been applied and caused ``events``."""


def replay_game(game: Game[Any], actions: Sequence[Action[Any]], game_index: int = 0,
                complete: bool = True, watcher: Watcher | None = None) -> Game[Any]:
    """Apply a game's recorded events; ``complete`` ends a record that stops on the nọc-stop
    card (its claims were declined: records never show declines, FORMATS.md)."""
    i = 0
    try:
        if watcher is None:
            for i in range(len(actions)):
                game.apply(actions[i])
        else:
            for i, action in enumerate(actions):
                watcher.before(game, i, action)
                watcher.after(game, i, action, game.apply(action))
    except IllegalAction as e:
        raise BadRecord([problem_of(e, game_index, i, "events", actions[i])]) from None
    if complete:
        game.finish()
    return game


@dataclass(frozen=True, slots=True)
class SessionReplay:
    """The rebuilt games of a session, and the thông seat (C2) a next game would have.

    ``before`` holds, for each game, what it inherits from the hội beyond thông (Tổ tôm's pool
    and debts; None for Chắn), ``results`` what each finished game gave the hội (None for a
    game that is not over).
    """

    games: tuple[Game[Any], ...]
    next_thong_seat: int | None
    before: tuple[Carried | None, ...] = ()
    results: tuple[GameResult | None, ...] = ()


def start_game(record: GameRecord, rules: Any, thong_seat: int | None,
               game: str = DEFAULT_GAME) -> Game[Any]:
    """The game of a record before any event, as the engine deals it."""
    return record_game(game).new_game(record.deal, rules, record.mode, thong_seat)


Done = Callable[[int, Game[Any], Carried | None, GameResult | None], None]


def replay_session(record: SessionRecord, rules: Any = None,
                   watch: Callable[[int], Watcher | None] | None = None,
                   done: Done | None = None) -> SessionReplay:
    """Rebuild every game in order; raise BadRecord listing every impossible event found.

    ``rules`` judges the games under other làng options than the recorded ones (what-if);
    ``watch(game_index)`` may give a Watcher for that game; ``done(game_index, game, before,
    result)`` is told each game as soon as it is replayed, with what it inherited from the
    hội and what it gave it (``SessionReplay.before``, ``.results``). A game that is not over breaks
    the hội's chain: the next game starts as a first game (nobody may call thông). A deal the
    hội cannot play next (Tổ tôm: another cái than T2.4's, a game after the hội ended, T8.3)
    is refused.
    """
    kind = record_game(record.game)
    rules = record.rules if rules is None else rules
    players = len(record.players)
    session = kind.new_session(players, rules, record.carried)
    carried = record.thong_seat
    games: list[Game[Any]] = []
    before: list[Carried | None] = []
    results: list[GameResult | None] = []
    problems: list[Problem] = []
    for gi, g in enumerate(record.games):
        try:
            kind.check_next(session, g.deal)
            game = kind.new_game(g.deal, rules, g.mode,
                                 session.thong_seat if session.results else carried)
        except ChanError as e:  # a deal the engine cannot start (R4.9: short nọc), or T2.4
            problems.append(problem_of(e, gi, None, "deal"))
            continue
        before.append(kind.before_game(session))
        try:
            replay_game(game, g.actions, gi, not g.unfinished,
                        None if watch is None else watch(gi))
        except BadRecord as e:
            problems.extend(e.problems)
        games.append(game)
        if game.is_over and not problems:
            results.append(session.record(game))
        else:
            results.append(None)
            session, carried = kind.restart(session, players, rules), None
        if done is not None:
            done(gi, game, before[-1], results[-1])
    if problems:
        raise BadRecord(problems)
    return SessionReplay(tuple(games), session.thong_seat if session.results else carried,
                         tuple(before), tuple(results))
