"""Rebuild the regression corpus (tests/regression/data/) from the current code.

    .venv/bin/python tests/regression/build_corpus.py [GROUP ...]

Run it only to record a deliberate change of behaviour (say which in the commit): the
corpus is what ``test_regression_corpus.py`` holds every later version to, byte for byte.
GROUPs: sessions database selfplay decisions drills (default: all).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import (
    DATA,
    GROUPS,
    database_items,
    decision_items,
    drill_items,
    selfplay_items,
    session_items,
    write_lines,
)


def _items(group: str, folder: Path) -> Iterator[tuple[str, Any]]:
    if group == "sessions":
        return session_items(folder)
    if group == "database":
        return database_items(folder)
    if group == "selfplay":
        return selfplay_items(folder)
    return decision_items() if group == "decisions" else drill_items()


def main(argv: list[str]) -> int:
    """Write the wanted groups."""
    groups = argv or list(GROUPS)
    for group in groups:
        if group not in GROUPS:
            print(f"unknown group {group!r} (one of {', '.join(GROUPS)})", file=sys.stderr)
            return 2
    for group in groups:
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            write_lines(DATA / f"{group}.jsonl.gz", _items(group, Path(tmp)))
        size = (DATA / f"{group}.jsonl.gz").stat().st_size
        print(f"{group}: {size / 1024:.0f} KB in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
