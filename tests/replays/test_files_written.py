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
    from replays.database import copied
    from replays.files import MAX_BYTES, SQLITE_MAGIC

    big = tmp_path / "thư viện.db"
    with big.open("wb") as f:
        f.write(SQLITE_MAGIC)
        f.truncate(MAX_BYTES + 1)
    before = big.stat().st_mtime_ns
    with copied(big) as copy:
        assert copy.stat().st_size == MAX_BYTES + 1
    assert big.stat().st_mtime_ns == before
