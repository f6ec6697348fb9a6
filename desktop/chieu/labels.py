"""The words the chiếu draws, in Vietnamese and English (user-facing text: full diacritics)."""

from __future__ import annotations

from typing import Literal

Lang = Literal["vi", "en"]

_WORDS: dict[str, tuple[str, str]] = {
    "chan": ("chắn", "chắn (pairs)"),
    "ca": ("cạ", "cạ (same rank)"),
    "ba_dau": ("ba đầu", "ba đầu (3 suits)"),
    "que": ("què", "què (lone)"),
    "hand": ("Bài trên tay", "Your hand"),
    "noc": ("Nọc", "Stock"),
    "cai": ("Quân cái", "Quân cái"),
    "cai_in_hand": ("còn trên tay", "still in hand"),
    "cua": ("Cửa", "Cửa"),
    "live": ("quân sống", "live card"),
    "final": ("chỉ được ù", "win only"),
    "turn": ("Lượt", "Turn"),
    "bao": ("Báo", "Báo"),
    "cards": ("quân", "cards"),
    "session": ("Hội", "Session"),
    "game": ("ván", "game"),
    "points": ("điểm", "pts"),
    "you": ("Bạn", "You"),
    "seat": ("Ghế", "Seat"),
    "mat": ("Chiếu", "Mat"),
    "empty": ("trống", "empty"),
    "draw_game": ("Hòa — không ai ù", "Drawn — nobody won"),
    "thien_u": ("thiên ù", "thiên ù"),
    "chiu_u": ("chíu ù", "chíu ù"),
    "u_lao": ("ù láo", "ù láo (false win)"),
    "won_on": ("ù", "won on"),  # past tense: right after "You" and after "Seat 2"
    # what the actor is deciding, by phase (engine.game.Phase values)
    "phase_opening": ("đánh quân đầu tiên", "first discard"),
    "phase_claim": ("xét ù / chíu", "may ù or chíu"),
    "phase_play": ("ăn hoặc bốc", "eat or draw"),
    "phase_play_own": ("ăn hoặc dưới", "eat or pass"),
    "phase_discard": ("đánh một quân", "discards"),
    "phase_return": ("trả cửa", "trả cửa (return)"),
    "phase_call": ("xướng cước", "calls the cước"),
    "phase_over": ("hết ván", "game over"),
    # prompt buttons (engine.actions.Act values, plus a few screen buttons)
    "btn_eat": ("Ăn", "Eat"),
    "btn_draw": ("Bốc", "Draw"),
    "btn_pass": ("Dưới", "Pass"),
    "btn_chiu": ("Chíu", "Chíu"),
    "btn_win": ("Ù", "Ù · win"),
    "btn_discard": ("Đánh", "Discard"),
    "btn_return": ("Trả cửa", "Return"),
    "btn_decline": ("Bỏ qua", "Let it go"),
    "btn_hint": ("Gợi ý", "Hint"),
    # Tổ tôm (TOTOM.md): the hand's sections, the melds as they lie, the hội, the cho cái
    "sec_v": ("vạn", "vạn"),
    "sec_n": ("văn", "văn"),
    "sec_s": ("sách", "sách"),
    "sec_yeu": ("yêu đỏ", "yêu đỏ (red)"),
    "lay_doc": ("phu dọc", "run"),
    "lay_bi": ("phu bí", "phu bí"),
    "lay_sp": ("phu đặc biệt", "special phu"),
    "lay_up": ("khàn úp", "face down"),
    "up_badge": ("úp", "úp"),
    "lay_khan": ("khàn", "khàn"),
    "lay_thien_khai": ("thiên khai", "thiên khai"),
    "lay_phong": ("phỗng", "phỗng"),
    "lay_yeu": ("yêu", "yêu"),
    "sp_SP1": ("tôm", "tôm"),
    "sp_SP2": ("lèo", "lèo"),
    "on_mat": ("dưới chiếu", "on the mat"),
    "cai_badge": ("cái", "cái"),
    "pool": ("Góp còn", "Pool"),
    "open_hoi": ("chơi tự do", "open play"),
    "debt": ("chèo đò", "owes"),
    "noc_stop": ("hết ở", "ends at"),
    "cho_cai": ("Cho cái", "Cho cái"),
    "pile": ("phần", "pile"),
    "cho_cai_piles": ("Chia {piles} phần, mỗi phần {size} quân.",
                      "{piles} piles of {size} cards."),
    "cho_cai_noc": ("Một phần làm nọc.", "One pile is the nọc."),
    "cho_cai_a": ("Quân A ({a}) lật ngửa ở khe.", "Card A ({a}) lies face up in a gap."),
    "cho_cai_b": ("Lật quân B: {b}.", "Card B turned up: {b}."),
    "cho_cai_count": ("A + B = {va} + {vb} = {n}: đếm {r} từ khe, phần thứ {r} là của cái "
                      "({name}).",
                      "A + B = {va} + {vb} = {n}: count {r} from the gap; pile {r} is the "
                      "cái's ({name})."),
    "tom_ke": ("Hết nọc, không ai ù: kê", "Nobody won: kê"),
    "thien_u_win": ("thiên ù", "thiên ù"),
    "verdict_paid": ("được tính điểm", "paid"),
    "verdict_unpaid": ("chỉ được cái", "unpaid: only the cái"),
    "verdict_cheo_do": ("chèo đò", "chèo đò: owes an ù"),
    "tphase_opening": ("úp khàn, trình thiên khai", "lays khàn down, shows thiên khai"),
    "tphase_claim": ("xét ù, dậy khàn, phỗng", "may ù, dậy khàn or phỗng"),
    "tphase_cho_cai": ("cho cái", "cho cái"),
    "btn_phong": ("Phỗng", "Phỗng"),
    "btn_day_khan": ("Dậy khàn", "Dậy khàn"),
    "btn_ha_trung": ("Hạ trùng", "Hạ trùng"),
    "btn_bat_thuc": ("Bất thực", "Bất thực"),
    "btn_reveal": ("Trình thiên khai", "Show thiên khai"),
    "btn_call": ("Xướng", "Call"),
}


def word(key: str, lang: Lang) -> str:
    """The word for `key` in `lang` (the key itself when unknown, so a gap shows, not a crash)."""
    pair = _WORDS.get(key)
    if pair is None:
        return key
    return pair[0] if lang == "vi" else pair[1]

