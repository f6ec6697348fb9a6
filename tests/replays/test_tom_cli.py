"""The record verbs on Tổ tôm records (FORMATS "Tổ tôm records", "Command line"): ``analyze
--json`` on each worked example of TOTOM T7.7 prints what TOTOM.md says (issue 22, Done
when), plain text in both languages, bad records refused with exit 2 naming game, event and
cause, export and import through a database, the HTML report, and ``selfplay --game
to_tom``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replays.chanjson import read_file
from replays.names import MAX_NAME
from replays.record import SessionRecord
from replays.store import Store
from tests.replays import tom_games as T
from tests.replays.cli_run import run
from tests.replays.test_report import key, page_key, read_page

Doc = dict[str, Any]


def analyzed(capsys: pytest.CaptureFixture[str], path: Path, *more: str) -> list[Doc]:
    code, out, err = run(capsys, "analyze", path, "--json", *more)
    assert code == 0, err
    games: list[Doc] = json.loads(out)["games"]
    return games


def result_of(capsys: pytest.CaptureFixture[str], tmp_path: Path,
              record: SessionRecord) -> Doc:
    [doc] = analyzed(capsys, T.saved(tmp_path / "example.chan.json", record))
    return doc


# ------------------------------------------------------------------ T7.7 on the command line

def test_t7_7_example_1_prints_u_suong_4(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    doc = result_of(capsys, tmp_path, T.example_1())
    r = doc["result"]
    assert (r["kind"], r["winner"], r["winning_card"], r["verdict"], r["cuoc"], r["score"]) \
        == ("win", 1, "9n", "paid", [["suong", 1]], 4)
    waits = [a for a in doc["annotations"] if a["kind"] == "note_waits" and a["seat"] == 1]
    assert [w["card"] for w in waits[-1]["waits"]] == ["9n", "tt"]


def test_t7_7_example_2_prints_chi_nay_tom_26(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    doc = result_of(capsys, tmp_path, T.example_2())
    r = doc["result"]
    assert (r["winning_card"], r["verdict"], r["cuoc"], r["call"], r["score"]) == (
        "cc", "paid", [["chi_nay", 1], ["tom", 1]], [["chi_nay", 1], ["tom", 1]], 26)
    waits = [a for a in doc["annotations"] if a["kind"] == "note_waits" and a["seat"] == 1]
    assert [w["card"] for w in waits[-1]["waits"]] == ["cc"]  # "the only wait is cc"


def test_t7_7_example_3_prints_thap_thanh_and_no_chi_nay(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    doc = result_of(capsys, tmp_path, T.example_3("phong"))
    waits = [a for a in doc["annotations"] if a["kind"] == "note_waits" and a["seat"] == 1]
    assert {"1v", "1n", "1s", "oc", "tt", "cc", "4n", "8n", "6s", "3v", "7v", "2v", "2n",
            "2s"} == {w["card"] for w in waits[-1]["waits"]}  # T7.7 lists them all
    r = doc["result"]
    assert r["verdict"] == "paid" and "chi_nay" not in [c for c, _ in r["cuoc"]]
    events = json.loads((tmp_path / "example.chan.json").read_text("utf-8"))["games"][0]
    assert {"seat": 1, "act": "win", "phong": True} in events["events"]


@pytest.mark.parametrize(("call", "thong", "verdict", "score"), [
    ("thong thap_hong tom leo", True, "paid", 18),
    ("thong thap_hong tom leo", False, "cheo_do", 0),
    ("thap_hong thong tom leo", True, "paid", 16),
])
def test_t7_7_example_4_prints_the_calls_worth(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, call: str, thong: bool,
                                               verdict: str, score: int) -> None:
    doc = result_of(capsys, tmp_path, T.example_4_record(call, thong))
    assert (doc["result"]["verdict"], doc["result"]["score"]) == (verdict, score)
    kinds = {a["kind"] for a in doc["annotations"] if a["seat"] == 1}
    assert ("call_over" in kinds) == (verdict == "cheo_do")
    assert ("call_order" in kinds) == call.startswith("thap_hong")


def test_plain_text_says_the_game_the_verdict_and_the_call_in_both_languages(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = T.saved(tmp_path / "ex.chan.json", T.example_4_record("thong thap_hong tom leo",
                                                                 False))
    code, out, err = run(capsys, "analyze", path)
    assert code == 0 and err == ""
    assert out.startswith("Ván 1 / Game 1 · Tổ tôm\n")
    assert "chèo đò / chèo đò (owes the làng a win)" in out
    assert "xướng / call: Ù thông thập hồng tôm lèo / ù: second win in a row" in out
    assert "xướng gian / over-call" in out and "lỗi / offence TD8 5n" in out
    assert "hội: tiền góp / pool 50 → 50 · nợ / debts 0 1 0 0 0" in out


# ------------------------------------------------------------------ refused

def test_a_bad_event_is_exit_2_naming_game_event_and_cause_in_both_languages(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = T.saved(tmp_path / "bad.chan.json", T.with_declined_eat())
    doc = json.loads(path.read_text("utf-8"))
    doc["games"][0]["events"][1] = {"seat": 1, "act": "eat", "with": ["9v", "9v"]}
    path.write_text(json.dumps(doc), "utf-8")
    code, out, err = run(capsys, "analyze", path, "--json")
    assert code == 2 and out == ""
    assert f"{path}: game 0, event 1: seat 1: 1 eat 9v 9v:" in err
    assert f"{path}: ván 0, nước 1:" in err


def test_a_hostile_player_name_is_bounded_and_said(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    path = T.saved(tmp_path / "names.chan.json", T.with_offence())
    doc = json.loads(path.read_text("utf-8"))
    doc["players"][2]["name"] = "\u202e" + "x" * 5000
    path.write_text(json.dumps(doc), "utf-8")
    code, out, err = run(capsys, "analyze", path)
    assert code == 0 and "\u202e" not in out and "x" * (MAX_NAME + 1) not in out
    assert "seat 2: the player's name" in err


# ------------------------------------------------------------------ export, import, report

def test_import_then_export_gives_the_same_record(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    first = T.example_4_record("thong thap_hong tom leo", False)
    path = T.saved(tmp_path / "one.chan.json", first)
    db = tmp_path / "lib.db"
    code, out, err = run(capsys, "import", path, "--db", db, "--json")
    assert code == 0, err
    [gid] = json.loads(out)["game_ids"]
    out_file = tmp_path / "back.chan.json"
    assert run(capsys, "export", db, "--game", gid, "--out", out_file)[0] == 0
    back = read_file(out_file)
    assert (back.game, back.rules, back.players) == ("to_tom", first.rules, first.players)
    assert [(g.deal, g.actions) for g in back.games] == [(g.deal, g.actions)
                                                        for g in first.games]
    assert analyzed(capsys, db)[0]["result"] == analyzed(capsys, path)[0]["result"]
    with Store.open(db) as store:
        assert store.session(store.sessions()[0]).game == "to_tom"
    assert json.loads(run(capsys, "import", path, "--db", db, "--json")[1])["skipped"] == 1


def test_a_game_exported_from_the_middle_of_a_hoi_carries_its_pool_and_debts(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "sp.db"
    code, out, err = run(capsys, "selfplay", "--game", "to_tom", "--games", "4", "--seed", "2",
                         "--out", db, "--json")
    assert code == 0, err
    ids = json.loads(out)["game_ids"]
    whole = analyzed(capsys, db)
    out_file = tmp_path / "third.chan.json"
    assert run(capsys, "export", db, "--game", ids[2], "--out", out_file)[0] == 0
    exported = json.loads(out_file.read_text("utf-8"))
    assert exported["pool"] == whole[2]["result"]["pool"]["before"]
    assert exported["debts"] == whole[1]["result"]["debts"]
    [alone] = analyzed(capsys, out_file)
    assert alone["result"] == whole[2]["result"]
    assert alone["annotations"] == whole[2]["annotations"]


def test_the_report_shows_every_annotation_in_both_languages(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = T.saved(tmp_path / "ex.chan.json", T.with_khan_call("suong"))
    [doc] = analyzed(capsys, path)
    html = tmp_path / "r.html"
    code, _, err = run(capsys, "report", path, "--html", html)
    assert code == 0 and err == ""
    text = html.read_text("utf-8")
    for outside in ("<script", "http://", "https://", "src=", "<link", "@import", "url("):
        assert outside not in text
    assert 'data-ruleset="to_tom"' in text and "Các quân bài tổ tôm" in text
    assert 'data-verdict="unpaid"' in text and "The Tổ tôm cards" in text
    page = read_page(html)
    shown = page.annotations["0"]
    assert sorted(page_key(a) for a, _ in shown) == sorted(key(a) for a in doc["annotations"])
    for a in doc["annotations"]:
        assert any(" ".join(a["message"].split()) in t and " ".join(a["message_en"].split()) in t
                   for attrs, t in shown if page_key(attrs) == key(a))
    red = {"8v", "9v", "8s", "9s", "cc", "tt", "oc"}  # T1.5
    for cls, label in page.cards:
        assert ("r" in cls.split()) == (label.split(" ", 1)[0] in red)


def test_a_library_of_both_games_reports_each_with_its_own_cards(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "both.db"
    assert run(capsys, "selfplay", "--games", "1", "--out", db)[0] == 0
    assert run(capsys, "selfplay", "--game", "to_tom", "--games", "1", "--out", db,
               "--force")[0] == 0
    html = tmp_path / "both.html"
    assert run(capsys, "report", db, "--html", html)[0] == 0
    text = html.read_text("utf-8")
    assert "The cards</span>" in text and "The Tổ tôm cards" in text
    assert text.count('data-ruleset="to_tom"') == 1
    docs = analyzed(capsys, db)
    assert "picker" in docs[0]["setup"] and "cai_pile" in docs[1]["setup"]


# ------------------------------------------------------------------ selfplay

def test_selfplay_to_tom_plays_five_normal_seats_in_open_mode(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "sp.chan.json"
    code, out, err = run(capsys, "selfplay", "--game", "to_tom", "--games", "5", "--seed", "9",
                         "--out", out_file, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["game"], doc["games"], doc["levels"]) == ("to_tom", 5, ["normal"] * 5)
    assert len(doc["seats"]) == 5 and doc["file"] == str(out_file)
    record = read_file(out_file)
    assert record.game == "to_tom" and record.rules.hoi_points == 0  # T8.5
    assert len(analyzed(capsys, out_file)) == 5
    again = tmp_path / "again.chan.json"
    assert run(capsys, "selfplay", "--game", "to_tom", "--games", "5", "--seed", "9", "--out",
               again)[0] == 0
    assert again.read_bytes() == out_file.read_bytes()  # a function of the seed
    assert all(seat["offences"] == 0 and seat["missed_u"] == 0 for seat in doc["seats"])


def test_selfplay_to_tom_with_four_levels_is_the_four_player_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "four.chan.json"
    assert run(capsys, "selfplay", "--game", "to_tom", "--games", "2", "--levels",
               "random,random,random,random", "--out", out_file)[0] == 0
    record = read_file(out_file)
    assert record.rules.players == 4 and len(record.players) == 4


@pytest.mark.parametrize(("args", "said"), [
    (["--game", "to_tom", "--levels", "normal,normal,normal"], "needs 4 or 5"),
    (["--game", "to_tom", "--levels", "normal,normal,normal,normal,godlike"],
     "unknown level 'godlike'"),
    (["--game", "poker"], "invalid choice: 'poker'"),
    (["--game", "5"], "invalid choice: '5'"),
])
def test_selfplay_refuses_bad_game_or_levels_with_exit_2(
        capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    code, out, err = run(capsys, "selfplay", "--games", "1", *args)
    assert code == 2 and out == "" and said in err
