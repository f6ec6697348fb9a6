"""The normal player keeps a reserve of clean discards (issue 22 item 6; TOTOM T4.8, T4.10,
T4.11): a yêu it draws must be eaten and a face-down khàn must take its fourth card, each
followed by a discard or trả cửa; a seat left with no card it may discard cleanly (every one a
yêu, TD9, or a card that makes a phu with a taken card and a card discarded since, TD2) commits
an offence at that take whatever it plays. Each position below is one of the three corners
self-play met (10,000 games, seed 0: games 877, 3157 and 6661), rebuilt by hand one move before
the move that spent the reserve; the same position with the reserve switched off
(``cornered=0``) makes that move, so each test can fail."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Act
from engine.totom.actions import TomAction
from engine.totom.ai import NormalPlayer
from engine.totom.ai.duties import Reserve, forced_takes
from engine.totom.ai.policy import poisson_at_least
from engine.totom.ai.tracker import own_melds, own_record
from engine.totom.ai.value import DEFAULT_KNOBS
from engine.totom.cards import Card
from engine.totom.game import TomGame
from tests.totom.table import game_of, play

NORMAL = NormalPlayer()
BLIND = NormalPlayer(replace(DEFAULT_KNOBS, cornered=0.0))  # the player before the reserve
# Three thiên khai laid at the opening: seat 1 holds only the eight cards the test names.
THREE_TK = ("2v 2v 2v 2v 6v 6v 6v 6v 8v 8v 8v 8v ",
            ("1 up_thien_khai 2v", "1 up_thien_khai 6v", "1 up_thien_khai 8v"))


def choices(game: TomGame) -> tuple[TomAction, TomAction]:
    """What the normal player does for the seat to act, and what it did without a reserve;
    both checked clean now."""
    seat = game.actor
    assert seat is not None
    obs = game.observation(seat)
    faults = dict(zip(obs.legal, obs.faults, strict=True))
    now, blind = NORMAL.choose(obs).action, BLIND.choose(obs).action
    assert faults[now] == () and faults[blind] == ()
    return now, blind


def clean_left(game: TomGame, seat: int) -> list[Card]:
    """The held kinds ``seat`` could discard now without an offence, as the engine judges."""
    return [c for c in set(game.hand_cards(seat))
            if not game.faults_of(TomAction(seat, Act.DISCARD, c))]


def test_t4_11_td2_an_eat_that_links_the_last_two_clean_cards_is_refused() -> None:
    # Game 877: 4n taken earlier links 5n and 6n (4n 5n 6n, TD2). Eating 9s into 7s 8s 9s
    # leaves 5n 6n oc: one goes, the other is then TD2, and the next yêu drawn corners it.
    tk, laid = THREE_TK
    game = game_of({1: tk + "4v 4s 5n 6n 7s 8s oc 9v", 0: "4n"}, noc="3v 5s 2n 9s")
    play(game, *laid, "0 discard 4n", "1 eat 4v 4s", "1 discard 9v", "2 draw", "1 reveal 2v",
         "1 reveal 6v", "1 reveal 8v", "2 pass", "3 draw", "3 pass", "4 draw", "4 pass",
         "0 draw", "0 pass")
    assert game.actor == 1 and game.live is not None and game.live.card is Card.S9
    now, blind = choices(game)
    assert str(blind) == "1 eat 7s 8s"
    assert now.act is Act.DRAW
    reason = NORMAL.choose(game.observation(1)).reason
    assert "T4.10" in reason.vi and "T4.10" in reason.en and "dậy khàn" in reason.vi
    play(game, str(now))
    assert {Card.N5, Card.N6} <= set(clean_left(game, 1))


def test_t4_8_a_khan_still_to_rise_keeps_a_clean_card_for_its_tra_cua() -> None:
    # Game 3157: with a face-down khàn of 9v whose fourth card is unseen, dậy khàn will come
    # (T4.8) and a card must go back (T4.9). Eating 4s with 4v 4n (or with 2s 3s) leaves two
    # cards that make a phu with 4s: after one goes the other is TD2, nothing clean is left.
    tk, laid = THREE_TK
    game = game_of({1: tk + "9v 9v 9v 4v 4n 2s 3s oc", 0: "4s"})
    play(game, *laid, "1 up_khan 9v", "0 discard 4s")
    now, blind = choices(game)
    assert blind.act is Act.EAT
    assert now.act is Act.DRAW


def test_t4_10_a_phong_that_leaves_only_yeu_and_a_linked_card_is_let_pass() -> None:
    # Game 6661: phỗng 3v out of turn, then trả cửa 4v or 5v; the other makes a phu with the
    # taken 3v (TD2) and the rest are yêu (TD9): the next yêu drawn corners the seat.
    tk, laid = THREE_TK
    game = game_of({1: tk + "3v 3v 4v 5v oc cc 1s 1n", 4: "3v"}, cai=4)
    play(game, *laid, "4 discard 3v")
    now, blind = choices(game)
    assert blind.act is Act.PHONG
    assert now.act is Act.DECLINE
    assert "T4.11" in NORMAL.choose(game.observation(1)).reason.en


def test_a_move_the_reserve_does_not_decide_gives_no_reserve_reason() -> None:
    tk, laid = THREE_TK
    game = game_of({1: tk + "3v 3v 4v 5v oc cc 1s 1n", 4: "3v"}, cai=4)
    play(game, *laid, "4 discard 3v")
    assert "T4.11" not in BLIND.choose(game.observation(1)).reason.en


def test_reserve_counts_cards_that_can_go_one_after_another() -> None:
    tk, laid = THREE_TK
    game = game_of({1: tk + "4v 4s 3n 5n 6n oc cc 9v", 0: "4n"})
    play(game, *laid, "0 discard 4n", "1 eat 4v 4s")
    obs = game.observation(1)
    held = Reserve(obs, own_record(obs))
    hand = [0] * len(Card)
    for c in obs.hand:
        hand[c] += 1
    # 3n 5n and 5n 6n each make a phu with the taken 4n: 3n 6n 9v can all go, not 5n with them.
    assert held.count(hand, 9) == 3
    assert held.count(hand, 2) == 2
    hand[Card.N5] -= 1
    assert held.count(hand, 9, gone=Card.N5) == 1  # 3n and 6n are TD2 after it: 9v is left
    assert held.count(hand, 9) == 3  # kept, not discarded: nothing is TD2
    hand[Card.V9] -= 1
    assert held.count(hand, 9, gone=Card.N5) == 0  # and then nothing: the rest are yêu (TD9)
    hand[Card.N6] = 0
    assert held.count(hand, 9, took=Card.N7, gone=Card.S9) == 1  # a take that links nothing
    hand[Card.N6] = 1
    assert held.count(hand, 9, took=Card.N7, gone=Card.N5) == 0  # 5n 6n 7n: 6n is TD2 too


def test_forced_takes_are_face_down_khan_with_a_copy_unseen() -> None:
    game = game_of({1: "9v 9v 9v 5s 5s 5s"})
    play(game, "1 up_khan 9v", "1 up_khan 5s")
    obs = game.observation(1)
    unseen = [1] * 30
    assert set(forced_takes(own_melds(obs), (), unseen)) == {Card.V9, Card.S5}
    unseen[Card.S5] = 0
    assert forced_takes(own_melds(obs), (), unseen) == (Card.V9,)
    assert forced_takes(own_melds(obs), ((Card.N2, 3),), unseen) == (Card.V9, Card.N2)


def test_poisson_at_least() -> None:
    assert poisson_at_least(0.5, 0) == 1.0
    assert abs(poisson_at_least(0.5, 1) - (1 - 2.718281828 ** -0.5)) < 1e-6
    assert poisson_at_least(0.0, 1) == 0.0
    assert poisson_at_least(0.5, 3) < poisson_at_least(0.5, 2) < poisson_at_least(0.5, 1)

