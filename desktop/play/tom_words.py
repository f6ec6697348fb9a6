"""The sentences of the Tổ tôm table (TOTOM T4–T8): what a player just did, what the learner
may do now, the choices of a decision, why a move was refused. Vietnamese through Qt's
translations (context "TomWords"); card names from the engine, rule names and explanations
from its rulebook (engine.totom.REGISTRY) and replays.tom_messages.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.i18n import current, pick, translate
from engine.actions import Act
from engine.totom import REGISTRY, Card, TomAction, consequence_of
from replays.record import Player
from replays.tom_messages import rule_text
from replays.tom_report_page import action_text


def card_name(card: Card | None) -> str:
    """A card as the learner reads it on the faces: "Tam vạn" (English adds the code)."""
    if card is None:
        return "?"
    return card.name_vi if current() == "vi" else f"{card.name_vi} ({card.code})"


def cards_text(cards: Sequence[Card]) -> str:
    """Several cards: "Tứ vạn, Ngũ vạn"."""
    return ", ".join(card_name(c) for c in cards)


def rule_name(rule: str) -> str:
    """"TD3 Đánh quân trong phu dưới chiếu" (English glosses it)."""
    name = REGISTRY.name(rule)
    return f"{rule} {name.vi}" + (f" ({name.en})" if current() == "en" else "")


def fault_text(rule: str, card: Card | None) -> str:
    """A TN or TD the move would record, in the rulebook's words about its card."""
    vi, en = rule_text(rule, "" if card is None else card.name_vi.lower())
    return pick(vi, en)


def consequence_line(rule: str, rules: object) -> str:
    """What a rule costs at this table, if the offender wins later in the game (T6.1)."""
    cost = consequence_of(rule, rules)  # type: ignore[arg-type]
    if cost is None:
        return ""
    words = REGISTRY.consequence(cost).warning
    return pick(words.vi, words.en)


def button_label(command: str) -> str:
    """The label of a Tổ tôm prompt button ("" : the chiếu's standard word for the key)."""
    return {
        "tom_phong": translate("TomWords", "Phỗng"),
        "tom_day_khan": translate("TomWords", "Dậy khàn"),
        "tom_ha_trung": translate("TomWords", "Hạ trùng"),
        "tom_bat_thuc": translate("TomWords", "Bất thực"),
        "tom_reveal": translate("TomWords", "Trình thiên khai"),
        "tom_lay": translate("TomWords", "Úp khàn"),
        "next_game": translate("TomWords", "Ván tiếp"),
        "end_session": translate("TomWords", "Kết thúc hội"),
        "summary": translate("TomWords", "Tổng kết hội"),
    }.get(command, "")


def did(action: TomAction, players: Sequence[Player]) -> str:
    """What a player just did, from the record layer's words: "Bà Tư đánh cửu vạn"."""
    vi, en = action_text(action, players)
    return pick(vi, en) + "."


def choice_text(action: TomAction, mat: Sequence[Sequence[Card]] = ()) -> str:
    """One way to make a decision, for the list of choices: "Ăn với Tứ vạn, Ngũ vạn",
    "Ù, nói phỗng", "Dậy khàn và ăn phu dọc với …"; `mat`: the seat's mat melds (a gá names
    the meld it goes onto)."""
    act = action.act
    onto = ""
    if action.onto is not None and action.onto < len(mat):
        onto = cards_text(mat[action.onto])
    if act is Act.EAT:
        if action.onto is not None:
            if action.cards:
                return translate("TomWords", "Gá vào phu {meld}, cùng {cards}").format(
                    meld=onto, cards=cards_text(action.cards))
            return translate("TomWords", "Gá vào phu {meld}").format(meld=onto)
        if not action.cards:
            return translate("TomWords", "Ăn quân yêu một mình")
        return translate("TomWords", "Ăn với {cards}").format(cards=cards_text(action.cards))
    if act is Act.WIN:
        if action.phong is True:
            return translate("TomWords", "Ù, nói “phỗng”")
        if action.phong is False:
            return translate("TomWords", "Ù, nói “không phỗng”")
        return translate("TomWords", "Ù (không nói phỗng hay không phỗng)")
    if act is Act.DAY_KHAN:
        if action.cards:
            return translate("TomWords", "Dậy khàn và ăn phu dọc với {cards}").format(
                cards=cards_text(action.cards))
        return translate("TomWords", "Dậy khàn (thành thiên khai)")
    if act is Act.HA_TRUNG:
        return translate("TomWords", "Hạ trùng {card} vào phu {meld}").format(
            card=card_name(action.card), meld=onto)
    if act is Act.BAT_THUC:
        return translate("TomWords", "Xin bất thực {card}").format(card=card_name(action.card))
    if act is Act.REVEAL:
        return translate("TomWords", "Trình thiên khai {card}").format(
            card=card_name(action.card))
    if act in (Act.UP_KHAN, Act.UP_THIEN_KHAI):
        return translate("TomWords", "Úp {card} xuống chiếu").format(card=card_name(action.card))
    if act is Act.DISCARD:
        return translate("TomWords", "Đánh {card}").format(card=card_name(action.card))
    if act is Act.RETURN:
        return translate("TomWords", "Trả cửa {card}").format(card=card_name(action.card))
    return {
        Act.DRAW: translate("TomWords", "Bốc"),
        Act.PASS: translate("TomWords", "Dưới"),
        Act.PHONG: translate("TomWords", "Phỗng"),
        Act.DECLINE: translate("TomWords", "Bỏ qua"),
        Act.CALL: translate("TomWords", "Xướng"),
    }.get(act, str(act))


def learner_task(phase: str, claim: Act | None, live: Card | None, may_pass: bool,
                 final: bool) -> str:
    """The one line that tells the learner what to do now (T4.1–T4.9)."""
    if phase == "lay":
        return translate("TomWords", "Úp khàn, thiên khai xuống chiếu (L), hoặc xin bất thực "
                                     "(T); xong thì Bỏ qua (Esc).")
    if phase == "show":
        return translate("TomWords", "Trình thiên khai của bạn (R) trước khi làng bốc quân "
                                     "đầu tiên.")
    if phase == "opening":
        return translate("TomWords", "Bạn là cái, đi trước: bấm một quân để đánh (hoặc ù "
                                     "thiên ù nếu bài đã tròn).")
    if phase == "discard":
        return translate("TomWords", "Bấm một quân trên tay để đánh (không đánh quân yêu).")
    if phase == "return":
        return translate("TomWords", "Trả cửa: bấm một quân để đánh vào chỗ quân vừa lấy.")
    if phase == "claim":
        card = card_name(live)
        if claim is Act.WIN:
            if final:
                return translate("TomWords", "Quân cuối nọc {card}: bạn ù được! Bấm Ù (U) "
                                             "hoặc Bỏ qua (Esc).").format(card=card)
            return translate("TomWords", "Bạn ù được {card}! Bấm Ù (U) hoặc Bỏ qua (Esc)."
                             ).format(card=card)
        if claim is Act.DAY_KHAN:
            return translate("TomWords", "{card} lên: bạn có khàn, phải dậy khàn (K)."
                             ).format(card=card)
        if claim is Act.PHONG:
            return translate("TomWords", "Bạn phỗng được {card}: bấm Phỗng (P) hoặc Bỏ qua "
                                         "(Esc).").format(card=card)
        return translate("TomWords", "Bạn hạ trùng được {card} (G), hoặc Bỏ qua (Esc)."
                         ).format(card=card)
    card = card_name(live)
    if may_pass:
        return translate("TomWords", "Bạn bốc {card}: chọn quân rồi Ăn (A), hoặc Dưới (D)."
                         ).format(card=card)
    return translate("TomWords", "{card} đến cửa bạn: chọn quân rồi Ăn (A), hoặc Bốc (B)."
                     ).format(card=card)


def refused_strict(rules: Sequence[str]) -> str:
    """Strict mode (T4.16): the move is refused, with the rules it would break."""
    return translate("TomWords", "Chế độ nghiêm không cho đi nước này ({rules}).").format(
        rules=", ".join(rule_name(r) for r in rules))


def committed(rule: str) -> str:
    """Real mode: the learner recorded a TN or TD (judged if it wins later, T6.4)."""
    return translate("TomWords", "Bạn vừa phạm {rule}: nếu ù trong ván này sẽ bị xét."
                     ).format(rule=rule_name(rule))


def no_such_eat(cards: Sequence[Card]) -> str:
    """The cards chosen make no eat with the live card."""
    return translate("TomWords", "Không ăn được với {cards}: chọn lại (↑ chọn, ↓ bỏ)."
                     ).format(cards=cards_text(cards))


def cannot(command: str) -> str:
    """A key or button whose move is not possible now."""
    return translate("TomWords", "Lúc này không {what} được.").format(what={
        "eat": translate("TomWords", "ăn"), "draw": translate("TomWords", "bốc"),
        "pass": translate("TomWords", "dưới"), "win": translate("TomWords", "ù"),
        "tom_phong": translate("TomWords", "phỗng"),
        "tom_day_khan": translate("TomWords", "dậy khàn"),
        "tom_ha_trung": translate("TomWords", "hạ trùng"),
        "tom_bat_thuc": translate("TomWords", "xin bất thực"),
        "tom_reveal": translate("TomWords", "trình thiên khai"),
        "tom_lay": translate("TomWords", "úp khàn"),
        "decline": translate("TomWords", "bỏ qua"),
    }.get(command, command))


def choose_card() -> str:
    """Nothing selected for Enter."""
    return translate("TomWords", "Chọn một quân trên tay trước (phím trái/phải).")


def took_back() -> str:
    """The learner took back a move after a warning."""
    return translate("TomWords", "Bạn đã đi lại. Chọn nước khác.")


def ai_failed(name: str) -> str:
    """A computer player failed: it plays the first legal move instead."""
    return translate("TomWords", "{name} gặp lỗi khi nghĩ nên đi nước đầu tiên được phép."
                     ).format(name=name)
