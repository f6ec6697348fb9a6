"""The result screen's sentences come from the engine's verdict and settlement (R8, R9)."""

from __future__ import annotations

from play_scenarios import LEARNER, find, first_game, learner_wins

from desktop.play.result_text import headline, result_html, verdict_lines, winning_groups
from engine.actions import Act, Action
from engine.chan.ai import make_player
from engine.chan.call import judge
from engine.chan.game import ChanGame as Game
from engine.chan.session import ChanSession as Session
from engine.game import Phase

NAMES = ("Bạn", "Bà Tư", "Chú Ba", "Cô Hằng")


def won_and_called(call: tuple[tuple[str, int], ...] | None) -> tuple[Game, Session]:
    """The learner's first won game, called with `call` (None: the true call)."""
    plan = find(learner_wins, 179)
    game = first_game(plan.seed)
    ai = make_player("normal")
    while game.phase is not Phase.CALL:
        game.apply(ai.choose(game.observation(game.actor or 0)).action)
    game.apply(Action(LEARNER, Act.CALL, None, game.true_call() if call is None else call))
    session = Session()
    session.record(game)
    return game, session


def test_a_right_call() -> None:
    game, session = won_and_called(None)
    html = result_html(game, session, NAMES, hand=True)
    assert headline(game, NAMES) in html and "chan://hand" in html
    assert "Xướng đúng và đủ." in html and "Mỗi nhà trả" in html
    groups, glow = winning_groups(game)
    assert sum(len(g) for g in groups) == 20 and glow == game.outcome.card  # type: ignore[union-attr]


def test_a_wrong_call_pays_the_table() -> None:
    game, session = won_and_called((("thap_thanh", 1),))
    html = result_html(game, session, NAMES)
    assert "Xướng sai: Thập thành — không có cước này (R8.2)." in html
    assert "người ù đền" in html
    assert session.totals[LEARNER] < 0


def test_order_and_missing_are_explained() -> None:
    verdict = judge((("chi", 1), ("bach_thu", 1), ("tom", 1)), (("tom", 1), ("chi", 1)))
    lines = verdict_lines(verdict)
    assert any(line.startswith("Không xướng bạch thủ") for line in lines)
    assert any(line.startswith("Xướng thiếu: Bạch thủ") for line in lines)
    assert any(line.startswith("Sai thứ tự:") and "chỉ để học" in line for line in lines)
