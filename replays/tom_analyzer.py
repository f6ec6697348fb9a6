"""The analyzer of a Tổ tôm game (TOTOM T10, FORMATS "Tổ tôm records"): a replayed game in,
FORMATS' ``analyze --json`` document out — the setup, the result with the verdict, the judged
arrangement, the true cước beside the call, the hội's pool and debts, and every annotation.

Everything is judged by the engine while it replays the record (engine.totom: the offences
TN1–TN8 and TD1–TD10 as they were committed, the claims let pass, the verdict and the call's
judgement); the hội's pool and debts come from its session (replays.rebuild). This module
collects those facts into annotations; ``TomNotes`` watches the replay for what the engine
keeps but does not log as an event — each decline and what it forbids (T4.14) — and adds the
teaching notes (waits with their names, T5.5; an eat that broke a wait).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Act
from engine.events import Declined, EndKind, Played, Violation
from engine.session import GameResult
from engine.totom import (
    CallToken,
    TomGame,
    TomPayout,
    TomSettlement,
    Verdict,
    cai_ring_index,
    canonical,
    cho_cai_count,
    named_waits,
)
from replays import tom_messages as M
from replays.record import Carried

Doc = dict[str, Any]
Annotation = dict[str, Any]


def _ann(event: int, seat: int, kind: str, text: tuple[str, str], **facts: Any) -> Annotation:
    return {"event": event, "seat": seat, "kind": kind, **facts,
            "message": text[0], "message_en": text[1]}


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def game_document(index: int, game: TomGame, notes: list[Annotation], before: Carried | None,
                  result: GameResult | None) -> Doc:
    """FORMATS' document of one replayed Tổ tôm game; ``before`` is the hội's pool and debts
    before it, ``result`` what the game gave the hội (None: not over)."""
    return {"index": index, "setup": setup(game), "result": result_of(game, before, result),
            "annotations": game_annotations(game, notes)}


def setup(game: TomGame) -> Doc:
    """T2.5: the cái, cards A and B, the pile the cái took (piles form), the hands, the nọc."""
    deal = game.deal
    pile = None
    source = deal.source
    if source is not None:
        r = cho_cai_count(source.a, source.b_card, deal.players, game.rules.cai_mod)
        ring = source.ring
        pile = ring[cai_ring_index(source.khe, r, deal.players)]
    return {"cai_seat": deal.cai_seat,
            "a": None if deal.a is None else str(deal.a),
            "b": None if deal.b is None else str(deal.b),
            "cai_pile": pile,
            "hands": [[str(c) for c in hand] for hand in deal.hands],
            "noc": [str(c) for c in deal.noc]}


def result_of(game: TomGame, before: Carried | None, result: GameResult | None) -> Doc:
    """The end of the game (FORMATS): kind, winner, W, the verdict, the judged arrangement,
    the true cước, the call as said, the scores, the pool and the debts; for a kê its seat."""
    pool_before = None if before is None else before.pool
    debts_before = () if before is None else before.debts
    payout = result.payout if result is not None else None
    out: Doc = {"kind": "unfinished", "winner": None, "winning_card": None,
                "events": len(game.record), "verdict": None, "arrangement": None,
                "cuoc": [], "call": [], "score": 0, "true_score": 0,
                "pool": {"before": None if pool_before is None else _number(pool_before),
                         "after": None},
                "debts": list(debts_before), "ke_seat": None}
    if isinstance(payout, TomPayout):
        out["pool"] = {"before": _number(payout.pool_before),
                       "after": _number(payout.pool_after)}
        out["debts"] = list(payout.debts)
    outcome, settlement = game.outcome, game.settlement
    if outcome is None:
        return out
    if outcome.kind is EndKind.DRAW:
        out["kind"] = "draw"
        if isinstance(settlement, TomSettlement):
            out["ke_seat"] = settlement.ke_seat
        if payout is None:
            out["pool"]["after"] = out["pool"]["before"]
        return out
    out["winner"] = outcome.winner
    out["winning_card"] = None if outcome.card is None else str(outcome.card)
    out["cuoc"] = [[cid, n] for cid, n in game.true_call()]
    if not game.is_over or not isinstance(settlement, TomSettlement):
        return out  # won, not yet called
    out["kind"] = "win"
    out["verdict"] = payout.verdict if isinstance(payout, TomPayout) else settlement.verdict.value
    if settlement.arrangement is not None:
        out["arrangement"] = settlement.arrangement.to_json()
    out["call"] = [t.to_json() for t in settlement.call]
    out["score"] = settlement.score if settlement.verdict is Verdict.PAID else 0
    out["true_score"] = settlement.true_score
    return out


def game_annotations(game: TomGame, notes: list[Annotation]) -> list[Annotation]:
    """Every annotation of FORMATS' Tổ tôm section, by event (stable within an event)."""
    out: list[Annotation] = []
    live = game.live  # a kê's last card (T2.8)
    last = live.event if live is not None and live.final and game.outcome is not None \
        and game.outcome.kind is EndKind.DRAW else None
    for ev in game.log:
        if type(ev) is Played:
            continue
        if isinstance(ev, Violation):
            out.append(_offence(ev, game))
        elif isinstance(ev, Declined):
            card = None if ev.card is None else str(ev.card)
            if ev.act is Act.WIN:
                facts: dict[str, Any] = {"card": card}
                if card is None:
                    facts["thien_u"] = True
                out.append(_ann(ev.event, ev.seat, "missed_u",
                                M.missed_u_text(card, ev.event == last), **facts))
            elif ev.act is Act.PHONG and card is not None:
                out.append(_ann(ev.event, ev.seat, "missed_phong",
                                M.rule_text("missed_phong", card), card=card))
            # a dậy khàn or a hạ trùng let pass is the offence TD7 or TD5, logged as such
    out.extend(_call(game))
    out.extend(notes)
    out.sort(key=lambda a: a["event"])
    return out


def _offence(v: Violation[Any], game: TomGame) -> Annotation:
    card = str(v.card)
    facts: dict[str, Any] = {"rule": v.rule, "card": card}
    if v.cause_event is not None:
        facts["cause_event"] = v.cause_event
    return _ann(v.event, v.seat, "offence", M.offence_text(v.rule, card, game.rules), **facts)


def _call(game: TomGame) -> list[Annotation]:
    """T7.6 at the ``call`` event: over, under, order, procedure."""
    settlement = game.settlement
    if not isinstance(settlement, TomSettlement) or settlement.judgement is None \
            or settlement.winner is None:
        return []
    found, seat, call = settlement.judgement, settlement.winner, settlement.call
    at = next(i for i in range(len(game.record) - 1, -1, -1) if game.record[i].act is Act.CALL)
    out: list[Annotation] = []
    if found.over:
        tokens = [call[i] for i, _ in found.over]
        reasons = [r for _, r in found.over]
        out.append(_ann(at, seat, "call_over", M.call_over_text(tokens, reasons),
                        tokens=[t.to_json() for t in tokens], reasons=reasons))
    if found.under:
        under = [[c, n] for c, n in _in_order(found.under)]
        out.append(_ann(at, seat, "call_under",
                        M.call_under_text(under, max(0, found.true_score - found.score)),
                        cuoc=under, lost=max(0, found.true_score - found.score)))
    if found.misplaced:
        expected = canonical(call)
        counted = game.rules.call_order != "unpaid"
        out.append(_ann(at, seat, "call_order", M.call_order_text(expected, counted),
                        misplaced=list(found.misplaced),
                        expected=[t.to_json() for t in expected]))
    if found.procedure:
        rules = [r for r, _ in found.procedure]
        out.append(_ann(at, seat, "call_procedure", M.call_procedure_text(rules), rules=rules,
                        cards=[None if k is None else str(k) for k in found.procedure_cards],
                        positions=[i for _, i in found.procedure]))
    return out


def _in_order(cuoc: dict[str, int]) -> list[tuple[str, int]]:
    """Cước in the call's canonical order (T7.5)."""
    tokens = canonical(CallToken(c, None, n) for c, n in cuoc.items())
    return [(t.cuoc or t.name, t.count) for t in tokens]


class TomNotes:
    """A Watcher (replays.rebuild) of one Tổ tôm game: each decline and what it forbids
    (T4.14), the waits of a seat's position once its turn is over (T5.5: after its discard
    or trả cửa, its position holds until its next turn, and it may win on any card placed
    meanwhile), and an eat after which the position waits on nothing (T10: a yêu drawn that
    broke a wait)."""

    __slots__ = ("_bans", "_live", "_pending", "items")

    def __init__(self) -> None:
        self.items: list[Annotation] = []
        self._bans: list[tuple[frozenset[Any], ...]] = []
        self._live: Any = None
        # seat → (its eat, its waits before, the card eaten, whether it is a yêu)
        self._pending: dict[int, tuple[int, list[str], str, bool]] = {}

    def before(self, game: TomGame, index: int, action: Any) -> None:
        """Remember each seat's bans and the live card; before an eat, the eater's waits."""
        self._bans = [_bans(h) for h in game.hist]
        self._live = game.live
        seat = action.seat
        if action.act is Act.EAT and 0 <= seat < game.players and game.live is not None:
            found = game.waits(seat)
            if found:
                x = game.live.card
                self._pending[seat] = (index, [str(c) for c in found], str(x), x.is_yeu)

    def after(self, game: TomGame, index: int, action: Any, events: list[Any]) -> None:
        """A decline made by this event; after a discard or trả cửa, the seat's waits, and
        whether the eat before it lost a wait."""
        for seat, hist in enumerate(game.hist):
            if seat < len(self._bans) and _bans(hist) != self._bans[seat]:
                self._declined(game, seat, index)
        if action.act not in (Act.DISCARD, Act.RETURN) or not 0 <= action.seat < game.players:
            return
        seat = action.seat
        found = named_waits(game.position(seat), game.rules) if game.waits(seat) else ()
        if found:
            waits = [(str(w.card), sorted(str(n) for n in w.names), w.unseen) for w in found]
            self.items.append(_ann(index, seat, "note_waits", M.waits_text(waits),
                                   waits=[{"card": c, "names": names, "unseen": u}
                                          for c, names, u in waits]))
        if seat in self._pending:
            eat, before, card, yeu = self._pending.pop(seat)
            if not found:
                self.items.append(_ann(eat, seat, "note_broke_wait",
                                       M.broke_text(card, before, yeu), card=card,
                                       waits_before=before))

    def _declined(self, game: TomGame, seat: int, index: int) -> None:
        """T4.14: what the seat's decline at ``index`` forbids from now on."""
        hist = game.hist[seat]
        kinds, pairs, runs, phong = self._bans[seat]
        live = self._live
        new_kinds = [k for k in hist.declined_kinds if k not in kinds]
        new_phong = [k for k in hist.declined_phong if k not in phong]
        card = live.card if live is not None else (new_kinds or new_phong)[0]
        new_pairs = [[str(a), str(b)] for (a, b) in hist.declined_pairs if (a, b) not in pairs]
        mats = {m.id: m for m in game.mats[seat]}
        new_runs = [[str(c) for c in mats[i].all_cards] for i in hist.declined_runs
                    if i not in runs and i in mats]
        cause = max([e for k, e in hist.declined_kinds.items() if k not in kinds]
                    + [e for k, e in hist.declined_phong.items() if k not in phong]
                    + [e for p, e in hist.declined_pairs.items() if p not in pairs]
                    + [e for r, e in hist.declined_runs.items() if r not in runs], default=index)
        code = str(card)
        discard_both = bool(new_phong)  # a pair was held: both may not go (TD4)
        self.items.append(_ann(
            live.event if live is not None else index, seat, "declined",
            M.declined_text(code, new_pairs, new_runs, discard_both), card=code,
            cause_event=cause,
            forbids={"kind": code, "pairs": new_pairs, "runs": new_runs,
                     "discard_both": discard_both}))


def _bans(hist: Any) -> tuple[frozenset[Any], ...]:
    """What a seat's declines forbid so far (engine.totom's history of T4.14)."""
    return (frozenset(hist.declined_kinds), frozenset(hist.declined_pairs),
            frozenset(hist.declined_runs), frozenset(hist.declined_phong))
