"""A saved game opened for stepping: the engine replays its events ONCE and every position is
kept (a Game copy per step), so moving to any event is a lookup, not a replay.

Position `p` is the game after its first `p` recorded events (0: as dealt; len(actions): the
end). An annotation at event `e` (FORMATS.md: the event at which it happened) is shown at
position e + 1, once that event is on the chiếu. The analysis document is the analyzer's
(replays.analyzer.game_document with its notes, on that same replay), so the viewer shows
exactly what `chan-tutor analyze` prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.chan import ChanGame as Game
from replays.analyzer import game_document, is_note
from replays.chan_game import chan_only
from replays.notes import Notes
from replays.record import Player, SessionRecord
from replays.store import Store, rules_key

Annotation = dict[str, Any]


class _Snapshots(Notes):
    """A replays.rebuild Watcher that keeps the game as it was before each event, and the
    analyzer's teaching notes (replays.notes) on the way."""

    __slots__ = ("states",)

    def __init__(self) -> None:
        super().__init__()
        self.states: list[Game] = []

    def before(self, game: Game, index: int, action: Action) -> None:
        self.states.append(game.copy())
        super().before(game, index, action)


@dataclass(frozen=True, slots=True)
class OpenedGame:
    """One game of the store with every position rebuilt and its analysis."""

    game_id: int
    session_id: int
    position: int  # which ván of its hội (0-based)
    record: SessionRecord  # the hội's rules and players with this game alone (Store.game_alone)
    states: tuple[Game, ...]  # states[p]: after the first p events
    doc: dict[str, Any]  # the analyze --json document of the game
    totals_before: tuple[float, ...]  # the hội's running totals before this game (R9.2)
    errors: tuple[Annotation, ...] = field(default=())  # annotations that are not notes
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
    def actions(self) -> tuple[Action, ...]:
        """The recorded events of the game."""
        return self.record.games[-1].actions

    @property
    def events(self) -> int:
        """How many recorded events the game has."""
        return len(self.states) - 1

    @property
    def final(self) -> Game:
        """The game after its last event."""
        return self.states[-1]

    @property
    def annotations(self) -> tuple[Annotation, ...]:
        """Every annotation of the analysis, notes included, by event."""
        return tuple(self.doc.get("annotations", ()))

    def totals_at(self, position: int) -> tuple[float, ...]:
        """The hội's totals as the chiếu shows them at `position` (the game's settlement added
        once it is over)."""
        game = self.states[position]
        if game.is_over and game.settlement is not None:
            return tuple(t + s for t, s in zip(self.totals_before, game.settlement.transfers,
                                               strict=True))
        return self.totals_before


def annotation_position(annotation: Annotation) -> int:
    """The position at which an annotation is shown: right after its event."""
    return int(annotation["event"]) + 1


def open_game(store: Store, game_id: int, analysed: bool = False) -> OpenedGame:
    """Rebuild one game of the store, step by step (KeyError: no such game; BadRecord: its
    record cannot be replayed). The game is replayed once, alone — what it needs from its
    hội (its thông, the totals before it) is kept with it (Store.game_and_state, issue 13),
    so game 10,000 of a hội opens as fast as game 1 —: the positions, and the analysis
    document made as the analyzer makes it — cached for a finished game not `analysed` yet
    (the library lists its counts), as Store.analysis does; an analysed game's cached
    document is that same document, so it is not written again."""
    session_id, position, record, state = store.game_and_state(game_id)
    snapshots = _Snapshots()
    final = chan_only(store.replay_alone(game_id, record, snapshots))
    doc = game_document(position, final, snapshots.items)
    # never written by a program that only reads the library (desktop.instance)
    cached = not analysed and not record.games[-1].unfinished and not store.read_only
    if cached:
        store.cache_analysis(game_id, rules_key(record.rules), doc)
    totals_before = state.totals
    errors = tuple(a for a in doc["annotations"] if not is_note(a))
    return OpenedGame(game_id=game_id, session_id=session_id, position=position,
                      record=record, states=(*snapshots.states, final), doc=doc,
                      totals_before=totals_before, errors=errors,
                      cached=cached)
