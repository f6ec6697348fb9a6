"""The sentences of the play screen: what a player just did, what the learner may do now, why a
move was refused. Written in Vietnamese through Qt's translations; card names and rule names
come from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.i18n import current, pick, translate
from engine.actions import Act, Action
from engine.chan import CHAN, NAME_EN, NAME_VI, Card, pairs_with
from engine.chan import render_call as render
from engine.registry import Explanation


def card_name(card: Card | None) -> str:
    """A card as the learner reads it on the faces: "Tam vạn" (English adds the code)."""
    if card is None:
        return "?"
    return card.name_vi if current() == "vi" else f"{card.name_vi} ({card.code})"


def cuoc_name(cid: str) -> str:
    """A cước's Vietnamese name; English adds a gloss."""
    return NAME_VI[cid] if current() == "vi" else f"{NAME_VI[cid]} ({NAME_EN[cid]})"


def rule_name(rule: str) -> str:
    """"L5 Có chắn cấu cạ"; judgements that are not lỗi by their name (the rulebook's)."""
    vi, en = CHAN.registry.name(rule)
    if CHAN.registry.fault(rule) is not None:  # English glosses the name, as the lessons do
        return f"{rule} {vi}" + (f" ({en})" if current() == "en" else "")
    return pick(vi, f"{vi} ({en})") if rule in CHAN.registry else rule


def explanation_text(e: Explanation) -> str:
    """The engine's sentence for a fault, in the current language."""
    return pick(e.vi, e.en)


def call_text(call: Sequence[tuple[str, int]]) -> str:
    """A call as spoken (R8.6), or a dash when empty."""
    return render(call) if call else "—"


def did(name: str, action: Action, eaten: Card | None) -> str:
    """What a player just did, e.g. "Bà Tư đánh Tam vạn." (`eaten`: the card it ate/chíu'd)."""
    card = card_name(action.card)
    act = action.act
    if act is Act.DISCARD:
        return translate("Words", "{name} đánh {card}.").format(name=name, card=card)
    if act is Act.DRAW:
        return translate("Words", "{name} bốc {card}.").format(name=name, card=card)
    if act is Act.EAT:
        kind = (translate("Words", "chắn") if eaten is not None and action.card == eaten
                else translate("Words", "cạ"))
        return translate("Words", "{name} ăn {eaten} ({kind}, với {card}).").format(
            name=name, eaten=card_name(eaten), kind=kind, card=card)
    if act is Act.PASS:
        return translate("Words", "{name} dưới.").format(name=name)
    if act is Act.CHIU:
        return translate("Words", "{name} chíu {card}!").format(name=name, card=card_name(eaten))
    if act is Act.RETURN:
        return translate("Words", "{name} trả cửa {card}.").format(name=name, card=card)
    if act is Act.WIN:
        return translate("Words", "{name} ù!").format(name=name)
    if act is Act.CALL:
        return translate("Words", "{name} xướng: {call}.").format(name=name,
                                                                   call=call_text(action.cuoc))
    return translate("Words", "{name} bỏ qua.").format(name=name)


def learner_task(phase: str, may_pass: bool, live: Card | None, claim: Act | None,
                 hand: Sequence[Card], bao: bool) -> str:
    """The one line that tells the learner what to do now."""
    if phase == "claim" and claim is Act.WIN:
        return translate("Words", "Bạn ù được {card}! Bấm Ù (U) hoặc Bỏ qua (Esc).").format(
            card=card_name(live))
    if phase == "claim":
        return translate("Words", "Bạn chíu được {card}. Bấm Chíu (C) hoặc Bỏ qua (Esc)."
                         ).format(card=card_name(live))
    if phase == "opening" and claim is Act.WIN:
        return translate("Words", "Bài của bạn thiên ù! Bấm Ù (U), hoặc đánh một quân.")
    if phase == "opening":
        return translate("Words", "Bạn được cái, đi trước: bấm một quân để đánh.")
    if phase == "discard":
        return translate("Words", "Bấm một quân trên tay để đánh.")
    if phase == "return":
        return translate("Words", "Trả cửa: bấm một quân để đánh vào chỗ quân vừa chíu.")
    can_eat = live is not None and not bao and any(pairs_with(live, c) for c in hand)
    if may_pass:
        if can_eat:
            return translate("Words", "Bạn bốc {card}: bấm quân để ăn, hoặc Dưới (D).").format(
                card=card_name(live))
        return translate("Words", "Bạn bốc {card}: không ăn được, bấm Dưới (D).").format(
            card=card_name(live))
    if can_eat:
        return translate("Words", "Ăn {card} (bấm quân để ăn) hoặc Bốc (B).").format(
            card=card_name(live))
    return translate("Words", "Không ăn được {card}: bấm Bốc (B) hoặc vào nọc.").format(
        card=card_name(live))


def refused_strict(explanations: Sequence[Explanation]) -> str:
    """Strict mode (R7.5): the move is refused, with the rules it would break."""
    rules = ", ".join(rule_name(e.rule) for e in explanations)
    first = explanation_text(explanations[0]) if explanations else ""
    return translate("Words", "Chế độ nghiêm không cho đi nước này ({rules}). {why}").format(
        rules=rules, why=first)


def committed(rule: str, name: str) -> str:
    """Real mode: a lỗi was committed and judged (R7.5)."""
    return translate("Words", "{name} phạm lỗi {rule}.").format(name=name, rule=rule_name(rule))


def became_bao(name: str) -> str:
    """R7.3: a player is báo from now on."""
    return translate("Words", "{name} bị báo: từ giờ chỉ được bốc và dưới.").format(name=name)


def cannot_eat_with(card: Card, live: Card | None) -> str:
    """The clicked card makes no chắn or cạ with the card to eat (R3.1, R3.2)."""
    return translate("Words", "{card} không thành chắn hay cạ với {live}.").format(
        card=card_name(card), live=card_name(live))


def choose_eater() -> str:
    """Several hand cards can eat: the learner must pick one."""
    return translate("Words", "Chọn quân trên tay để ăn: bấm vào quân, hoặc phím trái/phải rồi A.")


def choose_card() -> str:
    """Nothing selected for Enter."""
    return translate("Words", "Chọn một quân trên tay trước (phím trái/phải).")


def thinking(name: str) -> str:
    """A computer player is deciding."""
    return translate("Words", "{name} đang nghĩ…").format(name=name)


def took_back() -> str:
    """The learner took back a move after a warning."""
    return translate("Words", "Bạn đã đi lại. Chọn nước khác.")


def ai_failed(name: str) -> str:
    """A computer player failed: it plays the first legal move instead."""
    return translate("Words", "{name} gặp lỗi khi nghĩ nên đi nước đầu tiên được phép."
                     ).format(name=name)
