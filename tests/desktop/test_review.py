"""The replay viewer's panel, predict mode, exports and imports (issue 8), on a small store:
one hội of self-play games whose seat 0 (recorded as the learner) slips like a beginner.

Every fact checked comes from the engine or the analyzer: the annotations of Store.analysis,
the decisions of replays.advice.decision_points, the advice of replays.advice.advise, the
result of the analysis document (R8: the true cước beside the call).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import press, wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, opened_library, selfplay_library, shown_review

from desktop.chieu.hitmap import HitKind
from desktop.chieu.scene import Scene
from desktop.play.words import call_text
from desktop.qt import QApplication, QFontMetrics, QMessageBox, QPoint, QSize, Qt
from desktop.review.decisions import position_of
from desktop.review.screen import ReviewScreen
from desktop.review.viewer import ViewerPage
from desktop.review.words import action_choice, value_text
from desktop.worker import Worker
from engine.actions import Act
from replays.advice import advise, as_choice, decision_points
from replays.chanjson import read_file, write_file
from replays.library import list_games
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store

PLAYERS = (Player("Lan"), Player("Bà Tư", "ai", "normal"), Player("Chú Ba", "ai", "normal"),
           Player("Cô Hằng", "ai", "random"))
LEVELS = ("beginner", "normal", "normal", "random")


def make_store(path: Path, games: int = 6, seed: int = 11) -> list[int]:
    """A hội of self-play games; the game ids."""
    return selfplay_library(path, LEVELS, games, seed, PLAYERS)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """The small store, open."""
    yield from opened_library(tmp_path / "replays.db", LEVELS, 6, 11, PLAYERS)


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    """Xem lại on the small store, shown and active."""
    yield from shown_review(qtbot, store, scene)


def won_game(store: Store) -> int:
    """A game that ended with a win and a call (R8)."""
    return next(r.game_id for r in list_games(store) if r.kind == "win")


def said(qtbot: QtBot, text: str) -> bool:
    """A message box showing `text` is up; it is closed."""
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.isVisible() and text in w.text()]
    for box in boxes:
        box.accept()
    qtbot.wait(1)
    return bool(boxes)


def settle(qtbot: QtBot, viewer: ViewerPage) -> None:
    """Wait for the advice being computed on the Worker."""
    wait_for(qtbot, lambda: not viewer.advisor.jobs)


def test_a_win_shows_the_true_cuoc_beside_the_call_and_the_difference(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    game_id = won_game(store)
    open_in_viewer(qtbot, screen, game_id)
    viewer = screen.viewer
    press(qtbot, viewer.chieu, Qt.Key.Key_End)
    text = viewer.panel.details.toPlainText()
    result = store.analysis(game_id)["result"]
    assert "Cước thật" in text and "Lời xướng" in text
    assert call_text([(c, n) for c, n in result["cuoc"]]) in text
    assert call_text([(c, n) for c, n in result["call"]]) in text
    diff = result["true_score"] - result["score"]
    assert (f"{-diff:+g} điểm" in text) if diff else "đúng bằng cước thật" in text


def test_each_decision_of_the_viewed_seat_shows_the_computers_advice(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    game_id = won_game(store)
    open_in_viewer(qtbot, screen, game_id)
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None and s.seat == 0  # the learner's seat by default
    points = [p for p in decision_points(s.opened.final, 0)
              if len(p.before.legal_actions()) > 1 and p.action.act is not Act.CALL]
    point = points[len(points) // 2]
    viewer.go(position_of(point) + 1)  # the moment after the decision
    settle(qtbot, viewer)
    advice = advise(point.before, 0)
    live = point.before.live.card if point.before.live is not None else None
    text = viewer.panel.details.toPlainText()
    assert "Máy gợi ý" in text and action_choice(advice.best, live) in text
    assert action_choice(as_choice(point.action), live) in text
    lost = advice.lost(point.action)
    if lost > 1e-9:
        assert value_text(lost) in text  # "25,4": the decimal comma
    else:  # the computer's move, or one its search cannot tell from it (issue 15: a tie)
        assert ("máy cũng chọn" if as_choice(point.action) == advice.best
                else "ngang nước máy chọn") in text


def test_predict_asks_then_grades_and_reveals(qtbot: QtBot, screen: ReviewScreen,
                                              store: Store) -> None:
    open_in_viewer(qtbot, screen, won_game(store))
    viewer = screen.viewer
    chieu = viewer.chieu
    s = viewer.stepper
    assert s is not None
    press(qtbot, chieu, Qt.Key.Key_P)  # keys.py replay_predict
    assert viewer.predicting and viewer.panel.predict.isChecked()
    while not viewer.question_open():
        press(qtbot, chieu, Qt.Key.Key_Right)
    asked = s.position
    key = viewer.question()
    assert key is not None
    point = viewer.advisor.point(key)
    choices = viewer.panel.predict_box.offered
    assert choices == [as_choice(a) for a in point.before.legal_actions()] and len(choices) > 1
    assert viewer.panel.below.currentWidget() is viewer.panel.predict_box
    view = chieu.view()
    assert view is not None and "Đoán" in view.message  # the next move is not shown yet
    assert viewer.timeline.hidden_after == asked  # nor a marker saying the move is a lỗi
    press(qtbot, chieu, Qt.Key.Key_Right)  # → while asking: skipped, the real move shown
    assert viewer.question_open() or viewer.timeline.hidden_after is None
    advisor = viewer.advisor
    assert s.position == asked + 1 and key in advisor.asked and key not in advisor.graded
    while not viewer.question_open():
        press(qtbot, chieu, Qt.Key.Key_Right)
    key = viewer.question()
    assert key is not None
    asked = s.position
    answer = viewer.panel.predict_box.offered[0]
    press(qtbot, chieu, Qt.Key.Key_1)  # the first choice
    wait_for(qtbot, lambda: key in viewer.advisor.graded)
    advice = viewer.advisor.advice[key]
    best = advice.lost(answer) <= 1e-9
    assert viewer.advisor.score == (1, int(best))
    grade = viewer.advisor.graded[key]()
    assert ("Tốt" in grade) == best and "Máy gợi ý" in grade and "Trong ván" in grade
    assert s.position >= asked  # revealed: one step on, unless another question is here
    if s.position == asked:
        assert viewer.question() not in (None, key)


def test_a_click_on_the_chieu_answers_the_question(qtbot: QtBot, screen: ReviewScreen,
                                                   store: Store) -> None:
    open_in_viewer(qtbot, screen, won_game(store))
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None
    viewer.set_predict(True)
    while True:  # a discard decision: answered by clicking a hand card
        key = viewer.question()
        if key is not None and viewer.advisor.point(key).before.phase.value == "discard":
            break
        if key is not None:
            viewer._skip_question()
        assert s.step(1)
        viewer._moved()
    chieu = viewer.chieu
    chieu.repaint()
    hits = chieu.hit_map()
    assert hits is not None
    (x, y, w, h), hit = next((box, hit) for box, hit in reversed(hits.items())
                             if hit.kind is HitKind.HAND)
    ratio = chieu.devicePixelRatioF()
    qtbot.mouseClick(chieu, Qt.MouseButton.LeftButton,
                     pos=QPoint(round((x + w / 2) / ratio), round((y + h * 0.6) / ratio)))
    wait_for(qtbot, lambda: key in viewer.advisor.graded)
    assert "Đánh" in viewer.advisor.graded[key]() and hit.card is not None
    assert hit.card.name_vi in viewer.advisor.graded[key]()


def test_the_timeline_jumps_where_it_is_clicked(qtbot: QtBot, screen: ReviewScreen,
                                                store: Store) -> None:
    open_in_viewer(qtbot, screen, won_game(store))
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None
    timeline = viewer.timeline
    target = s.last // 2
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(timeline.slot_x(target)), timeline.height() // 2))
    assert s.position == target and timeline.position == target
    assert len(timeline.markers) == len(s.opened.errors)


def test_export_writes_the_game_and_its_html_report(qtbot: QtBot, screen: ReviewScreen,
                                                    store: Store, tmp_path: Path) -> None:
    game_id = won_game(store)
    open_in_viewer(qtbot, screen, game_id)
    viewer = screen.viewer
    out = tmp_path / "van.chan.json"
    assert viewer.export_to(out)
    assert str(out) in viewer.last_notice and said(qtbot, str(out))  # where (issue 20)
    record = read_file(out)
    assert len(record.games) == 1
    assert record.games[0].actions == store.export_game(game_id).games[0].actions
    page = tmp_path / "van.html"
    assert viewer.report_to(page)
    assert str(page) in viewer.last_notice and said(qtbot, str(page))
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="vi">' in html
    for a in store.analysis(game_id)["annotations"]:
        assert f'data-kind="{a["kind"]}" data-event="{a["event"]}"' in html


def _import(qtbot: QtBot, screen: ReviewScreen, path: Path) -> list[int]:
    """Import through the screen; the new ids once the Worker is done."""
    assert screen.import_path(path)
    wait_for(qtbot, lambda: not screen.importing and not screen.loading)
    assert screen.last_import is not None
    return screen.last_import


def test_open_file_imports_a_copy_and_explains_a_bad_file(
        qtbot: QtBot, screen: ReviewScreen, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    make_store(other, games=2, seed=5)
    with Store.open(other) as source:
        write_file(tmp_path / "one.chan.json", source.export_game(source.game_ids()[0]))
    before = len(screen.library.model.rows)
    ids = _import(qtbot, screen, tmp_path / "one.chan.json")
    assert len(ids) == 1 and len(screen.library.model.rows) == before + 1
    assert screen.library.selected_game() == ids[0]
    assert _import(qtbot, screen, tmp_path / "one.chan.json") == []  # already there
    assert len(_import(qtbot, screen, other)) == 1  # the other game of that database
    bad = tmp_path / "bad.chan.json"
    bad.write_text('{"format": "chan-replay", "version": 1, "games": [', encoding="utf-8")
    assert _import(qtbot, screen, bad) == []
    assert screen.last_error.count("\n\n") == 1  # Vietnamese, then English
    assert screen.last_error.index("JSON không hợp lệ") < screen.last_error.index("not valid")
    assert len(screen.library.model.rows) == before + 2  # nothing lost


def test_an_import_runs_on_the_worker_and_says_so(qtbot: QtBot, screen: ReviewScreen,
                                                  tmp_path: Path) -> None:
    """Replaying a file and checking it against the library takes seconds on a large one:
    the screen stays live, says what it is doing and refuses a second import meanwhile."""
    other = tmp_path / "other.db"
    make_store(other, games=2, seed=5)
    page = screen.library
    before = len(page.model.rows)
    assert screen.import_path(other)
    assert screen.importing and screen.last_import is None  # not done on the UI thread
    assert "Đang nhập other.db…" in page.status.text() and not page.import_button.isEnabled()
    assert not screen.import_path(other)  # one at a time
    wait_for(qtbot, lambda: not screen.importing and not screen.loading)
    assert screen.last_import is not None and len(screen.last_import) == 2
    assert len(page.model.rows) == before + 2 and page.import_button.isEnabled()
    assert "Đang nhập" not in page.status.text()
    assert page.selected_game() == screen.last_import[-1]


def test_an_empty_library_says_what_to_do(qtbot: QtBot, tmp_path: Path, scene: Scene) -> None:
    with Store.open(tmp_path / "empty.db") as store:
        review = ReviewScreen(store, Worker(), scene)
        qtbot.addWidget(review)
        wait_for(qtbot, lambda: not review.loading)
        assert review.library.model.rowCount() == 0
        assert review.library.empty.isVisibleTo(review)
        assert not review.library.table.isVisibleTo(review)
        assert "Chưa có ván nào" in review.library.empty.text()
        assert not review.library.open_button.isEnabled()


def test_opening_a_game_shows_the_analyzers_document_and_caches_it(store: Store) -> None:
    from desktop.review.replay import open_game

    for game_id in store.game_ids():
        opened = open_game(store, game_id)
        assert opened.doc == store.analyses([game_id])[0][1]  # what `analyze` prints
        assert len(opened.states) == len(opened.actions) + 1
        for p in (0, len(opened.actions) // 2):  # every position is the engine's own
            replayed = opened.states[-1].replay(opened.states[0].deal, opened.actions[:p],
                                                opened.record.rules, opened.states[0].mode,
                                                opened.states[0].thong_seat)
            assert opened.states[p].state_key() == replayed.state_key()
    rows = list_games(store)
    assert all(r.counts is not None for r in rows)  # the library lists their counts now


def test_a_game_already_analysed_opens_without_caching_or_listing_again(
        qtbot: QtBot, screen: ReviewScreen, store: Store,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first opening caches a finished game's analysis and lists the library again (its
    counts appear); once the library has its counts, opening it writes nothing and lists
    nothing on the UI thread — and shows the same document, the one the cache holds."""
    game_id = won_game(store)
    model = screen.library.model

    def counts() -> dict[str, int] | None:
        row = model.row_of(game_id)
        assert row is not None
        return model.rows[row].counts

    assert counts() is None
    open_in_viewer(qtbot, screen, game_id)
    assert screen.viewer.stepper is not None
    first = screen.viewer.stepper.opened
    assert first.cached
    wait_for(qtbot, lambda: counts() is not None)  # its row is read again on the Worker
    writes: list[int] = []
    listings: list[int] = []
    cache = Store.cache_analysis
    monkeypatch.setattr(Store, "cache_analysis",
                        lambda self, gid, *rest: (writes.append(gid), cache(self, gid, *rest)))
    set_rows = screen.library.set_rows
    monkeypatch.setattr(screen.library, "set_rows",
                        lambda rows: (listings.append(len(rows)), set_rows(rows)))
    open_in_viewer(qtbot, screen, game_id)
    again = screen.viewer.stepper.opened
    assert not again.cached and writes == [] and listings == []
    assert again.doc == first.doc == store.analysis(game_id)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_errors_say_the_learners_language_first_and_a_missing_game_in_words(
        qtbot: QtBot, screen: ReviewScreen, store: Store, lang: str) -> None:
    """RecordError carries both languages (replays.errors): the one the learner reads comes
    first; the store's bare KeyError of a missing game becomes a sentence."""
    from desktop.i18n import set_language
    from desktop.review.replay import open_game
    from replays.errors import RecordError

    damaged = store.game_ids()[1]
    store.db.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 3",
                     ('{"seat": 0, "act": "discard", "card": "cc"}', damaged))
    with pytest.raises(RecordError) as caught:
        open_game(store, damaged)
    first, second = (caught.value.vi, caught.value.en) if lang == "vi" else \
        (caught.value.en, caught.value.vi)
    assert set_language(lang)
    try:
        viewer = screen.viewer
        for game_id in (damaged, 99_999):  # read on the Worker: the message follows
            viewer.open_game(game_id)
            wait_for(qtbot, lambda: not viewer.opening)
            if game_id == damaged:
                assert viewer.last_error == f"{first}\n\n{second}"
        assert viewer.last_error == ("Ván #99999 không có trong thư viện (có thể tệp dữ liệu "
                                     "đã bị sửa hoặc thay)." if lang == "vi" else
                                     "Game #99999 is not in the library (the data file may "
                                     "have been edited or replaced).")
    finally:
        set_language("vi")


def test_the_seat_chooser_numbers_seats_from_0(qtbot: QtBot, screen: ReviewScreen,
                                                store: Store) -> None:
    """R2.1 numbers the seats from 0, as Học, the report and `chan-tutor analyze` do."""
    open_in_viewer(qtbot, screen, won_game(store))
    seat = screen.viewer.panel.seat
    assert [seat.itemText(i) for i in range(seat.count())] == [
        f"Ghế {s} · {p.name}" for s, p in enumerate(PLAYERS)]


def test_a_branch_played_from_another_seat_is_offered_for_resuming(store: Store) -> None:
    """"Play on from here" from seat 2 stores a hội whose human is at seat 2; interrupted, it
    is offered like any game the learner left (a hội of the computer alone is not)."""
    from desktop.play.resume import offerable_game
    from desktop.review.branch import branch_game
    from desktop.review.replay import open_game

    opened = open_game(store, won_game(store))
    assert offerable_game(store) is None  # every game of the store is over
    alone = SessionRecord(players=tuple(Player(p.name, "ai", "normal") for p in PLAYERS),
                          games=(GameRecord(opened.record.games[-1].deal,
                                            opened.actions[:5], unfinished=True),))
    store.import_session(alone)
    assert offerable_game(store) is None  # nobody to resume it
    branch = branch_game(store, opened, 20, 2)
    assert [p.kind for p in store.session(store.locate(branch)[0]).players] == [
        "ai", "ai", "human", "ai"]
    assert offerable_game(store) == branch
    assert offerable_game(store, skip=[branch]) is None


def test_the_navigation_buttons_are_drawn_not_written_in_missing_glyphs(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    """Issue 20: ⏮ and ⏭ are in no font of the program (nor of many machines): boxes."""
    open_in_viewer(qtbot, screen, won_game(store))
    for command, button in screen.viewer.nav.items():
        metrics = QFontMetrics(button.font())
        assert all(metrics.inFontUcs4(ord(c)) for c in button.text()), command
        image = button.icon().pixmap(QSize(26, 16)).toImage()
        assert not image.isNull() and any(  # something is drawn
            image.pixelColor(x, y).alpha() > 0 for x in range(image.width())
            for y in range(image.height())), command
        assert button.toolTip()  # what it does, in words


def test_the_chieu_of_the_next_step_is_drawn_ahead_while_the_learner_looks(
        qtbot: QtBot, screen: ReviewScreen, store: Store,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: a step was mostly the 5-8 ms of drawing the chiếu; the viewer draws the
    position a step the same way would show while the event loop is idle (the widget then
    shows it without drawing: test_chieu_widget)."""
    open_in_viewer(qtbot, screen, won_game(store))
    viewer = screen.viewer
    s = viewer.stepper
    assert s is not None
    ahead: list[object] = []
    monkeypatch.setattr(viewer.chieu, "prepare", ahead.append)
    viewer.command("replay_next")
    wait_for(qtbot, lambda: ahead[-1:] == [s.view(2)])
    viewer.command("replay_next")
    wait_for(qtbot, lambda: ahead[-1:] == [s.view(3)])
    viewer.command("replay_prev")  # at 1 going back: position 0 is drawn ahead
    wait_for(qtbot, lambda: ahead[-1:] == [s.view(0)])
