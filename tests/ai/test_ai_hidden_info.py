"""Players see no hidden information (DESIGN: computer players receive only an observation).

Permuting the hidden cards — the other hands and the nọc order — consistently with an
observation never changes a normal decision, and no player can reach the game state.
"""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

import pytest
from ai_positions import normal_table, real_choices

from engine.chan import hand as H
from engine.chan.ai import NormalPlayer, make_player
from engine.chan.ai.worlds import hidden_of, sample_deal, sample_world
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game

AI = Path(__file__).resolve().parents[2] / "engine" / "ai"


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


@pytest.mark.parametrize("seed", range(6))
def test_permuting_hidden_cards_never_changes_a_normal_decision(seed: int) -> None:
    game = Game(Deal.shuffled(seed))
    table = normal_table()
    player = NormalPlayer()
    rng = random.Random(seed)
    checked = 0
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        if real_choices(obs) and rng.random() < 0.35:
            choice = player.choose(obs).action
            hidden = hidden_of(obs)
            differ = 0
            for k in range(4):
                alt = Game.replay(sample_deal(obs, hidden, random.Random(k)), obs.history,
                                  game.rules, game.mode)
                alt_obs = alt.observation(seat)
                if alt_obs != obs:
                    continue  # this permutation adds a claim the real table did not have
                others = [s for s in range(game.players) if s != seat]
                differ += any(alt.hand[s] != game.hand[s] for s in others) or \
                    alt.deal.noc[alt.noc_pos:] != game.deal.noc[game.noc_pos:]
                assert player.choose(alt_obs).action == choice
                checked += 1
            assert differ > 0
        game.apply(table[seat].choose(obs).action)
    assert checked > 0


@pytest.mark.parametrize("seed", range(4))
def test_sampled_worlds_reproduce_the_observation(seed: int) -> None:
    game = Game(Deal.shuffled(50 + seed, players=(4, 3, 2, 4)[seed]))
    table = normal_table(game.players)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        if rng.random() < 0.3:
            world = sample_world(obs, rng, tries=50)
            assert world.observation(seat) == obs
            assert sum(H.size(h) for h in world.hand) == sum(obs.hand_sizes)
        game.apply(table[seat].choose(obs).action)


def test_an_observation_holds_no_reference_to_the_game() -> None:
    game = Game(Deal.shuffled(7))
    table = normal_table()
    for _ in range(25):
        seat = game.actor
        assert seat is not None
        game.apply(table[seat].choose(game.observation(seat)).action)
    seat = game.actor
    assert seat is not None
    obs = game.observation(seat)
    private = {id(game), id(game.hand), id(game.record), id(game.log), id(game.hist),
               id(game.mats), id(game.cua), *(id(h) for h in game.hist)}
    for obj in reachable(obs):
        assert not isinstance(obj, Game)
        assert id(obj) not in private


@pytest.mark.parametrize("level", ["beginner", "normal", "strong", "random"])
def test_players_keep_no_reference_to_the_game(level: str) -> None:
    player = make_player(level, 3)
    if level == "strong":
        from engine.chan.ai.strong import StrongPlayer
        player = StrongPlayer(seed=3, worlds=2)
    game = Game(Deal.shuffled(11))
    table = normal_table()
    for _ in range(30):
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        action = player.choose(obs).action if seat == 0 else table[seat].choose(obs).action
        game.apply(action)
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


def test_only_the_world_builders_touch_game_objects() -> None:
    """Policies read observations; only the strong player's own sampled worlds (worlds.py,
    rollout.py) and the self-play driver build or read a Game. No introspection tricks."""
    builders = {"worlds.py", "rollout.py", "selfplay.py"}
    for path in sorted(AI.glob("*.py")):
        mods = _imports(path)
        if path.name not in builders:
            assert "engine.game" not in mods, path.name
        assert not mods & {"gc", "inspect", "ctypes"}, path.name
        assert "_getframe" not in path.read_text(encoding="utf-8"), path.name
