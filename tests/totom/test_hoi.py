"""The hội (TOTOM T8, T6.5, T6.6, T2.4, TC2): the points pool and its shares, a paid ù drawn
from it (cap or top-up), the hội's end and its hồ, chèo đò debts and trả đò, the next cái,
thông, and open mode."""

from __future__ import annotations

import pytest

from engine.events import EndKind
from engine.game import Phase
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from engine.totom.session import HoiOver, TomPayout, TomSession
from tests.totom.table import deal_of, decline_to, play

# A khàn of 5v and SP7: waits on 5n. Called right it is a paid ù suông (4).
KHAN_5V = "5v 5v 5v 1n 2n 3n 4s 5s 6s 7s 8s 9s 1v 1s oc cc 4n 6n 7n 8n"
# Ten red, a tôm and a lèo: waits on 5n; "thap_hong tom leo" is 16.
RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"
CALLS = {"paid": "khan:5v suong", "unpaid": "suong", "cheo_do": "khan:5v bach_dinh"}


def won(hoi: TomSession, winner: int, how: str = "paid", red: bool = False) -> TomGame:
    """Play a game of the hội that ``winner`` wins on 5n; ``how`` its verdict (by its call)."""
    cai = hoi.next_cai
    hands = {winner: RED10 if red else KHAN_5V}
    hands[cai] = hands.get(cai, "") + " 2v"
    game = hoi.game_for(deal_of(hands, noc="5n", cai=cai, rules=hoi.rules))
    if not red:
        play(game, f"{winner} up_khan 5v")
    while game.phase is Phase.LAY:
        play(game, f"{game.actor} decline")
    play(game, f"{cai} discard 2v", f"{(cai + 1) % hoi.players} draw")
    decline_to(game, winner)
    play(game, f"{winner} win", f"{winner} call " + ("thap_hong tom leo" if red else CALLS[how]))
    hoi.record(game)
    return game


def drawn(hoi: TomSession) -> TomGame:
    """Play a game of the hội that nobody wins: every seat draws and passes to the last card."""
    cai = hoi.next_cai
    game = hoi.game_for(deal_of({cai: "2v"}, cai=cai, rules=hoi.rules))
    play(game, f"{cai} discard 2v")
    while not game.is_over:
        if game.phase is Phase.CLAIM:
            play(game, f"{game.actor} decline")
        else:
            play(game, f"{game.actor} {'pass' if game.may_pass else 'draw'}")
    hoi.record(game)
    return game


def test_t8_1_each_player_puts_an_equal_share_into_the_pool() -> None:
    hoi = TomSession(rules=TomRules())
    assert (hoi.pool, hoi.share) == (50, 10)
    assert TomSession(rules=TomRules(players=4)).share == 12.5


def test_t8_2_a_paid_u_takes_its_score_from_the_pool() -> None:
    """T8.4: each result is points received less the share, × stake."""
    hoi = TomSession(rules=TomRules(stake=1000))
    won(hoi, 2)
    result = hoi.results[-1]
    assert isinstance(result.payout, TomPayout)
    assert (result.payout.verdict, result.payout.points) == ("paid", 4)
    assert (result.payout.pool_before, result.payout.pool_after) == (50, 46)
    assert hoi.pool == 46 and hoi.totals[2] == 4
    assert hoi.standing(2) == -6 and hoi.standing(0) == -10  # T8.4
    assert hoi.money(2) == -6000


def test_t8_2_cap_gives_the_winner_what_is_left() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=10))
    won(hoi, 2, red=True)
    assert (hoi.totals[2], hoi.pool) == (10, 0)
    assert hoi.is_over and hoi.ho == 0


def test_t8_2_top_up_makes_the_others_add_the_difference() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=10, pool_overflow="top_up"))
    won(hoi, 2, red=True)
    assert hoi.totals[2] == 16 and hoi.pool == 0
    assert [hoi.totals[s] for s in (0, 1, 3, 4)] == [-1.5] * 4


def test_t8_3_the_hoi_ends_below_an_u_suong_and_refuses_another_game() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=7))
    won(hoi, 2)
    assert hoi.pool == 3 and hoi.is_over and hoi.ho == 3
    with pytest.raises(HoiOver):
        hoi.new_game(1)


def test_t8_3_not_over_while_an_u_suong_is_left() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=8))
    won(hoi, 2)
    assert hoi.pool == 4 and not hoi.is_over


def test_t6_5_cheo_do_leaves_a_debt_and_a_later_paid_u_repays_it() -> None:
    hoi = TomSession(rules=TomRules())
    won(hoi, 2, "cheo_do")
    assert hoi.debts == [0, 0, 1, 0, 0] and hoi.pool == 50
    won(hoi, 2, "paid")
    result = hoi.results[-1]
    assert isinstance(result.payout, TomPayout)
    assert result.payout.verdict == "tra_do" and result.payout.points == 0
    assert hoi.debts == [0] * 5 and hoi.pool == 50
    won(hoi, 2, "paid")
    assert hoi.totals[2] == 4


def test_t6_6_tra_do_paid_only_an_unpaid_u_does_not_repay() -> None:
    hoi = TomSession(rules=TomRules())
    won(hoi, 2, "cheo_do")
    won(hoi, 2, "unpaid")
    assert hoi.debts[2] == 1


def test_t6_6_tra_do_any_u_an_unpaid_u_repays() -> None:
    hoi = TomSession(rules=TomRules(tra_do="any_u"))
    won(hoi, 2, "cheo_do")
    won(hoi, 2, "unpaid")
    assert hoi.debts[2] == 0


def test_t6_6_a_debt_left_at_the_end_lapses() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=10))
    won(hoi, 2, "cheo_do")
    won(hoi, 3, red=True)
    assert hoi.is_over and hoi.debts[2] == 1 and hoi.totals[2] == 0


def test_t6_6_debt_at_end_pay_suong_pays_an_u_suong_into_the_ho() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=10, debt_at_end="pay_suong"))
    won(hoi, 2, "cheo_do")
    won(hoi, 3, red=True)
    assert hoi.is_over and hoi.debts[2] == 0
    assert hoi.totals[2] == -4 and hoi.ho == 4


def test_t2_4_the_next_cai_is_the_winner_whatever_the_verdict() -> None:
    hoi = TomSession(rules=TomRules(), first_picker=3)
    assert hoi.next_cai == 3
    won(hoi, 1, "cheo_do")
    assert hoi.next_cai == 1
    won(hoi, 4, "unpaid")
    assert hoi.next_cai == 4


def test_t2_9_after_a_ke_the_next_cai_is_the_player_who_drew_the_last_card() -> None:
    hoi = TomSession(rules=TomRules())
    game = drawn(hoi)
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW
    assert hoi.next_cai == game.last_drawer
    assert game.settlement is not None and game.settlement.ke_seat == game.last_drawer


def test_t2_4_a_game_dealt_to_another_cai_is_refused() -> None:
    hoi = TomSession(rules=TomRules())
    won(hoi, 2)
    with pytest.raises(ValueError, match="cái"):
        hoi.game_for(deal_of({}, cai=0))


def test_tc2_thong_follows_an_u_that_was_not_cheo_do() -> None:
    hoi = TomSession(rules=TomRules())
    assert hoi.thong_seat is None
    won(hoi, 2, "unpaid")
    assert hoi.thong_seat == 2
    assert hoi.new_game(5).thong_seat == 2
    won(hoi, 3, "cheo_do")
    assert hoi.thong_seat is None


def test_tc2_no_thong_after_a_ke_or_without_allow_thong() -> None:
    hoi = TomSession(rules=TomRules())
    won(hoi, 2)
    drawn(hoi)
    assert hoi.thong_seat is None
    hoi = TomSession(rules=TomRules(allow_thong=False))
    won(hoi, 2)
    assert hoi.thong_seat is None


def test_t8_5_open_mode_has_no_pool_and_no_end() -> None:
    hoi = TomSession(rules=TomRules(hoi_points=0))
    for _ in range(3):
        won(hoi, 2, red=True)
    assert hoi.totals[2] == 48 and not hoi.is_over and hoi.standing(2) == 48


def test_t9_the_hois_options_are_the_ones_each_game_is_played_under() -> None:
    rules = TomRules(dich=3, call_order="ignore")
    hoi = TomSession(rules=rules)
    game = won(hoi, 2, red=True)
    assert game.rules is rules
    assert hoi.totals[2] == 12 + 3 + 3
