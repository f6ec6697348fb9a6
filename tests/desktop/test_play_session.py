"""A whole hội through the widgets (issue 6, "Done when"): clicks and keys on the chiếu, the
claim prompt, a teaching-mode warning naming its rule id, the xướng dialog, the result screen,
and the session going on into a second game — everything recorded in the store.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from desktop_driver import click_button, open_window, perform, prompt_keys, wait_for, wait_moved
from play_scenarios import LEARNER, Plan, find, learner_wins
from pytestqt.qtbot import QtBot

from desktop.main_window import MainWindow
from desktop.qt import QListWidget, Qt
from engine.actions import Act
from engine.chan.ai import make_player
from engine.chan.call import render
from engine.chan.settlement import Payout
from engine.game import Phase

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def plan() -> Plan:
    """A hội whose first game the learner wins after an ù prompt (seed 179 had it first)."""
    return find(learner_wins, 179)


def settle(qtbot: QtBot, window: MainWindow) -> str:
    """Wait until the program waits for the learner (or the game is over); return the state."""
    c = window.play.controller
    wait_for(qtbot, lambda: c.state in ("learner", "call", "over", "warning"))
    return c.state


def compose_call(qtbot: QtBot, window: MainWindow) -> tuple[tuple[str, int], ...]:
    """In the xướng dialog: add each true cước (select it, press Thêm), then Xướng."""
    wait_for(qtbot, lambda: window.play.call_dialog is not None)
    dialog = window.play.call_dialog
    game = window.play.controller.game
    assert dialog is not None and game is not None
    assert dialog.call() == ()  # it starts empty: the learner composes the call
    assert not dialog.submit_button.isEnabled()
    true = game.true_call()
    for cid, n in true:
        dialog.choices.setCurrentRow(dialog.choice_row(cid))
        for _ in range(n):
            qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.call() == true
    assert render(true) in dialog.preview.text()
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
    return true


def play_out(qtbot: QtBot, window: MainWindow, plan: Plan | None, seen: dict[str, object]
             ) -> None:
    """Play the learner's seat with the normal computer's moves until the game is over."""
    c = window.play.controller
    ai = make_player("normal")
    decision = 0
    for _ in range(300):
        state = settle(qtbot, window)
        if state == "over":
            return
        if state == "warning":  # a move the computer chose that teaching mode warns about
            dialog = window.play.warning_dialog
            assert dialog is not None
            qtbot.mouseClick(dialog.anyway_button, Qt.MouseButton.LeftButton)
            continue
        if state == "call":
            seen["call"] = compose_call(qtbot, window)
            continue
        game = c.game
        assert game is not None
        before = len(game.log)
        if plan is not None and decision == plan.fault_at and "warning" not in seen:
            perform(qtbot, window, plan.fault, by_key=False)
            wait_for(qtbot, lambda: window.play.warning_dialog is not None)
            dialog = window.play.warning_dialog
            assert dialog is not None
            assert plan.rule in dialog.text()  # the warning names the rule id
            seen["warning"] = plan.rule
            qtbot.mouseClick(dialog.take_back_button, Qt.MouseButton.LeftButton)
            wait_for(qtbot, lambda: c.state == "learner")
            assert len(game.log) == before  # taken back: nothing was played or recorded
            assert "đi lại" in c.message
        if game.phase is Phase.CLAIM:
            claim = game.pending_claims()[0].act
            keys = prompt_keys(window.play.chieu)
            assert ("win" in keys) == (claim is Act.WIN)  # Ù / Chíu only when legal
            assert ("chiu" in keys) == (claim is Act.CHIU)
            seen.setdefault("claims", []).append(claim)  # type: ignore[union-attr]
        action = ai.choose(game.observation(LEARNER)).action
        perform(qtbot, window, action, by_key=decision % 2 == 1)
        decision += 1
        wait_moved(qtbot, window, game, before)
    raise AssertionError("the game never ended")


def test_a_hoi_is_played_through_the_widgets(qtbot: QtBot, tmp_path: Path, plan: Plan) -> None:
    window = open_window(qtbot, tmp_path, seeds=[plan.seed, plan.seed + 1000])
    play = window.play
    c = play.controller
    assert play.stack.currentWidget() is play.start_page
    qtbot.mouseClick(play.start_page.new_button, Qt.MouseButton.LeftButton)
    seen: dict[str, object] = {}

    play_out(qtbot, window, plan, seen)

    game = c.game
    assert game is not None and game.outcome is not None
    assert game.outcome.winner == LEARNER
    assert seen["warning"] == plan.rule
    assert not [v for v in game.violations if v.seat == LEARNER]  # the fault was taken back
    assert Act.WIN in seen["claims"]  # type: ignore[operator]
    assert seen["call"] == game.true_call()
    assert game.settlement is not None and game.settlement.payout is Payout.NORMAL
    # the result screen: the true cước, the verdict, the settlement and the totals
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.result_page)
    text = play.result_page.text.toPlainText()
    assert render(game.true_call()) in text
    assert "Xướng đúng và đủ." in text
    assert f"+{game.settlement.transfers[LEARNER]:g}" in text
    assert c.session is not None and c.session.totals[LEARNER] > 0
    # every move is in the store, and the game is marked over
    store = window.store
    assert store.unfinished_games() == []
    assert len(store.session(c.session_id or 0).games[0].actions) == len(game.record)

    # the hội goes on: N on the result screen deals the second game, the winner picks (R2.4)
    play.result_page.next_button.setFocus()
    qtbot.keyClick(play.result_page.next_button, Qt.Key.Key_N)
    wait_for(qtbot, lambda: c.game_no == 2)
    second = c.game
    assert second is not None and second is not game
    assert second.deal.picker == LEARNER
    assert play.stack.currentWidget() is play.table
    play_out(qtbot, window, None, {})
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.result_page)
    record = store.session(c.session_id or 0)
    assert len(record.games) == 2 and not any(g.unfinished for g in record.games)
    totals = c.session.totals
    assert sum(totals) == pytest.approx(0)


def test_the_play_keys_and_the_nọc_click(qtbot: QtBot, tmp_path: Path, plan: Plan) -> None:
    """Arrows select hand cards, H asks for a hint (teaching mode), Esc is harmless off a
    claim, and the prompt buttons follow the phase."""
    window = open_window(qtbot, tmp_path, seeds=[plan.seed])
    c = window.play.controller
    window.new_session()
    assert settle(qtbot, window) == "learner"
    chieu = window.play.chieu
    chieu.setFocus()
    qtbot.keyClick(chieu, Qt.Key.Key_Right)
    assert c.selected == c.hand_order()[0]
    qtbot.keyClick(chieu, Qt.Key.Key_Left)
    assert c.selected == c.hand_order()[-1]
    qtbot.keyClick(chieu, Qt.Key.Key_H)
    wait_for(qtbot, lambda: window.play.hint_bar.isVisible())
    assert "gợi ý" in window.play.hint_bar.label.text().lower()
    game = c.game
    assert game is not None
    keys = prompt_keys(chieu)
    assert "hint" in keys
    if game.phase is Phase.PLAY:
        assert keys & {"draw", "pass"}
        click_button(qtbot, chieu, "hint")  # the same through the button


def test_lists_in_the_call_dialog_follow_the_canonical_order(qtbot: QtBot, tmp_path: Path) -> None:
    from play_scenarios import first_game

    from desktop.call_order import ORDER
    from desktop.play.call_dialog import CallDialog

    game = first_game(1)
    dialog = CallDialog(game, "Bạn")
    qtbot.addWidget(dialog)
    ids = [dialog.choices.item(r).data(Qt.ItemDataRole.UserRole)
           for r in range(dialog.choices.count())]
    assert [i for i in ids if i] == list(ORDER)
    dialog.add("leo")
    dialog.add("leo")
    dialog.add("chi")
    assert dialog.call() == (("leo", 2), ("chi", 1))
    dialog.said.setCurrentRow(1)
    dialog.move_selected(-1)
    assert dialog.call() == (("chi", 1), ("leo", 2))
    dialog.change_count(1)
    assert dialog.call() == (("chi", 1), ("leo", 2))  # chì is said once at most
    dialog.said.setCurrentRow(1)
    dialog.change_count(-1)
    assert dialog.call() == (("chi", 1), ("leo", 1))
    dialog.remove_selected()
    assert dialog.call() == (("chi", 1),)
    dialog.reject()  # Esc cannot skip the call (R8.1)
    assert isinstance(dialog.choices, QListWidget) and dialog.result() == 0


def test_ending_a_hoi_asks_first_then_sums_it_up(qtbot: QtBot, tmp_path: Path,
                                                 plan: Plan) -> None:
    """Issue 20: "Kết thúc hội" left at once. E (or the button) asks; "Chơi tiếp" stays on
    the result; "Kết thúc hội" shows the hội's totals, games, thông and the learner's
    mistakes; Enter goes back to the start page."""
    window = open_window(qtbot, tmp_path, seeds=[plan.seed])
    play = window.play
    window.new_session()
    play_out(qtbot, window, None, {})
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.result_page)
    c = play.controller
    assert c.session is not None
    totals = list(c.session.totals)
    play.result_page.next_button.setFocus()
    qtbot.keyClick(play.result_page.next_button, Qt.Key.Key_E)
    wait_for(qtbot, lambda: play.end_box is not None)
    box = play.end_box
    assert box is not None and play.stack.currentWidget() is play.result_page
    box.reject()  # Esc: "Chơi tiếp"
    wait_for(qtbot, lambda: play.end_box is None)
    assert play.stack.currentWidget() is play.result_page
    qtbot.mouseClick(play.result_page.end_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: play.end_box is not None)
    box = play.end_box
    assert box is not None
    end = next(b for b in box.buttons() if b.text() == "Kết thúc hội")
    qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.summary_page)
    page = play.summary_page
    wait_for(qtbot, lambda: page.summary is not None)
    s = page.summary
    assert s is not None
    assert s.games == 1 and s.totals == pytest.approx(totals)
    assert sum(s.wins) + s.draws == 1
    game = c.game
    assert game is not None
    assert s.faults == sum(1 for v in game.violations if v.seat == LEARNER)
    text = page.text.toPlainText()
    assert "Tổng kết hội" in text and "1 ván đã chơi xong" in text
    assert all(name in text for name in c.names)
    wait_for(qtbot, window.isActiveWindow)
    qtbot.keyClick(page.back_button, Qt.Key.Key_Return)
    wait_for(qtbot, lambda: play.stack.currentWidget() is play.start_page)
