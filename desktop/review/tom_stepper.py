"""Stepping through a saved Tổ tôm game: what each event did, and the TomView of each moment
filled from the replayed game (desktop.chieu.tom_view's docstring: the engine's mats, cửa,
live card and deal; the hội's pool, totals and debts; at the ù the judged arrangement, the
call as said and the verdict, all computed by the engine).
"""

from __future__ import annotations

from typing import Any

from desktop.chieu.labels import Lang
from desktop.chieu.tom_view import Hoi, Lay, Live, TomMeld, TomResult, TomView, arranged, mat_meld
from desktop.i18n import amount, pick
from desktop.review.stepper import Steps
from desktop.review.tom_replay import TomOpened, is_error
from engine.events import EndKind
from engine.game import Phase
from engine.totom import (
    Arrangement,
    MeldOrigin,
    SeatMeld,
    TomGame,
    TomSettlement,
    judged_arrangement,
    say,
)
from replays.games import record_game

# What the seat whose turn it is decides, as desktop.chieu.labels names it.
DOING = {Phase.LAY: "tphase_opening", Phase.SHOW: "tphase_opening",
         Phase.OPENING: "phase_opening", Phase.CLAIM: "tphase_claim", Phase.PLAY: "phase_play",
         Phase.DISCARD: "phase_discard", Phase.RETURN: "phase_return", Phase.CALL: "phase_call",
         Phase.OVER: "phase_over"}
GIONG = {MeldOrigin.KHAN: Lay.KHAN, MeldOrigin.THIEN_KHAI: Lay.THIEN_KHAI}  # else phỗng


def meld_view(meld: SeatMeld, seen: bool) -> TomMeld:
    """One mat meld as it lies (T3.8); a broken one (TD3) lies loose, side by side."""
    if meld.broken:
        return TomMeld(Lay.BI, meld.all_cards)
    return mat_meld(meld.mat_meld(), GIONG.get(meld.origin, Lay.PHONG), seen)


def won_arrangement(opened: TomOpened, game: TomGame) -> Arrangement | None:
    """The arrangement the làng takes for the ù shown (T5.3): the one the engine judged at
    the call, or — the call not recorded — judged from the position before the ù."""
    final = opened.final.settlement
    if isinstance(final, TomSettlement) and final.arrangement is not None:
        return final.arrangement
    outcome = game.outcome
    if outcome is None or outcome.winner is None or outcome.win_event is None:
        return None
    before = opened.states[outcome.win_event]
    judged = judged_arrangement(before.position(outcome.winner), outcome.card, before.rules,
                                thong=before.thong_seat == outcome.winner)
    return None if judged is None else judged.arrangement


def result_view(opened: TomOpened, game: TomGame) -> TomResult | None:
    """The ù (its judged arrangement, and once called the call and the verdict) or the kê."""
    outcome = game.outcome
    if outcome is None:
        return None
    if outcome.kind is EndKind.DRAW:
        return TomResult(winner=-1)
    if outcome.winner is None:
        return None
    found = won_arrangement(opened, game)
    settlement = game.settlement if game.is_over else None
    called = isinstance(settlement, TomSettlement) and settlement.winner is not None
    return TomResult(
        winner=outcome.winner, groups=() if found is None else arranged(found), w=outcome.card,
        call=say(settlement.call) if called and isinstance(settlement, TomSettlement) else "",
        score=settlement.score if called and isinstance(settlement, TomSettlement) else None,
        verdict=settlement.verdict.value if called and isinstance(settlement, TomSettlement)
        and settlement.verdict.value in ("paid", "unpaid", "cheo_do") else "")


def hoi_view(opened: TomOpened, position: int) -> Hoi:
    """The hội on the scoreboard (T8): the pool, each seat's total and debt at ``position``."""
    game = opened.states[position]
    result = opened.doc.get("result", {})
    pool = result.get("pool", {}) if isinstance(result, dict) else {}
    over = game.is_over
    left = pool.get("after") if over else pool.get("before")
    debts = result.get("debts") if over else None
    kept = opened.hoi.debts or ()
    return Hoi(game_no=opened.position + 1,
               pool=None if not isinstance(left, int | float) else amount(float(left)).lstrip("+"),
               hoi_points=game.rules.hoi_points,
               points=tuple(amount(t) for t in opened.totals_at(position)),
               debts=tuple(int(d) for d in debts) if isinstance(debts, list) else tuple(kept))


def tom_view(opened: TomOpened, position: int, seat: int, open_hands: bool, lang: Lang,
             message: str) -> TomView:
    """The chiếu at ``position`` seen from ``seat`` (every hand open, or only what it saw)."""
    game = opened.states[position]
    players = game.players
    placed = game.live
    live = Live(placed.cua, placed.card, placed.final) \
        if placed is not None and game.phase in (Phase.CLAIM, Phase.PLAY) else None
    return TomView(
        players=players, seat=seat, hand=game.hand_cards(seat), hand_sizes=tuple(game.hand_n),
        mats=tuple(tuple(meld_view(m, open_hands or s == seat) for m in game.mats[s])
                   for s in range(players)),
        cua=tuple(tuple(pile) for pile in game.cua), noc_left=game.noc_left,
        noc_stop=game.rules.noc_stop, cai_seat=game.deal.cai_seat, a=game.deal.a, b=game.deal.b,
        actor=None if game.is_over else game.actor, doing=DOING.get(game.phase, ""), live=live,
        hoi=hoi_view(opened, position), result=result_view(opened, game),
        open_hands=tuple(game.hand_cards(s) for s in range(players)) if open_hands else None,
        names=opened.names, lang=lang, message=message)


class TomStepper(Steps[TomOpened, TomView]):
    """Tổ tôm's stepper: the TomView of each moment."""

    def _event_text(self, position: int) -> str:
        o = self.opened
        vi, en = record_game("to_tom").report().action_text(o.actions[position - 1], o.players)
        return pick(vi, en)

    def _is_note(self, annotation: dict[str, Any]) -> bool:
        return not is_error(annotation)  # declines (T4.14) and teaching notes

    def _view(self, position: int, lang: Lang) -> TomView:
        return tom_view(self.opened, position, self.seat, self.open_hands, lang,
                        self.message(position))
