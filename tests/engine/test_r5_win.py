"""R5: winning hands, what may be won on, chi chi, chíu ù, waits and their shapes, ù láo."""

from __future__ import annotations

import pytest
from positions import (
    BACH_THU_9S,
    BACH_THU_CHI,
    CHIU_U_5S,
    RONG_5V,
    RONG_CC,
    THIEN_U,
    cards,
    make_game,
    play,
)

from engine.actions import Act
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.hand import WaitShape, find_waits, wait_shape, wins_with
from engine.errors import IllegalAction
from engine.events import Claim, EndKind
from engine.game import Mode, Phase


def wins(hand: str, w: str, mat_chan: int = 0) -> bool:
    return wins_with(cards(hand), mat_chan, Card.parse(w))


def waits_of(hand: str, mat_chan: int = 0) -> list[str]:
    cs = cards(hand)
    return [str(Card(k)) for k in H.waits(H.pack(cs), len(cs), mat_chan)]


def shape(hand: str, mat_chan: int = 0) -> WaitShape | None:
    cs = cards(hand)
    return wait_shape(H.pack(cs), len(cs), mat_chan)


# ---------------------------------------------------------------- R5.1 winning hands


def test_R5_1_ten_pairs_with_six_chan() -> None:
    assert wins(RONG_5V, "5v")  # 7 chắn + 3 cạ
    assert wins(RONG_5V, "5n")  # 6 chắn + 4 cạ
    assert wins(BACH_THU_9S, "9s")  # 6 chắn + 4 cạ


def test_R5_1_five_chan_is_not_enough() -> None:
    assert not wins(BACH_THU_9S, "9v")  # 5 chắn + 5 cạ
    assert not wins(BACH_THU_9S, "9n")


def test_R5_1_nothing_may_be_left_over() -> None:
    # 6 chắn + ba đầu 9v 9n 9s + cạ 8n 8s + què 6n, 7s: W pairs one què, the rest stays
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 2n 2n 3n 3n 9v 9n 9s 8n 8s 6n 7s"
    assert len(cards(hand)) == 19
    assert not wins(hand, "6n")
    assert not wins(hand, "7s")
    assert not wins(hand, "9v")
    assert waits_of(hand) == []


def test_R5_1_card_that_pairs_nothing_does_not_win() -> None:
    assert not wins(RONG_5V, "cc")
    assert not wins(RONG_5V, "9v")


@pytest.mark.parametrize("mat_chan, expected", [(0, False), (1, True), (2, True)])
def test_R5_1_mat_melds_count_as_they_lie(mat_chan: int, expected: bool) -> None:
    # 17 hand cards (a meld of 2 on the mat): 4 chắn + 4 cạ + què 9s; W = 9s gives 5 in hand
    hand = "2v 2v 3v 3v 4v 4v 6v 6v 2n 2s 3n 3s 4n 4s 8n 8s 9s"
    assert len(cards(hand)) == 17
    assert wins(hand, "9s", mat_chan) is expected  # a cạ meld is 0 chắn, a chắn meld 1


def test_R5_1_chiu_meld_counts_two_chan() -> None:
    # 15 hand cards + a chíu (4 cards) on the mat: 3 chắn + 4 cạ + què 7s in hand
    hand = "2v 2v 3v 3v 4v 4v 2n 2s 3n 3s 4n 4s 6n 6s 7s"
    assert wins(hand, "7s", mat_chan=2)
    assert not wins(hand, "7s", mat_chan=0)
    assert waits_of(hand, mat_chan=2) == ["7s"]


def test_R5_1_win_after_a_chiu_in_play() -> None:
    seat2 = "9v 9v 9v 2v 2v 3v 3v 4v 4v 2n 2s 3n 3s 4n 4s 6n 6s 7s cc"
    game = make_game(["5n", "", seat2, ""], "9v 7s")
    play(game, "0 discard 5n", "1 draw 9v", "2 chiu", "2 return cc", "1 pass")
    assert game.mat_chan[2] == 2 and game.hand_n[2] == 15
    assert game.waits(2) == (Card.S7,)
    game.draw(2)
    assert game.pending_claims() == (Claim(2, Act.WIN),)
    game.win(2)
    assert game.outcome is not None and game.outcome.winner == 2
    assert game.outcome.card is Card.S7 and not game.outcome.chiu_u


def test_R5_1_is_winning_dealt_needs_20_cards_in_pairs() -> None:
    assert H.is_winning_dealt(H.pack(cards(THIEN_U)), 20)
    not_winning = THIEN_U.replace("9v 9n", "9v 8s")
    assert not H.is_winning_dealt(H.pack(cards(not_winning)), 20)


# ---------------------------------------------------------------- R5.2 what may be won on


def test_R5_2_win_on_a_card_drawn_by_another_player() -> None:
    game = make_game(["cc", "", "", RONG_5V], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    assert game.pending_claims() == (Claim(3, Act.WIN),)
    game.win(3)
    assert game.phase is Phase.CALL
    assert game.outcome is not None and game.outcome.kind is EndKind.WIN
    assert game.outcome.winner == 3 and game.outcome.card is Card.S5


def test_R5_2_win_on_ones_own_draw() -> None:
    game = make_game(["cc", RONG_5V, "", ""], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    assert game.pending_claims() == (Claim(1, Act.WIN),)
    game.win(1)
    assert game.outcome is not None and game.outcome.winner == 1


def test_R5_2_no_win_on_a_discarded_card() -> None:
    game = make_game(["5s", "", "", RONG_5V], mode=Mode.STRICT)
    game.discard(0, Card.S5)
    assert game.pending_claims() == ()
    with pytest.raises(IllegalAction):
        game.win(3)


def test_R5_2_no_win_on_a_returned_card_without_three() -> None:
    game = make_game(["9v", "", "9v 9v 9v 5s", RONG_5V], mode=Mode.STRICT)
    play(game, "0 discard 9v", "2 chiu", "2 return 5s")
    assert game.pending_claims() == ()
    assert not game.can_win(3)


def test_R5_2_thien_u() -> None:
    game = make_game(["", "", THIEN_U, ""], cai=2)
    assert "2 win" in [str(a) for a in game.legal_actions()]
    game.win(2)
    assert game.outcome is not None and game.outcome.thien_u and game.outcome.card is None


def test_R5_2_no_thien_u_for_a_hand_that_does_not_win() -> None:
    game = make_game(["", "", "", ""], mode=Mode.STRICT)
    assert all(a.act is Act.DISCARD for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="not a winning hand"):
        game.win(0)


# ---------------------------------------------------------------- R5.3 chi chi


def test_R5_3_bach_thu_chi_wins_on_cc() -> None:
    assert wins(BACH_THU_CHI, "cc")
    assert waits_of(BACH_THU_CHI) == ["cc"]
    game = make_game(["5n", "", BACH_THU_CHI, ""], "cc")
    play(game, "0 discard 5n", "1 draw cc")
    assert game.pending_claims() == (Claim(2, Act.WIN),)


def test_R5_3_six_chan_with_a_cc_que_may_not_win_on_cc() -> None:
    assert not wins(RONG_CC, "cc")
    assert waits_of(RONG_CC) == []
    game = make_game(["5n", "", RONG_CC, ""], "cc", mode=Mode.STRICT)
    play(game, "0 discard 5n", "1 draw cc")
    assert game.pending_claims() == ()
    assert not game.can_win(2)


def test_R5_3_chiu_u_on_cc_only_as_bach_thu_chi() -> None:
    # three cc: 1 chắn cc + què cc, plus 4 chắn + 4 cạ -> 5 chắn before W: bạch thủ chi
    hand = "cc cc cc 2v 2v 3v 3v 4v 4v 6v 6v 2n 2s 3n 3s 4n 4s 7n 7s"
    assert wins(hand, "cc")
    # one more chắn before W (and one cạ less): 6 chắn + cc què -> may not win on cc
    hand7 = "cc cc cc 2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 8n 8s"
    assert not wins(hand7, "cc")


def test_R5_3_thien_u_has_no_cc_restriction() -> None:
    dealt = "cc cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s"
    assert H.is_winning_dealt(H.pack(cards(dealt)), 20)


# ---------------------------------------------------------------- R5.4 chíu ù


def test_R5_4_chiu_u_on_a_discarded_card() -> None:
    game = make_game(["5s", "", CHIU_U_5S, ""])
    game.discard(0, Card.S5)
    assert game.pending_claims()[0] == Claim(2, Act.WIN)
    game.win(2)
    assert game.outcome is not None and game.outcome.chiu_u and game.outcome.card is Card.S5


def test_R5_4_chiu_u_on_a_card_drawn_by_another() -> None:
    game = make_game(["cc", "", CHIU_U_5S, ""], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    assert game.pending_claims() == (Claim(2, Act.WIN),)  # R4.7: no second, plain chíu
    game.win(2)
    assert game.outcome is not None and game.outcome.chiu_u


def test_R5_4_chiu_u_on_ones_own_draw() -> None:
    game = make_game(["cc", CHIU_U_5S, "", ""], "5s")
    play(game, "0 discard cc", "1 draw 5s", "1 win")
    assert game.outcome is not None and game.outcome.chiu_u and game.outcome.winner == 1


def test_R5_4_chiu_u_on_a_returned_card() -> None:
    game = make_game(["9v", "", CHIU_U_5S, "9v 9v 9v 5s"])
    play(game, "0 discard 9v", "3 chiu", "3 return 5s")
    assert game.pending_claims()[0] == Claim(2, Act.WIN)
    game.win(2)
    assert game.outcome is not None and game.outcome.chiu_u and game.outcome.card is Card.S5


# ---------------------------------------------------------------- R5.5 waits and shapes


def test_R5_5_u_rong() -> None:
    assert shape(RONG_5V) is WaitShape.RONG
    assert waits_of(RONG_5V) == ["5v", "5n", "5s"]


def test_R5_5_u_rong_skips_a_kind_held_four_times_elsewhere_in_the_hand() -> None:
    # 6 chắn incl. two chắn of 5n (four 5n) + 3 cạ + què 5v: 5n cannot be a fifth copy
    hand = "2v 2v 3v 3v 4v 4v 6v 6v 5n 5n 5n 5n 2n 2s 3n 3s 4n 4s 5v"
    assert shape(hand) is WaitShape.RONG
    assert waits_of(hand) == ["5v", "5s"]


def test_R5_5_bach_thu() -> None:
    assert shape(BACH_THU_9S) is WaitShape.BACH_THU
    assert waits_of(BACH_THU_9S) == ["9s"]


def test_R5_5_ba_dau_wait() -> None:
    hand = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 9v 9n 9s"
    assert shape(hand) is WaitShape.BA_DAU
    assert waits_of(hand) == ["9v", "9n", "9s"]
    for w in ("9v", "9n", "9s"):
        assert wins(hand, w)


def test_R5_5_not_waiting() -> None:
    assert shape(RONG_CC) is None
    hand = "2v 2v 3v 3v 4v 4v 6v 6v 2n 2s 3n 3s 4n 4s 8n 8s 9s 7v 7n"  # 4 chắn
    assert shape(hand) is None and waits_of(hand) == []


def test_R5_5_shape_names() -> None:
    assert WaitShape.RONG.name_vi == "ù rộng"
    assert WaitShape.BACH_THU.name_vi == "bạch thủ"


def test_R5_5_find_waits_live_counts() -> None:
    seen = cards("5n 5n 5s 9v")
    found = find_waits(cards(RONG_5V), 0, seen)
    assert [(str(w.card), w.live) for w in found] == [("5v", 3), ("5n", 2), ("5s", 3)]
    assert find_waits(cards(BACH_THU_9S)) == (H.Wait(Card.S9, 3),)
    assert find_waits(cards(BACH_THU_9S), 0, cards("9s 9s 9s")) == (H.Wait(Card.S9, 0),)


def test_R5_5_game_waits_use_the_mat() -> None:
    game = make_game(["9v", "9v 9v 9v 2v 2v 3v 3v 4v 4v 2n 2s 3n 3s 4n 4s 6n 6s 7s cc", "",
                      ""])
    game.discard(0, Card.V9)
    game.chiu(1)
    game.return_(1, Card.CC)
    assert game.waits(1) == (Card.S7,)


# ---------------------------------------------------------------- R5.6 ù xuông


def test_R5_6_allow_xuong_is_a_lang_option() -> None:
    # What allow_xuong=False does to a win needs the cước (R6): tested with the judging.
    from engine.chan.rules import LangRules

    assert LangRules().allow_xuong is True
    assert LangRules(allow_xuong=False).allow_xuong is False


# ---------------------------------------------------------------- R5.7 ù láo


def test_R5_7_u_lao_in_real_mode_ends_the_game() -> None:
    game = make_game(["cc", "", "", ""], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    game.win(3)  # seat 3 has no winning hand
    assert game.is_over
    assert game.outcome is not None and game.outcome.kind is EndKind.U_LAO
    assert game.outcome.winner == 3


def test_R5_7_u_lao_at_the_opening_in_real_mode() -> None:
    game = make_game(["", "", "", ""])
    game.win(0)
    assert game.outcome is not None and game.outcome.kind is EndKind.U_LAO


@pytest.mark.parametrize("mode", [Mode.STRICT, Mode.TEACHING])
def test_R5_7_u_lao_is_refused_outside_real_mode(mode: Mode) -> None:
    game = make_game(["cc", "", "", ""], "5s", mode=mode)
    play(game, "0 discard cc", "1 draw 5s")
    assert not game.can_win(3)
    with pytest.raises(IllegalAction, match="does not win"):
        game.win(3)


def test_R5_7_u_lao_is_never_a_legal_action() -> None:
    game = make_game(["cc", "", "", ""], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    assert all(a.act is not Act.WIN for a in game.legal_actions())
