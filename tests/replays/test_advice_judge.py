"""The review's advice says which player judged it — "theo máy mạnh" / "by the strong player" when
the strong player's search gave the suggestion and the value lost — and the strong player's
advice comes from one search that both chooses and evaluates.

(Asked for by issue 15.)
"""

from __future__ import annotations

from engine.chan.ai import NormalPlayer
from engine.chan.ai.selfplay import play_game
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from replays.advice import ADVISER, ADVISERS, advise


def _positions(seed: int) -> list[Game]:
    """Every position of a normal game where the actor has a real choice (copies)."""
    record = play_game(Game(Deal.shuffled(seed)), [NormalPlayer() for _ in range(4)]).record
    g = Game(Deal.shuffled(seed))
    out = []
    for action in record:
        if len(g.legal_actions()) > 2 and g.phase.value in ("play", "discard"):
            out.append(g.copy())
        g.apply(action)
    return out


def test_the_strong_players_advice_names_its_judge() -> None:
    searched = None
    for position in _positions(4):
        advice = advise(position, level="strong")
        assert advice.judge == "strong"
        assert advice.judge_vi == "theo máy mạnh" and advice.judge_en == "by the strong player"
        assert set(advice.values) == set(position.legal_actions())
        assert advice.lost(advice.best) == 0.0
        assert all(advice.lost(a) >= 0.0 for a in advice.values)
        if "thế bài" in advice.reason_vi:
            searched = advice
            break
    assert searched is not None, "no position where the strong player searched"
    assert "điểm" in searched.scale_vi and "điểm" in searched.scale_en
    again = advise(position, level="strong")  # reproducible: the same advice again
    assert (again.best, dict(again.values)) == (searched.best, dict(searched.values))


def test_the_default_advice_is_the_advisers_and_says_so() -> None:
    position = _positions(4)[0]
    assert ADVISER in ADVISERS
    assert advise(position).judge == ADVISER
    normal = advise(position, level="normal")
    assert normal.judge_vi == "theo máy thường" and normal.judge_en == "by the normal player"
