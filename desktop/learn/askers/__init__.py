"""The drill player's questions, one kind of asker per drill kind (lessons/README.md)."""

from __future__ import annotations

from desktop.learn.askers.arrange import ArrangeAsker, CountChanAsker
from desktop.learn.askers.base import Asker
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.askers.loi import ClaimAsker, MoveAsker, TraiViAsker
from desktop.learn.askers.nhan_dien import EatAsker, WaitingAsker, WaitsAsker
from desktop.learn.askers.nuoc_hay import NuocHayAsker
from desktop.learn.askers.tom_cards import TomCoupletAsker, TomNameAsker, TomYeuRedAsker
from desktop.learn.askers.tom_cho import TomPileAsker, TomWaitNameAsker, TomWaitsAsker
from desktop.learn.askers.tom_cuoc import TomCallAsker, TomCuocAsker, TomScoreAsker
from desktop.learn.askers.tom_loi import TomCallFaultAsker, TomMoveAsker, TomVerdictAsker
from desktop.learn.askers.tom_phu import TomGroupAsker, TomTronAsker
from desktop.learn.askers.xuong import XuongAsker
from desktop.qt import QObject
from lessons.item import Item

ASKERS: dict[tuple[str, str], type[Asker]] = {
    ("boc_cai", "recipient"): BocCaiAsker,
    ("nhan_dien", "arrange"): ArrangeAsker,
    ("nhan_dien", "count_chan"): CountChanAsker,
    ("nhan_dien", "is_waiting"): WaitingAsker,
    ("nhan_dien", "waits"): WaitsAsker,
    ("nhan_dien", "eat_or_not"): EatAsker,
    ("xuong", "call"): XuongAsker,
    ("loi", "move"): MoveAsker,
    ("loi", "claim"): ClaimAsker,
    ("loi", "trai_vi"): TraiViAsker,
    ("nuoc_hay", "best_move"): NuocHayAsker,
    # Tổ tôm's seven families (issue 23)
    ("tom_quan", "name"): TomNameAsker,
    ("tom_quan", "yeu_red"): TomYeuRedAsker,
    ("tom_tho", "tho_card"): TomNameAsker,
    ("tom_tho", "card_tho"): TomCoupletAsker,
    ("tom_phu", "group"): TomGroupAsker,
    ("tom_phu", "tron"): TomTronAsker,
    ("tom_cho", "waits"): TomWaitsAsker,
    ("tom_cho", "wait_name"): TomWaitNameAsker,
    ("tom_cho_cai", "pile"): TomPileAsker,
    ("tom_cho_cai", "seat_pile"): TomPileAsker,
    ("tom_cuoc", "cuoc"): TomCuocAsker,
    ("tom_cuoc", "score"): TomScoreAsker,
    ("tom_cuoc", "order"): TomCallAsker,
    ("tom_cuoc", "call"): TomCallAsker,
    ("tom_loi", "move"): TomMoveAsker,
    ("tom_loi", "verdict"): TomVerdictAsker,
    ("tom_loi", "call"): TomCallFaultAsker,
}


def make_asker(item: Item, parent: QObject | None = None) -> Asker:
    """The asker of an item's family and kind (every chia_bai step has the same one)."""
    if item.family == "chia_bai":
        return ChiaBaiAsker(item, parent)
    return ASKERS[(item.family, item.kind)](item, parent)


__all__ = ["Asker", "make_asker"]
