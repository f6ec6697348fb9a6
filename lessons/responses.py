"""Reading the learner's answers: each reader accepts the few shapes the UI may send and
raises BadResponse for anything else (a wrong answer is graded, a malformed one refused)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

from engine.chan import Card
from engine.errors import BadCardCode
from lessons.item import JSON, BadResponse

T = TypeVar("T")


def bad(what_en: str, what_vi: str, value: object) -> BadResponse:
    """The error for a response that is not of the expected shape."""
    return BadResponse(f"the answer must be {what_en}, not {value!r}",
                       f"câu trả lời phải là {what_vi}, không phải {value!r}")


def whole(value: object, what_en: str = "a whole number",
          what_vi: str = "một số nguyên") -> int:
    """An int (not a bool)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise bad(what_en, what_vi, value)
    return value


def field(response: JSON, key: str, *aliases: str) -> JSON:
    """``response[key]`` for a dict (or an alias), else the response itself."""
    if isinstance(response, dict):
        for k in (key, *aliases):
            if k in response:
                return response[k]
        raise bad(f"an object with '{key}'", f"một đối tượng có '{key}'", response)
    return response


def card(value: object) -> Card:
    """A card code (or name) as text."""
    if not isinstance(value, str):
        raise bad("a card code like '9v'", "mã quân bài như '9v'", value)
    try:
        return Card.parse(value)
    except BadCardCode as e:
        raise BadResponse(str(e), e.vi or str(e)) from None


def card_list(value: object) -> list[Card]:
    """A list of card codes (a string of codes separated by spaces is accepted too)."""
    return codes(value, card)


def codes(value: object, read: Callable[[object], T]) -> list[T]:
    """A list of codes, each read by ``read`` (a string of codes separated by spaces or commas
    is accepted too)."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple):
        raise bad("a list of card codes", "danh sách mã quân bài", value)
    return [read(v) for v in value]


def groups(value: object) -> Counter[tuple[Card, ...]]:
    """A list of card groups (each a list of codes, or one code for a lone card), as a
    multiset of sorted tuples: the order of groups and within a group does not matter."""
    if not isinstance(value, list | tuple):
        raise bad("a list of card groups", "danh sách các nhóm quân", value)
    out: Counter[tuple[Card, ...]] = Counter()
    for g in value:
        cs = [card(g)] if isinstance(g, str) else card_list(g)
        out[tuple(sorted(cs))] += 1
    return out


def strings(value: object) -> list[str]:
    """A list of short texts (rule ids)."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise bad("a list of texts", "một danh sách chữ", value)
    return [str(v) for v in value]


def same_cards(a: Iterable[Card], b: Iterable[Card]) -> bool:
    """Equal as multisets."""
    return Counter(a) == Counter(b)
