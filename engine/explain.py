"""One sentence per judgement, in Vietnamese and English, from the engine's facts (R7.5)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.chan.violations import NAMES_VI

_TEXT: dict[str, tuple[str, str]] = {
    "L0": ("Khi ăn cạ, quân ăn được phải nằm dưới quân trên tay.",
           "When eating a cạ, the eaten card goes underneath the hand card."),
    "L1": ("Bạn có quân {card} giống hệt nên phải ăn chắn, ăn cạ là treo tranh.",
           "You hold a card identical to {card}: eating it as a cạ is treo tranh."),
    "L2": ("Bạn có ba quân {card}: phải chíu, không được ăn thường.",
           "You hold three {card}: you must chíu it, not eat it."),
    "L3": ("Quân {card} đang nằm trong một cạ sẵn có: không được lấy để ăn cạ.",
           "{card} is part of a cạ in your hand: it may not be used to eat a cạ."),
    "L4": ("Quân {card} là quân chờ ù: lấy nó ăn cạ là chuyển chờ.",
           "{card} is the card you are waiting with: eating a cạ with it changes the wait."),
    "L5": ("Quân {card} nằm trong một chắn trên tay: không được cấu chắn để ăn cạ.",
           "{card} is part of a chắn in your hand: a chắn may not be broken to eat a cạ."),
    "L6": ("Trước đây bạn đã bỏ không ăn chắn {card}: nay không được ăn chắn đó.",
           "You declined {card} as a chắn earlier: you may not eat it as a chắn now."),
    "L7": ("Trước đây bạn đã bỏ không ăn chắn {card}: không được lấy {card} ăn cạ.",
           "You declined {card} as a chắn earlier: you may not eat a cạ with {card}."),
    "L8": ("Trước đây bạn đã bỏ cạ với {card}: không được lấy {card} ăn cạ.",
           "You declined a cạ with {card} earlier: you may not eat a cạ with it now."),
    "L9": ("Trước đây bạn đã bỏ không ăn chắn {card}: không được đánh {card}.",
           "You declined {card} as a chắn earlier: you may not discard {card}."),
    "L10": ("Bạn đã đánh đi cả một cạ: không được ăn cạ nào nữa.",
            "You have discarded both cards of a cạ: you may not eat any cạ."),
    "L11": ("Bạn đã đánh một quân hàng này: không được ăn cạ hàng này.",
            "You discarded a card of this rank: you may not eat a cạ of this rank."),
    "L12": ("Bạn đã đánh {card}: không được ăn lại {card}.",
            "You discarded {card}: you may not eat {card}."),
    "L13": ("Bạn đã đánh {card} rồi: không được đánh {card} lần nữa.",
            "You have already discarded {card}: you may not discard it again."),
    "L14": ("Bạn đã ăn {card}: không được đánh {card}.",
            "You ate {card}: you may not discard {card}."),
    "L15": ("Bạn đã ăn cạ hàng này: không được ăn chắn cùng hàng.",
            "You ate a cạ of this rank: you may not eat a chắn of the same rank."),
    "L16": ("Bạn đã ăn cạ: không được đánh đi quân thứ hai của một cạ.",
            "You have eaten a cạ: you may not discard the second card of a cạ."),
    "L17": ("Bạn đã ăn cạ hàng này: không được đánh quân cùng hàng.",
            "You ate a cạ of this rank: you may not discard a card of that rank."),
    "bo_u": ("Bạn ù được {card} mà bỏ: nếu ù sau trong ván này sẽ bị nghỉ ăn tiền.",
             "You could win on {card} and let it pass: a later win this game is not paid."),
    "missed_chiu": ("Bạn có ba quân {card} và có thể chíu.",
                    "You hold three {card} and could chíu it."),
    "u_lao": ("Bài này chưa ù được với {card}: ù láo phải đền 12 điểm cho mỗi nhà.",
              "This hand does not win with {card}: a false ù pays 12 điểm to every player."),
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a move is a fault: the rule id and a sentence in each language."""

    rule: str
    vi: str
    en: str

    @property
    def name_vi(self) -> str:
        """The Vietnamese name of the rule (``Ăn treo tranh``)."""
        return NAMES_VI.get(self.rule, self.rule)


def explanation(rule: str, card: str = "") -> Explanation:
    """The explanation of ``rule`` (an L id, ``bo_u``, ``missed_chiu`` or ``u_lao``)."""
    vi, en = _TEXT[rule]
    return Explanation(rule, vi.format(card=card), en.format(card=card))
