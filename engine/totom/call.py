"""The call (xướng): tokens, their canonical order, and judging a call against the hand (T7.5–T7.6).

Text form of a token (T7.5): ``khan:9v``, ``bat_thuc:9v:an_ca``, ``bat_thuc:9v:danh:1``, and the
scoring tokens ``suong thong kinh_tu_co chi_nay bach_dinh thap_hong|thap_nhi_hong
kinh_co|kinh_nhi_co tom leo``, a count after a colon (``tom:2``). JSON form (FORMATS):
``["khan", K]``, ``["bat_thuc", K, n]`` (n cards of it discarded, 0 = ăn cả), ``[cuoc_id, count]``;
TC ids (``TC3``) are read as their cước.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.totom.cards import Card, parse_card
from engine.totom.cuoc import (
    CANONICAL,
    COUNTED,
    CUOC_IDS,
    FOUR_PLAYER_NAMES,
    NAMES_VI,
    SAC,
    TC_IDS,
    score,
    spoken,
)
from engine.totom.errors import BadCall, BadCard
from engine.totom.judged import Constraints, Judged, judged_arrangement
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules

PROCEDURE = ("khan", "bat_thuc")
_BY_NAME = {name: cuoc for cuoc, name in FOUR_PLAYER_NAMES.items()}
_BY_NAME.update({c: c for c in CUOC_IDS})
_BY_NAME.update({tc: c for c, tc in TC_IDS.items()})


@dataclass(frozen=True, slots=True)
class CallToken:
    """One token of a call (T7.5).

    ``name`` is what was said: ``khan``, ``bat_thuc`` or a scoring name (``thap_nhi_hong`` kept
    as said). ``card`` names the khàn or bất thực; ``count`` is a cước's count, or for a bất
    thực the cards of it discarded (0 = ăn cả).
    """

    name: str
    card: Card | None = None
    count: int = 1

    def __post_init__(self) -> None:
        if self.name in PROCEDURE:
            if self.card is None:
                raise BadCall(f"'{self.name}' names its kind, e.g. '{self.name}:9v' (T7.5)",
                              vi=f"'{self.name}' phải nêu quân, ví dụ '{self.name}:9v' (T7.5)")
            low = 0 if self.name == "bat_thuc" else 1
            if self.count < low or (self.name == "khan" and self.count != 1) or self.count > 2:
                raise BadCall(f"'{self.name}:{self.card}' cannot say {self.count} (T7.5)",
                              vi=f"'{self.name}:{self.card}' không thể là {self.count}")
            return
        if self.name not in _BY_NAME or self.name.startswith("TC"):
            raise BadCall(f"'{self.name}' is no call token (T7.5): say one of "
                          f"{', '.join(PROCEDURE + CUOC_IDS)}",
                          vi=f"'{self.name}' không phải lời xướng (T7.5)")
        if self.card is not None or not 1 <= self.count <= 4:
            raise BadCall(f"'{self.name}' takes a count from 1 to 4, not {self.count} (T7.5)",
                          vi=f"'{self.name}' chỉ có số lần từ 1 đến 4 (T7.5)")

    @property
    def cuoc(self) -> str | None:
        """The cước id of a scoring token (``thap_nhi_hong`` → ``thap_hong``), else None."""
        return _BY_NAME.get(self.name) if self.name not in PROCEDURE else None

    @classmethod
    def parse(cls, text: str) -> CallToken:
        """Read the text form (T7.5)."""
        parts = text.strip().split(":")
        name = _BY_NAME.get(parts[0], parts[0]) if parts[0].startswith("TC") else parts[0]
        try:
            if name == "khan" and len(parts) == 2:
                return cls(name, parse_card(parts[1]))
            if name == "bat_thuc" and len(parts) == 3 and parts[2] == "an_ca":
                return cls(name, parse_card(parts[1]), 0)
            if name == "bat_thuc" and len(parts) == 4 and parts[2] == "danh":
                return cls(name, parse_card(parts[1]), _number(parts[3], text))
            if name not in PROCEDURE and len(parts) <= 2:
                return cls(name, None, _number(parts[1], text) if len(parts) == 2 else 1)
        except BadCard as e:
            raise BadCall(f"'{text}': {e}", vi=f"'{text}': {e.vi or e}") from None
        raise BadCall(f"'{text}' is no call token: write e.g. 'khan:9v', 'bat_thuc:9v:an_ca', "
                      f"'bat_thuc:9v:danh:1', 'tom:2' (T7.5)",
                      vi=f"'{text}' không phải lời xướng (T7.5)")

    def __str__(self) -> str:
        if self.name == "khan":
            return f"khan:{self.card}"
        if self.name == "bat_thuc":
            return f"bat_thuc:{self.card}:" + ("an_ca" if not self.count else f"danh:{self.count}")
        return self.name if self.count == 1 else f"{self.name}:{self.count}"

    def to_json(self) -> list[Any]:
        """FORMATS: ``["khan", K]``, ``["bat_thuc", K, n]``, ``[cuoc_id, count]``."""
        if self.name == "khan":
            return ["khan", str(self.card)]
        if self.name == "bat_thuc":
            return ["bat_thuc", str(self.card), self.count]
        return [self.name, self.count]

    @classmethod
    def from_json(cls, data: object) -> CallToken:
        """Read the JSON form (TC ids accepted for cước)."""
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise BadCall(f"a call token is a list like [\"tom\", 1], not {data!r}",
                          vi="lời xướng phải là danh sách như [\"tom\", 1]")
        name = _BY_NAME.get(data[0], data[0]) if data[0].startswith("TC") else data[0]
        try:
            if name == "khan" and len(data) == 2 and isinstance(data[1], str):
                return cls(name, parse_card(data[1]))
            if name == "bat_thuc" and len(data) == 3 and isinstance(data[1], str) \
                    and _whole(data[2]):
                return cls(name, parse_card(data[1]), data[2])
            if name not in PROCEDURE and len(data) == 2 and _whole(data[1]):
                return cls(name, None, data[1])
        except BadCard as e:
            raise BadCall(f"{data!r}: {e}", vi=f"{data!r}: {e.vi or e}") from None
        raise BadCall(f"{data!r} is no call token (FORMATS: [\"khan\", K], "
                      f"[\"bat_thuc\", K, n], [cuoc_id, count])",
                      vi=f"{data!r} không phải lời xướng")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(text: str, where: str) -> int:
    if not text.isdigit():
        raise BadCall(f"'{where}': the count must be a whole number",
                      vi=f"'{where}': số lần phải là số nguyên")
    return int(text)


def parse_call(text: str) -> tuple[CallToken, ...]:
    """Tokens separated by spaces or commas, in the order said."""
    return tuple(CallToken.parse(t) for t in text.replace(",", " ").split())


def format_call(tokens: Iterable[CallToken]) -> str:
    """The inverse of parse_call."""
    return " ".join(str(t) for t in tokens)


def canonical_rank(token: CallToken) -> int:
    """A scoring token's place in the canonical order (T7.5); suông stands with none."""
    cuoc = token.cuoc
    return CANONICAL.index(cuoc) if cuoc in CANONICAL else -1


def canonical(tokens: Iterable[CallToken]) -> tuple[CallToken, ...]:
    """The call in T7.5's order: khàn, then bất thực, then the scoring tokens high to low."""
    tokens = list(tokens)
    khan = [t for t in tokens if t.name == "khan"]
    bat = [t for t in tokens if t.name == "bat_thuc"]
    scoring = sorted((t for t in tokens if t.name not in PROCEDURE), key=canonical_rank)
    return tuple(khan + bat + scoring)


def call_for(cuoc: Mapping[str, int], players: int = 5) -> tuple[CallToken, ...]:
    """The scoring tokens that call exactly these cước, in canonical order."""
    return canonical(CallToken(spoken(c, players), None, n) for c, n in cuoc.items())


def say(tokens: Iterable[CallToken]) -> str:
    """The call as a player says it: "Ù thông thập hồng tôm lèo", "Ù suông" (T7.5)."""
    words = []
    for t in tokens:
        if t.name == "khan":
            words.append(f"dậy khàn {t.card.name_vi.lower() if t.card else ''}")
        elif t.name == "bat_thuc":
            name = t.card.name_vi.lower() if t.card else ""
            words.append(f"bất thực {name} " + ("ăn cả" if not t.count else f"đánh {t.count}"))
        else:
            word = NAMES_VI.get(t.name, t.name)
            words.append(word if t.count == 1 else f"{t.count} {word}")
    scoring = [t for t in tokens if t.name not in PROCEDURE]
    return "Ù " + " ".join(words) if scoring else " ".join(["Ù", *words, "suông"]).strip()


# ----------------------------------------------------------------------- judging (T7.6)


@dataclass(frozen=True, slots=True)
class CallJudgement:
    """What T7.6 finds in a call; the verdict itself is the state machine's (T6.1).

    Token positions index the call as said. ``over`` (TD8) lists false tokens with the
    reason; ``misplaced`` the tokens said after a later one in the canonical order;
    ``under`` the cước the judged arrangement holds beyond the call; ``procedure`` the
    faults of the khàn and bất thực tokens (TN4, TN5, TN8), with a token position or None.
    """

    judged: Judged
    over: tuple[tuple[int, str], ...]
    misplaced: tuple[int, ...]
    under: dict[str, int] = field(hash=False)
    paid: dict[str, int] = field(hash=False)
    score: int
    true_score: int
    procedure: tuple[tuple[str, int | None], ...]
    procedure_cards: tuple[Card | None, ...] = ()  # the khàn or bất thực each procedure fault
    # names, in the order of ``procedure``

    @property
    def td8(self) -> bool:
        """Xướng gian: a false token, or (call_order = wrong) a misplaced one."""
        return bool(self.over)


def judge_call(call: Sequence[CallToken], position: Position, w: Card | None,
               rules: TomRules = DEFAULT_RULES, *, phong: bool | None = None,
               thong: bool = False,
               bat_thuc_discarded: Mapping[Card, int] | None = None) -> CallJudgement | None:
    """T7.6 on a call; None when position + W does not win at all (TD1, T5.2).

    ``thong`` is the right to TC2 (from the hội); ``bat_thuc_discarded`` the cards of each
    bất thực that were discarded, when the caller knows them (TN8's "reported wrongly").
    """
    scoring = [(i, t) for i, t in enumerate(call) if t.name not in PROCEDURE]
    said: dict[str, int] = {}
    for _, t in scoring:
        cuoc = t.cuoc
        assert cuoc is not None
        said[cuoc] = said.get(cuoc, 0) + t.count
    constraints = Constraints(phong, said.get("tom", 0), said.get("leo", 0))
    judged = judged_arrangement(position, w, rules, constraints, thong=thong)
    if judged is None:
        return None
    best = judged if not said else judged_arrangement(position, w, rules, Constraints(phong),
                                                      thong=thong)
    assert best is not None
    have = judged.cuoc
    over: list[tuple[int, str]] = []
    left = dict(have)
    sac_said = any(c in SAC for c in said)
    for i, t in scoring:
        cuoc = t.cuoc
        assert cuoc is not None
        reason = None
        if spoken(cuoc, rules.players) != t.name:
            reason = f"'{t.name}' is not said at {rules.players} players (T7.3)"
        elif cuoc == "suong":
            if sac_said:
                reason = "suông beside a cước sắc (T7.6)"
        elif cuoc == "thong" and not (thong and rules.allow_thong):
            reason = "no right to thông (TC2)"
        elif cuoc not in COUNTED and t.count > 1:
            reason = f"{cuoc} holds once at most"
        elif left.get(cuoc, 0) < t.count:
            reason = f"the hand has {have.get(cuoc, 0)} {cuoc}" if cuoc in COUNTED \
                else f"the hand has no {cuoc}"
        if reason is None and cuoc in left:
            left[cuoc] -= t.count
        if reason is not None:
            over.append((i, reason))
    misplaced = _misplaced(scoring)
    if rules.call_order == "wrong":
        false = {i for i, _ in over}
        over += [(i, "said out of the canonical order (T7.5, call_order = wrong)")
                 for i in misplaced if i not in false]
        over.sort()
    false = {i for i, _ in over}
    paid: dict[str, int] = {}
    for i, t in scoring:
        if i in false or (rules.call_order == "unpaid" and i in misplaced):
            continue
        cuoc = t.cuoc
        assert cuoc is not None
        if cuoc != "suong":
            paid[cuoc] = paid.get(cuoc, 0) + t.count
    under = {c: n - said.get(c, 0) for c, n in have.items()
             if c != "suong" and n > said.get(c, 0)}
    procedure = _procedure(call, position, bat_thuc_discarded)
    return CallJudgement(judged, tuple(over), misplaced, under, paid, score(paid, rules),
                         best.score, tuple((r, i) for r, i, _ in procedure),
                         tuple(k for _, _, k in procedure))


def _misplaced(scoring: list[tuple[int, CallToken]]) -> tuple[int, ...]:
    """T7.6: scoring tokens said after one that comes later in the canonical order."""
    out = []
    highest = -1
    for i, t in scoring:
        rank = canonical_rank(t)
        if rank < 0:
            continue
        if rank < highest:
            out.append(i)
        highest = max(highest, rank)
    return tuple(out)


def _procedure(call: Sequence[CallToken], position: Position,
               discarded: Mapping[Card, int] | None
               ) -> tuple[tuple[str, int | None, Card | None], ...]:
    """TN4, TN5, TN8 (T6.2) from the khàn and bất thực tokens of the call (T5.8), each with
    the token's position and the kind it is about."""
    out: list[tuple[str, int | None, Card | None]] = []
    first_scoring = next((i for i, t in enumerate(call) if t.name not in PROCEDURE), len(call))
    face_down = [m.cards[0] for m in position.mat if m.face_down]
    for kind in face_down:
        said = [i for i, t in enumerate(call) if t.name == "khan" and t.card == kind]
        if not said:
            out.append(("TN5", None, kind))  # khê khàn: never turned up
        elif said[0] > first_scoring:
            out.append(("TN4", said[0], kind))  # hô ù rồi mới dậy khàn
    for kind in sorted(position.bat_thuc):
        said = [i for i, t in enumerate(call) if t.name == "bat_thuc" and t.card == kind]
        if not said:
            out.append(("TN8", None, kind))
        elif said[0] > first_scoring or (
                discarded is not None and call[said[0]].count != discarded.get(kind, 0)):
            out.append(("TN8", said[0], kind))
    for i, t in enumerate(call):
        if t.name == "bat_thuc" and t.card not in position.bat_thuc:
            out.append(("TN8", i, t.card))  # a bất thực the player does not have: said wrongly
    return tuple(out)
