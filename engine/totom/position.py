"""A player's position — hand, mat melds as they lie, bất thực — and its packed form (T3.8, T5.2).

The packed form is what the search reads: the suited counts in one integer laid out as
engine/totom/layout.py says (a rank's three suits side by side, as Chắn's hands in
engine/hand.py); the counts of ``oc tt cc`` apart; what each mat meld can still take (T5.2)
folded into a few masks in the same layout. It is built once, when the position is made.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.totom.cards import COPIES, N_KINDS, N_SUITED, YEU, Card, format_cards, parse_cards
from engine.totom.errors import BadMeld, BadPosition
from engine.totom.layout import KEY_AT, POS, RANK_BITS, spread
from engine.totom.melds import GroupType, classify


@dataclass(frozen=True, slots=True)
class MatMeld:
    """One meld on a player's mat as it lies (T3.8).

    ``cards`` is the phu (or lone yêu) itself, ``trung`` the quân trùng lying on it (T4.6 H1),
    ``face_down`` a khàn or thiên khai not yet turned up (T4.1). A run of exactly ``1n 2n 3n``
    is SP7 (T5.2).
    """

    cards: tuple[Card, ...]
    trung: tuple[Card, ...] = ()
    face_down: bool = False
    type: GroupType = field(init=False)
    sp: str | None = field(init=False)

    def __post_init__(self) -> None:
        cards = tuple(sorted(Card(c) for c in self.cards))
        trung = tuple(sorted(Card(c) for c in self.trung))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "trung", trung)
        found = classify(cards)
        if found is None and len(cards) == 2 and cards[0] == cards[1] and cards[0] in YEU:
            found = (GroupType.YEU, None)  # a yêu eaten with one copy of itself (T4.6)
        if found is None:
            raise BadMeld(f"{format_cards(cards) or 'nothing'} is not a mat meld: not a phu, a "
                          f"bộ giống or a yêu (T3)",
                          vi=f"{format_cards(cards) or 'không có gì'} không phải một phu dưới "
                             f"chiếu (T3)")
        kind, sp = found
        object.__setattr__(self, "type", kind)
        object.__setattr__(self, "sp", sp)
        if trung and kind not in (GroupType.BI, GroupType.DOC, GroupType.SP):
            raise BadMeld(f"quân trùng lie only on an eaten phu, not on {format_cards(cards)} "
                          f"(T4.6 H1)", vi="quân trùng chỉ nằm trên một phu đã ăn (T4.6 H1)")
        stray = [c for c in trung if c not in cards]
        if stray:
            raise BadMeld(f"quân trùng {format_cards(stray)} is no copy of a card of "
                          f"{format_cards(cards)} (T4.6 H1)",
                          vi=f"quân trùng {format_cards(stray)} không giống quân nào của phu "
                             f"(T4.6 H1)")
        if self.face_down and kind != GroupType.GIONG:
            raise BadMeld(f"only a khàn or thiên khai lies face down, not {format_cards(cards)} "
                          f"(T4.1)", vi="chỉ khàn hoặc thiên khai được úp (T4.1)")
        over = [c for c, n in Counter(cards + trung).items() if n > COPIES]
        if over:
            raise BadMeld(f"{format_cards(over)}: more than {COPIES} copies in one meld (T1.1)",
                          vi=f"{format_cards(over)}: quá {COPIES} quân giống nhau (T1.1)")

    @classmethod
    def parse(cls, text: str, face_down: bool = False) -> MatMeld:
        """``"4v 5v 6v"``; quân trùng after a ``+``: ``"4v 5v 6v + 5v"``."""
        meld, _, trung = text.partition("+")
        return cls(parse_cards(meld), parse_cards(trung), face_down)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card lying there, quân trùng included, sorted."""
        return tuple(sorted(self.cards + self.trung))

    @property
    def is_lung(self) -> bool:
        """T3.7: a bộ giống (khàn, thiên khai, phỗng) or a special phu."""
        return self.type in (GroupType.GIONG, GroupType.SP)

    @property
    def run_room(self) -> bool:
        """T5.2: a run takes cards at its ends, quân trùng or not; SP7 takes nothing."""
        return self.type == GroupType.DOC

    @property
    def bi_room(self) -> int:
        """T5.2: a phu bí without quân trùng takes cards of its rank up to 5."""
        return 5 - len(self.cards) if self.type == GroupType.BI and not self.trung else 0

    @property
    def giong_room(self) -> int:
        """T5.2: a bộ giống takes its own kind up to 4."""
        return 4 - len(self.cards) if self.type == GroupType.GIONG else 0

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.trung:
            text += " + " + format_cards(self.trung)
        return f"[{text}]" + (" (úp)" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class Packed:
    """The search's view of a position (see the module docstring).

    Masks are of bit 0 of counts in the layout of engine/totom/layout.py.
    """

    cards: int  # hand counts of the suited kinds
    red: int  # hand counts of oc, tt, cc: three bits each
    hand: tuple[int, ...]  # hand count per kind
    total: tuple[int, ...]  # hand + mat count per kind
    bat_thuc: frozenset[int]
    mat_lung: int
    runs: tuple[tuple[tuple[int, int], ...], ...]  # extendable mat runs (lo, hi) per suit
    scan_keys: tuple[int, int, int]  # each suit's runs as one number from KEY_AT, for the memo
    bi_room: tuple[int, ...]  # by rank 0..9: cards the mat phu bí of that rank can still take
    giong_room: tuple[tuple[int, int], ...]  # (kind, room) of mat bộ giống that can take more
    bi_ranks: int  # suit 0's bit of each rank 2..9 whose mat phu bí has room
    bi_rooms: int  # that room, at most 7, as suit 0's counts
    # The kinds next to a mat run's end, and the kinds other than yêu whose mat bộ giống has
    # room: a hand card there has a partner on the mat.
    run_near: int
    giong_near: int


_RUN_KEYS: dict[tuple[tuple[int, int], ...], int] = {(): 0}
_KEY_RUNS: list[tuple[tuple[int, int], ...]] = [()]


def run_key(runs: tuple[tuple[int, int], ...]) -> int:
    """A small number naming a suit's set of mat runs."""
    key = _RUN_KEYS.get(runs)
    if key is None:
        key = _RUN_KEYS[runs] = len(_KEY_RUNS)
        _KEY_RUNS.append(runs)
    return key


def runs_of_key(key: int) -> tuple[tuple[int, int], ...]:
    """The set of mat runs a run_key names."""
    return _KEY_RUNS[key]


@dataclass(frozen=True, slots=True)
class Position:
    """A player's position: hand and mat, N cards between turns (T0 conventions).

    ``bat_thuc`` names the kinds of the player's khàn or thiên khai under bất thực (T4.13):
    their cards are back in the hand and may make no bộ giống.
    """

    hand: tuple[Card, ...]
    mat: tuple[MatMeld, ...] = ()
    bat_thuc: frozenset[Card] = frozenset()
    packed: Packed = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        hand = tuple(sorted(Card(c) for c in self.hand))
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "mat", tuple(self.mat))
        object.__setattr__(self, "bat_thuc", frozenset(Card(c) for c in self.bat_thuc))
        total = Counter(self.cards())
        over = sorted(c for c, n in total.items() if n > COPIES)
        if over:
            raise BadPosition(f"more than {COPIES} copies of {format_cards(over)} (T1.1)",
                              vi=f"quá {COPIES} quân {format_cards(over)} (T1.1)")
        thin = sorted(k for k in self.bat_thuc if total[k] < 2)
        if thin:
            raise BadPosition(f"bất thực {format_cards(thin)}: the position holds fewer than "
                              f"two cards of it (T4.13)",
                              vi=f"bất thực {format_cards(thin)}: còn ít hơn hai quân (T4.13)")
        mat_giong = sorted(k for k in self.bat_thuc
                           if any(m.type == GroupType.GIONG and m.cards[0] == k for m in self.mat))
        if mat_giong:
            raise BadPosition(f"bất thực {format_cards(mat_giong)}: a bộ giống of that kind lies "
                              f"on the mat, so the bất thực has ended (T4.13)",
                              vi=f"bất thực {format_cards(mat_giong)}: đã có bộ giống ấy dưới "
                                 f"chiếu, bất thực đã hết (T4.13)")
        object.__setattr__(self, "packed", pack(hand, self.mat, self.bat_thuc, total))

    @classmethod
    def parse(cls, hand: str, mat: Iterable[str | MatMeld] = (), bat_thuc: str = "") -> Position:
        """A position from card codes: ``Position.parse("1v 2v 3v …", ["5s 5s 5s"])``."""
        melds = tuple(m if isinstance(m, MatMeld) else MatMeld.parse(m) for m in mat)
        return cls(parse_cards(hand), melds, frozenset(parse_cards(bat_thuc)))

    def cards(self) -> tuple[Card, ...]:
        """Every card of the position, hand then mat (quân trùng included)."""
        return self.hand + tuple(c for m in self.mat for c in m.all_cards)

    @property
    def size(self) -> int:
        """How many cards the position holds."""
        return len(self.hand) + sum(len(m.all_cards) for m in self.mat)

    def count(self, card: Card) -> int:
        """Copies of a kind in the position, hand and mat."""
        return self.packed.total[card]

    def __str__(self) -> str:
        text = format_cards(self.hand)
        if self.mat:
            text += " | " + " ".join(str(m) for m in self.mat)
        if self.bat_thuc:
            text += f" | bất thực {format_cards(sorted(self.bat_thuc))}"
        return text


def pack(cards: Iterable[Card], mat: tuple[MatMeld, ...], bat_thuc: frozenset[Card],
         total: Counter[Card] | None = None) -> Packed:
    """The search's view of a hand and mat, unchecked (Position checks what it holds)."""
    hand = [0] * N_KINDS
    for c in cards:
        hand[c] += 1
    if total is None:
        total = Counter(c for m in mat for c in m.all_cards)
        for k in range(N_KINDS):
            total[Card(k)] += hand[k]
    runs: list[list[tuple[int, int]]] = [[], [], []]
    bi_room = [0] * 10
    giong: dict[int, int] = {}
    for meld in mat:
        if meld.run_room:
            ranks = [c.rank for c in meld.cards]
            runs[meld.cards[0] // 9].append((min(ranks), max(ranks)))
        if meld.bi_room:
            bi_room[meld.cards[0].rank] += meld.bi_room
        if meld.giong_room:
            giong[meld.cards[0]] = giong.get(meld.cards[0], 0) + meld.giong_room
    suit_runs = tuple(tuple(sorted(r)) for r in runs)
    run_near = 0
    for s, suit in enumerate(suit_runs):
        for lo, hi in suit:
            for r in (lo - 1, hi + 1):
                if 1 <= r <= 9:
                    run_near |= 1 << POS[9 * s + r - 1]
    giong_near = 0
    for k in giong:
        if k < N_SUITED and k % 9:  # yêu stand alone: they need no bộ giống to lie on
            giong_near |= 1 << POS[k]
    bi_ranks = sum(1 << (RANK_BITS * (r - 1)) for r in range(2, 10) if bi_room[r])
    return Packed(
        cards=spread(hand[:N_SUITED]),
        red=hand[Card.OC] | hand[Card.TT] << 3 | hand[Card.CC] << 6,
        hand=tuple(hand),
        total=tuple(total.get(Card(k), 0) for k in range(N_KINDS)),
        bat_thuc=frozenset(int(k) for k in bat_thuc),
        mat_lung=sum(1 for m in mat if m.is_lung),
        runs=suit_runs,
        scan_keys=(run_key(suit_runs[0]) << KEY_AT, run_key(suit_runs[1]) << KEY_AT,
                   run_key(suit_runs[2]) << KEY_AT),
        bi_room=tuple(bi_room),
        giong_room=tuple(sorted(giong.items())),
        bi_ranks=bi_ranks,
        bi_rooms=sum(min(bi_room[r], 7) << (RANK_BITS * (r - 1)) for r in range(1, 10)),
        run_near=run_near,
        giong_near=giong_near,
    )
