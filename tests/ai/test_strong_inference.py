"""The strong player infers hidden hands from what the table shows — a seat that let pass a card it
could have eaten as a chắn is unlikely to hold it, so worlds where it does weigh less (the chain
that samples them: test_posterior_chain) — and values a rollout in điểm as well as wins; the
level is built that way while ``StrongPlayer()``'s own defaults keep the earlier search (the
puzzles).

(Asked for by issue 15.)
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Action
from engine.chan.ai import make_player
from engine.chan.ai.posterior import PASS_CHAN_1
from engine.chan.ai.selfplay import reproducible_player
from engine.chan.ai.strong import POINTS, StrongPlayer
from engine.chan.cards import ALL_CARDS, parse_cards
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from tests.ai.likelihood import replay_weighted

ME = "9v 9v 9n 9n 9s 9s cc cc 5s 5s 6n 6n 6s 6s 7n 7n 7s 7s 8n 8n"
SEAT1 = "9v 2v 2v 3v 3v 4v 4v 2n 2n 3n 3n 4n 4n 2s 2s 3s 3s 4s 8v"
NINE_V, FOUR_S = parse_cards("9v 4s")


def _after_pass(holds_9v: bool) -> Game:
    """Seat 0 discards a 9v and seat 1 draws over it (lets it pass) — seat 1 holding the
    other 9v, or a 4s in its place (that 9v then lies where the 4s was)."""
    pool = Counter({c: 4 for c in ALL_CARDS})
    pool.subtract([*parse_cards(ME), *parse_cards(SEAT1), *parse_cards("5s")])
    rest = [c for c in ALL_CARDS for _ in range(pool[c])]
    random.Random(0).shuffle(rest)  # a fixed deal where nobody can claim the 5s drawn
    seat1 = list(parse_cards(SEAT1))
    if not holds_9v:
        rest[rest.index(FOUR_S)] = NINE_V
        seat1[0] = FOUR_S
    hands = [list(parse_cards(ME)), seat1, rest[:19], rest[19:38]]
    game = Game(Deal.from_hands(hands, [*parse_cards("5s"), *rest[38:]]))
    for text in ("0 discard 9v", "1 draw"):
        game.apply(Action.parse(text))
    return game


def test_a_card_let_pass_makes_holding_it_less_likely() -> None:
    one, none = _after_pass(True), _after_pass(False)
    obs = one.observation(0)
    assert obs == none.observation(0)  # seat 0 cannot tell the two worlds apart
    _, w_one = replay_weighted(one.deal, obs)
    _, w_none = replay_weighted(none.deal, obs)
    assert w_none == 1.0 and w_one == PASS_CHAN_1


def test_the_strong_level_plays_for_diem_with_inference() -> None:
    for player in (make_player("strong", 3), reproducible_player("strong", 3)):
        assert isinstance(player, StrongPlayer)
        assert player.infer and player.points == POINTS
    legacy = StrongPlayer(seed=3, budget_ms=None, worlds=2)
    assert not legacy.infer and legacy.points == 0.002
