"""A slow, obviously right Tổ tôm win test: brute-force partition of the cards (T3, T5.2).

Written from TOTOM.md alone, on card codes, sharing nothing with engine/totom's search: every
sub-multiset that could be a group is tried and checked against the definitions. The fast
search must agree with it (test_win.py, test_waits.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import product

YEU = {"1v", "1n", "1s", "oc", "tt", "cc"}
SPECIALS = [("3v", "3s", "7n"), ("9v", "8s", "cc"), ("1v", "1s", "9n"), ("2v", "2s", "8n"),
            ("9v", "9s", "tt"), ("oc", "9s", "tt"), ("1n", "2n", "3n")]
ORDER = [f"{r}{s}" for s in "vns" for r in range(1, 10)] + ["oc", "tt", "cc"]


def suited(c: str) -> bool:
    return c[0].isdigit()


def rank(c: str) -> int:
    return int(c[0])


def is_bi(g: list[str]) -> bool:
    return (3 <= len(g) <= 5 and all(suited(c) for c in g) and len({rank(c) for c in g}) == 1
            and {c[1] for c in g} == {"v", "n", "s"})


def is_run(g: list[str]) -> bool:
    if not 3 <= len(g) <= 9 or not all(suited(c) for c in g) or len({c[1] for c in g}) != 1:
        return False
    ranks = sorted(rank(c) for c in g)
    return ranks == list(range(ranks[0], ranks[0] + len(g)))


def is_sp(g: list[str]) -> bool:
    return sorted(g) in [sorted(s) for s in SPECIALS]


def is_giong(g: list[str]) -> bool:
    return 3 <= len(g) <= 4 and len(set(g)) == 1


def sub_multisets(pool: Counter[str], kinds: Iterable[str], distinct: bool) -> list[list[str]]:
    """Every sub-multiset of pool restricted to kinds (at most one of each when distinct)."""
    kinds = [k for k in kinds if pool[k]]
    ranges = [range((1 if distinct else pool[k]) + 1) for k in kinds]
    return [[k for k, n in zip(kinds, ns, strict=True) for _ in range(n)]
            for ns in product(*ranges)]


def mat_type(cards: list[str], trung: list[str]) -> str:
    if sorted(cards) == ["1n", "2n", "3n"] or is_sp(cards):
        return "sp"
    if is_run(cards):
        return "run"
    if is_bi(cards):
        return "bi"
    if is_giong(cards):
        return "giong"
    return "yeu"


def mat_extensions(cards: list[str], trung: list[str], pool: Counter[str]) -> list[list[str]]:
    """What T5.2 lets one mat meld take from the hand and W."""
    kind = mat_type(cards, trung)
    if kind == "run":
        suit = cards[0][1]
        out = []
        for s in sub_multisets(pool, [f"{r}{suit}" for r in range(1, 10)], distinct=True):
            if is_run(cards + s):
                out.append(s)
        return out
    if kind == "bi" and not trung:
        r = rank(cards[0])
        return [s for s in sub_multisets(pool, [f"{r}{x}" for x in "vns"], distinct=False)
                if len(cards) + len(s) <= 5]
    if kind == "giong":
        return [[cards[0]] * n for n in range(min(pool[cards[0]], 4 - len(cards)) + 1)]
    return [[]]


def groups_of(c: str, left: Counter[str], giong: bool) -> list[list[str]]:
    """Every group (T3.2–T3.6) the card ``c`` can lie in with cards of ``left``: alone if a
    yêu, a bộ giống (when ``giong``), each phu bí of its rank, each run it starts, each special
    phu holding it."""
    groups: list[list[str]] = []
    if c in YEU:
        groups.append([c])
    if giong:
        for n in (2, 3):
            if left[c] >= n:
                groups.append([c] * (n + 1))
    if suited(c):
        same_rank = [f"{rank(c)}{x}" for x in "vns"]
        groups += [[c, *s] for s in sub_multisets(left, same_rank, distinct=False)
                   if is_bi([c, *s])]
        same_suit = [f"{r}{c[1]}" for r in range(1, 10) if r != rank(c)]
        groups += [[c, *s] for s in sub_multisets(left, same_suit, distinct=True)
                   if is_run([c, *s])]
    for sp in SPECIALS:
        if c in sp:
            others = list(sp)
            others.remove(c)
            if all(left[o] >= others.count(o) for o in others):
                groups.append([c, *others])
    return groups


def brute_wins(hand: list[str], mat: list[tuple[list[str], list[str]]], w: str | None,
               lung_required: int, bat_thuc: Iterable[str] = (),
               phong: bool | None = None) -> bool:
    """T5.2 by trying every partition of hand + W, mat melds kept whole and perhaps extended."""
    bat = set(bat_thuc)
    pool = Counter(hand)
    if w is not None:
        pool[w] += 1
    w_hand = Counter(hand)[w] if w is not None else 0
    mat_lung = 0
    choices = []
    for cards, trung in mat:
        kind = mat_type(cards, trung)
        mat_lung += kind in ("sp", "giong")
        choices.append(mat_extensions(cards, trung, pool))

    def giong_allowed(kind: str) -> bool:
        return kind == w or kind not in bat

    @cache
    def partition(rest: tuple[str, ...], lung: int, w_giong: int) -> bool:
        if not rest:
            if lung < lung_required:
                return False
            if phong is True:
                return w_giong >= 3
            if phong is False:
                return w_giong < w_hand + 1
            return True
        c = rest[0]
        for g in groups_of(c, Counter(rest[1:]), giong_allowed(c)):
            after = Counter(rest)
            after.subtract(g)
            remaining = tuple(sorted(after.elements(), key=ORDER.index))
            lung_here = is_sp(g) or is_giong(g)
            wg = len(g) if (is_giong(g) and g[0] == w) else 0
            if partition(remaining, min(lung + lung_here, lung_required), w_giong + wg):
                return True
        return False

    for picks in product(*choices):
        rest = pool.copy()
        ok = True
        for s in picks:
            rest.subtract(s)
            if any(n < 0 for n in rest.values()):
                ok = False
        if not ok:
            continue
        start = tuple(sorted(rest.elements(), key=ORDER.index))
        if partition(start, min(mat_lung, lung_required), 0):
            return True
    return False


def brute_position(position: object, w: object, lung_required: int,
                   phong: bool | None = None) -> bool:
    """brute_wins on an engine Position (read through its card codes only)."""
    hand = [str(c) for c in position.hand]  # type: ignore[attr-defined]
    mat = [([str(c) for c in m.cards], [str(c) for c in m.trung])
           for m in position.mat]  # type: ignore[attr-defined]
    bat = [str(c) for c in position.bat_thuc]  # type: ignore[attr-defined]
    return brute_wins(hand, mat, None if w is None else str(w), lung_required, bat, phong)


def brute_outcomes(hand: list[str], mat: list[tuple[list[str], list[str]]], w: str,
                   lung_required: int) -> set[tuple[int, int, bool]]:
    """Every (tôm, lèo, W in a new bộ giống) that some winning arrangement of hand + W (mat
    melds kept whole, perhaps extended) holds: what T5.3's judge chooses among (TC3, TC4, and
    TC8's lèo). No bất thực."""
    pool = Counter(hand)
    pool[w] += 1
    base_tom = base_leo = mat_lung = 0
    choices = []
    for cards, trung in mat:
        kind = mat_type(cards, trung)
        mat_lung += kind in ("sp", "giong")
        base_tom += sorted(cards) == sorted(SPECIALS[0])
        base_leo += sorted(cards) == sorted(SPECIALS[1])
        choices.append(mat_extensions(cards, trung, pool))

    @cache
    def partition(rest: tuple[str, ...], lung: int) -> frozenset[tuple[int, int, bool]]:
        if not rest:
            return frozenset({(0, 0, False)}) if lung >= lung_required else frozenset()
        out: set[tuple[int, int, bool]] = set()
        for g in groups_of(rest[0], Counter(rest[1:]), True):
            after = Counter(rest)
            after.subtract(g)
            remaining = tuple(sorted(after.elements(), key=ORDER.index))
            tom = sorted(g) == sorted(SPECIALS[0])
            leo = sorted(g) == sorted(SPECIALS[1])
            wg = is_giong(g) and g[0] == w
            for t, lo, wgi in partition(remaining, min(lung + (is_sp(g) or is_giong(g)),
                                                       lung_required)):
                out.add((t + tom, lo + leo, wgi or wg))
        return frozenset(out)

    found: set[tuple[int, int, bool]] = set()
    for picks in product(*choices):
        rest = pool.copy()
        for s in picks:
            rest.subtract(s)
        if any(n < 0 for n in rest.values()):
            continue
        start = tuple(sorted(rest.elements(), key=ORDER.index))
        for t, lo, wg in partition(start, min(mat_lung, lung_required)):
            found.add((t + base_tom, lo + base_leo, wg))
    return found
