"""Issue 13, class 4, in the window: a damaged settings.json is said on screen (not only on
stderr), in the language in use, before the resume offer; the program runs on the defaults
and leaves the file as it is; the first change of a setting keeps the damaged file beside the
new one (settings.json.damaged), never overwriting what the user had."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot

from desktop.main_window import MainWindow
from desktop.qt import QMessageBox
from desktop.settings import DAMAGED_SUFFIX, Settings, keep_damaged

DAMAGED = b'{"lang": "en", "sound": tru'  # cut off mid-word


def _box(window: MainWindow) -> QMessageBox:
    box = window.settings_box
    assert box is not None and box.isVisible()
    return box


def test_issue13_class4_a_damaged_settings_file_is_said_on_screen_and_kept(
        qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(DAMAGED)
    window = open_window(qtbot, tmp_path)
    wait_for(qtbot, lambda: window.settings_box is not None)
    text = _box(window).text()
    assert str(path) in text and "cài đặt mặc định" in text and "JSON" in text
    assert "settings.json" + DAMAGED_SUFFIX in text
    assert "default settings" in capsys.readouterr().err
    assert window.settings == Settings()
    assert path.read_bytes() == DAMAGED  # running on the defaults changes nothing
    _box(window).accept()
    wait_for(qtbot, lambda: window.settings_box is None)
    sound = window.settings.sound
    window.toggle_sound()
    kept = tmp_path / ("settings.json" + DAMAGED_SUFFIX)
    assert kept.read_bytes() == DAMAGED
    assert json.loads(path.read_text(encoding="utf-8"))["sound"] is (not sound)
    window.toggle_sound()  # a second change replaces only the new file
    assert kept.read_bytes() == DAMAGED
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("settings")) == \
        ["settings.json", "settings.json" + DAMAGED_SUFFIX]


def test_issue13_class4_the_resume_offer_waits_for_the_settings_notice(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "settings.json").write_bytes(DAMAGED)
    offered: list[bool] = []
    monkeypatch.setattr(MainWindow, "offer_resume", lambda self: offered.append(True))
    window = open_window(qtbot, tmp_path, offer_resume=True)
    wait_for(qtbot, lambda: window.settings_box is not None)
    qtbot.wait(50)
    assert offered == []
    _box(window).accept()
    wait_for(qtbot, lambda: offered == [True])


def test_issue13_class4_good_settings_show_no_notice(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"lang": "vi"}', encoding="utf-8")
    window = open_window(qtbot, tmp_path)
    qtbot.wait(50)
    assert window.settings_box is None and window.settings_problem is None


def test_issue13_class4_a_second_damaged_file_does_not_replace_the_first_kept(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"first")
    assert keep_damaged(path) == tmp_path / ("settings.json" + DAMAGED_SUFFIX)
    path.write_bytes(b"second")
    assert keep_damaged(path) == tmp_path / ("settings.json" + DAMAGED_SUFFIX + ".2")
    assert (tmp_path / ("settings.json" + DAMAGED_SUFFIX)).read_bytes() == b"first"
    path.mkdir()
    assert keep_damaged(path) is None and path.is_dir()  # only a file is moved aside
