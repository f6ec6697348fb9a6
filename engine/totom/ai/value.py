"""How good a position is for the seat that holds it (TOTOM T3, T5): a rough chance of ù.

The hand's split (shape.py) says how far it is from waiting: each loose card costs one, each
partial less by its live cards; a lưng (T3.7) still to make costs more, and most when nothing
in the hand can become one. A position that already waits is read exactly (the engine's
``waits``): it is worth the expected number of its live cards placed before the nọc stops — a
yêu wait only from the nọc (a yêu is never discarded, T4.10), any other card also from a
discard. The constants are tuned by self-play (bench/tom_ai.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.totom.ai.shape import Shaper, Split, Weights
from engine.totom.cards import YEU, Card
from engine.totom.position import Position
from engine.totom.rules import TomRules
from engine.totom.waits import waits


@dataclass(frozen=True, slots=True)
class Knobs:
    """The constants of the value (tuned by self-play, bench/tom_ai.py)."""

    partial: float = 0.5  # per card of a live partial of two: what it saves of its cost (1)
    pair: float = 0.6  # per card of a pair: completed from any cửa, and into a lưng
    single: float = 0.35  # the one hand card of a partial a yêu or a mat run helps
    live_full: float = 3.0  # live cards at which a partial counts fully
    cuoc: float = 0.15  # a tôm or lèo in the making (TC3, TC4) pays more
    lung_partial: float = 0.4  # each lưng still to make from a partial (T3.7)
    lung_missing: float = 2.5  # each lưng with nothing to make it from
    ready: float = 3.0  # a position that waits, before its live cards count
    per_hit: float = 2.0  # each expected card among the waits
    yeu_reach: float = 0.5  # a yêu wait is only drawn, never discarded (T4.10)
    draw_hit: float = 2.0  # a waiting hand's own draw may be the winning card
    feed: float = 0.3  # handing the next seat a card it can eat
    danger: float = 0.6  # a card another seat may win on
    cornered: float = 150.0  # a forced take met with no clean discard left (duties.reserve)

    def weights(self) -> Weights:
        """What the split reads."""
        return Weights(self.partial, self.pair, self.single, self.live_full, self.cuoc)


DEFAULT_KNOBS = Knobs()


@dataclass(frozen=True, slots=True)
class Assessment:
    """A position's value and the facts behind it."""

    position: Position
    value: float
    split: Split
    lung_short: int  # lưng still to make (T3.7)
    waits: tuple[Card, ...]
    live: int  # unseen copies of the waits


@dataclass
class Evaluator:
    """The value of positions seen from one observation (unseen cards, làng and time fixed)."""

    unseen: tuple[int, ...]
    rules: TomRules
    draws_left: int
    knobs: Knobs = DEFAULT_KNOBS
    shaper: Shaper = field(init=False)
    _assessed: dict[Position, Assessment] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.shaper = Shaper(self.unseen, self.knobs.weights())

    def assess(self, position: Position) -> Assessment:
        """The value of ``position`` (see the module docstring)."""
        found = self._assessed.get(position)
        if found is not None:
            return found
        split = self.shaper.split(position)
        short, cost = self.lung_cost(position, split)
        value = -split.cost - cost
        ws = waits(position, self.rules)
        live = 0
        if ws:
            live = sum(self.unseen[w] for w in ws)
            value = self.knobs.ready + self.knobs.per_hit * self.hits(ws)
        found = Assessment(position, value, split, short, ws, live)
        self._assessed[position] = found
        return found

    def lung_cost(self, position: Position, split: Split) -> tuple[int, float]:
        """The lưng still to make (T3.7) and what they cost: from a partial of the split (or a
        pair of yêu, which a phỗng makes a bộ giống), or from nothing."""
        k = self.knobs
        have = sum(1 for m in position.mat if m.is_lung) + split.lung_made
        need = max(0, self.rules.lung_required - have)
        if not need:
            return 0, 0.0
        hand = position.packed.hand
        sources = split.lung_partials + sum(1 for y in YEU if hand[y] >= 2 and self.unseen[y])
        made = min(need, sources)
        return need, k.lung_partial * made + k.lung_missing * (need - made)

    def hits(self, ws: tuple[Card, ...]) -> float:
        """Expected cards among the waits placed before the nọc stops: each draw is one card
        of the unseen pool; a card that is not a yêu may also be discarded."""
        pool = max(1, sum(self.unseen))
        draws = max(1, self.draws_left)
        out = 0.0
        for w in ws:
            n = self.unseen[w]
            if n:
                reach = draws / pool * (self.knobs.yeu_reach if w in YEU else 2.0)
                out += 1.0 - math.exp(-n * reach)
        return out
