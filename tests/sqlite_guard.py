"""A guard over the whole test run: no code of the program may open() a SQLite file that this
process holds a connection to (issue 20).

Closing such a descriptor drops every POSIX lock of the process on the file, and another
program then deletes the write-ahead log under the connection (replays.readonly). Python
raises an "open" audit event for ``open()``, ``Path.open()``, ``os.open()`` and every copy made
with them; SQLite's own descriptors are opened in C and raise none. A file counts as held
when a connection was made to it (the "sqlite3.connect" audit event) and this process still
has a descriptor on the same inode. Tests may read such files themselves (to compare bytes);
only a call from the program's packages is a violation.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from types import FrameType
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = tuple(str(ROOT / name) + os.sep for name in ("engine", "replays", "lessons",
                                                         "desktop"))
SIDE_FILES = ("-wal", "-shm", "-journal")

connected: set[str] = set()  # absolute paths SQLite was asked to open
violations: list[str] = []
_state = {"installed": False}


def _database_path(target: object) -> str | None:
    """The file a sqlite3.connect argument names (a path or a file: URI)."""
    if isinstance(target, bytes):
        target = target.decode(errors="replace")
    if isinstance(target, os.PathLike):
        target = os.fspath(target)
    if not isinstance(target, str) or target in ("", ":memory:"):
        return None
    if target.startswith("file:"):
        parsed = urlparse(target)
        if "mode=memory" in parsed.query:
            return None
        target = unquote(parsed.path)
    return os.path.abspath(target)


def _held_inode(path: str) -> bool:
    """Whether a descriptor of this process is open on the file at ``path``."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            other = os.stat(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
            return True
    return False


def _from_the_program(frame: FrameType | None) -> bool:
    """Whether the nearest caller in this checkout is one of the program's packages."""
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(str(ROOT) + os.sep):
            return name.startswith(PACKAGES)
        frame = frame.f_back
    return False


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event == "sqlite3.connect":
        path = _database_path(args[0] if args else None)
        if path is not None:
            connected.add(path)
        return
    if event != "open" or not connected or not args:
        return
    target = args[0]
    if isinstance(target, int):  # os.fdopen of a descriptor already open
        return
    if isinstance(target, bytes | os.PathLike):
        target = os.fsdecode(target)  # type: ignore[arg-type]
    if not isinstance(target, str):
        return
    path = os.path.abspath(target)
    base = next((path[:-len(s)] for s in SIDE_FILES if path.endswith(s)), path)
    if base not in connected or not _held_inode(path):
        return
    caller = sys._getframe(1)
    if _from_the_program(caller):
        stack = "".join(traceback.format_stack(caller, limit=8))
        violations.append(f"open({path!r}) while a connection holds it:\n{stack}")


def install() -> None:
    """Start watching (once per process: audit hooks cannot be removed)."""
    if not _state["installed"] and sys.platform.startswith("linux"):
        sys.addaudithook(_hook)
        _state["installed"] = True
