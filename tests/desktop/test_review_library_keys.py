"""The Xem lại library by keyboard alone (QA round 2, /tmp/qa2/repro_library_filter.py):
a filter that hid the selected game used to leave nothing selected — even once cleared — so
Enter ("Xem lại ván này") did nothing; ↑/↓/PgUp/PgDn typed in the search box did nothing; and
after Ctrl+3 the keys went to the search box instead of the table.

Keys are sent where the keyboard focus is, as a learner types them. The library: one hội of
8 analysed self-play games whose seat 0 (the learner) slips like a beginner — game 2 is a
draw and game 4 has no error, so the result filter and "only errors" hide one each.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot
from review_driver import shown_review

from desktop.chieu.scene import Scene
from desktop.main_window import MainWindow
from desktop.qt import QApplication, Qt, QWidget
from desktop.review.library_model import ResultFilter
from desktop.review.library_page import LibraryPage
from desktop.review.screen import ReviewScreen
from engine.chan.ai.selfplay import play_session
from replays.batch import analyze_library
from replays.library import list_games
from replays.paths import default_db
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store

PLAYERS = (Player("Lan"), Player("Bà Tư", "ai", "normal"), Player("Chú Ba", "ai", "normal"),
           Player("Cô Hằng", "ai", "random"))
LEVELS = ("beginner", "normal", "normal", "random")
K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def make_library(path: Path) -> None:
    """8 self-play games in one hội, analysed (the error counts are what Alt+E filters)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    played = play_session(LEVELS, 8, 11)
    with Store.open(path) as store:
        store.import_session(SessionRecord(players=PLAYERS, games=tuple(
            GameRecord(g.deal, tuple(g.record), g.mode) for g in played)))
    analyze_library(path)


@pytest.fixture
def screen(qtbot: QtBot, tmp_path: Path, scene: Scene) -> Iterator[ReviewScreen]:
    """Xem lại on the 8 games, shown and active (shortcuts need an active window)."""
    make_library(tmp_path / "replays.db")
    store = Store.open(tmp_path / "replays.db")
    yield from shown_review(qtbot, store, scene)
    store.close()


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def key(qtbot: QtBot, which: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key typed where the keyboard focus is."""
    target = focused()
    assert target is not None, "no keyboard focus"
    qtbot.keyClick(target, which, modifier)


def game_of(store: Store, kind: str | None = None, errors: int | None = None) -> int:
    """A game of the library with this result kind or this many errors."""
    return next(r.game_id for r in list_games(store)
                if (kind is None or r.kind == kind) and (errors is None or r.errors == errors))


def assert_selected_first_shown(library: LibraryPage) -> None:
    shown = library.visible_games()
    assert shown, "the filter should leave games to show"
    assert library.selected_game() == shown[0]
    assert library.open_button.isEnabled()


def test_clearing_a_search_that_hid_the_selection_selects_a_game_enter_opens(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    library = screen.library
    hidden = library.visible_games()[-1]
    assert library.select_game(hidden)
    key(qtbot, K.Key_F, CTRL)
    assert focused() is library.search
    qtbot.keyClicks(library.search, "zzz")
    assert library.visible_games() == []
    assert library.selected_game() is None
    assert not library.open_button.isEnabled()  # nothing to open: the button says so
    key(qtbot, K.Key_A, CTRL)
    key(qtbot, K.Key_Backspace)
    assert library.search.text() == ""
    assert len(library.visible_games()) == 8
    assert_selected_first_shown(library)
    key(qtbot, K.Key_Return)  # still in the search box
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.page() == "viewer"
    assert screen.viewer.stepper is not None
    assert screen.viewer.stepper.opened.game_id == library.visible_games()[0]


def test_alt_r_through_results_that_show_nothing_keeps_a_game_to_open(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    """Alt+R goes through every result, two of which (ù lào, unfinished) show no game here:
    the selection they dropped comes back on the first game of the next result."""
    library = screen.library
    seen: list[tuple[ResultFilter, list[int]]] = []
    for _ in ResultFilter:
        key(qtbot, K.Key_R, ALT)
        shown = library.visible_games()
        seen.append((library.proxy.result, shown))
        if not shown:
            assert library.selected_game() is None
            assert not library.open_button.isEnabled()
        elif not seen[-2:-1] or not seen[-2][1]:  # after an empty result: the first game
            assert_selected_first_shown(library)
        else:  # Qt keeps a neighbour of a hidden selection selected
            assert library.selected_game() in shown
            assert library.open_button.isEnabled()
    results = [which for which, _ in seen]
    assert results == [*list(ResultFilter)[1:], ResultFilter.ALL]
    empty_then_shown = [i for i in range(1, len(seen)) if not seen[i - 1][1] and seen[i][1]]
    assert empty_then_shown, "the library should have results that show no game"
    assert seen[empty_then_shown[0]][0] is ResultFilter.MINE_WON
    assert seen[empty_then_shown[0]][1] == [game_of(screen.store, errors=0)]
    key(qtbot, K.Key_Return)
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.page() == "viewer"


def test_alt_e_showing_games_again_selects_one(qtbot: QtBot, screen: ReviewScreen) -> None:
    """The only game the learner won has no error: Alt+E hides it (nothing shown), Alt+E
    again shows it selected."""
    library = screen.library
    clean = game_of(screen.store, errors=0)
    for _ in list(ResultFilter)[:list(ResultFilter).index(ResultFilter.MINE_WON)]:
        key(qtbot, K.Key_R, ALT)
    assert library.proxy.result is ResultFilter.MINE_WON
    assert library.visible_games() == [clean]
    key(qtbot, K.Key_E, ALT)
    assert library.only_errors.isChecked()
    assert library.visible_games() == []
    assert not library.open_button.isEnabled()
    key(qtbot, K.Key_E, ALT)
    assert library.visible_games() == [clean]
    assert_selected_first_shown(library)


def test_a_filter_that_hides_the_selected_game_leaves_a_game_selected(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    library = screen.library
    clean = game_of(screen.store, errors=0)
    assert library.select_game(clean)
    key(qtbot, K.Key_E, ALT)
    shown = library.visible_games()
    assert clean not in shown
    assert library.selected_game() in shown
    assert library.open_button.isEnabled()


def test_a_filter_keeps_a_selection_still_shown_and_does_not_scroll(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    """The learner scrolled down to a game: a filter that keeps it moves nothing."""
    library = screen.library
    library.table.setFixedHeight(110)  # a few rows fit: the table scrolls
    wait_for(qtbot, lambda: library.table.verticalScrollBar().maximum() > 0)
    bottom = library.visible_games()[-1]
    assert game_of(screen.store, errors=0) != bottom
    assert library.select_game(bottom)
    assert library.table.verticalScrollBar().value() > 0
    key(qtbot, K.Key_E, ALT)
    assert library.selected_game() == bottom
    row = library.visible_games().index(bottom)
    rect = library.table.visualRect(library.proxy.index(row, 0))
    assert library.table.viewport().rect().contains(rect.center())


def test_arrows_and_page_keys_in_the_search_box_move_the_selection_enter_opens(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    library = screen.library
    shown = library.visible_games()
    assert library.selected_game() == shown[0]
    key(qtbot, K.Key_F, CTRL)
    qtbot.keyClicks(library.search, "Lan")  # every game: Lan is the learner
    assert library.visible_games() == shown
    key(qtbot, K.Key_Down)
    assert library.selected_game() == shown[1]
    key(qtbot, K.Key_PageDown)
    assert library.selected_game() == shown[-1]
    key(qtbot, K.Key_Up)
    assert library.selected_game() == shown[-2]
    key(qtbot, K.Key_PageUp)
    assert library.selected_game() == shown[0]
    key(qtbot, K.Key_Down)
    assert focused() is library.search  # the learner can still type
    assert library.search.text() == "Lan"
    key(qtbot, K.Key_Return)
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.page() == "viewer"
    assert screen.viewer.stepper is not None
    assert screen.viewer.stepper.opened.game_id == shown[1]


def test_the_table_has_the_keys_whenever_the_library_is_shown(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Ctrl+3 (first time and again), back from the viewer, Alt+2 then Alt+1."""
    make_library(default_db(tmp_path))
    window: MainWindow = open_window(qtbot, tmp_path)
    key(qtbot, K.Key_3, CTRL)
    review = window.review
    assert review is not None
    library = review.library
    wait_for(qtbot, lambda: focused() is library.table)
    shown = library.visible_games()
    key(qtbot, K.Key_Down)
    assert library.selected_game() == shown[1]

    key(qtbot, K.Key_F, CTRL)
    assert focused() is library.search
    key(qtbot, K.Key_2, CTRL)
    assert window.activity() == "play"
    key(qtbot, K.Key_3, CTRL)
    wait_for(qtbot, lambda: focused() is library.table)

    key(qtbot, K.Key_Return)
    wait_for(qtbot, lambda: not review.opening)
    assert review.page() == "viewer"
    wait_for(qtbot, lambda: focused() is review.viewer.chieu)
    key(qtbot, K.Key_Escape)
    assert review.page() == "library"
    wait_for(qtbot, lambda: focused() is library.table)

    key(qtbot, K.Key_2, ALT)
    assert review.page() == "stats"
    key(qtbot, K.Key_1, ALT)
    assert review.page() == "library"
    wait_for(qtbot, lambda: focused() is library.table)
