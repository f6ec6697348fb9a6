"""Hidden worlds consistent with an observation (determinization, for the strong player).

What a seat cannot see is only: the other seats' current hands (their sizes are public), the
rest of the nọc, and the piles set aside at fewer than 4 players (R2.7). Everything that ever
left a hand is public, and so is every drawn card. So a world is a deal of the unseen cards
into those places — the quân cái stays in the recipient's hand while it is known to be there
— and the game is rebuilt by replaying the public record on it (``Game.replay``): each dealt
hand is the sampled current hand plus what the seat played, the nọc is the drawn cards in
order followed by the sampled rest.

The table also says what a hand cannot hold (issue 15): a seat that let pass a card it could
have eaten as a chắn, broke a pair to discard, or let an ù or a chíu pass is unlikely to have
that hand. The strong level's worlds (``ChainWorlds``) come from a Markov chain whose
stationary split of the unseen cards weights each deal by how likely the other seats' public
moves are in it, the likelihoods measured on the normal policy's own play (posterior.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai.posterior import DECLINED, THIN, Chain
from engine.chan.ai.tracker import played_from_hand
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation
from engine.errors import ChanError, IllegalAction
from engine.events import Declined
from engine.game import Mode

World = Game  # a sampled game that only the strong player sees
CHAIN_TRIES = 60  # chain worlds tried before uniform deals (a báo the chain cannot foresee)
FIT_TRIES = 200  # uniform deals tried while none replays the record


class NoWorld(ChanError, ValueError):
    """No sampled deal replays the public record (every one made some seat báo before a move
    the record shows it make): the search has no world to play in."""


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
    pool = H.minus(H.minus(H.FULL, H.pack(obs.hand)), H.pack(obs.seen))
    sizes = list(obs.hand_sizes)
    sizes[me] = 0
    if obs.cai_known and obs.cai_seat != me and obs.cai_card is not None:
        sizes[obs.cai_seat] -= 1  # the quân cái is there for sure; it is not in the pool
    return Hidden(H.unpack(pool), tuple(sizes), tuple(played), tuple(draws), obs.noc_left)


def sample_deal(obs: Observation, hidden: Hidden, rng: random.Random) -> Deal:
    """One deal consistent with ``obs``: a uniform split of the unseen cards."""
    cards = list(hidden.pool)
    rng.shuffle(cards)
    sampled: list[list[Card]] = []
    pos = 0
    for k in hidden.sizes:  # the observer's size is 0
        sampled.append(cards[pos:pos + k])
        pos += k
    return deal_of(obs, hidden, sampled, cards[pos:])


def deal_of(obs: Observation, hidden: Hidden, sampled: list[list[Card]], rest: list[Card]
            ) -> Deal:
    """The deal of a split of the unseen cards: each other seat's ``sampled`` current hand
    (the quân cái added while it is known to be there), the observer's own, and ``rest`` in
    order — the undrawn nọc after the cards drawn so far, then the piles set aside."""
    hands: list[list[Card]] = []
    for seat in range(obs.players):
        if seat == obs.seat:
            current = list(obs.hand)
        else:
            current = list(sampled[seat])
            if obs.cai_known and seat == obs.cai_seat and obs.cai_card is not None:
                current.append(obs.cai_card)
        hands.append(current + list(H.unpack(hidden.played[seat])))
    noc = list(hidden.draws) + rest[:hidden.noc_left]
    return Deal.from_hands(hands, noc, obs.cai_card, rest[hidden.noc_left:])


def sample_world(obs: Observation, rng: random.Random, hidden: Hidden | None = None,
                 tries: int = 6) -> Game:
    """A game rebuilt on a uniform deal, at the same decision as ``obs`` (see module doc):
    up to ``tries`` deals are drawn and the first that fits the table is kept, else the one
    that fits best. This is the search before issue 15, which the nước hay puzzles' stored
    answers rest on; the strong level draws its worlds from ``ChainWorlds``."""
    hidden = hidden_of(obs) if hidden is None else hidden
    return _first_fit(obs, rng, hidden, tries)


class ChainWorlds:
    """Worlds for one decision, drawn from the posterior chain (posterior.py): each world is
    the chain's split after ``THIN`` more steps per hidden card, rebuilt on the engine. What
    the chain does not score is judged here: a world whose replay the table refutes (a báo it
    did not see, a move it does not allow) is skipped, and one where another seat let an ù
    pass is kept with the chance ``DECLINED`` per ù, as the chain would have weighted it."""

    def __init__(self, obs: Observation, rng: random.Random, hidden: Hidden | None = None
                 ) -> None:
        self.obs = obs
        self.rng = rng
        self.hidden = hidden_of(obs) if hidden is None else hidden
        h = self.hidden
        self.chain = Chain(obs, h.pool, h.sizes, h.played, rng)

    def deal(self) -> Deal:
        """The chain's current split as a deal (the undrawn cards in a fresh order)."""
        rest = self.chain.rest()
        self.rng.shuffle(rest)
        return deal_of(self.obs, self.hidden, self.chain.hands(), rest)

    def __call__(self) -> Game:
        obs, chain = self.obs, self.chain
        me = obs.seat
        for _ in range(CHAIN_TRIES):
            chain.steps(THIN * chain.hand_slots)
            game = replayed(self.deal(), obs)
            if game is None or tuple(game.bao) != obs.bao:
                continue  # the table refutes it: a move it does not allow, an unseen báo
            declined = sum(1 for e in game.log if isinstance(e, Declined) and e.seat != me)
            if declined and self.rng.random() >= DECLINED ** declined:
                continue
            return game
        return _first_fit(obs, self.rng, self.hidden, 6)


def replayed(deal: Deal, obs: Observation) -> Game | None:
    """The public record replayed on ``deal`` up to ``obs``'s decision; None when the world
    does not allow a recorded move (it made a seat báo before a move the record shows)."""
    try:
        # Real mode: strict mode would refuse a lỗi another seat was forced into for real
        # but could have avoided with this world's hand; the judging is the same (R7.5).
        game = Game.replay(deal, obs.history, obs.rules, Mode.REAL)
    except IllegalAction:
        return None
    reach_observer(game, obs.seat)
    return game


def _misfit(game: Game, obs: Observation) -> int:
    """How far a world is from the table: a báo the table did not see (the world gave a
    seat a card it had let pass, then judged its discard) is impossible; another seat letting
    an ù or a chíu pass is unlikely."""
    if tuple(game.bao) != obs.bao:
        return 2
    return int(any(isinstance(e, Declined) and e.seat != obs.seat for e in game.log))


def _first_fit(obs: Observation, rng: random.Random, hidden: Hidden, tries: int) -> Game:
    """Up to ``tries`` uniform deals, the first that fits the table (else the one that fits
    best); deals whose replay the record refutes do not count, up to ``FIT_TRIES``."""
    best: tuple[int, Game] | None = None
    attempts = 0
    while attempts < max(1, tries) or (best is None and attempts < FIT_TRIES):
        attempts += 1
        game = replayed(sample_deal(obs, hidden, rng), obs)
        if game is None:
            continue
        misfit = _misfit(game, obs)
        if best is None or misfit < best[0]:
            best = (misfit, game)
        if misfit == 0:
            break
    if best is None:
        raise NoWorld(f"seat {obs.seat}: none of {attempts} deals of the {len(hidden.pool)} "
                      f"unseen cards replays the {len(obs.history)} recorded moves")
    return best[1]


def reach_observer(game: Game, me: int) -> None:
    """Claims this world adds before the observer's decision were let pass (R4.2)."""
    while game.phase.value == "claim" and game.actor != me and game.actor is not None:
        game.apply(Action(game.actor, Act.DECLINE))


def clone(game: Game) -> Game:
    """An independent copy of a game (the engine's own copy)."""
    return game.copy()
