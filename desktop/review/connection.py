"""Xem lại's work on the library database runs on the Worker (issue 20: the UI thread never
waits on the database): each job opens a connection of its own, since a SQLite connection
stays in the thread that opened it, and closes it when done."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from replays.store import Store

T = TypeVar("T")


def in_store(path: Path, use: Callable[[Store], T], read_only: bool = False) -> T:
    """On the Worker: ``use`` the library at ``path`` on a connection of its own (for reading
    only when another program writes the library, desktop.instance)."""
    with Store.open_read_only(path) if read_only else Store.open(path) as store:
        return use(store)
