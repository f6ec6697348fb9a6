"""Hostile players' names in the program (issue 20, section 4): a game whose players are
named with 2,000 or 1,000,000 characters, nothing, a zero-width space, escapes, a
right-to-left override, stacked marks or emoji is opened as a copy (Xem lại, "Mở tệp…"),
stepped in the viewer and listed in the library: the window still fits 1024 × 640, memory
stays bounded, the chiếu is drawn, and the learner is told what was shortened. The chiếu
draws any name it is given, and a label of text from elsewhere never widens its window."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer

from desktop.chieu.frame import Frame
from desktop.chieu.samples import sample_view
from desktop.chieu.scene import Scene
from desktop.chieu.text import MAX_TEXT
from desktop.elided import ElidedLabel
from desktop.main_window import MainWindow
from desktop.qt import QMessageBox
from desktop.review.screen import ReviewScreen
from replays.names import bound_seat
from tests.hostile_names import HOSTILE, MB, hostile_file, rss, selfplay_doc

SMALL = (1024, 640)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return selfplay_doc(tmp_path_factory.mktemp("names"))


def fits(window: MainWindow) -> bool:
    hint = window.minimumSizeHint()
    return hint.width() <= SMALL[0] and hint.height() <= SMALL[1]


def imported(qtbot: QtBot, window: MainWindow, path: Path) -> ReviewScreen:
    """Xem lại after importing `path` as a copy (its news box closed)."""
    window.show_activity("review")
    review = window.review
    assert review is not None
    assert review.import_path(path)
    wait_for(qtbot, lambda: not review.importing, 20_000)
    wait_for(qtbot, lambda: not review.loading, 20_000)  # the library read again (Worker)
    for box in review.findChildren(QMessageBox):
        box.close()
    return review


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_name_opened_as_a_copy_fits_the_screen_and_the_chieu_paints(
        qtbot: QtBot, tmp_path: Path, base: dict[str, Any], kind: str) -> None:
    path = hostile_file(base, kind, tmp_path)
    window = open_window(qtbot, tmp_path / "data")
    window.resize(*SMALL)
    before = rss()
    review = imported(qtbot, window, path)
    assert review.last_import is not None and len(review.last_import) == 2
    # said what was changed, in the learner's language, naming both seats
    assert "ghế 0: tên người chơi" in review.last_info and "ghế 1:" in review.last_info
    assert "thư viện lưu tên như trên" in review.last_info
    assert fits(window)  # the library lists the names
    names = [bound_seat(HOSTILE[kind], seat)[0] for seat in (0, 1)]
    assert list(review.library.model.rows[0].names[:2]) == names
    open_in_viewer(qtbot, review, review.last_import[0])
    viewer = review.viewer
    for _ in range(12):
        viewer.command("replay_next")
        viewer.chieu.repaint()
        hits = viewer.chieu.hit_map()
        assert hits is not None and hits.texts  # drawn: a failed paint leaves no hit map
    assert fits(window)
    assert window.width() <= SMALL[0]
    assert ", ".join(names) in viewer.title.text()  # whole in the text, cut on the screen
    review.show_page("library")
    assert fits(window)
    assert rss() - before < 200 * MB


def test_the_chieu_draws_any_name_it_is_given(scene: Scene) -> None:
    """The chiếu's own guard, for names that did not come through the record layer: empty,
    invisible, a million characters; no text drawn or cached is longer than MAX_TEXT."""
    hostile = ("", "\u200b\u200b", HOSTILE["1000000"], "\u202e" + HOSTILE["2000"])
    view = replace(sample_view(41), names=hostile)
    tracemalloc.start()
    try:
        for size in ((1280, 800), SMALL):
            hits = scene.draw(Frame(*size).surface, view)
            assert hits.texts and all(len(t.text) <= MAX_TEXT for t in hits.texts)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200 * MB
    drawn = [t.text for t in hits.texts if t.role == "scoreboard"]
    assert "Bạn" in drawn and "\u200b\u200b" in drawn  # the learner's seat: its own word
    assert any(t.startswith("Bà Tư") and t.endswith("…") for t in drawn)


def test_an_elided_label_never_asks_for_the_width_of_its_text(qtbot: QtBot) -> None:
    label = ElidedLabel("Lan")
    qtbot.addWidget(label)
    small = label.minimumSizeHint().width()
    long = "Nguyễn Thị Thanh Hương " * 90
    label.setText(long)
    assert label.minimumSizeHint().width() <= max(small, 100)
    assert label.sizeHint().width() <= 640
    assert label.text() == long  # the whole text is kept
    label.resize(300, 30)
    assert label.shown().endswith("…") and label.toolTip() == long
    label.setText("Lan")
    assert label.shown() == "Lan" and label.toolTip() == ""
