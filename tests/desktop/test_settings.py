"""Settings live in settings.json beside replays.db; a damaged file never stops the program.

A damaged file — nested thousands deep, a FIFO, too large — gives the default settings with a
notice on screen (in the language in use, before the resume offer), never a crash or a hang;
it is left as it was, and kept beside the new one (settings.json.damaged) when a setting
changes. Names lose their control characters.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot

from desktop.main_window import MainWindow
from desktop.qt import QMessageBox
from desktop.settings import (
    DAMAGED_SUFFIX,
    DEFAULT_NAMES,
    MAX_FILE_BYTES,
    Settings,
    clean_name,
    keep_damaged,
    load,
    read,
    save,
    settings_path,
)
from desktop.settings_dialog import SettingsDialog
from engine.chan.rules import LangRules
from engine.game import Mode
from engine.totom import TomRules
from replays.names import MAX_NAME
from replays.paths import default_db


def test_the_file_sits_beside_the_replay_database(tmp_path: Path) -> None:
    assert settings_path(tmp_path) == tmp_path / "settings.json"
    assert settings_path(tmp_path).parent == default_db(tmp_path).parent


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(rules=LangRules(ga="hep", diem_per_ga=3, stake=0.5, noc_stop=0),
                 mode=Mode.STRICT, lang="en", sound=False,
                 levels=("beginner", "normal", "strong"), names=("Lan", "A", "B", "C"),
                 claim_seconds=10, skip_resume=(3, 7), game="to_tom",
                 tom_rules=TomRules(players=4, yeu_offence="unpaid"),
                 tom_levels=("beginner", "normal", "beginner", "normal"),
                 tom_names=("Lan", "A", "B", "C", "D"), tom_automations=frozenset({"lay"}))
    path = settings_path(tmp_path / "new")
    save(path, s)
    assert load(path) == s
    assert not path.with_name("settings.json.tmp").exists()


def test_missing_or_damaged_files_give_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert load(path) == Settings()
    path.write_text("{not json", encoding="utf-8")
    assert load(path) == Settings()
    path.write_bytes(b"\xff\xfe\x00")
    assert load(path) == Settings()


@pytest.mark.parametrize("key, bad", [
    ("rules", {"ga": "sometimes"}), ("mode", "lazy"), ("lang", "fr"), ("sound", "yes"),
    ("levels", ["normal", "genius", "normal"]), ("names", ["only one"]),
    ("claim_seconds", 7), ("skip_resume", ["x"]), ("game", "tien_len"),
    ("tom_rules", {"players": 6}), ("tom_rules", {"no_such_option": 1}),
    ("tom_levels", ["normal"] * 3), ("tom_levels", ["random"] * 4), ("tom_names", ["a"] * 4),
    ("tom_automations", ["fly"]), ("tom_automations", "lay"),
])
def test_each_bad_value_keeps_its_default_and_only_that(tmp_path: Path, key: str,
                                                        bad: object) -> None:
    good = Settings(mode=Mode.REAL, lang="en").to_json()
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**good, key: bad}), encoding="utf-8")
    loaded = load(path).to_json()
    assert loaded[key] == Settings().to_json()[key]
    assert {k: v for k, v in loaded.items() if k != key} == \
        {k: v for k, v in good.items() if k != key}


def test_names_are_trimmed_and_never_empty() -> None:
    assert clean_name("  Lan   Anh ", "Bạn") == "Lan Anh"
    assert clean_name("   ", "Bạn") == "Bạn"
    long = clean_name("x" * 80, "Bạn")
    assert len(long) == MAX_NAME and long.endswith("…")


def test_the_dialog_edits_every_option_of_R11(qtbot: QtBot) -> None:
    original = Settings(skip_resume=(5,))
    dialog = SettingsDialog(original)
    qtbot.addWidget(dialog)
    assert set(dialog.rule_boxes) == set(LangRules().to_json())
    assert dialog.settings() == original
    dialog.names[1].setText("  Bác   Hai ")
    dialog.names[2].setText("")
    dialog.levels[2].setCurrentIndex(dialog.levels[2].findData("strong"))
    dialog.mode.setCurrentIndex(dialog.mode.findData("strict"))
    dialog.lang.setCurrentIndex(dialog.lang.findData("en"))
    dialog.rule_boxes["ga"].setCurrentIndex(2)  # type: ignore[attr-defined]
    dialog.rule_boxes["stake"].setValue(2.5)  # type: ignore[attr-defined]
    dialog.rule_boxes["allow_xuong"].setChecked(False)  # type: ignore[attr-defined]
    edited = dialog.settings()
    assert edited.names == ("Bạn", "Bác Hai", DEFAULT_NAMES[2], "Cô Hằng")
    assert edited.levels == ("normal", "normal", "strong")
    assert edited.mode is Mode.STRICT and edited.lang == "en"
    assert edited.rules == LangRules(ga="hep", stake=2.5, allow_xuong=False)
    assert edited.skip_resume == (5,)
    dialog.restore_defaults()
    assert dialog.settings() == Settings(skip_resume=(5,))


# ----------------------------------------------------------------------------
# A damaged settings.json: nested thousands deep, a FIFO, too large (issue 13, classes 4 and 7)

ROOT = Path(__file__).resolve().parents[2]


def test_deeply_nested_settings_fall_back_to_defaults_with_a_notice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"rules": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    assert load(path) == Settings()
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "lồng nhau quá sâu" in err
    assert "default settings" in err and "cài đặt mặc định" in err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_a_nested_value_inside_settings_keeps_the_other_defaults(
        tmp_path: Path) -> None:
    nested: object = "x"
    for _ in range(900):
        nested = [nested]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rules": {"ga": nested}, "lang": "en"}), encoding="utf-8")
    settings, _ = read(path)
    assert settings.rules == Settings().rules


def test_a_fifo_settings_file_does_not_block_the_start(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    code = ("import sys; from pathlib import Path; from desktop.settings import load, Settings;"
            f"sys.exit(0 if load(Path({str(path)!r})) == Settings() else 3)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "not a regular file" in done.stderr and "không phải tệp thường" in done.stderr


def test_a_huge_settings_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    settings, problem = read(path)
    assert settings == Settings() and problem is not None and "too large" in problem[1]


def test_a_missing_settings_file_is_no_problem(tmp_path: Path) -> None:
    assert read(tmp_path / "settings.json") == (Settings(), None)


def test_names_lose_their_control_characters() -> None:
    assert clean_name("\x1b[2JLan\u202e\x07", DEFAULT_NAMES[0]) == "[2JLan"
    assert clean_name("\x1b\x9b", DEFAULT_NAMES[1]) == DEFAULT_NAMES[1]
    assert clean_name("Bà\tTư", DEFAULT_NAMES[1]) == "Bà Tư"


# ----------------------------------------------------------------------------
# A damaged settings.json said on screen, and kept beside the new one (issue 13, class 4)

DAMAGED = b'{"lang": "en", "sound": tru'  # cut off mid-word


def _box(window: MainWindow) -> QMessageBox:
    box = window.settings_box
    assert box is not None and box.isVisible()
    return box


def test_a_damaged_settings_file_is_said_on_screen_and_kept(
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


def test_the_resume_offer_waits_for_the_settings_notice(
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


def test_good_settings_show_no_notice(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"lang": "vi"}', encoding="utf-8")
    window = open_window(qtbot, tmp_path)
    qtbot.wait(50)
    assert window.settings_box is None and window.settings_problem is None


def test_a_second_damaged_file_does_not_replace_the_first_kept(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"first")
    assert keep_damaged(path) == tmp_path / ("settings.json" + DAMAGED_SUFFIX)
    path.write_bytes(b"second")
    assert keep_damaged(path) == tmp_path / ("settings.json" + DAMAGED_SUFFIX + ".2")
    assert (tmp_path / ("settings.json" + DAMAGED_SUFFIX)).read_bytes() == b"first"
    path.mkdir()
    assert keep_damaged(path) is None and path.is_dir()  # only a file is moved aside
