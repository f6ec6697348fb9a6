"""R4: playing a game — opening, claim windows, entitlement, turns, chíu and trả cửa, báo,
the nọc stop; the errors of impossible moves; what a seat may observe."""

from __future__ import annotations

import dataclasses

import pytest
from positions import (
    BACH_THU_9S,
    CHIU_U_5S,
    RONG_5V,
    THIEN_U,
    draw_and_pass,
    make_deal,
    make_game,
    play,
    table_size,
)

from engine.actions import Act, Action
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.errors import (
    BaoRestricted,
    CardNotHeld,
    ChanError,
    GameOver,
    IllegalAction,
    NocMismatch,
    NothingToEat,
    NotYourTurn,
)
from engine.events import Claim, EndKind, Origin
from engine.game import Mode, Phase


def acts(game: Game) -> list[str]:
    """The actor's legal actions in text form."""
    return [str(a) for a in game.legal_actions()]


# Two seats that win on a drawn 5s: seat 3 (RONG_5V, què 5v) and seat 0, whose 20 cards are
# 6 chắn + 3 cạ + què 5n + the cc it discards first.
WINS_ON_5S_AFTER_CC = "9v 9v 9n 9n 9s 9s 8n 8n 8s 8s 7n 7n 6n 6s 2v 2n 3v 3n 5n cc"


# ---------------------------------------------------------------- R4.1 opening


def test_R4_1_thien_u_is_the_cai_recipients_first_option() -> None:
    game = make_game([THIEN_U, "", "", ""])
    assert game.phase is Phase.OPENING and game.actor == 0
    assert "0 win" in acts(game)
    game.win(0)
    assert game.phase is Phase.CALL
    assert game.outcome is not None
    assert game.outcome.kind is EndKind.WIN and game.outcome.thien_u
    assert game.outcome.winner == 0 and game.outcome.card is None


def test_R4_1_otherwise_the_cai_recipient_must_discard() -> None:
    game = make_game(["9v", "", "", ""], cai=0)
    legal = game.legal_actions()
    assert legal and all(a.act is Act.DISCARD and a.seat == 0 for a in legal)
    assert {a.card for a in legal} == set(game.hand_cards(0))
    with pytest.raises(IllegalAction):
        game.draw(0)
    game.discard(0, Card.V9)
    assert game.cua[0] == [Card.V9]


def test_R4_1_thien_u_only_before_the_first_discard() -> None:
    game = make_game([THIEN_U, "", "", ""], mode=Mode.STRICT)
    game.discard(0, Card.S3)
    assert not game.can_win(0)


def test_R4_1_only_the_cai_recipient_acts_first() -> None:
    game = make_game(["", "9v", "", ""], cai=0)
    with pytest.raises(NotYourTurn):
        game.discard(1, Card.V9)
    with pytest.raises(NotYourTurn):
        game.win(1)


# ---------------------------------------------------------------- R4.2 claim window


def test_R4_2_priority_u_before_chiu_before_an() -> None:
    game = make_game([WINS_ON_5S_AFTER_CC, "5n", "5s 5s 5s", RONG_5V], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    assert game.pending_claims() == (Claim(3, Act.WIN), Claim(0, Act.WIN), Claim(2, Act.CHIU))
    assert game.phase is Phase.CLAIM and game.actor == 3
    assert acts(game) == ["3 win", "3 decline"]
    game.decline(3)
    assert game.actor == 0 and acts(game) == ["0 win", "0 decline"]
    game.decline(0)
    assert game.actor == 2 and acts(game) == ["2 chiu", "2 decline"]
    game.decline(2)
    assert game.phase is Phase.PLAY and game.actor == 1  # ăn comes last
    assert "1 eat 5n" in acts(game)


def test_R4_2_nearest_seat_from_the_entitled_player_wins() -> None:
    game = make_game([WINS_ON_5S_AFTER_CC, "", "", RONG_5V], "5s")
    game.discard(0, Card.CC)
    game.draw(1)  # entitled: seat 1; going round 1, 2, 3, 0
    assert [c.seat for c in game.pending_claims()] == [3, 0]
    game.win(3)
    assert game.outcome is not None and game.outcome.winner == 3


def test_R4_2_nearest_seat_counts_from_the_drawer() -> None:
    # Same hands, but seat 0 draws the 5s: counting from the drawer, seat 0 comes before 3.
    game = make_game([WINS_ON_5S_AFTER_CC, "", "", RONG_5V], "2s 3s 4s 5s")
    game.discard(0, Card.CC)
    draw_and_pass(game)  # seat 1 draws 2s
    draw_and_pass(game)  # seat 2 draws 3s
    game.draw(3)  # 4s: nobody wins
    game.pass_(3)
    game.draw(0)  # 5s drawn by seat 0: seat 0 first, then 3
    assert [c.seat for c in game.pending_claims()] == [0, 3]


def test_R4_2_u_only_on_drawn_cards() -> None:
    # Seat 1 waits on 5v/5n/5s (ù rộng) but the 5s is discarded: no win claim.
    game = make_game(["5s", RONG_5V, "", ""], mode=Mode.STRICT)
    assert Card.S5 in game.waits(1)
    game.discard(0, Card.S5)
    assert game.pending_claims() == ()
    assert game.phase is Phase.PLAY and game.actor == 1
    assert "1 win" not in acts(game)
    assert not game.can_win(1)
    with pytest.raises(IllegalAction, match="not drawn from the nọc"):
        game.win(1)


def test_R4_2_discarded_card_is_a_win_claim_when_the_winner_holds_three() -> None:
    game = make_game(["5s", "", "", CHIU_U_5S])
    game.discard(0, Card.S5)
    # R4.7: its chíu would win, so it is offered as the chíu ù only (issue 14)
    assert game.pending_claims() == (Claim(3, Act.WIN),)


def test_R4_2_drawer_may_chiu_its_own_draw() -> None:
    game = make_game(["cc", "9v 9v 9v", "", ""], "9v")
    game.discard(0, Card.CC)
    game.draw(1)
    assert game.pending_claims() == (Claim(1, Act.CHIU),)
    game.chiu(1)
    assert game.phase is Phase.RETURN and game.actor == 1


def test_R4_2_discarder_may_not_chiu_its_own_discard() -> None:
    game = make_game(["9v 9v 9v 9v", "", "", ""])
    game.discard(0, Card.V9)
    assert game.hand_count(0, Card.V9) == 3
    assert game.pending_claims() == ()
    with pytest.raises(IllegalAction, match="discarded or returned itself") as err:
        game.chiu(0)
    assert "seat 0" in str(err.value) and "0 chiu" in str(err.value)


def test_R4_2_returner_may_not_chiu_its_own_return() -> None:
    game = make_game(["cc", "", "9v 9v 9v 4n 4n 4n 4n", ""], "9v")
    game.discard(0, Card.CC)
    game.draw(1)
    game.chiu(2)
    game.return_(2, Card.N4)
    assert game.hand_count(2, Card.N4) == 3
    assert game.pending_claims() == ()
    assert not game.can_chiu(2)


def test_R4_2_chiu_needs_three_identical() -> None:
    game = make_game(["9v", "9v 9v", "", ""])
    game.discard(0, Card.V9)
    with pytest.raises(IllegalAction, match="three 9v"):
        game.chiu(1)


def test_R4_2_window_is_offered_once() -> None:
    game = make_game(["cc", "5n", "5s 5s 5s", ""], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    game.decline(2)
    assert game.phase is Phase.PLAY and game.actor == 1
    with pytest.raises(IllegalAction):
        game.chiu(2)
    game.pass_(1)
    assert not game.can_chiu(2)  # seat 2 is now entitled to the 5s, but only to eat it
    assert "2 eat 5s" in acts(game)


def test_R4_2_entitled_player_acting_declines_the_pending_claims() -> None:
    # A record has no 'decline': the entitled player's action implies it (FORMATS.md).
    game = make_game(["cc", "5n", "5s 5s 5s", ""], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    assert game.phase is Phase.CLAIM
    game.eat(1, Card.N5)
    assert game.phase is Phase.DISCARD and game.actor == 1
    assert game.pending_claims() == ()


# ---------------------------------------------------------------- R4.3 entitlement


def test_R4_3_discarded_card_entitles_the_next_seat() -> None:
    game = make_game(["cc", "", "", ""])
    game.discard(0, Card.CC)
    assert game.live is not None and game.live.origin is Origin.DISCARD
    assert game.entitled == 1 and game.actor == 1 and not game.may_pass
    assert acts(game)[-1] == "1 draw"


def test_R4_3_drawn_card_entitles_the_drawer_then_after_duoi_the_next_seat() -> None:
    game = make_game(["cc", "5n", "5v", ""], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    assert game.entitled == 1 and game.may_pass
    assert acts(game) == ["1 eat 5n", "1 pass"]
    game.pass_(1)
    assert game.entitled == 2 and game.actor == 2 and not game.may_pass
    assert acts(game) == ["2 eat 5v", "2 draw"]
    game.eat(2, Card.V5)  # the 5s in cửa 1 is seat 2's cửa trên
    assert game.cua[1] == []
    assert game.mats[2][0].cards == (Card.S5, Card.V5)


# ---------------------------------------------------------------- R4.4 a turn


def test_R4_4_eat_then_discard() -> None:
    game = make_game(["9v", "9n 2s", "", ""])
    game.discard(0, Card.V9)
    game.eat(1, Card.N9)
    assert game.phase is Phase.DISCARD and game.actor == 1
    assert all(a.act is Act.DISCARD for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.draw(1)
    with pytest.raises(NotYourTurn):
        game.discard(2, game.hand_cards(2)[0])
    game.discard(1, Card.S2)
    assert game.entitled == 2 and game.actor == 2  # play passes to the right neighbour


def test_R4_4_draw_then_eat_or_pass() -> None:
    game = make_game(["cc", "5n 2s", "", ""], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    assert acts(game) == ["1 eat 5n", "1 pass"]
    with pytest.raises(IllegalAction, match="eat it or say dưới"):
        game.draw(1)
    game.eat(1, Card.N5)  # eating one's own draw
    assert game.phase is Phase.DISCARD
    game.discard(1, Card.S2)
    assert game.cua[1] == [Card.S2]


def test_R4_4_duoi_only_on_ones_own_draw() -> None:
    game = make_game(["cc", "", "", ""])
    game.discard(0, Card.CC)
    with pytest.raises(IllegalAction, match="dưới"):
        game.pass_(1)


def test_R4_4_draw_only_when_the_live_card_is_in_the_cua_tren() -> None:
    game = make_game(["cc", "", "", ""])
    game.discard(0, Card.CC)
    with pytest.raises(NotYourTurn):
        game.draw(2)


def test_R4_4_eat_needs_a_chan_or_ca() -> None:
    game = make_game(["9v", "8v", "", ""])
    game.discard(0, Card.V9)
    with pytest.raises(NothingToEat, match="neither chắn nor cạ"):
        game.eat(1, Card.V8)


# ---------------------------------------------------------------- R4.5 sizes


def test_R4_5_hand_and_mat_sizes() -> None:
    game = make_game(["9v", "9n 4s", "5v 5v 5v", ""], "5v")
    assert [table_size(game, s) for s in range(4)] == [20, 19, 19, 19]
    game.discard(0, Card.V9)
    assert [table_size(game, s) for s in range(4)] == [19] * 4
    game.eat(1, Card.N9)
    assert [table_size(game, s) for s in range(4)] == [19, 20, 19, 19]
    game.discard(1, Card.S4)
    assert [table_size(game, s) for s in range(4)] == [19] * 4
    game.draw(2)  # the 4th 5v: seat 2 chíus its own draw
    game.chiu(2)
    assert [table_size(game, s) for s in range(4)] == [19, 19, 20, 19]
    game.return_(2, game.hand_cards(2)[0])
    assert [table_size(game, s) for s in range(4)] == [19] * 4


# ---------------------------------------------------------------- R4.6 chíu and trả cửa


def test_R4_6_chiu_of_drawn_card_drawer_decides_on_return() -> None:
    game = make_game(["cc", "4s", "9v 9v 9v 4n", ""], "9v")
    game.discard(0, Card.CC)
    game.draw(1)
    game.chiu(2)
    assert game.phase is Phase.RETURN and game.actor == 2
    game.return_(2, Card.N4)
    assert game.cua[1] == [Card.N4]  # R takes X's place in cửa 1
    live = game.live
    assert live is not None and live.card is Card.N4 and live.origin is Origin.RETURN
    assert live.cua == 1 and live.by == 2
    # Seat 1 decides on R as on its own draw: Ăn or Dưới, not Bốc.
    assert game.actor == 1 and game.entitled == 1 and game.may_pass
    assert "1 pass" in acts(game) and "1 draw" not in acts(game)
    assert "1 eat 4s" in acts(game)
    game.eat(1, Card.S4)
    assert game.mats[1][0].cards == (Card.N4, Card.S4)


def test_R4_6_chiu_of_drawn_card_drawer_may_say_duoi_on_return() -> None:
    game = make_game(["cc", "4s", "9v 9v 9v 4n", ""], "9v")
    play(game, "0 discard cc", "1 draw 9v", "2 chiu", "2 return 4n")
    game.pass_(1)
    # after dưới the right neighbour is entitled to R — here the chíu-er itself
    assert game.entitled == 2 and game.actor == 2 and not game.may_pass
    assert "2 draw" in acts(game)


def test_R4_6_chiu_of_own_draw_drawer_decides_on_return() -> None:
    game = make_game(["cc", "9v 9v 9v 4n 4s", "", ""], "9v")
    play(game, "0 discard cc", "1 draw 9v", "1 chiu", "1 return 4n")
    assert game.cua[1] == [Card.N4]
    assert game.actor == 1 and game.may_pass
    assert acts(game) == ["1 eat 4s", "1 pass"]


def test_R4_6_chiu_of_drawn_card_drawer_decides_even_after_duoi_on_X() -> None:
    # R4.2 opens the window before the entitled player acts, so a chíu of X always comes
    # before the drawer's dưới on X; saying dưới first lets the window pass. The drawer's
    # decision on R is a fresh one in every case: it may still say dưới (or eat) on R.
    game = make_game(["cc", "4s", "9v 9v 9v 4n", ""], "9v")
    play(game, "0 discard cc", "1 draw 9v")
    assert game.actor == 2  # seat 2 is asked about the chíu before seat 1 may say dưới
    probe = Game.replay(game.deal, game.record)
    probe.pass_(1)  # dưới on X: the window passed, nobody may chíu X any more
    assert not probe.can_chiu(2)
    play(game, "2 chiu", "2 return 4n")
    assert game.actor == 1 and game.may_pass
    assert acts(game) == ["1 eat 4s", "1 pass"]


def test_R4_6_chiu_of_discard_next_seat_is_entitled_to_return() -> None:
    game = make_game(["9v", "4s", "", "9v 9v 9v 4n"])
    game.discard(0, Card.V9)
    game.chiu(3)
    game.return_(3, Card.N4)
    assert game.cua[0] == [Card.N4]
    live = game.live
    assert live is not None and live.origin is Origin.RETURN and live.cua == 0
    assert game.entitled == 1 and game.actor == 1 and not game.may_pass
    assert acts(game) == ["1 eat 4s", "1 draw"]


def test_R4_6_chiu_of_discard_by_next_seat_it_is_entitled_to_its_own_return() -> None:
    game = make_game(["9v", "9v 9v 9v 4n 4s", "", ""])
    game.discard(0, Card.V9)
    game.chiu(1)
    game.return_(1, Card.N4)
    assert game.cua[0] == [Card.N4]
    assert game.entitled == 1 and game.actor == 1 and not game.may_pass
    assert acts(game) == ["1 eat 4s", "1 draw"]


def test_R4_6_chiu_of_a_returned_card_next_seat_is_entitled() -> None:
    # R into cửa 1 was returned (after a chíu of seat 1's draw) and is chíu'd in turn: R4.6
    # read literally, "X ... returned into cửa s" -> seat s+1 is entitled to the new card.
    game = make_game(["cc", "4s", "9v 9v 9v 4n", "4n 4n 4n"], "9v")
    play(game, "0 discard cc", "1 draw 9v", "2 chiu", "2 return 4n")
    assert game.pending_claims() == (Claim(3, Act.CHIU),)
    game.chiu(3)
    card = game.hand_cards(3)[0]
    game.return_(3, card)
    assert game.cua[1] == [card]
    assert game.entitled == 2 and game.actor == 2 and not game.may_pass


def test_R4_6_bao_drawer_may_only_say_duoi_on_the_return() -> None:
    game = make_game(["cc", "4s", "9v 9v 9v 4n", ""], "9v")
    game.bao[1] = True
    play(game, "0 discard cc", "1 draw 9v", "2 chiu", "2 return 4n")
    assert acts(game) == ["1 pass"]


def test_R4_6_chiu_gives_no_turn() -> None:
    game = make_game(["9v", "", "", "9v 9v 9v 4n"], "2s 3s")
    play(game, "0 discard 9v", "3 chiu", "3 return 4n")
    assert game.actor == 1  # seat 3 chíu'd, but seat 1 plays next
    draw_and_pass(game)
    assert game.actor == 2
    draw_and_pass(game)
    assert game.actor == 3


def test_R4_6_return_opens_a_claim_window() -> None:
    game = make_game(["9v", "", "4n 4n 4n", "9v 9v 9v 4n"])
    play(game, "0 discard 9v", "3 chiu", "3 return 4n")
    assert game.pending_claims() == (Claim(2, Act.CHIU),)
    game.chiu(2)
    game.return_(2, game.hand_cards(2)[0])
    live = game.live
    assert live is not None and live.cua == 0 and live.origin is Origin.RETURN
    assert game.entitled == 1


def test_R4_6_chiu_u_on_a_returned_card() -> None:
    # seat 2: three 4n + 4 chắn + 4 cạ, so the returned 4n is a chíu ù (R5.4)
    game = make_game(["9v", "", "4n 4n 4n 2v 2v 3v 3v 5v 5v 6v 6v 2n 2s 3n 3s 5n 5s 7n 7s",
                      "9v 9v 9v 4n"])
    play(game, "0 discard 9v", "3 chiu", "3 return 4n")
    assert game.pending_claims()[0] == Claim(2, Act.WIN)
    game.win(2)
    assert game.outcome is not None and game.outcome.chiu_u and game.outcome.card is Card.N4


def test_R4_6_return_only_after_a_chiu() -> None:
    game = make_game(["9v", "", "", ""])
    with pytest.raises(IllegalAction, match="trả cửa"):
        game.return_(0, Card.V9)


def test_R4_6_chiu_needs_a_card_left_to_return() -> None:
    game = make_game(["9v", "9v 9v 9v", "", ""])
    game.discard(0, Card.V9)
    assert game.pending_claims() == (Claim(1, Act.CHIU),)
    assert game.hand_n[1] == 19


# ---------------------------------------------------------------- R4.7 chíu ù


def test_R4_7_chiu_u_ends_the_game_without_tra_cua() -> None:
    game = make_game(["5s", "", "", CHIU_U_5S])
    game.discard(0, Card.S5)
    game.win(3)
    assert game.phase is Phase.CALL and game.actor == 3
    assert game.outcome is not None
    assert game.outcome.chiu_u and game.outcome.winner == 3 and game.outcome.card is Card.S5
    assert not any(a.act is Act.RETURN for a in game.legal_actions())
    game.apply(game.legal_actions()[0])
    assert game.is_over
    assert [a.act for a in game.record] == [Act.DISCARD, Act.WIN, Act.CALL]


def test_R4_7_chiu_instead_of_chiu_u_goes_on_to_tra_cua() -> None:
    game = make_game(["5s", "", "", CHIU_U_5S])
    game.discard(0, Card.S5)
    game.chiu(3)  # declines the ù, takes the chíu
    assert game.phase is Phase.RETURN


# ---------------------------------------------------------------- R4.8 báo


def test_R4_8_bao_player_can_only_draw_and_pass() -> None:
    game = make_game(["9v", "9n 5n", "", ""], "5s")
    game.bao[1] = True  # judging sets this flag (R7.3); here the test does
    game.discard(0, Card.V9)
    assert acts(game) == ["1 draw"]
    with pytest.raises(BaoRestricted) as err:
        game.eat(1, Card.N9)
    assert "seat 1" in str(err.value) and "1 eat 9n" in str(err.value)
    game.draw(1)
    assert acts(game) == ["1 pass"]
    with pytest.raises(BaoRestricted):
        game.eat(1, Card.N5)
    game.pass_(1)
    assert game.actor == 2


def test_R4_8_bao_player_may_not_u_or_chiu() -> None:
    game = make_game(["cc", "", "5s 5s 5s", RONG_5V], "5s")
    game.bao[2] = game.bao[3] = True
    game.discard(0, Card.CC)
    game.draw(1)
    assert game.pending_claims() == ()  # no ù for seat 3, no chíu for seat 2
    with pytest.raises(BaoRestricted):
        game.win(3)
    with pytest.raises(IllegalAction):
        game.chiu(2)


# ---------------------------------------------------------------- R4.9 the nọc stop


def test_R4_9_noc_stop_1_last_card_ends_the_game_drawn() -> None:
    game = make_game(["cc", "5n 5n", "", "5s 5s 5s"], noc_end="5s 9n")
    game.discard(0, Card.CC)
    while not game.is_over:
        draw_and_pass(game)
    assert game.noc_left == 1
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW
    assert game.record[-1].act is Act.DRAW and game.record[-1].card is Card.S5
    # the last card could have been eaten (seat 1 or 2) or chíu'd (seat 3): neither is offered
    assert game.legal_actions() == []


def test_R4_9_noc_stop_1_last_card_can_be_won_on() -> None:
    game = make_game(["cc", "9s 9s", "", BACH_THU_9S], noc_end="9s 9n")
    game.discard(0, Card.CC)
    while game.noc_left > 2:
        draw_and_pass(game)
    draw_and_pass(game)  # the draw that leaves 1
    assert game.noc_left == 1
    assert game.pending_claims() == (Claim(3, Act.WIN),)
    assert game.live is not None and game.live.final
    game.win(3)
    assert game.outcome is not None and game.outcome.kind is EndKind.WIN
    assert game.outcome.card is Card.S9


def test_R4_9_noc_stop_1_declined_last_card_ends_drawn() -> None:
    game = make_game(["cc", "9s 9s", "", BACH_THU_9S], noc_end="9s 9n")
    game.discard(0, Card.CC)
    while game.noc_left > 1:
        draw_and_pass(game)
    game.decline(3)
    assert game.is_over
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW


def test_R4_9_replay_of_a_drawn_game_after_a_declined_last_card() -> None:
    game = make_game(["cc", "9s 9s", "", BACH_THU_9S], noc_end="9s 9n")
    game.discard(0, Card.CC)
    while game.noc_left > 1:
        draw_and_pass(game)
    game.decline(3)
    assert game.is_over
    # a record never holds declines: the reader says it is complete (FORMATS)
    assert not Game.replay(game.deal, game.record).is_over
    again = Game.replay(game.deal, game.record, complete=True)
    assert again.is_over
    assert again.state_key() == game.state_key()


def test_R4_9_noc_stop_0_plays_the_noc_to_its_last_card() -> None:
    game = make_game(["cc", "5n 5n", "", "5s 5s 5s"], noc_end="5s 9n",
                     rules=LangRules(noc_stop=0))
    game.discard(0, Card.CC)
    while game.noc_left > 2:
        draw_and_pass(game)
    game.draw(game.actor)  # type: ignore[arg-type]
    # the draw leaving 1 is an ordinary card now: seat 3 may chíu it
    assert game.pending_claims() == (Claim(3, Act.CHIU),)
    game.decline(3)
    game.pass_(game.actor)  # type: ignore[arg-type]
    game.draw(game.actor)  # type: ignore[arg-type]
    assert game.noc_left == 0
    assert game.is_over and game.outcome is not None and game.outcome.kind is EndKind.DRAW


def test_R4_9_noc_no_longer_than_the_stop_is_refused() -> None:
    with pytest.raises(ChanError, match="nọc stop"):
        make_game(["", ""], dead=60)  # 2 players, a nọc of 1 card, noc_stop 1


# ---------------------------------------------------------------- impossible moves


def _message_names(err: pytest.ExceptionInfo[IllegalAction], seat: int, action: str) -> None:
    message = str(err.value)
    assert f"seat {seat}" in message
    assert action in message
    assert err.value.seat == seat
    assert isinstance(err.value, ValueError)


def test_R4_error_card_not_held() -> None:
    game = make_game(["", "", "", ""])
    card = next(c for c in Card if game.hand_count(0, c) == 0)
    with pytest.raises(CardNotHeld) as err:
        game.discard(0, card)
    _message_names(err, 0, f"0 discard {card}")


def test_R4_error_card_not_held_for_eating() -> None:
    game = make_game(["9v 9n", "", "9n 9n 9n", ""])
    game.discard(0, Card.V9)
    assert game.hand_count(1, Card.N9) == 0
    with pytest.raises(CardNotHeld) as err:
        game.eat(1, Card.N9)
    _message_names(err, 1, "1 eat 9n")


def test_R4_error_not_your_turn() -> None:
    game = make_game(["", "9v", "", ""])
    with pytest.raises(NotYourTurn) as err:
        game.discard(1, Card.V9)
    _message_names(err, 1, "1 discard 9v")
    assert "seat 0" in str(err.value)  # whose decision it is


def test_R4_error_nothing_to_eat() -> None:
    game = make_game(["9v", "8v", "", ""])
    game.discard(0, Card.V9)
    with pytest.raises(NothingToEat) as err:
        game.eat(1, Card.V8)
    _message_names(err, 1, "1 eat 8v")


def test_R4_error_bao_restricted() -> None:
    game = make_game(["9v", "9n", "", ""])
    game.bao[1] = True
    game.discard(0, Card.V9)
    with pytest.raises(BaoRestricted) as err:
        game.eat(1, Card.N9)
    _message_names(err, 1, "1 eat 9n")


def test_R4_error_noc_mismatch() -> None:
    game = make_game(["cc", "", "", ""], "2s")
    game.discard(0, Card.CC)
    with pytest.raises(NocMismatch) as err:
        game.apply(Action.parse("1 draw 9v"))
    _message_names(err, 1, "1 draw 9v")
    assert "2s" in str(err.value)
    game.apply(Action.parse("1 draw 2s"))
    assert game.cua[1] == [Card.S2]


def test_R4_error_game_over() -> None:
    game = make_game([THIEN_U, "", "", ""])
    game.win(0)
    game.apply(game.legal_actions()[0])
    assert game.is_over
    with pytest.raises(GameOver):
        game.discard(0, Card.V2)


def test_R4_error_unknown_seat() -> None:
    game = make_game(["", "", ""])
    with pytest.raises(NotYourTurn, match="no seat 3"):
        game.discard(3, Card.V2)


def test_R4_verify_and_can_faces_agree() -> None:
    game = make_game(["9v", "9n", "", ""])
    assert game.can_discard(0, Card.V9)
    game.verify_discard(0, Card.V9)
    assert not game.can_discard(1, Card.N9)
    with pytest.raises(NotYourTurn):
        game.verify_discard(1, Card.N9)
    game.discard(0, Card.V9)
    assert game.can_eat(1, Card.N9) and game.can_draw(1) and not game.can_pass(1)


def test_R4_every_legal_action_is_accepted() -> None:
    game = make_game([WINS_ON_5S_AFTER_CC, "5n", "5s 5s 5s", RONG_5V], "5s")
    game.discard(0, Card.CC)
    game.draw(1)
    while game.phase is Phase.CLAIM:
        assert all(game.can(a) for a in game.legal_actions())
        game.decline(game.actor)  # type: ignore[arg-type]
    assert game.phase is Phase.PLAY
    assert all(game.can(a) for a in game.legal_actions())


def test_R4_actions_text_and_json_forms_round_trip() -> None:
    for text in ("0 discard 9v", "1 eat 9n", "2 draw", "2 draw 5s", "3 pass", "1 chiu",
                 "1 return 4s", "2 win", "2 decline"):
        action = Action.parse(text)
        assert str(action) == text
        assert eval(repr(action), {"Action": Action}) == action
        if action.recorded:
            assert Action.from_json(action.to_json()) == action
    assert Action.parse("1 eat 9n").to_json() == {"seat": 1, "act": "eat", "with": "9n"}
    assert not Action.parse("2 decline").recorded


# ---------------------------------------------------------------- observation


def _swap_hidden(deal: Deal, seat: int, keep: int) -> Deal:
    """The same deal as ``seat`` sees it: two other hands exchange a card, and the nọc below
    its top ``keep`` cards is reversed."""
    others = [s for s in range(deal.players) if s != seat]
    a, b = others[0], others[1]
    hand_a, hand_b = list(deal.hands[a]), list(deal.hands[b])
    i = next(i for i, c in enumerate(hand_a) if c not in hand_b)
    j = next(j for j, c in enumerate(hand_b) if c not in hand_a)
    hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
    hands = list(deal.hands)
    hands[a], hands[b] = tuple(hand_a), tuple(hand_b)
    noc = deal.noc[:keep] + tuple(reversed(deal.noc[keep:]))
    return Deal.from_hands(hands, noc, deal.cai_card, deal.dead, deal.picker)


def test_R4_observation_holds_no_other_hand_and_no_noc_order() -> None:
    deal = make_deal(["cc", "", "", ""], "2s 3s", cai_card="cc")
    other = _swap_hidden(deal, 0, keep=2)
    assert other.hands[1:] != deal.hands[1:] and other.noc != deal.noc
    g1, g2 = Game(deal), Game(other)
    assert g1.observation(0) == g2.observation(0)
    for text in ("0 discard cc", "1 draw 2s", "1 pass", "2 draw 3s", "2 pass"):
        play(g1, text)
        play(g2, text)
        assert g1.observation(0) == g2.observation(0), text
    for seat in (1, 2, 3):
        assert g1.observation(seat).hand == g1.hand_cards(seat)


def test_R4_observation_fields_are_public() -> None:
    game = make_game(["cc", "", "", ""], "2s")
    game.discard(0, Card.CC)
    game.draw(1)
    obs = game.observation(2)
    names = {f.name for f in dataclasses.fields(obs)}
    assert {"hand", "hand_sizes", "noc_left", "seat"} <= names
    assert not names & {"hands", "noc", "deal", "dead", "game"}
    assert obs.hand == game.hand_cards(2)
    assert obs.hand_sizes == tuple(game.hand_n)
    assert obs.noc_left == game.noc_left == 22
    for f in dataclasses.fields(obs):
        value = getattr(obs, f.name)
        assert not isinstance(value, (Game, Deal)), f.name
    hidden = {game.hand_cards(s) for s in (0, 1, 3)} | {game.deal.noc[game.noc_pos:]}
    for f in dataclasses.fields(obs):
        value = getattr(obs, f.name)
        if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
            assert value not in hidden, f.name
    assert obs.legal == ()  # seat 2 is not the actor
    assert game.observation(1).legal == tuple(game.legal_actions())
