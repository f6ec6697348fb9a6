"""The opening of a game (TOTOM T4.1–T4.3, T5.4): khàn and thiên khai face down, thiên ù, the
cái's thiên khai shown before its first discard, the others' just before the first draw, and
the ù windows of a shown thiên khai."""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.errors import IllegalAction
from engine.events import Declined, Origin
from engine.game import Mode, Phase
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.mat import MeldOrigin
from tests.totom.table import game_of, moves_of, play, rules_of

# 21 cards that win as dealt: khàn 5v (a lưng), SP7, runs (T5.4).
THIEN_U = "5v 5v 5v 1v 2v 3v 6v 7v 8v 1n 2n 3n 4n 5n 6n 7n 8n 9n 1s 2s 3s"
# Twenty cards that wait on 9n (phu bí 9v 9n 9s) and tt (SP5), with a tôm (T7.7 shape).
WAITS_9N = "3v 3s 7n 4v 5v 6v 1n 2n 3n 4s 5s 6s 7s 8s 1v 1s cc oc 9v 9s"


def test_t4_1_each_seat_lays_its_khan_face_down_in_play_order_from_the_cai() -> None:
    game = game_of({1: "4v 4v 4v", 3: "6s 6s 6s", 4: "2n 2n 2n 2n"}, cai=3)
    assert (game.phase, game.actor) == (Phase.LAY, 3)
    play(game, "3 up_khan 6s")
    assert game.actor == 4
    assert moves_of(game) == ["4 up_thien_khai 2n", "4 bat_thuc 2n", "4 decline"]
    play(game, "4 up_thien_khai 2n", "1 up_khan 4v")
    assert (game.phase, game.actor) == (Phase.OPENING, 3)
    assert [(m.origin, m.face_down, m.cards) for m in game.mats[4]] == [
        (MeldOrigin.THIEN_KHAI, True, (Card.N2,) * 4)]
    assert game.hand[1][Card.V4] == 0 and game.hand_n[1] == 17


def test_t4_1_a_later_seat_laying_implies_the_earlier_ones_kept_theirs() -> None:
    game = game_of({0: "4v 4v 4v", 2: "6s 6s 6s"})
    play(game, "2 up_khan 6s")
    assert game.hist[0].unlaid == (Card.V4,)
    assert (game.phase, game.actor) == (Phase.OPENING, 0)


def test_t4_1_a_khan_kept_in_the_hand_is_tn2_at_the_seats_first_discard() -> None:
    game = game_of({0: "4v 4v 4v 9n"})
    play(game, "0 decline")
    assert game.phase is Phase.OPENING
    assert rules_of(play(game, "0 discard 9n")) == ["TN2"]
    assert game.hist[0].faults[0].card == Card.V4


def test_t4_1_a_khan_laid_face_down_records_nothing() -> None:
    game = game_of({0: "4v 4v 4v 9n"})
    assert rules_of(play(game, "0 up_khan 4v", "0 discard 9n")) == []


def test_t4_1_the_lay_automation_lays_every_khan_and_thien_khai() -> None:
    game = game_of({0: "4v 4v 4v", 2: "7n 7n 7n 7n"}, automations={"lay"})
    assert game.phase is Phase.OPENING
    assert [a.act for a in game.record] == [Act.UP_KHAN, Act.UP_THIEN_KHAI]
    assert game.face_down(2, 4)[0].kind == Card.N7


def test_t4_1_others_see_how_many_face_down_melds_not_their_kind() -> None:
    game = game_of({0: "4v 4v 4v", 2: "7n 7n 7n"}, automations={"lay"})
    seen = game.observation(1)
    assert seen.face_down == (1, 0, 1, 0, 0)
    assert seen.mats[2][0].cards == () and seen.mats[2][0].size == 3
    assert [str(a) for a in seen.history] == ["0 up_khan", "2 up_khan"]
    own = game.observation(2)
    assert own.mats[2][0].cards == (Card.N7,) * 3
    assert str(own.history[1]) == "2 up_khan 7n"


def test_t5_4_thien_u_is_the_cais_first_possible_action() -> None:
    """T5.8: the khàn is turned up in the call before the cước."""
    game = game_of({0: THIEN_U}, automations={"lay"})
    assert "0 win" in moves_of(game)
    play(game, "0 win")
    assert game.phase is Phase.CALL and game.outcome is not None
    assert game.outcome.thien_u and game.outcome.card is None
    tokens = [str(t) for t in game.true_tokens()]
    assert tokens[0] == "khan:5v"  # T5.8: the khàn is turned up before the cước
    play(game, "0 call " + " ".join(tokens))
    assert game.settlement is not None and game.settlement.verdict.value == "paid"
    assert game.settlement.score == game.settlement.true_score > 0


def test_t5_7_thien_u_let_pass_is_a_declined_win_and_a_later_win_is_tn1() -> None:
    game = game_of({0: THIEN_U}, automations={"lay"})
    events = play(game, "0 discard 3s")
    assert Declined(0, Act.WIN, None, 1) in events
    assert game.hist[0].bo_u == [1]


def test_t5_4_a_false_thien_u_is_refused_outside_real_mode() -> None:
    game = game_of({0: "4v 5v"}, mode=Mode.TEACHING)
    with pytest.raises(IllegalAction):
        game.apply(TomAction(0, Act.WIN))
    real = game_of({0: "4v 5v"})
    play(real, "0 win")
    assert rules_of(real.hist[0].faults) == ["TD1"]


def test_t4_2_the_cais_thien_khai_is_shown_and_opens_an_u_window() -> None:
    game = game_of({0: "9n 9n 9n 9n", 2: WAITS_9N})
    play(game, "0 up_thien_khai 9n", "0 reveal 9n")
    assert game.phase is Phase.CLAIM and game.actor == 2
    assert game.live is not None and game.live.origin is Origin.REVEAL
    assert moves_of(game) == ["2 win", "2 decline"]
    play(game, "2 win")
    assert [len(m.cards) for m in game.mats[0]] == [3]  # W is one of the four (Q32)
    assert game.hand[2][Card.N9] == 1


def test_t4_2_after_the_window_the_cai_discards_and_a_declined_window_is_bo_u() -> None:
    game = game_of({0: "9n 9n 9n 9n 5v", 2: WAITS_9N})
    events = play(game, "0 up_thien_khai 9n", "0 reveal 9n", "2 decline")
    assert Declined(2, Act.WIN, Card.N9, 1) in events
    assert (game.phase, game.actor) == (Phase.OPENING, 0)
    assert game.mats[0][0].face_down is False
    assert rules_of(play(game, "0 discard 5v")) == []
    assert game.hist[2].bo_u == [1]


def test_t4_2_a_cai_that_discards_before_showing_is_tn2() -> None:
    game = game_of({0: "9n 9n 9n 9n 5v"})
    play(game, "0 up_thien_khai 9n")
    assert rules_of(play(game, "0 discard 5v")) == ["TN2"]


def test_t4_3_the_cai_cannot_draw_before_its_first_discard() -> None:
    game = game_of({})
    assert game.phase is Phase.OPENING
    with pytest.raises(IllegalAction):
        game.apply(TomAction(0, Act.DRAW))
    assert {a.act for a in game.legal_actions()} <= {Act.DISCARD, Act.BAT_THUC, Act.REVEAL,
                                                     Act.WIN}


def test_t4_2_the_others_show_their_thien_khai_just_before_the_first_draw() -> None:
    # Seat 3's thiên khai of 9n; seat 2 waits on 9n; seat 1 draws first.
    game = game_of({0: "5v", 2: WAITS_9N, 3: "9n 9n 9n 9n"}, noc="8n")
    play(game, "3 up_thien_khai 9n", "0 discard 5v", "1 draw")
    assert (game.phase, game.actor) == (Phase.SHOW, 3)
    assert game.live is not None and game.live.card == Card.V5  # the draw is not seen yet
    play(game, "3 reveal 9n")
    assert (game.phase, game.actor) == (Phase.CLAIM, 2)
    play(game, "2 decline")
    assert game.live is not None and game.live.card == Card.N8 and game.live.by == 1


def test_t4_2_a_thien_khai_not_shown_at_the_first_draw_is_tn2_at_that_draw() -> None:
    game = game_of({0: "5v", 3: "9n 9n 9n 9n"}, noc="8n")
    play(game, "3 up_thien_khai 9n", "0 discard 5v", "1 draw")
    events = play(game, "3 decline")
    assert rules_of(events) == ["TN2"]
    assert game.hist[3].faults[0].event == 2  # the draw
    assert game.live is not None and game.live.card == Card.N8


def test_t4_2_a_record_without_the_show_implies_it_was_not_made() -> None:
    game = game_of({0: "5v", 3: "9n 9n 9n 9n"}, noc="8n")
    play(game, "3 up_thien_khai 9n", "0 discard 5v", "1 draw", "1 pass")
    assert rules_of(game.hist[3].faults) == ["TN2"]
    assert game.entitled == 2


def test_t4_2_the_reveal_automation_shows_at_the_first_draw() -> None:
    game = game_of({0: "5v", 3: "9n 9n 9n 9n"}, noc="8n", automations={"lay", "reveal"})
    play(game, "0 discard 5v", "1 draw")
    assert [str(a) for a in game.record] == ["3 up_thien_khai 9n", "0 discard 5v", "1 draw 8n",
                                             "3 reveal 9n"]
    assert game.live is not None and game.live.card == Card.N8


def test_t4_2_the_reveal_automation_waits_while_the_cai_has_thien_u() -> None:
    hand = THIEN_U.replace("5v 5v 5v", "5v 5v 5v 5v").replace("1s 2s 3s", "1s cc")
    game = game_of({0: hand}, automations={"lay", "reveal"})
    assert game.phase is Phase.OPENING and "0 win" in moves_of(game)
    assert not any(a.act is Act.REVEAL for a in game.record)


def test_t4_13_bat_thuc_at_the_opening_puts_the_cards_back_in_the_hand() -> None:
    game = game_of({1: "4v 4v 4v"}, cai=0)
    play(game, "1 bat_thuc 4v")
    assert game.phase is Phase.OPENING
    assert game.hand[1][Card.V4] == 3 and game.mats[1] == []
    assert Card.V4 in game.position(1).bat_thuc
