"""Chắn in the record layer (replays.games): what its records, its hội, its analysis document
and its report page are — the modules that were written for Chắn first (replays.analyzer,
replays.notes, replays.text, replays.report_page), behind the adapter every game has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.chan import CHAN, ChanGame, ChanSession, Deal, LangRules
from engine.events import Event
from engine.game import Game, Mode
from engine.ruleset import Ruleset
from engine.session import GameResult, Session
from replays.errors import RecordError
from replays.games import Doc, GameWatcher, ReportPieces
from replays.hoi import HoiState
from replays.record import Carried, Player

if TYPE_CHECKING:
    from replays.selfplay import SelfPlayed

# The annotation kinds that judge the call (R8), and every kind that is an error (FORMATS.md
# "Annotation kinds"), in that order; the teaching notes (note_*) are never counted.
CALL_KINDS = ("call_wrong", "call_missing", "call_order", "bach_thu_not_called")
ERROR_KINDS = ("violation", "bao", "missed_u", "missed_chiu", "u_lao", "u_bao",
               "nghi_an_tien", "bo_u", *CALL_KINDS)


class NotChan(RecordError):
    """A game of another ruleset where only a Chắn game can go (a Chắn screen, a Chắn drill)."""


def chan_only(game: Game[Any]) -> ChanGame:
    """``game`` as a Chắn game, or NotChan saying which game it is."""
    if isinstance(game, ChanGame):
        return game
    name = type(game).__name__
    raise NotChan(f"this is not a Chắn game ({name}): it opens with its own game's screens",
                  f"đây không phải ván Chắn ({name}): ván này mở bằng màn của trò của nó")


class ChanRecords:
    """Chắn (RULES.md) as records, replays, analyses and reports see it."""

    name = "chan"
    title = ("Chắn", "Chắn")
    error_kinds = ERROR_KINDS
    call_kinds = CALL_KINDS
    fault_kinds = ("violation",)
    missed_kinds = ("missed_chiu", "missed_u")

    @property
    def ruleset(self) -> Ruleset:
        """engine.chan's ruleset."""
        return CHAN

    # ----------------------------------------------------------------- records

    def read_rules(self, data: object) -> LangRules:
        """R11's options (missing keys take their defaults)."""
        return LangRules.from_json(data)

    def seat_counts(self, rules: Any) -> tuple[int, ...]:
        """Two to four players (R2.1)."""
        return (2, 3, 4)

    def seats_rule(self, rules: Any) -> tuple[str, str]:
        """R2.1."""
        return ("'players' must list 2 to 4 players (R2.1)",
                "'players' phải có từ 2 đến 4 người chơi (R2.1)")

    def seat_count(self, rules: Any, first_deal: object) -> int:
        """The hands of the first deal, when there are two to four of them; else four."""
        hands = first_deal.get("hands") if isinstance(first_deal, dict) else None
        return len(hands) if isinstance(hands, list) and 2 <= len(hands) <= 4 else 4

    def read_deal(self, data: object, players: int, rules: Any) -> Deal:
        """FORMATS' piles or hands form (R2)."""
        return Deal.from_json(data, players, rules)

    def read_action(self, data: object) -> Action[Any]:
        """FORMATS' Chắn event."""
        return Action.from_json(data)

    def read_carried(self, doc: Mapping[str, Any], players: int
                     ) -> tuple[Carried | None, list[tuple[str, str, str]]]:
        """Nothing beyond thông (C2): a Chắn hội has no pool."""
        return None, []

    # ----------------------------------------------------------------- a hội replayed

    def new_game(self, deal: Any, rules: Any, mode: Mode, thong_seat: int | None) -> ChanGame:
        """R2: the deal as the engine plays it."""
        return ChanGame(deal, rules, mode, thong_seat)

    def playable(self, game: Game[Any], automations: Iterable[str] | None = None
                 ) -> list[Event[Any]]:
        """Chắn has no automation: a replayed game plays on as it is."""
        return []

    def new_session(self, players: int, rules: Any, carried: Carried | None) -> ChanSession:
        """A fresh hội (R9.2)."""
        return ChanSession(players, rules)

    def restart(self, session: Session, players: int, rules: Any) -> ChanSession:
        """A fresh hội: nothing carries over a game that is not over."""
        return ChanSession(players, rules)

    def check_next(self, session: Session, deal: Any) -> None:
        """Any deal may come next (the picker is the record's: R2.4 does not bind it)."""

    def check_state(self, state: HoiState, deal: Any) -> None:
        """Any deal may come next."""

    def state_fits(self, state: HoiState) -> bool:
        """A Chắn hội keeps no pool."""
        return state.pool is None

    def first_picker(self, deal: Any) -> int:
        """R2.4: the first deal's picker (0 for a hands-form deal)."""
        return deal.picker or 0

    def before_game(self, session: Session) -> Carried | None:
        """Nothing beyond thông (C2)."""
        return None

    def start_state(self, players: int, rules: Any, carried: Carried | None
                    ) -> Mapping[str, Any]:
        """Nothing beyond totals, thông and pickers."""
        return {}

    def session_at(self, state: HoiState, rules: Any) -> ChanSession:
        """A hội that gives the pick as ``state`` says (R2.4)."""
        return ChanSession(len(state.totals), rules, first_picker=state.first_picker)

    def state_of(self, session: Session) -> Mapping[str, Any]:
        """Nothing beyond totals, thông and pickers."""
        return {}

    def next_picker(self, session: Session) -> int:
        """R2.4."""
        assert isinstance(session, ChanSession)
        return session.next_picker

    def summary(self, game: Game[Any], result: GameResult | None) -> dict[str, Any] | None:
        """Kind, winner, payout, transfers (R9) and the number of events."""
        if not game.is_over or game.outcome is None or game.settlement is None:
            return None
        s = game.settlement
        return {"kind": game.outcome.kind.value, "winner": game.outcome.winner,
                "payout": s.payout.value, "transfers": list(s.transfers),
                "events": len(game.record)}

    # ----------------------------------------------------------------- self-play

    levels = ("beginner", "normal", "strong", "random")
    level_counts = (2, 3, 4)
    default_levels = "normal,normal,normal,normal"

    def selfplay(self, levels: tuple[str, ...], games: int, seed: int) -> SelfPlayed:
        """engine.chan.ai's players (replays.selfplay.play_chan)."""
        from replays.selfplay import play_chan

        return play_chan(levels, games, seed)

    # ----------------------------------------------------------------- analysis

    def notes(self) -> GameWatcher:
        """replays.notes' teaching notes."""
        from replays.notes import Notes

        return Notes()

    def document(self, index: int, game: Game[Any], notes: list[Doc], before: Carried | None,
                 result: GameResult | None) -> Doc:
        """replays.analyzer's document (RULES R10)."""
        from replays.analyzer import game_document

        assert isinstance(game, ChanGame)
        return game_document(index, game, notes)

    def render(self, doc: Doc, players: Sequence[Player], van: int) -> str:
        """replays.text's plain text."""
        from replays.text import render_game

        return render_game(doc, players, van)

    def report(self) -> ReportPieces:
        """replays.report_page's pieces."""
        from replays import report_page

        return report_page.CHAN_PAGE


RECORDS = ChanRecords()
