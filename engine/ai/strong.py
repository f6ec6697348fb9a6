"""The ``strong`` level: determinized search over the normal policy's best candidates.

For a real decision it keeps the few clean actions the normal policy values most, then
repeatedly samples a hidden world consistent with its observation (worlds.py), plays each
candidate in that same world and rolls the game out with the normal policy at every seat
(rollout.py). The results are paired (every candidate meets the same worlds), and the
normal policy's own choice is overruled only when another candidate wins more often by a
clear margin (``min_gain``, and ``z`` standard errors of the paired difference): a game of
Chắn is mostly luck, so a few dozen rollouts rarely separate two sensible moves, and a search
that followed its noise would play worse than the policy it searches with.

The budget is a time (in play) or a number of worlds (reproducible self-play and tests). The
sampling is seeded from the player's seed and the public position, so a fixed number of
worlds gives a fixed move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.ai.players import Decision, NormalPlayer, decision_rng
from engine.ai.policy import Scored, best
from engine.ai.reasons import Reason, action_text, explain
from engine.ai.rollout import Simulator
from engine.ai.tracker import track
from engine.ai.value import DEFAULT_KNOBS, Knobs
from engine.ai.worlds import clone, hidden_of, sample_world
from engine.observation import Observation


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Mean rollout result per candidate over ``worlds`` sampled worlds, and the standard
    error of each candidate's advantage over the first (paired on the same worlds)."""

    actions: tuple[Action, ...]
    means: tuple[float, ...]
    errors: tuple[float, ...]
    worlds: int

    def confident(self, i: int, z: float, min_gain: float) -> bool:
        """Candidate i beats the first by at least ``min_gain`` and ``z`` standard errors."""
        gain = self.means[i] - self.means[0]
        return gain >= min_gain and gain > z * self.errors[i]


class StrongPlayer:
    """Determinization with normal-policy rollouts, within a budget (see module doc)."""

    level = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = 500.0,
                 worlds: int | None = None, candidates: int = 3, margin: float = 0.08,
                 horizon: int | None = None, z: float = 2.0, min_gain: float = 0.02,
                 knobs: Knobs = DEFAULT_KNOBS) -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.candidates = candidates
        self.margin = margin  # candidates valued within this of the best are searched
        self.horizon = horizon
        self.z = z  # how sure the search must be to overrule the normal policy
        self.min_gain = min_gain
        self.base = NormalPlayer(knobs)
        self.sim = Simulator(knobs)

    def _candidates(self, scored: list[Scored]) -> list[Scored]:
        clean = [x for x in scored if not x.faults]
        if not clean:
            return []
        clean.sort(key=lambda x: -x.value)
        top = clean[0].value
        return [x for x in clean[:self.candidates] if x.value >= top - self.margin]

    def search(self, obs: Observation, actions: list[Action]) -> SearchResult:
        """Mean rollout results of ``actions`` at ``obs`` within the budget."""
        rng = decision_rng(self.seed, obs, "strong")
        hidden = hidden_of(obs)
        public = track(obs).public
        totals = [0.0] * len(actions)
        diffs = [0.0] * len(actions)  # sums of squared advantages over actions[0]
        done = 0
        deadline = None
        if self.worlds is None and self.budget_ms is not None:
            deadline = time.perf_counter() + self.budget_ms / 1000.0
        limit = self.worlds if self.worlds is not None else 1_000_000
        while done < limit:
            world = sample_world(obs, rng, hidden)
            results = []
            for a in actions:
                game = clone(world)
                game.apply(a)
                results.append(self.sim.run(game, obs.seat, public, self.horizon, 0.002))
            for i, r in enumerate(results):
                totals[i] += r
                diffs[i] += (r - results[0]) ** 2
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        means = tuple(t / done for t in totals)
        errors = []
        for i in range(len(actions)):
            gain = means[i] - means[0]
            var = max(0.0, diffs[i] / done - gain * gain) / max(1, done - 1)
            errors.append(var ** 0.5)
        return SearchResult(tuple(actions), means, tuple(errors), done)

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """Rollout means for the clean actions the normal policy ranks highest; the normal
        policy's values (scaled to the best searched one) for the rest."""
        _, scored = self.base.scored(obs)
        cands = self._candidates(scored)
        if len(cands) < 2:
            return {x.action: x.value for x in scored}
        result = self.search(obs, [x.action for x in cands])
        out = {x.action: x.value for x in scored}
        lo = min(result.means)
        for a, m in zip(result.actions, result.means, strict=True):
            out[a] = m
        for x in scored:
            if x.action not in result.actions:
                out[x.action] = min(out[x.action], lo)
        return out

    def choose(self, obs: Observation) -> Decision:
        """Normal's move when it is forced or clear; otherwise the best searched move."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        s, scored = self.base.scored(obs)
        pick = best(scored)
        if len(obs.legal) == 1 or pick.action.act in (Act.WIN, Act.CALL):
            return Decision(pick.action, explain(s, pick, scored), pick.value)
        cands = self._candidates(scored)
        if len(cands) < 2:
            return Decision(pick.action, explain(s, pick, scored), pick.value)
        result = self.search(obs, [x.action for x in cands])
        order = sorted(range(len(cands)), key=lambda i: -result.means[i])
        if order[0] != 0 and not result.confident(order[0], self.z, self.min_gain):
            order.remove(0)
            order.insert(0, 0)  # not sure enough to overrule the normal policy
        chosen = cands[order[0]]
        why = explain(s, chosen, scored)
        runner = cands[order[1]]
        pct = round(100 * result.means[order[0]])
        pct2 = round(100 * result.means[order[1]])
        other = action_text(runner.action)
        if result.means[order[1]] > result.means[order[0]]:
            tail = Reason(f"mô phỏng {result.worlds} thế bài: {other.vi} thắng {pct2}% so "
                          f"với {pct}%, chưa đủ chắc để đổi",
                          f"{result.worlds} sampled deals: {other.en} wins {pct2}% against "
                          f"{pct}%, not a sure enough difference to switch")
        else:
            tail = Reason(f"mô phỏng {result.worlds} thế bài: thắng {pct}%, {other.vi} "
                          f"chỉ {pct2}%",
                          f"{result.worlds} sampled deals: wins {pct}%, {other.en} only "
                          f"{pct2}%")
        return Decision(chosen.action, Reason(f"{why.vi}; {tail.vi}", f"{why.en}; {tail.en}"),
                        result.means[order[0]])
