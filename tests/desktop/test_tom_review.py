"""Xem lại for Tổ tôm (issue 23 §3): a library holding Chắn and Tổ tôm hội, filtered by game;
a Tổ tôm game opened and stepped through by keys to each of its annotations (TN, TD, ù and
phỗng let pass, the call's faults); the judged arrangement drawn at the ù; the computer's
advice arriving without the viewer waiting for it; the report and the export; statistics
per game; a damaged Tổ tôm game said in words.

Every fact checked comes from the engine or the analyzer: the annotations of Store.analysis,
the arrangement and the call of the analysis document (replays.tom_analyzer), the advice of
engine.totom.make_player("normal").judge (desktop.review.tom_advice).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from desktop_driver import press, wait_for
from pytestqt.qtbot import QtBot
from review_driver import shown_review

from desktop.chieu.scene import Scene
from desktop.qt import QApplication, QMessageBox, Qt
from desktop.review.library_model import COLUMNS, Column
from desktop.review.screen import ReviewScreen
from desktop.review.tom_advice import Point, judge
from desktop.review.tom_advisor import move_text
from desktop.review.tom_details import kind_name
from desktop.review.tom_viewer import TomViewerPage
from desktop.worker import Worker
from engine.totom import say
from replays.batch import analyze_library
from replays.chanjson import read_file
from replays.library import list_games
from replays.store import Store
from replays.tom_game import RECORDS as TOM
from replays.tom_selfplay import play_session
from replays.tom_text import tokens_of
from tests.library_damage import make_library
from tests.replays import tom_games as T

HAND_MADE = {  # what each hand-made game shows (tests/replays/tom_games.py)
    "missed_u": T.with_missed_u_and_tn1,  # bỏ ù, then TN1: the ù unpaid
    "offence": T.with_offence,  # TD9: a yêu discarded
    "chi_nay": T.example_2,  # T7.7: "Ù chi nẩy tôm", paid 26
    "missed_phong": T.with_missed_phong,
    "over_call": lambda: T.example_4_record("thong thap_hong tom leo", False),  # TD8, chèo đò
    "under_call": lambda: T.example_4_record("thap_hong", False),
    "procedure": lambda: T.with_khan_call("suong"),  # TN5 and the khàn not called
}


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    """A library of a Chắn hội, a Tổ tôm self-play hội and the hand-made Tổ tôm games; the
    ids by what they are."""
    db = tmp_path_factory.mktemp("tomreview") / "replays.db"
    ids: dict[str, list[int]] = {"chan": make_library(db, 3, hoi=3)}
    played, _ = play_session(("random",) * 5, 3, 2)
    with Store.open(db) as store:
        ids["selfplay"] = store.import_session(T.record_of(*played))[1]
        for name, record in HAND_MADE.items():
            ids[name] = store.import_session(record())[1]
    ids["to_tom"] = sorted(i for k, v in ids.items() if k != "chan" for i in v)
    return db, ids


@pytest.fixture
def store(library: tuple[Path, dict[str, list[int]]]) -> Iterator[Store]:
    """The library, open."""
    with Store.open(library[0]) as opened:
        yield opened


@pytest.fixture
def ids(library: tuple[Path, dict[str, list[int]]]) -> dict[str, list[int]]:
    """The games' ids by what they are."""
    return library[1]


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    """Xem lại on the library with Tổ tôm as the program's game, shown and active."""
    worker = Worker()
    review = ReviewScreen(store, worker, scene, game="to_tom")
    qtbot.addWidget(review)
    review.resize(1280, 760)
    with qtbot.waitExposed(review):
        review.show()
    review.activateWindow()
    qtbot.waitUntil(review.isActiveWindow)
    qtbot.waitUntil(lambda: not review.loading)
    yield review
    review.shutdown()
    worker.wait(10_000)


def open_tom(qtbot: QtBot, screen: ReviewScreen, game_id: int) -> TomViewerPage:
    """Select a game in the library and open it with Enter, as the learner does."""
    assert screen.select_game(game_id)
    press(qtbot, screen.library.table, Qt.Key.Key_Return)
    wait_for(qtbot, lambda: not screen.opening)
    viewer = screen.tom_viewer
    assert screen.page() == "viewer" and screen.pages.currentWidget() is viewer
    assert viewer.stepper is not None and viewer.stepper.opened.game_id == game_id
    return viewer


def errors_of(store: Store, game_id: int) -> list[dict[str, object]]:
    """The annotations the library counts as errors, as the analyzer writes them."""
    return [a for a in store.analysis(game_id)["annotations"] if a["kind"] in TOM.error_kinds]


def said(text: str) -> bool:
    """A message box showing `text` is up; it is closed."""
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.isVisible() and text in w.text()]
    for box in boxes:
        box.accept()
    return bool(boxes)


# ---------------------------------------------------------------------------- the library

def test_the_library_lists_the_programs_game_and_filters_by_game_with_alt_g(
        qtbot: QtBot, screen: ReviewScreen, ids: dict[str, list[int]]) -> None:
    page = screen.library
    assert page.game == "to_tom"  # Settings.game when Xem lại was built
    assert sorted(page.visible_games()) == ids["to_tom"]
    ruleset = COLUMNS.index(Column.RULESET)
    assert {page.proxy.index(r, ruleset).data() for r in range(page.proxy.rowCount())} == {
        "Tổ tôm"}
    header = page.model.headerData(COLUMNS.index(Column.MISSED_CHIU),
                                   Qt.Orientation.Horizontal)
    assert header == "Bỏ phỗng"
    assert page.status.text().startswith("Tổ tôm: ")
    assert page.game_box.currentText() == f"Tổ tôm ({len(ids['to_tom'])})"
    press(qtbot, page.table, Qt.Key.Key_G)  # a plain G does nothing here
    assert page.game == "to_tom"
    qtbot.keyClick(page.table, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)  # keys.py
    assert page.game is None
    assert sorted(page.visible_games()) == sorted(ids["chan"] + ids["to_tom"])
    qtbot.keyClick(page.table, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert page.game == "chan" and sorted(page.visible_games()) == ids["chan"]
    screen.set_game("to_tom")  # MainWindow.game_changed
    assert page.game == "to_tom" and screen.stats.game == "to_tom"


def test_a_chan_game_still_opens_in_chans_viewer(qtbot: QtBot, screen: ReviewScreen,
                                                 ids: dict[str, list[int]]) -> None:
    screen.set_game("chan")
    screen.open_game(ids["chan"][0])
    wait_for(qtbot, lambda: not screen.opening)
    assert screen.pages.currentWidget() is screen.viewer
    assert screen.viewer.stepper is not None
    assert screen.viewer.stepper.opened.game_id == ids["chan"][0]


def test_the_counts_of_each_game_are_its_own_kinds_after_the_batch(
        qtbot: QtBot, screen: ReviewScreen, store: Store, ids: dict[str, list[int]]) -> None:
    screen.start_batch()
    wait_for(qtbot, lambda: screen.last_batch is not None and not screen.loading, 60_000)
    assert screen.last_batch is not None and not screen.last_batch.failed
    rows = {r.game_id: r for r in list_games(store)}
    page = screen.library
    model = page.model
    [gid] = ids["missed_u"]
    assert rows[gid].counts is not None
    row = model.rows[model.row_of(gid) or 0]
    assert row.game_id == gid
    texts = model.prepared[model.row_of(gid) or 0].texts
    assert texts[COLUMNS.index(Column.VIOLATIONS)] == str(rows[gid].counts["offence"]) == "1"
    assert texts[COLUMNS.index(Column.MISSED_U)] == "1"
    assert "không được tính điểm" in texts[COLUMNS.index(Column.RESULT)]
    [over] = ids["over_call"]
    over_texts = model.prepared[model.row_of(over) or 0].texts
    assert over_texts[COLUMNS.index(Column.CALLS)] == "1"
    assert "chèo đò" in over_texts[COLUMNS.index(Column.RESULT)]


# ---------------------------------------------------------------------------- the viewer

@pytest.mark.parametrize("name", ["missed_u", "offence", "missed_phong", "over_call",
                                  "under_call", "procedure"])
def test_n_steps_to_each_annotation_of_a_tom_game(qtbot: QtBot, screen: ReviewScreen,
                                                  store: Store, ids: dict[str, list[int]],
                                                  name: str) -> None:
    [gid] = ids[name]
    viewer = open_tom(qtbot, screen, gid)
    s = viewer.stepper
    assert s is not None
    expected = errors_of(store, gid)
    assert expected and [a["kind"] for a in s.opened.errors] == [a["kind"] for a in expected]
    assert viewer.panel.errors.count() == len(expected)
    seen = []
    for a in expected:
        press(qtbot, viewer.chieu, Qt.Key.Key_N)  # keys.py replay_next_note
        chosen = s.selected_annotation()
        assert chosen is not None and s.position == int(a["event"]) + 1
        seen.append(chosen["kind"])
        text = viewer.panel.details.toPlainText()
        assert str(a["message"]) in text and kind_name(str(a["kind"])) in text
        if a.get("rule"):
            assert str(a["rule"]) in text
        view = viewer.chieu.view()
        assert view is not None and f"Nước {s.position}/{s.last}" in view.message
    assert seen == [a["kind"] for a in expected]
    press(qtbot, viewer.chieu, Qt.Key.Key_N)  # nothing after the last one
    assert s.selected_annotation() == s.opened.errors[-1]
    press(qtbot, viewer.chieu, Qt.Key.Key_Home)
    assert s.position == 0
    press(qtbot, viewer.chieu, Qt.Key.Key_Right)
    assert s.position == 1
    press(qtbot, viewer.chieu, Qt.Key.Key_Escape)  # back to the library
    assert screen.page() == "library"


def test_the_judged_arrangement_is_drawn_at_the_u_and_the_call_at_the_end(
        qtbot: QtBot, screen: ReviewScreen, store: Store, ids: dict[str, list[int]]) -> None:
    [gid] = ids["chi_nay"]
    viewer = open_tom(qtbot, screen, gid)
    s = viewer.stepper
    assert s is not None
    result = store.analysis(gid)["result"]
    judged = [[str(c) for c in g["cards"]] for g in result["arrangement"]]
    win = next(p for p in range(s.last + 1) if s.opened.states[p].outcome is not None)
    while s.position < win:
        press(qtbot, viewer.chieu, Qt.Key.Key_Right)
    view = viewer.chieu.view()
    assert view is not None and view.result is not None
    assert [[c.code for c in g.meld.cards] for g in view.result.groups] == judged
    assert view.result.winner == result["winner"] and view.result.w is not None
    assert view.result.w.code == result["winning_card"]
    assert view.result.call == "" and view.result.score is None  # not called yet
    assert [g.mat for g in view.result.groups] == [g["mat"] for g in result["arrangement"]]
    press(qtbot, viewer.chieu, Qt.Key.Key_End)
    view = viewer.chieu.view()
    assert view is not None and view.result is not None
    assert view.result.call == say(tokens_of(result["call"])) == "Ù chi nẩy tôm"
    assert (view.result.score, view.result.verdict) == (result["score"], "paid") == (26, "paid")
    text = viewer.panel.details.toPlainText()
    assert "được tính điểm" in text and "Bài xếp như làng xét" in text and "26 điểm" in text


def test_the_advice_arrives_in_the_background_and_names_the_computers_choice(
        qtbot: QtBot, screen: ReviewScreen, ids: dict[str, list[int]]) -> None:
    viewer = open_tom(qtbot, screen, ids["selfplay"][0])
    s = viewer.stepper
    assert s is not None and s.seat == 0
    advisor = viewer.advisor
    # the learner's seat's decisions with a choice to make
    decisions = [p for p in range(s.last) if advisor.keys(p, 0)
                 and len(s.opened.states[p].legal_actions()) > 1]
    assert decisions
    p = decisions[len(decisions) // 2]
    viewer.go(p + 1)  # the moment after the decision
    key = (p, 0, 0)
    assert key in advisor.jobs and key not in advisor.advice  # asked, not waited for
    assert "đang tính" in viewer.panel.details.toPlainText()
    press(qtbot, viewer.chieu, Qt.Key.Key_Right)  # stepping on while it is computed
    press(qtbot, viewer.chieu, Qt.Key.Key_Left)
    wait_for(qtbot, lambda: key in advisor.advice, 60_000)
    advice = judge(Point.of(s.opened.states[p], 0))
    assert advice is not None and advisor.advice[key] == advice
    text = viewer.panel.details.toPlainText()
    assert "Máy gợi ý" in text and move_text(advice.best, s.opened.players) in text
    assert advice.reason_vi in text
    played = str(s.opened.actions[p])
    assert ("máy cũng chọn" in text) == (advice.rank(played) == 1)


def test_the_report_and_the_export_of_a_tom_game_are_written(
        qtbot: QtBot, screen: ReviewScreen, store: Store, ids: dict[str, list[int]],
        tmp_path: Path) -> None:
    [gid] = ids["missed_u"]
    viewer = open_tom(qtbot, screen, gid)
    report = tmp_path / "r.html"
    assert viewer.report_to(report)
    page = report.read_text(encoding="utf-8")
    assert "Bỏ ù" in page and 'data-verdict="unpaid"' in page
    assert str(report) in viewer.last_notice and said("r.html")
    exported = tmp_path / "x.chan.json"
    assert viewer.export_to(exported) and said("x.chan.json")
    record = read_file(exported)
    assert record.game == "to_tom"
    assert [str(a) for a in record.games[0].actions] == \
        [str(a) for a in store.export_game(gid).games[0].actions]


# ---------------------------------------------------------------------------- statistics

def test_the_statistics_are_each_games_own(qtbot: QtBot, screen: ReviewScreen,
                                           library: tuple[Path, dict[str, list[int]]]) -> None:
    analyze_library(library[0])
    stats = screen.stats
    assert stats.game == "to_tom"
    press(qtbot, screen.library.table, Qt.Key.Key_F5)  # not needed by the page; harmless
    qtbot.keyClick(screen, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)  # review_stats
    assert screen.page() == "stats"
    stats.choose_seat(1)  # the hand-made games' winner
    wait_for(qtbot, lambda: stats.loaded and stats.shown.seat == 1)
    assert stats.stats and {s.game for s in stats.stats} == {"to_tom"}
    assert stats.seat.count() == 6  # the learner and five seats
    summary = stats.summary.text()
    assert "Ù không được tính điểm" in summary and "Ù phải chèo đò" in summary
    unpaid = sum(s.payout == "unpaid" for s in stats.stats)
    assert unpaid >= 1 and f"Ù không được tính điểm</td><td align='right'><b>{unpaid}<" in summary
    assert any(rule.startswith("TN1") for rule, _ in stats.top_rules.items)
    screen.set_game("chan")
    stats.choose_seat(1)
    wait_for(qtbot, lambda: stats.loaded and stats.game == "chan" and stats.shown.seat == 1)
    assert {s.game for s in stats.stats} == {"chan"}
    assert "chèo đò" not in stats.summary.text()


# ---------------------------------------------------------------------------- damage

def test_a_damaged_tom_game_is_said_in_words(qtbot: QtBot, scene: Scene, tmp_path: Path
                                             ) -> None:
    db = tmp_path / "damaged.db"
    with Store.open(db) as store:
        [gid] = store.import_session(T.with_missed_u_and_tn1())[1]
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 2",
                     ('{"seat": 1, "act": "eat", "cards": ["9v"]}', gid))
    with Store.open(db) as store:
        yield_screen = shown_review(qtbot, store, scene)
        screen = next(yield_screen)
        screen.set_game("to_tom")
        screen.open_game(gid)
        wait_for(qtbot, lambda: not screen.opening)
        viewer = screen.tom_viewer
        assert screen.page() == "library"  # nothing shown of a game that cannot be rebuilt
        assert viewer.last_error and "Traceback" not in viewer.last_error
        assert f"#{gid}" in viewer.last_error or "ván" in viewer.last_error
        assert said(viewer.last_error.split("\n")[0])
        next(yield_screen, None)
