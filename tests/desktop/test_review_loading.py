"""Xem lại reads the library on the Worker and searches advice in the helper process (issue 20:
the window froze 1.1–2.5 s on a 20,000-game library): while the work is held, the UI thread
keeps ticking, the screen says what it waits for ("Đang tải thư viện…", "Đang mở ván…",
"Đang đọc…", "đang tính…") and never shows a half-made page; released, the result is shown.

Each slow function is held on an event until the test releases it (test_learn_requests'
Held), or, in the helper process, until the test opens a gate (process_jobs): "the work is
still running" is a fact of the test, not a matter of timing."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path

import process_jobs
import pytest
from desktop_driver import TIMEOUT, wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, opened_library, shown_review
from test_learn_requests import Held

import desktop.review.advisor as advisor_module
import desktop.review.screen as screen_module
import desktop.review.stats_page as stats_module
import desktop.review.viewer as viewer_module
from desktop.chieu.scene import Scene
from desktop.qt import QTimer
from desktop.review.screen import ReviewScreen
from desktop.review.stats_page import HUMAN
from desktop.worker import Worker
from replays.batch import analyze_library
from replays.store import Store

LEVELS = ("random", "random", "random", "random")
GAMES = 6


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    yield from opened_library(tmp_path / "replays.db", LEVELS, GAMES, 3)


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    yield from shown_review(qtbot, store, scene)


@pytest.fixture
def ticks(qtbot: QtBot) -> Iterator[list[int]]:
    """A heartbeat on the UI thread: its count grows only while the event loop runs."""
    count = [0]
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: count.__setitem__(0, count[0] + 1))
    timer.start()
    yield count
    timer.stop()


def beating(qtbot: QtBot, ticks: list[int]) -> None:
    """The UI thread ticks on (the held work does not hold it)."""
    start = ticks[0]
    qtbot.waitUntil(lambda: ticks[0] >= start + 5, timeout=TIMEOUT)


def held(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> Iterator[Held]:
    hold = Held(getattr(module, name))
    monkeypatch.setattr(module, name, hold)
    yield hold
    hold.release.set()


@pytest.fixture
def held_listing(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    yield from held(monkeypatch, screen_module, "list_games")


def test_the_library_is_read_on_the_worker_and_says_it_is_loading_until_then(
        qtbot: QtBot, store: Store, scene: Scene, held_listing: Held,
        ticks: list[int]) -> None:
    review = ReviewScreen(store, Worker(), scene)
    qtbot.addWidget(review)
    review.resize(1280, 760)
    review.show()
    assert held_listing.entered.wait(TIMEOUT / 1000)
    beating(qtbot, ticks)
    library = review.library
    assert review.loading and library.model.rowCount() == 0
    assert library.empty.isVisibleTo(review) and not library.table.isVisibleTo(review)
    assert library.empty.text() == "Đang tải thư viện…"  # not "no games saved yet"
    assert library.status.text() == "" and not library.open_button.isEnabled()
    held_listing.release.set()
    wait_for(qtbot, lambda: not review.loading)
    assert len(library.model.rows) == GAMES and library.table.isVisibleTo(review)
    assert library.selected_game() is not None and library.open_button.isEnabled()
    review.shutdown()


def test_reading_it_again_keeps_the_rows_shown_until_the_new_ones_come(
        qtbot: QtBot, screen: ReviewScreen, store: Store, held_listing: Held,
        ticks: list[int]) -> None:
    """Xem lại shown again, a game played, a batch's progress: the library is read again."""
    library = screen.library
    chosen = library.visible_games()[2]
    assert library.select_game(chosen)
    held_listing.entered.clear()
    screen.refresh()
    assert held_listing.entered.wait(TIMEOUT / 1000)
    screen.refresh()  # asked again while reading: read once more after
    beating(qtbot, ticks)
    assert screen.loading and len(library.model.rows) == GAMES
    assert library.table.isVisibleTo(screen) and library.selected_game() == chosen
    analyze_library(Path(store.path))  # the library changes meanwhile
    held_listing.release.set()
    wait_for(qtbot, lambda: not screen.loading)
    assert all(r.counts is not None for r in library.model.rows)  # the second reading's
    assert library.selected_game() == chosen


def test_a_game_is_opened_on_the_worker_the_library_saying_so(
        qtbot: QtBot, screen: ReviewScreen, store: Store, monkeypatch: pytest.MonkeyPatch,
        ticks: list[int]) -> None:
    hold = next(held(monkeypatch, viewer_module, "open_game"))
    game_id = store.game_ids()[1]
    screen.open_game(game_id)
    assert hold.entered.wait(TIMEOUT / 1000)
    beating(qtbot, ticks)
    assert screen.opening and screen.page() == "library"
    assert "Đang mở ván…" in screen.library.status.text()
    hold.release.set()
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.page() == "viewer" and screen.viewer.stepper is not None
    assert screen.viewer.stepper.opened.game_id == game_id
    assert "Đang mở ván…" not in screen.library.status.text()


def test_statistics_are_read_on_the_worker_and_another_seats_say_reading_meanwhile(
        qtbot: QtBot, screen: ReviewScreen, store: Store, monkeypatch: pytest.MonkeyPatch,
        ticks: list[int]) -> None:
    analyze_library(Path(store.path))
    stats = screen.stats
    screen.show_page("stats")
    wait_for(qtbot, lambda: stats.loaded and stats._job is None)
    stats.choose_seat(1)
    wait_for(qtbot, lambda: stats.loaded and stats._job is None)
    assert len(stats.stats) == GAMES and stats.violations.series[0].values
    hold = next(held(monkeypatch, stats_module, "game_stats"))
    stats.choose_seat(2)  # another seat: the figures of seat 1 leave the page
    assert hold.entered.wait(TIMEOUT / 1000)
    beating(qtbot, ticks)
    assert not stats.loaded and stats.stats == []
    assert stats.violations.empty_text == "Đang đọc…"
    assert all(not s.values for s in stats.violations.series)
    assert "Đang đọc…" in stats.summary.text()
    hold.release.set()
    wait_for(qtbot, lambda: stats.loaded)
    assert [s.seat for s in stats.stats] == [2] * GAMES
    assert stats.chosen_seat() == 2 != HUMAN


def test_the_advice_is_searched_in_the_helper_process_and_stepping_never_waits(
        qtbot: QtBot, screen: ReviewScreen, store: Store, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, ticks: list[int]) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setattr(advisor_module, "advise",
                        functools.partial(process_jobs.held_advice, gate))
    try:
        viewer = screen.viewer
        open_in_viewer(qtbot, screen, store.game_ids()[0])
        s = viewer.stepper
        assert s is not None
        while not viewer._just_made():  # to just after a decision of the viewed seat
            viewer.command("replay_next")
        asked = s.position
        wait_for(qtbot, lambda: any(gate.glob("pid-*")))  # its search has started
        assert f"pid-{os.getpid()}" not in {p.name for p in gate.glob("pid-*")}
        beating(qtbot, ticks)
        assert "đang tính…" in viewer.panel.details.toPlainText()
        for command, position in (("replay_next", asked + 1), ("replay_prev", asked)):
            viewer.command(command)  # the search still held: stepping goes on
            assert s.position == position and viewer.chieu.view() == s.view()
        assert viewer.advisor.jobs
        (gate / "open").touch()
        wait_for(qtbot, lambda: not viewer.advisor.jobs, timeout=4 * TIMEOUT)
        assert "Máy gợi ý (theo máy mạnh)" in viewer.panel.details.toPlainText()
    finally:
        (gate / "open").touch()
