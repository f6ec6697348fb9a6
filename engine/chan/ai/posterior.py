"""Hidden hands drawn from what the table showed: a Markov chain over deals (issue 15).

A uniform deal of the unseen cards places about half of another seat's hidden cards right; a
handful of uniform deals reweighted by their likelihood (the search before this chain) hardly
did better, because with dozens of public moves one deal's weight dwarfs the others'. So the
strong player walks a Metropolis chain instead: a state is one split of the unseen cards into
the other seats' hands and the undealt rest; a step swaps two cards between places and is
kept with probability min(1, L'/L), where L is how likely the seats' public moves are with
those hands under the normal policy (the constants below, measured on its own play).

L is a product over seats, and each seat's factor reads only its own hand: every card a hand
lost is public and a hand never gains one (the cards drawn lie on the cửa), so the hand a
seat held at any past moment is its current hand plus what it played since. A seat's public
moves are kept once per decision as ``Check`` rows; a step rescores the one or two seats it
touched. What the checks leave out — an ù let pass, a báo the table did not see, a move the
world does not allow — is judged when the world is rebuilt on the engine (worlds.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Act
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.hand import count, join, swap
from engine.chan.observation import Observation
from engine.chan.violations import legal_eats

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

PASS, DISCARD, CLAIM = 0, 1, 2
BURN_IN = 12  # chain steps per hidden card before the first world
THIN = 2  # chain steps per hidden card between two worlds


@dataclass(frozen=True, slots=True)
class Check:
    """One public move of a seat that its hand makes more or less likely."""

    kind: int  # PASS: it left a card it was offered; DISCARD; CLAIM: it did not chíu
    card: int
    after: int  # packed cards the seat played after that moment (its hand then = now + after)
    n: int  # its hand size then
    mat_chan: int  # the chắn on its mat then


def checks_of(obs: Observation, played: tuple[int, ...]) -> tuple[tuple[Check, ...], ...]:
    """Every seat's checks (none for the observer, nor for a báo seat: it may not eat)."""
    me = obs.seat
    players = obs.players
    removed = [0] * players
    mat_chan = [0] * players
    sizes = obs.hand_sizes
    out: list[list[Check]] = [[] for _ in range(players)]
    watched = [s != me and not obs.bao[s] for s in range(players)]

    def check(seat: int, kind: int, card: int) -> None:
        after = played[seat] - removed[seat]
        out[seat].append(Check(kind, card, after, sizes[seat] + H.size(after), mat_chan[seat]))

    history = obs.history
    live: int | None = None
    for i, a in enumerate(history):
        seat, act = a.seat, a.act
        placed: int | None = None
        by = seat
        if act is Act.DRAW or act is Act.PASS:
            if live is not None and watched[seat]:
                check(seat, PASS, live)
            if act is Act.DRAW:
                assert a.card is not None
                live = placed = a.card
                by = -1  # a drawn card may be chíu'd by any seat, the drawer too
        elif act is Act.DISCARD or act is Act.RETURN:
            z = a.card
            assert z is not None
            if act is Act.DISCARD and watched[seat]:
                check(seat, DISCARD, z)
            removed[seat] = H.add(removed[seat], z)
            live = placed = z
        elif act is Act.EAT:
            assert a.card is not None and live is not None
            removed[seat] = H.add(removed[seat], a.card)
            mat_chan[seat] += a.card == live
            live = None
        elif act is Act.CHIU:
            assert live is not None
            removed[seat] = H.add(removed[seat], live, 3)
            mat_chan[seat] += 2
            live = None
        if placed is not None:
            nxt = history[i + 1] if i + 1 < len(history) else None
            for t in range(players):
                if watched[t] and t != by and not (nxt is not None and nxt.seat == t
                                                   and nxt.act is Act.CHIU):
                    check(t, CLAIM, placed)
    return tuple(tuple(c) for c in out)


def seat_weight(checks: tuple[Check, ...], hand: int) -> float:
    """How likely a seat's public moves are if it holds ``hand`` now (relative, see worlds)."""
    w = 1.0
    for c in checks:
        x = c.card
        held = count(hand, x, c.after)
        kind = c.kind
        if kind == PASS:
            eats = legal_eats(join(hand, c.after), c.n, c.mat_chan, x)
            if eats:
                if x in eats:
                    w *= PASS_CHAN_1 if held == 1 else PASS_CHAN_2
                else:
                    w *= PASS_CA
        elif kind == DISCARD:
            w *= DISCARD_FROM[held]
        elif held == 3 and c.n > 3:
            w *= DECLINED
    return w


class Chain:
    """A Metropolis chain over the splits of the unseen cards (see the module doc)."""

    def __init__(self, obs: Observation, pool: tuple[Card, ...], sizes: tuple[int, ...],
                 played: tuple[int, ...], rng: random.Random) -> None:
        self.rng = rng
        self.checks = checks_of(obs, played)
        cards = list(pool)
        rng.shuffle(cards)
        self.cards = cards
        # owner of each position: a seat, or -1 for the nọc and the piles set aside
        owner: list[int] = []
        for seat, k in enumerate(sizes):
            owner.extend([seat] * k)
        self.hand_slots = len(owner)
        owner.extend([-1] * (len(cards) - len(owner)))
        self.owner = owner
        self.fixed = [0] * len(sizes)  # the quân cái, known to be in its recipient's hand
        if obs.cai_known and obs.cai_seat != obs.seat and obs.cai_card is not None:
            self.fixed[obs.cai_seat] = H.pack((obs.cai_card,))
        self.packed = [self.fixed[s] for s in range(len(sizes))]
        for c, s in zip(cards, owner, strict=False):
            if s >= 0:
                self.packed[s] = H.add(self.packed[s], c)
        self.weights = [seat_weight(self.checks[s], self.packed[s]) if self.checks[s] else 1.0
                        for s in range(len(sizes))]
        self.steps(BURN_IN * self.hand_slots)

    def steps(self, count: int) -> None:
        """Walk ``count`` proposals (a swap of a hand card with any card held elsewhere)."""
        slots = self.hand_slots
        total = len(self.cards)
        if slots == 0 or total < 2:
            return
        rng = self.rng
        cards, owner, packed, weights, checks = (self.cards, self.owner, self.packed,
                                                 self.weights, self.checks)
        for _ in range(count):
            i = int(rng.random() * slots)
            j = int(rng.random() * total)
            a, b = owner[i], owner[j]
            u, v = cards[i], cards[j]
            if a == b or u == v:
                continue
            ha = swap(packed[a], u, v)  # seat a gives u and gets v
            wa = seat_weight(checks[a], ha) if checks[a] else 1.0
            hb = 0
            wb = 1.0
            old = weights[a]
            new = wa
            if b >= 0:
                hb = swap(packed[b], v, u)
                wb = seat_weight(checks[b], hb) if checks[b] else 1.0
                old *= weights[b]
                new *= wb
            if new < old and rng.random() * old >= new:
                continue
            cards[i], cards[j] = v, u
            packed[a], weights[a] = ha, wa
            if b >= 0:
                packed[b], weights[b] = hb, wb

    def hands(self) -> list[list[Card]]:
        """The current split: each seat's sampled hidden cards (the observer's: none)."""
        out: list[list[Card]] = [[] for _ in self.packed]
        for c, s in zip(self.cards, self.owner, strict=True):
            if s >= 0:
                out[s].append(c)
        return out

    def rest(self) -> list[Card]:
        """The unseen cards outside every hand (the undrawn nọc and the piles set aside)."""
        return [c for c, s in zip(self.cards, self.owner, strict=True) if s < 0]
