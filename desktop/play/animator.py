"""Runs card flights one after the other at the pacing's speed: the controller reads `current`
for each frame and goes on with the game when `finished` fires.
"""

from __future__ import annotations

import time
from dataclasses import replace

from desktop.chieu.view import Animation, AnimKind
from desktop.play.pacing import Pacing
from desktop.qt import QObject, QTimer, Signal


class Animator(QObject):
    """A queue of Animations played in turn."""

    frame = Signal()  # `current` moved on: draw it
    finished = Signal()  # the last flight landed

    def __init__(self, pacing: Pacing, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pacing = pacing
        self.current: Animation | None = None
        self._queue: list[Animation] = []
        self._start = 0.0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)

    @property
    def running(self) -> bool:
        """Whether a card is in flight."""
        return self.current is not None

    def start(self, flights: list[Animation]) -> None:
        """Fly these cards in order (nothing happens for an empty list)."""
        if not flights:
            return
        self._queue = list(flights[1:])
        self.current = flights[0]
        self._start = time.monotonic()
        self._timer.start(max(1, self.pacing.frame_ms))
        self.frame.emit()

    def stop(self) -> None:
        """Drop every flight without finishing."""
        self._timer.stop()
        self._queue = []
        self.current = None

    def _duration(self, anim: Animation) -> float:
        ms = self.pacing.deal_ms if anim.kind is AnimKind.DEAL else self.pacing.anim_ms
        return max(1, ms) / 1000

    def _tick(self) -> None:
        anim = self.current
        if anim is None:
            self._timer.stop()
            return
        progress = (time.monotonic() - self._start) / self._duration(anim)
        if progress < 1:
            self.current = replace(anim, progress=progress)
        elif self._queue:
            self.current = self._queue.pop(0)
            self._start = time.monotonic()
        else:
            self.stop()
            self.finished.emit()
            return
        self.frame.emit()
