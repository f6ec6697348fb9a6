"""How good a hand is: a rough chance of winning from it (RULES R3.6, R5).

A hand wins when every rank is even and the 10 pairs hold at least 6 chắn (R5.1) — at most 4
cạ. So the value reads the canonical arrangement (R3.6): the odd ranks (què and ba đầu) must
all but one be resolved, two per turn (an eat pairs one, the discard after it drops another),
and the last one is the wait. The cạ already held (in hand, on the mat, and the one each ba
đầu leaves) use up the budget of 4; what is left of it decides whether the wait is ù rộng or
bạch thủ and whether a cạ can still be eaten.

Each odd rank has outs: unseen cards that would let the seat eat it (as chắn always, as cạ
while the budget lasts and the history allows it, see masks.py) or chíu it; the final wait
has the unseen copies of the cards that complete it. With the draws left and the cards not
seen, that gives the chance of reaching a wait in time and of the wait card being drawn.
The model is deliberately simple and fast; its constants are tuned by self-play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.chan import hand as H
from engine.chan.cards import CC_INDEX, N_KINDS
from engine.chan.masks import Masks


@dataclass(frozen=True, slots=True)
class Knobs:
    """The constants of the value model (tuned by self-play, bench/ai.py)."""

    eat_reach: float = 0.45  # cards reaching this seat as eatable, per draw (a draw + a discard)
    chiu_reach: float = 3.0  # relative to eat_reach: a chíu takes the card from any cửa
    win_reach: float = 1.0  # each draw is one unseen card: an unseen wait card's chance
    chiu_u_reach: float = 2.0  # a chíu ù also wins on discards
    end_base: float = 0.005  # per draw, the chance that a seat with no meld wins
    end_per_meld: float = 0.011  # ... and what each meld on its mat adds
    end_cap: float = 0.05
    feed: float = 0.05  # cost of letting the next seat eat a card (in value units)
    bach_thu_bonus: float = 0.02  # bạch thủ pays 4 instead of 2
    chiu_bonus: float = 0.05  # a chíu is a cước (C6) and shows the table a sound player

    def end_rate(self, melds: int) -> float:
        """The chance per draw that a seat with ``melds`` melds wins (self-play average)."""
        return min(self.end_cap, self.end_base + self.end_per_meld * melds)


DEFAULT_KNOBS = Knobs()
STUCK = 1e-4  # the value of a hand that can never win as it stands



@dataclass(frozen=True, slots=True)
class Context:
    """What the value needs beyond the hand: where the unseen cards may be, and time.

    ``eat[k]`` is the chance per draw that a copy of kind k reaches this seat as a card it may
    eat (summed over the unseen copies); ``win[k]`` the chance per draw that the next card
    drawn is a k. With nothing known about the other hands both are proportional to the
    unseen count (``uniform``); the strong player sharpens them from what it infers.
    """

    unseen: tuple[int, ...]  # per kind: copies neither in this hand nor visible
    eat: tuple[float, ...]
    win: tuple[float, ...]
    draws: int  # draws left before the nọc stop (R4.9)
    end_rate: float  # per draw, the chance that another seat wins
    knobs: Knobs = DEFAULT_KNOBS


def uniform(unseen: tuple[int, ...], draws: int, end_rate: float,
            knobs: Knobs = DEFAULT_KNOBS) -> Context:
    """Every unseen card equally likely anywhere hidden (what a seat knows for sure)."""
    pool = sum(unseen)
    pc = 1.0 / pool if pool else 0.0
    eat = tuple(knobs.eat_reach * pc * x for x in unseen)
    win = tuple(knobs.win_reach * pc * x for x in unseen)
    return Context(unseen, eat, win, draws, end_rate, knobs)


def poisson_tail(lam: float, k: int) -> float:
    """P(N ≥ k) for N ~ Poisson(lam)."""
    if k <= 0:
        return 1.0
    if lam <= 0.0:
        return 0.0
    term = math.exp(-lam)
    acc = term
    for i in range(1, k):
        term *= lam / i
        acc += term
    return max(0.0, 1.0 - acc)


def value(h: int, n: int, mat_chan: int, mat_ca: int, m: Masks, ctx: Context) -> float:
    """A rough chance (0..1) that the hand h (n cards, odd) with its melds goes on to win."""
    # The shape first, from the parities: how many odd ranks, how many cạ (a rank with two
    # or three odd suits holds one), so a waiting hand needs no per-rank outs.
    odd_n, ca_held = H.parities(h)
    if odd_n == 0:
        return 0.0
    ca = mat_ca + ca_held
    budget = 4 - ca
    need = (odd_n - 1) // 2
    if budget < 0:
        need -= budget  # each cạ too many must be broken: one more turn each
        budget = 0
    if need == 0:
        return _ready_value(h, n, mat_chan, ctx, budget)
    ue = ctx.eat
    uw = ctx.win
    kn = ctx.knobs
    chiu_reach = kn.chiu_reach
    chiu_u = kn.chiu_u_reach
    # Per odd rank: eat rate as chắn (or chíu), eat rate as cạ, discardable, win rate as
    # chắn, win rate as cạ, Chi chi (wins only as bạch thủ chi, R5.3).
    eat_w: list[float] = []
    ca_outs: list[float] = []
    disc: list[bool] = []
    wait_chan: list[float] = []
    wait_ca: list[float] = []
    chan_ok = m.chan_ok
    disc_ok = m.disc_ok
    for base, shape in H.odd_rank_shapes(h):  # ranks with 1 or 3 odd suits
        odd, c0, c1, c2, kk, cnt = shape
        if odd == 3:
            e = 0.0
            if c0 == 3:
                e += chiu_reach * ue[base]
            elif chan_ok >> base & 1:
                e += ue[base]
            if c1 == 3:
                e += chiu_reach * ue[base + 1]
            elif chan_ok >> (base + 1) & 1:
                e += ue[base + 1]
            if c2 == 3:
                e += chiu_reach * ue[base + 2]
            elif chan_ok >> (base + 2) & 1:
                e += ue[base + 2]
            eat_w.append(e)
            ca_outs.append(0.0)
            disc.append(bool(disc_ok >> base & 7))
            wait_chan.append(uw[base] + uw[base + 1] + uw[base + 2])
            wait_ca.append(0.0)
            continue
        k = base + kk
        co = 0.0
        wca = 0.0
        if cnt == 1:
            row = m.ca_ok >> (k * N_KINDS + base)
            if kk != 0:
                wca += uw[base]
                if c0 == 0 and row & 1:
                    co += ue[base]
            if kk != 1:
                wca += uw[base + 1]
                if c1 == 0 and row >> 1 & 1:
                    co += ue[base + 1]
            if kk != 2:
                wca += uw[base + 2]
                if c2 == 0 and row >> 2 & 1:
                    co += ue[base + 2]
        else:
            if kk != 0:
                wca += uw[base]
            if kk != 1:
                wca += uw[base + 1]
            if kk != 2:
                wca += uw[base + 2]
        if cnt == 3:
            eat_w.append(chiu_reach * ue[k])
            wait_chan.append(chiu_u * uw[k])
        else:
            eat_w.append(ue[k] if chan_ok >> k & 1 else 0.0)
            wait_chan.append(uw[k])
        ca_outs.append(co)
        disc.append(bool(disc_ok >> k & 1))
        wait_ca.append(wca)
    cc = -1
    cnt = H.count(h, CC_INDEX)
    if cnt & 1:
        cc = len(eat_w)
        if cnt == 3:
            eat_w.append(chiu_reach * ue[CC_INDEX])
            wait_chan.append(chiu_u * uw[CC_INDEX])
        else:
            eat_w.append(ue[CC_INDEX] if chan_ok >> CC_INDEX & 1 else 0.0)
            wait_chan.append(uw[CC_INDEX])
        ca_outs.append(0.0)
        disc.append(bool(disc_ok >> CC_INDEX & 1))
        wait_ca.append(0.0)
    stuck = [i for i in range(odd_n) if not disc[i] and eat_w[i] == 0 and ca_outs[i] == 0]
    if len(stuck) >= 2:
        return STUCK
    eta = ctx.end_rate
    draws = ctx.draws
    if stuck:
        candidates = stuck
    elif odd_n <= 3:
        candidates = list(range(odd_n))  # every rank is among the likeliest waits
    else:  # the wait is chosen late: only the likeliest waits are worth a look
        by_wide = sorted(range(odd_n), key=lambda j: wait_chan[j] + wait_ca[j], reverse=True)
        by_same = max(range(odd_n), key=wait_chan.__getitem__)
        candidates = by_wide[:3] if by_same in by_wide[:3] else [*by_wide[:3], by_same]
    best = 0.0
    top = 2 * need
    bonus = kn.bach_thu_bonus
    if need == 1 and odd_n >= 3:
        return _one_turn(eat_w, ca_outs, wait_chan, wait_ca, candidates, cc, budget, eta,
                         draws, bonus)
    for frac, rongs in _passes(budget, need):
        outs = [eat_w[j] + ca_outs[j] * frac for j in range(odd_n)]
        outs_all = sorted(outs, reverse=True)
        # The stages depend on the candidate only through the outs it takes out of the list.
        staged: dict[float, tuple[float, float]] = {}
        for i in candidates:
            out_i = outs[i]
            st = staged.get(out_i)
            if st is None:
                cut = outs_all.index(out_i)  # what list.remove takes out
                outs_j = outs_all[:cut] + outs_all[cut + 1:top + 1]
                if len(outs_j) < top:  # a broken cạ leaves a card with its chắn outs
                    outs_j.extend([outs_j[-1] if outs_j else 0.0] * (top - len(outs_j)))
                # Each turn eats one odd rank and discards the worst: stage j has the best
                # 2 * (need - j) left to eat into.
                ready = 1.0
                spent = 0.0
                total = sum(outs_j[:top])
                for j in range(need, 0, -1):
                    if total <= 0.0:
                        ready = 0.0
                        break
                    ready *= total / (total + eta)
                    spent += 1.0 / (total + eta)
                    total -= outs_j[2 * j - 1] + outs_j[2 * j - 2]
                if ready <= 0.0 or spent >= draws:
                    ready = 0.0
                else:
                    ready *= poisson_tail(need / spent * draws, need)
                st = staged[out_i] = (ready, spent)
            ready, spent = st
            if ready <= 0.0:
                continue
            for rong in rongs:
                if rong and i == cc:
                    continue  # R5.3: Chi chi only wins as bạch thủ chi
                q = wait_chan[i] + (wait_ca[i] if rong else 0.0)
                win = _win_chance(q, eta, draws - spent)
                v = ready * (win + (0.0 if rong else bonus * win))
                if v > best:
                    best = v
    return best


def _passes(budget: int, need: int) -> list[tuple[float, tuple[bool, ...]]]:
    """The share of the cạ outs usable (``frac``) for a rộng wait and for a bạch thủ wait,
    as (frac, waits): one pass when both use the same share (their stages are the same)."""
    both: list[tuple[bool, float]] = []
    if budget >= 1:
        both.append((True, min(1.0, (budget - 1) / need)))
    both.append((False, min(1.0, budget / need)))
    if len(both) == 2 and both[0][1] == both[1][1]:
        return [(both[0][1], (True, False))]
    return [(frac, (rong,)) for rong, frac in both]


def _one_turn(eat_w: list[float], ca_outs: list[float], wait_chan: list[float],
              wait_ca: list[float], candidates: list[int], cc: int, budget: int, eta: float,
              draws: int, bonus: float) -> float:
    """``value``'s search when one turn (an eat and a discard) is needed: the same arithmetic
    as the general stage loop, without it."""
    best = 0.0
    exp = math.exp
    for frac, rongs in _passes(budget, 1):
        outs = [eat_w[j] + ca_outs[j] * frac for j in range(len(eat_w))]
        o = sorted(outs, reverse=True)
        o0, o1, o2 = o[0], o[1], o[2]
        for i in candidates:
            out_i = outs[i]
            # the best two outs once this rank is kept as the wait
            total = o1 + o2 if out_i == o0 else o0 + o2 if out_i == o1 else o0 + o1
            if total <= 0.0:
                continue
            ready = total / (total + eta)
            spent = 1.0 / (total + eta)
            if ready <= 0.0 or spent >= draws:
                continue
            ready *= max(0.0, 1.0 - exp(-(1 / spent * draws)))  # poisson_tail(·, 1)
            left = draws - spent
            for rong in rongs:
                if rong and i == cc:
                    continue  # R5.3: Chi chi only wins as bạch thủ chi
                q = wait_chan[i] + (wait_ca[i] if rong else 0.0)
                if q <= 0.0 or left <= 0.0:
                    win = 0.0
                else:
                    t = q + eta
                    win = q / t * (1.0 - exp(-t * left))
                v = ready * (win + (0.0 if rong else bonus * win))
                if v > best:
                    best = v
    return best


def _win_chance(q: float, eta: float, draws: float) -> float:
    """Waiting with a chance q per draw, against the others' eta, for ``draws`` draws."""
    if q <= 0.0 or draws <= 0.0:
        return 0.0
    total = q + eta
    return q / total * (1.0 - math.exp(-total * draws))


def _ready_value(h: int, n: int, mat_chan: int, ctx: Context, budget: int) -> float:
    """One odd rank left: the hand waits (or is short of chắn)."""
    kn = ctx.knobs
    ws = H.waits(h, n, mat_chan)
    if not ws:
        return STUCK  # short of chắn (or a Chi chi with too many): it must be rebuilt
    uw = ctx.win
    q = 0.0
    for w in ws:
        q += kn.chiu_u_reach * uw[w] if H.count(h, w) == 3 else uw[w]
    win = _win_chance(q, ctx.end_rate, ctx.draws)
    bach_thu = len(ws) == 1 and budget == 0
    return win * (1.0 + (kn.bach_thu_bonus if bach_thu else 0.0))
