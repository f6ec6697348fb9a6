"""Xem lại shown and active for a test (its shortcuts need an active window), and shut down
with its Worker after it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.chieu.scene import Scene
from desktop.review.screen import ReviewScreen
from desktop.worker import Worker
from engine.chan.ai.selfplay import play_session
from replays.record import GameRecord, Player, SessionRecord, default_players
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
    qtbot.waitUntil(lambda: not review.loading)  # the library is read on the Worker
    yield review
    review.shutdown()
    worker.wait(10_000)


def selfplay_library(path: Path, levels: tuple[str, ...], games: int, seed: int,
                     players: tuple[Player, ...] | None = None) -> list[int]:
    """A hội of `games` self-play games (computer players of `levels`, seeded) stored at
    `path` under the names of `players` (the default ones unless given); the game ids."""
    played = play_session(levels, games, seed)
    with Store.open(path) as store:
        return store.import_session(SessionRecord(
            players=players or default_players(),
            games=tuple(GameRecord(g.deal, tuple(g.record), g.mode) for g in played)))[1]


def opened_library(path: Path, levels: tuple[str, ...], games: int, seed: int,
                   players: tuple[Player, ...] | None = None) -> Iterator[Store]:
    """`selfplay_library`, then the store open on it; use with ``yield from`` in a fixture."""
    selfplay_library(path, levels, games, seed, players)
    with Store.open(path) as opened:
        yield opened


def open_in_viewer(qtbot: QtBot, review: ReviewScreen, game_id: int) -> None:
    """Open a game as Enter in the library does and wait until the viewer shows it (it is
    read on the Worker)."""
    review.open_game(game_id)
    qtbot.waitUntil(lambda: not review.opening)
    stepper = review.viewer.stepper
    assert review.page() == "viewer" and stepper is not None
    assert stepper.opened.game_id == game_id
