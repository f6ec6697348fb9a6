"""The generated sounds (CC0, tools/make_sounds.py) and the player: lazy, silent without audio."""

from __future__ import annotations

import filecmp
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop import sound
from desktop.sound import NAMES, SOUNDS, Sounds, State
from desktop.worker import Worker

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_short_mono_wav(name: str) -> None:
    with wave.open(str(SOUNDS / f"{name}.wav")) as f:
        assert (f.getnchannels(), f.getsampwidth(), f.getframerate()) == (1, 2, 22050)
        assert 0.05 < f.getnframes() / f.getframerate() < 1.5


def test_the_files_are_what_the_tool_makes(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out",
                    str(tmp_path)], check=True, capture_output=True, timeout=120)
    for name in NAMES:
        assert filecmp.cmp(tmp_path / f"{name}.wav", SOUNDS / f"{name}.wav", shallow=False)
    readme = (SOUNDS / "README.md").read_text(encoding="utf-8")
    assert "tools/make_sounds.py" in readme and "CC0" in readme


def test_nothing_is_opened_until_a_sound_is_wanted(qtbot: QtBot) -> None:
    sounds = Sounds(Worker())
    assert sounds.state is State.CLOSED
    sounds.play("discard")
    assert sounds.state in (State.OPENING, State.READY, State.UNAVAILABLE)
    qtbot.waitUntil(lambda: sounds.state is not State.OPENING, timeout=5000)
    sounds.close()


def test_no_audio_device_means_silence_not_an_error(qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(folder: Path = SOUNDS) -> dict[str, object]:
        raise RuntimeError("No available audio device")

    monkeypatch.setattr(sound, "open_mixer", no_device)
    sounds = Sounds(Worker())
    sounds.play("u")
    qtbot.waitUntil(lambda: sounds.state is State.UNAVAILABLE, timeout=5000)
    sounds.play("eat")  # and later sounds are simply not played
    assert list(sounds.played) == []


def test_muted_sounds_never_open_the_mixer() -> None:
    sounds = Sounds(Worker(), enabled=False)
    sounds.play("deal")
    sounds.warm()
    assert sounds.state is State.CLOSED
