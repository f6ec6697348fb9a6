"""The ids of the 25 cước (FORMATS.md; RULES R6 C1–C25 in this order)."""

from __future__ import annotations

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
