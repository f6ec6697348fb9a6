"""Playing a sampled world forward with the normal policy (the strong player's rollouts).

Inside a world the strong player owns (worlds.py), every seat decides with the normal policy
from what that seat could see: its own hand and history, and the public cards. The seats'
situations are built straight from the world's game, without observations, to keep a rollout
cheap; the bitsets of what each seat may still eat and discard are its history's own (the
engine keeps them as it judges: engine.chan.masks). A rollout only
needs the policy's pick, so it scores the clean moves only when one exists
(``score(clean_only=True)``), and a decision whose value context is the previous one's (the
discard after an eat) reuses the hand values already computed: every pick is the one
``NormalPlayer`` makes from the seat's observation (tests/ai/test_rollout_equivalence.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai.policy import best, score
from engine.chan.ai.situation import Situation
from engine.chan.ai.tracker import PublicSeat, rank_bit
from engine.chan.ai.value import DEFAULT_KNOBS, Knobs, value
from engine.chan.game import ChanGame as Game
from engine.chan.melds import MeldKind
from engine.events import EndKind


@dataclass
class Simulator:
    """Runs worlds to their end (or a horizon) with the normal policy at every seat."""

    knobs: Knobs = DEFAULT_KNOBS
    # The last decision's context and the hand values computed in it: the next decision
    # shares them when what the context depends on is the same (the discard after an eat
    # values the hands the eat was valued on). Values are the same numbers either way.
    _last: tuple[tuple[object, ...], Situation] | None = field(default=None, repr=False)

    def situation(self, game: Game, seat: int, public: list[PublicSeat],
                  public_cards: int, legal: list[Action] | None = None) -> Situation:
        """``seat``'s decision in ``game``, seen as that seat would see it."""
        hand = game.hand[seat]
        unseen = H.minus(H.minus(H.FULL, hand), public_cards)
        deal = game.deal
        if game.cai_known and seat != deal.cai_seat and deal.cai_card is not None:
            unseen = H.remove(unseen, deal.cai_card)
        mat = game.mats[seat]
        s = Situation(
            seat=seat, players=game.players, phase=game.phase.value, hand=hand,
            hand_n=game.hand_n[seat], mat_chan=game.mat_chan[seat],
            mat_ca=sum(1 for m in mat if m.kind is MeldKind.CA), hist=game.hist[seat],
            unseen=unseen, noc_left=game.noc_left, noc_stop=game.rules.noc_stop,
            live=game.live, legal=game.legal_actions() if legal is None else legal,
            bao=game.bao, hand_sizes=game.hand_n, public=public,
            melds=[len(m) for m in game.mats], knobs=self.knobs)
        # What Situation.ctx reads (the knobs are the simulator's own; the seat's own melds
        # and báo do not count).
        melds = list(s.melds)
        melds[seat] = -1
        key = (seat, unseen, s.noc_left, s.noc_stop, tuple(melds), tuple(game.bao))
        last = self._last
        if last is not None and last[0] == key:
            s._ctx = last[1].ctx
            s.memo = last[1].memo
        else:
            s.memo = {}
            self._last = (key, s)
        return s

    def decide(self, game: Game, seat: int, public: list[PublicSeat],
               public_cards: int) -> Action:
        """The normal policy's action for ``seat``."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.act is Act.WIN:
                return a
        return best(score(self.situation(game, seat, public, public_cards, legal),
                          clean_only=True)).action

    def run(self, game: Game, me: int, public: list[PublicSeat], horizon: int | None = None
            ) -> float:
        """Play on; the result for ``me``: 1 for a win, 0 for a loss or a drawn game, or, at
        the horizon (draws), its hand's value (its điểm: ``game.settlement``)."""
        public = [PublicSeat(p.discarded, p.discarded_ranks, p.passed, p.eaten)
                  for p in public]
        public_cards = public_cards_of(game)
        draws = 0
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            if horizon is not None and draws >= horizon and game.phase.value == "play":
                return self.leaf(game, me, public, public_cards)
            action = self.decide(game, seat, public, public_cards)
            live = game.live
            game.apply(action)
            act = action.act
            if act is Act.DRAW:
                draws += 1
                drawn = game.record[-1].card
                assert drawn is not None
                public_cards = H.add(public_cards, drawn)
                if live is not None:
                    public[seat].passed |= 1 << live.card
            elif act is Act.PASS:
                if live is not None:
                    public[seat].passed |= 1 << live.card
            elif act is Act.DISCARD or act is Act.RETURN:
                assert action.card is not None
                public_cards = H.add(public_cards, action.card)
                public[seat].discarded |= 1 << action.card
                public[seat].discarded_ranks |= rank_bit(action.card)
            elif act is Act.EAT:
                assert action.card is not None and live is not None
                public_cards = H.add(public_cards, action.card)
                public[seat].eaten |= 1 << live.card
            elif act is Act.CHIU:
                assert live is not None
                public_cards = H.add(public_cards, live.card, 3)
                public[seat].eaten |= 1 << live.card
        return outcome(game, me)

    def leaf(self, game: Game, me: int, public: list[PublicSeat], public_cards: int) -> float:
        """``me``'s hand value at the horizon, from its own view in the world."""
        s = self.situation(game, me, public, public_cards)
        if s.hand_n % 2 == 0:
            return 0.0
        return value(s.hand, s.hand_n, s.mat_chan, s.mat_ca, s.masks, s.ctx)


def public_cards_of(game: Game) -> int:
    """Packed cards lying face up: the mats and the cửa piles."""
    return H.pack([c for mat in game.mats for m in mat for c in m.cards]
                  + [c for pile in game.cua for c in pile])


def outcome(game: Game, me: int) -> float:
    """1 if ``me`` won the finished game, else 0."""
    o = game.outcome
    return 1.0 if o is not None and o.kind is EndKind.WIN and o.winner == me else 0.0
