"""Each làng option of TOTOM T9 changes what the game does, and is stored with the game.

The options of the hội (``hoi_points``, ``pool_overflow``, ``stake``, ``tra_do``,
``debt_at_end``) are in test_hoi.py; ``call_order`` in test_verdict.py; ``ha_trung_scope`` in
test_ha_trung.py; ``yeu_offence`` in test_yeu.py; ``noc_stop`` in test_claims.py; ``cai_mod``
in test_cho_cai.py. The option values themselves are test_tom_rules.py's."""

from __future__ import annotations

import random

from engine.game import Mode
from engine.totom.cards import Card
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from engine.totom.verdict import Verdict
from tests.totom.table import decline_to, game_of, play

RED10 = "3v 3s 7n 9v 8s cc 7v 8v 9v 7s 8s 9s tt oc cc 4n 6n 1v 1n 1s"  # tôm and lèo: 2 lưng
KINH_CO = "1v 2v 3v 4v 5v 6v 7v 1n 2n 3n 4n 5n 6n 7n 8n 9n 1s 2s 3s oc"  # one red: ông cụ
ROUND = ["2 draw", "2 pass", "3 draw", "3 pass", "4 draw", "4 pass", "0 draw", "0 pass"]


def red10(rules: TomRules, call: str | None = None, thong: bool = False) -> TomGame:
    """Seat 1 holds RED10 and wins on 5n; it calls ``call`` (its true call if None)."""
    game = game_of({0: "2v", 1: RED10}, noc="5n", rules=rules, thong_seat=1 if thong else None)
    play(game, "0 discard 2v", "1 draw")
    if game.claims and game.actor == 1:
        play(game, "1 win")
        play(game, f"1 call {call or ' '.join(map(str, game.true_tokens()))}")
    return game


def called(game: TomGame) -> list[str]:
    """The call the winner made."""
    assert game.settlement is not None
    return [str(t) for t in game.settlement.call]


def test_t9_players_four_deals_and_plays_a_four_seat_game() -> None:
    rules = TomRules(players=4)
    for seed in range(5):
        game = TomGame(Deal.shuffled(seed, rules, seed % 4), rules)
        assert game.players == 4 and sum(game.hand_n) == 4 * 24 + 1
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert game.noc_left >= rules.noc_stop


def test_t3_7_lung_required_counts_the_lung_of_the_winning_set() -> None:
    assert red10(TomRules(lung_required=2)).outcome is not None  # tôm and lèo: two lưng
    game = red10(TomRules(lung_required=3))
    assert game.outcome is None and game.waits(1) == ()


def test_tc2_allow_thong_off_makes_thong_an_over_call() -> None:
    game = red10(TomRules(allow_thong=False), "thong thap_hong tom leo", thong=True)
    s = game.settlement
    assert s is not None and (s.verdict, s.rules) == (Verdict.CHEO_DO, ("TD8",))
    paid = red10(TomRules(), "thong thap_hong tom leo", thong=True).settlement
    assert paid is not None and paid.score == 18


def test_tc5_red_cuoc_count_and_exact() -> None:
    assert "thap_hong" in called(red10(TomRules()))
    assert "thap_hong" not in called(red10(TomRules(red_cuoc_count=11)))
    assert "thap_hong" in called(red10(TomRules(red_cuoc_count=9, red_cuoc_exact=False)))
    assert "thap_hong" not in called(red10(TomRules(red_cuoc_count=9)))


def test_tc6_kinh_co_count() -> None:
    for count, says in ((1, True), (2, False)):
        game = game_of({0: "2v", 1: KINH_CO}, noc="4s", rules=TomRules(kinh_co_count=count),
                       actions=["0 discard 2v", "1 draw", "1 win"])
        assert ("kinh_co" in [str(t) for t in game.true_tokens()]) is says


def test_t7_2_points_and_dich_change_the_score() -> None:
    game = red10(TomRules(points={"thap_hong": 13}, dich=3))
    assert game.settlement is not None and game.settlement.score == 13 + 3 + 3


def test_tc8_chi_nay_leo_separate_calls_the_leo_beside_the_chi_nay() -> None:
    hand = "4v 6v 2n 2s 9n 4s 3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s"
    actions = ["0 discard 5v", "1 eat 4v 6v", "1 discard 9n", *ROUND, "1 eat 2n 2s",
               "1 discard 4s", "2 draw"]
    for option, tokens, score in (("absorbed", ["chi_nay", "tom"], 26),
                                  ("separate", ["chi_nay", "tom", "leo"], 28)):
        game = game_of({0: "5v", 1: hand}, noc="8n 4n 3n 2v cc", actions=actions,
                       rules=TomRules(chi_nay_leo=option))
        decline_to(game, 1)
        play(game, "1 win")
        assert [str(t) for t in game.true_tokens()] == tokens
        play(game, "1 call " + " ".join(tokens))
        assert game.settlement is not None and game.settlement.score == score


def test_t2_8_noc_stop_zero_plays_the_nọc_out() -> None:
    rules = TomRules(noc_stop=0)
    game = TomGame(Deal.shuffled(3, rules), rules)
    rng = random.Random(3)
    while not game.is_over:
        moves = game.legal_actions()
        game.apply(next((a for a in moves if a.act.value in ("draw", "pass", "decline")),
                        rng.choice(moves)))
    assert game.noc_left == 0 or game.outcome is not None


def test_t9_every_option_is_stored_with_the_game_and_its_replay() -> None:
    rules = TomRules(players=4, noc_stop=7, call_order="wrong", yeu_offence="unpaid")
    deal = Deal.shuffled(9, rules)
    game = TomGame(deal, rules, Mode.REAL)
    rng = random.Random(9)
    for _ in range(12):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    again = TomGame.replay(deal, game.record, rules)
    assert again.rules == rules and again.state_key() == game.state_key()
    assert Card.OC in deal.hands[0] + deal.hands[1] + deal.hands[2] + deal.hands[3] + deal.noc
