"""Seeded hội positions for the play tests, found by the engine alone (no Qt).

The tests play the learner's seat with the normal computer player, like the three others, so
a hội is fixed by its seeds. Rather than trusting one hard-coded seed (the computer players are
still being improved), the tests search a small range for a deal with what they need, starting
from a seed known to have it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan.ai import make_player
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES
from engine.game import Mode, Phase

LEARNER = 0


def first_game(seed: int, mode: Mode = Mode.TEACHING) -> Game:
    """The first game of a hội as PlayController.start_session deals it."""
    picker = random.Random(seed).randrange(4)
    return Game(Deal.shuffled(seed, 4, picker), DEFAULT_RULES, mode)


def faulty(game: Game) -> Action | None:
    """A legal move of the actor that breaks one of L1–L17 (teaching mode warns)."""
    for action in game.legal_actions():
        if any(e.rule.startswith("L") for e in game.explain(action)):
            return action
    return None


@dataclass(frozen=True, slots=True)
class Plan:
    """What a seed gives: the learner's decisions before the faulty one, and the game."""

    seed: int
    fault_at: int  # the learner's decision (counted from 0) where a faulty move exists
    fault: Action
    rule: str  # the rule the faulty move breaks (the warning names it)
    events: int


def learner_wins(seed: int, limit: int = 400) -> Plan | None:
    """The learner (normal AI) wins a non-thiên-ù game after an ù prompt, and somewhere had a
    move that breaks a rule; None otherwise."""
    game = first_game(seed)
    ai = make_player("normal")
    decisions = 0
    fault: tuple[int, Action, str] | None = None
    prompted = False
    for _ in range(limit):
        if game.is_over:
            break
        actor = game.actor
        assert actor is not None
        if actor == LEARNER and game.phase is not Phase.CALL:
            if fault is None and (bad := faulty(game)) is not None:
                rule = next(e.rule for e in game.explain(bad) if e.rule.startswith("L"))
                fault = (decisions, bad, rule)
            claims = game.pending_claims()
            prompted = prompted or bool(claims and claims[0].act is Act.WIN)
            decisions += 1
        game.apply(ai.choose(game.observation(actor)).action)
    o = game.outcome
    if o is None or o.winner != LEARNER or o.thien_u or fault is None or not prompted:
        return None
    return Plan(seed, fault[0], fault[1], fault[2], len(game.record))


def find(predicate: object, start: int, span: int = 600) -> Plan:
    """The first plan from `start` on for which `predicate(seed)` returns one."""
    assert callable(predicate)
    for seed in range(start, start + span):
        plan = predicate(seed)
        if plan is not None:
            assert isinstance(plan, Plan)
            return plan
    raise AssertionError(f"no seed in {start}..{start + span} fits")
