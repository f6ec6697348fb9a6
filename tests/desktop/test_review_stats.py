"""The statistics page of Xem lại (issue 8): the plots over the analysed games from one seat's
side (replays.stats), the empty state, the QPainter charts' axes, and English at runtime.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import wait_for
from pytestqt.qtbot import QtBot
from test_review import make_store

from desktop.chieu.scene import Scene
from desktop.i18n import set_language
from desktop.qt import QImage, Qt
from desktop.review.charts import BarChart, Series, TimeChart, nice_ticks, tick_text
from desktop.review.screen import ReviewScreen
from desktop.review.stats_page import HUMAN, WINDOW, StatsPage
from desktop.worker import Worker
from replays.batch import analyze_library
from replays.stats import game_stats, rolling, summarize
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


def test_the_plots_follow_the_learners_games(qtbot: QtBot, analysed: Path) -> None:
    with Store.open(analysed) as store:
        page = _page(qtbot, store)
        stats = game_stats(store)  # the human seat by default: seat 0, "Lan"
        assert page.stats == stats and len(stats) == 8
        violations = page.violations.series
        assert violations[0].values == tuple(float(s.violations) for s in stats)
        assert violations[1].values == tuple(rolling([s.violations for s in stats], WINDOW))
        assert page.win_rate.percent and page.win_rate.series[0].values == tuple(
            rolling([float(s.won) for s in stats], WINDOW))
        assert page.diem.series[0].values == tuple(s.diem for s in stats)
        missed = page.missed.series
        assert missed[0].values == tuple(float(s.missed_chiu) for s in stats)
        assert missed[1].values == tuple(float(s.missed_u) for s in stats)
        summary = summarize(stats)
        assert [n for _, n in page.top_rules.items] == [n for _, n in summary.top_rules]
        assert f"{summary.win_rate * 100:.0f}%" in page.summary.text()
        if any(s.violations for s in stats):
            assert _ink(page.violations, violations[0].color) > 0  # the bars are painted
        page.choose_seat(2)  # another seat's side
        wait_for(qtbot, lambda: page._job is None)
        assert [s.seat for s in page.stats] == [2] * 8


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
        model = review.library.model
        headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
        assert headers == ["Date", "Session · game", "Players"]
        assert review.tabs["stats"].text().startswith("Statistics")
        assert review.open_game(model.rows[0].game_id)
        viewer = review.viewer
        viewer.command("replay_last")
        assert viewer.panel.branch_button.text().startswith("Play on from here")
        assert "Event" in viewer.panel.details.toPlainText()
        set_language("vi")
        wait_for(qtbot, lambda: review.tabs["stats"].text().startswith("Thống kê"))
        assert "Nước" in viewer.panel.details.toPlainText()
