"""Xem lại shown and active for a test (its shortcuts need an active window), and shut down
with its Worker after it."""

from __future__ import annotations

from collections.abc import Iterator

from pytestqt.qtbot import QtBot

from desktop.chieu.scene import Scene
from desktop.review.screen import ReviewScreen
from desktop.worker import Worker
from replays.store import Store


def shown_review(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    """The screen on `store` at 1280 × 760; use with ``yield from`` in a fixture."""
    worker = Worker()
    review = ReviewScreen(store, worker, scene)
    qtbot.addWidget(review)
    review.resize(1280, 760)
    with qtbot.waitExposed(review):
        review.show()
    review.activateWindow()
    qtbot.waitUntil(review.isActiveWindow)
    yield review
    review.shutdown()
    worker.wait(10_000)
