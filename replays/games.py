"""What the record layer asks of each game (FORMATS ``game``): one adapter per ruleset, found
by the name a record gives it, so that reading, replaying, analysing, listing and reporting a
record never asks which game it is (DESIGN.md "Two games on one engine").

Each adapter lives beside the ruleset it serves — ``replays/chan_game.py`` for Chắn,
``replays/tom_game.py`` for Tổ tôm — and is imported the first time a record of its game is
met, as the engine loads a ruleset (engine/ruleset.py): a program that reads only Chắn never
loads Tổ tôm. What the adapters share (the names, their order, the lookup) is here; what
each one answers is its own module's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the adapters import the layers below; only their types are needed here
    from engine.actions import Action
    from engine.events import Event
    from engine.game import Game, Mode
    from engine.ruleset import Ruleset
    from engine.session import GameResult, Session
    from replays.hoi import HoiState
    from replays.record import Carried, Player
    from replays.selfplay import SelfPlayed

Doc = dict[str, Any]

# FORMATS: a record without ``game`` is Chắn (engine.ruleset.DEFAULT_GAME; this module imports
# nothing of the engine, so that the command line's parser stays cheap to build).
DEFAULT_GAME = "chan"
# The adapters by FORMATS ``game``, each imported when first asked for.
MODULES: dict[str, str] = {"chan": "replays.chan_game", "to_tom": "replays.tom_game"}
_LOADED: dict[str, RecordGame] = {}


class GameWatcher(Protocol):
    """Looks at a game just before and just after each recorded event is applied
    (replays.rebuild.Watcher, for any game), collecting annotations (``items``)."""

    items: list[Doc]

    def before(self, game: Any, index: int, action: Any) -> None:
        """Called with the state in which ``action`` is about to be applied."""

    def after(self, game: Any, index: int, action: Any, events: list[Any]) -> None:
        """Called once ``action`` has been applied and caused ``events``."""


class RecordGame(Protocol):
    """One game as the record layer sees it: its records, its replay within a hội, its
    analysis document and its words on the command line and in the report."""

    @property
    def name(self) -> str:
        """FORMATS ``game``: "chan", "to_tom"."""

    @property
    def ruleset(self) -> Ruleset:
        """The engine's ruleset of the game."""

    @property
    def title(self) -> tuple[str, str]:
        """The game's name for people (Vietnamese, English): ("Chắn", "Chắn")."""

    # ----------------------------------------------------------------- records

    def read_rules(self, data: object) -> Any:
        """The làng options of a record's ``rules`` (missing keys take their defaults);
        a ValueError saying what is wrong."""

    def seat_counts(self, rules: Any) -> tuple[int, ...]:
        """How many players a record of these rules may list."""

    def seats_rule(self, rules: Any) -> tuple[str, str]:
        """What a ``players`` list of these rules must hold (English, Vietnamese)."""

    def seat_count(self, rules: Any, first_deal: object) -> int:
        """How many players a record that lists none has (a hand-made scenario)."""

    def read_deal(self, data: object, players: int, rules: Any) -> Any:
        """A deal in either FORMATS form (a ValueError saying what is wrong)."""

    def read_action(self, data: object) -> Action[Any]:
        """One recorded event (engine.errors.BadAction saying what is wrong)."""

    def read_carried(self, doc: Mapping[str, Any], players: int
                     ) -> tuple[Carried | None, list[tuple[str, str, str]]]:
        """What a record's first game inherits from earlier games of its hội beyond thông
        (``Carried``), and the problems of those keys, (key, en, vi) each."""

    # ----------------------------------------------------------------- a hội replayed

    def new_game(self, deal: Any, rules: Any, mode: Mode, thong_seat: int | None) -> Game[Any]:
        """A game before its first event, as a record replays it (no automation)."""

    def playable(self, game: Game[Any], automations: Iterable[str] | None = None
                 ) -> list[Event[Any]]:
        """A replayed game made ready to play on in its mode (its automations, or the given
        ones, and the steps they take now); the events of those steps."""

    def new_session(self, players: int, rules: Any, carried: Carried | None) -> Session:
        """The hội before a record's first game."""

    def restart(self, session: Session, players: int, rules: Any) -> Session:
        """The hội after a game that is not over: the next game starts as a first game."""

    def check_next(self, session: Session, deal: Any) -> None:
        """Refuse a deal the hội cannot play next (a ValueError with ``vi`` saying why)."""

    def first_picker(self, deal: Any) -> int:
        """The seat a hội's first deal gives the pick (Chắn) or the cái (Tổ tôm)."""

    def before_game(self, session: Session) -> Carried | None:
        """What a game inherits from its hội beyond thông (Tổ tôm: the pool and the debts
        before it), as its analysis shows it and a record starting with it carries it."""

    def start_state(self, players: int, rules: Any, carried: Carried | None
                    ) -> Mapping[str, Any]:
        """What a hội's state holds before its first game beyond its totals, thông and
        pickers (replays.hoi.HoiState's other fields; Chắn: nothing)."""

    def session_at(self, state: HoiState, rules: Any) -> Session:
        """A hội in the state ``state`` keeps (replays.hoi), its games not replayed."""

    def state_of(self, session: Session) -> Mapping[str, Any]:
        """What of ``session``, just after a finished game, a kept state holds beyond its
        totals, thông and pickers (HoiState's other fields)."""

    def next_picker(self, session: Session) -> int:
        """The seat the hội gives the next pick (Chắn, R2.4) or the next cái (Tổ tôm, T2.4)."""

    def check_state(self, state: HoiState, deal: Any) -> None:
        """``check_next`` for a hội known by its kept state."""

    def state_fits(self, state: HoiState) -> bool:
        """Whether a kept state is one of this game's hội (else it is made again)."""

    def summary(self, game: Game[Any], result: GameResult | None) -> dict[str, Any] | None:
        """What the games table keeps of a finished game (its ``result`` column)."""

    # ----------------------------------------------------------------- analysis

    def notes(self) -> GameWatcher:
        """A watcher collecting the teaching notes of one game (its ``items``)."""

    def document(self, index: int, game: Game[Any], notes: list[Doc], before: Carried | None,
                 result: GameResult | None) -> Doc:
        """FORMATS' ``analyze --json`` document of one replayed game."""

    def render(self, doc: Doc, players: Sequence[Player], van: int) -> str:
        """One game's document as ``analyze`` prints it for people."""

    @property
    def error_kinds(self) -> tuple[str, ...]:
        """The annotation kinds that count as errors, in the library's order."""

    @property
    def call_kinds(self) -> tuple[str, ...]:
        """The annotation kinds that judge the call."""

    @property
    def fault_kinds(self) -> tuple[str, ...]:
        """The annotation kinds naming a rule broken (``rule``)."""

    @property
    def missed_kinds(self) -> tuple[str, ...]:
        """The annotation kinds of a claim let pass."""

    # ----------------------------------------------------------------- self-play

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer players' levels ``selfplay --levels`` names."""

    @property
    def level_counts(self) -> tuple[int, ...]:
        """How many levels (seats) ``selfplay --levels`` may list."""

    @property
    def default_levels(self) -> str:
        """``selfplay``'s levels when ``--levels`` is not given."""

    def selfplay(self, levels: tuple[str, ...], games: int, seed: int) -> SelfPlayed:
        """A hội of ``games`` games among ``levels``, reproducible from ``seed``."""

    # ----------------------------------------------------------------- the HTML report

    def report(self) -> ReportPieces:
        """The pieces of the HTML report that show this game."""


class ReportPieces(Protocol):
    """The parts of ``chan-tutor report``'s page that depend on the game."""

    kinds: Mapping[str, tuple[str, str]]

    def legend(self) -> str:
        """The game's cards with their names, once per page."""

    def card(self, code: str, marks: Iterable[str] = ()) -> str:
        """One small card of the game (``marks``: extra classes, ``hit``, ``live``)."""

    def setup_html(self, doc: Doc, players: Sequence[Player]) -> str:
        """The deal."""

    def result_html(self, doc: Doc, players: Sequence[Player]) -> str:
        """The end of the game."""

    def action_text(self, action: Any, players: Sequence[Player]) -> tuple[str, str]:
        """What a recorded event did, in both languages."""

    def position_html(self, game: Any, players: Sequence[Player], acting: int | None,
                      hit: str | None) -> str:
        """Every seat's hand, mat and cửa after an event."""

    def annotation_extra(self, a: Doc) -> list[str]:
        """The facts of an annotation beyond its kind, rule, card and cause, as HTML."""


class CardPiece(Protocol):
    """ReportPieces.card as a function."""

    def __call__(self, code: str, marks: Iterable[str] = ()) -> str:
        """One small card of the game."""
        ...


@dataclass(slots=True)
class PagePieces:
    """A game's ReportPieces made of its page module's functions (report_page.py,
    tom_report_page.py)."""

    kinds: Mapping[str, tuple[str, str]]
    legend: Callable[[], str]
    card: CardPiece
    setup_html: Callable[[Doc, Sequence[Player]], str]
    result_html: Callable[[Doc, Sequence[Player]], str]
    action_text: Callable[[Any, Sequence[Player]], tuple[str, str]]
    position_html: Callable[[Any, Sequence[Player], int | None, str | None], str]
    annotation_extra: Callable[[Doc], list[str]]


def record_game(name: str = DEFAULT_GAME) -> RecordGame:
    """The adapter of FORMATS ``game`` ``name`` (ValueError naming the known games)."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    module = MODULES.get(name)
    if module is None:
        raise ValueError(f"unknown game {name!r} (one of {', '.join(known_games())})")
    adapter: RecordGame = importlib.import_module(module).RECORDS
    _LOADED[name] = adapter
    return adapter


def known_games() -> tuple[str, ...]:
    """Every game a record may name, the default first."""
    return (DEFAULT_GAME, *sorted(g for g in MODULES if g != DEFAULT_GAME))


def game_of_rules(rules: object) -> str:
    """The game whose làng options ``rules`` are (a loaded ruleset's), else the default."""
    from engine.ruleset import RULESETS

    for name, ruleset in RULESETS.items():
        if type(rules) is type(ruleset.default_rules):
            return name
    return DEFAULT_GAME


def rule_key(rule: str) -> tuple[int, int, str]:
    """A sort key for rule ids of any loaded game: each game's lỗi in its registry's order,
    the games in the order of ``known_games``."""
    from engine.ruleset import RULESETS

    for n, name in enumerate(known_games()):
        ruleset = RULESETS.get(name)
        if ruleset is not None and rule in ruleset.registry:
            first, rest = ruleset.registry.key(rule)
            return (n * 2_000_000 + first, 0, rest)
    return (len(MODULES) * 2_000_000, 0, rule)

