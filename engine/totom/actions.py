"""Tổ tôm's actions (TOTOM T4.15): the core's action with the fields Tổ tôm's events carry, and
their text and JSON forms (FORMATS "Tổ tôm records").

Text form: ``"<seat> <act> ..."`` —
``"0 up_khan 5v"``, ``"0 up_thien_khai 5v"``, ``"0 bat_thuc 5v"``, ``"0 reveal 5v"``,
``"0 discard 9v"``, ``"1 draw"`` / ``"1 draw 5s"``, ``"1 pass"``, ``"2 return 4s"``,
``"1 eat 3v 4v"`` (the hand cards), ``"1 eat 7v onto 2"`` (gá onto mat meld 2), ``"1 eat"`` (a
yêu alone), ``"3 phong"``, ``"3 day_khan"`` / ``"3 day_khan 7v 8v"`` (with a run, T4.8),
``"1 ha_trung 5v onto 0"``, ``"2 win"`` / ``"2 win phong"`` / ``"2 win khong_phong"`` (T5.6),
``"2 call khan:9v tom:2 leo"`` (T7.5), ``"2 decline"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import Act, Action
from engine.errors import BadAction
from engine.totom.call import CallToken
from engine.totom.cards import Card, format_cards, parse_card
from engine.totom.errors import BadCall, BadCard

ACTS = frozenset({Act.DISCARD, Act.DRAW, Act.EAT, Act.PASS, Act.RETURN, Act.WIN, Act.CALL,
                  Act.DECLINE, Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC, Act.REVEAL,
                  Act.PHONG, Act.DAY_KHAN, Act.HA_TRUNG})
# Acts that name a kind (FORMATS ``kind``) or a card (``card``).
KIND_ACTS = frozenset({Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC, Act.REVEAL})
CARD_ACTS = frozenset({Act.DISCARD, Act.RETURN, Act.HA_TRUNG})
# A seat's observation hides the kind of another seat's face-down khàn (T4.1): these may then
# carry no kind.
SECRET_ACTS = frozenset({Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC})
_STATEMENT = {"phong": True, "khong_phong": False}


@dataclass(frozen=True, slots=True)
class TomAction(Action[Card]):
    """One decision of one seat in Tổ tôm.

    ``card`` is the discarded, returned, drawn or hạ trùng card, or the kind of an ``up_khan``,
    ``up_thien_khai``, ``bat_thuc`` or ``reveal``; ``cards`` the hand cards of an ``eat``
    (FORMATS ``with``) or the run of a ``day_khan``; ``onto`` the index of the seat's mat meld
    a gá or a hạ trùng goes onto; ``phong`` the winner's statement (T5.6: True phỗng, False
    không phỗng, None unsaid); ``tokens`` the call, in the order said (T7.5).
    """

    cards: tuple[Card, ...] = ()
    onto: int | None = None
    phong: bool | None = None
    tokens: tuple[CallToken, ...] = ()

    def __post_init__(self) -> None:
        act = self.act
        if act not in ACTS:
            raise BadAction(f"'{act}' is not a Tổ tôm act (one of "
                            f"{', '.join(a.value for a in Act if a in ACTS)})")
        if self.cuoc:
            raise BadAction("a Tổ tôm call says tokens, not Chắn's cước")
        needs_card = act in CARD_ACTS or (act in KIND_ACTS and act not in SECRET_ACTS)
        if needs_card and self.card is None:
            raise BadAction(f"'{act}' needs a card")
        if self.card is not None and act not in CARD_ACTS | KIND_ACTS | {Act.DRAW}:
            raise BadAction(f"'{act}' takes no card")
        if self.cards and act not in (Act.EAT, Act.DAY_KHAN):
            raise BadAction(f"'{act}' takes no hand cards")
        if act is Act.DAY_KHAN and len(self.cards) not in (0, 2):
            raise BadAction("'day_khan' takes no cards, or the two hand cards of a run (T4.8)")
        if act is Act.HA_TRUNG and self.onto is None:
            raise BadAction("'ha_trung' names the mat meld it goes onto (T4.12)")
        if self.onto is not None and (act not in (Act.EAT, Act.HA_TRUNG) or self.onto < 0):
            raise BadAction(f"'{act}' goes onto no mat meld" if act not in (Act.EAT, Act.HA_TRUNG)
                            else "a mat meld's index is 0 or more")
        if self.phong is not None and act is not Act.WIN:
            raise BadAction(f"'{act}' says no phỗng statement")
        if self.tokens and act is not Act.CALL:
            raise BadAction(f"'{act}' says no call")

    def __str__(self) -> str:
        text = f"{self.seat} {self.act.value}"
        if self.card is not None:
            text += f" {self.card}"
        if self.cards:
            text += f" {format_cards(self.cards)}"
        if self.onto is not None:
            text += f" onto {self.onto}"
        if self.phong is not None:
            text += " phong" if self.phong else " khong_phong"
        for t in self.tokens:
            text += f" {t}"
        return text

    def __repr__(self) -> str:
        return f"TomAction.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, ruleset: object = None) -> TomAction:
        """Read the text form (module docstring); BadAction saying what is wrong."""
        parts = text.split()
        if len(parts) < 2:
            raise BadAction(f"'{text}': an action is '<seat> <act> ...', e.g. '0 discard 9v'")
        try:
            seat = int(parts[0])
        except ValueError:
            raise BadAction(f"'{text}': the seat must be a number, not '{parts[0]}'") from None
        act = _act(parts[1], text)
        words = parts[2:]
        try:
            if act is Act.CALL:
                return cls(seat, act, tokens=tuple(CallToken.parse(w) for w in words))
            if act is Act.WIN:
                if len(words) > 1 or (words and words[0] not in _STATEMENT):
                    raise BadAction(f"'{text}': a win says 'phong', 'khong_phong' or nothing")
                return cls(seat, act, phong=_STATEMENT[words[0]] if words else None)
            onto = None
            if "onto" in words:
                at = words.index("onto")
                if at != len(words) - 2:
                    raise BadAction(f"'{text}': 'onto' is followed by one meld index, last")
                onto = _index(words[-1], text)
                words = words[:at]
            cards = tuple(parse_card(w) for w in words)
        except (BadCard, BadCall) as e:
            raise BadAction(f"'{text}': {e}") from None
        if act in (Act.EAT, Act.DAY_KHAN):
            return cls(seat, act, cards=cards, onto=onto)
        if len(cards) > 1:
            raise BadAction(f"'{text}': too many cards")
        if not cards and act in KIND_ACTS:
            raise BadAction(f"'{text}': '{act}' names its kind, e.g. '{seat} {act} 5v'")
        return cls(seat, act, cards[0] if cards else None, onto=onto)

    def to_json(self) -> dict[str, Any]:
        """The FORMATS event of this action."""
        out: dict[str, Any] = {"seat": self.seat, "act": self.act.value}
        if self.card is not None:
            out["kind" if self.act in KIND_ACTS else "card"] = str(self.card)
        if self.act is Act.EAT:
            out["with"] = [str(c) for c in self.cards]
        elif self.cards:
            out["run"] = [str(c) for c in self.cards]
        if self.onto is not None:
            out["onto"] = self.onto
        if self.phong is not None:
            out["phong"] = self.phong
        if self.act is Act.CALL:
            out["tokens"] = [t.to_json() for t in self.tokens]
        return out

    @classmethod
    def from_json(cls, data: object, ruleset: object = None) -> TomAction:
        """Read a FORMATS event of a Tổ tôm game; BadAction saying what is wrong."""
        if not isinstance(data, dict):
            raise BadAction(f"an event is an object, not {type(data).__name__}")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise BadAction(f"'seat' must be a seat number, not {seat!r}")
        raw = data.get("act")
        act = _act(raw if isinstance(raw, str) else repr(raw), None)
        if act is Act.DECLINE:
            raise BadAction("'decline' is never recorded: a claim window no event takes up was "
                            "declined")
        known = {"seat", "act", "kind", "card", "with", "run", "onto", "phong", "tokens"}
        extra = sorted(str(k) for k in set(data) - known)
        if extra:
            raise BadAction(f"a '{act}' event has unknown field(s): {', '.join(extra)}")
        try:
            key = "kind" if act in KIND_ACTS else "card"
            card = _card(data[key], key) if key in data else None
            cards: tuple[Card, ...] = ()
            if act is Act.EAT:
                if "with" not in data:
                    raise BadAction("an 'eat' event needs 'with': [hand cards] (may be empty)")
                cards = _cards(data["with"], "with")
            elif "run" in data:
                cards = _cards(data["run"], "run")
            onto = data.get("onto")
            if onto is not None and (not isinstance(onto, int) or isinstance(onto, bool)):
                raise BadAction(f"'onto' must be a mat meld's index, not {onto!r}")
            phong = data.get("phong")
            if phong is not None and not isinstance(phong, bool):
                raise BadAction(f"'phong' must be true or false, not {phong!r}")
            tokens: tuple[CallToken, ...] = ()
            if act is Act.CALL:
                raw_tokens = data.get("tokens")
                if not isinstance(raw_tokens, list):
                    raise BadAction("a 'call' event needs 'tokens': [...] in the order said")
                tokens = tuple(CallToken.from_json(t) for t in raw_tokens)
        except BadCall as e:
            raise BadAction(str(e)) from None
        if card is None and act in (CARD_ACTS | KIND_ACTS):
            raise BadAction(f"a '{act}' event needs '{key}'")
        return cls(seat, act, card, cards=cards, onto=onto, phong=phong, tokens=tokens)


def _act(word: str, text: str | None) -> Act:
    try:
        act = Act(word)
    except ValueError:
        act = None
    if act is None or act not in ACTS:
        acts = ", ".join(a.value for a in Act if a in ACTS and (text or a is not Act.DECLINE))
        where = f"'{text}': " if text else ""
        raise BadAction(f"{where}unknown act {word!r} (one of {acts})")
    return act


def _index(word: str, text: str) -> int:
    if not word.isdigit():
        raise BadAction(f"'{text}': a mat meld's index is a whole number, not '{word}'")
    return int(word)


def _card(value: object, key: str) -> Card:
    if not isinstance(value, str):
        raise BadAction(f"'{key}' must be a card code, not {value!r}")
    try:
        return parse_card(value)
    except BadCard as e:
        raise BadAction(f"'{key}': {e}") from None


def _cards(values: object, key: str) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise BadAction(f"'{key}' must be a list of card codes")
    return tuple(_card(v, key) for v in values)


def action(text: str) -> TomAction:
    """``TomAction.parse`` for short test and lesson code."""
    return TomAction.parse(text)
