"""Recording a live game: every recorded event is stored the moment it is applied.

The store is never left with a gap (issue 13): an event counts as stored only once its write
has committed. When a write fails (a database locked past the busy wait, a full disk) the
game in memory is one move ahead of the store; ``NotSaved`` says why, play stops, and
``save`` (or the next ``apply``) writes what is missing, in order, once the cause is gone.
Until then the stored game is whole up to its last saved move, so it can be resumed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.events import Event
from engine.game import Game, Mode
from replays.errors import RecordError, write_cause
from replays.games import game_of_rules, record_game
from replays.store import Store


class NotSaved(RecordError):
    """The store could not write a move (or start a game): the cause in both languages.
    ``events`` are the events of the move the engine applied but the store does not hold yet
    (empty when nothing new was applied). ``error`` is what SQLite refused, or why the
    database could not be opened at all (a RecordError); with ``path`` the disk of the
    database is asked too (a disk turned read-only is said to be: replays.errors.cause_at)."""

    def __init__(self, error: sqlite3.Error | RecordError, events: Sequence[Event] = (),
                 starting: bool = False, path: Path | None = None) -> None:
        if isinstance(error, RecordError):
            en, vi = error.en, error.vi
        else:
            en, vi = write_cause(error, path)
        if starting:
            super().__init__(f"The new game could not be saved: {en}. Nothing was lost; "
                             f"retry once the cause is gone.",
                             f"Không lưu được ván mới: {vi}. Không mất gì cả; hãy thử lại "
                             f"khi đã khắc phục.")
        else:
            super().__init__(f"The move could not be saved: {en}. The game is kept up to "
                             f"its last saved move: retry once the cause is gone, or leave "
                             f"and resume the game later.",
                             f"Không lưu được nước đi: {vi}. Ván vẫn được giữ đến nước đã "
                             f"lưu cuối cùng: hãy thử lại khi đã khắc phục, hoặc rời ván và "
                             f"chơi tiếp sau.")
        self.cause = error
        self.events = tuple(events)
        self.path = path

    def with_events(self, events: Sequence[Event]) -> NotSaved:
        """The same failure, carrying the events of the move it left unsaved."""
        return NotSaved(self.cause, events, path=self.path)


@contextmanager
def saving(starting: bool = False, path: Path | None = None) -> Iterator[None]:
    """Turn a write the database refused into NotSaved (a misuse of the connection, a bug,
    stays what it is); ``path``: the database's, to ask its disk for the cause."""
    try:
        yield
    except sqlite3.ProgrammingError:
        raise
    except sqlite3.DatabaseError as e:
        raise NotSaved(e, starting=starting, path=path) from e


class Recorder:
    """A game being played and its row in the store; ``apply`` plays and records."""

    def __init__(self, store: Store, game_id: int, game: Game[Any]) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self._stored = len(game.record)  # events the store holds (committed writes only)
        self._closed = False  # the store has marked the game over

    @classmethod
    def start(cls, store: Store, session_id: int, deal: Any,
              mode: Mode = Mode.REAL, automations: Iterable[str] | None = None) -> Recorder:
        """The session's next game on ``deal``, thông (C2, TC2) and what else the game
        inherits (Tổ tôm's pool and debts) carried from its earlier games (the state its last
        game left, kept by the store: the hội is not replayed, issue 13); a deal the hội
        cannot play next is refused (Tổ tôm: T2.4's cái, T8.3's end: engine.errors.BadDeal);
        NotSaved if the store cannot add it. The steps the mode's automations (or the given
        ones: the learner's switches, T4.16) take at once (Tổ tôm's khàn laid face down) are
        recorded like any move."""
        header = store.session(session_id, upto=-1)
        kind = record_game(header.game)
        state = store.next_hoi_state(session_id, deal)
        kind.check_state(state, deal)
        game = kind.new_game(deal, header.rules, mode, state.thong_seat)
        with saving(starting=True, path=store.path):
            game_id = store.new_game(session_id, deal, mode)
        return cls._playing(store, game_id, game, automations)

    @classmethod
    def resume(cls, store: Store, game_id: int,
               automations: Iterable[str] | None = None) -> Recorder:
        """Continue an interrupted game exactly where its stored events stop (``automations``
        as for ``start``)."""
        return cls._playing(store, game_id, store.resume(game_id), automations)

    @classmethod
    def _playing(cls, store: Store, game_id: int, game: Game[Any],
                 automations: Iterable[str] | None = None) -> Recorder:
        """A recorder of ``game`` as the store holds it, its mode's automations (or the
        given ones) on, their steps written as moves."""
        recorder = cls(store, game_id, game)
        record_game(game_of_rules(game.rules)).playable(game, automations)
        if not recorder.saved:  # an end never marked (a failed write), an automation's step
            with suppress(NotSaved):  # saved now or on the next move; the game is whole
                recorder.save()
        return recorder

    @property
    def saved(self) -> bool:
        """Whether the store holds everything the game recorded (and its end, if over)."""
        return self._stored == len(self.game.record) and (
            self._closed or not self.game.is_over)

    def save(self) -> None:
        """Write what the store does not hold yet, one event per transaction, in order (the
        last one marking the game over if it ended it); NotSaved if a write fails, and only
        what was committed counts as stored."""
        game = self.game
        with saving(path=self.store.path):
            while self._stored < len(game.record):
                index = self._stored
                ends = game.is_over and index == len(game.record) - 1
                self.store.append(self.game_id, index, game.record[index],
                                  game if ends else None)
                self._stored = index + 1
                self._closed = ends
            if game.is_over and not self._closed:
                self.store.finish(self.game_id, game)  # ended without an event (R4.9)
                self._closed = True

    def apply(self, action: Action[Any]) -> list[Event[Any]]:
        """Apply an action and store what the engine recorded (declines are never stored).

        What an earlier failed write left unsaved is written first; if that still fails the
        action is not applied. If storing this action's event fails, the action stays
        applied in memory and NotSaved carries its events: ``save`` writes it later.
        """
        if not self.saved:
            self.save()
        events = self.play(action)
        try:
            self.save()
        except NotSaved as e:
            raise e.with_events(events) from e.cause
        return events

    def play(self, action: Action[Any]) -> list[Event[Any]]:
        """Apply an action to the game in memory only, for a caller that stores it with
        ``save`` elsewhere (the desktop writes on a thread of its own, issue 20); refused
        while an earlier move is not stored, so the store never has a gap."""
        if not self.saved:
            raise RuntimeError("an earlier move is not stored yet: save it first")
        return self.game.apply(action)
