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
that hand. So several deals are drawn and one is kept in proportion to how likely the other
seats' public moves are in it (``replay_weighted``), the likelihoods measured on the normal
policy's own play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import hand as H
from engine.actions import Act, Action
from engine.ai.tracker import played_from_hand
from engine.cards import Card
from engine.deal import Deal
from engine.errors import IllegalAction
from engine.events import Declined
from engine.game import Game, Mode
from engine.observation import Observation
from engine.violations import legal_eats

FULL = 4 * H.LOW
World = Game  # a sampled game that only the strong player sees


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


# How much likelier the normal policy is to make a public move in one world than in another,
# measured on its own self-play (120 games; bench/ai.py). Letting an offered card pass: it
# could eat a chắn holding one copy (14 % of such offers pass), two copies (74 %), only a
# cạ (29 %), nothing (100 %). Discarding a kind: per kind held, one copy is discarded at
# 9.7 % of discards, one of a pair at 1.2 %, one of three at 25 %.
PASS_CHAN_1 = 0.14
PASS_CHAN_2 = 0.74
PASS_CA = 0.29
DISCARD_FROM = (1.0, 1.0, 0.12, 2.6, 0.12)  # by the copies held before the discard
DECLINED = 0.05  # another seat let an ù or a chíu pass: normal never does
SAMPLES = 6  # deals drawn per world; one is kept in proportion to its likelihood


def replay_weighted(deal: Deal, obs: Observation) -> tuple[Game | None, float]:
    """The public record replayed on ``deal``, and how likely the other seats' moves are in
    it (relative to a world where each move was the obvious one; see the constants above).

    A world where a seat let pass a card it could have eaten as a chắn, or broke a pair to
    discard, is less likely than one where it could not: this is how the table's moves say
    what a hand cannot hold. A báo the table did not see makes the world impossible (0),
    and so does a recorded move the world does not allow (a báo seat eating: no game).
    """
    # Real mode: strict mode would refuse a lỗi another seat was forced into for real but
    # could have avoided with this world's hand; the judging is the same (R7.5).
    game = Game(deal, obs.rules, Mode.REAL)
    me = obs.seat
    w = 1.0
    for a in obs.history:
        seat = a.seat
        act = a.act
        if seat != me:
            live = game.live
            if (act is Act.DRAW or act is Act.PASS) and live is not None \
                    and not game.bao[seat]:
                x = live.card
                eats = legal_eats(game.hand[seat], game.hand_n[seat], game.mat_chan[seat], x)
                if x in eats:
                    w *= PASS_CHAN_1 if game.hand_count(seat, x) == 1 else PASS_CHAN_2
                elif eats:
                    w *= PASS_CA
            elif act is Act.DISCARD and a.card is not None:
                w *= DISCARD_FROM[game.hand_count(seat, a.card)]
        try:
            game.apply(a)
        except IllegalAction:
            return None, 0.0
    reach_observer(game, me)
    if tuple(game.bao) != obs.bao:
        return game, 0.0
    for e in game.log:
        if isinstance(e, Declined) and e.seat != me:
            w *= DECLINED
    return game, w


def sample_world(obs: Observation, rng: random.Random, hidden: Hidden | None = None,
                 tries: int | None = None, infer: bool = True) -> Game:
    """A game rebuilt on a sampled deal, at the same decision as ``obs`` (see module doc).

    ``tries`` deals are drawn (default ``SAMPLES``) and one is kept in proportion to its
    likelihood (``replay_weighted``: sampling-importance-resampling). With ``infer`` False
    (the search before issue 15, which the nước hay puzzles' stored answers rest on) up to
    ``tries`` deals (default 6) are drawn and the first that fits the table is kept, else
    the one that fits best.
    """
    hidden = hidden_of(obs) if hidden is None else hidden
    if not infer:
        return _first_fit(obs, rng, hidden, 6 if tries is None else tries)
    games: list[Game] = []
    weights: list[float] = []
    want = max(1, SAMPLES if tries is None else tries)
    drawn = 0
    while len(games) < want and (drawn < 4 * want or not games):
        if drawn >= 100 * want:
            return _first_fit(obs, rng, hidden, want)
        drawn += 1
        game, w = replay_weighted(sample_deal(obs, hidden, rng), obs)
        if game is not None:
            games.append(game)
            weights.append(w)
    total = sum(weights)
    if total <= 0.0:
        return games[0]
    pick = rng.random() * total
    for game, w in zip(games, weights, strict=True):
        pick -= w
        if pick < 0.0:
            return game
    return games[-1]


def _misfit(game: Game, obs: Observation) -> int:
    """How far a world is from the table: a báo the table did not see (the world gave a
    seat a card it had let pass, then judged its discard) is impossible; another seat letting
    an ù or a chíu pass is unlikely."""
    if tuple(game.bao) != obs.bao:
        return 2
    return int(any(isinstance(e, Declined) and e.seat != obs.seat for e in game.log))


def _first_fit(obs: Observation, rng: random.Random, hidden: Hidden, tries: int) -> Game:
    best: tuple[int, Game] | None = None
    for _ in range(max(1, tries)):
        # Real mode: strict mode would refuse a lỗi another seat was forced into for real
        # but could have avoided with this world's hand; the judging is the same (R7.5).
        game = Game.replay(sample_deal(obs, hidden, rng), obs.history, obs.rules, Mode.REAL)
        reach_observer(game, obs.seat)
        misfit = _misfit(game, obs)
        if best is None or misfit < best[0]:
            best = (misfit, game)
        if misfit == 0:
            break
    assert best is not None
    return best[1]


def reach_observer(game: Game, me: int) -> None:
    """Claims this world adds before the observer's decision were let pass (R4.2)."""
    while game.phase.value == "claim" and game.actor != me and game.actor is not None:
        game.apply(Action(game.actor, Act.DECLINE))


def clone(game: Game) -> Game:
    """An independent copy of a game (the engine's own copy)."""
    return game.copy()
