"""The HTML report as a reader gets it (issue 20): control characters from a name or a file
name never reach the page raw (written out as the terminal output writes them); every sentence
is in one language — the page shows Vietnamese or English, switched without a script —; games
are named as the program names them (ván 1 is the first); only the file's name is printed,
never the folder it is in; and a card costs little markup, the cards being most of a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.chan.ai.selfplay import play_session
from replays.chanjson import write_file
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store
from tests.replays.cli_run import run

LEVELS = ("random", "beginner", "random", "normal")
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Words the page writes in one language that never stand in a sentence of the other (the
# game's own terms — ù, chíu, báo, nọc, cái, điểm, the cards' and the rules' names, "Ăn rồi
# đánh (L14)" — are English too, so they are not here).
ENGLISH = re.compile(r"\b(won|on|seat|Seat|Game|Result|events|errors|payout|picker|move|"
                     r"after|human|computer|Settlement|Annotations|discards|draws)\b")
VIETNAMESE = re.compile(r"trên|Ghế|nước|Thanh toán|Kết quả|Chia bài|Ván|Hội|sai sót|"
                        r"ghi chú|Người|bình thường|người|máy|Do nước|Sau nước")


def session(names: tuple[str, ...], games: int = 3, seed: int = 3) -> SessionRecord:
    played = play_session(LEVELS, games, seed=seed)
    players = tuple(Player(n, "ai", lv) for n, lv in zip(names, LEVELS, strict=True))
    return SessionRecord(players=players, games=tuple(
        GameRecord(g.deal, tuple(g.record), g.mode) for g in played))


class Reading(HTMLParser):
    """The page's text as a reader sees it in one language: what the other language's
    elements hold is left out, and so are the cards (written in the game's own words in
    both) and the head."""

    def __init__(self, hide: str) -> None:
        super().__init__(convert_charrefs=True)
        self.hide = hide
        self.stack: list[tuple[str, bool]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("input", "meta", "br"):
            return
        classes = (dict(attrs).get("class") or "").split()
        hidden = self.hide in classes or tag in ("i", "head")
        self.stack.append((tag, hidden or any(h for _, h in self.stack[-1:])))

    def handle_endtag(self, tag: str) -> None:
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1][1]):
            self.text.append(data)


def reading(page: str, language: str) -> str:
    parser = Reading("en" if language == "vi" else "vi")
    parser.feed(page)
    return " ".join(" ".join(parser.text).split())


def report(capsys: pytest.CaptureFixture[str], source: Path, out: Path, *extra: str) -> str:
    code, _, err = run(capsys, "report", source, *extra, "--html", out)
    assert code == 0, err
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three games whose players have plain names, a win among them."""
    path = tmp_path_factory.mktemp("plain") / "ba ván.chan.json"
    write_file(path, session(("Lan", "Binh", "Cuc", "Dung")))
    return path


def test_a_control_character_in_a_name_or_a_file_name_never_reaches_the_page_raw(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    names = ("Lan\x1b[2J\x1b]0;owned\x07", "Binh\x9b31m", "Cuc\u202eevil", "Dung\r\x00")
    source = tmp_path / "ván\x1b[31m.chan.json"
    write_file(source, session(names, games=1))
    page = report(capsys, source, tmp_path / "r.html")
    assert RAW.search(page.replace("\n", "")) is None
    # a name is read without its control characters (replays/names.py); a file name is
    # said escaped, as the terminal output says it
    for written in ("Lan[2J]0;owned", "Binh31m", "Cucevil", "Dung",
                    "ván\\x1b[31m.chan.json"):
        assert written in page


def test_every_sentence_is_in_one_language(
        capsys: pytest.CaptureFixture[str], plain: Path, tmp_path: Path) -> None:
    page = report(capsys, plain, tmp_path / "r.html")
    vi, en = reading(page, "vi"), reading(page, "en")
    assert ENGLISH.search(vi) is None, ENGLISH.search(vi)
    assert VIETNAMESE.search(en) is None, VIETNAMESE.search(en)
    assert "ù trên" in vi and "won on" in en  # the winner's line, whole in each language
    assert "trên / on" not in page and "Sau nước" in vi and "after move" in en
    # the switch: two radio buttons before everything, Vietnamese first, read by the CSS
    body = page.split("<body>", 1)[1]
    assert body.lstrip().startswith('<input type="radio" name="lang" id="lang-vi" '
                                    'class="lang" checked><input type="radio" name="lang" '
                                    'id="lang-en" class="lang">')
    assert "#lang-vi:checked ~ * .en, #lang-en:checked ~ * .vi { display: none; }" in page
    assert '<label for="lang-en" lang="en">English</label>' in page
    assert "<script" not in page


def test_games_are_named_as_the_program_names_them(
        capsys: pytest.CaptureFixture[str], plain: Path, tmp_path: Path) -> None:
    page = report(capsys, plain, tmp_path / "one.html", "--game", "0")
    assert "Ván 0" not in page and "Game 0" not in page
    assert '<h2><span class="vi">Ván 1</span><span class="en" lang="en">Game 1</span></h2>' \
        in page
    assert 'data-game="0" data-van="1"' in page  # the index --game takes stays in the data


def test_only_the_file_name_is_printed(capsys: pytest.CaptureFixture[str], plain: Path,
                                       tmp_path: Path) -> None:
    folder = tmp_path / "thư mục riêng của Lan"
    folder.mkdir()
    db = folder / "thư viện.db"
    with Store.open(db) as store:
        store.import_session(session(("Lan", "Binh", "Cuc", "Dung"), games=1))
    page = report(capsys, db, tmp_path / "r.html")
    assert "thư viện.db" in page
    assert "thư mục riêng" not in page and str(tmp_path) not in page


def test_a_card_costs_little_markup(capsys: pytest.CaptureFixture[str], plain: Path,
                                    tmp_path: Path) -> None:
    """The positions' cards are most of a page (262 KB for one game with 25 annotations
    before): each card is about 30 bytes, its English name once in the page's legend."""
    page = report(capsys, plain, tmp_path / "r.html")
    cards = re.findall(r"<i(?: class=\"[^\"]*\")?><b>\w\w</b>[^<]+</i>", page)
    assert len(cards) > 1000
    assert len(cards) == page.count("<i>") + page.count("<i class=")  # every card found
    markup = sum(len(c.encode("utf-8")) for c in cards)
    assert markup / len(cards) < 40, (markup, len(cards))  # it was about 97
    assert markup > len(page.encode("utf-8")) / 3  # still most of the page: cards, not chrome
    assert page.count("Nine of Strings (sách)") == 1  # in the legend only
