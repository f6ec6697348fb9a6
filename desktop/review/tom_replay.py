"""A saved Tổ tôm game opened for stepping (TOTOM T10, FORMATS "Tổ tôm records"): the engine
replays its events once, every position is kept, and the analysis document is the one
``chan-tutor analyze`` makes (replays.tom_analyzer, through the game's record adapter).

As for Chắn (desktop.review.replay), position ``p`` is the game after its first ``p`` events
and an annotation at event ``e`` is shown at position ``e + 1``. The errors listed and stepped
to are the kinds the library counts for Tổ tôm (the offences TN/TD, the ù and phỗng let
pass, the call's faults); a decline (T4.14) and the teaching notes are shown as notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.totom import TomGame
from replays.errors import BadRecord, RecordError
from replays.games import GameWatcher, record_game
from replays.hoi import HoiState
from replays.rebuild import replay_session
from replays.record import Player, SessionRecord
from replays.store import Store, rules_key

Annotation = dict[str, Any]
TOM = "to_tom"


class NotTom(RecordError):
    """A game of another ruleset where only a Tổ tôm game can go (the Tổ tôm viewer)."""


class _Snapshots:
    """A replays.rebuild Watcher keeping the game as it was before each event, and passing
    each event on to the analyzer's own watcher (its declines and notes)."""

    def __init__(self, inner: GameWatcher) -> None:
        self.inner = inner
        self.states: list[TomGame] = []

    def before(self, game: Any, index: int, action: Any) -> None:
        """Keep a copy of the game before ``action``."""
        if not isinstance(game, TomGame):
            name = type(game).__name__
            raise NotTom(f"this is not a Tổ tôm game ({name}): it opens with its own game's "
                         f"screens",
                         f"đây không phải ván Tổ tôm ({name}): ván này mở bằng màn của trò "
                         f"của nó")
        self.states.append(game.copy())
        self.inner.before(game, index, action)

    def after(self, game: Any, index: int, action: Any, events: list[Any]) -> None:
        """The analyzer's watcher sees the event."""
        self.inner.after(game, index, action, events)


@dataclass(frozen=True, slots=True)
class TomOpened:
    """One Tổ tôm game of the store with every position rebuilt and its analysis."""

    game_id: int
    session_id: int
    position: int  # which ván of its hội (0-based)
    record: SessionRecord  # the hội's rules and players with this game alone
    states: tuple[TomGame, ...]  # states[p]: after the first p events
    doc: dict[str, Any]  # the analyze --json document of the game
    hoi: HoiState  # the hội before this game: totals, pool, debts (T8, T6.6)
    transfers: tuple[float, ...] = ()  # what the game gave each seat once over
    errors: tuple[Annotation, ...] = field(default=())
    cached: bool = False  # this opening cached the analysis: the library's counts changed

    @property
    def players(self) -> tuple[Player, ...]:
        """The seats' players as recorded with the hội."""
        return self.record.players

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        return tuple(p.name for p in self.record.players)

    @property
    def actions(self) -> tuple[Action[Any], ...]:
        """The recorded events of the game."""
        return self.record.games[-1].actions

    @property
    def events(self) -> int:
        """How many recorded events the game has."""
        return len(self.states) - 1

    @property
    def final(self) -> TomGame:
        """The game after its last event."""
        return self.states[-1]

    @property
    def annotations(self) -> tuple[Annotation, ...]:
        """Every annotation of the analysis, notes and declines included, by event."""
        return tuple(self.doc.get("annotations", ()))

    def totals_at(self, position: int) -> tuple[float, ...]:
        """The hội's totals at ``position`` (the game's own added once it is over)."""
        before = self.hoi.totals
        if self.states[position].is_over and len(self.transfers) == len(before):
            return tuple(t + s for t, s in zip(before, self.transfers, strict=True))
        return before


def is_error(annotation: Annotation) -> bool:
    """An annotation the library counts as an error for Tổ tôm (FORMATS kinds)."""
    return str(annotation.get("kind", "")) in record_game(TOM).error_kinds


def open_tom_game(store: Store, game_id: int, analysed: bool = False) -> TomOpened:
    """Rebuild one Tổ tôm game of the store, step by step (KeyError: no such game;
    BadRecord: its record cannot be replayed; NotTom: it is another game's). Replayed once,
    alone, with what it inherits from its hội (Store.game_and_state); its document is made
    as the analyzer makes it and cached for a finished game not ``analysed`` yet, as
    Store.analysis does."""
    session_id, position, record, state = store.game_and_state(game_id)
    if record.game != TOM:
        raise NotTom(f"game #{game_id} is a game of {record.game}, not Tổ tôm",
                     f"ván #{game_id} không phải ván Tổ tôm")
    kind = record_game(TOM)
    snapshots = _Snapshots(kind.notes())
    try:
        replay = replay_session(record, watch=lambda _: snapshots)
    except BadRecord as e:
        raise store.named(e, game_id) from None
    final = replay.games[0]
    assert isinstance(final, TomGame)
    result = replay.results[0]
    doc = {**kind.document(0, final, snapshots.inner.items, replay.before[0], result),
           "index": position}
    cached = not analysed and not record.games[-1].unfinished and not store.read_only
    if cached:
        store.cache_analysis(game_id, rules_key(record.rules), doc)
    return TomOpened(game_id=game_id, session_id=session_id, position=position,
                     record=record, states=(*snapshots.states, final), doc=doc, hoi=state,
                     transfers=() if result is None else tuple(result.transfers),
                     errors=tuple(a for a in doc["annotations"] if is_error(a)),
                     cached=cached)
