"""Chắn's rule registry (RULES R7): the lỗi L0–L17 and the other judgements (bỏ ù, bỏ chíu,
ù láo), each with its group, what it costs, the card an annotation names, and its words.

The engine's judges (violations.py) decide whether a rule is broken; everything that says
something about a rule — the game's báo, the settlement, the analyzer, the teaching warning, the
lessons, the result screen, Học's reference — reads it here.
"""

from __future__ import annotations

from engine.registry import CardRole, Consequence, Group, Registry, Rule, Words

# R7.4: ù láo and ù báo pay every other player 12 điểm ("tám đỏ, 2 lèo" = 8 + 2 + 2).
U_LAO_POINTS = 12

BAO = "bao"  # R7.3: báo at once
NGHI_AN_TIEN = "nghi_an_tien"  # R7.2: a later win stands, unpaid
U_BAO = "u_bao"  # R7.4: a later win pays the table
U_LAO = "u_lao"  # R7.4: the false win itself
KEEPS_THONG = "keeps_thong"  # C2: a win unpaid only for this rule still gives thông

CONSEQUENCES = (
    Consequence(
        BAO,
        short=Words("bị báo ngay (R7.3)", "báo at once (R7.3)"),
        warning=Words("Phạm lỗi này bạn bị báo ngay: từ đó chỉ được bốc và dưới, và phải đền "
                      "thay làng nếu có người ù (R7.3).",
                      "This lỗi makes you báo at once: from then on you may only draw and pass, "
                      "and you pay for the whole table if someone wins (R7.3)."),
        lesson=Words("Phạm một lỗi {rules} thì bị báo ngay: từ đó chỉ được bốc và dưới, nếu có "
                     "người ù thì phải đền thay làng (R7.3, R4.8).",
                     "Any of {rules} makes the player báo at once: from then on it may only draw "
                     "and pass, and pays for the whole table if someone wins (R7.3, R4.8).")),
    Consequence(
        NGHI_AN_TIEN,
        short=Words("nếu ù: nghỉ ăn tiền (R7.2)", "if you win: nghỉ ăn tiền, nobody pays (R7.2)"),
        warning=Words("Nếu ván này bạn ù thì bị nghỉ ăn tiền: không ai trả (R7.2).",
                      "If you win this game it is nghỉ ăn tiền: nobody pays (R7.2)."),
        lesson=Words("Nếu sau đó ù thì ván ù bị nghỉ ăn tiền (R7.1, R7.2).",
                     "A later win by this player is not paid (nghỉ ăn tiền, R7.1, R7.2).")),
    Consequence(
        U_BAO,
        short=Words("nếu ù: ù báo, đền {penalty} điểm mỗi nhà (R7.4)",
                    "if you win: ù báo, pay {penalty} điểm to each player (R7.4)"),
        warning=Words("Nếu ván này bạn ù thì là ù báo: đền {penalty} điểm cho mỗi nhà (R7.4).",
                      "If you win this game it is ù báo: you pay {penalty} điểm to every other "
                      "player (R7.4)."),
        lesson=Words("Nếu sau đó ù thì là ù báo: đền {penalty} điểm cho mỗi nhà (R7.4).",
                     "A later win is ù báo: it pays {penalty} điểm to every other player "
                     "(R7.4).")),
    Consequence(
        U_LAO,
        short=Words("ù láo: đền {penalty} điểm mỗi nhà (R7.4)",
                    "ù láo: pay {penalty} điểm to each player (R7.4)"),
        warning=Words("", ""),  # the warning's own sentence says it (the explanation)
        lesson=Words("Ván kết thúc ngay (R7.4).", "The game ends at once (R7.4).")),
)

GROUPS = (
    Group("A", Words("A — lỗi trên tay (lộ ra khi ù)",
                     "A — faults of the hand (seen when it is shown at ù)")),
    Group("B", Words("B — đã bỏ quân (không ăn khi được ăn)",
                     "B — after declining a card you could eat")),
    Group("C", Words("C — đã đánh quân", "C — after discarding")),
    Group("D", Words("D — đã ăn quân", "D — after eating")),
    Group("other", Words("Bỏ ù, bỏ chíu, ù láo", "Missed ù, missed chíu, false ù")),
)

T, Y, P = CardRole.TAKEN, CardRole.HAND, CardRole.PLAYED


def _loi(n: int, group: str, consequence: str, card: CardRole, vi: str, en: str,
         text_vi: str, text_en: str, tags: frozenset[str] = frozenset()) -> Rule:
    return Rule(f"L{n}", group, Words(vi, en), Words(text_vi, text_en), consequence, card, "R7",
                tags=tags)


RULES: tuple[Rule, ...] = (
    _loi(0, "A", NGHI_AN_TIEN, T, "Trái vỉ", "eaten card on top",
         "Khi ăn cạ, quân ăn được phải nằm dưới quân trên tay.",
         "When eating a cạ, the eaten card goes underneath the hand card."),
    _loi(1, "A", NGHI_AN_TIEN, T, "Ăn treo tranh", "cạ while holding the chắn",
         "Bạn có quân {card} giống hệt nên phải ăn chắn, ăn cạ là treo tranh.",
         "You hold a card identical to {card}: eating it as a cạ is treo tranh.",
         frozenset({KEEPS_THONG})),
    _loi(2, "A", NGHI_AN_TIEN, T, "Chíu được mà ăn thường", "ate instead of chíu",
         "Bạn có ba quân {card}: phải chíu, không được ăn thường.",
         "You hold three {card}: you must chíu it, not eat it."),
    _loi(3, "A", U_BAO, Y, "Ăn chọn cạ", "cạ with a card of a cạ",
         "Quân {card} đang nằm trong một cạ sẵn có: không được lấy để ăn cạ.",
         "{card} is part of a cạ in your hand: it may not be used to eat a cạ."),
    _loi(4, "A", U_BAO, Y, "Ăn cạ chuyển chờ", "cạ with the waiting card",
         "Quân {card} là quân chờ ù: lấy nó ăn cạ là chuyển chờ.",
         "{card} is the card you are waiting with: eating a cạ with it changes the wait."),
    _loi(5, "A", U_BAO, Y, "Có chắn cấu cạ", "cạ breaking a chắn",
         "Quân {card} nằm trong một chắn trên tay: không được cấu chắn để ăn cạ.",
         "{card} is part of a chắn in your hand: a chắn may not be broken to eat a cạ."),
    _loi(6, "B", BAO, T, "Bỏ chắn ăn chắn", "declined chắn, eats chắn",
         "Trước đây bạn đã bỏ không ăn chắn {card}: nay không được ăn chắn đó.",
         "You declined {card} as a chắn earlier: you may not eat it as a chắn now."),
    _loi(7, "B", BAO, Y, "Bỏ chắn ăn cạ", "declined chắn, eats cạ",
         "Trước đây bạn đã bỏ không ăn chắn {card}: không được lấy {card} ăn cạ.",
         "You declined {card} as a chắn earlier: you may not eat a cạ with {card}."),
    _loi(8, "B", BAO, Y, "Bỏ cạ ăn cạ", "declined cạ, eats cạ",
         "Trước đây bạn đã bỏ cạ với {card}: không được lấy {card} ăn cạ.",
         "You declined a cạ with {card} earlier: you may not eat a cạ with it now."),
    _loi(9, "B", BAO, P, "Bỏ chắn đánh chắn", "declined chắn, discards it",
         "Trước đây bạn đã bỏ không ăn chắn {card}: không được đánh {card}.",
         "You declined {card} as a chắn earlier: you may not discard {card}."),
    _loi(10, "C", BAO, T, "Đánh cạ ăn cạ", "discarded a cạ, eats cạ",
         "Bạn đã đánh đi cả một cạ: không được ăn cạ nào nữa.",
         "You have discarded both cards of a cạ: you may not eat any cạ."),
    _loi(11, "C", BAO, T, "Xé cạ ăn cạ", "discarded the rank, eats cạ",
         "Bạn đã đánh một quân hàng này: không được ăn cạ hàng này.",
         "You discarded a card of this rank: you may not eat a cạ of this rank."),
    _loi(12, "C", BAO, T, "Đánh rồi ăn", "eats what it discarded",
         "Bạn đã đánh {card}: không được ăn lại {card}.",
         "You discarded {card}: you may not eat {card}."),
    _loi(13, "C", BAO, P, "Đánh đôi chắn", "discards a kind twice",
         "Bạn đã đánh {card} rồi: không được đánh {card} lần nữa.",
         "You have already discarded {card}: you may not discard it again."),
    _loi(14, "D", BAO, P, "Ăn rồi đánh", "discards what it ate",
         "Bạn đã ăn {card}: không được đánh {card}.",
         "You ate {card}: you may not discard {card}."),
    _loi(15, "D", BAO, T, "Ăn cạ rồi ăn chắn cùng hàng", "ate cạ, eats chắn of the rank",
         "Bạn đã ăn cạ hàng này: không được ăn chắn cùng hàng.",
         "You ate a cạ of this rank: you may not eat a chắn of the same rank."),
    _loi(16, "D", BAO, P, "Đánh cạ khi đã ăn cạ", "ate cạ, discards a cạ",
         "Bạn đã ăn cạ: không được đánh đi quân thứ hai của một cạ.",
         "You have eaten a cạ: you may not discard the second card of a cạ."),
    _loi(17, "D", BAO, P, "Ăn cạ đánh con cùng hàng", "ate cạ, discards the rank",
         "Bạn đã ăn cạ hàng này: không được đánh quân cùng hàng.",
         "You ate a cạ of this rank: you may not discard a card of that rank."),
    Rule("bo_u", "other", Words("Bỏ ù", "letting a win pass"),
         Words("Bạn ù được {card} mà bỏ: nếu ù sau trong ván này sẽ bị nghỉ ăn tiền.",
               "You could win on {card} and let it pass: a later win this game is not paid."),
         NGHI_AN_TIEN, T, "R7.1", fault=False),
    Rule("missed_chiu", "other", Words("Bỏ chíu", "letting a chíu pass"),
         Words("Bạn có ba quân {card} và có thể chíu.", "You hold three {card} and could chíu it."),
         None, T, "R4.2", fault=False),
    Rule("u_lao", "other", Words("Ù láo", "false win"),
         Words("Bài này chưa ù được với {card}: ù láo phải đền {penalty} điểm cho mỗi nhà.",
               "This hand does not win with {card}: a false ù pays {penalty} điểm to every "
               "player."),
         U_LAO, T, "R7.4", fault=False),
)

REGISTRY = Registry(GROUPS, CONSEQUENCES, RULES, {"penalty": U_LAO_POINTS})
