"""Libraries to damage (issue 20): a real library of self-play games, and what a failing disk
or a stray program does to its file — truncated, garbage, pages overwritten in the middle,
emptied. The file is written as bytes: a library this process holds is damaged only from
another process (``overwrite_in_another_process``)."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from engine.chan.ai.selfplay import play_session
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = (Player("Lan"), *(Player(f"Máy {i}", "ai", "random") for i in range(1, 4)))
KINDS = ("truncated", "garbage", "half-overwritten")


def make_library(path: Path, games: int = 40, seed: int = 5, hoi: int = 10) -> list[int]:
    """A library of ``games`` finished random self-play games in hội of ``hoi``; their ids."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ids: list[int] = []
    with Store.open(path) as store:
        for k in range(0, games, hoi):
            played = play_session(("random",) * 4, min(hoi, games - k), seed * 1009 + k)
            ids += store.import_session(SessionRecord(players=PLAYERS, games=tuple(
                GameRecord(g.deal, tuple(g.record), g.mode) for g in played)))[1]
    return ids


def add_games(path: Path, games: int, seed: int) -> list[int]:
    """More games in a new hội of the library at ``path``; their ids."""
    return make_library(path, games, seed, hoi=games)


def backed_up_library(db: Path) -> Path:
    """A library of 25 games at ``db``: backed up at 20 and at 23 games (the newest backup),
    then 2 more played; ``db``."""
    from datetime import UTC, datetime, timedelta

    from replays.backup import take

    start = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    make_library(db, 20)
    take(db, now=start)
    add_games(db, 3, seed=31)
    take(db, now=start + timedelta(minutes=15))
    add_games(db, 2, seed=32)
    return db


def games_of(path: Path) -> dict[int, list[tuple[object, ...]]]:
    """Every game of a library and its events, read through SQLite (to compare)."""
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]
        return {gid: conn.execute("SELECT idx, seat, act, data FROM events WHERE game_id = ? "
                                  "ORDER BY idx", (gid,)).fetchall() for gid in ids}


def damage(path: Path, kind: str, seed: int = 1) -> bytes:
    """Damage the closed library at ``path`` as a failing disk would; its new bytes.

    truncated: cut at 60 % (the header still claims every page); garbage: random bytes of
    the same size; half-overwritten: the middle fifth of its pages overwritten with random
    bytes (the header and the first pages intact: it still opens); emptied: 0 bytes."""
    data = path.read_bytes()
    rnd = random.Random(seed)
    if kind == "truncated":
        new = data[:len(data) * 3 // 5]
    elif kind == "garbage":
        new = rnd.randbytes(len(data))
    elif kind == "half-overwritten":
        page = int.from_bytes(data[16:18], "big") or 65536
        pages = len(data) // page
        start, end = pages * 2 // 5, pages * 3 // 5
        new = data[:start * page] + rnd.randbytes((end - start) * page) + data[end * page:]
    elif kind == "emptied":
        new = b""
    else:
        raise AssertionError(kind)
    path.write_bytes(new)
    return new


def pages_of(path: Path, table: str, kind: str = "leaf") -> list[int]:
    """The pages of a table's b-tree of one kind (``leaf``, ``internal``), in order."""
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        return [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ? AND "
                                           "pagetype = ? ORDER BY pageno", (table, kind))]


def overwrite_pages(path: Path, pages: list[int], seed: int = 2) -> bytes:
    """Overwrite whole pages (numbered from 1) of the closed library with random bytes, as a
    disk that wrote a sector in the wrong place; the file's new bytes."""
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big") or 65536
    rnd = random.Random(seed)
    for page in pages:
        data[(page - 1) * size:page * size] = rnd.randbytes(size)
    path.write_bytes(bytes(data))
    return bytes(data)


def overwrite_in_another_process(path: Path, pages: list[int]) -> None:
    """A stray program writes over pages of a library this process holds (never an open()
    of this process: closing it would drop this process's locks on the file)."""
    script = ("import sys; from pathlib import Path; "
              "from tests.library_damage import overwrite_pages; "
              "overwrite_pages(Path(sys.argv[1]), [int(p) for p in sys.argv[2:]])")
    subprocess.run([sys.executable, "-c", script, str(path), *map(str, pages)], cwd=ROOT,
                   check=True)


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
            for p in sorted(folder.rglob("*"))}
