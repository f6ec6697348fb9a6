"""The 30 kinds of Tổ tôm cards and the 120-card deck (TOTOM T1).

A kind's value is its index: ``9 * suit + rank - 1`` for the suited kinds (suits v, n, s), then
``oc`` 27, ``tt`` 28, ``cc`` 29. This suit-major order is the order the arrangement search
places cards in (T5.2: suit, rank, then ``oc tt cc``), and lets a suit's nine counts sit side by
side in one packed integer (engine/totom/search.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import IntEnum

from engine.totom.errors import AmbiguousCard, UnknownCard

SUITS = ("v", "n", "s")
SUIT_NAMES_VI = ("vạn", "văn", "sách")
SUIT_NAMES_EN = ("Myriads", "Coins", "Strings")
SUIT_HAN = ("萬", "文", "索")
RANK_NAMES_VI = ("nhất", "nhị", "tam", "tứ", "ngũ", "lục", "thất", "bát", "cửu")
RANK_NAMES_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
RANK_HAN = ("一", "二", "三", "四", "五", "六", "七", "八", "九")

N_KINDS = 30
N_SUITED = 27
COPIES = 4
DECK_SIZE = N_KINDS * COPIES
OC_INDEX = 27
TT_INDEX = 28
CC_INDEX = 29


class Card(IntEnum):
    """One of the 30 kinds (T1.2); the four physical copies of a kind are identical (T1.1)."""

    V1 = 0
    V2 = 1
    V3 = 2
    V4 = 3
    V5 = 4
    V6 = 5
    V7 = 6
    V8 = 7
    V9 = 8
    N1 = 9
    N2 = 10
    N3 = 11
    N4 = 12
    N5 = 13
    N6 = 14
    N7 = 15
    N8 = 16
    N9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    OC = 27
    TT = 28
    CC = 29

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a code (``9v``, ``oc``) or an unambiguous Vietnamese/English name (T1.3)."""
        return parse_card(text)

    @property
    def code(self) -> str:
        """The T1.3 code: rank digit + suit letter, or ``oc`` / ``tt`` / ``cc``."""
        return _CODES[self]

    @property
    def rank(self) -> int:
        """1..9; the three suitless yêu count as nhất (T1.4)."""
        return self % 9 + 1 if self < N_SUITED else 1

    @property
    def value(self) -> int:
        """The number counted in cho cái (T1.6): the rank; ``oc tt cc`` count 1."""
        return self.rank

    @property
    def suit(self) -> str | None:
        """``v``, ``n`` or ``s``; None for ông cụ, thang thang and chi chi (T1.3)."""
        return SUITS[self // 9] if self < N_SUITED else None

    @property
    def is_yeu(self) -> bool:
        """Yêu: the three nhất and ``oc tt cc`` (T1.4)."""
        return self in YEU

    @property
    def is_yeu_den(self) -> bool:
        """Yêu đen: ``1v 1n 1s`` (T1.4)."""
        return self in YEU_DEN

    @property
    def is_yeu_do(self) -> bool:
        """Yêu đỏ: ``oc tt cc`` (T1.4)."""
        return self in YEU_DO

    @property
    def is_red(self) -> bool:
        """Quân đỏ: ``8v 9v 8s 9s cc tt oc`` (T1.5)."""
        return self in RED

    @property
    def name_vi(self) -> str:
        """Vietnamese name with diacritics, capitalised: ``Cửu vạn``, ``Ông cụ``."""
        return _NAMES_VI[self]

    @property
    def name_en(self) -> str:
        """English name: ``Nine of Myriads (vạn)``, ``Old Man (ông cụ)``."""
        return _NAMES_EN[self]

    @property
    def han(self) -> str:
        """The Hán rank and suit characters of a suited card (``九萬``); empty for the others."""
        return RANK_HAN[self % 9] + SUIT_HAN[self // 9] if self < N_SUITED else ""

    def __str__(self) -> str:
        return _CODES[self]

    def __format__(self, spec: str) -> str:
        return format(_CODES[self], spec)

    def __repr__(self) -> str:
        return f"Card.{self.name}"


_CODES = tuple([f"{k % 9 + 1}{SUITS[k // 9]}" for k in range(N_SUITED)] + ["oc", "tt", "cc"])
_NAMES_VI = tuple(
    [f"{RANK_NAMES_VI[k % 9].capitalize()} {SUIT_NAMES_VI[k // 9]}" for k in range(N_SUITED)]
    + ["Ông cụ", "Thang thang", "Chi chi"])
_NAMES_EN = tuple(
    [f"{RANK_NAMES_EN[k % 9]} of {SUIT_NAMES_EN[k // 9]} ({SUIT_NAMES_VI[k // 9]})"
     for k in range(N_SUITED)]
    + ["Old Man (ông cụ)", "Thang thang", "Chi chi"])

ALL_CARDS: tuple[Card, ...] = tuple(Card(k) for k in range(N_KINDS))
DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS for _ in range(COPIES))
YEU_DEN: frozenset[Card] = frozenset({Card.V1, Card.N1, Card.S1})
YEU_DO: frozenset[Card] = frozenset({Card.OC, Card.TT, Card.CC})
YEU: frozenset[Card] = YEU_DEN | YEU_DO
RED: frozenset[Card] = frozenset({Card.V8, Card.V9, Card.S8, Card.S9, Card.CC, Card.TT, Card.OC})


def fold(text: str) -> str:
    """Lower-case, strip diacritics (đ → d), collapse spaces: how a name is typed without them."""
    text = unicodedata.normalize("NFC", text).strip().lower().replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _build_names() -> tuple[dict[str, Card], dict[str, tuple[Card, ...]]]:
    """Every accepted name → its card, and every folded name that fits several cards (T1.3)."""
    exact: dict[str, Card] = {}
    folded: dict[str, set[Card]] = {}

    def add(name: str, card: Card) -> None:
        exact[name] = card
        folded.setdefault(fold(name), set()).add(card)

    for k in range(N_SUITED):
        card, r, s = Card(k), k % 9, k // 9
        ranks = {RANK_NAMES_VI[r], RANK_NAMES_EN[r].lower(), str(r + 1)}
        suits = {SUIT_NAMES_VI[s], SUIT_NAMES_EN[s].lower(), SUIT_HAN[s]}
        for rank in ranks:
            for suit in suits:
                add(f"{rank} {suit}", card)
                add(f"{rank} of {suit}", card)
        add(RANK_HAN[r] + SUIT_HAN[s], card)
    aliases = {Card.OC: ("ông cụ", "ông lão", "lão", "old man"),
               Card.TT: ("thang thang", "không thang", "thang"),
               Card.CC: ("chi chi", "chichi", "chi")}
    for card, names in aliases.items():
        for name in names:
            add(name, card)
    ambiguous = {name: tuple(sorted(cards)) for name, cards in folded.items() if len(cards) > 1}
    for name, cards in folded.items():
        if len(cards) == 1:
            exact.setdefault(name, next(iter(cards)))
    return exact, ambiguous


_BY_NAME, _AMBIGUOUS = _build_names()
_BY_CODE = {code: Card(k) for k, code in enumerate(_CODES)}


def parse_card(text: str) -> Card:
    """Parse a card code or name (T1.3); UnknownCard or AmbiguousCard (with candidates) if not."""
    if not isinstance(text, str):
        raise UnknownCard(f"a card is written as text like '9v', not {text!r}",
                          vi=f"quân bài viết bằng chữ như '9v', không phải {text!r}")
    raw = unicodedata.normalize("NFC", text.strip())  # NFD input from macOS keyboards
    low = " ".join(raw.lower().split())
    card = _BY_CODE.get(low)
    if card is None:
        card = _BY_NAME.get(low)
    if card is not None:
        return card
    key = fold(raw)
    options = _AMBIGUOUS.get(key)
    if options:
        names = " / ".join(f"'{c.code}' ({c.name_vi})" for c in options)
        raise AmbiguousCard(
            text, options,
            f"'{text}' is ambiguous without diacritics: did you mean {names}?",
            vi=f"'{text}' không rõ khi viết không dấu: ý bạn là {names}?")
    card = _BY_NAME.get(key)
    if card is not None:
        return card
    raise UnknownCard(
        f"'{text}' is not a Tổ tôm card: write a rank 1-9 and a suit letter v (vạn), n (văn), "
        f"s (sách), e.g. '9v', or 'oc' (ông cụ), 'tt' (thang thang), 'cc' (chi chi)",
        vi=f"'{text}' không phải quân bài tổ tôm: viết số 1-9 và chữ v (vạn), n (văn), s (sách), "
           f"ví dụ '9v', hoặc 'oc' (ông cụ), 'tt' (thang thang), 'cc' (chi chi)")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse codes separated by spaces or commas: ``"3v 3s 7n"``."""
    return tuple(parse_card(tok) for tok in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """Codes separated by single spaces, the inverse of parse_cards."""
    return " ".join(_CODES[c] for c in cards)


def card_of(suit: int, rank: int) -> Card:
    """The suited kind of a suit index (0 v, 1 n, 2 s) and a rank 1..9."""
    return Card(9 * suit + rank - 1)
