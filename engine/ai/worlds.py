"""Hidden worlds consistent with an observation (determinization, for the strong player).

What a seat cannot see is only: the other seats' current hands (their sizes are public), the
rest of the nọc, and the piles set aside at fewer than 4 players (R2.7). Everything that ever
left a hand is public, and so is every drawn card. So a world is a deal of the unseen cards
into those places — the quân cái stays in the recipient's hand while it is known to be there
— and the game is rebuilt by replaying the public record on it (``Game.replay``): each dealt
hand is the sampled current hand plus what the seat played, the nọc is the drawn cards in
order followed by the sampled rest.

A world where another seat could have won (or chíu'd) on a card and nobody did is unlikely
against players who never miss one; such worlds are redrawn a few times before one is kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import hand as H
from engine.actions import Act, Action
from engine.ai.tracker import played_from_hand
from engine.cards import Card
from engine.deal import Deal
from engine.events import Declined
from engine.game import Game, Mode
from engine.observation import Observation

FULL = 4 * H.LOW


@dataclass(frozen=True, slots=True)
class Hidden:
    """The unseen cards of one observation and where they must go."""

    pool: tuple[Card, ...]  # every unseen card (the known quân cái excluded)
    sizes: tuple[int, ...]  # cards to sample for each seat's hand (0 for the observer)
    played: tuple[int, ...]  # packed cards each seat played from its hand
    draws: tuple[Card, ...]  # the nọc cards drawn so far, in order
    noc_left: int


def hidden_of(obs: Observation) -> Hidden:
    """What is hidden from ``obs.seat`` and where it goes."""
    me = obs.seat
    played, draws = played_from_hand(obs.history, obs.players)
    pool = FULL - H.pack(obs.hand) - H.pack(obs.seen)
    sizes = list(obs.hand_sizes)
    sizes[me] = 0
    if obs.cai_known and obs.cai_seat != me and obs.cai_card is not None:
        sizes[obs.cai_seat] -= 1  # the quân cái is there for sure; it is not in the pool
    return Hidden(H.unpack(pool), tuple(sizes), tuple(played), tuple(draws), obs.noc_left)


def sample_deal(obs: Observation, hidden: Hidden, rng: random.Random) -> Deal:
    """One deal consistent with ``obs``: a uniform split of the unseen cards."""
    cards = list(hidden.pool)
    rng.shuffle(cards)
    hands: list[list[Card]] = []
    pos = 0
    for seat in range(obs.players):
        if seat == obs.seat:
            current = list(obs.hand)
        else:
            k = hidden.sizes[seat]
            current = cards[pos:pos + k]
            pos += k
            if obs.cai_known and seat == obs.cai_seat and obs.cai_card is not None:
                current.append(obs.cai_card)
        hands.append(current + list(H.unpack(hidden.played[seat])))
    noc = list(hidden.draws) + cards[pos:pos + hidden.noc_left]
    dead = cards[pos + hidden.noc_left:]
    return Deal.from_hands(hands, noc, obs.cai_card, dead)


def _misfit(game: Game, obs: Observation) -> int:
    """How far a world is from the table: a báo the table did not see (the world gave a
    seat a card it had let pass, then judged its discard) is impossible; another seat letting
    an ù or a chíu pass is unlikely."""
    if tuple(game.bao) != obs.bao:
        return 2
    return int(any(isinstance(e, Declined) and e.seat != obs.seat for e in game.log))


def sample_world(obs: Observation, rng: random.Random, hidden: Hidden | None = None,
                 tries: int = 6) -> Game:
    """A game rebuilt on a sampled deal, at the same decision as ``obs`` (see module doc).

    Up to ``tries`` deals are drawn; the first that fits the table is kept, else the one
    that fits best.
    """
    hidden = hidden_of(obs) if hidden is None else hidden
    best: tuple[int, Game] | None = None
    for _ in range(max(1, tries)):
        # Real mode: strict mode would refuse a lỗi another seat was forced into for real
        # but could have avoided with this world's hand; the judging is the same (R7.5).
        game = Game.replay(sample_deal(obs, hidden, rng), obs.history, obs.rules, Mode.REAL)
        _reach_observer(game, obs.seat)
        misfit = _misfit(game, obs)
        if best is None or misfit < best[0]:
            best = (misfit, game)
        if misfit == 0:
            break
    assert best is not None
    return best[1]


def _reach_observer(game: Game, me: int) -> None:
    """Claims this world adds before the observer's decision were let pass (R4.2)."""
    while game.phase.value == "claim" and game.actor != me and game.actor is not None:
        game.apply(Action(game.actor, Act.DECLINE))


def clone(game: Game) -> Game:
    """An independent copy of a game (the engine's own copy)."""
    return game.copy()
