"""The normal player does every duty itself (TOTOM T4, T5; real mode has no automation, T4.16):
khàn and thiên khai face down and shown, thiên ù and every ù declared, dậy khàn, a drawn yêu
eaten, the copies of a taken card laid with it, hạ trùng, a phỗng statement when two copies of
W are held — and it never picks a move the engine judges a TN or TD while a clean one exists,
even at a table of players who break rules at random."""

from __future__ import annotations

import random

from engine.actions import Act
from engine.game import Phase
from engine.totom.ai import make_player
from engine.totom.ai.players import Decision
from engine.totom.cards import Card
from engine.totom.deal import Deal
from engine.totom.game import TomGame
from tests.totom.table import game_of, play
from tests.totom.test_ha_trung import seat1_run
from tests.totom.test_opening import THIEN_U, WAITS_9N

NORMAL = make_player("normal")


def normal_move(game: TomGame) -> Decision:
    """What the normal player does for the seat to act, checked clean."""
    seat = game.actor
    assert seat is not None
    obs = game.observation(seat)
    decision = NORMAL.choose(obs)
    faults = dict(zip(obs.legal, obs.faults, strict=True))[decision.action]
    assert faults == (), (str(decision.action), faults)
    return decision


def test_t4_1_a_khan_is_laid_face_down() -> None:
    game = game_of({1: "5v 5v 5v"})
    assert game.phase is Phase.LAY and game.actor == 1
    assert str(normal_move(game).action) == "1 up_khan 5v"


def test_t4_2_the_cai_shows_its_thien_khai_before_discarding() -> None:
    game = game_of({0: "9n 9n 9n 9n 5v"})
    play(game, str(normal_move(game).action))
    assert str(game.record[-1]) == "0 up_thien_khai 9n"
    assert str(normal_move(game).action) == "0 reveal 9n"


def test_t4_2_an_u_on_a_shown_thien_khai_is_declared() -> None:
    game = game_of({0: "9n 9n 9n 9n", 2: WAITS_9N})
    play(game, "0 up_thien_khai 9n", "0 reveal 9n")
    assert str(normal_move(game).action) == "2 win"


def test_t5_4_thien_u_is_declared_and_called_true() -> None:
    game = game_of({0: THIEN_U})
    play(game, str(normal_move(game).action))  # the khàn face down first (T4.1)
    assert str(normal_move(game).action) == "0 win"
    play(game, "0 win")
    call = normal_move(game)
    assert call.action.tokens == game.true_tokens()
    play(game, str(call.action))
    assert game.settlement is not None and game.settlement.verdict.value == "paid"


def test_t4_8_dậy_khan_is_done_and_a_clean_card_returned() -> None:
    game = game_of({0: "5v", 2: "5v 5v 5v"})
    play(game, str(normal_move(game).action))
    assert str(game.record[-1]) == "2 up_khan 5v"
    play(game, "0 discard 5v")
    assert game.phase is Phase.CLAIM and game.actor == 2
    take = normal_move(game).action
    assert take.act is Act.DAY_KHAN
    play(game, str(take))
    assert game.phase in (Phase.RETURN,)
    normal_move(game)


def test_t4_10_a_drawn_yeu_is_eaten() -> None:
    game = game_of({0: "5v", 1: "2n"}, noc="oc")
    play(game, "0 discard 5v", "1 draw")
    assert game.live is not None and str(game.live.card) == "oc"
    assert normal_move(game).action.act is Act.EAT


def test_t4_6_h1_the_copies_of_a_taken_card_go_down_with_it() -> None:
    game = game_of({0: "4v", 1: "4v 5v 6v"})
    play(game, "0 discard 4v")
    moves = [str(a) for a in game.legal_actions()]
    assert "1 eat 5v 6v" in moves  # the form that keeps the copy in the hand: TN2
    eat = normal_move(game).action
    assert eat.act is Act.EAT and eat.cards.count(Card.V4) == game.hand[1][Card.V4] == 1


def test_t4_12_the_copy_goes_onto_the_run_before_drawing() -> None:
    game = seat1_run("7v")
    move = normal_move(game).action
    assert move.act in (Act.HA_TRUNG, Act.EAT)
    if move.act is Act.HA_TRUNG:
        play(game, str(move))
        assert normal_move(game).action.act in (Act.DRAW, Act.EAT)


def test_t5_6_a_win_holding_two_copies_of_w_says_phong_or_khong_phong() -> None:
    said = 0
    for seed in range(400):
        game = TomGame(Deal.shuffled(seed, cai_seat=seed % 5))
        while not game.is_over and not said:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            decision = normal_move(game)
            if any(a.act is Act.WIN and a.phong is not None for a in obs.legal):
                assert decision.action.act is Act.WIN and decision.action.phong is not None
                said += 1
            game.apply(decision.action)
        if said:
            break
    assert said


def test_never_a_fault_while_a_clean_move_exists_at_a_lawless_table() -> None:
    """Co-players pick any legal move half the time, so the normal seat meets every state."""
    decisions = wins = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = TomGame(Deal.shuffled(seed, cai_seat=seed % 5))
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            obs = game.observation(seat)
            if seat == seed % 5:
                decision = NORMAL.choose(obs)
                faults = dict(zip(obs.legal, obs.faults, strict=True))[decision.action]
                assert not faults or all(obs.faults), (str(decision.action), faults)
                if any(a.act is Act.WIN for a in obs.legal):
                    assert decision.action.act is Act.WIN
                    wins += 1
                decisions += 1
                action = decision.action
            elif rng.random() < 0.5:
                action = rng.choice(obs.legal)
            else:
                action = NORMAL.choose(obs).action
            game.apply(action)
    assert decisions > 100
