"""The computer's view of one Tổ tôm decision, computed in the Worker's helper process
(desktop.worker.run_apart): no Qt here, and everything passed in and out is plain data —
the game is sent as its record (rules, deal and events as FORMATS writes them) and rebuilt
there, since the engine's làng options do not pickle.

``engine.totom.make_player(level).judge(obs)`` gives the choice, its reason in both languages
and a value for every legal action (higher is better, on the level's own scale, which the
viewer never prints: it says where the move played ranks among the legal ones).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Mode
from engine.totom import Deal, TomAction, TomGame, TomRules, make_player

LEVEL = "normal"  # the player whose view the review gives (issue 23)


@dataclass(frozen=True, slots=True)
class TomAdvice:
    """The computer's choice at one decision, why, and every legal action ranked."""

    best: str  # the chosen action (TomAction's text form)
    reason_vi: str
    reason_en: str
    ranked: tuple[str, ...]  # every legal action, best first
    faults: tuple[tuple[str, ...], ...]  # per action of ``ranked``: the TN/TD it records
    level: str = LEVEL

    def rank(self, action: str) -> int | None:
        """Where ``action`` stands among the legal actions, from 1 (None: not legal)."""
        return self.ranked.index(action) + 1 if action in self.ranked else None

    def faults_of(self, action: str) -> tuple[str, ...]:
        """The offences ``action`` records (T4.16 warns of them)."""
        rank = self.rank(action)
        return () if rank is None else self.faults[rank - 1]


@dataclass(frozen=True, slots=True)
class Point:
    """A decision as the helper process rebuilds it: the game's record up to it."""

    rules: dict[str, Any]
    deal: dict[str, Any]
    actions: tuple[dict[str, Any], ...]  # the events before the decision
    mode: str
    thong_seat: int | None
    seat: int

    @classmethod
    def of(cls, game: TomGame, seat: int) -> Point:
        """The decision ``seat`` makes in ``game`` (a replayed state)."""
        return cls(game.rules.to_json(), game.deal.to_json(),
                   tuple(a.to_json() for a in game.record), game.mode.value, game.thong_seat,
                   seat)

    def game(self) -> TomGame:
        """The game rebuilt, automations off as a record replays it."""
        rules = TomRules.from_json(self.rules)
        game = TomGame(Deal.from_json(self.deal, rules), rules, Mode(self.mode),
                       self.thong_seat, ())
        for data in self.actions:
            game.apply(TomAction.from_json(data))
        return game


def judge(point: Point, level: str = LEVEL) -> TomAdvice | None:
    """The computer's advice at ``point`` (None: a forced move, nothing to weigh)."""
    obs = point.game().observation(point.seat)
    if len(obs.legal) < 2:
        return None
    decision, values = make_player(level).judge(obs)
    faults = dict(zip(obs.legal, obs.faults, strict=True))
    ranked = sorted(obs.legal, key=lambda a: (a != decision.action, -values.get(a, 0.0)))
    return TomAdvice(str(decision.action), decision.reason.vi, decision.reason.en,
                     tuple(str(a) for a in ranked), tuple(faults[a] for a in ranked), level)
