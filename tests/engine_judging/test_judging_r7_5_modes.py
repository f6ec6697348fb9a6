"""R7.5 play modes: strict refuses violating moves, teaching explains them, real judges them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from judging_positions import game, play

from engine.actions import Act, Action
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.settlement import Payout
from engine.errors import ForbiddenMove, IllegalAction
from engine.events import EndKind
from engine.game import Mode, Phase

SEED_HAND = "9v 9n"  # the seeds' example: seat 1 declines 9v while holding 9v and 9n


def declined_9v(mode: Mode, then: str = "9v") -> Game:
    g = game(["9v", SEED_HAND], then, mode=mode)
    play(g, "0 discard 9v", "1 draw")
    assert g.phase is Phase.PLAY and g.actor == 1
    return g


# ------------------------------------------------------------------ strict


def test_R7_5_strict_leaves_violating_moves_out() -> None:
    g = declined_9v(Mode.STRICT)
    assert g.legal_actions() == [Action(1, Act.PASS)]  # eat 9v is L6, eat 9n is L1 + L7
    real = declined_9v(Mode.REAL)
    assert set(real.legal_actions()) == {Action(1, Act.EAT, Card.V9),
                                         Action(1, Act.EAT, Card.N9), Action(1, Act.PASS)}


def test_R7_5_strict_apply_raises_forbidden_move_and_changes_nothing() -> None:
    g = declined_9v(Mode.STRICT)
    before = g.state_key()
    with pytest.raises(ForbiddenMove) as err:
        g.apply(Action(1, Act.EAT, Card.V9))
    assert "L6" in str(err.value)
    assert isinstance(err.value, IllegalAction)
    assert g.state_key() == before
    assert g.violations == []


def test_R7_5_strict_allows_clean_moves() -> None:
    g = game(["9v", "9v"], mode=Mode.STRICT)
    play(g, "0 discard 9v", "1 eat 9v")
    assert g.violations == []


def test_R7_5_strict_refuses_L1_to_L5_too() -> None:
    g = game(["9v", "9v 9n"], mode=Mode.STRICT)
    play(g, "0 discard 9v")
    assert Action(1, Act.EAT, Card.N9) not in g.legal_actions()  # treo tranh
    with pytest.raises(ForbiddenMove):
        g.apply(Action(1, Act.EAT, Card.N9))


def test_R7_5_strict_refuses_a_violating_discard() -> None:
    g = game(["9v", "9v 9n 8v"], "8v", mode=Mode.STRICT)
    play(g, "0 discard 9v", "1 draw", "1 eat 8v")
    assert Action(1, Act.DISCARD, Card.V9) not in g.legal_actions()  # L9
    with pytest.raises(ForbiddenMove):
        g.apply(Action(1, Act.DISCARD, Card.V9))


def test_R7_5_u_lao_is_refused_outside_real_mode() -> None:
    for mode in (Mode.STRICT, Mode.TEACHING):
        g = game(["8s", ""], mode=mode)
        play(g, "0 discard 8s")
        with pytest.raises(IllegalAction):
            g.apply(Action(1, Act.WIN))
        assert not g.is_over


# ------------------------------------------------------------------ teaching


def test_R7_5_teaching_explains_each_fault_in_both_languages() -> None:
    g = declined_9v(Mode.TEACHING, "9n")
    assert {e.rule for e in g.explain(Action(1, Act.EAT, Card.V9))} == {"L1", "L7"}
    for e in g.explain(Action(1, Act.EAT, Card.V9)):
        assert any(ch in e.vi for ch in "ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ")
        assert "you" in e.en.lower()
        assert e.vi != e.en
    assert g.explain(Action(1, Act.PASS)) == ()


def test_R7_5_teaching_seed_examples_name_their_rule() -> None:
    cases = {"9v": ("9v", {"L6"}), "9n": ("9v", {"L1", "L7"}), "9s": ("9n", {"L3", "L8"})}
    for drawn, (with_, rules) in cases.items():
        g = declined_9v(Mode.TEACHING, drawn)
        assert {e.rule for e in g.explain(Action(1, Act.EAT, Card.parse(with_)))} == rules
    g = game(["9v", "9v 9n 8v"], "8v", mode=Mode.TEACHING)
    play(g, "0 discard 9v", "1 draw", "1 eat 8v")
    assert [e.rule for e in g.explain(Action(1, Act.DISCARD, Card.V9))] == ["L9"]


def test_R7_5_teaching_warns_but_lets_the_move_be_made_and_judged() -> None:
    g = declined_9v(Mode.TEACHING)
    assert Action(1, Act.EAT, Card.V9) in g.legal_actions()
    play(g, "1 eat 9v")
    assert [(v.rule, v.event) for v in g.violations] == [("L6", 2)]
    assert g.bao[1]


def test_R7_5_teaching_explains_letting_a_win_or_a_chiu_pass() -> None:
    rong = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"
    g = game(["8s", rong], "9n", mode=Mode.TEACHING)
    play(g, "0 discard 8s", "1 draw")
    assert [e.rule for e in g.explain(Action(1, Act.DECLINE))] == ["bo_u"]
    g = game(["9v", "9v 9v 9v"], mode=Mode.TEACHING)
    play(g, "0 discard 9v")
    assert [e.rule for e in g.explain(Action(1, Act.DECLINE))] == ["missed_chiu"]
    assert {e.rule for e in g.explain(Action(1, Act.EAT, Card.V9))} == {"L2", "missed_chiu"}


def test_R7_5_teaching_explains_letting_thien_u_pass() -> None:
    cai = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s"
    g = game([cai, ""], mode=Mode.TEACHING)
    assert [e.rule for e in g.explain(Action(0, Act.DISCARD, Card.V8))] == ["bo_u"]
    assert g.explain(Action(0, Act.WIN)) == ()


# ------------------------------------------------------------------ real


def test_R7_5_real_applies_and_judges() -> None:
    g = declined_9v(Mode.REAL)
    play(g, "1 eat 9v")
    assert [(v.rule, v.seat, v.card, v.event, v.cause_event) for v in g.violations] == [
        ("L6", 1, Card.V9, 2, 1)]


def test_R7_5_real_accepts_u_lao_while_a_claim_window_is_open() -> None:
    g = game(["8s", "", "", ""], "9n")
    play(g, "0 discard 8s", "1 draw")
    assert g.window_open
    play(g, "3 win")  # not a claimant, no winning hand
    assert g.outcome is not None and g.outcome.kind is EndKind.U_LAO
    assert g.outcome.winner == 3
    assert g.settlement is not None and g.settlement.payout is Payout.U_LAO
    assert g.settlement.transfers == (12.0, 12.0, 12.0, -36.0)
    assert g.is_over


def test_R7_5_real_u_lao_in_a_claim_phase() -> None:
    g = game(["9v", "9v 9v 9v", "", ""])
    play(g, "0 discard 9v")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "2 win")
    assert g.settlement is not None and g.settlement.payout is Payout.U_LAO
    assert g.settlement.transfers == (12.0, 12.0, -36.0, 12.0)


def test_R7_5_real_no_u_without_an_open_window() -> None:
    g = game(["9v", "9v"])
    play(g, "0 discard 9v", "1 eat 9v")
    assert g.phase is Phase.DISCARD
    with pytest.raises(IllegalAction):
        g.apply(Action(1, Act.WIN))


def test_R7_5_real_u_lao_on_the_opening() -> None:
    g = game(["", ""])
    play(g, "0 win")  # thiên ù láo
    assert g.settlement is not None and g.settlement.payout is Payout.U_LAO
    assert g.settlement.transfers == (-12.0, 12.0)


# ------------------------------------------------------------------ strict = real minus faults


def _random_strict_game(seed: int, players: int) -> None:
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, players, rng.randrange(players))
    strict = Game(deal, mode=Mode.STRICT)
    real = Game(deal, mode=Mode.REAL)
    while not strict.is_over:
        moves = real.legal_actions()
        clean = [m for m in moves if not real.faults_of(m)]
        want = clean if clean and len(moves) > 1 else moves
        assert strict.legal_actions() == want
        for m in moves:
            if m not in want:
                with pytest.raises(ForbiddenMove):
                    strict.apply(m)
        action = rng.choice(want)
        strict.apply(action)
        real.apply(action)
    assert strict.violations == real.violations


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_R7_5_strict_legal_actions_are_the_real_ones_without_faults(seed: int,
                                                                     players: int) -> None:
    _random_strict_game(seed, players)
