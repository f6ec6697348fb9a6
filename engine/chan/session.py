"""A hội of Chắn (RULES R9.2, R2.4, C2): who picks next, who may call thông, and what a
finished game gives the hội (its transfers, its winner)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.chan.deal import Deal
from engine.chan.game import ChanGame
from engine.chan.rulebook import KEEPS_THONG, REGISTRY
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.settlement import Payout
from engine.events import EndKind
from engine.game import Game, Mode
from engine.session import GameResult, Session


def result_of(game: Game) -> GameResult:
    """Summarise a finished game for the session."""
    if not isinstance(game, ChanGame) or not game.is_over or game.outcome is None \
            or game.settlement is None:
        raise ValueError("the game is not over yet")
    outcome, settlement = game.outcome, game.settlement
    winner = outcome.winner if outcome.kind is EndKind.WIN else None
    gives = False
    if winner is not None:
        if settlement.payout is Payout.NORMAL:
            gives = True  # called correctly; xướng thiếu counts as correct (C2)
        elif settlement.payout is Payout.NGHI_AN_TIEN:  # only for treo tranh, called right
            gives = all(REGISTRY.tagged(r, KEEPS_THONG) for r in settlement.rules)
    return GameResult(winner=winner, end=outcome.kind, payout=settlement.payout,
                      transfers=settlement.transfers, picker=game.deal.picker,
                      last_drawer=game.last_drawer, gives_thong=gives)


@dataclass
class ChanSession(Session):
    """Running totals, the next picker (R2.4) and who may call thông (C2)."""

    rules: LangRules = DEFAULT_RULES

    @property
    def next_picker(self) -> int:
        """R2.4: first a chosen seat, then the last winner; after a game without a winner the
        seat that drew the last nọc card (``last_drawer``) or the same picker again."""
        if not self.results:
            return self.first_picker
        last = self.results[-1]
        if last.winner is not None:
            return last.winner
        previous = last.picker if last.picker is not None else self.first_picker
        if self.rules.draw_picker == "last_drawer" and last.last_drawer is not None:
            return last.last_drawer
        return previous

    def result_of(self, game: Game) -> GameResult:
        """What a finished game gives the hội (R9.2, C2)."""
        return result_of(game)

    def new_game(self, seed: int, mode: Mode = Mode.REAL) -> ChanGame:
        """Deal the next game of the hội from a seeded shuffle."""
        deal = Deal.shuffled(seed, self.players, self.next_picker, self.rules)
        return self.game_for(deal, mode)

    def game_for(self, deal: Deal, mode: Mode = Mode.REAL) -> ChanGame:
        """The next game of the hội on a given deal."""
        return ChanGame(deal, self.rules, mode, self.thong_seat)
