"""What a computer player rebuilds from its observation agrees with the game (TOTOM T4, T6):
its position, its takes and discards, the cards it has not seen; and the offences it foresees
for a discard after a take (engine/totom/ai/duties.py) never call clean what the engine judges
a TD — on games played by players who break rules at random, so that every history occurs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import Act
from engine.totom.ai import make_player
from engine.totom.ai.duties import discard_risks
from engine.totom.ai.tracker import own_position, own_record, unseen_of
from engine.totom.cards import COPIES, Card
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.observation import TomObservation
from engine.totom.rules import TomRules

RULES = (TomRules(), TomRules(players=4))


def lawless_games(seeds: range, rules: TomRules) -> list[list[tuple[TomGame, TomObservation]]]:
    """Games where every seat picks any legal move half the time (faults included) and the
    normal move otherwise; each decision's game copy and observation."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        normal = make_player("normal")
        game = TomGame(Deal.shuffled(seed, rules, seed % rules.players), rules)
        seen = []
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            seen.append((game.copy(), obs))
            action = rng.choice(obs.legal) if rng.random() < 0.5 else normal.choose(obs).action
            game.apply(action)
        out.append(seen)
    return out


@pytest.fixture(scope="module", params=RULES, ids=["five", "four"])
def decisions(request: pytest.FixtureRequest) -> list[tuple[TomGame, TomObservation]]:
    return [d for g in lawless_games(range(12), request.param) for d in g]


def test_the_position_is_the_games(decisions: list[tuple[TomGame, TomObservation]]) -> None:
    for game, obs in decisions:
        assert own_position(obs) == game.position(obs.seat)


def test_takes_and_discards_are_the_games(
        decisions: list[tuple[TomGame, TomObservation]]) -> None:
    taken = 0
    for game, obs in decisions:
        own = own_record(obs)
        hist = game.hist[obs.seat]
        assert list(own.taken) == hist.taken
        assert list(own.discards) == hist.discards
        taken += len(own.taken)
    assert taken > 0


def test_unseen_cards_are_the_hidden_ones(
        decisions: list[tuple[TomGame, TomObservation]]) -> None:
    for game, obs in decisions:
        unseen = unseen_of(obs)
        hidden: Counter[Card] = Counter(game._noc[game.noc_pos:])
        for s in range(game.players):
            if s != obs.seat:
                hidden.update(game.hand_cards(s))
                hidden.update(c for m in game.mats[s] if m.face_down for c in m.all_cards)
        if game._pending is not None:  # a drawn card waiting for the shows (T4.2)
            hidden[game._pending[0]] += 1
        assert all(0 <= unseen[k] <= COPIES for k in range(len(unseen)))
        assert unseen == tuple(hidden[Card(k)] for k in range(len(unseen)))


def test_a_discard_foreseen_clean_is_clean(
        decisions: list[tuple[TomGame, TomObservation]]) -> None:
    """T4.11: no TD2, TD3, TD4 or TD9 for a held card the foresight calls clean; and TD2,
    TD3 and TD9 foreseen exactly."""
    checked = Counter[str]()
    for _, obs in decisions:
        own = own_record(obs)
        for a, faults in zip(obs.legal, obs.faults, strict=True):
            if a.act not in (Act.DISCARD, Act.RETURN) or a.card not in obs.hand:
                continue
            risks = set(discard_risks(a.card, obs, own))
            judged = {r for r in faults if r.startswith("TD")}
            assert judged <= risks, (str(a), judged, risks)
            assert risks - {"TD4"} == judged - {"TD4"}, (str(a), judged, risks)
            checked.update(judged)
    assert checked["TD9"] and checked["TD2"]
