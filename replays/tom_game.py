"""Tổ tôm in the record layer (replays.games, FORMATS "Tổ tôm records"): its records — TomRules,
both deal forms, the events of T4.15 —, its hội as a record replays it (the pool, the debts and
the cái of each next game, T8, T6.6, T2.4), its analysis document (replays.tom_analyzer), its
plain text (replays.tom_text) and its report page (replays.tom_report_page).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import BadDeal
from engine.events import EndKind, Event
from engine.game import Game, Mode
from engine.ruleset import Ruleset, ruleset_named
from engine.session import GameResult, Session
from engine.totom import (
    DEFAULT_RULES,
    Deal,
    TomAction,
    TomGame,
    TomPayout,
    TomRules,
    TomSession,
    TomSettlement,
    default_automations,
)
from replays.games import Doc, GameWatcher, ReportPieces
from replays.hoi import HoiState
from replays.record import Carried, GameRecord, Player, SessionRecord

if TYPE_CHECKING:
    from replays.selfplay import SelfPlayed

MAX_DEBT = 1 << 20  # ù owed by one seat: beyond any hội a person could sit through
MAX_POOL = 1 << 40  # điểm in a pool: TomRules bounds hoi_points far below


class TomRecords:
    """Tổ tôm (TOTOM.md) as records, replays, analyses and reports see it."""

    name = "to_tom"
    title = ("Tổ tôm", "Tổ tôm")
    error_kinds = ("offence", "missed_u", "missed_phong", "call_over", "call_under",
                   "call_order", "call_procedure")
    call_kinds = ("call_over", "call_under", "call_order", "call_procedure")
    fault_kinds = ("offence",)
    missed_kinds = ("missed_phong", "missed_u")

    @property
    def ruleset(self) -> Ruleset:
        """engine.totom's ruleset."""
        return ruleset_named(self.name)

    # ----------------------------------------------------------------- records

    def read_rules(self, data: object) -> TomRules:
        """T9's options (missing keys take their defaults)."""
        return TomRules.from_json(data)

    def seat_counts(self, rules: Any) -> tuple[int, ...]:
        """The làng's ``players``: 5 or 4 (T2.1)."""
        return (rules.players,)

    def seats_rule(self, rules: Any) -> tuple[str, str]:
        """T2.1: one player per seat of the làng's table."""
        n = rules.players
        return (f"'players' must list {n} players, as the làng's 'players' says (T2.1)",
                f"'players' phải có đúng {n} người chơi, như luật làng 'players' (T2.1)")

    def seat_count(self, rules: Any, first_deal: object) -> int:
        """The làng's ``players``."""
        return int(rules.players)

    def read_deal(self, data: object, players: int, rules: Any) -> Deal:
        """The piles form or the hands form (FORMATS "Tổ tôm records")."""
        return Deal.from_json(data, rules)

    def read_action(self, data: object) -> TomAction:
        """One event of T4.15."""
        return TomAction.from_json(data)

    def read_carried(self, doc: Mapping[str, Any], players: int
                     ) -> tuple[Carried | None, list[tuple[str, str, str]]]:
        """``pool`` and ``debts``: the hội's pool and each seat's debt before the record's first
        game, when the record starts in the middle of a hội (docs/command-line.md)."""
        if "pool" not in doc and "debts" not in doc:
            return None, []
        pool, debts = doc.get("pool"), doc.get("debts")
        wrong: list[tuple[str, str, str]] = []
        if isinstance(pool, bool) or not isinstance(pool, int | float) \
                or not math.isfinite(pool) or not 0 <= pool <= MAX_POOL:
            wrong.append(("pool", "'pool' must be the points left in the hội's pool, a number "
                                  "≥ 0 (T8.1)",
                          "'pool' phải là số điểm còn trong hội, một số ≥ 0 (T8.1)"))
        if not isinstance(debts, list) or len(debts) != players or not all(
                isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= MAX_DEBT
                for d in debts):
            wrong.append(("debts", f"'debts' must list the ù each of the {players} seats owes "
                                   f"(whole numbers ≥ 0, T6.6)",
                          f"'debts' phải ghi số ván ù mỗi ghế trong {players} ghế còn nợ (số "
                          f"nguyên ≥ 0, T6.6)"))
        if wrong:
            return None, wrong
        assert isinstance(pool, int | float) and isinstance(debts, list)
        return Carried(float(pool), tuple(debts)), []

    # ----------------------------------------------------------------- a hội replayed

    def new_game(self, deal: Any, rules: Any, mode: Mode, thong_seat: int | None) -> TomGame:
        """T2: the deal as the engine plays it; every step of an automation is in the record,
        so none is on while it is replayed (TomGame.replay)."""
        return TomGame(deal, rules if rules is not None else DEFAULT_RULES, mode, thong_seat, ())

    def playable(self, game: Game[Any], automations: Iterable[str] | None = None
                 ) -> list[Event[Any]]:
        """T4.16: the mode's automations (or the given ones) switched on, and the steps they
        take now."""
        assert isinstance(game, TomGame)
        game.automations = default_automations(game.mode) if automations is None \
            else frozenset(automations)
        return game.automate()

    def new_session(self, players: int, rules: Any, carried: Carried | None) -> TomSession:
        """T8.1: a full pool and no debts, or what the record carries in."""
        session = TomSession(players, rules if rules is not None else DEFAULT_RULES)
        if carried is not None:
            session.pool = carried.pool
            session.debts = list(carried.debts)
        return session

    def restart(self, session: Session, players: int, rules: Any) -> TomSession:
        """After a game that is not over: the next game is dealt as a first game (any cái,
        no thông), the pool, the debts and the totals as they were."""
        assert isinstance(session, TomSession)
        fresh = self.new_session(players, rules, Carried(session.pool, tuple(session.debts)))
        fresh.totals = list(session.totals)
        fresh.closed, fresh.ho = session.closed, session.ho
        return fresh

    def check_next(self, session: Session, deal: Any) -> None:
        """T8.3: no game after the hội has ended; T2.4: after a finished game, its winner
        (or the kê player) is cái."""
        assert isinstance(session, TomSession)
        _check(session.is_over, session.pool, bool(session.results), session.next_cai, deal)

    def check_state(self, state: HoiState, deal: Any) -> None:
        """``check_next`` from a kept state."""
        _check(state.closed, state.pool or 0.0, state.chained, state.next_picker, deal)

    def state_fits(self, state: HoiState) -> bool:
        """A Tổ tôm hội keeps its pool and debts (T8, T6.6)."""
        return state.pool is not None and state.debts is not None

    def first_picker(self, deal: Any) -> int:
        """The first game's cái (T2.4: any seat the table chooses)."""
        return int(deal.cai_seat)

    def before_game(self, session: Session) -> Carried:
        """The pool and the debts before the game (FORMATS ``pool.before``): what a record of
        the games from this one on carries in."""
        assert isinstance(session, TomSession)
        return Carried(session.pool, tuple(session.debts))

    def start_state(self, players: int, rules: Any, carried: Carried | None
                    ) -> Mapping[str, Any]:
        """T8.1: the pool and the debts the hội starts with."""
        session = self.new_session(players, rules, carried)
        return {"pool": session.pool, "debts": tuple(session.debts), "closed": session.is_over,
                "chained": False}

    def session_at(self, state: HoiState, rules: Any) -> TomSession:
        """A hội with the pool, the debts and the next cái ``state`` keeps."""
        session = self.new_session(len(state.totals), rules, state.carried)
        session.first_picker = state.first_picker
        session.totals = list(state.totals)
        session.closed = state.closed
        return session

    def state_of(self, session: Session) -> Mapping[str, Any]:
        """The pool, the debts, whether the hội has ended, after a finished game."""
        assert isinstance(session, TomSession)
        return {"totals": tuple(session.totals), "pool": session.pool,
                "debts": tuple(session.debts), "closed": session.is_over, "chained": True}

    def next_picker(self, session: Session) -> int:
        """T2.4: the next cái."""
        assert isinstance(session, TomSession)
        return session.next_cai

    def summary(self, game: Game[Any], result: GameResult | None) -> dict[str, Any] | None:
        """Kind, winner, the verdict (FORMATS: ``tra_do`` when the ù repaid a debt), the
        score, what each seat received from the pool, the kê seat, the number of events."""
        settlement = game.settlement
        if not game.is_over or game.outcome is None or not isinstance(settlement,
                                                                      TomSettlement):
            return None
        won = game.outcome.kind is EndKind.WIN
        payout = result.payout if result is not None else None
        verdict = payout.verdict if isinstance(payout, TomPayout) else settlement.verdict.value
        transfers = list(result.transfers) if result is not None else [0.0] * game.players
        return {"kind": game.outcome.kind.value, "winner": game.outcome.winner,
                "payout": verdict if won else None, "score": settlement.score,
                "transfers": transfers, "ke_seat": settlement.ke_seat,
                "events": len(game.record)}

    # ----------------------------------------------------------------- self-play

    level_counts = (4, 5)  # T2.1
    default_levels = "normal,normal,normal,normal,normal"

    @property
    def levels(self) -> tuple[str, ...]:
        """replays.tom_selfplay's levels."""
        from replays.tom_selfplay import LEVELS

        return LEVELS

    def selfplay(self, levels: tuple[str, ...], games: int, seed: int) -> SelfPlayed:
        """A hội in open mode (T8.5) among engine.totom.ai's players (replays.tom_selfplay)."""
        from replays.selfplay import SelfPlayed
        from replays.tom_selfplay import play_session, rules_for, summary

        played, tallies = play_session(levels, games, seed)
        players = tuple(Player(f"Máy {i + 1} ({level})", "ai", level)
                        for i, level in enumerate(levels))
        record = SessionRecord(rules=rules_for(len(levels)), players=players,
                               games=tuple(GameRecord(g.deal, tuple(g.record), g.mode)
                                           for g in played), game=self.name)
        data, text = summary(levels, seed, played, tallies)
        return SelfPlayed(record, data, text.splitlines())

    # ----------------------------------------------------------------- analysis

    def notes(self) -> GameWatcher:
        """replays.tom_analyzer's watcher: declines and teaching notes."""
        from replays.tom_analyzer import TomNotes

        return TomNotes()

    def document(self, index: int, game: Game[Any], notes: list[Doc], before: object,
                 result: GameResult | None) -> Doc:
        """replays.tom_analyzer's document."""
        from replays.tom_analyzer import game_document

        assert isinstance(game, TomGame)
        return game_document(index, game, notes, before if isinstance(before, Carried) else None,
                             result)

    def render(self, doc: Doc, players: Sequence[Player], van: int) -> str:
        """replays.tom_text's plain text."""
        from replays.tom_text import render_game

        return render_game(doc, players, van)

    def report(self) -> ReportPieces:
        """replays.tom_report_page's pieces."""
        from replays.tom_report_page import TOM_PAGE

        return TOM_PAGE


def _check(closed: bool, pool: float, chained: bool, next_cai: int, deal: Any) -> None:
    if closed:
        raise BadDeal(f"the hội has ended (T8.3): its pool held {pool:g}, less than an ù "
                      f"suông; a record holds one hội, and no game comes after its end",
                      vi=f"hội đã hết (T8.3): tiền góp còn {pool:g}, không đủ một ván ù "
                         f"suông; mỗi tệp là một hội, không có ván nào sau khi hết hội")
    if chained and deal.cai_seat != next_cai:
        raise BadDeal(f"the cái of this game is seat {next_cai}, who won the game before or "
                      f"drew its last card (T2.4), not seat {deal.cai_seat}",
                      vi=f"cái của ván này là ghế {next_cai}, người ù ván trước hoặc bốc "
                         f"quân nọc cuối (T2.4), không phải ghế {deal.cai_seat}")


RECORDS = TomRecords()
