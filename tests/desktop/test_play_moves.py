"""What the learner may do at a position: prompts, eaters, strict-mode candidates, selection."""

from __future__ import annotations

from desktop.play.moves import candidates, eaters, prompts, step_selection
from engine.actions import Act, Action
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.game import Mode

THIEN_U = 4659  # Deal.shuffled(4659): seat 0 receives the cái with a winning 20 (R5.2)


def test_a_first_discard_that_lets_a_thien_u_pass_is_warned_about() -> None:
    game = Game(Deal.shuffled(THIEN_U), mode=Mode.TEACHING)
    assert game.actor == 0
    keys = [p.key for p in prompts(game, 0, None)]
    assert keys == ["discard", "win", "hint"]
    discard = next(a for a in game.legal_actions() if a.act is Act.DISCARD)
    rules = [e.rule for e in game.explain(discard)]
    assert rules.count("bo_u") == 1  # the engine explains a thiên ù let pass, once
    assert [e.rule for e in game.explain(Action(0, Act.WIN))] == []


def test_strict_mode_candidates_include_what_it_leaves_out() -> None:
    game = Game(Deal.shuffled(3), mode=Mode.STRICT)
    seat = game.actor
    assert seat is not None
    legal = set(game.legal_actions())
    every = set(candidates(game, seat))
    assert legal <= every
    assert all(game.faults_of(a) for a in every - legal)


def test_only_legal_claims_become_buttons() -> None:
    game = Game(Deal.shuffled(7))
    seat = game.actor
    assert seat is not None
    keys = {p.key for p in prompts(game, seat, None)}
    assert not keys & {"win", "chiu", "decline"}  # no claim window at the first discard
    assert eaters(game, seat) == frozenset()


def test_selection_steps_over_identical_copies() -> None:
    order = [Card.V2, Card.V2, Card.N3, Card.CC]
    assert step_selection(order, None, 1) == Card.V2
    assert step_selection(order, Card.V2, 1) == Card.N3
    assert step_selection(order, Card.N3, -1) == Card.V2
    assert step_selection(order, Card.CC, 1) == Card.V2
    assert step_selection([], None, 1) is None
