"""Before Qt starts on Linux: a display to open the window on, and the system libraries Qt's
xcb plugin needs but the PySide6 wheel does not ship. Without either, Qt aborts with "could not
load the Qt platform plugin" — and, with no display at all, blames libxcb-cursor0 even when it
is installed (issue 20) —, which tells a learner nothing; this says what is really wrong."""

from __future__ import annotations

import ctypes
import os
import sys

# soname → Debian/Ubuntu package (Qt ≥ 6.5 on X11; seen missing on a fresh Debian 12)
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
# Qt platforms that need a display server; any other (offscreen, minimal, vnc, eglfs, ...)
# draws without one.
_NEEDS_SERVER = {"xcb": "DISPLAY", "wayland": "WAYLAND_DISPLAY", "wayland-egl": "WAYLAND_DISPLAY",
                 "wayland-brcm": "WAYLAND_DISPLAY"}


def _uses_display_server() -> bool:
    return sys.platform not in ("win32", "darwin", "cygwin")


def _platforms() -> list[str]:
    """The Qt platforms QT_QPA_PLATFORM asks for, in order ("wayland;xcb"; options after ':'
    left out); none when it is unset (Qt chooses xcb or wayland)."""
    value = os.environ.get("QT_QPA_PLATFORM", "")
    return [p.split(":", 1)[0].strip() for p in value.split(";") if p.strip()]


def no_display() -> bool:
    """Whether there is no display for the window: on Linux and its kin, no X11 or Wayland
    display in the environment and no platform asked for that draws without one."""
    if not _uses_display_server():
        return False
    wanted = _platforms()
    if not wanted:
        return not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
    return all(p in _NEEDS_SERVER and not os.environ.get(_NEEDS_SERVER[p]) for p in wanted)


def unloadable_packages() -> list[str]:
    """The packages of Qt's xcb libraries that really cannot be loaded here (none in the
    bundle, which ships them)."""
    if not _uses_display_server() or getattr(sys, "frozen", False):
        return []
    missing = []
    for soname, package in XCB_LIBRARIES.items():
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(package)
    return missing


def missing_packages() -> list[str]:
    """The packages to install for Qt's xcb plugin, when it is the one that will be used (an
    X11 display, and no other platform asked for); only those really missing."""
    if _platforms() not in ([], ["xcb"]) or not os.environ.get("DISPLAY"):
        return []
    return unloadable_packages()


def install_command(packages: list[str]) -> str:
    """``sudo apt install …``, or ``apt install …`` for root (a root shell has no sudo on a
    fresh Debian)."""
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    return ("apt install " if root else "sudo apt install ") + " ".join(packages)


def explain(packages: list[str]) -> str:
    """What to do about missing libraries, in Vietnamese and English."""
    command = install_command(packages)
    return (f"chan-tutor: thiếu thư viện hệ thống để mở cửa sổ (Qt/X11). Hãy cài: {command}\n"
            f"chan-tutor: system libraries needed to open the window (Qt/X11) are missing. "
            f"Install them with: {command}\n")


def explain_no_display(packages: list[str]) -> str:
    """There is no display: how to run the window headless, in Vietnamese and English (and
    the libraries X11 will also need, only if they are really missing)."""
    vi = ("chan-tutor: không có màn hình để mở cửa sổ (chưa đặt DISPLAY hay WAYLAND_DISPLAY: "
          "chương trình đang chạy ngoài phiên đồ họa, ví dụ qua SSH hay trong máy chủ). Hãy "
          "chạy trong phiên đồ họa, hoặc chạy không màn hình: QT_QPA_PLATFORM=offscreen "
          "chan-tutor --smoke, hay trong màn hình ảo Xvfb: xvfb-run chan-tutor. Các lệnh con "
          "(analyze, report, selfplay, …) không cần màn hình.\n")
    en = ("chan-tutor: there is no display to open the window on (neither DISPLAY nor "
          "WAYLAND_DISPLAY is set: the program runs outside a desktop session, e.g. over SSH "
          "or on a server). Run it in a desktop session, or headless: "
          "QT_QPA_PLATFORM=offscreen chan-tutor --smoke, or in an Xvfb virtual display: "
          "xvfb-run chan-tutor. The sub-commands (analyze, report, selfplay, …) need no "
          "display.\n")
    if packages:
        command = install_command(packages)
        vi += f"chan-tutor: để mở cửa sổ trên X11 còn thiếu thư viện hệ thống: {command}\n"
        en += f"chan-tutor: the window on X11 will also need missing system libraries: {command}\n"
    return vi + en
