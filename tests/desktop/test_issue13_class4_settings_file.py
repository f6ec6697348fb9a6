"""Issue 13, classes 4 and 7, for settings.json: a damaged file (nested thousands deep, a
FIFO, too large) gives the default settings with a notice, never a crash or a hang, and is
left as it was; names lose their control characters."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.settings import DEFAULT_NAMES, MAX_FILE_BYTES, Settings, clean_name, load, read

ROOT = Path(__file__).resolve().parents[2]


def test_issue13_class4_deeply_nested_settings_fall_back_to_defaults_with_a_notice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"rules": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    assert load(path) == Settings()
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "lồng nhau quá sâu" in err
    assert "default settings" in err and "cài đặt mặc định" in err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_issue13_class4_a_nested_value_inside_settings_keeps_the_other_defaults(
        tmp_path: Path) -> None:
    nested: object = "x"
    for _ in range(900):
        nested = [nested]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rules": {"ga": nested}, "lang": "en"}), encoding="utf-8")
    settings, _ = read(path)
    assert settings.rules == Settings().rules


def test_issue13_class4_a_fifo_settings_file_does_not_block_the_start(tmp_path: Path) -> None:
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


def test_issue13_class4_a_huge_settings_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    settings, problem = read(path)
    assert settings == Settings() and problem is not None and "too large" in problem[1]


def test_issue13_class4_a_missing_settings_file_is_no_problem(tmp_path: Path) -> None:
    assert read(tmp_path / "settings.json") == (Settings(), None)


def test_issue13_class7_names_lose_their_control_characters() -> None:
    assert clean_name("\x1b[2JLan\u202e\x07", DEFAULT_NAMES[0]) == "[2JLan"
    assert clean_name("\x1b\x9b", DEFAULT_NAMES[1]) == DEFAULT_NAMES[1]
    assert clean_name("Bà\tTư", DEFAULT_NAMES[1]) == "Bà Tư"
