"""The likelihood of a world by replaying it on the engine: the reference the strong player's
posterior chain (engine/chan/ai/posterior.py) must agree with, computed the slow, obvious way."""

from __future__ import annotations

from engine.actions import Act
from engine.chan.ai.posterior import DECLINED, DISCARD_FROM, PASS_CA, PASS_CHAN_1, PASS_CHAN_2
from engine.chan.ai.worlds import reach_observer
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.observation import Observation
from engine.chan.violations import legal_eats
from engine.errors import IllegalAction
from engine.events import Declined
from engine.game import Mode


def replay_weighted(deal: Deal, obs: Observation) -> tuple[Game | None, float]:
    """The public record replayed on ``deal``, and how likely the other seats' moves are in
    it (relative to a world where each move was the obvious one; see the constants above).

    A world where a seat let pass a card it could have eaten as a chắn, or broke a pair to
    discard, is less likely than one where it could not: this is how the table's moves say
    what a hand cannot hold. A báo the table did not see makes the world impossible (0),
    and so does a recorded move the world does not allow (a báo seat eating: no game).
    """
    # Real mode: strict mode would refuse a lỗi another seat was forced into for real but
    # could have avoided with this world's hand; the judging is the same (R7.5).
    game = Game(deal, obs.rules, Mode.REAL)
    me = obs.seat
    w = 1.0
    for a in obs.history:
        seat = a.seat
        act = a.act
        if seat != me:
            live = game.live
            if (act is Act.DRAW or act is Act.PASS) and live is not None \
                    and not game.bao[seat]:
                x = live.card
                eats = legal_eats(game.hand[seat], game.hand_n[seat], game.mat_chan[seat], x)
                if x in eats:
                    w *= PASS_CHAN_1 if game.hand_count(seat, x) == 1 else PASS_CHAN_2
                elif eats:
                    w *= PASS_CA
            elif act is Act.DISCARD and a.card is not None:
                w *= DISCARD_FROM[game.hand_count(seat, a.card)]
        try:
            game.apply(a)
        except IllegalAction:
            return None, 0.0
    reach_observer(game, me)
    if tuple(game.bao) != obs.bao:
        return game, 0.0
    for e in game.log:
        if isinstance(e, Declined) and e.seat != me:
            w *= DECLINED
    return game, w
