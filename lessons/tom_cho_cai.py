"""Cho cái (TOTOM T2.5): card A shown from the nọc and laid in a khe, card B turned up; count
value(A) + value(B) modulo P (làng option ``cai_mod``: P, or 5) from the khe in play order —
which pile does the cái get, and which pile does each other seat get?

The answers are the engine's own deal (engine/totom/deal.py ``Deal.from_piles``): the drill lays
a ring of piles with A in the nọc and B in the pile next to the khe, deals it, and finds the pile
each seat received; ``cho_cai_count`` gives the count the explanation shows. Piles are numbered
as S1 counts them: the pile next to the khe, in play order, is 1. Levels: 1 — five players;
2 — four players (÷ 4); 3 — four players where the làng divides by 5 (``cai_mod = five``).
"""

from __future__ import annotations

import random

from lessons import responses as R
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, LessonError, Text
from lessons.tom_engine import (
    ALL_CARDS,
    DECK,
    BadDeal,
    BadRules,
    Card,
    Deal,
    Piles,
    TomRules,
    cho_cai_count,
    parse_card,
)

FAMILY = "tom_cho_cai"
KINDS = ("pile", "seat_pile")
LEVELS = (1, 2, 3)
RULES = ("T2.5",)


def _read(pos: JSON) -> tuple[TomRules, Card, Card]:
    try:
        rules = TomRules(players=pos["players"], cai_mod=pos.get("cai_mod", "players"))
    except BadRules as e:
        raise LessonError(str(e), e.vi or str(e)) from None
    return rules, parse_card(pos["a"]), parse_card(pos["b"])


def deal(pos: JSON, cai_seat: int = 0) -> Deal:
    """The engine's deal of a ring laid for the position: ring piles 0..P−1 in play order from
    the khe (gap 0), B on top of pile 0, the nọc last with A on top."""
    rules, a, b = _read(pos)
    n, players = rules.hand_size, rules.players
    rest = list(DECK)
    rest.remove(a)
    rest.remove(b)
    random.Random(f"{a.code}:{b.code}:{players}").shuffle(rest)  # which cards: irrelevant
    ring = [[b, *rest[:n - 1]]] + [rest[i * n - 1:(i + 1) * n - 1] for i in range(1, players)]
    noc = [a, *rest[players * n - 1:]]
    try:
        return Deal.from_piles(Piles(tuple(tuple(p) for p in [*ring, noc]), cai_seat, players,
                                     0, 0, (0, 0)), rules)
    except BadDeal as e:  # cannot happen: the ring holds the 120 cards
        raise LessonError(str(e), e.vi or str(e)) from None


def pile_of(pos: JSON, seat: int) -> int:
    """The pile (1 = next to the khe) that ``seat`` receives, read off the engine's deal."""
    rules, _, _ = _read(pos)
    cai = int(pos.get("cai_seat", 0))
    dealt = deal(pos, cai)
    src = dealt.source
    assert src is not None
    for j in range(rules.players):
        cards = list(src.piles[j]) + ([src.a] if seat == cai else [])
        if tuple(sorted(cards)) == dealt.hands[seat]:
            return j + 1
    raise AssertionError("a seat received no pile")  # cannot happen


def solve(kind: str, pos: JSON) -> JSON:
    """T2.5: the count, the remainder rule and the pile (of the cái, or of the seat asked)."""
    rules, a, b = _read(pos)
    m = rules.players if rules.cai_mod == "players" else 5
    seat = int(pos["seat"]) if kind == "seat_pile" else int(pos.get("cai_seat", 0))
    return {"n": a.value + b.value, "modulus": m, "r": cho_cai_count(a, b, rules.players,
                                                                      rules.cai_mod),
            "cai_pile": pile_of(pos, int(pos.get("cai_seat", 0))), "pile": pile_of(pos, seat)}


def counting(pos: JSON, ans: dict[str, int]) -> Text:
    """The count from A and B to the cái pile, and on to the seat asked (T2.5)."""
    rules, a, b = _read(pos)
    n, m, r = ans["n"], ans["modulus"], ans["r"]
    rem = n % m
    zero = Text(f" — dư 0 thì lấy {m}", f" — remainder 0 counts as {m}") if not rem else \
        Text("", "")
    around = Text(f" Chỉ có {rules.players} phần bài nên đếm vòng: phần thứ {r} là phần "
                  f"{ans['cai_pile']}.",
                  f" There are only {rules.players} piles, so the count goes round: count "
                  f"{r} lands on pile {ans['cai_pile']}.") if r != ans["cai_pile"] else Text("", "")
    out = Text(f"A = {W.card(a).vi} tính {a.value}, B = {W.card(b).vi} tính {b.value}: {n}. "
               f"Chia cho {m} dư {rem}{zero.vi}. Đếm từ khe theo chiều chơi, phần sát khe là "
               f"1: phần thứ {r} là phần cái (T2.5).{around.vi}",
               f"A = {W.card(a).en} counts {a.value}, B = {W.card(b).en} counts {b.value}: {n}. "
               f"Divided by {m} the remainder is {rem}{zero.en}. Counting from the khe in play "
               f"order, the pile next to it being 1, pile {r} is the cái's (T2.5).{around.en}")
    if "seat" in pos:
        cai, seat = int(pos["cai_seat"]), int(pos["seat"])
        steps = (seat - cai) % rules.players
        out = out + Text(f"Các phần sau, theo chiều chơi, về các nhà sau nhà cái: ghế {seat} "
                         f"cách ghế cái {steps} nhà nên nhận phần {ans['pile']} (T2.5.6).",
                         f"The next piles, in play order, go to the seats after the cái: seat "
                         f"{seat} is {steps} after the cái's seat, so it gets pile {ans['pile']} "
                         f"(T2.5.6).")
    return out


def _position(rng: random.Random, kind: str, level: int, players: int | None
              ) -> dict[str, JSON]:
    p = players or (5 if level == 1 else 4)
    mod = "five" if level == 3 and p == 4 else "players"
    pos: dict[str, JSON] = {"players": p, "cai_mod": mod, "a": rng.choice(ALL_CARDS).code,
                            "b": rng.choice(ALL_CARDS).code, "level": level}
    if kind == "seat_pile":
        pos["cai_seat"] = rng.randrange(p)
        pos["seat"] = (pos["cai_seat"] + rng.randrange(1, p)) % p
    return pos


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """One cho cái item."""
    a, b = W.card(pos["a"]), W.card(pos["b"])
    mod = Text(" Làng chia cho 5 (cai_mod = five).", " The làng divides by 5 (cai_mod = five).") \
        if pos["cai_mod"] == "five" else Text("", "")
    head = Text(f"Chiếu {pos['players']} người. Người cho cái lấy A = {a.vi} ở nọc đặt vào khe, "
                f"lật B = {b.vi}.{mod.vi}",
                f"{pos['players']} players. The person doing cho cái shows A = {a.en} from the "
                f"nọc and lays it in a khe, and turns up B = {b.en}.{mod.en}")
    if kind == "pile":
        ask = Text("Phần bài thứ mấy tính từ khe (phần sát khe là 1) là phần cái?",
                   "Which pile, counted from the khe (the pile next to it is 1), is the cái's?")
    else:
        ask = Text(f"Ghế {pos['cai_seat']} là cái. Ghế {pos['seat']} nhận phần thứ mấy tính từ "
                   f"khe?",
                   f"Seat {pos['cai_seat']} is the cái. Which pile, counted from the khe, does "
                   f"seat {pos['seat']} receive?")
    return Item(FAMILY, kind, head + ask, pos, solve(kind, pos), RULES)


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Random A and B at the requested or a random level (table size from ``players``)."""
    return [make(kind, _position(rng, kind, level, options.players))
            for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options)]


def grade(item: Item, response: JSON) -> Grade:
    """The pile number from 1: ``n`` or ``{"pile": n}``."""
    ans = solve(item.kind, item.position)
    said = R.whole(R.field(response, "pile"), "a pile number from 1", "số thứ tự phần bài, từ 1")
    return Grade.of(said == ans["pile"], counting(item.position, ans), RULES)


TOM_CHO_CAI = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                     levels=LEVELS)
