"""Trả cửa after an out-of-turn phỗng or dậy khàn (TOTOM T4.7, T4.8, T4.9): the taker returns a
card into the cửa where the taken card lay; a claim window opens on it (not for the
returner); then the drawer decides on it as on its own draw, or the next seat is entitled;
the turn order does not change; the returned card is a discard for every discard rule."""

from __future__ import annotations

import pytest

from engine.actions import Act
from engine.errors import IllegalAction
from engine.events import Claim, Origin
from engine.game import Phase
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.mat import MeldOrigin
from tests.totom.table import game_of, moves_of, play, rules_of


def test_t4_9_phong_of_a_discard_returns_into_the_same_cua_and_the_next_seat_is_entitled() -> None:
    """T4.7: the pair and the card face up on the mat, then trả cửa."""
    game = game_of({0: "5v", 3: "5v 5v 2n"})
    play(game, "0 discard 5v", "3 phong")
    assert (game.phase, game.actor) == (Phase.RETURN, 3)
    assert game.mats[3][0].origin is MeldOrigin.PHONG
    assert game.mats[3][0].cards == (Card.V5,) * 3
    play(game, "3 return 2n")
    live = game.live
    assert live is not None and (live.card, live.cua, live.origin, live.by) == (
        Card.N2, 0, Origin.RETURN, 3)
    assert game.cua[0] == [Card.N2]
    assert (game.phase, game.actor, game.entitled, game.may_pass) == (Phase.PLAY, 1, 1, False)


def test_t4_9_phong_of_a_draw_lets_the_drawer_decide_on_the_returned_card() -> None:
    game = game_of({0: "5v", 3: "8n 8n 2n"}, noc="8n")
    play(game, "0 discard 5v", "1 draw", "3 phong", "3 return 2n")
    assert (game.actor, game.entitled, game.may_pass) == (1, 1, True)
    assert "1 pass" in moves_of(game)


def test_t4_9_the_returner_cannot_claim_the_returned_card() -> None:
    game = game_of({0: "5v", 3: "5v 5v 2n 2n"})
    play(game, "0 discard 5v", "3 phong", "3 return 2n")
    assert all(c.seat != 3 for c in game.pending_claims())


def test_t4_9_a_pair_holder_may_phong_the_returned_card() -> None:
    game = game_of({0: "5v", 3: "5v 5v 2n", 4: "2n 2n"})
    play(game, "0 discard 5v", "3 phong", "3 return 2n")
    assert game.pending_claims() == (Claim(4, Act.PHONG),)


def test_t4_8_day_khan_out_of_turn_makes_a_thien_khai_and_returns() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s 3n"})
    play(game, "2 up_khan 6s", "0 discard 6s")
    assert game.pending_claims() == (Claim(2, Act.DAY_KHAN),)
    play(game, "2 day_khan")
    meld = game.mats[2][0]
    assert (meld.origin, meld.face_down, len(meld.cards)) == (MeldOrigin.THIEN_KHAI, False, 4)
    assert game.phase is Phase.RETURN
    play(game, "2 return 3n")
    assert game.entitled == 1 and game.cua[0] == [Card.N3]


def test_t4_8_day_khan_at_ones_own_cua_is_followed_by_a_discard() -> None:
    game = game_of({0: "6s", 1: "6s 6s 6s 3n"})
    play(game, "1 up_khan 6s", "0 discard 6s", "1 day_khan")
    assert (game.phase, game.actor) == (Phase.DISCARD, 1)
    play(game, "1 discard 3n")
    assert game.cua[1] == [Card.N3] and game.entitled == 2


def test_t4_8_day_khan_with_a_run_turns_the_khan_up_and_eats_into_the_run() -> None:
    game = game_of({0: "6s", 1: "6s 6s 6s 7s 8s 3n"})
    play(game, "1 up_khan 6s", "0 discard 6s")
    assert "1 day_khan 7s 8s" in moves_of(game)
    play(game, "1 day_khan 7s 8s")
    kinds = [(m.origin, m.face_down, m.cards) for m in game.mats[1]]
    assert kinds == [(MeldOrigin.KHAN, False, (Card.S6,) * 3),
                     (MeldOrigin.EATEN, False, (Card.S6, Card.S7, Card.S8))]
    assert game.phase is Phase.DISCARD


def test_t4_8_day_khan_with_a_run_only_at_ones_own_cua() -> None:
    game = game_of({0: "6s", 2: "6s 6s 6s 7s 8s"})
    play(game, "2 up_khan 6s", "0 discard 6s")
    with pytest.raises(IllegalAction):
        game.apply(TomAction(2, Act.DAY_KHAN, cards=(Card.S7, Card.S8)))


def test_t4_9_the_returned_card_is_a_discard_for_every_discard_rule() -> None:
    game = game_of({0: "5v", 3: "5v 5v oc"})
    play(game, "0 discard 5v", "3 phong")
    assert rules_of(play(game, "3 return oc")) == ["TD9"]


def test_t4_9_no_return_without_an_out_of_turn_take() -> None:
    game = game_of({0: "5v 2n"})
    with pytest.raises(IllegalAction):
        game.apply(TomAction(0, Act.RETURN, Card.N2))


def test_t4_9_turn_order_is_unchanged_after_tra_cua() -> None:
    game = game_of({0: "5v", 3: "5v 5v 2n"}, noc="9n")
    play(game, "0 discard 5v", "3 phong", "3 return 2n", "1 draw")
    assert game.live is not None and game.live.by == 1 and game.entitled == 1


def test_t4_9_a_card_returned_in_place_of_a_returned_card_still_lets_the_drawer_decide() -> None:
    # R takes X's place, and the turn order does not change: seat 1 drew 8n and has not yet
    # decided; seat 3 phỗngs it and returns 2n, seat 4 phỗngs the 2n and returns 7s. The 7s
    # lies where seat 1's draw lay: seat 1 decides on it as on its own draw.
    game = game_of({0: "5v", 3: "8n 8n 2n", 4: "2n 2n 7s"}, noc="8n")
    play(game, "0 discard 5v", "1 draw", "3 phong", "3 return 2n", "4 phong", "4 return 7s")
    live = game.live
    assert live is not None and (live.card, live.cua, live.origin) == (Card.S7, 1, Origin.RETURN)
    assert (game.phase, game.actor, game.entitled, game.may_pass) == (Phase.PLAY, 1, 1, True)
    assert "1 pass" in moves_of(game)


def test_t4_9_on_a_discard_a_card_returned_in_place_of_a_returned_card_goes_to_the_next_seat(
        ) -> None:
    game = game_of({0: "5v", 3: "5v 5v 2n", 4: "2n 2n 7s"})
    play(game, "0 discard 5v", "3 phong", "3 return 2n", "4 phong", "4 return 7s")
    assert (game.phase, game.actor, game.entitled, game.may_pass) == (Phase.PLAY, 1, 1, False)
