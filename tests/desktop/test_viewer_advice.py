"""The advice of a decision is the strong player's and says so ("theo máy mạnh" / "by the strong
player"); it is computed on the Worker once, kept in the library database, and read back when
the game is opened again (no new search); a damaged kept row is computed again; a write that
fails is skipped and the advice is shown all the same; without a library database nothing is
written.

(Asked for by issue 15, build item 3, in the viewer.)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest
from desktop_driver import wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, opened_library, shown_review

from desktop.chieu.scene import Scene
from desktop.i18n import set_language
from desktop.review.advisor import Key, keep_advice, kept_of
from desktop.review.decisions import position_of
from desktop.review.predict import grade_html
from desktop.review.screen import ReviewScreen
from desktop.review.viewer import ViewerPage
from engine.actions import Act, Action
from replays.advice import Advice, DecisionPoint, advise, decision_points
from replays.store import Store

LEVELS = ("normal", "normal", "normal", "normal")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    yield from opened_library(tmp_path / "replays.db", LEVELS, 3, 21)


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    yield from shown_review(qtbot, store, scene)


def searched_point(store: Store) -> tuple[int, DecisionPoint]:
    """A decision of seat 0 (the viewed seat) where the strong player searches."""
    for game_id in store.game_ids():
        _, _, record, _ = store.game_and_state(game_id)
        final = store.replay_alone(game_id, record)
        for point in decision_points(final, 0):
            if len(point.before.legal_actions()) > 1 and point.action.act is not Act.CALL \
                    and "thế bài" in advise(point.before, 0).reason_vi:
                return game_id, point
    raise AssertionError("no decision of seat 0 where the strong player searched")


def show_decision(qtbot: QtBot, screen: ReviewScreen, game_id: int,
                  point: DecisionPoint) -> tuple[ViewerPage, Key]:
    """Open the game and step to the moment after the decision; its advice arrived."""
    open_in_viewer(qtbot, screen, game_id)
    viewer = screen.viewer
    viewer.go(position_of(point) + 1)
    keys = [k for k in viewer.advisor.keys(position_of(point), 0)
            if viewer.advisor.point(k).event == point.event]
    assert keys
    wait_for(qtbot, lambda: not viewer.advisor.jobs)
    return viewer, keys[0]


def kept_rows(store: Store) -> int:
    return int(store.db.execute("SELECT COUNT(*) FROM advice").fetchone()[0])


def test_the_viewer_shows_the_strong_players_advice_and_keeps_it(
        qtbot: QtBot, screen: ReviewScreen, store: Store,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, point = searched_point(store)
    viewer, key = show_decision(qtbot, screen, game_id, point)
    advice = viewer.advisor.advice[key]
    assert advice.judge == "strong" and advice == advise(point.before, 0)
    text = viewer.panel.details.toPlainText()
    assert "Máy gợi ý (theo máy mạnh)" in text and "mô phỏng" in text
    assert viewer.worker.wait(10_000)  # the kept advice is written by a second job
    assert store.kept_advice(game_id, viewer.advisor.point(key), 0) == advice

    assert key in viewer.advisor.searched
    viewer, key = show_decision(qtbot, screen, game_id, point)  # opened again
    assert key not in viewer.advisor.searched  # read back, not searched again
    assert viewer.advisor.advice[key] == advice and viewer.last_error == ""
    assert "theo máy mạnh" in viewer.panel.details.toPlainText()


def test_the_viewer_says_by_the_strong_player_in_english(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    game_id, point = searched_point(store)
    viewer, _ = show_decision(qtbot, screen, game_id, point)
    try:
        assert set_language("en")
        viewer.retranslate()
        text = viewer.panel.details.toPlainText()
        assert "(by the strong player)" in text and "simulated games" in text
    finally:
        set_language("vi")


def test_a_damaged_kept_advice_is_computed_again(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    game_id, point = searched_point(store)
    viewer, key = show_decision(qtbot, screen, game_id, point)
    advice = viewer.advisor.advice[key]
    assert viewer.worker.wait(10_000) and kept_rows(store) >= 1
    store.db.execute("UPDATE advice SET advice = '{\"seat\": 0, \"values\": 7}'")
    store.db.conn.commit()
    viewer, key = show_decision(qtbot, screen, game_id, point)
    assert viewer.advisor.advice[key] == advice and viewer.last_error == ""
    assert viewer.worker.wait(10_000)
    assert store.kept_advice(game_id, viewer.advisor.point(key), 0) == advice  # rewritten


def test_a_failed_write_is_skipped_and_the_advice_shown(
        qtbot: QtBot, screen: ReviewScreen, store: Store,
        monkeypatch: pytest.MonkeyPatch) -> None:
    def locked(*_: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Store, "keep_advice", locked)
    game_id, point = searched_point(store)
    viewer, key = show_decision(qtbot, screen, game_id, point)
    assert viewer.worker.wait(10_000)
    assert key in viewer.advisor.advice and viewer.last_error == ""
    assert "theo máy mạnh" in viewer.panel.details.toPlainText()
    assert kept_rows(store) == 0


def test_without_a_library_database_advice_is_only_in_memory(
        tmp_path: Path, store: Store) -> None:
    game_id, point = searched_point(store)
    advice = advise(point.before, 0)
    missing = tmp_path / "elsewhere" / "replays.db"
    assert not keep_advice(missing, game_id, point, advice)
    assert kept_of(point, 0, missing, game_id) is None
    assert not missing.exists()  # never created
    assert kept_rows(store) == 0


def test_a_guess_the_search_cannot_tell_from_the_suggestion_is_graded_a_tie(
        qtbot: QtBot) -> None:
    suggested, tied, worse = (Action.parse(t) for t in ("0 discard 9v", "0 discard 2n",
                                                        "0 discard cc"))
    advice = Advice(seat=0, best=suggested, best_value=0.5,
                    values=MappingProxyType({suggested: 0.5, tied: 0.5, worse: 0.25}),
                    reason_vi="lý do", reason_en="reason", judge="strong")
    names = ["Lan", "Bà Tư", "Chú Ba", "Cô Năm"]
    tie = grade_html(tied, worse, advice, names, None)
    assert "Tốt" in tie and "ngang nước máy chọn" in tie and "máy cũng chọn" not in tie
    same = grade_html(suggested, worse, advice, names, None)
    assert "máy cũng chọn" in same and "ngang" not in same
    assert "kém" in grade_html(worse, worse, advice, names, None)


def test_a_graded_guess_says_which_player_judged(qtbot: QtBot) -> None:
    suggested, worse = (Action.parse(t) for t in ("0 discard 9v", "0 discard cc"))
    names = ["Lan", "Bà Tư", "Chú Ba", "Cô Năm"]
    for judge, vi, en in (("strong", "theo máy mạnh", "by the strong player"),
                          ("normal", "theo máy thường", "by the normal player")):
        advice = Advice(seat=0, best=suggested, best_value=0.5,
                        values=MappingProxyType({suggested: 0.5, worse: 0.25}),
                        reason_vi="lý do", reason_en="reason", judge=judge)
        set_language("vi")
        assert vi in grade_html(worse, worse, advice, names, None)
        set_language("en")
        try:
            assert en in grade_html(worse, worse, advice, names, None)
        finally:
            set_language("vi")
