"""R7 lỗi L0–L17 on hand-made positions, including the seeds' worked examples.

Every position is a 2-player table unless said otherwise: seat 0 holds the cái (20 cards) and
acts first; the judged seat is seat 1. Each test states the complete set of (event, seat, rule)
the game must report, so an extra or a missing lỗi fails the test.
"""

from __future__ import annotations

import pytest
from judging_positions import game, play

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.game import ChanGame as Game
from engine.chan.rulebook import REGISTRY
from engine.chan.violations import eat_faults_a
from engine.errors import BaoRestricted
from engine.game import Phase
from engine.registry import Explanation


def triples(g: Game) -> set[tuple[int, int, str]]:
    return {(v.event, v.seat, v.rule) for v in g.violations}


def cause(g: Game, rule: str) -> int | None:
    (v,) = [v for v in g.violations if v.rule == rule]
    return v.cause_event


# ------------------------------------------------------------------ L0 trái vỉ


def test_L0_is_only_named_in_explanations() -> None:
    e = REGISTRY.explanation("L0")
    assert isinstance(e, Explanation)
    assert e.rule == "L0"
    assert REGISTRY.name(e.rule).vi == "Trái vỉ"
    assert "cạ" in e.vi and e.en


def test_L0_cannot_happen_a_ca_meld_lies_with_the_eaten_card_underneath() -> None:
    g = game(["9v", "9n"])
    play(g, "0 discard 9v", "1 eat 9n")
    (meld,) = g.mats[1]
    assert meld.taken == Card.V9 and meld.cards == (Card.V9, Card.N9)  # X underneath, Y on top
    assert triples(g) == set()
    assert all(v.rule != "L0" for v in g.violations)


# ------------------------------------------------------------------ A: the hand (L1–L5)


def test_L1_treo_tranh_eat_as_ca_while_holding_identical() -> None:
    g = game(["9v", "9v 9n"])
    play(g, "0 discard 9v", "1 eat 9n")
    assert triples(g) == {(1, 1, "L1")}  # 9n is in a cạ, but an L1 eat is not also L3
    assert not g.bao[1]  # group A does not make báo (R7.3)


def test_L1_excludes_L5() -> None:
    g = game(["9v", "9v 9n 9n"])
    play(g, "0 discard 9v", "1 eat 9n")
    assert triples(g) == {(1, 1, "L1")}


def test_L2_eat_while_holding_three_identical() -> None:
    g = game(["9v", "9v 9v 9v"])
    play(g, "0 discard 9v")
    assert g.phase is Phase.CLAIM and g.actor == 1  # the chíu is offered first
    play(g, "1 eat 9v")  # implicitly lets the chíu pass
    assert triples(g) == {(1, 1, "L2")}


def test_L2_needs_exactly_three_identical_and_a_card_to_return() -> None:
    """The boundaries of L2 (a mutation run found them unpinned): two identical in hand is no
    chíu, so eating is clean; three is L2 — unless the three are the whole hand, when a chíu
    would leave no card for trả cửa (R4.6)."""
    nine = Card.V9
    two = H.pack([nine, nine, Card.V5, Card.N6])
    assert "L2" not in eat_faults_a(two, 4, 0, nine, nine)
    three = H.pack([nine, nine, nine, Card.V5])
    assert "L2" in eat_faults_a(three, 4, 0, nine, nine)
    assert "L2" not in eat_faults_a(H.pack([nine, nine, nine]), 3, 0, nine, nine)
    g = game(["9v", "9v 9v"])
    play(g, "0 discard 9v", "1 eat 9v")
    assert triples(g) == set()


def test_L2_with_a_ca_is_also_L1() -> None:
    g = game(["9v", "9v 9v 9v 9n"])
    play(g, "0 discard 9v", "1 eat 9n")
    assert triples(g) == {(1, 1, "L1"), (1, 1, "L2")}


def test_L2_on_own_draw() -> None:
    g = game(["8v", "9v 9v 9v"], "9v")
    play(g, "0 discard 8v", "1 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1  # a drawer may chíu its own draw
    play(g, "1 eat 9v")
    assert triples(g) == {(2, 1, "L2")}


def test_L3_eat_with_a_card_of_a_ca() -> None:
    g = game(["9s", "9v 9n"])
    play(g, "0 discard 9s", "1 eat 9v")
    assert triples(g) == {(1, 1, "L3")}
    assert not g.bao[1]


def test_L3_seed_note_a_que_beside_a_chan_may_eat() -> None:
    # "1×9v with 2×9n — 9v is a què, may eat 9s"
    g = game(["9s", "9v 9n 9n"])
    play(g, "0 discard 9s", "1 eat 9v")
    assert triples(g) == set()


def test_L5_eat_ca_with_a_card_of_a_chan() -> None:
    g = game(["9n", "9v 9v"])
    play(g, "0 discard 9n", "1 eat 9v")
    assert triples(g) == {(1, 1, "L5")}


def test_L5_seed_note_the_chan_card_beside_a_que() -> None:
    g = game(["9s", "9v 9n 9n"])
    play(g, "0 discard 9s", "1 eat 9n")
    assert triples(g) == {(1, 1, "L5")}


# Waiting hands for L4 (19 cards each).
RONG = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v"  # 6 chắn 3 cạ, què 9v
BACH_THU = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2n 2s 3n 3s 4n 4s 5n 5s 9v"  # 5 chắn 4 cạ, què 9v
BA_DAU = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2n 2s 3n 3s 4n 4s 9v 9n 9s"  # 5 chắn 3 cạ, ba đầu 9


@pytest.mark.parametrize("hand", [RONG, BACH_THU], ids=["u_rong", "bach_thu"])
def test_L4_eat_ca_with_the_waiting_que(hand: str) -> None:
    g = game(["9n", hand])
    assert g.waits(1)
    play(g, "0 discard 9n", "1 eat 9v")
    assert triples(g) == {(1, 1, "L4")}


def test_L4_ba_dau_wait_is_L1_not_L4() -> None:
    g = game(["9n", BA_DAU])
    play(g, "0 discard 9n", "1 eat 9v")
    assert triples(g) == {(1, 1, "L1")}


def test_L4_ba_dau_wait_on_own_draw_is_L1_and_bo_u() -> None:
    # Seeds: "nếu Cửu Văn là quân bốc từ nọc ra thì là phạm lỗi bỏ ù".
    g = game(["8v", BA_DAU], "9n")
    play(g, "0 discard 8v", "1 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    assert g.legal_actions() == [Action(1, Act.WIN), Action(1, Act.DECLINE)]
    play(g, "1 eat 9v")
    assert triples(g) == {(2, 1, "L1")}
    assert g.hist[1].bo_u == [1]


def test_L4_is_not_excluded_by_L1() -> None:
    # 6 chắn 3 cạ and què 9v, with a chắn 9n: eating 9n with 9v is treo tranh and also moves the
    # wait; RULES R7 lets an L1 eat drop only L3 and L5.
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 9n 9n 2n 2s 3n 3s 4n 4s 9v"
    g = game(["9n", hand])
    play(g, "0 discard 9n", "1 eat 9v")
    assert triples(g) == {(1, 1, "L1"), (1, 1, "L4")}


# ------------------------------------------------------------------ B: declined cards (L6–L9)
# Seeds: after declining 9v while holding 9v and 9n —
# eat 9v with 9v → L6; eat 9n with 9v → L7; eat 9s with 9n → L8; discard 9v → L9.


def test_L6_seed_example_eat_9v_with_9v() -> None:
    g = game(["9v", "9v 9n"], "9v")
    play(g, "0 discard 9v", "1 draw", "1 eat 9v")
    assert triples(g) == {(2, 1, "L6")}
    assert cause(g, "L6") == 1  # the draw by which seat 1 declined 9v
    assert g.bao[1]


def test_L7_seed_example_eat_9n_with_9v() -> None:
    g = game(["9v", "9v 9n"], "9n")
    play(g, "0 discard 9v", "1 draw", "1 eat 9v")
    # Holding 9n too, eating 9n as a cạ is also treo tranh (L1).
    assert triples(g) == {(2, 1, "L7"), (2, 1, "L1")}
    assert cause(g, "L7") == 1


def test_L8_seed_example_eat_9s_with_9n() -> None:
    g = game(["9v", "9v 9n"], "9s")
    play(g, "0 discard 9v", "1 draw", "1 eat 9n")
    # 9n is in the cạ 9v 9n of the hand: also ăn chọn cạ (L3).
    assert triples(g) == {(2, 1, "L8"), (2, 1, "L3")}
    assert cause(g, "L8") == 1


def test_L9_seed_example_discard_9v() -> None:
    g = game(["9v", "9v 9n 8v"], "8v")
    play(g, "0 discard 9v", "1 draw", "1 eat 8v", "1 discard 9v")
    assert triples(g) == {(3, 1, "L9")}
    assert cause(g, "L9") == 1
    assert g.bao[1]


def test_L7_alone() -> None:
    g = game(["9v", "9v"], "9n")
    play(g, "0 discard 9v", "1 draw", "1 eat 9v")
    assert triples(g) == {(2, 1, "L7")}


def test_L8_alone() -> None:
    g = game(["9v", "9n"], "9s")
    play(g, "0 discard 9v", "1 draw", "1 eat 9n")
    assert triples(g) == {(2, 1, "L8")}
    assert cause(g, "L8") == 1


def test_L8_bo_ca_an_chan_is_allowed() -> None:
    g = game(["9v", "9n"], "9n")
    play(g, "0 discard 9v", "1 draw", "1 eat 9n")
    assert triples(g) == set()
    assert not g.bao[1]


def test_L6_cause_of_a_kind_declined_twice_is_the_first_decline() -> None:
    """A seat that lets 9v pass twice and then eats it: the cause_event is the first decline
    (FORMATS: the seat's own event by which it declined; the history keeps the first)."""
    g = game(["9v", "9v"], "2s 9v 9v")
    play(g, "0 discard 9v", "1 draw", "1 pass", "0 draw", "0 pass", "1 draw", "1 eat 9v")
    assert [(e, r) for e, s_, r in sorted(triples(g)) if s_ == 1] == [(6, "L6")]
    assert cause(g, "L6") == 1  # the first draw over 9v, not the second (event 5)
    assert g.hist[1].declined_chan[Card.V9] == 1


def test_L6_declined_by_saying_duoi_on_own_draw() -> None:
    g = game(["7v", "9v"], "9v 9v")
    play(g, "0 discard 7v", "1 draw", "1 pass", "0 draw", "0 pass", "1 eat 9v")
    assert triples(g) == {(5, 1, "L6")}
    assert cause(g, "L6") == 2  # the pass is the declining event


def test_R7_declined_needs_a_legal_eat() -> None:
    # With three 9v any eat of 9v is L2: letting 9v go is not "bỏ chắn", so discarding a 9v
    # later is not L9.
    g = game(["9v", "9v 9v 9v 8v"], "8v")
    play(g, "0 discard 9v", "1 draw", "1 eat 8v", "1 discard 9v")
    assert triples(g) == set()


def test_R7_bao_player_may_only_draw_and_pass() -> None:
    g = game(["9v", "9v 9n 8v 7n"], "8v 7v")
    play(g, "0 discard 9v", "1 draw", "1 eat 8v", "1 discard 9v")  # L9: báo
    assert g.bao[1]
    play(g, "0 draw", "0 pass")  # 7v would pair with seat 1's 7n
    assert g.phase is Phase.PLAY and g.actor == 1
    assert g.legal_actions() == [Action(1, Act.DRAW)]
    with pytest.raises(BaoRestricted):
        g.apply(Action(1, Act.EAT, Card.N7))


# ------------------------------------------------------------------ C: discarded (L10–L13)


def test_L10_eat_any_ca_after_discarding_a_ca() -> None:
    g = game(["2v", "2v 9v 9n 4n 3v"], "4n 3s")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 4n",
         "1 discard 9n", "0 draw", "0 pass", "1 eat 3v")
    assert triples(g) == {(9, 1, "L10")}
    assert g.bao[1]


def test_L16_seed_example_is_judged_as_L10() -> None:
    # Seeds' L16 example: discarded 3n and 3s, then ate 9s with 9v — by RULES (decision) L10.
    g = game(["2v", "2v 3n 3s 4n 9v"], "4n 9s")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 3n", "0 draw", "0 pass", "1 eat 4n",
         "1 discard 3s", "0 draw", "0 pass", "1 eat 9v")
    assert triples(g) == {(9, 1, "L10")}


def test_L11_seed_example_eat_ca_of_a_discarded_rank() -> None:
    # "Đã đánh cửu vạn, sau lại lấy cửu văn ăn cửu sách"
    g = game(["2v", "2v 9v 9n"], "9s")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 9n")
    assert triples(g) == {(5, 1, "L11")}
    assert cause(g, "L11") == 2


def test_L12_eat_a_kind_it_discarded() -> None:
    g = game(["2v", "2v 9v 9v"], "9v")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 9v")
    assert triples(g) == {(5, 1, "L12")}
    assert cause(g, "L12") == 2


def test_L12_with_a_ca_is_also_L11() -> None:
    g = game(["2v", "2v 9v 9n"], "9v")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 9n")
    assert triples(g) == {(5, 1, "L11"), (5, 1, "L12")}


def test_L12_eat_own_returned_card() -> None:
    # R4.6: a drawer that chíus its own draw decides on the returned card as on its own draw;
    # trả cửa is a discard, so eating that kind back is đánh rồi ăn.
    g = game(["7v", "9v 9v 9v 8n 8n"], "9v")
    play(g, "0 discard 7v", "1 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 chiu", "1 return 8n")
    assert g.phase is Phase.PLAY and g.actor == 1 and g.may_pass
    play(g, "1 eat 8n")
    assert triples(g) == {(4, 1, "L12")}
    assert cause(g, "L12") == 3


def test_L13_discard_a_kind_again() -> None:
    g = game(["2v", "2v 3v 9v 9v"], "3v")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 3v",
         "1 discard 9v")
    assert triples(g) == {(6, 1, "L13")}
    assert cause(g, "L13") == 2


def test_L13_tra_cua_counts_as_a_discard() -> None:
    g = game(["2v", "2v 9v 9v 5v 5v 5v"], "5v")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw")
    assert g.phase is Phase.CLAIM and g.actor == 1
    play(g, "1 chiu", "1 return 9v")
    assert triples(g) == {(5, 1, "L13")}
    assert cause(g, "L13") == 2


# ------------------------------------------------------------------ D: eaten (L14–L17)


def test_L14_discard_a_kind_it_ate() -> None:
    g = game(["9v", "9v 9v"])
    play(g, "0 discard 9v", "1 eat 9v", "1 discard 9v")
    assert triples(g) == {(2, 1, "L14")}
    assert cause(g, "L14") == 1


def test_L14_counts_the_eaten_card_not_the_hand_card() -> None:
    g = game(["9v", "9n 9n"])
    play(g, "0 discard 9v", "1 eat 9n", "1 discard 9n")
    assert triples(g) == {(1, 1, "L5"), (2, 1, "L17")}


def test_L15_eat_chan_of_a_rank_eaten_as_ca() -> None:
    g = game(["9n", "9v 9s 9s 8v"], "9s")
    play(g, "0 discard 9n", "1 eat 9v", "1 discard 8v", "0 draw", "0 pass", "1 eat 9s")
    assert triples(g) == {(5, 1, "L15")}
    assert cause(g, "L15") == 1


def test_L16_discard_second_card_of_a_ca_after_eating_a_ca() -> None:
    g = game(["3s", "3v 9v 9n 2v"], "2v")
    play(g, "0 discard 3s", "1 eat 3v", "1 discard 9v", "0 draw", "0 pass", "1 eat 2v",
         "1 discard 9n")
    assert triples(g) == {(6, 1, "L16")}


def test_L16_first_card_discarded_before_the_ca_was_eaten() -> None:
    g = game(["2v", "2v 9v 9n 3v"], "3s")
    play(g, "0 discard 2v", "1 eat 2v", "1 discard 9v", "0 draw", "0 pass", "1 eat 3v",
         "1 discard 9n")
    assert triples(g) == {(6, 1, "L16")}


def test_L17_seed_example_discard_same_rank_as_an_eaten_ca() -> None:
    # "Đã lấy Cửu Vạn, ăn Cửu Văn, sau lại đánh Cửu Sách đi"
    g = game(["9n", "9v 9s 9s"])
    play(g, "0 discard 9n", "1 eat 9v", "1 discard 9s")
    assert triples(g) == {(2, 1, "L17")}
    assert cause(g, "L17") == 1
    assert g.bao[1]


def test_R7_one_move_reports_every_rule_it_breaks() -> None:
    # Discarding 9n after eating the cạ 9v+9n: ăn rồi đánh (L14) and ăn cạ đánh con cùng hàng
    # (L17) at once.
    g = game(["9n", "9v 9n 9n"])
    play(g, "0 discard 9n", "1 eat 9v")
    assert triples(g) == {(1, 1, "L1")}
    play(g, "1 discard 9n")
    assert triples(g) == {(1, 1, "L1"), (2, 1, "L14"), (2, 1, "L17")}


# ------------------------------------------------------------------ explanations of each rule


@pytest.mark.parametrize("rule", [f"L{i}" for i in range(18)])
def test_every_L_rule_has_a_bilingual_explanation(rule: str) -> None:
    e = REGISTRY.explanation(rule, "9v")
    assert e.rule == rule
    assert e.vi and e.en and e.vi != e.en
