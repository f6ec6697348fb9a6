"""R9.2 sessions (hội): running totals, the next picker, and C2 thông from game to game.

Also R9.1 over random games: settlements always sum to zero and scale with the stake.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from judging_positions import call_true, deal, play

from engine.actions import Act, Action
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.chan.session import ChanSession as Session
from engine.chan.settlement import Payout
from engine.events import EndKind
from engine.game import Mode, Phase

RONG = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"  # 6 chắn 3 cạ, què 9v
L1_HAND = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 7v 7n 9n"
L2_HAND = "7v 7v 7v 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2n 2s 3n 3s 9n 8n"
L5_HAND = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 8n 8n 2n 2s 3n 3s 7v 7v 9n"


def call(g: Game, *cuoc: tuple[str, int]) -> None:
    assert g.actor is not None
    g.apply(Action(g.actor, Act.CALL, None, tuple(cuoc)))


# Each first game leaves seat 1 as the winner (or not) in a particular way.


def correct(s: Session) -> Game:
    g = s.game_for(deal(["8s", RONG], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    call_true(g)
    return g


def thieu(s: Session) -> Game:
    g = s.game_for(deal(["8s", RONG], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    call(g, ("dia_u", 1))
    return g


def sai(s: Session) -> Game:
    g = s.game_for(deal(["8s", RONG], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    call(g, ("chi", 1), ("dia_u", 1), ("leo", 1))
    return g


def bo_u(s: Session) -> Game:
    g = s.game_for(deal(["8s", RONG], "9n 9s"))
    play(g, "0 discard 8s", "1 draw", "1 decline", "1 pass", "0 draw", "1 win")
    call_true(g)
    return g


def u_bao(s: Session) -> Game:
    g = s.game_for(deal(["7n", L5_HAND], "7s"))
    play(g, "0 discard 7n", "1 eat 7v", "1 discard 9n", "0 draw", "1 win")
    call_true(g)
    return g


def u_lao(s: Session) -> Game:
    g = s.game_for(deal(["8s", ""]))
    play(g, "0 discard 8s", "1 win")
    return g


def drawn(s: Session) -> Game:
    g = s.game_for(deal(["", ""]))
    while not g.is_over:
        legal = g.legal_actions()
        quiet = [a for a in legal if a.act in (Act.DECLINE, Act.DRAW, Act.PASS)]
        g.apply(quiet[0] if quiet else legal[0])
    return g


def treo_tranh(s: Session) -> Game:
    g = s.game_for(deal(["7n", L1_HAND], "7s"))
    play(g, "0 discard 7n", "1 eat 7v", "1 discard 9n", "0 draw", "1 win")
    call_true(g)
    return g


def treo_tranh_sai(s: Session) -> Game:
    g = s.game_for(deal(["7n", L1_HAND], "7s"))
    play(g, "0 discard 7n", "1 eat 7v", "1 discard 9n", "0 draw", "1 win")
    call(g, *g.true_call(), ("leo", 1))
    return g


def treo_tranh_bo_u(s: Session) -> Game:
    g = s.game_for(deal(["7n", L1_HAND], "7s 7v"))
    play(g, "0 discard 7n", "1 eat 7v", "1 discard 9n", "0 draw", "1 decline", "0 pass",
         "1 draw", "1 win")
    call_true(g)
    return g


def l2(s: Session) -> Game:
    g = s.game_for(deal(["7v", L2_HAND], "8v"))
    play(g, "0 discard 7v", "1 eat 7v", "1 discard 9n", "0 draw", "1 win")
    call_true(g)
    return g


FIRST: dict[str, tuple[Callable[[Session], Game], bool]] = {
    "correct": (correct, True),
    "xuong_thieu": (thieu, True),
    "xuong_sai": (sai, False),
    "bo_u": (bo_u, False),
    "u_bao": (u_bao, False),
    "u_lao": (u_lao, False),
    "drawn": (drawn, False),
    "nghi_an_tien_treo_tranh": (treo_tranh, True),
    "nghi_an_tien_L2": (l2, False),
    "nghi_an_tien_treo_tranh_and_bo_u": (treo_tranh_bo_u, False),
}


@pytest.mark.parametrize("how", sorted(FIRST))
def test_C2_thong_after_previous_game(how: str) -> None:
    make, gives = FIRST[how]
    s = Session(players=2)
    s.record(make(s))
    assert s.thong_seat == (1 if gives else None)
    g = s.game_for(deal(["8s", RONG], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    assert ("thong", 1) in g.true_call() if gives else ("thong", 1) not in g.true_call()


def test_C2_no_thong_after_treo_tranh_with_xuong_sai() -> None:
    s = Session(players=2)
    s.record(treo_tranh_sai(s))
    assert s.thong_seat is None


def test_C2_thong_is_only_for_the_same_player() -> None:
    s = Session(players=2)
    s.record(correct(s))
    assert s.thong_seat == 1
    # Seat 0 wins the next game (seat 1 is the cái now): no thông for seat 0.
    g = s.game_for(deal([RONG, "8s"], "9n", cai=1))
    play(g, "1 discard 8s", "0 draw", "0 win")
    assert ("thong", 1) not in g.true_call()
    call_true(g)
    s.record(g)
    assert s.thong_seat == 0


def test_C2_thong_only_from_the_previous_game() -> None:
    s = Session(players=2)
    s.record(correct(s))
    s.record(drawn(s))
    assert s.thong_seat is None
    g = s.game_for(deal(["8s", RONG], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    assert ("thong", 1) not in g.true_call()


def test_C2_thong_scores_in_the_next_win() -> None:
    s = Session(players=2)
    s.record(correct(s))
    g = correct(s)
    assert g.true_call() == (("thong", 1), ("chi", 1), ("dia_u", 1))
    assert g.settlement is not None and g.settlement.transfers == (-5.0, 5.0)


# ------------------------------------------------------------------ R9.2 totals and picker


def test_R9_2_running_totals() -> None:
    s = Session(players=2)
    s.record(correct(s))  # seat 1 +4
    s.record(sai(s))  # seat 1 pays the 5 of a wrong lèo
    s.record(u_lao(s))  # seat 1 pays 12
    assert s.totals == [-4.0 + 5 + 12, 4.0 - 5 - 12]


def test_R9_2_next_picker_is_the_last_winner() -> None:
    s = Session(players=3, first_picker=2)
    assert s.next_picker == 2
    g = s.game_for(deal(["8s", RONG, ""], "9n"))
    play(g, "0 discard 8s", "1 draw", "1 win")
    call_true(g)
    s.record(g)
    assert s.next_picker == 1


@pytest.mark.parametrize(("option", "picker"), [("last_drawer", None), ("same_picker", 0)])
def test_R9_2_R2_4_next_picker_after_a_drawn_game(option: str, picker: int | None) -> None:
    s = Session(players=2, rules=LangRules(draw_picker=option))  # type: ignore[arg-type]
    g = s.game_for(Deal.from_json({**deal(["", ""]).hands_json(), "picker": 0}))
    while not g.is_over:
        legal = g.legal_actions()
        quiet = [a for a in legal if a.act in (Act.DECLINE, Act.DRAW, Act.PASS)]
        g.apply(quiet[0] if quiet else legal[0])
    s.record(g)
    assert g.outcome is not None and g.outcome.kind is EndKind.DRAW
    want = g.last_drawer if picker is None else picker
    assert s.next_picker == want


# ------------------------------------------------------------------ R9.1 random settlements


def random_finished_game(seed: int, players: int, rules: LangRules) -> Game:
    rng = random.Random(seed)
    g = Game(Deal.shuffled(seed, players, rng.randrange(players), rules), rules, Mode.REAL)
    while not g.is_over:
        if g.phase is Phase.CALL:
            true = list(g.true_call())
            extra = [("leo", 1)] if rng.random() < 0.3 else []
            keep = [c for c in true if rng.random() < 0.8]
            g.apply(Action(g.actor or 0, Act.CALL, None, tuple(keep + extra)))
            continue
        lao = Action(g.actor or 0, Act.WIN)
        if g.phase is Phase.PLAY and rng.random() < 0.02 and g.can(lao):
            g.apply(lao)  # real mode accepts ù láo (R7.5)
            continue
        legal = g.legal_actions()
        wins = [a for a in legal if a.act is Act.WIN]
        g.apply(wins[0] if wins and rng.random() < 0.7 else rng.choice(legal))
    return g


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       ga=st.sampled_from(["off", "rong", "hep"]), stake=st.sampled_from([1, 2, 0.5]))
def test_R9_1_transfers_always_sum_to_zero_and_scale_with_stake(
        seed: int, players: int, ga: str, stake: float) -> None:
    rules = LangRules(ga=ga, stake=stake)  # type: ignore[arg-type]
    g = random_finished_game(seed, players, rules)
    base = random_finished_game(seed, players, LangRules(ga=ga))  # type: ignore[arg-type]
    assert g.settlement is not None and base.settlement is not None
    assert abs(sum(g.settlement.transfers)) < 1e-9
    assert g.settlement.transfers == tuple(t * stake for t in base.settlement.transfers)
    if g.settlement.payout in (Payout.NONE, Payout.NGHI_AN_TIEN):
        assert set(g.settlement.transfers) == {0.0}
