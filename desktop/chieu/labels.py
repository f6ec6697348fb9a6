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
}


def word(key: str, lang: Lang) -> str:
    """The word for `key` in `lang` (the key itself when unknown, so a gap shows, not a crash)."""
    pair = _WORDS.get(key)
    if pair is None:
        return key
    return pair[0] if lang == "vi" else pair[1]

