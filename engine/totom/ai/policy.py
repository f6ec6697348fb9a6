"""The ``normal`` policy: a value for every legal action, from the seat's observation only.

What it keeps to, whatever the values say:
- an ù is always declared (T5.7: letting it pass makes any later ù unpaid), with the phỗng
  statement that fits (T5.6), and the call is the engine's true call (T7.5);
- a move the engine judges a TN or TD cause (``TomObservation.faults``) is never chosen while a
  clean one exists; so every duty is done — khàn and thiên khai laid face down (T4.1) and
  shown (T4.2), dậy khàn (T4.8), a yêu eaten (T4.10), hạ trùng (T4.12), copies of a taken
  card laid with it (T4.6 H1);
- a take (eat, phỗng, dậy khàn) is only valued with a discard after it that is foreseen clean
  (duties.py), so it never leaves the seat with nothing clean to discard;
- it keeps a reserve: every position is charged the chance that the forced takes still to come
  (each yêu it may draw, T4.10; the fourth card of a face-down khàn, T4.8) outnumber the cards
  it could still discard cleanly (duties.Reserve), for at that take every move is an offence.
Between clean moves it takes the one whose position is worth most (value.py), less the chance
of handing the next seat a card it can use and the chance of being cornered.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.actions import Act
from engine.totom.actions import TomAction
from engine.totom.ai.duties import Reserve, clean_discards, forced_takes
from engine.totom.ai.tracker import Tracked, own_melds, position_of, track
from engine.totom.ai.value import DEFAULT_KNOBS, Assessment, Evaluator, Knobs
from engine.totom.cards import N_KINDS, YEU, Card
from engine.totom.eats import EatPlan, plan_eat
from engine.totom.judged import Constraints, judged_arrangement
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.observation import TomObservation
from engine.totom.position import MatMeld, Position

WIN_VALUE = 1000.0  # an ù is taken before anything else
DUTY_VALUE = 500.0  # a duty with no choice in it (laying, showing)
HOPELESS = -1000.0  # a take with no clean discard after it
BO_U = -2000.0  # letting an ù pass (T5.7)
MARGIN = 3  # reserve counted beyond the forced takes: more than this is as good as endless


@dataclass(frozen=True, slots=True)
class Scored:
    """One legal action, its value, and what the value was read on (for the reason)."""

    action: TomAction
    value: float
    faults: tuple[str, ...]
    follow: Card | None = None  # the discard (or trả cửa) planned after a take
    after: Assessment | None = None  # the position the value was read on
    score: int = 0  # an ù's worth (T7.4), for its statement
    cornered: float = 0.0  # what the value was charged for a reserve too thin (``cornered``)


@dataclass
class Situation:
    """One decision, in the form the policy reads."""

    obs: TomObservation
    tracked: Tracked
    evaluator: Evaluator
    melds: tuple[SeatMeld, ...]
    hand: tuple[int, ...]
    bat_thuc: tuple[Card, ...]
    now: Assessment = field(init=False)
    takers: tuple[tuple[frozenset[Card], float], ...] = field(init=False)
    reserve: Reserve = field(init=False)
    cornered_now: float = field(init=False)

    def __post_init__(self) -> None:
        self.now = self.evaluator.assess(self.tracked.position)
        self.takers = takers(self.obs)
        self.reserve = Reserve(self.obs, self.tracked.own)
        self.cornered_now = cornered(self, self.hand, self.melds, self.bat_thuc, self.now.waits)

    @property
    def seat(self) -> int:
        """Whose decision it is."""
        return self.obs.seat


def situation(obs: TomObservation, knobs: Knobs = DEFAULT_KNOBS) -> Situation:
    """The decision point of ``obs`` in the policy's form."""
    tracked = track(obs)
    hand = [0] * N_KINDS
    for c in obs.hand:
        hand[c] += 1
    return Situation(obs, tracked, Evaluator(tracked.unseen, obs.rules, tracked.draws_left,
                                              knobs),
                     own_melds(obs), tuple(hand), tuple(k for k, _, _ in obs.own_bat_thuc))


def score(s: Situation) -> list[Scored]:
    """Every legal action with its value (see the module docstring)."""
    obs = s.obs
    out: list[Scored] = []
    phase = obs.phase
    offered = {a.act for a in obs.legal}
    for a, faults in zip(obs.legal, obs.faults, strict=True):
        act = a.act
        if act is Act.WIN:
            out.append(_score_win(s, a, faults))
        elif act is Act.CALL:
            out.append(Scored(a, WIN_VALUE, faults))
        elif act in (Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.REVEAL):
            out.append(Scored(a, DUTY_VALUE, faults))
        elif act is Act.BAT_THUC:
            out.append(Scored(a, HOPELESS, faults))  # a lưng is worth more than its cards
        elif act is Act.DECLINE:
            charge = 0.0 if Act.WIN in offered else _decline_cornered(s, offered)
            value = BO_U if Act.WIN in offered else s.now.value - charge
            if phase in ("lay", "show"):
                value = charge = 0.0
            out.append(Scored(a, value, faults, after=s.now, cornered=charge))
        elif act in (Act.DISCARD, Act.RETURN):
            out.append(_score_discard(s, a, faults))
        elif act is Act.EAT:
            out.append(_score_take(s, a, faults, _after_eat(s, a)))
        elif act is Act.PHONG:
            out.append(_score_take(s, a, faults, _after_phong(s)))
        elif act is Act.DAY_KHAN:
            out.append(_score_take(s, a, faults, _after_day_khan(s, a)))
        elif act is Act.HA_TRUNG:
            out.append(_score_ha_trung(s, a, faults))
        elif act is Act.DRAW:
            out.append(Scored(a, s.now.value + _draw_chance(s) - s.cornered_now, faults,
                              after=s.now, cornered=s.cornered_now))
        elif act is Act.PASS:
            out.append(Scored(a, s.now.value - s.cornered_now, faults, after=s.now,
                              cornered=s.cornered_now))
        else:  # pragma: no cover - every Tổ tôm act is listed above
            out.append(Scored(a, HOPELESS, faults))
    return out


def best(scored: list[Scored]) -> Scored:
    """The clean action with the highest value; if every action is a fault, the least bad."""
    clean = [x for x in scored if not x.faults]
    return max(clean or scored, key=lambda x: (x.value, -len(x.faults)))


def chances(scored: list[Scored]) -> dict[TomAction, float]:
    """Each action's value (the review's advice reads them side by side)."""
    return {x.action: x.value for x in scored}


# -------------------------------------------------------------------- ù

def _score_win(s: Situation, a: TomAction, faults: tuple[str, ...]) -> Scored:
    """T5.6: among the statements the engine offers, the clean ones score what the judged
    arrangement that fits them is worth."""
    obs = s.obs
    live = obs.live
    w = None if obs.phase == "opening" or live is None else live.card
    judged = judged_arrangement(s.tracked.position, w, obs.rules, Constraints(a.phong),
                                thong=obs.thong_seat == obs.seat)
    points = judged.score if judged is not None else 0
    return Scored(a, WIN_VALUE + points / 100.0, faults, score=points)


def _draw_chance(s: Situation) -> float:
    """A draw is one more card for a waiting hand: the drawer may ù on it (T5.1)."""
    ws = s.now.waits
    if not ws:
        return 0.0
    pool = max(1, sum(s.tracked.unseen))
    return s.evaluator.knobs.draw_hit * s.now.live / pool


# -------------------------------------------------------------------- discards

def _target(s: Situation, act: Act) -> int:
    """The seat entitled to a discard (the next one) or to a trả cửa (T4.9)."""
    live = s.obs.live
    if act is Act.RETURN and live is not None:
        return live.cua if live.origin.value == "draw" else (live.cua + 1) % s.obs.players
    return (s.seat + 1) % s.obs.players


def _score_discard(s: Situation, a: TomAction, faults: tuple[str, ...]) -> Scored:
    card = a.card
    assert card is not None
    hand = list(s.hand)
    if hand[card]:
        hand[card] -= 1
    after = s.evaluator.assess(position_of(_cards(hand), s.melds, s.bat_thuc))
    charge = cornered(s, hand, s.melds, s.bat_thuc, after.waits, gone=card)
    value = after.value - feed_cost(s, card, _target(s, a.act)) - charge
    return Scored(a, value, faults, after=after, cornered=charge)


def cornered(s: Situation, hand: Iterable[int], melds: tuple[SeatMeld, ...],
             bat: tuple[Card, ...], waits: tuple[Card, ...], took: Card | None = None,
             gone: Card | None = None, declined: frozenset[Card] = frozenset()) -> float:
    """What holding ``hand`` (copies per kind) after taking ``took`` and discarding ``gone``
    may cost: the chance that the forced takes still to come — the fourth card of each
    face-down khàn (T4.8) and of a khàn bất thực (T4.13), counted as sure, and the yêu the seat
    draws from its share of the nọc (T4.10), as a Poisson count — outnumber its reserve
    (Reserve.count): at that take every discard is an offence (T4.11). A card among the
    ``waits`` is an ù, not a take (T4.4)."""
    knob = s.evaluator.knobs.cornered
    if not knob:
        return 0.0
    obs = s.obs
    unseen = s.tracked.unseen
    forced = tuple(k for k in forced_takes(melds, [(k, size) for k, size, _ in obs.own_bat_thuc
                                                   if k in bat], unseen) if k not in waits)
    yeu = sum(unseen[y] for y in YEU if y not in forced and y not in waits)
    pool = max(1, sum(unseen))
    mean = s.tracked.draws_left / obs.players * yeu / pool
    if not forced and not mean:
        return 0.0
    held = tuple(hand)
    short = s.reserve.count(held, len(forced) + MARGIN, took, gone, declined) + 1 - len(forced)
    return knob * poisson_at_least(mean, short)


def poisson_at_least(mean: float, n: int) -> float:
    """P(X >= n) for X Poisson with ``mean``."""
    if n <= 0:
        return 1.0
    term = total = math.exp(-mean)
    for i in range(1, n):
        term *= mean / i
        total += term
    return max(0.0, 1.0 - total)


def _decline_cornered(s: Situation, offered: set[Act]) -> float:
    """Letting the live card pass keeps the hand; a phỗng let pass limits its pair to one
    discard (T4.14, TD4)."""
    live = s.obs.live
    if Act.PHONG not in offered or live is None:
        return s.cornered_now
    return cornered(s, s.hand, s.melds, s.bat_thuc, s.now.waits,
                    declined=frozenset({live.card}))


def feed_cost(s: Situation, card: Card, target: int) -> float:
    """What letting ``card`` go may cost: a seat whose mat meld takes it (a run's end, a phu
    bí's or bộ giống's room, T5.2) wins on it if its hand is otherwise tròn (T5.5 thập thành),
    the more likely the more it has laid down; and the seat entitled to it eats it (a gá,
    T4.6)."""
    k = s.evaluator.knobs
    cost = 0.0
    for seat, (kinds, laid) in enumerate(s.takers):
        if card in kinds:
            cost += k.danger * laid
            if seat == target:
                cost += k.feed
    return cost


def takers(obs: TomObservation) -> tuple[tuple[frozenset[Card], float], ...]:
    """Per seat (the observer's own: nothing), the kinds its face-up mat melds can take (T5.2)
    and how much of its position lies on the mat."""
    out = []
    for seat, mat in enumerate(obs.mats):
        kinds: set[Card] = set()
        if seat != obs.seat:
            for view in mat:
                if view.face_down or view.broken or len(view.cards) < 3:
                    continue
                kinds |= _taken_by(MatMeld(view.cards, view.trung))
        laid = sum(view.size for view in mat) / obs.rules.hand_size
        out.append((frozenset(kinds), min(1.0, laid)))
    return tuple(out)


def _taken_by(meld: MatMeld) -> set[Card]:
    """The kinds a mat meld can take at the ù (T5.2): a run's ends, a phu bí's rank, a bộ
    giống's own kind."""
    first = meld.cards[0]
    if meld.giong_room:
        return {first}
    if meld.bi_room:
        return {Card(first % 9 + 9 * t) for t in range(3)}
    if meld.run_room:
        suit, ranks = first // 9, [c % 9 for c in meld.cards]
        return {Card(suit * 9 + r) for r in (min(ranks) - 1, max(ranks) + 1) if 0 <= r <= 8}
    return set()


# -------------------------------------------------------------------- takes

After = tuple[tuple[int, ...], tuple[SeatMeld, ...], tuple[Card, ...]]


def _score_take(s: Situation, a: TomAction, faults: tuple[str, ...],
                after: After | None) -> Scored:
    """A take, valued with the best discard foreseen clean after it."""
    if after is None:
        return Scored(a, HOPELESS, faults)
    hand, melds, bat = after
    act = Act.RETURN if s.seat != s.obs.entitled else Act.DISCARD
    target = _target(s, act)
    own = s.tracked.own
    live = s.obs.live
    took = None if live is None else live.card
    best_v, best_c, best_a, best_charge = HOPELESS, None, None, 0.0
    for c in clean_discards(_kinds(hand), s.obs, own):
        left = list(hand)
        left[c] -= 1
        assessed = s.evaluator.assess(position_of(_cards(left), melds, bat))
        charge = cornered(s, left, melds, bat, assessed.waits, took, c)
        v = assessed.value - feed_cost(s, c, target) - charge
        if v > best_v:
            best_v, best_c, best_a, best_charge = v, c, assessed, charge
    return Scored(a, best_v, faults, best_c, best_a, cornered=best_charge)


def _after_eat(s: Situation, a: TomAction) -> After | None:
    live = s.obs.live
    if live is None:
        return None
    plan = plan_eat(s.hand, s.melds, live.card, a.cards, a.onto)
    if not isinstance(plan, EatPlan):
        return None
    hand = _minus(s.hand, a.cards)
    meld = SeatMeld(len(s.melds), plan.origin, plan.cards, plan.trung)
    if plan.onto is None:
        melds = (*s.melds, meld)
    else:
        melds = tuple(meld if i == plan.onto else m for i, m in enumerate(s.melds))
    bat = tuple(k for k in s.bat_thuc if plan.origin is not MeldOrigin.PHONG or k != live.card)
    return hand, melds, bat


def _after_phong(s: Situation) -> After | None:
    live = s.obs.live
    if live is None:
        return None
    x = live.card
    n = s.hand[x]
    meld = SeatMeld(len(s.melds), MeldOrigin.PHONG, (x,) * (n + 1))
    return (_minus(s.hand, (x,) * n), (*s.melds, meld),
            tuple(k for k in s.bat_thuc if k != x))


def _after_day_khan(s: Situation, a: TomAction) -> After | None:
    live = s.obs.live
    if live is None:
        return None
    x = live.card
    i = next((i for i, m in enumerate(s.melds)
              if m.face_down and len(m.cards) == 3 and m.cards[0] == x and not m.broken), None)
    if i is None:
        return None
    khan = s.melds[i]
    if a.cards:  # T4.8: the khàn turned up, the card eaten into a run
        up = SeatMeld(khan.id, MeldOrigin.KHAN, khan.cards)
        run = SeatMeld(len(s.melds), MeldOrigin.EATEN, tuple(sorted((x, *a.cards))))
        melds = (*(up if j == i else m for j, m in enumerate(s.melds)), run)
        return _minus(s.hand, a.cards), melds, s.bat_thuc
    up = SeatMeld(khan.id, MeldOrigin.THIEN_KHAI, (x,) * 4)
    return s.hand, tuple(up if j == i else m for j, m in enumerate(s.melds)), s.bat_thuc


def _score_ha_trung(s: Situation, a: TomAction, faults: tuple[str, ...]) -> Scored:
    """T4.12: the copy goes onto the run; the seat then draws or says dưới."""
    if a.card is None or a.onto is None or not 0 <= a.onto < len(s.melds):
        return Scored(a, HOPELESS, faults)
    run = s.melds[a.onto]
    melds = tuple(run.grown((a.card,)) if i == a.onto else m for i, m in enumerate(s.melds))
    hand = _minus(s.hand, (a.card,))
    after = s.evaluator.assess(position_of(_cards(hand), melds, s.bat_thuc))
    charge = cornered(s, hand, melds, s.bat_thuc, after.waits)
    return Scored(a, after.value - charge, faults, after=after, cornered=charge)


# -------------------------------------------------------------------- counts

def _minus(hand: tuple[int, ...], cards: Iterable[Card]) -> tuple[int, ...]:
    out = list(hand)
    for c, n in Counter(cards).items():
        out[c] -= n
    return tuple(out)


def _cards(hand: Iterable[int]) -> tuple[Card, ...]:
    return tuple(Card(k) for k, n in enumerate(hand) for _ in range(n))


def _kinds(hand: tuple[int, ...]) -> list[Card]:
    return [Card(k) for k, n in enumerate(hand) if n]


def is_yeu(card: Card | None) -> bool:
    """Whether ``card`` is a yêu (T1.4)."""
    return card is not None and card in YEU


def position_now(s: Situation) -> Position:
    """The seat's position as it stands."""
    return s.tracked.position
