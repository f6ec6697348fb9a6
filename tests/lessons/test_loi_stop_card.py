"""In Học, a claim question on the nọc-stop card (R4.9) says what letting the ù pass really costs
there — the game ends drawn — never "a later win is not paid" (R7.1), which cannot happen when
no card follows (issue 14)."""

from __future__ import annotations

import pytest

from lessons.loi import _claim_text, solve_claim
from lessons.position import game_position
from tests.engine.stop_tables import scenario, to_stop


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("noc_stop", [0, 1])
@pytest.mark.parametrize("name", ["other_u", "chiu_u"])
def test_R4_9_letting_an_u_on_the_stop_card_pass_ends_the_game_drawn(
        name: str, players: int, noc_stop: int) -> None:
    deal, prefix, respond, claim = scenario(name, players, noc_stop)
    game = to_stop(deal, noc_stop, prefix, respond)
    seat = claim[0]
    ans = solve_claim(game_position(game, seat))
    assert ans["best"] == "win" and ans["final"] and ans["if_declined"] == "bo_u"
    text = _claim_text(ans)
    assert "R4.9" in text.vi and "hòa" in text.vi
    assert "R4.9" in text.en and "drawn" in text.en
    assert "R7.1" not in text.vi + text.en and "not paid" not in text.en


def test_R7_1_before_the_stop_card_a_missed_u_still_leaves_a_later_win_unpaid() -> None:
    deal, prefix, respond, claim = scenario("other_u", 4, 1)
    game = to_stop(deal, 1, prefix, respond)
    ans = solve_claim(game_position(game, claim[0]))
    ans = {**ans, "final": False}  # the same claim on any earlier card
    assert "R7.1" in _claim_text(ans).en or "not paid" in _claim_text(ans).en
