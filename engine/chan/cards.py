"""The 25 kinds of Chắn cards and the 100-card deck (RULES R1)."""

from __future__ import annotations

import unicodedata
from enum import IntEnum

from engine.errors import BadCardCode

SUITS = ("v", "n", "s")
SUIT_NAMES_VI = ("vạn", "văn", "sách")
SUIT_NAMES_EN = ("Myriads", "Coins", "Strings")
SUIT_HAN = ("萬", "文", "索")
RANK_NAMES_VI = {2: "nhị", 3: "tam", 4: "tứ", 5: "ngũ", 6: "lục", 7: "thất", 8: "bát", 9: "cửu"}
RANK_NAMES_EN = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
                 9: "Nine"}
RANK_HAN = {2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}

N_KINDS = 25
COPIES = 4
DECK_SIZE = N_KINDS * COPIES
CC_INDEX = 24


class Card(IntEnum):
    """One of the 25 kinds; the four physical copies of a kind are identical (R1.1).

    The value is the kind index: ``3 * (rank - 2) + suit`` with suits v, n, s; Chi chi is 24.
    """

    V2 = 0
    N2 = 1
    S2 = 2
    V3 = 3
    N3 = 4
    S3 = 5
    V4 = 6
    N4 = 7
    S4 = 8
    V5 = 9
    N5 = 10
    S5 = 11
    V6 = 12
    N6 = 13
    S6 = 14
    V7 = 15
    N7 = 16
    S7 = 17
    V8 = 18
    N8 = 19
    S8 = 20
    V9 = 21
    N9 = 22
    S9 = 23
    CC = 24

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a code (``9v``, ``cc``) or an unambiguous Vietnamese/English name (R1.3)."""
        return parse_card(text)

    @property
    def code(self) -> str:
        """The R1.3 code: rank digit + suit letter, or ``cc``."""
        return _CODES[self]

    @property
    def rank(self) -> int:
        """The number used for counting (R2.6): 2..9, Chi chi is 1."""
        return 1 if self == CC_INDEX else self // 3 + 2

    @property
    def suit(self) -> str | None:
        """``v``, ``n`` or ``s``; None for Chi chi."""
        return None if self == CC_INDEX else SUITS[self % 3]

    @property
    def is_red(self) -> bool:
        """Quân đỏ: 8v 8s 9v 9s cc (R1.4)."""
        return self in RED

    @property
    def name_vi(self) -> str:
        """Vietnamese name with diacritics, capitalised: ``Cửu vạn``, ``Chi chi``."""
        return _NAMES_VI[self]

    @property
    def name_en(self) -> str:
        """English name: ``Nine of Myriads (vạn)``, ``Chi chi``."""
        return _NAMES_EN[self]

    @property
    def han(self) -> str:
        """The Hán rank and suit characters printed on the card (``九萬``).

        Empty for Chi chi: its inscription is not attested in our sources, so faces show its name.
        """
        return _HAN[self]

    @property
    def picture(self) -> str | None:
        """Picture name used by the cước (R1.5), or None."""
        return PICTURES.get(self)

    def __str__(self) -> str:
        return _CODES[self]

    def __format__(self, spec: str) -> str:
        return format(_CODES[self], spec)

    def __repr__(self) -> str:
        return f"Card.{self.name}"


def _code(k: int) -> str:
    return "cc" if k == CC_INDEX else f"{k // 3 + 2}{SUITS[k % 3]}"


_CODES = tuple(_code(k) for k in range(N_KINDS))
_NAMES_VI = tuple(
    "Chi chi" if k == CC_INDEX
    else f"{RANK_NAMES_VI[k // 3 + 2].capitalize()} {SUIT_NAMES_VI[k % 3]}"
    for k in range(N_KINDS)
)
_NAMES_EN = tuple(
    "Chi chi" if k == CC_INDEX
    else f"{RANK_NAMES_EN[k // 3 + 2]} of {SUIT_NAMES_EN[k % 3]} ({SUIT_NAMES_VI[k % 3]})"
    for k in range(N_KINDS)
)
_HAN = tuple(
    "" if k == CC_INDEX else RANK_HAN[k // 3 + 2] + SUIT_HAN[k % 3] for k in range(N_KINDS)
)

ALL_CARDS: tuple[Card, ...] = tuple(Card(k) for k in range(N_KINDS))
RED: frozenset[Card] = frozenset({Card.V8, Card.S8, Card.V9, Card.S9, Card.CC})
PICTURES: dict[Card, str] = {
    Card.V2: "hoa đào",
    Card.V4: "xe",
    Card.V5: "chùa / đình / nhà lầu",
    Card.S5: "thuyền",
    Card.V8: "cá",
    Card.N8: "đồng tử",
}
DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS for _ in range(COPIES))


def _fold(text: str) -> str:
    """Lower-case, strip diacritics (đ → d), collapse spaces."""
    text = text.strip().lower().replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


# Names that identify one card, with or without diacritics. Without diacritics "van" is both
# vạn and văn, so only the exact diacritic forms of those two suits are accepted.
_BY_NAME: dict[str, Card] = {}
_AMBIGUOUS: dict[str, tuple[Card, ...]] = {}


def _build_names() -> None:
    rank_aliases = {r: {RANK_NAMES_VI[r], _fold(RANK_NAMES_VI[r]), RANK_NAMES_EN[r].lower(),
                        str(r)} for r in RANK_NAMES_VI}
    rank_aliases[5].add("ngu")
    for k in range(CC_INDEX):
        r, s = k // 3 + 2, k % 3
        suit_forms = {SUIT_NAMES_VI[s], SUIT_NAMES_EN[s].lower(), SUIT_HAN[s]}
        if s == 2:
            suit_forms.add("sach")
        for rf in rank_aliases[r]:
            for sf in suit_forms:
                _BY_NAME[f"{rf} {sf}"] = Card(k)
                _BY_NAME[f"{rf} of {sf}"] = Card(k)
        _BY_NAME[RANK_HAN[r] + SUIT_HAN[s]] = Card(k)
        for rf in rank_aliases[r]:
            folded = f"{rf} van"
            _AMBIGUOUS.setdefault(folded, ())
            if s < 2 and Card(k) not in _AMBIGUOUS[folded]:
                _AMBIGUOUS[folded] = (*_AMBIGUOUS[folded], Card(k))
    for alias in ("chi chi", "chichi", "chi"):
        _BY_NAME[alias] = Card.CC


_build_names()
_BY_CODE = {code: Card(k) for k, code in enumerate(_CODES)}


def parse_card(text: str) -> Card:
    """Parse a card code or name (R1.3); raise BadCardCode with a suggestion otherwise."""
    if not isinstance(text, str):
        raise BadCardCode(f"a card is written as text like '9v', not {text!r}")
    raw = unicodedata.normalize("NFC", text.strip())  # NFD input from macOS keyboards
    card = _BY_CODE.get(raw.lower())
    if card is not None:
        return card
    exact = " ".join(raw.lower().split())
    card = _BY_NAME.get(exact)
    if card is not None:
        return card
    folded = _fold(raw)
    if _AMBIGUOUS.get(folded):
        options = _AMBIGUOUS[folded]
        names = " / ".join(f"'{c.code}' ({c.name_vi})" for c in options)
        raise BadCardCode(
            f"'{text}' is ambiguous without diacritics: did you mean {names}? "
            f"('{text}' không rõ khi viết không dấu: ý bạn là {names}?)"
        )
    card = _BY_NAME.get(folded)
    if card is not None:
        return card
    raise BadCardCode(
        f"'{text}' is not a card: write a rank 2-9 and a suit letter v (vạn), n (văn), s (sách), "
        f"e.g. '9v', or 'cc' for Chi chi{_suggest(raw)} "
        f"('{text}' không phải quân bài: viết số 2-9 và chữ v, n, s, ví dụ '9v', hoặc 'cc')"
    )


def _suggest(raw: str) -> str:
    low = raw.lower().replace(" ", "")
    if len(low) == 2 and low[0].isalpha() and low[1].isdigit():
        flipped = low[1] + low[0]
        if flipped in _BY_CODE:
            return f"; did you mean '{flipped}'?"
    if low in {"1", "1c", "c", "c1"}:
        return "; did you mean 'cc'?"
    return ""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse codes separated by spaces or commas: ``"9v 9n cc"``."""
    return tuple(parse_card(tok) for tok in text.replace(",", " ").split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Codes separated by single spaces, the inverse of parse_cards."""
    return " ".join(_CODES[c] for c in cards)


def same_rank(a: int, b: int) -> bool:
    """Two kinds of one rank (Chi chi is alone in its rank)."""
    if a == CC_INDEX or b == CC_INDEX:
        return a == b
    return a // 3 == b // 3


def pairs_with(a: int, b: int) -> bool:
    """a and b form a chắn (R3.1) or a cạ (R3.2)."""
    return a == b or same_rank(a, b)
