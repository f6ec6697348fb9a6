"""The judges of TOTOM T6: which TN and TD cause an action records, and the declines of T4.14.

Each cause is recorded as a ``Violation`` when committed (T6.4), with the event that set it up
(``cause_event``: the decline behind a TD6 or a TD4, the first discard behind a TD2, the card
whose window a TD7 let pass), and matters only if that seat declares ù later in the game
(engine/totom/verdict.py). ``faults`` answers for an action not yet applied: teaching mode warns
with it, strict mode refuses with it, and the game records what it returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.actions import Act, Action
from engine.events import Origin, Violation
from engine.game import Phase
from engine.totom.actions import TomAction
from engine.totom.call import CallJudgement, CallToken, call_for, judge_call
from engine.totom.cards import YEU, Card
from engine.totom.eats import eat_options, run_pairs
from engine.totom.history import TomHistory
from engine.totom.judged import Constraints, judged_arrangement
from engine.totom.mat import extends_run
from engine.totom.melds import GroupType, classify
from engine.totom.position import MatMeld, Position
from engine.totom.win import wins

if TYPE_CHECKING:
    from engine.totom.seats import TomSeats, WinState

# T4.13: the spare cards of a bất thực that may be discarded.
SPARES = {3: 1, 4: 2}
_PHU = (GroupType.BI, GroupType.DOC, GroupType.SP, GroupType.GIONG)


def violation(rule: str, seat: int, card: Card, event: int,
              cause: int | None = None) -> Violation[Card]:
    """One cause of T6, as the game records it."""
    return Violation(rule, seat, card, event, cause)


class Decline(NamedTuple):
    """What a decline forbids from now on (T4.14)."""

    kind: Card
    pairs: tuple[tuple[Card, Card], ...]  # hand pairs that made a three-card run with it
    runs: tuple[int, ...]  # ids of the mat runs it extended
    phong: bool  # a pair was held: discarding both is TD4


def faults(game: TomSeats, a: Action[Card]) -> list[Violation[Card]]:
    """Every TN and TD cause ``a`` would record now, for its own seat (T6.2, T6.3)."""
    act, seat = a.act, a.seat
    event = len(game.record)
    if act is Act.DECLINE:
        return _decline_faults(game, seat, event)
    if act in (Act.DRAW, Act.PASS):
        return _leave_faults(game, seat, event)
    if act in (Act.DISCARD, Act.RETURN) and a.card is not None:
        return _discard_faults(game, seat, a.card, event)
    if act is Act.EAT:
        return _eat_faults(game, a, event)
    if act is Act.PHONG:
        return _taken_declined(game, seat, event)
    if act is Act.WIN:
        return _win_faults(game, a, event)
    if act is Act.CALL:
        return _call_faults(game, a, event)
    return []


def _decline_faults(game: TomSeats, seat: int, event: int) -> list[Violation[Card]]:
    """Letting the opening step or a claim pass: TN2 (T4.1, T4.2), TD7 (T4.8, T4.13), TD5
    (T4.12, any_cua)."""
    phase = game.phase
    if phase is Phase.LAY:
        return [violation("TN2", seat, k, event) for k in game.triples(seat)]
    if phase is Phase.SHOW:
        return [violation("TN2", seat, m.kind, event) for m in game.face_down(seat, 4)]
    live = game.live
    if phase is not Phase.CLAIM or live is None or game.actor != seat:
        return []
    claim = game.claims[game.claim_pos]
    if claim.act is Act.DAY_KHAN or (claim.act is Act.PHONG
                                     and game.obliged_phong(seat, live.card)):
        return [violation("TD7", seat, live.card, event, live.event)]
    if claim.act is Act.HA_TRUNG:
        return [violation("TD5", seat, live.card, event, live.event)]
    return []


def _leave_faults(game: TomSeats, seat: int, event: int) -> list[Violation[Card]]:
    """Drawing or dưới leaves the live card: TD5 (no hạ trùng), TD7 (the phỗng owed under
    khàn bất thực), TD10 (a yêu not eaten)."""
    live = game.live
    if live is None or live.final or live.origin is Origin.REVEAL or seat != game.entitled:
        return []
    x = live.card
    out = []
    if game.ha_trung_runs(seat, x):
        out.append(violation("TD5", seat, x, event, live.event))
    if game.obliged_phong(seat, x):
        out.append(violation("TD7", seat, x, event, live.event))
    if x in YEU and _can_eat_yeu(game, seat, x):
        out.append(violation("TD10", seat, x, event, live.event))
    return out


def _can_eat_yeu(game: TomSeats, seat: int, x: Card) -> bool:
    """T4.10: the yêu can be eaten and something other than a yêu is left to discard
    [decision: a duty that forces TD9 next is no duty]."""
    hand = game.hand[seat]
    for cards, _ in eat_options(hand, game.mats[seat], x, without_copies=False):
        left = list(hand)
        for c in cards:
            left[c] -= 1
        if any(n for k, n in enumerate(left) if Card(k) not in YEU):
            return True
    return False


def _discard_faults(game: TomSeats, seat: int, b: Card, event: int) -> list[Violation[Card]]:
    """T4.11: TD9 (a yêu), TD3 (a mat card, or a bất thực card beyond its spares), TD4 (both
    of a pair whose phỗng was declined), TD2 (two cards of a phu with a taken card); and at
    the seat's first discard, TN2 for what the opening left in the hand (T4.1, T4.2)."""
    hist = game.hist[seat]
    out = []
    if b in YEU:
        out.append(violation("TD9", seat, b, event))
    held = game.hand[seat][b] > 0
    bt = game.bat_thuc[seat].get(b)
    if not held or (bt is not None and bt.discarded >= SPARES[bt.size]):
        out.append(violation("TD3", seat, b, event, None if not held else bt.event
                             if bt is not None else None))
    declined = hist.declined_phong.get(b)
    if declined is not None and hist.discarded_since(b, declined) >= 1:
        out.append(violation("TD4", seat, b, event, declined))
    for x, taken in hist.taken:
        hit = next((e for a, e in hist.discards if e > taken and _makes_phu(x, a, b)), None)
        if hit is not None:
            out.append(violation("TD2", seat, b, event, hit))
            break
    if not hist.unlaid_judged:
        out += [violation("TN2", seat, k, event) for k in hist.unlaid]
        if game.phase is Phase.OPENING:  # the cái shows its thiên khai before discarding
            out += [violation("TN2", seat, m.kind, event) for m in game.face_down(seat, 4)]
    return out


def _makes_phu(x: Card, a: Card, b: Card) -> bool:
    found = classify((x, a, b))
    return found is not None and found[0] in _PHU


def _eat_faults(game: TomSeats, a: Action[Card], event: int) -> list[Violation[Card]]:
    """T4.6 H1: a copy of X kept in the hand is TN2; T4.14: eating what was declined is
    TD6."""
    live = game.live
    if live is None:
        return []
    cards: tuple[Card, ...] = getattr(a, "cards", ())
    onto: int | None = getattr(a, "onto", None)
    seat, x = a.seat, live.card
    out = []
    if game.hand[seat][x] > cards.count(x):
        out.append(violation("TN2", seat, x, event))
    hist = game.hist[seat]
    cause = _declined_kind(game, seat, x)
    if cause is None:
        cause = next((e for (p, q), e in hist.declined_pairs.items()
                      if p in cards and q in cards), None)
    if cause is None and onto is not None and 0 <= onto < len(game.mats[seat]):
        cause = hist.declined_runs.get(game.mats[seat][onto].id)
    if cause is not None:
        out.append(violation("TD6", seat, x, event, cause))
    return out


def _taken_declined(game: TomSeats, seat: int, event: int) -> list[Violation[Card]]:
    """T4.14: a phỗng of a kind declined before is TD6."""
    live = game.live
    if live is None:
        return []
    cause = _declined_kind(game, seat, live.card)
    return [] if cause is None else [violation("TD6", seat, live.card, event, cause)]


def _declined_kind(game: TomSeats, seat: int, x: Card) -> int | None:
    """The decline that forbids taking ``x`` now (T4.14), if any. A yêu at one's own cửa is
    exempt: T4.10 obliges the seat to eat it, so eating it cannot also be "bỏ rồi lại ăn"
    [decision: the duty prevails over the decline, else a seat that let an optional phỗng of
    a yêu pass would owe a TD10 or a TD6 when the kind next comes to it]."""
    if x in YEU and seat == game.entitled:
        return None
    return game.hist[seat].declined_kinds.get(x)


def winning_card(game: TomSeats, seat: int) -> Card | None:
    """W if ``seat`` declared ù now: the live card, or None before the first discard."""
    live = game.live
    return None if game.phase is Phase.OPENING or live is None else live.card


def _win_faults(game: TomSeats, a: Action[Card], event: int) -> list[Violation[Card]]:
    """T5.2, T5.6: TD1 (no winning arrangement, or none that fits the phỗng statement), TN7
    (two cards like W held and no statement)."""
    seat = a.seat
    phong: bool | None = getattr(a, "phong", None)
    w = winning_card(game, seat)
    position = game.position(seat)
    named = w if w is not None else winning_named(game, seat)
    offered = game.phase is Phase.OPENING or (
        game.phase is Phase.CLAIM and game.claim_of(seat, Act.WIN))
    if not offered or not wins(position, w, game.rules):
        return [violation("TD1", seat, named, event)]  # T5.1, T5.2: no ù to declare
    if w is None:
        return []
    if phong is None:
        if game.hand[seat][w] >= 2:
            return [violation("TN7", seat, w, event)]
        return []
    if not wins(position, w, game.rules, phong):
        return [violation("TD1", seat, w, event)]
    return []


def winning_named(game: TomSeats, seat: int) -> Card:
    """The card an annotation of a thiên ù names: card A, or the first card of the cái."""
    return game.deal.a if game.deal.a is not None else game.position(seat).cards()[0]


def judging_position(position: Position) -> Position:
    """The position the call is judged on: a face-down thiên khai is never "turned up" in the
    call, only a khàn is [decision: T5.8 names dậy khàn; a thiên khai not shown in time is
    already TN2]."""
    if not any(m.face_down and len(m.cards) == 4 for m in position.mat):
        return position
    mat = tuple(MatMeld(m.cards, m.trung, m.face_down and len(m.cards) == 3)
                for m in position.mat)
    return Position(position.hand, mat, position.bat_thuc)


def judge(game: TomSeats, win: WinState, tokens: tuple[CallToken, ...]) -> CallJudgement | None:
    """T7.6 on the call (None: the hand does not win, TD1)."""
    seat = win.seat
    return judge_call(tokens, judging_position(win.position), win.card, game.rules,
                      phong=win.phong, thong=seat == game.thong_seat,
                      bat_thuc_discarded={k: b.discarded for k, b in game.bat_thuc[seat].items()})


def _call_faults(game: TomSeats, a: Action[Card], event: int) -> list[Violation[Card]]:
    """T7.6: TD8 (an over-call), TN4, TN5, TN8 (the khàn and bất thực of the call), TN6 (bất
    thực một cục in the judged arrangement)."""
    win = game.win_state()
    if win is None:
        return []
    tokens: tuple[CallToken, ...] = getattr(a, "tokens", ())
    found = judge(game, win, tokens)
    if found is None:
        return []
    seat = win.seat
    named = win.card if win.card is not None else winning_named(game, seat)
    out = []
    if found.over:
        out.append(violation("TD8", seat, named, event))
    for (rule, _), kind in zip(found.procedure, found.procedure_cards, strict=True):
        out.append(violation(rule, seat, kind if kind is not None else named, event))
    if found.judged.arrangement.mot_cuc:
        kind = min(game.bat_thuc[seat], default=named)
        out.append(violation("TN6", seat, kind, event))
    return out


def decline_of(game: TomSeats, seat: int) -> Decline | None:
    """T4.14: leaving the live card now is a decline when the seat could have eaten it with
    an eat that records no offence, or phỗng'd it."""
    live = game.live
    if live is None or live.final or live.origin is Origin.REVEAL or seat != game.entitled:
        return None
    x = live.card
    hand = game.hand[seat]
    phong = hand[x] >= 2 and game.hand_n[seat] > hand[x]
    mats = game.mats[seat]
    if not phong:
        clean = any(not _eat_faults(game, TomAction(seat, Act.EAT, cards=cards, onto=onto), 0)
                    for cards, onto in eat_options(hand, mats, x, without_copies=False))
        if not clean:
            return None
    return Decline(x, tuple(run_pairs(hand, x)),
                   tuple(m.id for m in mats if extends_run(m, x)), phong)


def note_decline(hist: TomHistory, declined: Decline, event: int) -> None:
    """Keep what a decline forbids (T4.14), each with its first declining event."""
    hist.declined_kinds.setdefault(declined.kind, event)
    for pair in declined.pairs:
        hist.declined_pairs.setdefault(pair, event)
    for run in declined.runs:
        hist.declined_runs.setdefault(run, event)
    if declined.phong:
        hist.declined_phong.setdefault(declined.kind, event)


def note_declined_phong(hist: TomHistory, kind: Card, event: int) -> None:
    """A phỗng let pass at another seat's cửa (T4.14): the kind, and TD4's pair."""
    hist.declined_kinds.setdefault(kind, event)
    hist.declined_phong.setdefault(kind, event)


def true_tokens(game: TomSeats) -> tuple[CallToken, ...]:
    """T5.8, T7.5: the winner's face-down khàn turned up, its bất thực reported, and the
    cước of the judged arrangement (T5.3) in canonical order."""
    win = game.win_state()
    if win is None:
        return ()
    seat = win.seat
    position = judging_position(win.position)
    out = [CallToken("khan", m.cards[0]) for m in position.mat if m.face_down]
    out += [CallToken("bat_thuc", k, min(b.discarded, SPARES[b.size]))
            for k, b in sorted(game.bat_thuc[seat].items()) if k in position.bat_thuc]
    judged = judged_arrangement(position, win.card, game.rules, Constraints(win.phong),
                                thong=seat == game.thong_seat)
    if judged is not None:
        out += call_for(judged.cuoc, game.rules.players)
    return tuple(out)
