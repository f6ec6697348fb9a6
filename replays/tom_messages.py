"""The sentences of Tổ tôm's annotations, in Vietnamese and English, filled from the engine's
facts: the rulebook's names and explanations (engine.totom.REGISTRY) for the offences and the
claims let pass, and here what the rulebook has no sentence for — the call's faults, the
declines, the waits — written from rule ids, cards and cước only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.totom import NAMES_EN, NAMES_VI, REGISTRY, CallToken, consequence_of, parse_card

Text = tuple[str, str]  # (vi, en)


def card_vi(code: str) -> str:
    """A card's Vietnamese name, lower case as a sentence says it: ``cửu vạn``."""
    return parse_card(code).name_vi.lower()


def offence_text(rule: str, card: str, rules: object) -> Text:
    """An offence: its name, the rulebook's sentence, and what it costs at this table if its
    seat declares ù later in the game (T6.4)."""
    name = REGISTRY.name(rule)
    e = REGISTRY.explanation(rule, card)
    cost = consequence_of(rule, rules)  # type: ignore[arg-type]
    if cost is None:
        return f"{name.vi} ({rule}): {e.vi}", f"{name.vi} ({rule}): {e.en}"
    c = REGISTRY.consequence(cost).short
    return f"{name.vi} ({rule}): {e.vi} — {c.vi}", f"{name.vi} ({rule}): {e.en} — {c.en}"


def rule_text(rule: str, card: str) -> Text:
    """One of the rulebook's other judgements (``missed_phong``, ``declined``) or TN1."""
    e = REGISTRY.explanation(rule, card)
    return e.vi, e.en


def missed_u_text(card: str | None, last: bool) -> Text:
    """T5.7 (bỏ ù): a win let pass; on the last card of the nọc the game ends in kê (T2.8)."""
    if card is None:
        return ("Bài cái đã tròn, đủ lưng mà không hạ thiên ù: nếu ù sau trong ván này sẽ không "
                "được tính điểm (T5.4, T5.7).",
                "The cái's dealt cards already won (thiên ù) and it did not declare it: a "
                "later win this game is not paid (T5.4, T5.7).")
    if last:
        return (f"Bạn ù được quân cuối nọc {card} mà bỏ: ván thành kê, không ai được điểm "
                f"(T2.8, T2.9).",
                f"You could win on {card}, the last card of the nọc, and let it pass: the game "
                f"ends in kê and nobody is paid (T2.8, T2.9).")
    return rule_text("TN1", card)


def declined_text(card: str, pairs: Sequence[Sequence[str]], runs: Sequence[Sequence[str]],
                  phong: bool) -> Text:
    """T4.14: what a decline forbids from now on."""
    if parse_card(card).is_yeu:  # T4.10: a yêu that comes to one's cửa is still eaten
        vi = [f"không được phỗng quân {card} ở cửa người khác nữa (TD6), nhưng quân yêu đến "
              f"cửa mình vẫn phải ăn (T4.10)"]
        en = [f"you may not phỗng {card} at another's cửa again (TD6), but a yêu that comes "
              f"to your own cửa must still be eaten (T4.10)"]
    else:
        vi = [f"không được ăn hay phỗng quân {card} nữa (TD6)"]
        en = [f"you may not eat or phỗng {card} again (TD6)"]
    if pairs:
        joined = ", ".join(" ".join(p) for p in pairs)
        vi.append(f"không được ăn vào phu dọc có {joined}")
        en.append(f"nor eat into a run using {joined}")
    if runs:
        joined = ", ".join(" ".join(r) for r in runs)
        vi.append(f"không được ăn nối phu dọc dưới chiếu {joined}")
        en.append(f"nor eat onto your mat run {joined}")
    if phong:
        vi.append(f"và không được đánh cả hai quân {card} (TD4)")
        en.append(f"and you may not discard both {card} (TD4)")
    return (f"Bỏ quân {card} đến cửa mà ăn hoặc phỗng được: từ giờ {'; '.join(vi)} (T4.14).",
            f"You let {card} pass when you could eat or phỗng it: from now on {'; '.join(en)} "
            f"(T4.14).")


def cuoc_vi(cuoc: Iterable[Sequence[object]]) -> str:
    """Cước as people say them: ``chi nẩy, tôm``; ``2 tôm``."""
    out = []
    for c, n in cuoc:
        word = NAMES_VI.get(str(c), str(c))
        out.append(word if int(str(n)) == 1 else f"{n} {word}")
    return ", ".join(out) or "—"


def cuoc_en(cuoc: Iterable[Sequence[object]]) -> str:
    """Cước in English: ``waiting on chi chi alone, tôm``; ``2 × tôm``."""
    out = []
    for c, n in cuoc:
        word = NAMES_EN.get(str(c), str(c))
        out.append(word if int(str(n)) == 1 else f"{n} × {word}")
    return ", ".join(out) or "—"


def call_vi(tokens: Iterable[CallToken]) -> str:
    """A call as it was said, in the words of the chiếu: ``Ù thông thập hồng tôm lèo``."""
    from engine.totom import say

    return say(tuple(tokens))


def call_en(tokens: Iterable[CallToken]) -> str:
    """A call in English: ``ù: khàn of 9v turned up, ten red, tôm``."""
    words = []
    for t in tokens:
        if t.name == "khan":
            words.append(f"khàn of {t.card} turned up")
        elif t.name == "bat_thuc":
            words.append(f"bất thực of {t.card}, " + ("none discarded" if not t.count
                                                      else f"{t.count} discarded"))
        else:
            word = NAMES_EN.get(t.name, t.name)
            words.append(word if t.count == 1 else f"{t.count} × {word}")
    return "ù: " + (", ".join(words) if words else "plain win")


def call_over_text(tokens: Sequence[CallToken], reasons: Sequence[str]) -> Text:
    """T7.6, TD8: tokens the hand does not hold."""
    said_vi = call_vi(tokens).removeprefix("Ù ")
    said_en = call_en(tokens).removeprefix("ù: ")
    return (f"Xướng gian: \"{said_vi}\" — bài không có (TD8, chèo đò).",
            f"Over-call: {said_en} — the hand does not hold it ({'; '.join(reasons)}; TD8, "
            f"chèo đò).")


def call_under_text(cuoc: Sequence[Sequence[object]], lost: int) -> Text:
    """T7.6: cước held but not called are not paid."""
    return (f"Xướng thiếu: {cuoc_vi(cuoc)} — không xướng nên không được tính, mất {lost} "
            f"điểm (T7.6).",
            f"Under-called: {cuoc_en(cuoc)} was not called and is not paid: {lost} điểm "
            f"less (T7.6).")


def call_order_text(expected: Sequence[CallToken], counted: bool) -> Text:
    """T7.5, T7.6: scoring tokens said out of the canonical order."""
    right = call_vi(expected)
    then_vi = " Cước nói sai chỗ không được tính (call_order = unpaid)." if not counted else ""
    then_en = " A misplaced cước is not paid (call_order = unpaid)." if not counted else ""
    return (f"Xướng sai thứ tự; thứ tự đúng: \"{right}\" (T7.5).{then_vi}",
            f"The call was out of order; in order it is: {call_en(expected)} (T7.5).{then_en}")


def call_procedure_text(rules: Sequence[str]) -> Text:
    """T5.8: the khàn and bất thực of the call (TN4, TN5, TN8)."""
    names = ", ".join(f"{REGISTRY.name(r).vi} ({r})" for r in rules)
    return (f"Sau khi hạ bài phải dậy khàn và báo bất thực trước khi xướng cước: {names} "
            f"(T5.8).",
            f"After laying the hand down, each khàn is turned up and each bất thực reported "
            f"before the cước are called: {names} (T5.8).")


def waits_text(waits: Sequence[tuple[str, Sequence[str], int]]) -> Text:
    """A teaching note: the waits of a position, their names (T5.5) and the copies unseen."""
    names_vi = {"thap_thanh": "thập thành", "bach_thu": "bạch thủ", "xuyen": "chờ xuyên",
                "chi_nay": "chi nẩy"}
    names_en = {"thap_thanh": "thập thành (already complete)",
                "bach_thu": "bạch thủ (the third of a pair)", "xuyen": "xuyên (inside a run)",
                "chi_nay": "chi nẩy (chi chi alone)"}
    vi = ", ".join(f"{c}{' — ' + ', '.join(names_vi[n] for n in names) if names else ''} "
                   f"(còn {u} quân)" for c, names, u in waits)
    en = ", ".join(f"{c}{' — ' + ', '.join(names_en[n] for n in names) if names else ''} "
                   f"({u} not in your hand or mat)" for c, names, u in waits)
    return f"Đang chờ ù: {vi}.", f"Waiting to win on: {en}."


def broke_text(card: str, waits: Sequence[str], yeu: bool) -> Text:
    """A teaching note: an eat after which the position no longer waits (T10: a yêu drawn
    that broke a wait)."""
    joined = ", ".join(waits)
    if yeu:
        return (f"Bốc phải yêu {card} (bắt buộc ăn, T4.10) nên mất thế chờ ù (đang chờ "
                f"{joined}).",
                f"The yêu {card} had to be eaten (T4.10) and broke the wait (it was waiting "
                f"on {joined}).")
    return (f"Ăn {card} làm mất thế chờ ù (đang chờ {joined}).",
            f"Eating {card} broke the wait (the position was waiting on {joined}).")
