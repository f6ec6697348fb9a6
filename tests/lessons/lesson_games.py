"""Games for the lesson tests: a careless learner at seat 0 among clean players, recorded in a
replay store, so the analyzer finds the learner's lỗi, missed claims and a mis-called cước."""

from __future__ import annotations

import random
from pathlib import Path

from engine.actions import Act, Action
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.events import EndKind
from engine.game import Mode, Phase
from replays.analyzer import Doc
from replays.record import default_players
from replays.recorder import Recorder
from replays.store import Store

LEARNER = 0


def _choose(rng: random.Random, game: Game) -> Action:
    seat = game.actor
    assert seat is not None
    moves = game.legal_actions()
    if game.phase is Phase.CALL:
        true = list(moves[0].cuoc)
        if seat == LEARNER:  # the learner calls a chì it may not have, and leaves one out
            wrong = [("chi", 1)] if ("chi", 1) not in true else []
            return Action(seat, Act.CALL, None, tuple(wrong + true[1:]))
        return moves[0]
    claims = [a for a in moves if a.act in (Act.WIN, Act.CHIU)]
    if claims:
        if seat == LEARNER and rng.random() < 0.5:
            return next(a for a in moves if a.act is Act.DECLINE)
        return claims[0]
    faulty = [a for a in moves if game.faults_of(a)]
    if seat == LEARNER and faulty and rng.random() < 0.3:
        return rng.choice(faulty)
    clean = [a for a in moves if not game.faults_of(a)] or moves
    return rng.choice(clean)


def learner_game(seed: int) -> Game:
    """A finished game of the careless learner (seed decides everything)."""
    rng = random.Random(seed)
    game = Game(Deal.shuffled(seed), mode=Mode.REAL)
    while not game.is_over:
        game.apply(_choose(rng, game))
    return game


def wanted(game: Game) -> bool:
    """The learner won (so it called), committed a lỗi and let a claim pass."""
    out = game.outcome
    if out is None or out.kind is not EndKind.WIN or out.winner != LEARNER:
        return False
    return any(v.seat == LEARNER for v in game.violations) and any(
        getattr(e, "seat", None) == LEARNER and type(e).__name__ == "Declined"
        for e in game.log)


def find_learner_seed(limit: int = 3000) -> int:
    """The first seed whose learner game has every kind of mistake the deck is built from."""
    for seed in range(limit):
        if wanted(learner_game(seed)):
            return seed
    raise AssertionError(f"no learner game with a lỗi, a missed claim and a call in {limit}")


def record_learner_game(path: Path, seed: int) -> tuple[Store, int, Doc]:
    """Play the learner game through a Recorder into a store; the store, game id, analysis."""
    store = Store.open(path)
    sid = store.new_session(players=default_players())
    deal = Deal.shuffled(seed)
    rec = Recorder.start(store, sid, deal, Mode.REAL)
    rng = random.Random(seed)
    while not rec.game.is_over:
        rec.apply(_choose(rng, rec.game))
    return store, rec.game_id, store.analysis(rec.game_id)
