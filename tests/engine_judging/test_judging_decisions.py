"""Decisions where RULES.md was silent or two rules met (named in the closing note)."""

from engine.chan.call import judge
from engine.chan.rules import LangRules
from engine.chan.settlement import Payout, settle_win


def test_R8_2_xuong_sai_is_paid_even_on_a_nghi_an_tien_win() -> None:
    # seeds: nghỉ ăn tiền stops the winner collecting; a wrong call is still "đền làng"
    verdict = judge((("chi", 1),), (("chi", 1), ("leo", 1)))
    s = settle_win(4, 0, verdict, ["L1"], False, (False, False, True, False), LangRules())
    assert s.payout is Payout.XUONG_SAI
    assert s.transfers == (-10.0, 5.0, 0.0, 5.0)  # the báo seat 2 is not paid (R8.2)


def test_R7_2_nghi_an_tien_with_a_correct_call_pays_nothing() -> None:
    verdict = judge((("chi", 1),), (("chi", 1),))
    s = settle_win(4, 0, verdict, ["L1"], False, (False,) * 4, LangRules())
    assert s.payout is Payout.NGHI_AN_TIEN and s.transfers == (0.0,) * 4


def test_R6_1_calling_only_chi_on_a_picture_win_is_correct_but_under_called() -> None:
    true = (("hoa_roi_cua_phat", 1),)
    v = judge(true, (("chi", 1),))
    assert not v.sai and v.bach_thu_not_called is None
    assert v.missing == (("hoa_roi_cua_phat", 1),)


def test_R8_4_a_picture_win_called_without_chi_bach_thu_or_picture_is_den_lang() -> None:
    v = judge((("hoa_roi_cua_phat", 1), ("leo", 1)), (("leo", 1),))
    assert v.sai and v.bach_thu_not_called is not None
    assert v.penalty == 4  # the uncalled bạch thủ


def test_R8_4_a_wrong_picture_still_counts_as_calling_bach_thu() -> None:
    v = judge((("dong_tu_hai_hoa", 1),), (("hoa_roi_cua_phat", 1),))
    assert v.bach_thu_not_called is None
    assert [f.cuoc for f in v.wrong] == ["hoa_roi_cua_phat"]
