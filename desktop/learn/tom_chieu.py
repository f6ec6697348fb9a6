"""A Tổ tôm game as one seat sees it, made into a TomView for Học's guided game: the seat's
observation (engine.totom) with each mat meld laid as T3.8 says, the cửa, the live card, A and
B, and at the end the judged arrangement and the call. Nothing is decided here: which meld a
group is comes from engine.totom.classify, the arrangement and the call from the settlement."""

from __future__ import annotations

from desktop.chieu.labels import Lang
from desktop.chieu.tom_view import (
    Hoi,
    Lay,
    Live,
    TomMeld,
    TomResult,
    TomView,
    arranged,
    mat_meld,
)
from desktop.chieu.view import Prompt
from engine.totom import Card, MatMeld, MeldView, TomGame, TomObservation, say

# how a bộ giống came to lie there (MeldOrigin's values): a MatMeld does not say (tom_view)
GIONG_LAYS = {"khan": Lay.KHAN, "thien_khai": Lay.THIEN_KHAI, "phong": Lay.PHONG}
PHASE_WORDS = {"opening": "phase_opening", "lay": "tphase_opening", "show": "tphase_opening",
               "claim": "tphase_claim", "play": "phase_play", "discard": "phase_discard",
               "return": "phase_return", "call": "phase_call", "over": "phase_over"}


def meld_of(view: MeldView) -> TomMeld:
    """A mat meld as the seat sees it (another seat's face-down one: backs only, T4.1)."""
    if view.face_down and not view.cards:
        return TomMeld(Lay.UP, hidden=view.size)
    giong = GIONG_LAYS.get(view.origin or "", Lay.PHONG)
    return mat_meld(MatMeld(view.cards, view.trung, view.face_down), giong)


def tom_view(game: TomGame, seat: int, names: tuple[str, ...], lang: Lang,
             prompts: tuple[Prompt, ...] = (), message: str = "",
             selected: tuple[Card, ...] = (), highlighted: frozenset[Card] = frozenset()
             ) -> TomView:
    """What ``seat`` sees of ``game`` now, with the page's prompts and message."""
    obs: TomObservation = game.observation(seat)
    live = None
    if obs.live is not None and game.phase.value in ("claim", "play"):
        live = Live(obs.live.cua, obs.live.card, final=obs.noc_left == 0)
    result = None
    settled = game.settlement
    if settled is not None and settled.winner is not None and settled.arrangement is not None:
        result = TomResult(winner=settled.winner, groups=arranged(settled.arrangement),
                           w=settled.card, call=say(settled.call) if settled.call else "",
                           score=settled.score, verdict=settled.verdict.value)
    return TomView(
        players=obs.players, seat=seat, hand=obs.hand, hand_sizes=obs.hand_sizes,
        mats=tuple(tuple(meld_of(m) for m in mats) for mats in obs.mats), cua=obs.cua,
        noc_left=obs.noc_left, noc_stop=obs.rules.noc_stop, cai_seat=obs.cai_seat, a=obs.a,
        b=obs.b, actor=obs.actor, doing=PHASE_WORDS.get(obs.phase, ""), live=live,
        result=result, hoi=Hoi(game_no=1, points=_points(game)), names=names, lang=lang,
        prompts=prompts, message=message, selected=selected, highlighted=highlighted)


def _points(game: TomGame) -> tuple[str, ...]:
    """The guided game is a hội of one game: nothing until the ù, then what the win took."""
    settled = game.settlement
    paid = settled.paid if settled is not None else 0
    winner = settled.winner if settled is not None else None
    return tuple(f"+{paid}" if s == winner and paid else "0" for s in range(game.players))
