"""Before Qt starts: no display is said as no display (with how to run headless), and the
packages Qt's xcb plugin needs are named only when their libraries really are missing, with
an install line that works in the shell the learner has (issue 20)."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import platform_check

ROOT = Path(__file__).resolve().parents[2]


def really_missing() -> list[str]:
    """The packages of XCB_LIBRARIES whose library this machine cannot load."""
    missing = []
    for soname, package in platform_check.XCB_LIBRARIES.items():
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(package)
    return missing


def test_wayland_alone_is_not_asked_for_x11_libraries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform_check.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setattr(platform_check, "XCB_LIBRARIES",
                        {"libdoes-not-exist.so.9": "libdoes-not-exist9"})
    assert platform_check.missing_packages() == [] and not platform_check.no_display()


def test_offscreen_needs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert platform_check.missing_packages() == []
    assert not platform_check.no_display()


def test_a_missing_library_is_named_with_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform_check.sys, "platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(platform_check.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(platform_check, "XCB_LIBRARIES",
                        {"libdoes-not-exist.so.9": "libdoes-not-exist9", "libc.so.6": "libc6"})
    missing = platform_check.missing_packages()
    assert missing == ["libdoes-not-exist9"]  # libc loads: never named
    assert not platform_check.no_display()
    text = platform_check.explain(missing)
    assert "sudo apt install libdoes-not-exist9" in text
    assert "thiếu thư viện" in text and "missing" in text


def test_a_root_shell_is_given_the_apt_line_without_sudo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform_check.os, "geteuid", lambda: 0)
    text = platform_check.explain(["libxcb-icccm4"])
    assert "apt install libxcb-icccm4" in text and "sudo" not in text


@pytest.mark.parametrize(("environment", "none"), [
    ({}, True),
    ({"QT_QPA_PLATFORM": "xcb"}, True),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, True),
    ({"DISPLAY": ":1"}, False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, False),
    ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":1"}, True),  # asked for Wayland: none
    ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":1"}, False),
    ({"QT_QPA_PLATFORM": "offscreen"}, False),
    ({"QT_QPA_PLATFORM": "vnc:size=800x600"}, False),
])
def test_no_display_is_told_from_the_environment(
        monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], none: bool) -> None:
    monkeypatch.setattr(platform_check.sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert platform_check.no_display() is none


def test_started_with_no_display_the_program_says_so_and_exits_1(tmp_path: Path) -> None:
    """The program itself, with no DISPLAY, no WAYLAND_DISPLAY and no QT_QPA_PLATFORM: it says
    there is no display and how to run headless, in both languages, exits 1 (not Qt's abort,
    134), names no library that loads (libxcb-cursor0 was blamed while installed) and every
    one that does not, and writes nothing in the data folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, "-m", "desktop", "--data-dir", str(data)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    err = done.stderr
    assert "there is no display" in err and "không có màn hình" in err
    assert "QT_QPA_PLATFORM=offscreen" in err and "xvfb-run" in err
    assert "Traceback" not in err and "qt.qpa" not in err
    missing = really_missing()
    for package in platform_check.XCB_LIBRARIES.values():
        assert (package in err) == (package in missing), package
    assert not data.exists()
