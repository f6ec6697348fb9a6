"""The shape of a hand: which of its cards are placed, which wait in partials, which are loose
(TOTOM T3, T5.2) — the split that the value of a position is read from (value.py).

A Tổ tôm hand changes only by losing cards: a card comes in only when it makes a phu at once
(an eat, a phỗng, a yêu eaten alone, T4.6) and each take is paid with a discard. So every card
of the hand that no phu holds yet must be completed or leave, one take at a time:

- a card in a phu of the hand (a run, a phu bí, a special phu) or one a mat meld can take (a
  run's end, a phu bí's or bộ giống's room, T5.2) is **placed**; a yêu is placed alone (T3.6);
- two cards that one more card makes a phu (a pair, two suits of a rank, two cards of a run,
  two of a special phu) are a **partial**, and so is one card with a yêu đen or a mat run that
  one card completes; a pair and two thirds of a special phu complete into a lưng (T3.7);
- a card with no partner is **loose**.

``Shaper.split`` finds the split that saves most — each card placed saves its cost of 1, a
partial part of it by the live cards that complete it — by a search over the hand's counts,
remembered across the positions one decision compares. The lưng the winning set needs is
counted from the split afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.totom.cards import N_KINDS, N_SUITED, YEU, Card
from engine.totom.melds import SPECIAL
from engine.totom.position import Position

_YEU_IDS = frozenset(int(c) for c in YEU)
_NON_YEU = tuple(k for k in range(N_SUITED) if k not in _YEU_IDS)
PLACED, PARTIAL, LOOSE = 0, 1, 2
_BITS = 4  # per kind in a packed hand: three for the count, one guard
_GUARD = sum(8 << (_BITS * k) for k in range(N_KINDS))
_NON_YEU_MASK = sum(7 << (_BITS * k) for k in _NON_YEU)
PAIR, TWO, ONE = "pair", "two", "one"  # what a partial is made of
LEO_TOM = frozenset({"SP1", "SP2"})  # TC3, TC4: worth more when called


@dataclass(frozen=True, slots=True)
class Piece:
    """One group a card can be in: the cards it uses, and what it is."""

    used: tuple[tuple[int, int], ...]  # (kind, count)
    tag: int  # PLACED, PARTIAL or LOOSE
    placed: int = 0  # cards of the hand it places (yêu are placed anyway)
    form: str = ""  # a partial's PAIR, TWO or ONE
    needs: tuple[int, ...] = ()  # the kinds that complete a partial
    lung: bool = False  # a complete special phu, or a partial that completes into a lưng
    cuoc: bool = False  # a tôm or lèo (made or in the making)
    delta: int = field(init=False, repr=False, compare=False)  # ``used``, packed

    def __post_init__(self) -> None:
        object.__setattr__(self, "delta", sum(n << (_BITS * j) for j, n in self.used))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Its cards, in order."""
        return tuple(Card(k) for k, n in self.used for _ in range(n))


def _in_suit(suit: int, kinds: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x for x in kinds if suit * 9 <= x < suit * 9 + 9)


def _pieces_of(k: int) -> tuple[Piece, ...]:
    """Every group the hand's first remaining non-yêu card ``k`` can be in, without the mat
    (runs from it or from the yêu đen below a nhị, phu bí from vạn, special phu, partials)."""
    suit, r0 = divmod(k, 9)
    rank = r0 + 1
    out = [Piece(((k, 1),), LOOSE)]
    starts = [k] + ([k - 1] if rank == 2 else [])
    for start in starts:
        for hi in range(start + 2, suit * 9 + 9):
            used = tuple((j, 1) for j in range(start, hi + 1))
            sp7 = start == 9 and hi == 11  # 1n 2n 3n is SP7, a lưng (T3.4, T3.7)
            out.append(Piece(used, PLACED, sum(1 for j, _ in used if j not in _YEU_IDS),
                             lung=sp7))
    if suit == 0:
        for a in range(1, 4):
            for b in range(1, 4):
                for c in range(1, 4):
                    if a + b + c <= 5:
                        out.append(Piece(((k, a), (k + 9, b), (k + 18, c)), PLACED, a + b + c))
    for sp, cards in SPECIAL.items():
        ids = tuple(int(c) for c in cards)
        if k not in ids or sp == "SP7":
            continue
        others = tuple(c for c in ids if c != k)
        cuoc = sp in LEO_TOM
        out.append(Piece(((k, 1), *((c, 1) for c in others)), PLACED,
                         1 + sum(1 for c in others if c not in _YEU_IDS), lung=True, cuoc=cuoc))
        for c in others:
            if c < k and c not in _YEU_IDS:
                continue  # a smaller kind is gone from the hand by now
            need = tuple(x for x in others if x != c)
            out.append(Piece(((k, 1), (c, 1)), PARTIAL, form=ONE if c in _YEU_IDS else TWO,
                             needs=need, lung=True, cuoc=cuoc))
    out.append(Piece(((k, 2),), PARTIAL, form=PAIR, needs=(k,), lung=True))
    same = [k + 9 * t - 9 * suit for t in range(3)]  # the rank in vạn, văn, sách
    for other in same:
        if other > k:
            third = tuple(x for x in same if x not in (k, other))
            out.append(Piece(((k, 1), (other, 1)), PARTIAL, form=TWO, needs=third))
    if rank + 1 <= 9:
        out.append(Piece(((k, 1), (k + 1, 1)), PARTIAL, form=TWO,
                         needs=_in_suit(suit, (k - 1, k + 2) if rank + 2 <= 9 else (k - 1,))))
    if rank + 2 <= 9:
        out.append(Piece(((k, 1), (k + 2, 1)), PARTIAL, form=TWO, needs=(k + 1,)))
    if rank == 2:  # nhất + nhị wait on tam (SP7 in văn)
        out.append(Piece(((k, 1), (k - 1, 1)), PARTIAL, form=ONE, needs=(k + 1,),
                         lung=k == 10))
    if rank == 3:  # nhất + tam wait on nhị
        out.append(Piece(((k, 1), (k - 2, 1)), PARTIAL, form=ONE, needs=(k - 1,),
                         lung=k == 11))
    return tuple(out)


_PIECES = tuple(_pieces_of(k) if k in _NON_YEU else () for k in range(N_KINDS))

MatKey = tuple[object, ...]
Moves = tuple[tuple[int, float, "Piece"], ...]  # (packed cards, worth, piece)


_MAT_PIECES: dict[MatKey, tuple[tuple[Piece, ...], ...]] = {}


def mat_pieces(position: Position) -> tuple[tuple[Piece, ...], ...]:
    """Per kind, the groups a hand card makes with the seat's mat melds (T5.2): it extends a
    run at an end (with the hand cards between), fills a phu bí's or bộ giống's room, or waits
    on the card between it and a run's end. Remembered by what of the mat they depend on."""
    key = mat_key(position)
    got = _MAT_PIECES.get(key)
    if got is None:
        if len(_MAT_PIECES) > 50_000:
            _MAT_PIECES.clear()
        got = _MAT_PIECES[key] = _mat_pieces(position)
    return got


def _mat_pieces(position: Position) -> tuple[tuple[Piece, ...], ...]:
    p = position.packed
    rooms = dict(p.giong_room)
    out: list[tuple[Piece, ...]] = []
    for k in range(N_KINDS):
        if k not in _NON_YEU:
            out.append(())
            continue
        suit, r0 = divmod(k, 9)
        rank = r0 + 1
        found: list[Piece] = []
        for lo, hi in p.runs[suit]:
            if rank == hi + 1:
                for top in range(rank, 10):
                    used = tuple((suit * 9 + q - 1, 1) for q in range(rank, top + 1))
                    found.append(Piece(used, PLACED, len(used)))
            elif rank < lo:
                used = tuple((suit * 9 + q - 1, 1) for q in range(rank, lo))
                found.append(Piece(used, PLACED, len(used)))
            if rank == hi + 2:
                found.append(Piece(((k, 1),), PARTIAL, form=ONE, needs=(k - 1,)))
            if rank == lo - 2:
                found.append(Piece(((k, 1),), PARTIAL, form=ONE, needs=(k + 1,)))
        for n in range(1, p.bi_room[rank] + 1):
            found.append(Piece(((k, n),), PLACED, n))
        for n in range(1, rooms.get(k, 0) + 1):
            found.append(Piece(((k, n),), PLACED, n))
        out.append(tuple(found))
    return tuple(out)


def mat_key(position: Position) -> MatKey:
    """What of the mat the split depends on."""
    p = position.packed
    return (p.runs, p.bi_room, p.giong_room)


@dataclass(frozen=True, slots=True)
class Weights:
    """What a placed card and a partial save (value.py's knobs)."""

    partial: float  # per card of a partial of two
    pair: float  # per card of a pair
    single: float  # the one hand card of a partial helped by a yêu or the mat
    live_full: float  # live cards at which a partial counts fully
    cuoc: float  # a tôm or lèo, made or in the making


@dataclass(frozen=True, slots=True)
class Split:
    """The best split of a hand (see the module docstring)."""

    saved: float
    cards: int  # the hand's cards that are not yêu
    pieces: tuple[Piece, ...]

    @property
    def cost(self) -> float:
        """What the hand still lacks: its cards less what the split saves (a tôm or lèo made
        saves a little more than its cards, so a hand with nothing to place may cost < 0)."""
        return self.cards - self.saved

    @property
    def loose(self) -> tuple[Card, ...]:
        """Its loose cards."""
        return tuple(c for p in self.pieces if p.tag == LOOSE for c in p.cards)

    @property
    def partials(self) -> tuple[Piece, ...]:
        """Its partials."""
        return tuple(p for p in self.pieces if p.tag == PARTIAL)

    @property
    def lung_made(self) -> int:
        """Lưng it holds complete (special phu)."""
        return sum(1 for p in self.pieces if p.tag == PLACED and p.lung)

    @property
    def lung_partials(self) -> int:
        """Partials that complete into a lưng."""
        return sum(1 for p in self.pieces if p.tag == PARTIAL and p.lung)


@dataclass
class Shaper:
    """Splits of hands seen from one observation: the unseen cards are fixed, so a piece's
    worth is too, and splits are remembered across the positions one decision compares.

    The search runs on a hand packed four bits a kind with a guard bit, so that whether a piece
    fits the hand is one subtraction (a borrow clears the guard).
    """

    unseen: tuple[int, ...]
    weights: Weights
    _worth: dict[Piece, float] = field(default_factory=dict)
    _memo: dict[MatKey, dict[int, float]] = field(default_factory=dict)
    _moves: dict[MatKey, list[Moves | None]] = field(default_factory=dict)

    def live(self, kinds: tuple[int, ...]) -> int:
        """Unseen copies of ``kinds``."""
        return sum(self.unseen[k] for k in kinds)

    def worth(self, piece: Piece) -> float:
        """What ``piece`` saves."""
        got = self._worth.get(piece)
        if got is not None:
            return got
        w = self.weights
        if piece.tag == PLACED:
            got = piece.placed + (w.cuoc if piece.cuoc else 0.0)
        elif piece.tag == LOOSE:
            got = 0.0
        else:
            f = min(1.0, self.live(piece.needs) / w.live_full)
            per = {PAIR: 2 * w.pair, TWO: 2 * w.partial, ONE: w.single}[piece.form]
            got = f * (per + (w.cuoc if piece.cuoc else 0.0))
        self._worth[piece] = got
        return got

    def _moves_of(self, k: int, extra: tuple[tuple[Piece, ...], ...]) -> Moves:
        """Kind ``k``'s pieces as (packed cards, worth, piece); a partial with no live card is
        left out (it saves nothing: its cards are as good as loose)."""
        moves = []
        for piece in (*_PIECES[k], *extra[k]):
            w = self.worth(piece)
            if piece.tag == PARTIAL and w <= 0.0:
                continue
            moves.append((piece.delta, w, piece))
        return tuple(moves)

    def split(self, position: Position) -> Split:
        """The split of the position's hand that saves most."""
        key = mat_key(position)
        memo = self._memo.setdefault(key, {})
        moves = self._moves.get(key)
        if moves is None:
            moves = self._moves[key] = [None] * N_KINDS
        extra = mat_pieces(position)
        hand = position.packed.hand
        for k in _NON_YEU:  # the kinds this hand can start a group with
            if hand[k] and moves[k] is None:
                moves[k] = self._moves_of(k, extra)
        state = sum(n << (_BITS * k) for k, n in enumerate(hand))
        saved = self._best(state, memo, moves)
        pieces: list[Piece] = []
        target = saved
        while True:
            x = state & _NON_YEU_MASK
            if not x:
                break
            k = ((x & -x).bit_length() - 1) // _BITS
            for delta, w, piece in moves[k] or ():
                r = (state | _GUARD) - delta
                if r & _GUARD != _GUARD:
                    continue
                rest = self._best(r ^ _GUARD, memo, moves)
                if abs(w + rest - target) < 1e-9:
                    pieces.append(piece)
                    target, state = rest, r ^ _GUARD
                    break
            else:  # cannot happen: _best found ``saved`` among these moves
                break
        return Split(saved, sum(hand[k] for k in _NON_YEU), tuple(pieces))

    def _best(self, state: int, memo: dict[int, float], moves: list[Moves | None]) -> float:
        """The most a split of the packed hand ``state`` saves (memoised)."""
        x = state & _NON_YEU_MASK
        if not x:
            return 0.0
        got = memo.get(state)
        if got is not None:
            return got
        k = ((x & -x).bit_length() - 1) // _BITS
        best = -1.0
        for delta, w, _ in moves[k] or ():
            r = (state | _GUARD) - delta
            if r & _GUARD == _GUARD:
                v = w + self._best(r ^ _GUARD, memo, moves)
                if v > best:
                    best = v
        memo[state] = best
        return best
