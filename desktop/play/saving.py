"""What a hội of either game does with its writes (issue 13, issue 20): every write runs on the
StoreWriter's thread (writer.py); a move counts as played only once its write has committed;
a write the store refuses stops play — `save_failed` says why — until the learner retries
(`retry_save`: play goes on exactly where it stopped) or leaves (`leave_unsaved`: the stored
game stays whole up to its last saved move, to be resumed later).

Chắn's hội (hoi.py) and Tổ tôm's (tom_hoi.py) are built on this class; they keep the game
and its flow, and say what stopping means (`stop`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.play.writer import StoreWriter
from desktop.qt import QObject, Signal
from desktop.worker import Job
from engine.events import Event
from replays.errors import RecordError
from replays.recorder import NotSaved, Recorder
from replays.store import Store


class SavingHoi(QObject):
    """The writes of a hội being played; see the module docstring."""

    save_failed = Signal(object)  # NotSaved: play stopped; retry_save or leave_unsaved

    def __init__(self, store: Store, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.writer = StoreWriter(store.path, self)
        self._writing: Job[object] | None = None  # a write in flight: nothing goes on
        self._retry: Callable[[], None] | None = None  # set while a write failed
        self.recorder: Recorder | None = None

    def write_state(self) -> str | None:
        """"unsaved" (a write failed), "saving" (a write in flight), or None."""
        if self._retry is not None:
            return "unsaved"
        return "saving" if self._writing is not None else None

    def stop(self) -> None:
        """Drop the answer of the write in flight (it is still written)."""
        if self._writing is not None:
            self._writing.cancel()
            self._writing = None

    def _write(self, fn: Callable[[Store], object], done: Callable[[object], None],
               retry: Callable[[], None]) -> None:
        """``fn(store)`` on the writer's thread, then ``done(result)`` here; a write the
        store refuses stops play (`save_failed`) until ``retry`` is asked for."""
        self._writing = self.writer.run(fn, lambda result: self._wrote(done, result),
                                        lambda error: self._write_failed(error, retry))

    def _read(self, fn: Callable[[Store], object], done: Callable[[object], None],
              failed: Callable[[BaseException], None]) -> None:
        """``fn(store)`` on the writer's thread (a read that must see every write before
        it), then ``done(result)`` or ``failed(error)`` here."""

        def fail(error: BaseException) -> None:
            self._writing = None
            failed(error)

        self._writing = self.writer.run(fn, lambda r: self._wrote(done, r), fail)

    def _wrote(self, done: Callable[[object], None], result: object) -> None:
        self._writing = None
        done(result)

    def _write_failed(self, error: BaseException, retry: Callable[[], None]) -> None:
        self._writing = None
        if isinstance(error, RecordError) and not isinstance(error, NotSaved):
            error = NotSaved(error, starting=self.recorder is None)  # replays.db won't open
        if not isinstance(error, NotSaved):
            raise error  # a bug: not the disk's or another program's doing
        self._hold(error, retry)

    def _hold(self, error: NotSaved, retry: Callable[[], None]) -> None:
        """A write failed: stop everything, keep how to go on, and tell the screen."""
        self.stop()
        self._retry = retry
        self.save_failed.emit(error)

    def _save_move(self, recorder: Recorder, events: list[Event[Any]],
                   then: Callable[[], None]) -> None:
        """Write the move the recorder holds in memory; ``then()`` once it is stored."""

        def write(store: Store) -> None:
            del store  # the Recorder writes through the writer's store it was made with
            try:
                recorder.save()
            except NotSaved as e:
                raise e.with_events(events) from e.cause

        self._write(write, lambda _: then(), lambda: self._save_move(recorder, events, then))

    def retry_save(self) -> None:
        """Try the failed write again (on the writer's thread); on success play goes on
        where it stopped, a new failure stops it again."""
        retry, self._retry = self._retry, None
        if retry is not None:
            retry()

    def leave_unsaved(self) -> None:
        """Give up after a failed write: the game is left as the store holds it (up to its
        last saved move), to be resumed later; nothing more is played."""
        if self._retry is None:
            return
        self._retry = None
        self.stop()
        if self.recorder is not None and not self.recorder.saved:
            self.recorder = None  # the store's game, not this one ahead of it, is resumed
