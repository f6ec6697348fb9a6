"""Tổ tôm's computer players see no hidden information (DESIGN: computer players receive only an
observation): dealing the hidden cards — the other hands and the rest of the nọc — differently,
consistently with an observation, never changes a decision; no player or observation reaches
the game; only the self-play driver touches game objects."""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

import pytest

from engine.errors import ChanError
from engine.totom.ai import make_player
from engine.totom.deal import Deal
from engine.totom.errors import TomError
from engine.totom.game import TomGame

AI = Path(__file__).resolve().parents[2] / "engine" / "totom" / "ai"


def reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from ``root`` through references."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def reshuffled(game: TomGame, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` cannot see dealt anew: the other seats' hands
    (what they hold now) and the nọc's undrawn cards; what they played stays theirs."""
    n = game.players
    others = [s for s in range(n) if s != seat]
    pool = [c for s in others for c in game.hand_cards(s)]
    undrawn = list(game.deal.noc[game.noc_pos:])
    pool += undrawn
    rng.shuffle(pool)
    hands = [list(h) for h in game.deal.hands]
    for s in others:
        held = list(game.hand_cards(s))
        dealt = list(hands[s])
        for c in held:
            dealt.remove(c)
        take, pool = pool[:len(held)], pool[len(held):]
        hands[s] = dealt + take
    noc = list(game.deal.noc[:game.noc_pos]) + pool
    return Deal(tuple(tuple(sorted(h)) for h in hands), tuple(noc), game.deal.cai_seat,
                game.deal.a, game.deal.b)


@pytest.mark.parametrize("level", ["normal", "beginner"])
@pytest.mark.parametrize("seed", range(3))
def test_dealing_the_hidden_cards_anew_never_changes_a_decision(level: str, seed: int) -> None:
    game = TomGame(Deal.shuffled(seed, cai_seat=seed % 5))
    table = [make_player("normal", s) for s in range(5)]
    player = make_player(level, 7)
    rng = random.Random(seed)
    checked = differ = 0
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        if len(obs.legal) > 1 and rng.random() < 0.3:
            choice = player.choose(obs).action
            for _ in range(3):
                try:
                    alt = TomGame.replay(reshuffled(game, seat, rng), game.record, game.rules,
                                         game.mode)
                except (TomError, ChanError, ValueError):
                    continue  # the new cards make a move of the record impossible
                if alt.observation(seat) != obs:
                    continue  # they give another seat a claim the real table did not have
                differ += any(alt.hand[s] != game.hand[s] for s in range(5) if s != seat)
                assert player.choose(alt.observation(seat)).action == choice
                checked += 1
        game.apply(table[seat].choose(obs).action)
    assert checked > 0 and differ > 0


def test_an_observation_holds_no_reference_to_the_game() -> None:
    game = TomGame(Deal.shuffled(7))
    table = [make_player("normal", s) for s in range(5)]
    for _ in range(15):
        seat = game.actor
        assert seat is not None
        game.apply(table[seat].choose(game.observation(seat)).action)
    seat = game.actor
    assert seat is not None
    obs = game.observation(seat)
    private = {id(game), id(game.hand), id(game.record), id(game.log), id(game.hist),
               id(game.mats), id(game.cua), *(id(h) for h in game.hist)}
    for obj in reachable(obs):
        assert not isinstance(obj, TomGame)
        assert id(obj) not in private


@pytest.mark.parametrize("level", ["beginner", "normal", "random"])
def test_players_keep_no_reference_to_the_game(level: str) -> None:
    player = make_player(level, 3)
    game = TomGame(Deal.shuffled(11))
    for _ in range(60):
        seat = game.actor
        assert seat is not None
        game.apply(player.choose(game.observation(seat)).action)
        if game.is_over:
            break
    assert not any(obj is game for obj in reachable(player))


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_only_the_self_play_driver_touches_game_objects() -> None:
    """Policies read observations; the self-play driver alone builds and runs a game. No
    introspection tricks."""
    paths = sorted(AI.glob("*.py"))
    assert paths
    for path in paths:
        mods = _imports(path)
        if path.name != "selfplay.py":
            assert not mods & {"engine.game", "engine.totom.game", "engine.totom.seats",
                               "engine.totom.turn", "engine.totom.opening"}, path.name
        assert not mods & {"gc", "inspect", "ctypes"}, path.name
        assert "_getframe" not in path.read_text(encoding="utf-8"), path.name


def test_the_reshuffle_keeps_what_the_seat_sees() -> None:
    game = TomGame(Deal.shuffled(3))
    table = [make_player("normal", s) for s in range(5)]
    for _ in range(15):
        seat = game.actor
        assert seat is not None
        game.apply(table[seat].choose(game.observation(seat)).action)
    seat = game.actor
    assert seat is not None
    deal = reshuffled(game, seat, random.Random(1))
    assert deal.hands[seat] == game.deal.hands[seat]
    assert deal.noc[:game.noc_pos] == game.deal.noc[:game.noc_pos]
    assert sorted([*(c for h in deal.hands for c in h), *deal.noc]) == \
        sorted([*(c for h in game.deal.hands for c in h), *game.deal.noc])
