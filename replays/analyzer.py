"""The analyzer (RULES R10): a record in, for each game the setup, the result and every
annotation out, as FORMATS.md's ``analyze --json`` document.

Everything is judged by the engine while it replays the record; this module only collects
the engine's facts (the game log, the outcome, the call verdict, the settlement, each seat's
history) into annotations, and adds the teaching notes of replays.notes.
"""

from __future__ import annotations

from typing import Any

from engine import __version__ as ENGINE_VERSION
from engine.actions import Act
from engine.chan import ChanGame as Game
from engine.chan import Payout, in_order, total
from engine.events import BecameBao, Declined, EndKind, Played, Violation
from replays import messages as M
from replays.games import GameWatcher, record_game
from replays.rebuild import Watcher, replay_session
from replays.record import SessionRecord

Doc = dict[str, Any]

# What a cached document was made by (the analysis cache key, replays/store.py): the engine's
# version and this analyzer's revision. Bump the revision whenever a document would change
# (a new annotation, a reworded message), so documents cached earlier are made again.
# 3: issue 14 — a chance to chíu ù let pass is one missed ù (no missed chíu beside it), and a
# record ending on the nọc-stop card (or its drawer's dưới) is a drawn game.
ANALYZER_REVISION = 3
ANALYSIS_VERSION = f"{ENGINE_VERSION}+analysis.{ANALYZER_REVISION}"
Annotation = dict[str, Any]


def is_note(annotation: Annotation) -> bool:
    """A teaching note (``note_*``, replays.notes): never an error, never counted as one."""
    return str(annotation.get("kind", "")).startswith("note_")


def analyze_session(record: SessionRecord, rules: Any = None) -> list[Doc]:
    """One document per game of the session, ``index`` counted from 0 (BadRecord if a
    record holds an impossible event); each game's document is its game's (replays.games:
    this module's for Chắn, replays.tom_analyzer's for Tổ tôm)."""
    kind = record_game(record.game)
    notes: list[GameWatcher] = []

    def watch(_: int) -> Watcher:
        notes.append(kind.notes())
        return notes[-1]

    replay = replay_session(record, rules, watch)
    return [kind.document(i, game, n.items, before, result)
            for i, (game, n, before, result)
            in enumerate(zip(replay.games, notes, replay.before, replay.results, strict=True))]


def game_document(index: int, game: Game, notes: list[Annotation] | None = None) -> Doc:
    """FORMATS.md's document of one replayed game."""
    return {"index": index, "setup": setup(game), "result": result(game),
            "annotations": game_annotations(game, notes or [])}


def setup(game: Game) -> Doc:
    """Who picked, the quân cái and who got it, the hands and the nọc (top first)."""
    deal = game.deal
    out: Doc = {"picker": deal.picker,
                "cai_card": None if deal.cai_card is None else str(deal.cai_card),
                "cai_seat": deal.cai_seat,
                "hands": [[str(c) for c in hand] for hand in deal.hands],
                "noc": [str(c) for c in deal.noc]}
    if deal.dead:
        out["dead"] = [str(c) for c in deal.dead]
    return out


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def result(game: Game) -> Doc:
    """The end of the game: kind, winner, cước, call, score, payout and settlement."""
    outcome, settlement, verdict = game.outcome, game.settlement, game.verdict
    players = game.players
    out: Doc = {"kind": "unfinished", "winner": None, "winning_card": None,
                "events": len(game.record), "cuoc": [], "call": [], "score": 0,
                "true_score": 0, "ga": 0, "payout": None, "settlement": [0] * players}
    if outcome is None:
        return out
    if outcome.kind is not EndKind.DRAW:
        out["winner"] = outcome.winner
        out["winning_card"] = None if outcome.card is None else str(outcome.card)
    out["cuoc"] = [[cid, n] for cid, n in game.true_call()]
    if not game.is_over:
        return out  # won, not yet called
    out["kind"] = "draw" if outcome.kind is EndKind.DRAW else "win"
    if verdict is not None:
        out["call"] = [[cid, n] for cid, n in verdict.call]
    if settlement is not None:
        out["score"] = settlement.score
        out["true_score"] = settlement.true_score
        out["ga"] = settlement.ga
        out["payout"] = None if settlement.payout is Payout.NONE else settlement.payout.value
        out["settlement"] = [_number(t) for t in settlement.transfers]
    return out


def _ann(event: int, seat: int, kind: str, text: tuple[str, str], **facts: Any) -> Annotation:
    return {"event": event, "seat": seat, "kind": kind, **facts,
            "message": text[0], "message_en": text[1]}


def game_annotations(game: Game, notes: list[Annotation]) -> list[Annotation]:
    """Every annotation of FORMATS.md, by event (stable: the engine's order within an event)."""
    out: list[Annotation] = []
    placed: dict[int, str] = {}
    live = game.live  # a drawn game's last card is the nọc-stop card (R4.9)
    stop = live.event if live is not None and live.final and game.outcome is not None \
        and game.outcome.kind is EndKind.DRAW else None
    for ev in game.log:
        if type(ev) is Played:  # most of the log; nothing to say about a move by itself
            continue
        if isinstance(ev, Violation):
            out.append(_violation(ev))
        elif isinstance(ev, BecameBao):
            out.append(_ann(ev.event, ev.seat, "bao", M.bao_text(ev.rule), rule=ev.rule))
        elif isinstance(ev, Declined):
            if ev.card is None:  # a thiên ù let pass: the cái recipient discarded instead
                placed[ev.event] = "thiên ù"
                out.append(_ann(ev.event, ev.seat, "missed_u", M.engine_text("bo_u", "thiên ù"),
                                card=None, thien_u=True))
                continue
            card = str(ev.card)
            placed[ev.event] = card
            if ev.act is Act.WIN:
                # on the stop card of a drawn game: nothing moved since, the hand is as it was
                text = M.engine_text("bo_u", card) if ev.event != stop else M.stop_u_text(
                    card, game.hand_count(ev.seat, ev.card) == 3)
                out.append(_ann(ev.event, ev.seat, "missed_u", text, card=card))
            else:
                out.append(_ann(ev.event, ev.seat, "missed_chiu",
                                M.engine_text("missed_chiu", card), card=card))
    out.extend(_end(game, placed))
    out.extend(notes)
    out.sort(key=lambda a: a["event"])
    return out


def _violation(v: Violation) -> Annotation:
    card = str(v.card)
    facts: dict[str, Any] = {"rule": v.rule, "card": card}
    if v.cause_event is not None:
        facts["cause_event"] = v.cause_event
    return _ann(v.event, v.seat, "violation", M.rule_text(v.rule, card), **facts)


def _end(game: Game, placed: dict[int, str]) -> list[Annotation]:
    """The annotations at the ``win`` event (ù láo, ù báo, nghỉ ăn tiền, bỏ ù) and at the
    ``call`` event (the verdict's faults)."""
    outcome, settlement, verdict = game.outcome, game.settlement, game.verdict
    if outcome is None or outcome.winner is None or outcome.win_event is None:
        return []
    seat, at = outcome.winner, outcome.win_event
    card = None if outcome.card is None else str(outcome.card)
    if outcome.kind is EndKind.U_LAO:
        return [_ann(at, seat, "u_lao", M.engine_text("u_lao", card or "thiên ù"), card=card)]
    hist = game.hist[seat]
    faults = [v for v in hist.faults if v.event < at]
    out: list[Annotation] = []
    payout = None if settlement is None else settlement.payout
    if payout is Payout.U_BAO and settlement is not None:
        rules = list(settlement.rules)  # the rules that decided it
        bad = [v for v in faults if v.rule in rules]
        out.append(_ann(at, seat, "u_bao", M.u_bao_text(rules, settlement.penalty),
                        rules=rules, cause_event=min(v.event for v in bad),
                        penalty=settlement.penalty))
    if payout is Payout.NGHI_AN_TIEN and settlement is not None:
        reasons = list(settlement.rules)  # the rules that decided it, "bo_u" last
        causes = [v.event for v in faults if v.rule in reasons] + list(hist.bo_u)
        out.append(_ann(at, seat, "nghi_an_tien", M.nghi_text(reasons), reasons=reasons,
                        cause_event=min(causes)))
    if hist.bo_u:
        first = hist.bo_u[0]
        out.append(_ann(at, seat, "bo_u", M.bo_u_text(placed.get(first, "?")),
                        cause_event=first))
    if verdict is None:
        return out
    call_at = next(i for i in range(len(game.record) - 1, -1, -1)
                   if game.record[i].act is Act.CALL)
    penalty = 0 if settlement is None else settlement.penalty
    if verdict.wrong:
        cuoc = [(f.cuoc, f.count) for f in verdict.wrong]
        out.append(_ann(call_at, seat, "call_wrong", M.call_wrong_text(cuoc, penalty),
                        cuoc=[list(c) for c in cuoc], reasons=[f.reason for f in verdict.wrong],
                        penalty=penalty))
    if verdict.missing:
        missing = list(verdict.missing)
        lost = max(0, total(verdict.true, game.rules) - total(verdict.call, game.rules))
        out.append(_ann(call_at, seat, "call_missing", M.call_missing_text(missing, lost),
                        cuoc=[list(c) for c in missing], lost=lost))
    if verdict.misplaced:
        expected = list(in_order(verdict.call))
        out.append(_ann(call_at, seat, "call_order", M.call_order_text(expected),
                        misplaced=list(verdict.misplaced),
                        expected=[list(c) for c in expected]))
    if verdict.bach_thu_not_called is not None:
        cid = verdict.bach_thu_not_called.cuoc
        out.append(_ann(call_at, seat, "bach_thu_not_called", M.bach_thu_text(cid),
                        cuoc=[[cid, 1]]))
    return out
