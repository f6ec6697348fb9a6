"""Reading and writing files the user names: size limit, kind sniffing, atomic writes."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from replays.errors import BadFile

MAX_BYTES = 20 * 1024 * 1024  # larger records are refused, never read (issue 4)
# A database is copied, not read into memory: a library of tens of thousands of analysed
# games (about 11 MB per 1,000) must still open; the limit only guards against a wrong file.
MAX_DB_BYTES = 2 * 1024 * 1024 * 1024
SQLITE_MAGIC = b"SQLite format 3\x00"
DB_SUFFIXES = (".db", ".sqlite", ".sqlite3")


def checked_size(path: Path, limit: int = MAX_BYTES) -> int:
    """The size of a file the user named; BadFile if it is missing, not a file, or over
    ``limit`` bytes."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise BadFile(f"{path}: no such file", f"{path}: không tìm thấy tệp") from None
    except OSError as e:
        raise BadFile(f"{path}: cannot be read ({e.strerror})",
                      f"{path}: không đọc được tệp ({e.strerror})") from None
    if not path.is_file():
        raise BadFile(f"{path}: not a file", f"{path}: không phải là tệp")
    if st.st_size > limit:
        mb = st.st_size / (1024 * 1024)
        most = f"{limit // (1024 * 1024)} MB"
        raise BadFile(f"{path}: {mb:.1f} MB is too large (files over {most} are refused)",
                      f"{path}: tệp {mb:.1f} MB quá lớn (không nhận tệp trên {most})")
    return st.st_size


def read_limited(path: Path) -> bytes:
    """All bytes of a file the user named, refusing files over 20 MB."""
    checked_size(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise BadFile(f"{path}: cannot be read ({e.strerror})",
                      f"{path}: không đọc được tệp ({e.strerror})") from None
    if len(data) > MAX_BYTES:  # it grew after the check
        raise BadFile(f"{path}: too large (files over 20 MB are refused)",
                      f"{path}: tệp quá lớn (không nhận tệp trên 20 MB)")
    return data


def is_sqlite(path: Path) -> bool:
    """Whether the file starts with the SQLite header (read without opening it as a database)."""
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def is_database(path: Path) -> bool:
    """Whether the user named a replay database rather than a .chan.json file: by its
    suffix, or, whatever it is called, by its SQLite header."""
    return path.suffix.lower() in DB_SUFFIXES or is_sqlite(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> None:
    """Write a text file whole or not at all: a temporary file beside it, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file owner-only; the user expects an ordinary file (umask)
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
