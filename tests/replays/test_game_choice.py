"""One numbering people see in every verb (issue 20, docs/command-line.md): ``--hoi ID`` and
``--van N`` name a game as Xem lại shows it ("Hội 2 · ván 3", the ván counted from 1), alike in
analyze, report and export, and what the verbs print names games that way; ``--game`` keeps
exactly what FORMATS.md says it is in each verb (analyze, report: the index among FILE's games,
counted from 0; export: the game's id in the database)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from replays.chanjson import read_file
from replays.store import Store
from tests.replays.cli_run import run


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of two hội: hội 1 of three games (ids 1–3), hội 2 of two (ids 4–5)."""
    from replays.cli import main

    db = tmp_path_factory.mktemp("library") / "replays.db"
    assert main(["selfplay", "--games", "3", "--seed", "5", "--levels",
                 "random,beginner,random,normal", "--out", str(db)]) == 0
    assert main(["selfplay", "--games", "2", "--seed", "6", "--levels",
                 "random,beginner,random,normal", "--out", str(db), "--force"]) == 0
    with Store.open(db) as store:
        assert [store.locate(g) for g in store.game_ids()] == [(1, 0), (1, 1), (1, 2),
                                                               (2, 0), (2, 1)]
    return db


@pytest.fixture
def db(library: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(library, tmp_path / "replays.db"))


@pytest.fixture(scope="module")
def chan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A .chan.json of one hội of three games."""
    from replays.cli import main

    path = tmp_path_factory.mktemp("file") / "ba ván.chan.json"
    assert main(["selfplay", "--games", "3", "--seed", "8", "--out", str(path)]) == 0
    return path


def analyzed(capsys: pytest.CaptureFixture[str], *argv: object) -> list[dict[str, object]]:
    code, out, err = run(capsys, "analyze", *argv, "--json")
    assert code == 0, err
    games: list[dict[str, object]] = json.loads(out)["games"]
    return games


def test_hoi_and_van_name_the_game_game_names_by_formats_index(
        capsys: pytest.CaptureFixture[str], db: Path) -> None:
    """Hội 2 · ván 1 is the fourth game: ``--game 3`` as FORMATS.md counts."""
    assert analyzed(capsys, db, "--hoi", "2", "--van", "1") == analyzed(capsys, db, "--game", "3")
    assert analyzed(capsys, db, "--session", "2", "--van", "2") == analyzed(capsys, db,
                                                                           "--game", "4")
    whole_hoi = analyzed(capsys, db, "--hoi", "2")
    assert [g["index"] for g in whole_hoi] == [3, 4]  # the JSON keeps FORMATS.md's index
    assert whole_hoi == analyzed(capsys, db)[3:]


def test_a_file_is_one_hoi_its_van_counted_from_1(
        capsys: pytest.CaptureFixture[str], chan: Path) -> None:
    assert analyzed(capsys, chan, "--van", "2") == analyzed(capsys, chan, "--game", "1")
    code, out, _ = run(capsys, "analyze", chan, "--van", "3")
    assert code == 0 and out.startswith("Ván 3 / Game 3\n")
    code, out, _ = run(capsys, "analyze", chan)
    assert re.findall(r"^Ván (\d) / Game \1$", out, re.MULTILINE) == ["1", "2", "3"]


def test_export_takes_its_formats_id_or_the_hoi_and_van(
        capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    by_id, by_van = tmp_path / "id.chan.json", tmp_path / "van.chan.json"
    code, out, err = run(capsys, "export", db, "--game", "5", "--out", by_id)
    assert code == 0, err
    assert "hội 2 · ván 2" in out and "session 2, game 2" in out
    assert run(capsys, "export", db, "--hoi", "2", "--van", "2", "--out", by_van)[0] == 0
    assert read_file(by_id) == read_file(by_van)
    whole, old = tmp_path / "hoi.chan.json", tmp_path / "session.chan.json"
    code, out, _ = run(capsys, "export", db, "--hoi", "1", "--out", whole)
    assert code == 0 and "hội 1 · ván 1–3" in out
    assert run(capsys, "export", db, "--session", "1", "--out", old)[0] == 0
    assert read_file(whole) == read_file(old) and len(read_file(whole).games) == 3


def test_report_names_the_same_game_both_ways(
        capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    assert run(capsys, "report", db, "--game", "3", "--html", a)[0] == 0
    assert run(capsys, "report", db, "--hoi", "2", "--van", "1", "--html", b)[0] == 0
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")
    page = a.read_text(encoding="utf-8")
    assert 'data-game="3" data-van="1" data-game-id="4" data-session-id="2"' in page
    assert "Hội 2 · ván 1 (id 4)" in page and "Session 2, game 1 (id 4)" in page


@pytest.mark.parametrize(("argv", "en", "vi"), [
    (["--van", "1"], "it holds 2 hội: say which with --hoi", "có 2 hội"),
    (["--hoi", "2", "--van", "3"], "hội 2 has no ván 3 (it holds ván 1 to 2)",
     "hội 2 không có ván 3"),
    (["--hoi", "7"], "there is no hội (session) with id 7", "không có hội mã số 7"),
    (["--van", "0"], "--van counts from 1", "--van đếm từ 1"),
    (["--game", "1", "--van", "1"], "--game cannot be used with --hoi or --van",
     "không dùng --game cùng với --hoi hay --van"),
])
def test_a_game_named_wrongly_is_bad_input_in_both_languages(
        capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, argv: list[str], en: str,
        vi: str) -> None:
    html, out = tmp_path / "r.html", tmp_path / "e.chan.json"
    for verb in (["analyze", db], ["report", db, "--html", html],
                 ["export", db, "--out", out]):
        code, printed, err = run(capsys, *verb, *argv)
        assert (code, printed) == (2, ""), (verb, err)
        assert en in err and vi in err, err
    assert not html.exists() and not out.exists()


def test_a_file_has_no_hoi_ids(capsys: pytest.CaptureFixture[str], chan: Path) -> None:
    code, _, err = run(capsys, "analyze", chan, "--hoi", "1")
    assert code == 2 and "holds one hội" in err and "chứa một hội" in err
    code, _, err = run(capsys, "analyze", chan, "--van", "4")
    assert code == 2 and "has no ván 4 (it holds ván 1 to 3)" in err


def test_export_needs_a_game_or_a_hoi(capsys: pytest.CaptureFixture[str], db: Path,
                                      tmp_path: Path) -> None:
    code, _, err = run(capsys, "export", db, "--out", tmp_path / "e.chan.json")
    assert code == 2 and "--hoi ID" in err and "--game ID" in err and "export cần" in err


def test_what_the_verbs_print_names_games_as_the_program_shows_them(
        capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "analyze", db)
    assert code == 0
    titles = re.findall(r"^(Hội \d · ván \d) / Session \d, game \d \(id (\d)\)$", out,
                        re.MULTILINE)
    assert titles == [("Hội 1 · ván 1", "1"), ("Hội 1 · ván 2", "2"), ("Hội 1 · ván 3", "3"),
                      ("Hội 2 · ván 1", "4"), ("Hội 2 · ván 2", "5")]
    whole = tmp_path / "hoi2.chan.json"
    assert run(capsys, "export", db, "--hoi", "2", "--out", whole)[0] == 0
    code, out, _ = run(capsys, "import", whole, "--db", tmp_path / "other.db")
    assert code == 0 and "(hội 1 · ván 1, 2)" in out and "(session 1, games 1, 2)" in out


def test_moves_are_counted_from_1_in_the_text_the_json_keeps_the_event_index(
        capsys: pytest.CaptureFixture[str], db: Path) -> None:
    [doc] = analyzed(capsys, db, "--game", "0")
    code, out, _ = run(capsys, "analyze", db, "--game", "0")
    assert code == 0
    annotations = doc["annotations"]
    assert isinstance(annotations, list) and annotations
    moves = [int(m) for m in re.findall(r"^  nước/move (\d+) ", out, re.MULTILINE)]
    assert moves == [int(a["event"]) + 1 for a in annotations]
    causes = re.findall(r"\(do nước / set up by move (\d+)\)", out)
    assert [int(c) for c in causes] == [int(a["cause_event"]) + 1 for a in annotations
                                        if "cause_event" in a]
