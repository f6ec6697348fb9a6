"""The sentences of annotations, in Vietnamese and English, filled from the engine's facts.

Violations, missed claims and ù láo use the rulebook's names and explanations (the ruleset's
registry); the kinds the engine has no sentence for are written here, from rule ids, cards and
cước only.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.chan import CHAN, NAME_EN
from engine.chan import render_call as render

Text = tuple[str, str]  # (vi, en)
RULES = CHAN.registry


def _name(rule: str) -> str:
    return RULES.name(rule).vi


@cache
def rule_text(rule: str, card: str) -> Text:
    """A violation: its Vietnamese name and the rulebook's sentence."""
    e = RULES.explanation(rule, card)
    return f"{_name(rule)} ({rule}): {e.vi}", f"{_name(rule)} ({rule}): {e.en}"


@cache
def engine_text(key: str, card: str) -> Text:
    """One of the engine's other explanations: ``bo_u``, ``missed_chiu``, ``u_lao``."""
    e = RULES.explanation(key, card)
    return e.vi, e.en


def stop_u_text(card: str, chiu_u: bool) -> Text:
    """R4.9: an ù on the nọc-stop card let pass — the game ends drawn, so no later win of
    this game can be unpaid for it (R7.1)."""
    how_vi, how_en = (" bằng chíu ù", " by a chíu ù") if chiu_u else ("", "")
    return (f"Bạn ù được{how_vi} quân cuối nọc {card} mà bỏ: ván thành hòa, không ai được "
            f"tiền (R4.9).",
            f"You could win{how_en} on {card}, the last card of the nọc, and let it pass: the "
            f"game ends drawn and nobody is paid (R4.9).")


def bao_text(rule: str) -> Text:
    """R7.3: báo after one of L6–L17."""
    return (f"Phạm lỗi {_name(rule)} ({rule}) nên bị báo: từ giờ chỉ được bốc và dưới, "
            f"và nếu ván có người ù thì phải đền thay làng (R7.3, R4.8).",
            f"{_name(rule)} ({rule}) makes this player báo: from now on it may only draw "
            f"and pass, and pays for the whole table if someone wins (R7.3, R4.8).")


def u_bao_text(rules: Iterable[str], penalty: int) -> Text:
    """R7.4: a win after L3, L4 or L5."""
    names = ", ".join(f"{_name(r)} ({r})" for r in rules)
    return (f"Ù báo: đã phạm {names} trước khi ù, phải đền {penalty} điểm cho mỗi nhà (R7.4).",
            f"Ù báo: the winner committed {names} earlier, and pays {penalty} điểm to every "
            f"other player (R7.4).")


def nghi_text(reasons: Iterable[str]) -> Text:
    """R7.2: the win stands but nobody pays."""
    vi = ", ".join("bỏ ù" if r == "bo_u" else f"{_name(r)} ({r})" for r in reasons)
    en = ", ".join("a missed ù" if r == "bo_u" else f"{_name(r)} ({r})" for r in reasons)
    return (f"Nghỉ ăn tiền: ván ù vẫn được công nhận nhưng không ai phải trả, vì đã {vi} "
            f"(R7.2).",
            f"Nghỉ ăn tiền: the win stands but nobody pays, because of {en} (R7.2).")


def bo_u_text(card: str) -> Text:
    """R7.1: the winner had let an ù pass earlier in the game."""
    return (f"Trước đó trong ván đã bỏ ù {card}: ván ù này bị nghỉ ăn tiền (R7.1).",
            f"Earlier this game the winner let a win on {card} pass: this win is not paid "
            f"(R7.1).")


def _vi(cuoc: Iterable[tuple[str, int]]) -> str:
    return render(cuoc) or "—"


def _en(cuoc: Iterable[tuple[str, int]]) -> str:
    return ", ".join(NAME_EN[c] if n == 1 else f"{n} × {NAME_EN[c]}" for c, n in cuoc) or "—"


def call_wrong_text(cuoc: list[tuple[str, int]], penalty: int) -> Text:
    """R8.2/R8.4: cước called that the win does not have."""
    pay_vi = f", phải đền {penalty} điểm cho mỗi nhà" if penalty else ""
    pay_en = f", and pays {penalty} điểm to every other player" if penalty else ""
    return (f"Xướng sai: {_vi(cuoc)} — ván ù không có cước này{pay_vi} (R8.2).",
            f"Wrong call: {_en(cuoc)} — the win does not hold it{pay_en} (R8.2).")


def call_missing_text(cuoc: list[tuple[str, int]], lost: int) -> Text:
    """R8.3: cước held but not called."""
    return (f"Xướng thiếu: {_vi(cuoc)} — không xướng nên mất {lost} điểm mỗi nhà (R8.3).",
            f"Under-called: {_en(cuoc)} was not called, {lost} điểm less from each player "
            f"(R8.3).")


def call_order_text(expected: list[tuple[str, int]]) -> Text:
    """R8.5: the call was not in canonical order."""
    return (f"Xướng sai thứ tự; thứ tự đúng: {_vi(expected)} (R8.5).",
            f"The call was out of order; in order it is: {_en(expected)} (R8.5).")


def bach_thu_text(cid: str) -> Text:
    """R8.4: a bạch thủ (chi) win called without it."""
    return (f"Ù {_vi([(cid, 1)]).lower()} mà không xướng: bị đền làng (R8.4).",
            f"A {NAME_EN[cid]} win called without it: the winner pays the table (R8.4).")


def waits_text(waits: list[tuple[str, int]]) -> Text:
    """A teaching note: what the hand waits on and how many of each the seat cannot see."""
    vi = ", ".join(f"{c} (còn {n} quân chưa lộ)" for c, n in waits)
    en = ", ".join(f"{c} ({n} unseen)" for c, n in waits)
    return f"Đang chờ ù: {vi}.", f"Waiting to win on: {en}."


def fed_text(card: str, eater: int, eat_event: int) -> Text:
    """A teaching note: a discard the next player ate (at event index `eat_event`; people
    count moves from 1)."""
    return (f"Đánh {card} cho ghế {eater} ăn (nước {eat_event + 1}).",
            f"Discarding {card} let seat {eater} eat it (move {eat_event + 1}).")


def broke_text(waits: list[str]) -> Text:
    """A teaching note: an eat after which the hand no longer waits."""
    cards = ", ".join(waits)
    return (f"Ăn quân này làm mất thế chờ ù (đang chờ {cards}).",
            f"This eat broke the wait (the hand was waiting on {cards}).")
