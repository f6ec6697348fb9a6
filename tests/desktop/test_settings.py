"""Settings live in settings.json beside replays.db; a damaged file never stops the program."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.settings import DEFAULT_NAMES, Settings, clean_name, load, save, settings_path
from desktop.settings_dialog import SettingsDialog
from engine.chan.rules import LangRules
from engine.game import Mode
from replays.names import MAX_NAME
from replays.paths import default_db


def test_the_file_sits_beside_the_replay_database(tmp_path: Path) -> None:
    assert settings_path(tmp_path) == tmp_path / "settings.json"
    assert settings_path(tmp_path).parent == default_db(tmp_path).parent


def test_settings_round_trip(tmp_path: Path) -> None:
    s = Settings(rules=LangRules(ga="hep", diem_per_ga=3, stake=0.5, noc_stop=0),
                 mode=Mode.STRICT, lang="en", sound=False,
                 levels=("beginner", "normal", "strong"), names=("Lan", "A", "B", "C"),
                 claim_seconds=10, skip_resume=(3, 7))
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
    ("claim_seconds", 7), ("skip_resume", ["x"]),
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
