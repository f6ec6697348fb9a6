"""The claim window on a placed card (TOTOM T4.4, T4.5, T5.1, T2.8, T2.9): ù before dậy khàn
before phỗng before the entitled player's own decision; winners in play order from the
entitled player; never the seat that placed the card; the drawer may win on its own draw;
the last card offers only ù, then the game is drawn and the drawer is kê."""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.errors import IllegalAction
from engine.events import Claim, Declined, EndKind
from engine.game import Mode, Phase
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from engine.totom.rules import TomRules
from engine.totom.verdict import Verdict
from tests.totom.table import game_of, moves_of, play

WAITS_9N = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s"  # waits 9n, tt


def test_t4_4_u_comes_before_day_khan() -> None:
    game = game_of({0: "9n", 2: WAITS_9N, 3: "9n 9n 9n"})
    play(game, "3 up_khan 9n", "0 discard 9n")
    assert game.pending_claims() == (Claim(2, Act.WIN), Claim(3, Act.DAY_KHAN))
    assert game.actor == 2


def test_t4_4_day_khan_comes_before_the_entitled_players_eat() -> None:
    game = game_of({0: "6s", 1: "5s 7s", 3: "6s 6s 6s"}, actions=["3 up_khan 6s",
                                                                  "0 discard 6s"])
    assert game.pending_claims() == (Claim(3, Act.DAY_KHAN),)
    assert game.can(TomAction(1, Act.EAT, cards=(Card.S5, Card.S7)))  # pre-empts: TD7 for 3


def test_t4_4_u_comes_before_phong_even_later_in_play_order() -> None:
    game = game_of({0: "9n", 2: "9n 9n", 3: WAITS_9N})
    play(game, "0 discard 9n")
    assert game.pending_claims() == (Claim(3, Act.WIN), Claim(2, Act.PHONG))


def test_t4_4_phong_comes_before_the_entitled_players_eat() -> None:
    game = game_of({0: "5v", 1: "4v 6v", 3: "5v 5v"})
    play(game, "0 discard 5v")
    assert game.pending_claims() == (Claim(3, Act.PHONG),)
    assert moves_of(game) == ["3 phong", "3 decline"]
    play(game, "3 decline")
    assert (game.phase, game.actor) == (Phase.PLAY, 1)
    assert "1 eat 4v 6v" in moves_of(game)


def test_t4_4_winners_in_play_order_from_the_entitled_player() -> None:
    other = "3v 3s 7n 4n 5n 6n 1v 2v 3v 4s 5s 6s 7s 8s 1n 1s oc tt 9v 9s"  # waits 9n too
    game = game_of({4: "9n", 1: WAITS_9N, 2: other}, cai=4)
    play(game, "4 discard 9n")
    assert [c.seat for c in game.pending_claims()] == [1, 2]


def test_t5_1_the_discarder_cannot_claim_its_own_card() -> None:
    hand = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s 9n"
    game = game_of({0: hand}, mode=Mode.STRICT)
    play(game, "0 discard 9n")
    assert all(c.seat != 0 for c in game.pending_claims())
    with pytest.raises(IllegalAction):
        game.apply(TomAction(0, Act.WIN))


def test_t5_1_a_win_declared_on_ones_own_discard_is_td1_in_real_mode() -> None:
    hand = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s 9n"
    game = game_of({0: hand})
    play(game, "0 discard 9n", "0 win")
    assert game.phase is Phase.CALL
    play(game, "0 call suong")
    assert game.settlement is not None and game.settlement.verdict is Verdict.CHEO_DO
    assert game.settlement.rules == ("TD1",)


def test_t5_1_the_drawer_may_win_on_its_own_draw() -> None:
    game = game_of({0: "5v", 1: WAITS_9N}, noc="9n")
    play(game, "0 discard 5v", "1 draw")
    assert game.pending_claims() == (Claim(1, Act.WIN),)
    play(game, "1 win")
    assert game.outcome is not None and game.outcome.card == Card.N9


def test_t5_1_a_player_may_win_on_a_discard() -> None:
    game = game_of({0: "9n", 1: WAITS_9N})
    play(game, "0 discard 9n", "1 win")
    assert game.phase is Phase.CALL and game.cua[0] == []


def test_t4_4_the_entitled_player_acting_declines_every_pending_claim() -> None:
    game = game_of({0: "9n 2v", 1: "7v 8v", 3: "9n 9n"}, noc="1n")
    play(game, "0 discard 9n")
    events = play(game, "1 draw")
    assert Declined(3, Act.PHONG, Card.N9, 0) in events
    assert game.hist[3].declined_kinds == {Card.N9: 1}  # T4.14: at the closing event


def test_t4_5_entitled_may_draw_only_for_a_card_in_its_cua_tren_and_pass_only_its_own() -> None:
    game = game_of({0: "5v"}, noc="8n")
    play(game, "0 discard 5v")
    with pytest.raises(IllegalAction):
        game.apply(TomAction(1, Act.PASS))
    play(game, "1 draw")
    with pytest.raises(IllegalAction):
        game.apply(TomAction(1, Act.DRAW))
    play(game, "1 pass")
    assert (game.entitled, game.may_pass) == (2, False)
    assert "2 draw" in moves_of(game)


def test_t4_5_passed_card_opens_no_new_window() -> None:
    game = game_of({0: "5v", 2: "8n 8n"}, noc="8n")
    play(game, "0 discard 5v", "1 draw")
    assert game.pending_claims() == (Claim(2, Act.PHONG),)
    play(game, "2 decline", "1 pass")
    assert (game.phase, game.actor) == (Phase.PLAY, 2)


def test_t2_8_the_last_card_offers_only_u_to_everyone_including_the_drawer() -> None:
    rules = TomRules(noc_stop=18)  # the first draw leaves 18 cards: the last card
    game = game_of({0: "5v", 1: WAITS_9N, 2: "9n 9n", 3: "7v 8v"}, noc="9n", rules=rules)
    play(game, "0 discard 5v", "1 draw")
    assert game.live is not None and game.live.final
    assert game.pending_claims() == (Claim(1, Act.WIN),)  # no phỗng for seat 2
    play(game, "1 decline")
    assert game.is_over and game.outcome is not None
    assert game.outcome.kind is EndKind.DRAW
    assert game.settlement is not None and game.settlement.verdict is Verdict.NONE
    assert game.settlement.ke_seat == 1 == game.last_drawer  # T2.9


def test_t2_8_no_eat_on_the_last_card() -> None:
    rules = TomRules(noc_stop=18)
    game = game_of({0: "5v", 1: "7n 9n"}, noc="8n", rules=rules)
    play(game, "0 discard 5v", "1 draw")
    assert {c.act for c in game.pending_claims()} <= {Act.WIN}
    with pytest.raises(IllegalAction):
        game.apply(TomAction(1, Act.EAT, cards=(Card.N7, Card.N9)))
    game.finish()  # a complete record: every claim on the last card was let pass
    assert game.is_over and game.settlement is not None
    assert game.settlement.ke_seat == 1


def test_t4_4_a_shown_thien_khai_offers_only_u_and_no_eat() -> None:
    game = game_of({0: "9n 9n 9n 9n", 1: "7n 8n", 2: WAITS_9N})
    play(game, "0 up_thien_khai 9n", "0 reveal 9n")
    assert Claim(2, Act.WIN) in game.pending_claims()
    assert {c.act for c in game.pending_claims()} == {Act.WIN}
    with pytest.raises(IllegalAction):
        game.apply(TomAction(1, Act.EAT, cards=(Card.N7, Card.N8)))


def test_t4_4_u_comes_before_the_entitled_players_eat() -> None:
    game = game_of({0: "9n", 1: "7n 8n", 3: WAITS_9N})
    play(game, "0 discard 9n")
    assert game.pending_claims() == (Claim(3, Act.WIN),)
    assert game.actor == 3
    events = play(game.copy(), "1 eat 7n 8n")  # the entitled seat pre-empts: seat 3's bỏ ù
    assert Declined(3, Act.WIN, Card.N9, 0) in events
    play(game, "3 decline")
    assert (game.phase, game.actor) == (Phase.PLAY, 1) and "1 eat 7n 8n" in moves_of(game)


def test_t4_4_on_a_draw_the_drawer_is_the_first_winner() -> None:
    other = "3v 3s 7n 4n 5n 6n 1v 2v 3v 4s 5s 6s 7s 8s 1n 1s oc tt 9v 9s"  # waits 9n too
    game = game_of({0: "5v", 1: WAITS_9N, 3: other}, noc="2s 2n 9n",
                   actions=["0 discard 5v", "1 draw", "1 pass", "2 draw", "2 pass"])
    assert (game.phase, game.actor) == (Phase.PLAY, 3)
    play(game, "3 draw")
    assert game.pending_claims() == (Claim(3, Act.WIN), Claim(1, Act.WIN))


@pytest.mark.parametrize(("players", "draws"), [(5, 14), (4, 18)])
def test_t2_8_the_default_noc_stop_leaves_five_cards(players: int, draws: int) -> None:
    # 19 cards in the nọc at five players, 23 at four: the draw that leaves 5 is the last card.
    rules = TomRules(players=players)
    game = TomGame(Deal.shuffled(7, rules), rules)
    while game.phase is Phase.LAY:
        play(game, f"{game.actor} decline")
    play(game, str(next(a for a in game.legal_actions() if a.act is Act.DISCARD)))
    finals = []
    while not game.is_over:
        if game.phase in (Phase.CLAIM, Phase.SHOW):
            play(game, f"{game.actor} decline")
        elif game.may_pass:
            play(game, f"{game.actor} pass")
        else:
            play(game, f"{game.actor} draw")
            assert game.live is not None
            finals.append(game.live.final)
    assert finals == [False] * (draws - 1) + [True]
    assert game.noc_left == 5 and game.outcome is not None
    assert game.outcome.kind is EndKind.DRAW


def test_t2_1_t2_2_play_passes_right_and_each_seat_plays_into_its_own_cua_duoi() -> None:
    game = game_of({4: "5v"}, noc="8n 2s", cai=4)
    play(game, "4 discard 5v")
    assert game.cua[4] == [Card.V5] and game.entitled == 0  # seat 4's cửa dưới, seat 0's trên
    play(game, "0 draw")
    assert game.cua[0] == [Card.N8] and game.entitled == 0 and game.may_pass
    play(game, "0 pass")
    assert game.entitled == 1 and not game.may_pass  # cửa 0 is seat 1's cửa trên
    play(game, "1 draw")
    assert game.cua[1] == [Card.S2]
