"""Words the drills put around the engine's facts: cards, seats, moves, cước — both languages."""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import Act, Action
from engine.chan import CHAN, NAME_EN, NAME_VI, Card
from engine.chan import render_call as render
from lessons.item import Text

RULES = CHAN.registry  # every rule's names (the rulebook)


def card(c: Card | int | str) -> Text:
    """``Cửu vạn (9v)`` / ``9v (cửu vạn)``."""
    k = Card.parse(c) if isinstance(c, str) else Card(c)
    return Text(f"{k.name_vi} ({k.code})", f"{k.code} ({k.name_vi.lower()})")


def cards(cs: Iterable[Card | int | str]) -> Text:
    """Several cards, comma separated."""
    items = [card(c) for c in cs]
    return Text(", ".join(t.vi for t in items) or "—", ", ".join(t.en for t in items) or "—")


def codes(cs: Iterable[Card | int]) -> list[str]:
    """The R1.3 codes of some cards."""
    return [str(Card(c)) for c in cs]


def seat(s: int) -> Text:
    """``ghế 2`` / ``seat 2``."""
    return Text(f"ghế {s}", f"seat {s}")


def rule_name(rule: str) -> Text:
    """The name of a lỗi or other judgement: ``Ăn treo tranh (L1)``."""
    vi, en = RULES.name(rule)
    if RULES.fault(rule) is not None:
        return Text(f"{vi} ({rule})", f"{vi} ({rule}: {en})")
    return Text(vi, f"{vi} ({en})")


def move(a: Action, live: Card | None = None) -> Text:
    """A proposed move in words: ``ăn 9v bằng 9n`` / ``eat 9v with 9n``."""
    c = None if a.card is None else card(a.card)
    if a.act is Act.EAT and c is not None:
        x = Text("quân được ăn", "the card") if live is None else card(live)
        return Text(f"ăn {x.vi} bằng {c.vi}", f"eat {x.en} with {c.en}")
    if a.act is Act.DISCARD and c is not None:
        return Text(f"đánh {c.vi}", f"discard {c.en}")
    if a.act is Act.RETURN and c is not None:
        return Text(f"trả cửa {c.vi}", f"return {c.en} (trả cửa)")
    words = {Act.DRAW: ("bốc", "draw"), Act.PASS: ("dưới", "pass (dưới)"),
             Act.CHIU: ("chíu", "chíu"), Act.WIN: ("ù", "declare ù"),
             Act.DECLINE: ("bỏ qua, không ù không chíu", "let it pass"),
             Act.CALL: ("xướng", "call")}
    vi, en = words[a.act]
    return Text(vi, en)


def call_text(call: Iterable[tuple[str, int]]) -> Text:
    """A call in words: the engine's rendering (R8.6) and the English names."""
    items = list(call)
    en = ", ".join(NAME_EN[c] if n == 1 else f"{n} × {NAME_EN[c]}" for c, n in items)
    return Text(render(items) or "—", en or "—")


def cuoc_name(cid: str) -> Text:
    """One cước by name."""
    return Text(NAME_VI[cid], NAME_EN[cid])
