"""Looking into a SQLite file without ever opening it ourselves (issue 20).

POSIX locks belong to a process and an inode, not to a descriptor: closing *any* descriptor of
a database file drops every lock the process holds on it. A connection of this process would
then look closed to other programs, and the last of them to close deletes the write-ahead log
under it ("How To Corrupt An SQLite Database File", section 2.2). SQLite itself tracks the
descriptors of one process and defers such closes, so every look at a database file — its
header, its schema, a copy — goes through a SQLite connection, never through ``open()``.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

NOT_A_DATABASE = 26  # SQLITE_NOTADB: the file does not start with a SQLite header


def side_file(path: Path, suffix: str) -> Path:
    """The file SQLite keeps beside ``path`` (``-wal``, ``-shm``, ``-journal``)."""
    return path.with_name(path.name + suffix)


def read_only_uri(path: Path) -> str:
    """The URI of a read-only connection to ``path`` that leaves its folder as it was.

    With a write-ahead log beside it (a database in use, or one a crash interrupted) the log
    must be read, through the shared-memory index SQLite keeps there. Without one, nobody has
    the database open in WAL mode: 'immutable' reads the file alone, without locks and without
    creating -wal and -shm files beside a file the user brought from elsewhere.
    """
    immutable = "" if side_file(path, "-wal").exists() else "&immutable=1"
    return f"{path.resolve().as_uri()}?mode=ro{immutable}"


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only SQLite connection to an existing file, closed afterwards (sqlite3.Error as
    SQLite raises it: NOTADB for a file that is no database)."""
    with closing(sqlite3.connect(read_only_uri(path), uri=True)) as conn:
        yield conn


def is_regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (a FIFO would block whoever opens it)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def is_sqlite(path: Path) -> bool:
    """Whether ``path`` is a SQLite database (damaged ones included): asked of SQLite, which
    reads the header; an empty or unreadable file, or anything but a regular file, is not."""
    try:
        if not is_regular(path) or os.stat(path).st_size == 0:
            return False
        with reading(path) as conn:
            conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as e:
        # a damaged database is still a database; only a missing header says it is not one
        return getattr(e, "sqlite_errorcode", None) != NOT_A_DATABASE and not isinstance(
            e, sqlite3.OperationalError)
    except (sqlite3.Error, OSError):
        return False
    return True
