"""Xem lại on a library of 1,000 self-play games (issue 8 "Done when"): the library lists,
sorts and filters them; a game steps with the keys, jumps between annotations with n/Shift+N,
toggles its views; play on from a replay position; the batch analysis with its progress bar,
cancelled (what was done stays cached).

The library is built once per test session (AI-only hội of 10 random-level games, seat 0
recorded as the learner); each test works on its own copy.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from desktop_driver import open_window, press, wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, shown_review

from desktop.chieu.scene import Scene
from desktop.qt import QFontMetrics, QModelIndex, Qt
from desktop.review.library_model import COLUMNS, SORT_ROLE, Column, ResultFilter
from desktop.review.replay import annotation_position
from desktop.review.screen import ReviewScreen
from engine.chan.ai.selfplay import play_session
from engine.game import Phase
from replays.library import list_games
from replays.paths import default_db
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store

GAMES = 1000
START = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
PLAYERS = (Player("Lan"), *(Player(f"Máy {i}", "ai", "random") for i in range(1, 4)))


@pytest.fixture(scope="session")
def library_1000(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1,000 finished self-play games in 100 hội (built once; never written to)."""
    path = tmp_path_factory.mktemp("library") / "replays.db"
    with Store.open(path) as store:
        for k in range(0, GAMES, 10):
            games = play_session(("random",) * 4, 10, 7919 + k)
            store.import_session(SessionRecord(players=PLAYERS, games=tuple(
                GameRecord(g.deal, tuple(g.record), g.mode,
                           started_at=(START + timedelta(minutes=20 * (k + i))).isoformat())
                for i, g in enumerate(games))))
    return path


@pytest.fixture
def library(library_1000: Path, tmp_path: Path) -> Path:
    """A private copy of the 1,000-game library, where the app keeps its database."""
    path = default_db(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(library_1000, path)
    return path


@pytest.fixture
def screen(qtbot: QtBot, library: Path, scene: Scene) -> Iterator[ReviewScreen]:
    """The Xem lại screen on the copy, shown and active (shortcuts need an active window)."""
    store = Store.open(library)
    yield from shown_review(qtbot, store, scene)
    store.close()


def _sort_keys(review: ReviewScreen, column: Column) -> list[object]:
    proxy = review.library.proxy
    c = COLUMNS.index(column)
    return [proxy.index(r, c, QModelIndex()).data(SORT_ROLE) for r in range(proxy.rowCount())]


def test_the_library_lists_sorts_and_filters_a_thousand_games(qtbot: QtBot,
                                                              screen: ReviewScreen) -> None:
    page = screen.library
    assert page.proxy.rowCount() == GAMES and page.table.isVisibleTo(screen)
    rows = page.model.rows
    assert rows == list_games(screen.store)  # replays.library's rows, newest first
    dates = _sort_keys(screen, Column.DATE)
    assert dates == sorted(dates, reverse=True)  # newest first, as opened
    assert page.selected_game() == rows[0].game_id  # Enter opens the newest
    assert "1000 ván" in page.status.text()
    page.table.sortByColumn(COLUMNS.index(Column.EVENTS), Qt.SortOrder.AscendingOrder)
    events = _sort_keys(screen, Column.EVENTS)
    assert events == sorted(events) and events[0] < events[-1]
    page.search.setText("Lan Máy 3")  # every word must appear
    assert page.proxy.rowCount() == GAMES
    page.search.setText("xyz")
    assert page.proxy.rowCount() == 0
    page.search.clear()
    draws = sum(1 for r in rows if r.kind == "draw")
    page.result.setCurrentIndex(list(ResultFilter).index(ResultFilter.DRAW))
    page.result.activated.emit(page.result.currentIndex())
    assert page.proxy.rowCount() == draws > 0
    assert {page.model.rows[r].kind for r in range(len(rows))
            if page.proxy.filterAcceptsRow(r, QModelIndex())} == {"draw"}
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    assert page.only_errors.isChecked()  # nothing analysed yet: no game is known to have errors
    assert page.proxy.rowCount() == 0
    qtbot.keyClick(page.table, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(page.table, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # next result
    assert page.proxy.result is list(ResultFilter)[page.result.currentIndex()]
    assert page.proxy.result is ResultFilter.U_LAO
    assert page.proxy.rowCount() == sum(1 for r in rows if r.kind == "u_lao")


def test_keys_step_through_a_game_and_n_jumps_between_annotations(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    page = screen.library
    page.table.setFocus()
    target = screen.library.model.rows[3].game_id
    assert page.select_game(target)
    press(qtbot, page.table, Qt.Key.Key_Return)  # keys.py review_open
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.page() == "viewer"
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None and s.opened.game_id == target and s.position == 0
    chieu = viewer.chieu
    assert chieu.hasFocus()
    for _ in range(3):
        press(qtbot, chieu, Qt.Key.Key_Right)
    assert s.position == 3
    view = chieu.view()
    assert view is not None
    assert view.obs == s.opened.states[3].observation(s.seat)  # the engine's position
    assert s.event_text(3) in view.message and viewer.timeline.position == 3
    press(qtbot, chieu, Qt.Key.Key_Left)
    assert s.position == 2
    press(qtbot, chieu, Qt.Key.Key_End)
    assert s.position == s.last == len(s.opened.actions)
    assert "Kết quả" in viewer.panel.details.toPlainText()
    press(qtbot, chieu, Qt.Key.Key_Home)
    assert s.position == 0

    errors = s.opened.errors
    assert len(errors) >= 2  # random players break rules (R7)
    press(qtbot, chieu, Qt.Key.Key_N)
    assert s.selected == 0 and s.position == annotation_position(errors[0])
    assert viewer.panel.errors.currentRow() == 0
    assert viewer.timeline.selected == errors[0]["event"]
    assert errors[0]["message"] in viewer.panel.details.toPlainText()
    press(qtbot, chieu, Qt.Key.Key_N)
    assert s.selected == 1 and s.position == annotation_position(errors[1])
    qtbot.keyClick(chieu, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert s.selected == 0
    caused = next((i for i, a in enumerate(errors) if a.get("cause_event") is not None), None)
    if caused is not None:  # the earlier event that set it up is marked on the timeline
        viewer.select_annotation(caused)
        assert viewer.timeline.cause == errors[caused]["cause_event"]


def test_the_views_switch_between_open_hands_and_what_a_seat_saw(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    open_in_viewer(qtbot, screen, screen.library.model.rows[0].game_id)
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None
    chieu = viewer.chieu
    for _ in range(5):
        press(qtbot, chieu, Qt.Key.Key_Right)
    game = s.opened.states[5]
    view = chieu.view()
    assert view is not None and view.open_hands == tuple(
        game.hand_cards(seat) for seat in range(game.players))
    press(qtbot, chieu, Qt.Key.Key_V)  # only what the seat could see: its observation
    view = chieu.view()
    assert view is not None and view.open_hands is None and not s.open_hands
    assert viewer.panel.as_player.isChecked()
    assert view.obs == game.observation(0)
    press(qtbot, chieu, Qt.Key.Key_S)  # the next seat
    view = chieu.view()
    assert view is not None and view.obs.seat == 1 and view.obs.hand == game.hand_cards(1)
    assert viewer.panel.seat.currentIndex() == 1
    qtbot.mouseClick(viewer.panel.all_open, Qt.MouseButton.LeftButton)
    view = chieu.view()
    assert view is not None and view.open_hands is not None and s.open_hands


def test_play_on_from_a_replay_position(qtbot: QtBot, library: Path) -> None:
    window = open_window(qtbot, library.parent)
    window.show_activity("review")
    review = window.review
    assert review is not None
    wait_for(qtbot, lambda: not review.loading)
    row = next(r for r in review.library.model.rows if r.events > 30)
    open_in_viewer(qtbot, review, row.game_id)
    viewer = review.viewer
    s = viewer.stepper
    assert s is not None
    viewer.set_seat(2)  # the learner takes the seat viewed (not seat 0)
    at = next(p for p in range(20, s.last) if s.opened.states[p].actor == 2
              and s.opened.states[p].phase in (Phase.PLAY, Phase.DISCARD))
    viewer.go(at)  # a position where seat 2 is to move
    assert viewer.panel.branch_button.isEnabled()
    before = len(review.store.game_ids())
    press(qtbot, viewer.chieu, Qt.Key.Key_C)  # keys.py replay_branch
    wait_for(qtbot, lambda: window.activity() == "play")
    c = window.play.controller
    wait_for(qtbot, lambda: c.game is not None)  # read on the hội's writer thread
    game = c.game
    assert game is not None and len(review.store.game_ids()) == before + 1
    assert c.game_id not in (None, row.game_id)
    assert game.deal == s.opened.states[0].deal  # the same deal
    assert tuple(game.record) == s.opened.actions[:at]  # the events up to there
    assert c.learner == 2 and [p.kind for p in c.players] == ["ai", "ai", "human", "ai"]
    wait_for(qtbot, lambda: c.state == "learner")  # seat 2 is to move: the learner
    view = window.play.chieu.view()
    assert view is not None and view.obs.seat == 2  # the chiếu is drawn from that seat
    assert game.actor == 2 and len(game.record) == at
    c._try(game.legal_actions()[0])  # a self-play game is in real mode: no warning
    wait_for(qtbot, lambda: len(game.record) > at)
    assert game.record[at].seat == 2  # the learner's move, recorded
    # stored by the hội's writer thread once its commit is done (the move is shown after)
    wait_for(qtbot, lambda: len(review.store.session(c.session_id or 0).games[0].actions) > at)


def test_a_background_refresh_keeps_where_the_learner_scrolled(qtbot: QtBot,
                                                              screen: ReviewScreen) -> None:
    """During a batch the library is read again every REFRESH_MS: the list must not jump
    back to the selected row while the learner scrolls."""
    page = screen.library
    bar = page.table.verticalScrollBar()
    assert page.selected_game() == page.visible_games()[0] and bar.value() == 0
    bar.setValue(bar.maximum() // 2)
    scrolled = bar.value()
    assert scrolled > 0
    screen._progress(3, GAMES)  # a batch's tick: the refresh timer starts
    wait_for(qtbot, lambda: not screen._refresh_timer.isActive())
    assert bar.value() == scrolled
    screen.refresh()
    assert bar.value() == scrolled and page.selected_game() == page.visible_games()[0]


def test_batch_analysis_shows_progress_and_cancel_keeps_what_was_done(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    page = screen.library
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert screen.runner.running and not page.batch_button.isEnabled()
    wait_for(qtbot, lambda: screen.runner.done >= 3, timeout=30_000)
    assert page.batch.isVisibleTo(screen) and page.batch.bar.maximum() == GAMES
    assert page.batch.bar.value() >= 3 and "/ 1000" in page.batch.bar.text()
    qtbot.mouseClick(page.batch.cancel_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: not screen.runner.running and not screen.loading, timeout=30_000)
    result = screen.last_batch
    assert result is not None and result.cancelled and 3 <= result.done < GAMES
    assert not page.batch.isVisibleTo(screen) and page.batch_button.isEnabled()
    analysed = [r for r in page.model.rows if r.counts is not None]
    assert len(analysed) == result.done  # every game done is cached, and listed
    assert f"{result.done} đã phân tích" in page.status.text()
    page.only_errors.setChecked(True)
    assert page.proxy.rowCount() == sum(1 for r in analysed if r.errors)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_column_titles_are_never_clipped(qtbot: QtBot, screen: ReviewScreen,
                                             lang: str) -> None:
    """Issue 20: at 1024 px in English the headers read "ssion · gar" and "Missed (": each
    column is as wide as its title (sort arrow included), in the language shown."""
    from desktop.i18n import set_language

    screen.resize(1024, 600)
    set_language(lang)
    try:
        qtbot.wait(10)
        header = screen.library.table.horizontalHeader()
        metrics = QFontMetrics(header.font())
        for i, column in enumerate(COLUMNS):
            lines = str(screen.library.model.headerData(i, Qt.Orientation.Horizontal))
            longest = max(metrics.horizontalAdvance(line) for line in lines.split("\n"))
            assert header.sectionSize(i) >= longest + 12, column  # text and margins
        # and all of them fit: the players' names keep room, no column is pushed out of sight
        assert header.sectionSize(COLUMNS.index(Column.PLAYERS)) >= 100
        assert header.length() <= screen.library.table.viewport().width()
    finally:
        set_language("vi")
