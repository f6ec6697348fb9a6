"""Computer players: each gets an ``Observation`` only and returns a ``Decision`` (DESIGN.md).

``normal`` is the heuristic policy (policy.py); ``beginner`` plays like a learner on top of it
(misses an ù or a chíu, commits a lỗi, under-calls, at configurable rates — but only ever
chooses among the moves the engine lists, or a shorter call); ``random`` picks any legal move
(a yardstick for the benchmarks). ``strong`` lives in strong.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Act, Action
from engine.chan.ai.policy import Scored, best, chances, fault_cost, score
from engine.chan.ai.reasons import Reason, card_en, card_vi, explain
from engine.chan.ai.situation import Situation, from_observation
from engine.chan.ai.value import DEFAULT_KNOBS, Knobs
from engine.chan.observation import Observation


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen action, why, and the value the player gave it."""

    action: Action
    reason: Reason
    value: float = 0.0


class Player(Protocol):
    """What every level provides."""

    level: str

    def choose(self, obs: Observation) -> Decision:
        """The action to play at this observation, with a reason."""
        ...

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """A value for each legal action (higher is better; same scale within a level)."""
        ...

    def judge(self, obs: Observation) -> tuple[Decision, dict[Action, float]]:
        """``choose`` and ``evaluate`` from one look at the position (the review's advice)."""
        ...


def decision_rng(seed: int, obs: Observation, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the public position: reproducible decisions."""
    return random.Random(f"{seed}:{salt}:{obs.seat}:{len(obs.history)}:{obs.phase}:"
                         f"{obs.actor}")


class NormalPlayer:
    """Strong heuristics; never commits a lỗi while a clean move exists; always calls right."""

    level = "normal"

    def __init__(self, knobs: Knobs = DEFAULT_KNOBS) -> None:
        self.knobs = knobs

    def situation(self, obs: Observation) -> Situation:
        """The decision point of ``obs`` in the policy's form."""
        return from_observation(obs, self.knobs)

    def scored(self, obs: Observation) -> tuple[Situation, list[Scored]]:
        """The situation and every legal action with its value."""
        s = self.situation(obs)
        return s, score(s)

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """A rough chance of winning after each legal action, 0 to 1 (lỗi cost subtracted:
        policy.chances)."""
        _, scored = self.scored(obs)
        return chances(scored)

    def choose(self, obs: Observation) -> Decision:
        """The best clean action."""
        return self.judge(obs)[0]

    def judge(self, obs: Observation) -> tuple[Decision, dict[Action, float]]:
        """``choose`` and ``evaluate`` from one scoring."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        s, scored = self.scored(obs)
        pick = best(scored)
        return Decision(pick.action, explain(s, pick, scored), pick.value), chances(scored)


@dataclass(frozen=True, slots=True)
class LearnerRates:
    """How often a beginner slips (each a probability per opportunity)."""

    miss_u: float = 0.15  # lets an ù pass (R7.1 bỏ ù)
    miss_chiu: float = 0.3  # lets a chíu pass
    fault: float = 0.2  # picks a move that breaks a rule when one is on offer
    undercall: float = 0.3  # leaves a cước out of the call (R8.3; bạch thủ left out is R8.4)
    slip: float = 0.2  # plays a worse clean move


class JudgedApart:
    """``judge`` for a level whose choice is not simply its best value (a beginner slips, a
    random player ignores its values): its ``choose`` and its ``evaluate``, each on its own."""

    def judge(self: Player, obs: Observation) -> tuple[Decision, dict[Action, float]]:
        """``choose`` and ``evaluate`` at ``obs``."""
        return self.choose(obs), self.evaluate(obs)


class BeginnerPlayer(JudgedApart):
    """Plays like a learner on top of ``normal``: slips at the configured rates."""

    level = "beginner"

    def __init__(self, seed: int = 0, rates: LearnerRates = LearnerRates(),
                 knobs: Knobs = DEFAULT_KNOBS) -> None:
        self.seed = seed
        self.rates = rates
        self.base = NormalPlayer(knobs)

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """The values ``normal`` gives (a beginner's slips are not part of the value)."""
        return self.base.evaluate(obs)

    def choose(self, obs: Observation) -> Decision:
        """Usually normal's move; sometimes a learner's slip."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        rng = decision_rng(self.seed, obs, "beginner")
        rates = self.rates
        s, scored = self.base.scored(obs)
        pick = best(scored)
        act = pick.action.act
        live = obs.live
        if act is Act.CALL:
            return self._call(obs, rng, pick)
        if act is Act.WIN and obs.phase == "claim" and rng.random() < rates.miss_u:
            slip = next(x for x in scored if x.action.act is Act.DECLINE)
            card = "" if live is None else card_vi(live.card)
            return Decision(slip.action, Reason(f"không nhận ra bài đã ù {card}",
                                                f"did not see the ù on "
                                                f"{'' if live is None else card_en(live.card)}"),
                            slip.value)
        if act is Act.WIN and obs.phase == "opening" and rng.random() < rates.miss_u:
            slip = best([x for x in scored if x.action.act is not Act.WIN])
            return Decision(slip.action, Reason("không nhận ra thiên ù",
                                                "did not see the thiên ù"), slip.value)
        if act is Act.CHIU and rng.random() < rates.miss_chiu:
            slip = next(x for x in scored if x.action.act is Act.DECLINE)
            return Decision(slip.action, Reason("quên chíu", "forgot to chíu"), slip.value)
        faulty = [x for x in scored if x.faults]
        if faulty and rng.random() < rates.fault:
            # the most tempting of them: the best move if the rule did not exist
            slip = max(faulty, key=lambda x: x.value + fault_cost(x.faults))
            return Decision(slip.action, explain(s, slip, scored), slip.value)
        clean = sorted((x for x in scored if not x.faults and x is not pick),
                       key=lambda x: -x.value)[:2]
        if clean and act not in (Act.WIN, Act.CHIU) and rng.random() < rates.slip:
            slip = rng.choice(clean)
            return Decision(slip.action, explain(s, slip, scored), slip.value)
        return Decision(pick.action, explain(s, pick, scored), pick.value)

    def _call(self, obs: Observation, rng: random.Random, pick: Scored) -> Decision:
        call = list(pick.action.cuoc)
        if sum(n for _, n in call) >= 2 and rng.random() < self.rates.undercall:
            i = rng.randrange(len(call))
            cid, n = call[i]
            if n > 1:
                call[i] = (cid, n - 1)
            else:
                del call[i]
            action = Action(obs.seat, Act.CALL, None, tuple(call))
            return Decision(action, Reason("xướng thiếu một cước", "left a cước out of the "
                                                                   "call"), pick.value)
        return Decision(pick.action, Reason("xướng đủ cước", "calling every cước"), pick.value)


class RandomPlayer(JudgedApart):
    """Any legal move, uniformly (the call is the true call): a yardstick."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def evaluate(self, obs: Observation) -> dict[Action, float]:
        """Every legal action is worth the same."""
        return {a: 0.0 for a in obs.legal}

    def choose(self, obs: Observation) -> Decision:
        """A uniformly random legal action."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no decision to make now")
        action = decision_rng(self.seed, obs, "random").choice(obs.legal)
        return Decision(action, Reason("chọn ngẫu nhiên", "chosen at random"))
