"""Keeping the learner's place in a guided first game (Chắn's or Tổ tôm's): after every step
the step to continue from is written on the Worker, so a slow or failing disk never freezes the
page; a place the disk refuses is kept in memory, said above the page and written on retry
(Ctrl+S) or at the next step (issue 20). A position file that could not be used and is a
regular file of garbage is kept aside (``….damaged``) at the first save; anything that is not a
regular file is never replaced (lessons/first_game.py ``save_position``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from desktop.worker import Worker
from lessons.first_game import Guided, Kept, save_position
from lessons.item import Text
from replays.errors import BadFile, RecordError
from replays.files import keep_damaged, write_error
from replays.readonly import is_regular


class Place:
    """The place to keep, shared by the page (UI thread) and the job writing it (Worker):
    one job at a time, and it writes the latest step asked before it ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asked: int | None = None
        self._running = False

    def ask(self, step: int) -> bool:
        """``step`` is where the learner is now; True when a job must be started for it."""
        with self._lock:
            self._asked = step
            start, self._running = not self._running, True
            return start

    def write_latest(self, write: Callable[[int], None]) -> int:
        """In the job: write the latest step asked until no newer one is; the last written."""
        written: int | None = None
        while True:
            with self._lock:
                step = self._asked
                if step is None or step == written:
                    self._running = False
                    assert written is not None
                    return written
            write(step)
            written = step

    def stopped(self) -> None:
        """The job failed: the next ask starts another."""
        with self._lock:
            self._running = False


G = TypeVar("G", bound=Guided)


class PlaceKeeping(Generic[G]):
    """The saving half of a guided game's page; the page sets ``path``, ``guide``, ``worker``,
    ``kept``, ``failure``, ``_wanted``, ``_place`` and ``_kept_aside``, and says a change of
    the saving (``saving_said``: its signal ``saving_changed``)."""

    path: Path
    guide: G
    worker: Worker
    kept: Kept
    failure: Text | None
    _wanted: int | None
    _place: Place
    _kept_aside: bool

    def saving_said(self) -> None:
        """The place could not be saved, or is saved again (the page emits its signal)."""
        raise NotImplementedError

    @property
    def unsaved(self) -> bool:
        """A place not written yet (being written, or refused by the disk)."""
        return self._wanted is not None

    def save(self, step: int) -> None:
        """Keep ``step`` as where the learner is, on the Worker (the latest step wins)."""
        self._wanted = step
        self._write(step)

    def retry_saving(self) -> None:
        """Write again the place the disk refused (Ctrl+S, the strip's button)."""
        if self.failure is not None and self._wanted is not None:
            self._write(self._wanted)

    def _write(self, step: int) -> None:
        """Ask for ``step`` to be written. A job already writing takes it up before it ends
        (Place), so the latest place is written even when the window closes before the
        job's callback could start another one (the window waits for its Worker's jobs)."""
        if not self._place.ask(step):
            return
        path, guide, place = self.path, self.guide, self._place
        aside = self.kept.damaged and not self._kept_aside

        def write() -> int:
            try:
                if aside and keep_damaged(path) is None and is_regular(path):
                    raise BadFile(f"{path}: the damaged file could not be moved aside, so it "
                                  f"is not replaced", f"{path}: không chuyển được tệp hỏng "
                                                      f"sang bên cạnh, nên nó không bị thay thế")
                return place.write_latest(lambda n: save_position(path, guide, n))
            except BaseException:
                place.stopped()
                raise

        self.worker.run(write, lambda written: self._written(written, aside), self._refused)

    def _written(self, step: int, aside: bool) -> None:
        self._kept_aside = self._kept_aside or aside
        if self._wanted == step:
            self._wanted = None
        had, self.failure = self.failure, None
        if had is not None:
            self.saving_said()

    def _refused(self, error: BaseException) -> None:
        if isinstance(error, OSError):
            error = write_error(self.path, error)
        said = error if isinstance(error, RecordError) else None
        full, name = str(self.path), self.path.name  # the data folder's own file: its name
        self.failure = Text(said.vi.replace(full, name), said.en.replace(full, name)) \
            if said is not None else Text(str(error), str(error))
        self.saving_said()

