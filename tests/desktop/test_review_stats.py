"""The statistics page of Xem lại (issue 8): the plots over the analysed games from one seat's
side (replays.stats), the empty state, the QPainter charts' axes, and English at runtime.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer
from test_review import make_store

from desktop.chieu.scene import Scene
from desktop.i18n import set_language
from desktop.qt import QImage, Qt
from desktop.review.charts import (
    BarChart,
    Series,
    TimeChart,
    columns_of,
    nice_ticks,
    tick_text,
)
from desktop.review.screen import ReviewScreen
from desktop.review.stats_page import HUMAN, WINDOW, StatsPage
from desktop.worker import Worker
from replays.batch import analyze_library
from replays.library import RulesKeys
from replays.store import Store


@pytest.fixture
def analysed(tmp_path: Path) -> Path:
    """A small store, every game analysed."""
    path = tmp_path / "replays.db"
    make_store(path, games=8)
    assert analyze_library(path).done == 8
    return path


@pytest.fixture
def english() -> Iterator[None]:
    assert set_language("en")
    yield
    set_language("vi")


def _page(qtbot: QtBot, store: Store) -> StatsPage:
    page = StatsPage(store, Worker())
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    wait_for(qtbot, lambda: page.loaded)
    return page


def _ink(widget: TimeChart | BarChart, color: tuple[int, int, int]) -> int:
    """Pixels of one colour in the widget's painting (a series really drawn)."""
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rgb = (255 << 24) | (color[0] << 16) | (color[1] << 8) | color[2]
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if image.pixel(x, y) == rgb)


# A hand-made library: four games of the small hội whose result summaries and analyses are
# written here, so every plotted value is known beforehand. The statistics read only the
# games table's result summary and the annotation counts kept beside each analysis (m003).
# Per game: (kind, winner, transfers, [(seat, kind, rule), ...]).
HAND_MADE = (
    ("win", 0, (12, -4, -4, -4), [(0, "violation", "L9"), (0, "violation", "L9"),
                                  (0, "missed_u", None), (2, "violation", "L3")]),
    ("draw", None, (0, 0, 0, 0), [(1, "missed_chiu", None), (0, "note_waits", None)]),
    ("win", 2, (-6, 0, 6, 0), [(0, "violation", "L3"), (0, "missed_chiu", None),
                               (0, "missed_chiu", None)]),
    ("u_lao", 0, (-12, 4, 4, 4), [(0, "violation", "L9"), (0, "violation", "L9"),
                                  (0, "violation", "L9"), (0, "u_lao", None)]),
)


@pytest.fixture
def hand_made(tmp_path: Path) -> Path:
    """The library of HAND_MADE (seat 0, "Lan", is the human)."""
    path = tmp_path / "replays.db"
    ids = make_store(path, games=len(HAND_MADE))
    with Store.open(path) as store:
        for gid, (kind, winner, transfers, annotations) in zip(ids, HAND_MADE, strict=True):
            rules = store.db.execute("SELECT rules FROM games WHERE id = ?", (gid,)).fetchone()
            store.db.execute("UPDATE games SET result = ? WHERE id = ?", (json.dumps(
                {"kind": kind, "winner": winner, "payout": "normal",
                 "transfers": list(transfers)}), gid))
            store.cache_analysis(gid, RulesKeys().of(rules[0]) or "", {
                "setup": {"hands": [[], [], [], []]},
                "annotations": [{"kind": k, "event": 3, "seat": seat, "rule": rule}
                                for seat, k, rule in annotations]})
    return path


def test_the_plots_follow_the_learners_games(qtbot: QtBot, hand_made: Path) -> None:
    with Store.open(hand_made) as store:
        page = _page(qtbot, store)  # the human seat by default: seat 0, "Lan"
        assert [s.seat for s in page.stats] == [0] * 4
        assert WINDOW >= 4  # every rolling mean below is over all games so far
        violations = page.violations.series
        assert violations[0].values == (2.0, 0.0, 1.0, 3.0)
        assert violations[1].values == (2.0, 1.0, 1.0, 1.5)
        missed = page.missed.series
        assert missed[0].values == (0.0, 0.0, 2.0, 0.0)  # bỏ chíu
        assert missed[1].values == (1.0, 0.0, 0.0, 0.0)  # bỏ ù
        assert missed[2].values == (1.0, 0.5, 1.0, 0.75)
        assert page.win_rate.percent  # an ù láo is no win (R7.4)
        assert page.win_rate.series[0].values == pytest.approx((1.0, 0.5, 1 / 3, 0.25))
        assert page.diem.series[0].values == (12.0, 0.0, -6.0, -12.0)
        assert page.diem.series[1].values == (12.0, 6.0, 2.0, -1.5)
        assert [n for _, n in page.top_rules.items] == [5, 1]  # L9, then L3
        assert "L9" in page.top_rules.items[0][0] and "L3" in page.top_rules.items[1][0]
        assert "25%" in page.summary.text() and "1,50" in page.summary.text()  # the decimal comma
        assert _ink(page.violations, violations[0].color) > 0  # the bars are painted
        page.choose_seat(2)  # another seat's side
        wait_for(qtbot, lambda: page._job is None)
        assert [s.seat for s in page.stats] == [2] * 4
        assert page.violations.series[0].values == (1.0, 0.0, 0.0, 0.0)
        assert page.win_rate.series[0].values == pytest.approx((0.0, 0.0, 1 / 3, 0.25))
        assert page.diem.series[0].values == (-4.0, 0.0, 6.0, 4.0)


def test_the_seat_chooser_numbers_seats_from_0(qtbot: QtBot, hand_made: Path) -> None:
    """R2.1 numbers the seats from 0, as Học, the report and `chan-tutor analyze` do."""
    with Store.open(hand_made) as store:
        page = _page(qtbot, store)
        seats = [(page.seat.itemText(i), page.seat.itemData(i)) for i in range(1, 5)]
        assert seats == [(f"Ghế {n}", n) for n in range(4)]


def test_no_analysed_game_shows_what_to_do(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "replays.db"
    make_store(path, games=2)
    with Store.open(path) as store:
        page = _page(qtbot, store)
        assert page.stats == []
        assert "Phân tích tất cả" in page.violations.empty_text
        assert "Phân tích tất cả" in page.summary.text()
        assert page.chosen_seat() == HUMAN


def test_nice_ticks_cover_the_range_in_round_steps() -> None:
    assert nice_ticks(0, 8, 4) == [0, 2, 4, 6, 8]
    assert nice_ticks(-37, 12, 5) == [-40, -30, -20, -10, 0, 10, 20]
    ticks = nice_ticks(0, 1, 5)
    assert ticks[0] == 0 and ticks[-1] >= 1 and len(ticks) <= 7
    assert tick_text(0.25, percent=True) == "25%" and tick_text(3.0) == "3"


def test_more_games_than_pixel_columns_are_drawn_a_column_at_a_time(qtbot: QtBot) -> None:
    """Issue 20: 16,000 games drawn one by one took 0.7 s a paint. A column shows what
    drawing its games one over another showed: the tallest bar, the lowest and highest dot,
    a line through both."""
    values = [float(i % 7) for i in range(1000)]  # 10 games a column: 0..6 in each
    bars = columns_of(values, 100, "bars")
    assert len(bars) == 100 and {v for _, v in bars} == {6.0}
    assert bars[0][0] == 4.5 and bars[-1][0] == 994.5  # the middle of its games
    dots = columns_of(values, 100, "dots")
    assert len(dots) == 200 and {v for _, v in dots} == {0.0, 6.0}
    assert columns_of([1.0, 3.0] * 500, 100, "line")[:2] == [(4.5, 1.0), (4.5, 3.0)]
    assert columns_of([-5.0, 2.0, 4.0, -1.0], 2, "bars") == [(0.5, -5.0), (2.5, 4.0)]
    assert columns_of([1.0, None, 2.0], 10, "line") == [(0.0, 1.0), (2.0, 2.0)]  # as many
    assert columns_of([None] * 40 + [3.0] * 40, 4, "bars") == [(49.5, 3.0), (69.5, 3.0)]
    chart = TimeChart()
    qtbot.addWidget(chart)
    chart.resize(420, 220)
    many = tuple(float(i % 5) for i in range(20_000))
    chart.set_data("t", [Series("a", many, (10, 200, 30), "bars"),
                         Series("m", many, (200, 10, 30))], "x", "y", "nothing")
    assert _ink(chart, (10, 200, 30)) > 0 and _ink(chart, (200, 10, 30)) > 0


def test_charts_draw_series_and_an_empty_text(qtbot: QtBot) -> None:
    chart = TimeChart()
    qtbot.addWidget(chart)
    chart.resize(420, 220)
    chart.set_data("t", [Series("a", (1.0, 3.0, None, 2.0), (10, 200, 30), "bars")], "x", "y",
                   "nothing")
    assert _ink(chart, (10, 200, 30)) > 0
    chart.set_data("t", [], "x", "y", "nothing")
    assert _ink(chart, (10, 200, 30)) == 0
    bars = BarChart()
    qtbot.addWidget(bars)
    bars.resize(420, 220)
    bars.set_data("t", [("L1", 5), ("L9", 2)], "none", color=(200, 10, 200))
    assert _ink(bars, (200, 10, 200)) > 0


def test_review_speaks_english_at_runtime(qtbot: QtBot, analysed: Path, scene: Scene,
                                          english: None) -> None:
    with Store.open(analysed) as store:
        review = ReviewScreen(store, Worker(), scene)
        qtbot.addWidget(review)
        wait_for(qtbot, lambda: not review.loading)
        model = review.library.model
        headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
        assert headers == ["Date", "Session · game", "Players"]
        assert review.tabs["stats"].text().startswith("Statistics")
        open_in_viewer(qtbot, review, model.rows[0].game_id)
        viewer = review.viewer
        viewer.command("replay_last")
        assert viewer.panel.branch_button.text().startswith("Play on from here")
        assert "Event" in viewer.panel.details.toPlainText()
        set_language("vi")
        wait_for(qtbot, lambda: review.tabs["stats"].text().startswith("Thống kê"))
        assert "Nước" in viewer.panel.details.toPlainText()
