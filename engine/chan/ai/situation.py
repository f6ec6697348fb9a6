"""A seat's decision point in the form the policies read: packed hand, history, unseen counts.

Built from an ``Observation`` (a real seat: its own history is rebuilt by tracker.py) or, inside
the strong player's simulations, from a sampled world that the player built for itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai.tracker import PublicSeat, track
from engine.chan.ai.value import DEFAULT_KNOBS, Context, Knobs, uniform
from engine.chan.masks import Masks
from engine.chan.melds import MeldKind
from engine.chan.observation import Observation
from engine.chan.violations import SeatHistory, discard_violations, eat_violations
from engine.events import Placed


@dataclass(slots=True)
class Situation:
    """Everything a policy reads at one decision (see the module docstring)."""

    seat: int
    players: int
    phase: str
    hand: int  # packed
    hand_n: int
    mat_chan: int
    mat_ca: int
    hist: SeatHistory  # never changed by a policy
    unseen: int  # packed: copies neither in this hand nor visible to this seat
    noc_left: int
    noc_stop: int
    live: Placed | None
    legal: Sequence[Action]
    bao: Sequence[bool]
    hand_sizes: Sequence[int]
    public: Sequence[PublicSeat]
    melds: Sequence[int]  # melds on each seat's mat
    faults: Sequence[tuple[str, ...]] | None = None  # per legal action, when known
    knobs: Knobs = DEFAULT_KNOBS
    # Hand values already computed with this situation's context, shared with the next
    # decision when its context is the same (rollouts: the discard after an eat).
    memo: dict[tuple[int, int, int, int, Masks], float] | None = field(default=None,
                                                                       repr=False)
    _ctx: Context | None = field(default=None, repr=False)

    @property
    def masks(self) -> Masks:
        """The seat's history as bitsets (the history keeps them: engine.chan.masks)."""
        return self.hist.masks

    @property
    def ctx(self) -> Context:
        """Unseen counts and draws left, for the value model."""
        if self._ctx is None:
            u = self.unseen
            counts = H.count_all(u)
            kn = self.knobs
            eta = sum(kn.end_rate(self.melds[i]) for i in range(self.players)
                      if i != self.seat and not self.bao[i])
            self._ctx = uniform(counts, max(0, self.noc_left - self.noc_stop), eta, kn)
        return self._ctx

    def fault_rules(self, index: int) -> tuple[str, ...]:
        """The lỗi the legal action at ``index`` would commit (the engine's judgement)."""
        if self.faults is not None:
            return self.faults[index]
        return fault_rules(self, self.legal[index])


def fault_rules(s: Situation, a: Action) -> tuple[str, ...]:
    """The lỗi of ``a`` from the engine's judges (what ``Game.faults_of`` returns)."""
    if a.act is Act.EAT:
        if s.live is None or a.card is None:
            return ()
        found = eat_violations(s.hand, s.hand_n, s.mat_chan, s.hist, s.live.card, a.card,
                               s.seat, -1)
    elif (a.act is Act.DISCARD or a.act is Act.RETURN) and a.card is not None:
        found = discard_violations(s.hist, a.card, s.seat, -1, a.act, s.hand, s.hand_n,
                                   s.mat_chan)
    else:
        return ()
    return tuple(v.rule for v in found)


def from_observation(obs: Observation, knobs: Knobs = DEFAULT_KNOBS) -> Situation:
    """The situation of the seat that received ``obs``."""
    me = obs.seat
    tracked = track(obs)
    hand = H.pack(obs.hand)
    seen = H.pack(obs.seen)
    mat = obs.mats[me]
    return Situation(
        seat=me, players=obs.players, phase=obs.phase, hand=hand, hand_n=len(obs.hand),
        mat_chan=sum(m.chan for m in mat), mat_ca=sum(1 for m in mat if m.kind is MeldKind.CA),
        hist=tracked.hist, unseen=H.minus(H.minus(H.FULL, hand), seen),
        noc_left=obs.noc_left,
        noc_stop=obs.rules.noc_stop, live=obs.live, legal=obs.legal, bao=obs.bao,
        hand_sizes=obs.hand_sizes, public=tracked.public,
        melds=tuple(len(m) for m in obs.mats), faults=obs.faults, knobs=knobs)
