"""`chan-tutor analyze / export / import` exactly as FORMATS.md writes them: plain text or one
JSON document, errors on stderr in English and Vietnamese, exit 2 for bad input, 1 otherwise;
hostile input never changes the file it came in."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from replay_games import (
    RANDOM,
    find,
    play,
    record_games,
    record_of,
    session_of,
    thong_pair,
)

from engine.actions import Act
from engine.chan.cards import pairs_with
from engine.chan.game import ChanGame as Game
from engine.game import Phase
from replays.chanjson import to_json
from replays.migrations import SCHEMA_VERSION
from replays.store import Store
from tests.replays.cli_run import run

ROOT = Path(__file__).resolve().parents[2]
Doc = dict[str, Any]


def write(path: Path, doc: object) -> Path:
    """Write a JSON document."""
    path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    return path


def session_doc() -> Doc:
    """Three games of one session: the second and third won by the same seat (thông)."""
    first, second = thong_pair()
    return to_json(session_of([record_of(play(1)), record_of(first), record_of(second)]))


def recorded_db(path: Path, seeds: list[int]) -> list[int]:
    """A replay database of seeded random games played through a Recorder."""
    with Store.open(path) as store:
        return record_games(store, seeds, RANDOM)


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file of a folder with its bytes (to prove nothing was changed or added)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# ----------------------------------------------------------------------------- analyze


def test_analyze_json_is_one_document_with_every_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "s.chan.json", session_doc())
    code, out, err = run(capsys, "analyze", path, "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert set(doc) == {"games"} and [g["index"] for g in doc["games"]] == [0, 1, 2]
    for g in doc["games"]:
        assert set(g) == {"index", "setup", "result", "annotations"}
    assert doc["games"][2]["result"]["cuoc"][0] == ["thong", 1]


def test_analyze_one_game_keeps_the_sessions_thong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "s.chan.json", session_doc())
    whole = json.loads(run(capsys, "analyze", path, "--json")[1])
    code, out, _ = run(capsys, "analyze", path, "--game", "2", "--json")
    assert code == 0 and json.loads(out) == {"games": [whole["games"][2]]}


def test_analyze_prints_plain_text_for_people(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "s.chan.json", session_doc())
    code, out, _ = run(capsys, "analyze", path)
    assert code == 0 and out.startswith("Ván 1 / Game 1\n")  # people count games from 1
    assert "Kết quả / Result" in out and "Ghi chú / Annotations" in out
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)


def test_analyze_a_database_counts_games_from_0_and_names_their_ids(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "replays.db"
    ids = recorded_db(db, [3, 4, 5])
    before = folder_bytes(tmp_path)
    code, out, _ = run(capsys, "analyze", db, "--game", "1", "--json")
    assert code == 0
    [game] = json.loads(out)["games"]
    assert game["index"] == 1 and game["game_id"] == ids[1]
    code, out, _ = run(capsys, "analyze", db)
    assert code == 0 and f"id {ids[2]}" in out
    assert folder_bytes(tmp_path) == before


def test_analyze_a_game_that_does_not_exist_is_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "s.chan.json", session_doc())
    code, out, err = run(capsys, "analyze", path, "--game", "3")
    assert (code, out) == (2, "")
    assert "no game 3" in err and "không có ván 3" in err


# ----------------------------------------------------------------------------- export / import


def test_export_then_import_round_trips_and_prints_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.db"
    ids = recorded_db(db, [6, 7])
    out_file = tmp_path / "g.chan.json"
    code, out, _ = run(capsys, "export", db, "--game", ids[1], "--out", out_file, "--json")
    assert code == 0 and json.loads(out) == {"out": str(out_file), "games": 1}
    assert json.loads(out_file.read_text("utf-8"))["format"] == "chan-replay"
    code, out, _ = run(capsys, "import", out_file, "--db", tmp_path / "b.db", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["db"] == str(tmp_path / "b.db") and len(report["game_ids"]) == 1
    original = json.loads(run(capsys, "analyze", db, "--game", "1", "--json")[1])["games"][0]
    copied = json.loads(run(capsys, "analyze", tmp_path / "b.db", "--json")[1])["games"][0]
    for key in ("setup", "result", "annotations"):
        assert copied[key] == original[key]


def test_export_a_whole_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.db"
    recorded_db(db, [8, 9, 10])
    out_file = tmp_path / "s.chan.json"
    code, out, _ = run(capsys, "export", db, "--session", "1", "--out", out_file)
    assert code == 0 and "3" in out
    assert len(json.loads(out_file.read_text("utf-8"))["games"]) == 3


def test_import_goes_to_the_data_folder_by_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "s.chan.json", session_doc())
    data = tmp_path / "mine"
    code, _, _ = run(capsys, "--data-dir", data, "import", path)
    assert code == 0 and (data / "replays.db").is_file()
    code, _, _ = run(capsys, "import", path, "--data-dir", tmp_path / "other")
    assert code == 0 and (tmp_path / "other" / "replays.db").is_file()


def test_an_unexpected_failure_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "a.db"
    ids = recorded_db(db, [11])

    def bug(*_: object) -> None:  # a real bug, not the input nor the disk (issue 13: an
        raise RuntimeError("boom")  # output that cannot be written is exit 2 now)

    monkeypatch.setattr("replays.commands.write_file", bug)
    code, _, err = run(capsys, "export", db, "--game", ids[0], "--out", tmp_path / "g.chan.json")
    assert code == 1 and "internal error" in err and "lỗi nội bộ" in err


def test_usage_errors_exit_2_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "export", "x.db", "--game", "1")  # no --out
    assert code == 2 and "error:" in err and "lỗi:" in err


# ----------------------------------------------------------------------------- hostile input


def _edit_events(edit: Callable[[list[Doc], Game], str]) -> Callable[[Path], tuple[Path, str]]:
    """A hostile .chan.json: a played game's events changed by ``edit`` (which returns what
    the error must say)."""
    def make(folder: Path) -> tuple[Path, str]:
        game = play(31)
        doc = to_json(session_of([record_of(game)]))
        expect = edit(doc["games"][0]["events"], game)
        return write(folder / "bad.chan.json", doc), expect
    return make


def _not_held(events: list[Doc], game: Game) -> str:
    i = next(k for k, e in enumerate(events) if e["act"] == "discard" and k > 4)
    held = {str(c) for c in Game.replay(game.deal, game.record[:i]).hand_cards(events[i]["seat"])}
    events[i]["card"] = next(c for c in ("cc", "9v", "2n", "5s", "7n", "4v") if c not in held)
    return f"event {i}: seat {events[i]['seat']}"


def _out_of_turn(events: list[Doc], game: Game) -> str:
    events[0]["seat"] = (events[0]["seat"] + 1) % 4
    return "event 0"


def _return_without_chiu(events: list[Doc], game: Game) -> str:
    i = next(k for k, e in enumerate(events) if e["act"] == "discard" and k > 2)
    events[i]["act"] = "return"
    return f"event {i}"


def _bao_eats(folder: Path) -> tuple[Path, str]:
    """A báo player, entitled to a card it could pair, eats it."""
    def spot(g: Game) -> int | None:
        for i, a in enumerate(g.record):
            if a.act not in (Act.DRAW, Act.PASS):
                continue
            before = Game.replay(g.deal, g.record[:i])
            seat = a.seat
            if before.bao[seat] and before.phase is Phase.PLAY and before.live is not None \
                    and any(pairs_with(before.live.card, c) for c in before.hand_cards(seat)):
                return i
        return None

    game = find(lambda g: any(g.bao) and spot(g) is not None, RANDOM)
    i = spot(game)
    assert i is not None
    before = Game.replay(game.deal, game.record[:i])
    seat = game.record[i].seat
    assert before.live is not None
    card = next(c for c in before.hand_cards(seat) if pairs_with(before.live.card, c))
    doc = to_json(session_of([record_of(game)]))
    doc["games"][0]["events"][i] = {"seat": seat, "act": "eat", "with": str(card)}
    return write(folder / "bao.chan.json", doc), f"event {i}: seat {seat}"


def _deal_edit(edit: Callable[[Doc], str]) -> Callable[[Path], tuple[Path, str]]:
    def make(folder: Path) -> tuple[Path, str]:
        game = play(32)
        doc = to_json(session_of([record_of(game)]))
        doc["games"][0]["deal"] = game.deal.hands_json()
        expect = edit(doc["games"][0]["deal"])
        return write(folder / "deal.chan.json", doc), expect
    return make


def _card_twice(deal: Doc) -> str:
    first = deal["noc"][0]
    deal["noc"][1:] = [first if c != first and i == 0 else c
                       for i, c in enumerate(deal["noc"][1:])]
    return "×5"


def _random_bytes(folder: Path, name: str) -> tuple[Path, str]:
    path = folder / name
    path.write_bytes(random.Random(1).randbytes(5000))
    return path, "not"


def _truncated_json(folder: Path) -> tuple[Path, str]:
    text = json.dumps(session_doc())
    path = folder / "cut.chan.json"
    path.write_text(text[: len(text) // 2], "utf-8")
    return path, "not valid JSON"


def _truncated_db(folder: Path) -> tuple[Path, str]:
    path = folder / "cut.db"
    recorded_db(path, list(range(8)))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    return path, "damaged"


def _other_program(folder: Path) -> tuple[Path, str]:
    path = folder / "contacts.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Lan', '0123')")
    conn.commit()
    conn.close()
    return path, "another program"


def _newer_schema(folder: Path) -> tuple[Path, str]:
    path = folder / "future.db"
    recorded_db(path, [1])
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    return path, "newer version"


HOSTILE: dict[str, Callable[[Path], tuple[Path, str]]] = {
    "random bytes as .chan.json": lambda f: _random_bytes(f, "noise.chan.json"),
    "random bytes as .db": lambda f: _random_bytes(f, "noise.db"),
    "truncated .db": _truncated_db,
    "another program's .db": _other_program,
    "newer schema version": _newer_schema,
    "truncated JSON": _truncated_json,
    "unknown card code": _deal_edit(lambda d: (d["hands"][1].__setitem__(3, "0z"), "'0z'")[1]),
    "99 cards": _deal_edit(lambda d: (d["noc"].pop(), "99 cards")[1]),
    "101 cards": _deal_edit(lambda d: (d["noc"].append("cc"), "101 cards")[1]),
    "a card twice": _deal_edit(_card_twice),
    "card not held": _edit_events(_not_held),
    "out of turn": _edit_events(_out_of_turn),
    "return without chíu": _edit_events(_return_without_chiu),
    "báo player eating": _bao_eats,
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_input_is_refused_clearly_and_left_unchanged(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    path, expect = HOSTILE[case](folder)
    before = folder_bytes(folder)
    for verb in (["analyze", path], ["analyze", path, "--json"],
                 ["import", path, "--db", tmp_path / "target.db"]):
        code, out, err = run(capsys, *verb)
        assert (code, out) == (2, ""), err
        en, vi = err.splitlines()[0], err.splitlines()[-1]
        assert str(path) in en
        assert expect in err or (verb[0] == "import" and "not databases" in err)
        assert "chan-tutor:" in vi and any(ch in vi for ch in "ạảãáàăâđêôơưệốớ")
        assert folder_bytes(folder) == before
    if path.suffix == ".db":
        code, _, err = run(capsys, "export", path, "--game", "1", "--out", tmp_path / "o.json")
        assert code == 2 and folder_bytes(folder) == before
    if "event" in expect:  # an impossible event: the game and the event, in both languages
        n = expect.split("event ")[1].split(":")[0]
        assert f"game 0, {expect}" in err and f"ván 0, nước {n}" in err


def test_an_impossible_stored_event_names_the_game_id_and_event(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "edited.db"
    ids = recorded_db(db, [12, 13])
    conn = sqlite3.connect(db)
    conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND idx = 0",
                  (json.dumps({"seat": 9, "act": "draw"}), ids[1]))
    conn.commit()
    conn.close()
    before = folder_bytes(tmp_path)
    code, out, err = run(capsys, "analyze", db)
    assert (code, out) == (2, "")
    assert f"game {ids[1]}, event 0" in err and f"ván {ids[1]}, nước 0" in err
    assert "games by id" in err and folder_bytes(tmp_path) == before


# ----------------------------------------------------------------------------- the entry point


def test_the_desktop_entry_point_runs_sub_commands_without_qt(tmp_path: Path) -> None:
    path = write(tmp_path / "s.chan.json", to_json(session_of([record_of(play(2))])))
    script = ("import sys\nfrom desktop.__main__ import main\n"
              f"code = main(['analyze', {str(path)!r}, '--json'])\n"
              "qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pygame'))\n"
              "print(code, qt, file=sys.stderr)\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=False, env=env)
    assert done.stderr.strip().splitlines()[-1] == "0 []"
    assert json.loads(done.stdout)["games"][0]["index"] == 0
    real = subprocess.run([sys.executable, "-m", "desktop", "analyze", str(path), "--game", "5"],
                          cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    assert real.returncode == 2 and "no game 5" in real.stderr
