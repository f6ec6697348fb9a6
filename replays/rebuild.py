"""Rebuilding games from records: the engine replays every event, in session order.

DESIGN.md: a game is fully determined by its deal and its actions, so replaying a record
rebuilds every state exactly. The thông seat of each game (C2) comes from the engine's
``Session`` after the earlier games of the same hội.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action
from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from engine.chan import LangRules
from engine.errors import BadDeal, IllegalAction
from engine.events import Event
from replays.errors import BadRecord, Problem, problem_of
from replays.record import GameRecord, SessionRecord


class Watcher(Protocol):
    """Looks at a game just before and just after each recorded event is applied."""

    def before(self, game: Game, index: int, action: Action) -> None:
        """Called with the state in which ``action`` is about to be applied."""

    def after(self, game: Game, index: int, action: Action, events: list[Event]) -> None:
        """Called once ``action`` has been applied and caused ``events``."""


def replay_game(game: Game, actions: Sequence[Action], game_index: int = 0,
                complete: bool = True, watcher: Watcher | None = None) -> Game:
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
    """The rebuilt games of a session, and the thông seat (C2) a next game would have."""

    games: tuple[Game, ...]
    next_thong_seat: int | None


def start_game(record: GameRecord, rules: LangRules, thong_seat: int | None) -> Game:
    """The game of a record before any event, as the engine deals it."""
    return Game(record.deal, rules, record.mode, thong_seat)


def replay_session(record: SessionRecord, rules: LangRules | None = None,
                   watch: Callable[[int], Watcher | None] | None = None) -> SessionReplay:
    """Rebuild every game in order; raise BadRecord listing every impossible event found.

    ``rules`` judges the games under other làng options than the recorded ones (what-if);
    ``watch(game_index)`` may give a Watcher for that game. A game that is not over breaks
    the hội's chain: the next game starts as a first game (nobody may call thông).
    """
    rules = record.rules if rules is None else rules
    players = len(record.players)
    session = Session(players, rules)
    carried = record.thong_seat
    games: list[Game] = []
    problems: list[Problem] = []
    for gi, g in enumerate(record.games):
        try:
            game = start_game(g, rules, session.thong_seat if session.results else carried)
        except BadDeal as e:  # a hand-made deal the engine cannot start (R4.9: short nọc)
            problems.append(problem_of(e, gi, None, "deal"))
            continue
        try:
            replay_game(game, g.actions, gi, not g.unfinished,
                        None if watch is None else watch(gi))
        except BadRecord as e:
            problems.extend(e.problems)
        games.append(game)
        if game.is_over and not problems:
            session.record(game)
        else:
            session, carried = Session(players, rules), None
    if problems:
        raise BadRecord(problems)
    return SessionReplay(tuple(games), session.thong_seat if session.results else carried)
