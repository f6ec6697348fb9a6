"""Games for the record tests: seeded random legal play (until the AI lands) and searches.

A policy picks among ``game.legal_actions()``: claims (ù, chíu) are taken with the given
probabilities, and other moves avoid lỗi with probability ``clean`` (the engine says which
moves commit one). Everything is decided by the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.game import Mode
from replays.record import GameRecord, SessionRecord, default_players
from replays.recorder import Recorder
from replays.store import Store


@dataclass(frozen=True)
class Policy:
    """How a seeded random player chooses."""

    win: float = 1.0  # take an ù when offered
    chiu: float = 0.7  # take a chíu when offered
    clean: float = 0.8  # choose a move that commits no lỗi when there is one

    def choose(self, rng: random.Random, game: Game) -> Action:
        """One legal action of the actor."""
        moves = game.legal_actions()
        claim = next((a for a in moves if a.act in (Act.WIN, Act.CHIU)), None)
        if claim is not None and len(moves) == 2 and any(a.act is Act.DECLINE for a in moves):
            p = self.win if claim.act is Act.WIN else self.chiu
            return claim if rng.random() < p else next(a for a in moves if a is not claim)
        wins = [a for a in moves if a.act is Act.WIN]
        if wins and rng.random() < self.win:
            return wins[0]
        if len(moves) > 1 and rng.random() < self.clean:
            clean = [a for a in moves if not game.faults_of(a)]
            if clean:
                return rng.choice(clean)
        return rng.choice(moves)


RANDOM = Policy(win=0.5, chiu=0.5, clean=0.0)
CAREFUL = Policy()


def play(seed: int, policy: Policy = CAREFUL, game: Game | None = None,
         rules: LangRules = DEFAULT_RULES, stop: Callable[[Game], bool] | None = None) -> Game:
    """Play a game from ``Deal.shuffled(seed)`` (or ``game``) until it is over or ``stop``."""
    rng = random.Random(seed)
    if game is None:
        game = Game(Deal.shuffled(seed, rules=rules), rules, Mode.REAL)
    while not game.is_over and not (stop is not None and stop(game)):
        game.apply(policy.choose(rng, game))
    return game


def record_of(game: Game, unfinished: bool = False) -> GameRecord:
    """The record of a played game."""
    return GameRecord(game.deal, tuple(game.record), game.mode,
                      unfinished=unfinished or not game.is_over)


def session_of(games: Iterable[GameRecord], rules: LangRules = DEFAULT_RULES,
               thong_seat: int | None = None) -> SessionRecord:
    """A 4-player session of the given games."""
    return SessionRecord(rules, default_players(), tuple(games), thong_seat)


def find(predicate: Callable[[Game], bool], policy: Policy = CAREFUL,
         seeds: Iterable[int] = range(2000), rules: LangRules = DEFAULT_RULES) -> Game:
    """The first seeded game that satisfies ``predicate``."""
    for seed in seeds:
        game = play(seed, policy, rules=rules)
        if predicate(game):
            return game
    raise LookupError("no seeded game has the wanted property")


def thong_pair() -> tuple[Game, Game]:
    """Two seeded games won, paid normally, by the same seat: in one session the second is
    thông (C2)."""
    def won(g: Game) -> bool:
        return g.outcome is not None and g.outcome.kind.value == "win" \
            and g.settlement is not None and g.settlement.payout.value == "normal"

    first = find(won)
    winner = None if first.outcome is None else first.outcome.winner
    second = find(lambda g: won(g) and g.outcome is not None and g.outcome.winner == winner
                  and g.deal != first.deal, seeds=range(3000))
    return first, second


def record_games(store: Store, seeds: Iterable[int], policy: Policy = CAREFUL,
                 session_id: int | None = None) -> list[int]:
    """Play seeded games through a Recorder into one (new) session; their ids."""
    sid = store.new_session() if session_id is None else session_id
    ids = []
    for seed in seeds:
        rec = Recorder.start(store, sid, Deal.shuffled(seed))
        rng = random.Random(seed)
        while not rec.game.is_over:
            rec.apply(policy.choose(rng, rec.game))
        ids.append(rec.game_id)
    return ids
