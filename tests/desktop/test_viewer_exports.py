"""Its exports never replace a database — the library it is showing included — whatever the save
dialog was told (it has asked about replacing an ordinary file already).

(Asked for by issue 13, class 3, in the viewer.)
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, opened_library, shown_review

from desktop.chieu.scene import Scene
from desktop.review.screen import ReviewScreen
from replays.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    yield from opened_library(tmp_path / "replays.db", ("normal",) * 4, 1, 8)


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    yield from shown_review(qtbot, store, scene)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_viewer_exports_never_replace_a_database(
        qtbot: QtBot, screen: ReviewScreen, store: Store, tmp_path: Path) -> None:
    open_in_viewer(qtbot, screen, store.game_ids()[0])
    viewer = screen.viewer
    other = Path(shutil.copy(store.path, tmp_path / "another.chan.json"))
    before = digest(other)
    assert not viewer.export_to(other)
    assert "SQLite" in viewer.last_error
    assert not viewer.report_to(other)
    assert digest(other) == before
    assert not viewer.report_to(Path(store.path))  # the open library itself
    fine = tmp_path / "g.chan.json"
    assert viewer.export_to(fine) and fine.read_text(encoding="utf-8").startswith("{")
