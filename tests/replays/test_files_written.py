"""Files the program writes for the user (exports, reports) are ordinary files: whole or not at
all, and readable as the user's umask says — not owner-only like a temporary file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from replays.files import write_atomic


def test_written_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        target = tmp_path / "báo cáo.html"
        write_atomic(target, "<p>ván 1</p>")
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text(encoding="utf-8") == "<p>ván 1</p>"
    assert [p.name for p in tmp_path.iterdir()] == ["báo cáo.html"]  # no temporary left


def test_a_database_larger_than_a_record_is_still_copied(tmp_path: Path) -> None:
    """Records (.chan.json) stop at 20 MB; a database is copied, so a big library opens."""
    import sqlite3
    from contextlib import closing

    from replays.database import copied
    from replays.files import MAX_BYTES

    big = tmp_path / "thư viện.db"
    with closing(sqlite3.connect(big)) as conn:
        conn.execute("CREATE TABLE t (b BLOB)")
        conn.execute("INSERT INTO t VALUES (zeroblob(?))", (MAX_BYTES + 1,))
        conn.commit()
    size = big.stat().st_size
    assert size > MAX_BYTES
    before = big.stat().st_mtime_ns
    with copied(big) as copy:
        assert copy.stat().st_size == size
        with closing(sqlite3.connect(copy)) as conn:
            assert conn.execute("SELECT length(b) FROM t").fetchone()[0] == MAX_BYTES + 1
    assert big.stat().st_mtime_ns == before
