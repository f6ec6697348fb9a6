"""A hội of Tổ tôm (TOTOM T8, T6.5, T6.6, T2.4): the points pool, paid ù drawn from it, the
debts of chèo đò and their trả đò, the cái of each next game, thông, and the hội's end.

Each player puts an equal share into the pool (``hoi_points`` / P); a paid ù takes its score
from the pool (all of what is left under ``pool_overflow = cap``, the difference added by the
others under ``top_up``); a chèo đò adds one ù to the winner's debt, and an ù that would be
paid repays one instead (``tra_do``: or any ù that is not chèo đò); the hội ends when the pool
holds less than an ù suông, and what is left is the hồ, given to no seat (T8.3). Open mode
(``hoi_points`` = 0) has no pool and no end: each paid ù counts to its winner. A seat's result
is what it received less its share (T8.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.events import EndKind
from engine.game import Game, Mode
from engine.session import GameResult, Session
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.verdict import TomSettlement, Verdict


class HoiOver(ValueError):
    """A game offered to a hội that has ended (T8.3)."""


@dataclass(frozen=True, slots=True)
class TomPayout:
    """What a finished game did to the hội.

    ``verdict`` is the game's (T6.1), or ``tra_do`` when an ù that would be paid repaid a
    debt instead (T6.6, FORMATS); ``points`` what the winner took from the pool (or, in open
    mode, added to its tally); ``topped_up`` what the others added under ``top_up`` (each);
    ``pool`` before and after; ``debts`` per seat after the game.
    """

    verdict: str
    points: float
    topped_up: float
    pool_before: float
    pool_after: float
    debts: tuple[int, ...]


@dataclass
class TomSession(Session):
    """A hội: pool, debts, the next cái (T2.4) and who may call thông (TC2)."""

    rules: TomRules = DEFAULT_RULES
    players: int = 5
    pool: float = 0.0
    debts: list[int] = field(default_factory=list)
    ho: float = 0.0  # T8.3: what the pool held when the hội ended
    closed: bool = False

    def __post_init__(self) -> None:
        if self.players != self.rules.players:
            self.players = self.rules.players
        super().__post_init__()
        if not self.debts:
            self.debts = [0] * self.players
        if not self.results:
            self.pool = float(self.rules.hoi_points)

    @property
    def open_mode(self) -> bool:
        """T8.5: no pool and no end."""
        return self.rules.hoi_points == 0

    @property
    def share(self) -> float:
        """T8.1: each player's share of the pool."""
        return self.rules.hoi_points / self.players

    @property
    def is_over(self) -> bool:
        """T8.3: the pool holds less than an ù suông (never in open mode)."""
        return self.closed or (not self.open_mode
                               and self.pool < self.rules.point("suong"))

    @property
    def next_cai(self) -> int:
        """T2.4: the chosen seat first, then the last game's winner (paid, unpaid or chèo đò
        alike), or after a kê the player who drew the last card."""
        if not self.results:
            return self.first_picker
        last = self.results[-1]
        if last.winner is not None:
            return last.winner
        return last.last_drawer if last.last_drawer is not None else self.first_picker

    def standing(self, seat: int) -> float:
        """T8.4: what the seat received less its share (points; × ``stake`` for money)."""
        return self.totals[seat] - (0.0 if self.open_mode else self.share)

    def money(self, seat: int) -> float:
        """T8.4: ``standing`` × ``stake``, for display."""
        return self.standing(seat) * self.rules.stake

    def new_game(self, seed: int, mode: Mode = Mode.REAL) -> TomGame:
        """Deal the next game of the hội from a seeded shuffle."""
        return self.game_for(Deal.shuffled(seed, self.rules, self.next_cai), mode)

    def game_for(self, deal: Deal, mode: Mode = Mode.REAL) -> TomGame:
        """The next game of the hội on a given deal (its cái must be ``next_cai`` after the
        first game, T2.4)."""
        if self.is_over:
            raise HoiOver(f"the hội has ended: the pool holds {self.pool:g}, less than an ù "
                          f"suông (T8.3)")
        if self.results and deal.cai_seat != self.next_cai:
            raise ValueError(f"the cái of this game is seat {self.next_cai} (T2.4), not "
                             f"{deal.cai_seat}")
        return TomGame(deal, self.rules, mode, self.thong_seat)

    def result_of(self, game: Game[Any]) -> GameResult:
        """What a finished game gives the hội (T6.5, T6.6, T8.2)."""
        if not isinstance(game, TomGame) or not game.is_over or game.outcome is None \
                or game.settlement is None:
            raise ValueError("the game is not over yet")
        if self.is_over:
            raise HoiOver("the hội has ended (T8.3): no game is added after it")
        s: TomSettlement = game.settlement
        rules, n = self.rules, self.players
        transfers = [0.0] * n
        debts = list(self.debts)
        before = self.pool
        verdict, points, topped = s.verdict.value, 0.0, 0.0
        winner = s.winner if game.outcome.kind is EndKind.WIN else None
        if winner is not None:
            owes = debts[winner] > 0
            repays = owes and (s.verdict is Verdict.PAID or (
                rules.tra_do == "any_u" and s.verdict is Verdict.UNPAID))
            if s.verdict is Verdict.CHEO_DO:
                debts[winner] += 1
            elif repays:
                debts[winner] -= 1
                if s.verdict is Verdict.PAID:
                    verdict = "tra_do"
            elif s.verdict is Verdict.PAID:
                points, topped = self._draw(s.score)
                transfers[winner] += points
                for seat in range(n):
                    if seat != winner:
                        transfers[seat] -= topped
        return GameResult(winner=winner, end=game.outcome.kind,
                          payout=TomPayout(verdict, points, topped, before,
                                           self._pool_after(before, points, topped), tuple(debts)),
                          transfers=tuple(transfers), picker=game.deal.cai_seat,
                          last_drawer=game.last_drawer,
                          gives_thong=winner is not None and s.verdict is not Verdict.CHEO_DO)

    def _draw(self, score: int) -> tuple[float, float]:
        """T8.2: what the winner takes for ``score`` and what each other player adds."""
        if self.open_mode or score <= self.pool:
            return float(score), 0.0
        if self.rules.pool_overflow == "cap":
            return self.pool, 0.0
        return float(score), (score - self.pool) / (self.players - 1)

    def _pool_after(self, before: float, points: float, topped: float) -> float:
        if self.open_mode:
            return 0.0
        return before + topped * (self.players - 1) - points

    def record(self, game: Game[Any]) -> GameResult:
        """Add a finished game: the pool, the debts, the totals and the next cái move on; the
        hội may end (T8.3)."""
        result = super().record(game)
        payout = result.payout
        assert isinstance(payout, TomPayout)
        self.pool = payout.pool_after
        self.debts = list(payout.debts)
        if self.is_over:
            self.close()
        return result

    def close(self) -> None:
        """End the hội (T8.3, T6.6): the pool's remainder is the hồ; a debt left lapses, or
        under ``debt_at_end = pay_suong`` its debtor pays an ù suông per ù owed into it."""
        if self.closed:
            return
        self.closed = True
        if self.rules.debt_at_end == "pay_suong":
            suong = self.rules.point("suong")
            for seat, owed in enumerate(self.debts):
                if owed > 0:
                    self.totals[seat] -= owed * suong
                    self.pool += owed * suong
                    self.debts[seat] = 0
        self.ho = 0.0 if self.open_mode else self.pool

    @property
    def thong_seat(self) -> int | None:
        """TC2: the last game's winner, unless it was chèo đò or a kê (and ``allow_thong``)."""
        if not self.rules.allow_thong:
            return None
        return super().thong_seat
