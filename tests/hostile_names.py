"""Players' names as a hostile file may hold them (issue 20, section 4), and what the tests of
names measure: the process's memory."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from replays.cli import main

# escapes, a right-to-left mark and override, emoji joined and not, a letter under 3 marks
_MIX = "\x1b[2J\x1b]0;x\x07\u200fLan\u202e😀👨\u200d👩\u200d👧e\u0301\u0323\u0300 "

HOSTILE: dict[str, str] = {
    "2000": (_MIX * 100)[:2000],
    "1000000": ("Bà Tư \u202e" * 200_000)[:1_000_000],
    "empty": "",
    "zero_width": "\u200b",
    "rtl_override": "\u202eAnh Ba",
    "combining": "Lan" + "\u0301" * 500,
    "emoji": "👨\u200d👩\u200d👧\u200d👦" * 40,
    "escape": "\x1b[2J\x1b[31mLan\x07\x9b6n",
}

# What must never be left in a name, nor reach a terminal or a page from one: C0 controls
# but the line feed and the tab, DEL, C1, line separators, bidi controls (embeddings,
# overrides, isolates, marks), zero-width space, BOM
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                     "\u200b\u200e\u200f\u061c\ufeff]")

MB = 1024 * 1024


def selfplay_doc(folder: Path) -> dict[str, Any]:
    """One self-play hội of two games as a FORMATS document (written in ``folder``)."""
    out = folder / "base.chan.json"
    assert main(["selfplay", "--games", "2", "--seed", "3", "--out", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return doc


def hostile_file(doc: dict[str, Any], kind: str, folder: Path) -> Path:
    """``doc`` with the players of seats 0 and 1 named HOSTILE[kind], as a file."""
    named = json.loads(json.dumps(doc))
    for seat in (0, 1):
        named["players"][seat]["name"] = HOSTILE[kind]
    path = folder / f"{kind}.chan.json"
    path.write_text(json.dumps(named, ensure_ascii=False), encoding="utf-8")
    return path


def rss() -> int:
    """The process's resident memory now, in bytes (Linux: /proc/self/statm)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        pytest.skip("no /proc/self/statm: cannot measure memory here")
    return pages * os.sysconf("SC_PAGE_SIZE")
