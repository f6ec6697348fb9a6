"""Tổ tôm's computer players: each gets a ``TomObservation`` only and returns a ``Decision``
(DESIGN.md), the same shapes as Chắn's players (engine/chan/ai/players.py).

``normal`` is the policy of policy.py: every duty done, no TN or TD cause while a clean move
exists, every ù declared, the true call. ``beginner`` plays like a learner on top of it, at
configurable rates: it lets an ù pass (TN1 if it wins later), lets a phỗng pass, plays a
worse clean move, leaves a cước out of its call (an under-call, T7.6: paid for what was said);
but it never commits a chèo đò cause (TD1–TD10) while a clean move exists, so that a learner at
its table meets a weaker player and never a cheating one [decision: a TD is a punished wrong,
not a weakness; a learner's own TD is what the analyzer teaches]. ``random`` plays any legal
move, clean ones first (a yardstick).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Act
from engine.totom.actions import TomAction
from engine.totom.ai.policy import Scored, best, chances, score, situation
from engine.totom.ai.reasons import Reason, action_text, card_en, card_vi, explain
from engine.totom.ai.value import DEFAULT_KNOBS, Knobs
from engine.totom.observation import TomObservation


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen action, why, and the value the player gave it."""

    action: TomAction
    reason: Reason
    value: float = 0.0


class Player(Protocol):
    """What every level provides."""

    level: str

    def choose(self, obs: TomObservation) -> Decision:
        """The action to play at this observation, with a reason."""
        ...

    def evaluate(self, obs: TomObservation) -> dict[TomAction, float]:
        """A value for each legal action (higher is better; same scale within a level)."""
        ...

    def judge(self, obs: TomObservation) -> tuple[Decision, dict[TomAction, float]]:
        """``choose`` and ``evaluate`` from one look at the position (the review's advice)."""
        ...


def decision_rng(seed: int, obs: TomObservation, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the public position: reproducible decisions."""
    return random.Random(f"{seed}:{salt}:{obs.seat}:{len(obs.history)}:{obs.phase}:"
                         f"{obs.actor}:{obs.noc_left}")


def _need_legal(obs: TomObservation) -> None:
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has no decision to make now")


class NormalPlayer:
    """Sound heuristics; every duty; never a TN or TD while a clean move exists; every ù."""

    level = "normal"

    def __init__(self, knobs: Knobs = DEFAULT_KNOBS) -> None:
        self.knobs = knobs

    def evaluate(self, obs: TomObservation) -> dict[TomAction, float]:
        """The value of each legal action."""
        return self.judge(obs)[1]

    def choose(self, obs: TomObservation) -> Decision:
        """The best clean action."""
        return self.judge(obs)[0]

    def judge(self, obs: TomObservation) -> tuple[Decision, dict[TomAction, float]]:
        """``choose`` and ``evaluate`` from one scoring."""
        _need_legal(obs)
        if len(obs.legal) == 1:  # nothing to weigh (the call, a lone duty)
            only = Scored(obs.legal[0], 0.0, obs.faults[0])
            return Decision(only.action, explain(obs, only, [only])), {only.action: 0.0}
        s = situation(obs, self.knobs)
        scored = score(s)
        pick = best(scored)
        return Decision(pick.action, explain(obs, pick, scored, s), pick.value), \
            chances(scored)


@dataclass(frozen=True, slots=True)
class LearnerRates:
    """How often a beginner slips (each a probability per opportunity)."""

    miss_u: float = 0.1  # lets an ù pass (T5.7 bỏ ù)
    miss_phong: float = 0.4  # lets a phỗng pass
    slip: float = 0.3  # plays another clean move than the best
    undercall: float = 0.3  # leaves a cước out of the call (T7.6)


class JudgedApart:
    """``judge`` for a level whose choice is not simply its best value."""

    def judge(self: Player, obs: TomObservation) -> tuple[Decision, dict[TomAction, float]]:
        """``choose`` and ``evaluate`` at ``obs``."""
        return self.choose(obs), self.evaluate(obs)


class BeginnerPlayer(JudgedApart):
    """Plays like a learner on top of ``normal``: slips at the configured rates, but never
    into a chèo đò cause (module docstring)."""

    level = "beginner"

    def __init__(self, seed: int = 0, rates: LearnerRates = LearnerRates(),
                 knobs: Knobs = DEFAULT_KNOBS) -> None:
        self.seed = seed
        self.rates = rates
        self.base = NormalPlayer(knobs)

    def evaluate(self, obs: TomObservation) -> dict[TomAction, float]:
        """The values ``normal`` gives (a beginner's slips are not part of the value)."""
        return self.base.evaluate(obs)

    def choose(self, obs: TomObservation) -> Decision:
        """Usually normal's move; sometimes a learner's slip."""
        _need_legal(obs)
        pick, values = self.base.judge(obs)
        rng = decision_rng(self.seed, obs, "beginner")
        rates = self.rates
        act = pick.action.act
        live = obs.live
        clean = [a for a, f in zip(obs.legal, obs.faults, strict=True)
                 if not any(r.startswith("TD") for r in f)]
        if act is Act.CALL:
            return self._call(obs, rng, pick)
        decline = next((a for a in clean if a.act is Act.DECLINE), None)
        if act is Act.WIN and decline is not None and rng.random() < rates.miss_u:
            card = "" if live is None else card_vi(live.card)
            return Decision(decline, Reason(f"không nhận ra bài đã ù {card}".strip(),
                                            "did not see the ù" + (
                                                "" if live is None else
                                                f" on {card_en(live.card)}")))
        if act is Act.PHONG and decline is not None and rng.random() < rates.miss_phong:
            return Decision(decline, Reason("bỏ qua, không phỗng", "let the phỗng pass"))
        if act in (Act.DISCARD, Act.RETURN, Act.EAT) and rng.random() < rates.slip:
            # one of the next best clean moves of the same kind: a learner's near miss
            others = sorted((a for a, f in zip(obs.legal, obs.faults, strict=True)
                             if not f and a.act is act and a != pick.action),
                            key=lambda a: -values.get(a, 0.0))[:2]
            if others:
                slip = rng.choice(others)
                said = action_text(slip)
                return Decision(slip, Reason(f"chọn vội: {said.vi}", f"a hasty choice: "
                                                                      f"{said.en}"),
                                values.get(slip, 0.0))
        return pick

    def _call(self, obs: TomObservation, rng: random.Random, pick: Decision) -> Decision:
        tokens = list(pick.action.tokens)
        scoring = [i for i, t in enumerate(tokens) if t.cuoc is not None and t.cuoc != "suong"]
        if len(scoring) >= 2 and rng.random() < self.rates.undercall:
            del tokens[rng.choice(scoring)]
            action = TomAction(obs.seat, Act.CALL, tokens=tuple(tokens))
            return Decision(action, Reason("xướng thiếu một cước", "left a cước out of the "
                                                                   "call"))
        return pick


class RandomPlayer(JudgedApart):
    """Any legal move, clean ones first; ù whenever offered; the true call: a yardstick."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def evaluate(self, obs: TomObservation) -> dict[TomAction, float]:
        """Every legal action is worth the same."""
        return {a: 0.0 for a in obs.legal}

    def choose(self, obs: TomObservation) -> Decision:
        """A uniformly random clean legal action (an ù when one is offered)."""
        _need_legal(obs)
        clean = [a for a, f in zip(obs.legal, obs.faults, strict=True) if not f]
        wins = [a for a in clean if a.act in (Act.WIN, Act.CALL)]
        pool = wins or clean or list(obs.legal)
        action = decision_rng(self.seed, obs, "random").choice(pool)
        return Decision(action, Reason("chọn ngẫu nhiên", "chosen at random"))
