"""The heuristic policy of the ``normal`` level: one value per legal action (value.py).

Rules it keeps: an ù is always taken (R7.1: letting it pass makes any later win unpaid); a
move that the engine judges a lỗi is never chosen while a clean one exists, and an eat or a
chíu is only considered when a clean discard (trả cửa) can follow it; a chíu is taken unless
the hand is better without it; the call is the true call (R8). Between clean moves it takes
the one whose resulting hand has the best value, less the chance of feeding the next seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai.situation import Situation
from engine.chan.ai.value import value
from engine.chan.cards import CC_INDEX, Card
from engine.chan.masks import Masks, after_decline, after_discard, after_eat
from engine.chan.rulebook import BAO, NGHI_AN_TIEN, REGISTRY, U_BAO
from engine.chan.violations import legal_eats
from engine.events import Origin

WIN_VALUE = 1.0
BO_U_COST = 1.0  # R7.1: a later win is unpaid; the win now is lost


@dataclass(frozen=True, slots=True)
class Scored:
    """One legal action, its value, and what the value was computed on (for the reason)."""

    action: Action
    value: float
    faults: tuple[str, ...]
    follow: Card | None = None  # the discard (trả cửa) planned after an eat or a chíu
    hand: int = 0  # the packed hand the value was computed on
    hand_n: int = 0
    mat_chan: int = 0


def fault_cost(rules: tuple[str, ...]) -> float:
    """How much a lỗi costs in value units: báo and ù báo are worst (R7.2–R7.4)."""
    if not rules:
        return 0.0
    costs = [REGISTRY.consequence_of(r) for r in rules]
    if BAO in costs or U_BAO in costs:
        return 1.0
    if NGHI_AN_TIEN in costs:
        return 0.6
    return 0.5


def feed_chance(s: Situation, z: int, target: int) -> float:
    """A rough chance that ``target`` eats z if it is placed where target is entitled to it."""
    if target == s.seat or s.bao[target]:
        return 0.0
    pub = s.public[target]
    zb = 1 << z
    if pub.discarded & zb:
        return 0.0  # L12: it may not eat a kind it discarded
    ctx = s.ctx
    pool = sum(ctx.unseen)
    if not pool:
        return 0.0
    share = min(1.0, s.hand_sizes[target] / pool)
    u = ctx.unseen
    p_chan = 0.0 if pub.passed & zb else 1.0 - (1.0 - share) ** u[z]
    p_ca = 0.0
    if z != CC_INDEX and not (pub.discarded_ranks >> (z // 3)) & 1:
        base = z // 3 * 3
        others = u[base] + u[base + 1] + u[base + 2] - u[z]  # the other two suits
        p_ca = min(1.0, share * others) * 0.5
    return min(1.0, p_chan + 0.5 * p_ca)


def hand_value(s: Situation, h: int, n: int, mat_chan: int, mat_ca: int, m: Masks) -> float:
    """``value`` in ``s``'s context, remembered in ``s.memo`` when the situation has one."""
    memo = s.memo
    if memo is None:
        return value(h, n, mat_chan, mat_ca, m, s.ctx)
    key = (h, n, mat_chan, mat_ca, m)
    v = memo.get(key)
    if v is None:
        v = memo[key] = value(h, n, mat_chan, mat_ca, m, s.ctx)
    return v


def _best_discard(s: Situation, h: int, n: int, mat_chan: int, mat_ca: int, m: Masks,
                  disc_ok: int, target: int) -> tuple[float, int | None]:
    """The best clean discard from hand h (n cards): (value, card); (-1, None) if none.

    ``disc_ok`` has a bit for each kind the engine would judge clean to discard then (a
    ``Masks.disc_ok``: masks.py reads the same rules as ``discard_faults``).
    """
    feed = s.knobs.feed
    best, best_z = -1.0, None
    for z in H.kinds_held(h):
        if not disc_ok >> z & 1:
            continue
        v = hand_value(s, H.remove(h, z), n - 1, mat_chan, mat_ca, after_discard(m, z))
        v -= feed * feed_chance(s, z, target)
        if v > best:
            best, best_z = v, z
    return best, best_z


def score(s: Situation, clean_only: bool = False) -> list[Scored]:
    """Every legal action with its value (see the module docstring).

    ``clean_only``: leave out the actions that commit a lỗi when a clean one exists — what
    ``best`` picks is the same, for less work (the rollouts only need the pick).
    """
    phase = s.phase
    out: list[Scored] = []
    legal = s.legal
    nxt = (s.seat + 1) % s.players
    if phase == "call":
        return [Scored(a, WIN_VALUE, ()) for a in legal]
    all_faults = [s.fault_rules(i) for i in range(len(legal))]
    skip = clean_only and not all(all_faults)
    base_value = 0.0
    if s.hand_n % 2 and any(a.act is Act.DECLINE for a in legal):
        base_value = hand_value(s, s.hand, s.hand_n, s.mat_chan, s.mat_ca, s.masks)
    for i, a in enumerate(legal):
        faults = all_faults[i]
        if skip and faults:
            continue
        penalty = fault_cost(faults)
        act = a.act
        if act is Act.WIN:
            out.append(Scored(a, WIN_VALUE, faults))
        elif act is Act.DECLINE:
            claim = legal[0].act if legal[0] is not a else Act.DECLINE
            cost = BO_U_COST if claim is Act.WIN else 0.0
            out.append(Scored(a, base_value - cost, faults, hand=s.hand, hand_n=s.hand_n,
                              mat_chan=s.mat_chan))
        elif act is Act.CHIU:
            out.append(_score_chiu(s, a, faults))
        elif act is Act.EAT:
            out.append(_score_eat(s, a, faults, penalty, nxt))
        elif act is Act.DRAW or act is Act.PASS:
            out.append(_score_leave(s, a, faults, nxt))
        elif act is Act.DISCARD or act is Act.RETURN:
            target = nxt
            if act is Act.RETURN and s.live is not None:
                x = s.live  # the chíu'd card: R takes its place in the flow (R4.6)
                target = x.cua if x.origin is Origin.DRAW else (x.cua + 1) % s.players
            assert a.card is not None
            z = a.card
            h = H.remove(s.hand, z)
            v = hand_value(s, h, s.hand_n - 1, s.mat_chan, s.mat_ca, after_discard(s.masks, z))
            v -= s.knobs.feed * feed_chance(s, z, target) + penalty
            out.append(Scored(a, v, faults, hand=h, hand_n=s.hand_n - 1, mat_chan=s.mat_chan))
        else:
            out.append(Scored(a, -1.0, faults))
    return out


def _score_chiu(s: Situation, a: Action, faults: tuple[str, ...]) -> Scored:
    live = s.live
    assert live is not None
    x = live.card
    h = H.remove(s.hand, x, 3)
    n = s.hand_n - 3
    target = live.cua if live.origin is Origin.DRAW else (live.cua + 1) % s.players
    v, z = _best_discard(s, h, n, s.mat_chan + 2, s.mat_ca, s.masks, s.masks.disc_ok, target)
    if z is None:
        return Scored(a, -1.0, faults)
    return Scored(a, v + s.knobs.chiu_bonus, faults, Card(z), H.remove(h, z), n - 1,
                  s.mat_chan + 2)


def _score_eat(s: Situation, a: Action, faults: tuple[str, ...], penalty: float,
               nxt: int) -> Scored:
    live = s.live
    assert live is not None and a.card is not None
    x, y = live.card, a.card
    h = H.remove(s.hand, y)
    n = s.hand_n - 1
    chan = x == y
    m = after_eat(s.masks, x, y)
    mat_chan = s.mat_chan + chan
    # after_eat moves disc_ok the way note_eat moves the history discard_faults reads (L14,
    # L16, L17): the clean discards after the eat (tests check it against the engine).
    v, z = _best_discard(s, h, n, mat_chan, s.mat_ca + (not chan), m, m.disc_ok, nxt)
    if z is None:
        return Scored(a, -1.0 - penalty, faults)
    return Scored(a, v - penalty, faults, Card(z), H.remove(h, z), n - 1, mat_chan)


def _score_leave(s: Situation, a: Action, faults: tuple[str, ...], nxt: int) -> Scored:
    """Bốc or dưới: the hand stays; letting an eatable card pass narrows the future (L6–L9)."""
    live = s.live
    m = s.masks
    if live is not None and not s.bao[s.seat] and legal_eats(s.hand, s.hand_n, s.mat_chan,
                                                             live.card):
        m = after_decline(m, s.hand, live.card)
    v = hand_value(s, s.hand, s.hand_n, s.mat_chan, s.mat_ca, m)
    if a.act is Act.PASS and live is not None:
        v -= s.knobs.feed * feed_chance(s, live.card, nxt)
    return Scored(a, v, faults, hand=s.hand, hand_n=s.hand_n, mat_chan=s.mat_chan)


def chances(scored: list[Scored]) -> dict[Action, float]:
    """Each action's value as the chance of ù it stands for, 0 to 1 (what ``judge`` reports
    to the review): a lỗi's cost, a bỏ ù's or a feed's can push a value below 0 and a chíu's
    bonus above 1, which rank moves but are no chance — a move worse than hopeless is
    hopeless, so "value lost" never exceeds the scale it is told on (issue 20)."""
    return {x.action: min(WIN_VALUE, max(0.0, x.value)) for x in scored}


def best(scored: list[Scored]) -> Scored:
    """The clean action with the highest value; if every action is a lỗi, the least bad."""
    clean = [x for x in scored if not x.faults]
    pool = clean or scored
    return max(pool, key=lambda x: x.value)
