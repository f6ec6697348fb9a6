"""Building one arrangement of a winning set (T3.9, T5.2), with the features the judge needs.

The builder follows T5.2's description: it places the first remaining card (in the order suit,
rank, then ``oc tt cc``) in a group it can join — a special phu, a bộ giống, a phu bí, a run it
starts, a mat meld it extends, or alone as a yêu — and keeps a choice only when the fast search
(engine/totom/search.py) says the cards left can still be completed under the same demands
(lưng, tôm and lèo counts, the phỗng statement). So it never walks into a dead end except for
một cục (T4.13), which the search does not see and the builder steps back from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.totom.cards import N_SUITED, YEU, Card, card_of
from engine.totom.melds import SPECIAL, Group, GroupType, classify, is_phu_bi
from engine.totom.position import MatMeld, Position, pack
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.search import search


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One arrangement of a winning set: its groups, and where W lies (T3.9, T5.6)."""

    groups: tuple[Group, ...]
    w: Card | None
    w_in_giong: bool = False  # W lies in a new bộ giống: the win is a phỗng (T5.6)
    mot_cuc: bool = False  # the cards of a bất thực lie all in one phu bí (T4.13, TN6)

    @property
    def lung(self) -> int:
        """How many lưng (T3.7)."""
        return sum(1 for g in self.groups if g.is_lung)

    @property
    def tom(self) -> int:
        """How many SP1 phu: the tôm (TC3)."""
        return sum(1 for g in self.groups if g.sp == "SP1")

    @property
    def leo_phu(self) -> int:
        """How many SP2 phu, before a chi nẩy absorbs one (TC4)."""
        return sum(1 for g in self.groups if g.sp == "SP2")

    def cards(self) -> tuple[Card, ...]:
        """Every card of the winning set, sorted."""
        return tuple(sorted(c for g in self.groups for c in g.cards))

    def to_json(self) -> list[dict[str, Any]]:
        """FORMATS `arrangement`: one object per group."""
        return [g.to_json() for g in self.groups]

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


@dataclass
class _Build:
    """The builder's state (see the module docstring)."""

    position: Position
    w: Card | None
    need: int
    phong: bool | None
    min_tom: int
    min_sp2: int
    avoid_mot_cuc: bool
    rest: Counter[Card] = field(default_factory=Counter)
    mat_ext: list[list[Card]] = field(default_factory=list)
    groups: list[tuple[GroupType, str | None, tuple[Card, ...]]] = field(default_factory=list)
    w_total: int = 0  # cards of W's kind in the set, W included

    def __post_init__(self) -> None:
        self.rest = Counter(self.position.hand)
        if self.w is not None:
            self.rest[self.w] += 1
            self.w_total = self.rest[self.w]
        self.mat_ext = [[] for _ in self.position.mat]

    # ---------------------------------------------------------------- the oracle

    def _mats(self) -> tuple[MatMeld, ...]:
        return tuple(m if not ext else MatMeld(m.cards + tuple(ext), m.trung, m.face_down)
                     for m, ext in zip(self.position.mat, self.mat_ext, strict=True))

    def _w_giong(self) -> int:
        return sum(len(cards) for kind, _, cards in self.groups
                   if kind == GroupType.GIONG and cards[0] == self.w)

    def feasible(self) -> bool:
        """Can the cards left be completed under what is still asked?"""
        mats = self._mats()
        hand = list(self.rest.elements())
        w = self.w if self.w is not None and self.rest[self.w] else None
        phong = None
        if w is not None:
            hand.remove(w)
            untouched = self.rest[w] == self.w_total
            if self.phong is True and not self._w_giong():
                phong = True
            elif self.phong is False and untouched:
                phong = False
        elif self.phong is True and not self._w_giong():
            return False
        lung = sum(1 for kind, _, _ in self.groups if kind in (GroupType.GIONG, GroupType.SP))
        tom = sum(1 for m in mats if m.sp == "SP1") + self._count_sp("SP1")
        leo = sum(1 for m in mats if m.sp == "SP2") + self._count_sp("SP2")
        packed = pack(hand, mats, self.position.bat_thuc)
        return search(packed, w, max(0, self.need - lung), phong,
                      max(0, self.min_tom - tom), max(0, self.min_sp2 - leo))

    def _count_sp(self, sp: str) -> int:
        return sum(1 for _, s, _ in self.groups if s == sp)

    # ---------------------------------------------------------------- the choices

    def choices(self, c: Card) -> Iterator[tuple[str, int, tuple[Card, ...]]]:
        """Every group the first remaining card c can join: ("new", 0, cards) for a new group,
        ("mat", i, cards) for cards added to mat meld i."""
        rest = self.rest
        for special in SPECIAL.values():
            if c in special and all(rest[x] >= 1 for x in special):
                yield "new", 0, special
        if c == self.w or c not in self.position.bat_thuc:
            for size in (3, 4):
                if rest[c] >= size and not (self.phong is False and c == self.w
                                            and size == self.w_total):
                    yield "new", 0, (c,) * size
        if c < N_SUITED:
            suit, rank = divmod(int(c), 9)
            rank += 1
            same = [card_of(s, rank) for s in range(3)]
            for a in range(rest[same[0]] + 1):
                for b in range(rest[same[1]] + 1):
                    for d in range(rest[same[2]] + 1):
                        cards = (same[0],) * a + (same[1],) * b + (same[2],) * d
                        if c in cards and is_phu_bi(cards):
                            yield "new", 0, cards
            run = [c]
            for r in range(rank + 1, 10):
                nxt = card_of(suit, r)
                if not rest[nxt]:
                    break
                run.append(nxt)
                if len(run) >= 3:
                    yield "new", 0, tuple(run)
            yield from self._mat_choices(c, suit, rank)
        if c in YEU:
            yield "new", 0, (c,)

    def _mat_choices(self, c: Card, suit: int, rank: int
                     ) -> Iterator[tuple[str, int, tuple[Card, ...]]]:
        for i, meld in enumerate(self.position.mat):
            ext = self.mat_ext[i]
            if meld.run_room and meld.cards[0] // 9 == suit:
                ranks = [x.rank for x in meld.cards + tuple(ext)]
                lo, hi = min(ranks), max(ranks)
                if rank == hi + 1:
                    yield "mat", i, (c,)
                elif rank < lo:
                    chain = tuple(card_of(suit, r) for r in range(rank, lo))
                    if all(self.rest[x] >= 1 for x in chain):
                        yield "mat", i, chain
            if meld.bi_room and meld.cards[0].rank == rank and len(ext) < meld.bi_room:
                yield "mat", i, (c,)
            if meld.giong_room and meld.cards[0] == c and len(ext) < meld.giong_room:
                yield "mat", i, (c,)

    # ---------------------------------------------------------------- the walk

    def run(self, avoid: bool) -> bool:
        """Place every card; False when no way is left (only through một cục)."""
        if not +self.rest:
            return True
        c = min(k for k, n in self.rest.items() if n > 0)
        for where, i, cards in self.choices(c):
            if avoid and self._mot_cuc_choice(where, i, cards, c):
                continue
            self._apply(where, i, cards, +1)
            if self.feasible() and self.run(avoid):
                return True
            self._apply(where, i, cards, -1)
        return False

    def _mot_cuc_choice(self, where: str, i: int, cards: tuple[Card, ...], c: Card) -> bool:
        if c not in self.position.bat_thuc:
            return False
        all_k = self.position.count(c) + (1 if self.w == c else 0)
        if where == "new":
            return is_phu_bi(cards) and cards.count(c) == all_k
        meld = self.position.mat[i]
        return meld.type == GroupType.BI and meld.cards.count(c) + cards.count(c) + \
            self.mat_ext[i].count(c) == all_k

    def _apply(self, where: str, i: int, cards: tuple[Card, ...], sign: int) -> None:
        if sign > 0:
            self.rest.subtract(cards)
            if where == "new":
                found = classify(cards)
                assert found is not None
                self.groups.append((found[0], found[1], cards))
            else:
                self.mat_ext[i].extend(cards)
        else:
            self.rest.update(cards)
            if where == "new":
                self.groups.pop()
            else:
                del self.mat_ext[i][-len(cards):]

    def result(self) -> Arrangement:
        """The arrangement built, mat melds first."""
        groups = [Group(m.type, tuple(sorted(m.cards + tuple(ext) + m.trung)), m.sp, True)
                  for m, ext in zip(self.position.mat, self.mat_ext, strict=True)]
        groups += [Group(kind, tuple(sorted(cards)), sp, False)
                   for kind, sp, cards in self.groups]
        w_in_giong = self.w is not None and self.phong is not False and self._w_giong() > 0
        mot_cuc = any(_all_in_one_bi(groups, k) for k in self.position.bat_thuc)
        return Arrangement(tuple(groups), self.w, w_in_giong, mot_cuc)


def _all_in_one_bi(groups: list[Group], kind: Card) -> bool:
    """T4.13 một cục: every card of the kind lies in one phu bí."""
    holding = [g for g in groups if kind in g.cards]
    return len(holding) == 1 and holding[0].type == GroupType.BI


def arrange(position: Position, w: Card | None, rules: TomRules = DEFAULT_RULES, *,
            phong: bool | None = None, min_tom: int = 0, min_sp2: int = 0,
            avoid_mot_cuc: bool = True) -> Arrangement | None:
    """An arrangement of position + W meeting T5.2 and the demands, or None if there is none.

    ``phong`` is the phỗng statement (T5.6); ``min_tom`` / ``min_sp2`` ask for at least that
    many SP1 / SP2 phu, mat ones included; with ``avoid_mot_cuc`` an arrangement without một
    cục is preferred when one exists (T5.3).
    """
    build = _Build(position, w, rules.lung_required, phong, min_tom, min_sp2, avoid_mot_cuc)
    if not build.feasible():
        return None
    if position.bat_thuc and avoid_mot_cuc and build.run(avoid=True):
        return build.result()
    build = _Build(position, w, rules.lung_required, phong, min_tom, min_sp2, avoid_mot_cuc)
    if not build.run(avoid=False):  # cannot happen while search() is right
        raise AssertionError(f"the search said {position} + {w} wins, the builder found no way")
    return build.result()
