"""Xem lại: the saved games of the store, and the analyzer's report of the selected one."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.review.listing import analysis_text, saved_games
from desktop.review.screen import ReviewScreen, result_text, score_text
from desktop.worker import Worker
from engine.ai import make_player
from engine.deal import Deal
from replays.paths import default_db
from replays.record import Player
from replays.recorder import Recorder
from replays.store import Store
from replays.text import render_game

PLAYERS = (Player("Lan"), Player("Bà Tư", "ai", "normal"), Player("Chú Ba", "ai", "normal"),
           Player("Cô Hằng", "ai", "normal"))


def stored_games(path: Path) -> tuple[int, int]:
    """A store with one finished game and one interrupted after a few moves."""
    ai = make_player("normal")
    with Store.open(path) as store:
        sid = store.new_session(players=PLAYERS)
        done = Recorder.start(store, sid, Deal.shuffled(179))
        while not done.game.is_over:
            done.apply(ai.choose(done.game.observation(done.game.actor or 0)).action)
        open_ = Recorder.start(store, sid, Deal.shuffled(5))
        for _ in range(4):
            open_.apply(ai.choose(open_.game.observation(open_.game.actor or 0)).action)
        return done.game_id, open_.game_id


def test_the_list_shows_date_players_result_and_score(qtbot: QtBot, tmp_path: Path) -> None:
    db = default_db(tmp_path)
    done, unfinished = stored_games(db)
    with Store.open(db) as store:
        rows = saved_games(store)
        assert [r.game_id for r in rows] == [unfinished, done]  # newest first
        finished = rows[1]
        assert finished.names == tuple(p.name for p in PLAYERS)
        assert finished.status == "over" and finished.kind in ("win", "draw", "u_lao")
        assert score_text(finished) != "—" and len(finished.local_time) == 16
        assert result_text(rows[0]) == "Chưa xong"
        screen = ReviewScreen(store, Worker())
        qtbot.addWidget(screen)
        assert screen.table.rowCount() == 2 and not screen.empty.isVisibleTo(screen)
        cells = [screen.table.item(1, c).text() for c in range(5)]
        assert cells[2] == "Lan, Bà Tư, Chú Ba, Cô Hằng"
        assert cells[3] == result_text(finished) and cells[4] == score_text(finished)
        screen.select_game(done)
        qtbot.waitUntil(lambda: "Kết quả / Result" in screen.analysis.toPlainText(),
                        timeout=5000)
        text = screen.analysis.toPlainText()
        assert text == analysis_text(db, done).rstrip("\n") or text.startswith("Ván 0")


def test_the_text_is_what_chan_tutor_analyze_prints(tmp_path: Path) -> None:
    db = default_db(tmp_path)
    done, _ = stored_games(db)
    with Store.open(db) as store:
        doc = store.analysis(done)
    text = analysis_text(db, done)
    assert text.startswith(render_game(doc, PLAYERS, "").splitlines()[0].split(" ·")[0])
    assert "cước:" in text and "tiền / settlement" in text


def test_an_empty_store_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    with Store.open(default_db(tmp_path)) as store:
        screen = ReviewScreen(store, Worker())
        qtbot.addWidget(screen)
        assert screen.table.rowCount() == 0
        assert screen.empty.isVisibleTo(screen)
        assert "Chưa có ván nào" in screen.empty.text()
