"""The ``strong`` level: determinized search over the normal policy's best candidates.

For a real decision it keeps the few clean actions the normal policy values most, then
repeatedly samples a hidden world consistent with its observation (worlds.py), plays each
candidate in that same world and rolls the game out with the normal policy at every seat
(rollout.py). The results are paired (every candidate meets the same worlds), and the
normal policy's own choice is overruled only when another candidate does better by a
clear margin (``min_gain``, and ``z`` standard errors of the paired difference, over at least
``min_worlds`` worlds): a game of Chắn is mostly luck, so a few dozen rollouts rarely
separate two sensible moves, and a search that followed its noise would play worse than the
policy it searches with.

The level (``strong_player``, issue 15) draws its worlds from a Markov chain weighted by what
the table showed (worlds.ChainWorlds, posterior.py), values a rollout in điểm as well as in
wins (cước change what a hand is worth: ``POINTS``), and spends its time where decisions are
close: a clear decision, or one where too few worlds fit the time (a long rollout early in a
game), stops early and banks the time for a close one (up to ``stretch`` budgets).

The budget is a time (in play) or a number of worlds (reproducible self-play and tests). The
sampling is seeded from the player's seed and the public position, so a fixed number of
worlds gives a fixed move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan.ai.players import Decision, NormalPlayer, decision_rng
from engine.chan.ai.policy import Scored, best, chances
from engine.chan.ai.reasons import Reason, action_text, explain
from engine.chan.ai.rollout import Simulator
from engine.chan.ai.tracker import track
from engine.chan.ai.value import DEFAULT_KNOBS, Knobs
from engine.chan.ai.worlds import (
    ChainWorlds,
    Hidden,
    NoWorld,
    World,
    clone,
    hidden_of,
    sample_world,
)
from engine.chan.observation import Observation

POINTS = 0.1  # what one điểm paid or received is worth in a rollout, in wins


def strong_player(seed: int = 0, budget_ms: float | None = 500.0,
                  worlds: int | None = None) -> StrongPlayer:
    """The ``strong`` level (issue 15): worlds weighted by what the table showed, rollouts
    valued in điểm as well as wins. ``StrongPlayer()``'s own defaults keep the search of
    before (uniform worlds, wins only), which the nước hay puzzles' stored answers rest on."""
    return StrongPlayer(seed=seed, budget_ms=budget_ms, worlds=worlds, points=POINTS,
                        infer=True)


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Mean rollout result per candidate over ``worlds`` sampled worlds, and the standard
    error of each candidate's advantage over the first (paired on the same worlds)."""

    actions: tuple[Action, ...]
    means: tuple[float, ...]
    errors: tuple[float, ...]
    worlds: int
    wins: tuple[float, ...] = ()  # the share of rollouts each candidate won

    def confident(self, i: int, z: float, min_gain: float) -> bool:
        """Candidate i beats the first by at least ``min_gain`` and ``z`` standard errors."""
        return _overrules(self.means, self.errors, i, z, min_gain)


def _overrules(means: Sequence[float], errors: Sequence[float], i: int, z: float,
               min_gain: float) -> bool:
    """Candidate i leads the first (the normal policy's move) surely enough to replace it."""
    gain = means[i] - means[0]
    return gain >= min_gain and gain > z * errors[i]


def _errors(means: list[float], diffs: list[float], done: int) -> list[float]:
    """The standard error of each candidate's advantage over the first (paired)."""
    out = []
    for i in range(len(means)):
        gain = means[i] - means[0]
        var = max(0.0, diffs[i] / done - gain * gain) / max(1, done - 1)
        out.append(var ** 0.5)
    return out


def _vi(number: str) -> str:
    """A number as Vietnamese writes it: the decimal comma."""
    return number.replace(".", ",")


class StrongPlayer:
    """Determinization with normal-policy rollouts, within a budget (see module doc)."""

    level = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = 500.0,
                 worlds: int | None = None, candidates: int = 3, margin: float = 0.08,
                 horizon: int | None = None, z: float = 2.0, min_gain: float = 0.02,
                 knobs: Knobs = DEFAULT_KNOBS, points: float = 0.002, infer: bool = False,
                 stretch: float = 1.6, min_worlds: int = 8) -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.candidates = candidates
        self.margin = margin  # candidates valued within this of the best are searched
        self.horizon = horizon
        self.z = z  # how sure the search must be to overrule the normal policy
        self.min_gain = min_gain
        self.points = points  # a rollout's điểm, in wins (see search)
        self.infer = infer  # weight the sampled worlds by the table's moves (worlds.py)
        self.stretch = stretch  # a close decision may take this many budgets from the bank
        self.min_worlds = min_worlds  # fewer worlds never overrule the normal policy
        self.bank = 0.0  # seconds saved on clear decisions, for close ones
        self.base = NormalPlayer(knobs)
        self.sim = Simulator(knobs)

    def _candidates(self, scored: list[Scored]) -> list[Scored]:
        clean = [x for x in scored if not x.faults]
        if not clean:
            return []
        clean.sort(key=lambda x: -x.value)
        top = clean[0].value
        return [x for x in clean[:self.candidates] if x.value >= top - self.margin]

    def world(self, obs: Observation, rng: random.Random, hidden: Hidden) -> World:
        """One hidden world consistent with ``obs``, drawn uniformly (see ``sampler``)."""
        return sample_world(obs, rng, hidden)

    def sampler(self, obs: Observation, rng: random.Random, hidden: Hidden
                ) -> Callable[[], World]:
        """The worlds of one decision: from the posterior chain (worlds.ChainWorlds) when the
        player infers, else uniform ones (``world``; a benchmark's reference overrides it)."""
        if self.infer:
            return ChainWorlds(obs, rng, hidden)
        return lambda: self.world(obs, rng, hidden)

    def _clear(self, totals: list[float], diffs: list[float], done: int) -> bool:
        """The search has its answer: the normal policy's move leads every other by a
        standard error, or another leads it surely enough to overrule it."""
        means = [t / done for t in totals]
        errors = _errors(means, diffs, done)
        lead = max(range(len(means)), key=means.__getitem__)
        if lead == 0:
            return all(means[0] - means[i] > errors[i] for i in range(1, len(means)))
        return _overrules(means, errors, lead, self.z, self.min_gain)

    def search(self, obs: Observation, actions: list[Action]) -> SearchResult:
        """Mean rollout results of ``actions`` at ``obs`` within the budget.

        A result is a win (1) plus ``points`` × the điểm the seat is paid (negative when
        another seat wins), so a move is worth what its hands are worth, not only the win.
        With a time budget, a decision stops as soon as it is clear (after ``min_worlds``)
        and banks the time left; so does one where too few worlds fit the time to overrule
        anything (early in a game a rollout is long); a close one may spend from the bank up
        to ``stretch`` × the budget.
        """
        rng = decision_rng(self.seed, obs, "strong")
        hidden = hidden_of(obs)
        public = track(obs).public
        n = len(actions)
        totals = [0.0] * n
        wins = [0.0] * n
        diffs = [0.0] * n  # sums of squared advantages over actions[0]
        done = 0
        start = time.perf_counter()
        timed = self.worlds is None and self.budget_ms is not None
        budget = (self.budget_ms or 0.0) / 1000.0
        extra = min(self.bank, budget * (self.stretch - 1.0)) if timed else 0.0
        limit = self.worlds if self.worlds is not None else 1_000_000
        me = obs.seat
        draw = self.sampler(obs, rng, hidden)
        while done < limit:
            try:
                world = draw()
            except NoWorld:
                break  # no world fits the table: the worlds so far, or the normal policy
            results = []
            for i, a in enumerate(actions):
                game = clone(world)
                game.apply(a)
                won = self.sim.run(game, me, public, self.horizon)
                wins[i] += won
                paid = game.settlement.transfers[me] if game.settlement is not None else 0.0
                results.append(won + self.points * paid)
            for i, r in enumerate(results):
                totals[i] += r
                diffs[i] += (r - results[0]) ** 2
            done += 1
            if timed:
                spent = time.perf_counter() - start
                if spent + spent / done >= budget + extra:
                    break  # another world would overrun the time
                if done >= self.min_worlds:
                    if self._clear(totals, diffs, done) or (spent >= budget and not extra):
                        break
                elif done + (budget + extra - spent) * done / max(spent, 1e-6) \
                        < self.min_worlds:
                    break  # too few worlds fit the time to overrule anything: bank it
        if timed:
            spent = time.perf_counter() - start
            self.bank = max(0.0, min(self.bank + budget - spent, 3 * budget))
        if not done:
            zeros = (0.0,) * n
            return SearchResult(tuple(actions), zeros, zeros, 0, zeros)
        means = tuple(t / done for t in totals)
        return SearchResult(tuple(actions), means, tuple(_errors(list(means), diffs, done)),
                            done, tuple(w / done for w in wins))

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """Rollout means for the clean actions the normal policy ranks highest; the normal
        policy's values (scaled to the best searched one) for the rest."""
        return self.judge(obs)[1]

    def judge(self, obs: Observation) -> tuple[Decision, dict[Action, float]]:
        """``choose`` and ``evaluate`` from one search (the review's advice), coherent: the
        chosen move is worth the most of the clean moves (``_values``), so "value lost" is 0
        for it and never negative. A decision ``choose`` makes without searching (one legal
        move, an ù or a xướng, a single candidate, no world that fits) is valued by the
        normal policy, whose best move it is."""
        decision, scored, result = self.decide(obs)
        if result is None:
            return decision, chances(scored)
        return decision, self._values(scored, result, decision.action)

    def _values(self, scored: list[Scored], result: SearchResult,
                chosen: Action) -> dict[Action, float]:
        """Rollout means for the searched candidates; the normal policy's values as chances
        (policy.chances) for the rest, never above the lowest mean (a lỗi keeps its penalty
        below that, down to no chance at all).

        The search cannot tell apart moves whose difference is within its noise: a searched
        candidate that leads ``chosen`` without the confidence ``choose`` requires to switch
        (``z`` standard errors and ``min_gain`` over ``min_worlds`` worlds, weighed for the
        leading candidate) is reported at the chosen move's value — a tie, it loses nothing.
        Every other searched candidate keeps its mean, so ``chosen`` is the best clean move.
        """
        out = chances(scored)  # the rest: the normal policy's, as chances (issue 20)
        lo = min(result.means)
        top = result.means[result.actions.index(chosen)]
        for a, m in zip(result.actions, result.means, strict=True):
            out[a] = min(m, top)  # a lead choose did not switch to is within the noise
        for x in scored:
            if x.action not in result.actions:
                out[x.action] = min(out[x.action], lo)
        return out

    def _diem(self, result: SearchResult, i: int) -> float:
        """The mean điểm candidate i was paid in the rollouts."""
        return (result.means[i] - result.wins[i]) / self.points if self.points else 0.0

    def _kept(self, result: SearchResult, first: int, second: int, other: Reason) -> Reason:
        """Why the normal policy's move is kept although ``other`` did better in the rollouts:
        said as what the search cannot tell apart — too few worlds, a lead smaller than the
        search's margin of error (with it), or than ``min_gain`` — so "wins more, yet kept"
        does not read as a contradiction (issue 20)."""
        pct, pct2 = (round(100 * result.wins[i]) for i in (first, second))
        pts, pts2 = (f"{self._diem(result, i):+.1f}" for i in (first, second))
        gain = f"{100 * (result.means[second] - result.means[first]):.1f}"
        noise = f"{100 * self.z * result.errors[second]:.1f}"
        head = Reason(f"mô phỏng {result.worlds} thế bài: {other.vi} hơn nước này {_vi(gain)} "
                      f"điểm đánh giá (thắng {pct2}%, {_vi(pts2)} điểm, so với {pct}%, "
                      f"{_vi(pts)} điểm)",
                      f"{result.worlds} sampled deals: {other.en} scores {gain} evaluation "
                      f"points more than this move (wins {pct2}%, {pts2} điểm, against "
                      f"{pct}%, {pts} điểm)")
        if result.worlds < self.min_worlds:
            why = Reason(f"nhưng {result.worlds} thế bài là quá ít để đổi nước (cần ít nhất "
                         f"{self.min_worlds}), nên giữ nước này",
                         f"but {result.worlds} deals are too few to switch on (at least "
                         f"{self.min_worlds} are needed), so this move is kept")
        elif float(gain) <= float(noise):
            why = Reason(f"nhưng sai số của mô phỏng là ±{_vi(noise)}: chênh lệch đó có thể "
                         f"chỉ là may rủi, nên giữ nước này",
                         f"but the simulation's margin of error is ±{noise}: the difference "
                         f"may be luck alone, so this move is kept")
        else:
            least = f"{100 * self.min_gain:.1f}"
            why = Reason(f"nhưng máy chỉ đổi nước khi hơn ít nhất {_vi(least)} điểm, nên giữ "
                         f"nước này",
                         f"but the computer switches only for a lead of at least {least} "
                         f"points, so this move is kept")
        return Reason(f"{head.vi}, {why.vi}", f"{head.en}, {why.en}")

    def choose(self, obs: Observation) -> Decision:
        """Normal's move when it is forced or clear; otherwise the best searched move."""
        return self.decide(obs)[0]

    def decide(self, obs: Observation) -> tuple[Decision, list[Scored], SearchResult | None]:
        """The move, the normal policy's scores it started from, and the search it rests on
        (None when it made none: a forced move, an ù or a xướng, a single candidate, or no
        world that fits the table — then the move is the normal policy's)."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        s, scored = self.base.scored(obs)
        pick = best(scored)
        plain = Decision(pick.action, explain(s, pick, scored), pick.value)
        cands = self._candidates(scored)
        if len(obs.legal) == 1 or pick.action.act in (Act.WIN, Act.CALL) or len(cands) < 2:
            return plain, scored, None
        result = self.search(obs, [x.action for x in cands])
        if not result.worlds:  # no world fits the table: nothing to overrule with
            return plain, scored, None
        order = sorted(range(len(cands)), key=lambda i: -result.means[i])
        if order[0] != 0 and (result.worlds < self.min_worlds
                              or not result.confident(order[0], self.z, self.min_gain)):
            order.remove(0)
            order.insert(0, 0)  # not sure enough to overrule the normal policy
        chosen = cands[order[0]]
        why = explain(s, chosen, scored)
        runner = cands[order[1]]
        first, second = order[0], order[1]
        other = action_text(runner.action)
        if result.means[second] > result.means[first]:
            tail = self._kept(result, first, second, other)
        else:
            pct, pct2 = (round(100 * result.wins[i]) for i in (first, second))
            pts, pts2 = (f"{self._diem(result, i):+.1f}" for i in (first, second))
            tail = Reason(f"mô phỏng {result.worlds} thế bài: thắng {pct}% ({_vi(pts)} điểm), "
                          f"{other.vi} chỉ {pct2}% ({_vi(pts2)} điểm)",
                          f"{result.worlds} sampled deals: wins {pct}% ({pts} điểm), "
                          f"{other.en} only {pct2}% ({pts2} điểm)")
        return (Decision(chosen.action, Reason(f"{why.vi}; {tail.vi}", f"{why.en}; {tail.en}"),
                         result.means[order[0]]), scored, result)
