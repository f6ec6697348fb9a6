"""How long ago this process started, for `chan-tutor --smoke` (first_frame_ms).

On Linux the kernel's start time of the process is used (/proc/self/stat, in clock ticks since
boot), so interpreter start-up and imports are counted; elsewhere the clock starts when this
module is imported, which the `chan-tutor` entry point does first.
"""

from __future__ import annotations

import os
import sys
import time

_marked = time.perf_counter()  # the fallback's zero


def _linux_elapsed() -> float | None:
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            stat = f.read()
        ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22: starttime
        hz = os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / hz
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def ms_since_start() -> int:
    """Milliseconds since the process started (or since this module was imported)."""
    elapsed = _linux_elapsed() if sys.platform.startswith("linux") else None
    if elapsed is None or elapsed < 0:
        elapsed = time.perf_counter() - _marked
    return round(elapsed * 1000)
