"""Before Qt starts on X11: the system libraries its xcb plugin needs but the PySide6 wheel
does not ship. Without them Qt aborts with "could not load the Qt platform plugin", which
tells a learner nothing; this names the packages to install instead."""

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


def missing_packages() -> list[str]:
    """The packages to install for Qt's xcb plugin, when it is the one that will be used."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if sys.platform != "linux" or getattr(sys, "frozen", False):  # the bundle ships them
        return []
    if platform not in ("", "xcb") or not os.environ.get("DISPLAY"):
        return []
    missing = []
    for soname, package in XCB_LIBRARIES.items():
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(package)
    return missing


def explain(packages: list[str]) -> str:
    """What to do, in Vietnamese and English."""
    command = "sudo apt install " + " ".join(packages)
    return (f"chan-tutor: thiếu thư viện hệ thống để mở cửa sổ (Qt/X11). Hãy cài: {command}\n"
            f"chan-tutor: system libraries needed to open the window (Qt/X11) are missing. "
            f"Install them with: {command}\n")
