"""`chan-tutor report FILE [--game N] --html OUT` (FORMATS.md, issue 8 "Export"): one
self-contained page holding every annotation `chan-tutor analyze --json` gives, with
machine-checkable attributes and its sentences, the positions the engine rebuilt, the true
cước beside the call; bad input → exit 2 in both languages, no OUT, FILE never changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from engine.chan.ai.selfplay import play_session
from engine.chan.cards import Card
from replays.chanjson import write_file
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store
from tests.replays.cli_run import run

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ("random", "beginner", "random", "normal")
Doc = dict[str, Any]


class Page(HTMLParser):
    """What a program reading the report sees: the annotations (attributes and text) per
    game, the cards (class and text), and each position's card count."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.game: str | None = None
        self.annotations: dict[str, list[tuple[dict[str, str], str]]] = {}
        self.results: dict[str, dict[str, str]] = {}
        self.cards: list[tuple[str, str]] = []  # (class, text)
        self.tags: Counter[str] = Counter()
        self.positions: list[int] = []  # cards shown in hands, melds and cửa
        self._article: tuple[dict[str, str], list[str]] | None = None
        self._card: tuple[str, list[str]] | None = None
        self._position = False
        self._in_position = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags[tag] += 1
        cls = a.get("class", "").split()
        if tag == "section" and "game" in cls:
            self.game = a["data-game"]
            self.annotations[self.game] = []
        if tag == "article" and "data-kind" in a:
            self._article = (a, [])
        if "data-cuoc" in a or "data-call" in a or "data-score" in a:
            assert self.game is not None
            self.results.setdefault(self.game, {}).update(
                {k: v for k, v in a.items() if k.startswith("data-")})
        if tag == "i":  # a card (the page's only <i>)
            self._card = (a.get("class", ""), [])
            if self._position:
                self.positions[-1] += 1
        if tag == "table" and "position" in cls:
            self._position = True
            self.positions.append(0)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self._article is not None:
            assert self.game is not None
            attrs, text = self._article
            self.annotations[self.game].append((attrs, " ".join("".join(text).split())))
            self._article = None
        if tag == "table":
            self._position = False

    def handle_data(self, text: str) -> None:
        if self._article is not None:
            self._article[1].append(text)
        if self._card is not None:
            self._card[1].append(text)
            if len(self._card[1]) == 2:  # code, then the Vietnamese name
                self.cards.append((self._card[0], " ".join(self._card[1])))
                self._card = None


def read_page(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def record() -> SessionRecord:
    """Self-play games in which random and beginner players commit lỗi and miss claims."""
    games = play_session(LEVELS, 5, seed=3)
    players = tuple(Player(f"Máy {i} ({lv})", "ai", lv) for i, lv in enumerate(LEVELS))
    return SessionRecord(players=players, games=tuple(GameRecord(g.deal, tuple(g.record),
                                                                 g.mode) for g in games))


@pytest.fixture
def chan_json(tmp_path: Path, record: SessionRecord) -> Path:
    path = tmp_path / "five.chan.json"
    write_file(path, record)
    return path


@pytest.fixture
def replay_db(tmp_path: Path, record: SessionRecord) -> Path:
    path = tmp_path / "five.db"
    with Store.open(path) as store:
        store.import_session(record)
    return path


def state(path: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(path.parent.iterdir())
            if p.name.startswith(path.name)}


def key(a: Doc) -> tuple[object, ...]:
    """An annotation's facts, as the document has them."""
    return tuple(None if a.get(k) is None else str(a[k])
                 for k in ("kind", "event", "seat", "rule", "card", "cause_event"))


def page_key(attrs: dict[str, str]) -> tuple[object, ...]:
    """The same facts, as the page's data attributes have them."""
    return tuple(attrs.get(f"data-{k}") for k in ("kind", "event", "seat", "rule", "card",
                                                  "cause-event"))


@pytest.mark.parametrize("which", ["chan_json", "replay_db"])
def test_every_annotation_of_analyze_is_in_the_page(
        which: str, request: pytest.FixtureRequest, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    source: Path = request.getfixturevalue(which)
    code, out, err = run(capsys, "analyze", source, "--json")
    assert code == 0, err
    docs = json.loads(out)["games"]
    before = state(source)
    html = tmp_path / "report.html"
    code, out, err = run(capsys, "report", source, "--html", html)
    assert code == 0 and err == "" and "report" in out
    assert state(source) == before  # FILE is only read
    page = read_page(html)
    assert sorted(page.annotations) == [str(d["index"]) for d in docs]
    kinds: Counter[str] = Counter()
    for doc in docs:
        shown = page.annotations[str(doc["index"])]
        assert sorted(page_key(attrs) for attrs, _ in shown) == sorted(
            key(a) for a in doc["annotations"])
        for a in doc["annotations"]:
            texts = [text for attrs, text in shown if page_key(attrs) == key(a)]
            assert any(" ".join(a["message"].split()) in t
                       and " ".join(a["message_en"].split()) in t for t in texts)
            kinds[a["kind"]] += 1
    assert kinds["violation"] > 0 and kinds["missed_chiu"] + kinds["missed_u"] > 0
    assert any(k.startswith("note_") for k in kinds)


def test_one_game_with_its_result_true_cuoc_beside_the_call(
        chan_json: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = json.loads(run(capsys, "analyze", chan_json, "--json")[1])["games"]
    won = next(d for d in docs if d["result"]["kind"] == "win")
    n = won["index"]
    html = tmp_path / "one.html"
    code, out, _ = run(capsys, "report", chan_json, "--game", n, "--html", html, "--json")
    assert code == 0
    assert json.loads(out) == {"out": str(html), "games": 1,
                               "annotations": len(won["annotations"])}
    page = read_page(html)
    assert list(page.annotations) == [str(n)]
    r = won["result"]
    shown = page.results[str(n)]
    assert shown["data-cuoc"] == " ".join(f"{c}:{k}" for c, k in r["cuoc"])
    assert shown["data-call"] == " ".join(f"{c}:{k}" for c, k in r["call"])
    assert (shown["data-score"], shown["data-true-score"]) == (str(r["score"]),
                                                               str(r["true_score"]))


def test_the_page_is_self_contained_vietnamese_first_with_red_cards_red(
        replay_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "r.html"
    assert run(capsys, "report", replay_db, "--game", "1", "--html", html)[0] == 0
    text = html.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>\n<html lang=\"vi\">")
    assert '<meta charset="utf-8">' in text and "<style>" in text
    for outside in ("<script", "http://", "https://", "src=", "<link", "@import", "url("):
        assert outside not in text
    page = read_page(html)
    assert page.tags["script"] == 0 and page.tags["img"] == 0
    assert len(page.cards) > 100
    for cls, label in page.cards:
        code, name = label.split(" ", 1)
        c = Card.parse(code)
        assert name == c.name_vi  # the card's Vietnamese name, with diacritics
        assert ("r" in cls.split()) == c.is_red  # R1.4
    setup = 100  # every position shows every card outside the nọc
    assert page.positions and all(0 < n <= setup for n in page.positions)


def test_each_position_accounts_for_every_card(
        chan_json: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "all.html"
    assert run(capsys, "report", chan_json, "--game", "2", "--html", html)[0] == 0
    text = html.read_text(encoding="utf-8")
    page = read_page(html)
    left = [int(part.split("</span>: ", 1)[1].split("<", 1)[0])
            for part in text.split('left in the nọc')[1:]]
    assert len(left) == len(page.positions) > 0
    for shown, noc in zip(page.positions, left, strict=True):
        assert shown + noc == 100  # hands + melds + cửa + nọc (4 players: nothing set aside)


def test_bad_input_exits_2_in_both_languages_and_writes_nothing(
        tmp_path: Path, chan_json: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.chan.json"
    broken.write_text("{ not json", encoding="utf-8")
    out = tmp_path / "out.html"
    cases = [(broken, ("not valid JSON", "JSON không hợp lệ")),
             (tmp_path / "missing.db", ("no such file", "không tìm thấy")),
             (chan_json, ("there is no game 9", "không có ván 9"))]
    for source, (en, vi) in cases:
        extra = ["--game", "9"] if source == chan_json else []
        code, stdout, err = run(capsys, "report", source, *extra, "--html", out)
        assert code == 2 and stdout == ""
        assert en in err and vi in err
        assert not out.exists()
    out.write_text("keep me", encoding="utf-8")
    code, _, err = run(capsys, "report", broken, "--html", out)
    assert code == 2 and out.read_text(encoding="utf-8") == "keep me"
    before = state(chan_json)
    code, _, err = run(capsys, "report", chan_json, "--html", chan_json)
    assert code == 2 and "overwrite" in err and "ghi đè" in err
    assert state(chan_json) == before
    code, _, err = run(capsys, "report", chan_json)
    assert code == 2 and "--html" in err and "lỗi" in err
    code, _, err = run(capsys, "report", chan_json, "--html", tmp_path)
    assert code == 2 and "is a folder" in err and "thư mục" in err


def test_an_out_that_cannot_be_written_is_bad_input(
        tmp_path: Path, chan_json: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path) -> Any:
        raise PermissionError(13, "Permission denied")

    # a read-only folder (the page is written through replays.files.atomic_text, issue 13)
    monkeypatch.setattr("replays.report.atomic_text", refuse)
    code, _, err = run(capsys, "report", chan_json, "--html", tmp_path / "r.html")
    assert code == 2 and "cannot be written" in err and "Permission denied" in err
    assert "không ghi được tệp" in err


def test_the_installed_command_runs_the_report(chan_json: Path, tmp_path: Path) -> None:
    html = tmp_path / "cmd.html"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "desktop", "report", str(chan_json),
                           "--game", "0", "--html", str(html)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert read_page(html).annotations.keys() == {"0"}


def test_sentences_count_moves_from_1_while_the_data_keeps_the_event_index(
        chan_json: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """People count moves from 1 (the viewer's "Nước 17" is event 16): the report's headings
    and cause lines and the analyzer's note say event + 1; the data attributes and the JSON
    fields stay the 0-based index of FORMATS.md."""
    docs = json.loads(run(capsys, "analyze", chan_json, "--json")[1])["games"]
    html = tmp_path / "report.html"
    assert run(capsys, "report", chan_json, "--html", html)[0] == 0
    text = html.read_text(encoding="utf-8")
    fed = causes = 0
    for doc in docs:
        for a in doc["annotations"]:
            e = int(a["event"])
            assert f'data-at-event="{e}"><h4><span class="vi">Sau nước {e + 1}</span>' \
                   f'<span class="en" lang="en">after move {e + 1}</span>' in text
            cause = a.get("cause_event")
            if isinstance(cause, int):
                causes += 1
                assert f'<p class="cause"><span class="vi">Do nước {cause + 1}: ' in text
                assert f'set up by move {cause + 1}: ' in text
            if a["kind"] == "note_fed_next":
                fed += 1
                assert a["message"].endswith(f"(nước {a['eat_event'] + 1}).")
                assert a["message_en"].endswith(f"(move {a['eat_event'] + 1}).")
    assert fed and causes  # both kinds of sentence were checked


def game_sections(text: str) -> dict[str, str]:
    """Each game's ``<section class="game">`` of a page, by its data-game."""
    body = text.split("<main>", 1)[1].split("</main>", 1)[0]
    parts = body.split('<section class="game" ')[1:]
    return {p.split('data-game="', 1)[1].split('"', 1)[0]: p for p in parts}


@pytest.mark.parametrize("which", ["chan_json", "replay_db"])
def test_a_whole_hoi_is_replayed_once_and_each_game_shows_what_its_own_report_shows(
        which: str, request: pytest.FixtureRequest, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of a hội in one page costs one replay of the hội for the positions, not
    one per game (the report of a 1,000-game hội replayed it 1,000 times); the positions
    are still each game's own, its thông (C2) included: the section of game N is exactly
    the one `report --game N` writes."""
    import replays.report as report_module

    source: Path = request.getfixturevalue(which)
    replays_made: list[int] = []
    real = report_module.replay_session

    def counted(record: SessionRecord, *args: Any, **kwargs: Any) -> Any:
        replays_made.append(len(record.games))
        return real(record, *args, **kwargs)

    monkeypatch.setattr(report_module, "replay_session", counted)
    html = tmp_path / "all.html"
    assert run(capsys, "report", source, "--html", html)[0] == 0
    # each game replayed once, alone, its thông from the hội state kept with it (issue 13:
    # the report streams game by game): never the hội again for each game
    assert sum(replays_made) <= 5 and all(n == 1 for n in replays_made)
    whole = game_sections(html.read_text(encoding="utf-8"))
    assert sorted(whole) == [str(n) for n in range(5)]
    for n in range(5):
        one = tmp_path / f"g{n}.html"
        assert run(capsys, "report", source, "--game", n, "--html", one)[0] == 0
        assert game_sections(one.read_text(encoding="utf-8")) == {str(n): whole[str(n)]}


def test_every_error_kind_has_its_name_on_the_page() -> None:
    """FORMATS.md "Annotation kinds": the page names each error kind in both languages
    rather than printing the bare identifier."""
    from replays.library import ERROR_KINDS
    from replays.report_page import KINDS

    assert set(ERROR_KINDS) <= set(KINDS)
    assert all(vi != kind for kind, (vi, _) in KINDS.items())
