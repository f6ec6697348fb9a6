"""Untrusted text is inert on the command line. Player names, card codes and file names come from
files anyone can write: an escape sequence in them must reach the terminal as visible text
(``\\x1b``), never as a command that clears the screen. ``--json`` keeps the exact value (JSON
escapes it), and what it prints holds no raw control either.

(Asked for by issue 13, class 7.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from replays.cli import main
from replays.text import inert, inert_json
from tests.replays.cli_run import run

EVIL = "\x1b[2J\x1b[31mLan\x07\x9b6n\u202eX\x7f"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def evil_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One self-play game whose first player is named with escape sequences."""
    out = tmp_path_factory.mktemp("evil") / "s.chan.json"
    assert main(["selfplay", "--games", "1", "--seed", "2", "--out", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    doc["players"][0]["name"] = EVIL
    return doc


@pytest.fixture
def evil_file(evil_doc: dict[str, Any], tmp_path: Path) -> Path:
    path = tmp_path / "ván\x1b]0;pwned\x07.chan.json"
    path.write_text(json.dumps(evil_doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_analyze_text_shows_names_without_controls(
        evil_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", evil_file)
    assert code == 0, err
    assert not RAW.search(out) and not RAW.search(err)
    # a name is read without its controls (replays.names, issue 20), and that is said
    assert "ghế/seat 0 ([2J[31mLan6nX)" in out
    assert "seat 0: the player's name held control or invisible characters" in err


def test_analyze_json_keeps_the_name_and_prints_no_control(
        evil_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", evil_file, "--json")
    assert code == 0, err
    assert not RAW.search(out)
    json.loads(out)  # still one JSON document
    code, out, _ = run(capsys, "import", evil_file, "--db", evil_file.parent / "x.db",
                       "--json")
    assert code == 0 and not RAW.search(out)
    assert json.loads(out)["db"].endswith("x.db")


def test_file_names_and_card_codes_in_messages_are_escaped(
        evil_doc: dict[str, Any], evil_file: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "import", evil_file, "--db", tmp_path / "x\x1b[2J.db")
    assert code == 0 and not RAW.search(out) and "x\\x1b[2J.db" in out
    code, _, err = run(capsys, "analyze", tmp_path / "missing\x1b[2J.chan.json")
    assert code == 2 and not RAW.search(err) and "\\x1b[2J" in err
    doc = json.loads(json.dumps(evil_doc))
    doc["games"][0]["events"][0] = {"seat": 0, "act": "discard", "card": "\x1b[2J9v"}
    bad = tmp_path / "bad.chan.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "analyze", bad)
    assert code == 2 and "event 0" in err and not RAW.search(err)


def test_inert_keeps_text_and_line_breaks() -> None:
    assert inert("Bà Tư\tChú Ba\nCô Hằng — 9v 8s cc") == "Bà Tư\tChú Ba\nCô Hằng — 9v 8s cc"
    assert inert("\r\x1b") == "\\x0d\\x1b"
    document = json.dumps({"name": EVIL}, ensure_ascii=False)
    assert json.loads(inert_json(document)) == {"name": EVIL}
    assert not RAW.search(inert_json(document))
