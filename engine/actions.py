"""Actions: small immutable values with a text form and a JSON form that round-trip.

Text form: ``"<seat> <act> [card]"`` — ``"0 discard 9v"``, ``"1 eat 9n"`` (the hand card),
``"2 draw"`` or ``"2 draw 5s"``, ``"3 pass"``, ``"1 chiu"``, ``"1 return 4s"``, ``"2 win"``,
``"2 decline"``, ``"2 call chi bach_thu leo:2"``. JSON form: a FORMATS.md event.

``Act`` names every act of every game (FORMATS' event names); each ruleset says which it has
(``Ruleset.acts``). ``Action`` is Chắn's event (FORMATS' first table); another game's actions
subclass it with their own fields and forms (engine/totom/actions.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic

from engine.errors import BadAction, BadCardCode
from engine.kind import K
from engine.ruleset import Ruleset, ruleset_named


class Act(StrEnum):
    """What a player does (FORMATS event ``act``); ``decline`` is never written to a record."""

    DISCARD = "discard"  # đánh
    DRAW = "draw"  # bốc
    EAT = "eat"  # ăn
    PASS = "pass"  # dưới
    CHIU = "chiu"  # chíu
    RETURN = "return"  # trả cửa
    WIN = "win"  # ù
    CALL = "call"  # xướng
    DECLINE = "decline"  # let a claim window pass (R4.2): implied in records
    # Tổ tôm (TOTOM T4.15)
    UP_KHAN = "up_khan"  # lay a khàn face down at the opening
    UP_THIEN_KHAI = "up_thien_khai"  # lay a thiên khai face down at the opening
    BAT_THUC = "bat_thuc"  # give up a khàn or thiên khai as a lưng
    REVEAL = "reveal"  # show a thiên khai
    PHONG = "phong"  # take the live card with a pair
    DAY_KHAN = "day_khan"  # take the live card onto a face-down khàn
    HA_TRUNG = "ha_trung"  # lay a copy of the live card onto one's mat run

    def __str__(self) -> str:
        return self.value


_WITH_CARD = frozenset({Act.DISCARD, Act.EAT, Act.RETURN})

Call = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Action(Generic[K]):
    """One decision of one seat.

    ``card`` is the discarded or returned card, the hand card that eats (FORMATS ``with``), or
    the drawn card (optional, checked against the nọc). ``cuoc`` is the call of a ``call``.
    """

    seat: int
    act: Act
    card: K | None = None
    cuoc: Call = ()

    def __post_init__(self) -> None:
        if self.act in _WITH_CARD and self.card is None:
            raise BadAction(f"'{self.act}' needs a card")
        if self.act not in _WITH_CARD and self.act is not Act.DRAW and self.card is not None:
            raise BadAction(f"'{self.act}' takes no card")
        if self.cuoc:
            if self.act is not Act.CALL:
                raise BadAction(f"'{self.act}' takes no cước")
            # never a count beyond what a hand can hold (issue 13); the default game's calls
            # (FORMATS: a record without "game" is Chắn)
            ruleset_named().check_call(self.cuoc)

    def __str__(self) -> str:
        text = f"{self.seat} {self.act.value}"
        if self.card is not None:
            text += f" {self.card}"
        for cid, n in self.cuoc:
            text += f" {cid}" if n == 1 else f" {cid}:{n}"
        return text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def recorded(self) -> bool:
        """Whether this action is written to a game record (everything but decline)."""
        return self.act is not Act.DECLINE

    @classmethod
    def parse(cls, text: str, ruleset: Ruleset | None = None) -> Action[K]:
        """Read the text form (cards and cước of ``ruleset``; by default the default game's,
        FORMATS: Chắn)."""
        rs = ruleset_named() if ruleset is None else ruleset
        parts = text.split()
        if len(parts) < 2:
            raise BadAction(f"'{text}': an action is '<seat> <act> [card]', e.g. '0 discard 9v'")
        try:
            seat = int(parts[0])
        except ValueError:
            raise BadAction(f"'{text}': the seat must be a number, not '{parts[0]}'") from None
        try:
            act = Act(parts[1])
            if act not in rs.acts:
                raise ValueError(act)
        except ValueError:
            acts = ", ".join(a.value for a in Act if a in rs.acts)
            raise BadAction(f"'{text}': unknown act '{parts[1]}' (one of {acts})") from None
        if act is Act.CALL:
            cuoc = []
            for tok in parts[2:]:
                name, _, n = tok.partition(":")
                cuoc.append((rs.parse_cuoc_id(name), _count(n or "1", text)))
            return cls(seat, act, None, tuple(cuoc))
        if len(parts) > 3:
            raise BadAction(f"'{text}': too many words")
        card: Any = None
        if len(parts) == 3:
            try:
                card = rs.parse_card(parts[2])
            except BadCardCode as e:
                raise BadAction(f"'{text}': {e}") from None
        return cls(seat, act, card)

    def to_json(self) -> dict[str, Any]:
        """The FORMATS.md event of this action."""
        out: dict[str, Any] = {"seat": self.seat, "act": self.act.value}
        if self.act is Act.EAT:
            out["with"] = str(self.card)
        elif self.card is not None:
            out["card"] = str(self.card)
        if self.act is Act.CALL:
            out["cuoc"] = [[cid, n] for cid, n in self.cuoc]
        return out

    @classmethod
    def from_json(cls, data: object, ruleset: Ruleset | None = None) -> Action[K]:
        """Read a FORMATS.md event (of ``ruleset``'s game; by default Chắn's); raise BadAction
        saying what is wrong."""
        rs = ruleset_named() if ruleset is None else ruleset
        if not isinstance(data, dict):
            raise BadAction(f"an event is an object, not {type(data).__name__}")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise BadAction(f"'seat' must be a seat number, not {seat!r}")
        raw_act = data.get("act")
        try:
            act = Act(raw_act if isinstance(raw_act, str) else "")
            if act not in rs.acts:
                raise ValueError(act)
        except ValueError:
            acts = ", ".join(a.value for a in Act if a is not Act.DECLINE and a in rs.acts)
            raise BadAction(f"unknown act {raw_act!r} (one of {acts})") from None
        if act is Act.DECLINE:
            raise BadAction("'decline' is never recorded: a claim window no event takes up was "
                            "declined")
        key = "with" if act is Act.EAT else "card"
        card: Any = None
        if key in data:
            value = data[key]
            if not isinstance(value, str):
                raise BadAction(f"'{key}' must be a card code, not {value!r}")
            try:
                card = rs.parse_card(value)
            except BadCardCode as e:
                raise BadAction(f"'{key}': {e}") from None
        elif act in _WITH_CARD:
            raise BadAction(f"a '{act}' event needs '{key}'")
        cuoc: list[tuple[str, int]] = []
        if act is Act.CALL:
            raw = data.get("cuoc")
            if not isinstance(raw, list):
                raise BadAction("a 'call' event needs 'cuoc': [[id, count], ...]")
            for item in raw:
                if not (isinstance(item, list) and len(item) == 2):
                    raise BadAction(f"each cước is [id, count], not {item!r}")
                name, n = item
                if not isinstance(name, str):
                    raise BadAction(f"a cước id is text, not {name!r}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    raise BadAction(f"a cước count is a whole number ≥ 1, not {n!r}")
                cuoc.append((rs.parse_cuoc_id(name), n))
        return cls(seat, act, card, tuple(cuoc))


def _count(text: str, whole: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise BadAction(f"'{whole}': a cước count must be a number, not '{text}'") from None
    if n < 1:
        raise BadAction(f"'{whole}': a cước count must be ≥ 1")
    return n


def discard(seat: int, card: K) -> Action[K]:
    """Đánh ``card``."""
    return Action(seat, Act.DISCARD, card)


def eat(seat: int, with_: K) -> Action[K]:
    """Ăn the entitled card with the hand card ``with_``."""
    return Action(seat, Act.EAT, with_)


def draw(seat: int, card: K | None = None) -> Action[K]:
    """Bốc the top of the nọc."""
    return Action(seat, Act.DRAW, card)


def pass_(seat: int) -> Action:
    """Dưới: leave the card just drawn."""
    return Action(seat, Act.PASS)


def chiu(seat: int) -> Action:
    """Chíu the live card."""
    return Action(seat, Act.CHIU)


def return_(seat: int, card: K) -> Action[K]:
    """Trả cửa with ``card`` after a chíu."""
    return Action(seat, Act.RETURN, card)


def win(seat: int) -> Action:
    """Ù."""
    return Action(seat, Act.WIN)


def decline(seat: int) -> Action:
    """Let the claim window pass."""
    return Action(seat, Act.DECLINE)


def call(seat: int, cuoc: Call) -> Action:
    """Xướng: the cước in the order said, with counts."""
    return Action(seat, Act.CALL, None, tuple(cuoc))
