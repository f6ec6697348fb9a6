"""Round trips hold at scale. What the program writes it reads (a hội over the old 20 MB limit is
read game by game, with a limit per game: replays.chanjson_large); ``chan-tutor import`` of the
same file twice adds nothing (the library's duplicate check); ``report`` is written game by
game, and ``--per-session`` writes one page per hội.

(Asked for by issue 13, class 8.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import replays.chanjson as chanjson
import replays.chanjson_large as large
import replays.files as files
from engine.chan.ai.selfplay import play_session
from replays.chanjson import dumps, to_json, write_file
from replays.errors import BadFile
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store
from tests.replays.cli_run import run

LEVELS = ("random", "random", "random", "random")


def hoi(games: int, seed: int = 5) -> SessionRecord:
    played = play_session(LEVELS, games, seed)
    players = (Player("Lan"), *(Player(f"Máy {i}", "ai", "random") for i in range(1, 4)))
    return SessionRecord(players=players, created_at="2025-01-06T19:00:00+00:00",
                         games=tuple(GameRecord(g.deal, tuple(g.record), g.mode)
                                     for g in played))


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """A 20 KB whole-file limit stands for the 20 MB one: a few games exceed it, as
    10,000 games (21.8 MB) exceeded the real one."""
    limit = 20 * 1024
    monkeypatch.setattr(files, "MAX_BYTES", limit)
    if hasattr(chanjson, "MAX_BYTES"):
        monkeypatch.setattr(chanjson, "MAX_BYTES", limit)
    return limit


def stored_games(db: Path) -> list[tuple[str, list[str]]]:
    with Store.open(db) as store:
        return [(deal, [d for (d,) in store.db.execute(
                    "SELECT data FROM events WHERE game_id = ? ORDER BY idx", (gid,))])
                for gid, deal in store.db.execute("SELECT id, deal FROM games ORDER BY id")]


def test_an_exported_hoi_over_the_limit_imports_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], small_limit: int) -> None:
    source = tmp_path / "source.db"
    with Store.open(source) as store:
        sid, _ = store.import_session(hoi(12))
    exported = tmp_path / "hoi.chan.json"
    code, _, err = run(capsys, "export", source, "--session", sid, "--out", exported)
    assert code == 0, err
    assert exported.stat().st_size > small_limit  # over the whole-file limit
    copy = tmp_path / "copy.db"
    code, out, err = run(capsys, "import", exported, "--db", copy, "--json")
    assert code == 0, err
    assert len(json.loads(out)["game_ids"]) == 12
    assert stored_games(copy) == stored_games(source)
    code, out, err = run(capsys, "analyze", exported, "--json")  # analyze reads it too
    assert code == 0, err and len(json.loads(out)["games"]) == 12


@pytest.mark.parametrize("chunk", [1, 7, 64, 1 << 20])
def test_the_large_reader_reads_what_the_whole_reader_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """Chunks cut anywhere (inside a string, a number, between tokens) read the same record;
    keys after the games, a byte order mark and games before the players too."""
    record = hoi(4, seed=9)
    doc = to_json(record)
    reordered = {k: doc[k] for k in ("format", "version", "rules", "players", "games")}
    reordered.update(thong_seat=2, created_at="2025-02-01T00:00:00+00:00")  # after games
    games_first = {"games": doc["games"], **{k: v for k, v in doc.items() if k != "games"}}
    monkeypatch.setattr(large, "CHUNK", chunk)
    for i, (text, bom) in enumerate([(dumps(doc), ""), (json.dumps(doc), "\ufeff"),
                                     (json.dumps(reordered, indent=3), ""),
                                     (dumps(games_first), "")]):
        path = tmp_path / f"f{i}.chan.json"
        path.write_text(bom + text, encoding="utf-8")
        whole = chanjson.parse(chanjson.loads(path.read_bytes()))
        assert large.read_large(path) == whole


def test_the_limit_is_per_game_and_bad_text_is_bad_input(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = to_json(hoi(3, seed=11))
    text = dumps(doc)
    path = tmp_path / "x.chan.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(large, "MAX_GAME_CHARS", 200)  # smaller than one game
    with pytest.raises(BadFile) as info:
        large.read_large(path)
    assert "game 0" in info.value.en and "ván" not in info.value.en
    assert "game 0" in info.value.vi or "ván" in info.value.vi or "MB" in info.value.vi
    monkeypatch.undo()
    for broken in (text[: len(text) // 2], text.replace('"events"', '"events" "x"', 1),
                   text + "{}", "[" * 100_000, '{"format": NaN}'):
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(BadFile):
            large.read_large(path)
    path.write_bytes(b'{"format": "chan-replay", "players": [], "games": [\xff]}')
    with pytest.raises(BadFile) as info:
        large.read_large(path)
    assert "UTF-8" in info.value.en


def test_the_largest_file_read_is_the_largest_hoi_stored() -> None:
    assert large.MAX_FILE_BYTES >= files.MAX_DB_BYTES > files.MAX_BYTES


def test_importing_the_same_file_twice_adds_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.chan.json"
    write_file(path, hoi(3, seed=21))
    db = tmp_path / "mine.db"
    code, out, err = run(capsys, "import", path, "--db", db, "--json")
    assert code == 0, err
    first = json.loads(out)
    assert len(first["game_ids"]) == 3 and first["skipped"] == 0
    before = stored_games(db)
    code, out, err = run(capsys, "import", path, "--db", db, "--json")
    assert code == 0, err
    again = json.loads(out)
    assert again["game_ids"] == [] and again["skipped"] == 3
    assert stored_games(db) == before
    code, out, _ = run(capsys, "import", path, "--db", db)
    assert code == 0 and "0" in out and "skipped" in out and "bỏ qua" in out


def two_hoi_db(path: Path) -> list[int]:
    with Store.open(path) as store:
        return [store.import_session(hoi(3, seed=31))[0],
                store.import_session(hoi(2, seed=32))[0]]


def test_report_renders_one_game_at_a_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game is replayed and rendered alone (memory does not grow with the games), and
    the page is the same as the one built whole."""
    import replays.report as report

    db = tmp_path / "two.db"
    two_hoi_db(db)
    at_once: list[int] = []
    real = report.replayed

    def one_by_one(items: Any) -> Any:
        at_once.append(len(items))
        return real(items)

    monkeypatch.setattr(report, "replayed", one_by_one)
    out = tmp_path / "all.html"
    code, _, err = run(capsys, "report", db, "--html", out)
    assert code == 0, err
    assert at_once == [1] * 5
    monkeypatch.undo()
    from replays.commands import analysed

    assert out.read_text(encoding="utf-8") == report.page(str(db),
                                                          real(analysed(db)))


def test_report_per_session_writes_one_page_per_hoi(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "two.db"
    sessions = two_hoi_db(db)
    folder = tmp_path / "pages"
    code, out, err = run(capsys, "report", db, "--html", folder, "--per-session", "--json")
    assert code == 0, err
    doc = json.loads(out)
    pages = [folder / f"hoi-{sid}.html" for sid in sessions]
    assert doc["pages"] == [str(p) for p in pages] and doc["games"] == 5
    texts = [p.read_text(encoding="utf-8") for p in pages]
    assert [t.count('<section class="game"') for t in texts] == [3, 2]
    assert all(f'data-session-id="{sid}"' in t for sid, t in zip(sessions, texts, strict=True))
    # again: the pages exist, refused without --force (nothing changed), replaced with it
    code, _, err = run(capsys, "report", db, "--html", folder, "--per-session")
    assert code == 2 and "--force" in err
    assert [p.read_text(encoding="utf-8") for p in pages] == texts
    code, _, err = run(capsys, "report", db, "--html", folder, "--per-session", "--force")
    assert code == 0, err
    a_file = tmp_path / "file.html"
    a_file.write_text("keep", encoding="utf-8")
    code, _, err = run(capsys, "report", db, "--html", a_file, "--per-session")
    assert code == 2 and "folder" in err and "thư mục" in err
    assert a_file.read_text(encoding="utf-8") == "keep"
