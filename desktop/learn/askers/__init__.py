"""The drill player's questions, one kind of asker per drill kind (lessons/README.md)."""

from __future__ import annotations

from desktop.learn.askers.arrange import ArrangeAsker, CountChanAsker
from desktop.learn.askers.base import Asker
from desktop.learn.askers.boc_cai import BocCaiAsker
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.askers.loi import ClaimAsker, MoveAsker, TraiViAsker
from desktop.learn.askers.nhan_dien import EatAsker, WaitingAsker, WaitsAsker
from desktop.learn.askers.nuoc_hay import NuocHayAsker
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
}


def make_asker(item: Item, parent: QObject | None = None) -> Asker:
    """The asker of an item's family and kind (every chia_bai step has the same one)."""
    if item.family == "chia_bai":
        return ChiaBaiAsker(item, parent)
    return ASKERS[(item.family, item.kind)](item, parent)


__all__ = ["Asker", "make_asker"]
