"""The ids of the 25 cước (FORMATS.md; RULES R6 C1–C25 in this order)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import BadAction

CUOC_IDS: tuple[str, ...] = (
    "xuong", "thong", "chi", "thien_u", "dia_u", "chiu", "chiu_u", "bon", "u_bon", "thien_khai",
    "thap_thanh", "bach_dinh", "tam_do", "leo", "tom", "bach_thu", "bach_thu_chi", "kinh_tu_chi",
    "hoa_roi_cua_phat", "dong_tu_hai_hoa", "ca_loi_san_dinh", "ca_nhay_dau_thuyen",
    "ngu_ong_bat_ca", "nha_lau_xe_hoi", "pha_thien",
)
RULE_ID: dict[str, str] = {cid: f"C{i + 1}" for i, cid in enumerate(CUOC_IDS)}


def parse_cuoc_id(text: str) -> str:
    """Accept an id (``leo``) or ``C1``…``C25``; raise BadAction otherwise."""
    if text in RULE_ID:
        return text
    if text[:1] in "cC" and text[1:].isdigit() and 1 <= int(text[1:]) <= len(CUOC_IDS):
        return CUOC_IDS[int(text[1:]) - 1]
    raise BadAction(f"unknown cước id '{text}' (use an id such as 'leo' or 'C14')")


# A winning hand holds 20 cards, so no cước occurs more than 20 times in it (the most any
# can really reach is 5): a larger count is not a call, wrong or right, but damaged input,
# and is refused before anything counts instances one by one (issue 13: a 6 KB file saying
# ["chi", 10**30] hung every command). A call names each of the 25 cước; a few repeats are
# allowed, a list of thousands is not.
MAX_COUNT = 20
MAX_ENTRIES = 50


def check_call(call: Iterable[tuple[str, int]]) -> None:
    """BadAction unless every count is a whole number 1..MAX_COUNT and the call has at most
    MAX_ENTRIES entries (a call beyond what a hand can hold)."""
    for entries, (cid, n) in enumerate(call, start=1):
        if entries > MAX_ENTRIES:
            raise BadAction(f"a call of more than {MAX_ENTRIES} cước entries is not a call",
                            vi=f"một lần xướng không thể có quá {MAX_ENTRIES} cước")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COUNT:
            shown = _shown(n)
            raise BadAction(f"{shown} × {cid}: a cước count is a whole number from 1 to "
                            f"{MAX_COUNT} (a hand holds 20 cards)",
                            vi=f"{shown} × {cid}: số lần của một cước phải là số nguyên từ 1 "
                               f"đến {MAX_COUNT} (một bộ bài trên tay chỉ có 20 quân)")


def _shown(n: object) -> str:
    """A count as a message shows it (never thousands of digits)."""
    if isinstance(n, int) and not isinstance(n, bool) and n.bit_length() > 64:
        return f"{'-' if n < 0 else ''}2^{n.bit_length() - 1}+"
    text = repr(n)
    return text if len(text) <= 24 else f"{text[:20]}…"
