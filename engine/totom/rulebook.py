"""Tổ tôm's rule registry (TOTOM T6): the unpaid causes TN1–TN8 and the chèo đò causes
TD1–TD10, and the other judgements the table speaks of (a phỗng let pass, a declined eat),
each with its group, what it costs, the card an annotation names, and its words.

The game's judges (engine/totom/offences.py) decide whether a rule is broken; the verdict, the
teaching warning, the analyzer, the lessons and the result screen read what it costs and how
it is said here. What TD9 and TD10 cost is a làng option (``yeu_offence``): ask
``consequence_of``.
"""

from __future__ import annotations

from engine.registry import CardRole, Consequence, Group, Registry, Rule, Words
from engine.totom.rules import TomRules

UNPAID = "unpaid"  # T6.1: "chỉ được cái"
CHEO_DO = "cheo_do"  # T6.1: owes the làng an ù
YEU = "yeu"  # a tag: TD9, TD10 cost what `yeu_offence` says (T6.3)

CONSEQUENCES = (
    Consequence(
        UNPAID,
        short=Words("nếu ù: không được tính điểm, chỉ được cái (T6.1)",
                    "if you win: not paid, you only deal next (T6.1)"),
        warning=Words("Nếu ván này bạn ù thì ù không được tính điểm, chỉ được cái ván sau "
                      "(T6.1).",
                      "If you win this game the win is not paid: you only get the cái of the "
                      "next game (T6.1)."),
        lesson=Words("Phạm một lỗi {rules} thì nếu sau đó ù, ù không được tính điểm, chỉ được "
                     "cái (T6.1, T6.4).",
                     "After any of {rules}, a later win in the same game is not paid: the "
                     "winner only deals next (T6.1, T6.4).")),
    Consequence(
        CHEO_DO,
        short=Words("nếu ù: chèo đò, nợ làng một ván ù (T6.1)",
                    "if you win: chèo đò, you owe the làng a win (T6.1)"),
        warning=Words("Nếu ván này bạn ù thì bị chèo đò: không được tính điểm và nợ làng một "
                      "ván ù (T6.1, T6.6).",
                      "If you win this game it is chèo đò: nothing is paid and you owe the "
                      "làng one win (T6.1, T6.6)."),
        lesson=Words("Phạm một lỗi {rules} thì nếu sau đó ù sẽ bị chèo đò: không được điểm, "
                     "phải ù một ván khác để trả đò (T6.1, T6.6).",
                     "After any of {rules}, a later win in the same game is chèo đò: it is "
                     "not paid and the winner must win another game to repay (T6.1, T6.6).")),
)

GROUPS = (
    Group("TN", Words("TN — ù không được tính điểm, chỉ được cái",
                      "TN — a win that is not paid (only the cái)")),
    Group("TD", Words("TD — chèo đò", "TD — chèo đò (the winner owes the làng a win)")),
    Group("other", Words("Phỗng bỏ, ăn bỏ", "Phỗng let pass, eats declined")),
)

T, P = CardRole.TAKEN, CardRole.PLAYED


def _rule(rid: str, consequence: str, card: CardRole, ref: str, vi: str, en: str,
          text_vi: str, text_en: str, tags: frozenset[str] = frozenset()) -> Rule:
    return Rule(rid, rid[:2], Words(vi, en), Words(text_vi, text_en), consequence, card, ref,
                tags=tags)


RULES: tuple[Rule, ...] = (
    _rule("TN1", UNPAID, T, "T5.7", "Bỏ ù", "letting a win pass",
          "Bạn ù được {card} mà bỏ: nếu ù sau trong ván này sẽ không được tính điểm.",
          "You could win on {card} and let it pass: a later win this game is not paid."),
    _rule("TN2", UNPAID, T, "T6.2", "Treo tranh", "card kept that belongs on the mat",
          "Quân {card} phải để dưới chiếu mà vẫn cầm trên tay (treo tranh).",
          "{card} had to go down on the mat but stays in your hand (treo tranh)."),
    _rule("TN3", UNPAID, T, "T6.2", "Trái vỉ", "mat cards in the wrong order",
          "Quân {card} dưới chiếu để không đúng thứ tự quy định.",
          "{card} lies on the mat in the wrong order."),
    _rule("TN4", UNPAID, T, "T6.2", "Hô ù rồi mới dậy khàn", "khàn turned up after the cước",
          "Khàn {card} phải dậy trước khi xướng cước, không được sau.",
          "The khàn of {card} must be turned up before the cước are called, not after."),
    _rule("TN5", UNPAID, T, "T6.2", "Khê khàn", "khàn never turned up",
          "Ù mà quên dậy khàn {card}.", "You won and never turned up your khàn of {card}."),
    _rule("TN6", UNPAID, T, "T4.13", "Bất thực một cục", "bất thực cards in one phu bí",
          "Các quân bất thực {card} phải lập thành hai phu, nằm cả trong một phu bí là bất "
          "thực một cục.",
          "The bất thực cards of {card} must lie in two groups: all in one phu bí is bất thực "
          "một cục."),
    _rule("TN7", UNPAID, T, "T5.6", "Phỗng không hô", "phỗng statement not said",
          "Bạn cầm hai quân {card} và ù quân {card}: phải nói \"phỗng\" hoặc \"không phỗng\".",
          "You hold two {card} and win on {card}: you must say \"phỗng\" or \"không phỗng\"."),
    _rule("TN8", UNPAID, T, "T4.13", "Bất thực không báo", "bất thực not reported",
          "Khi ù phải báo rõ khàn bất thực {card} trước khi xướng cước.",
          "At the ù you must report the bất thực of {card} before calling the cước."),
    _rule("TD1", CHEO_DO, T, "T5.2", "Ù sai", "false win",
          "Bài này chưa ù được với {card} (không đủ lưng, hoặc còn quân lẻ, hoặc lời phỗng "
          "không khớp): ù sai bị chèo đò.",
          "This hand does not win with {card} (no lưng, a card left over, or a phỗng "
          "statement no arrangement fits): a false ù is chèo đò."),
    _rule("TD2", CHEO_DO, P, "T4.11", "Ăn một đánh hai cùng phu", "discards two of a taken phu",
          "Bạn đã đánh một quân cùng phu với quân đã ăn: không được đánh {card} nữa.",
          "You already discarded a card that makes a phu with a card you took: you may not "
          "discard {card} too."),
    _rule("TD3", CHEO_DO, P, "T4.11", "Đánh quân trong phu dưới chiếu", "discards a mat card",
          "Quân {card} nằm trong phu dưới chiếu (hoặc là quân bất thực quá số được đánh): "
          "không được đánh.",
          "{card} lies in one of your mat melds (or is a bất thực card beyond the spares): "
          "you may not discard it."),
    _rule("TD4", CHEO_DO, P, "T4.14", "Có đôi không phỗng đánh cả hai",
          "declined phỗng, discards both",
          "Bạn có đôi {card} mà không phỗng: không được đánh cả hai quân.",
          "You held a pair of {card} and did not phỗng: you may not discard both."),
    _rule("TD5", CHEO_DO, T, "T4.12", "Không hạ trùng", "no hạ trùng",
          "Quân {card} nối được phu dọc dưới chiếu của bạn và bạn có quân giống nó: phải hạ "
          "trùng.",
          "{card} extends one of your mat runs and you hold its copy: you must lay the copy on "
          "the run (hạ trùng)."),
    _rule("TD6", CHEO_DO, T, "T4.14", "Bỏ rồi lại ăn", "eats what it declined",
          "Trước đây bạn đã bỏ không ăn {card} (hoặc phu ấy): nay không được ăn.",
          "You declined {card} (or that phu) earlier: you may not eat it now."),
    _rule("TD7", CHEO_DO, T, "T4.8", "Thối khàn", "khàn not raised",
          "Bạn có khàn {card} (hoặc khàn bất thực): quân {card} lên thì phải dậy khàn "
          "(phỗng).",
          "You hold a khàn of {card} (or its bất thực): when {card} comes you must take it "
          "(dậy khàn, or the phỗng)."),
    _rule("TD8", CHEO_DO, T, "T7.6", "Xướng gian", "over-call",
          "Bài không có cước đã xướng: xướng gian bị chèo đò.",
          "The hand does not hold a cước you called: an over-call is chèo đò."),
    _rule("TD9", CHEO_DO, P, "T4.10", "Đánh quân yêu", "discards a yêu",
          "Không bao giờ được đánh quân yêu ({card}).", "A yêu ({card}) is never discarded.",
          frozenset({YEU})),
    _rule("TD10", CHEO_DO, T, "T4.10", "Bỏ yêu", "yêu not eaten",
          "Quân yêu {card} đến cửa mình thì bắt buộc phải ăn.",
          "A yêu ({card}) that comes to your cửa must be eaten.", frozenset({YEU})),
    Rule("missed_phong", "other", Words("Bỏ phỗng", "letting a phỗng pass"),
         Words("Bạn có đôi {card} và có thể phỗng: bỏ thì về sau không được ăn {card} (trừ "
               "quân yêu đến cửa mình: vẫn phải ăn), và không được đánh cả hai quân.",
               "You hold a pair of {card} and could phỗng it: letting it pass forbids eating "
               "{card} later (but a yêu that comes to your cửa is still eaten), and "
               "discarding both."),
         None, T, "T4.14", fault=False),
    Rule("declined", "other", Words("Bỏ quân ăn được", "declining a card you could eat"),
         Words("Bạn ăn được {card} mà không ăn: về sau không được ăn {card}, hay ăn phu ấy.",
               "You could eat {card} and did not: later you may not eat {card}, nor that phu."),
         None, T, "T4.14", fault=False),
)

REGISTRY = Registry(GROUPS, CONSEQUENCES, RULES)


def consequence_of(rule_id: str, rules: TomRules) -> str | None:
    """What breaking ``rule_id`` costs at this table: TD9 and TD10 follow ``yeu_offence``."""
    if REGISTRY.tagged(rule_id, YEU) and rules.yeu_offence == "unpaid":
        return UNPAID
    return REGISTRY.consequence_of(rule_id)
