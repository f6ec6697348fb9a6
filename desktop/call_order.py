"""The canonical order of a call (RULES R8.5) as the learner sees it: the 25 cước in order and
the title of each group — shared by the Học reference and the xướng dialog.
"""

from __future__ import annotations

from desktop.i18n import translate
from engine.chan import CUOC_IDS, ORDER_GROUP, canonical

ORDER: tuple[str, ...] = tuple(cid for cid, _ in canonical((cid, 1) for cid in CUOC_IDS))
GROUPS: tuple[int, ...] = tuple(sorted(set(ORDER_GROUP.values())))


def group_of(cid: str) -> int:
    """The group of a cước in the order of a call (0: xuông, alone)."""
    return ORDER_GROUP[cid]


def order_title(group: int) -> str:
    """The title of a group of R8.5."""
    return {
        0: translate("Order", "Xuông: chỉ khi không có cước nào khác"),
        1: translate("Order", "1. Thông"),
        2: translate("Order", "2. Chì"),
        3: translate("Order", "3. Cách ù, nói liền một chữ ù"),
        4: translate("Order", "4. Bạch thủ và các cước ảnh"),
        5: translate("Order", "5. Thập thành, phá thiên"),
        6: translate("Order", "6. Kính tứ chi, tám đỏ, bạch định"),
        7: translate("Order", "7. Lèo, tôm"),
        8: translate("Order", "8. Các cước “có”"),
    }[group]
