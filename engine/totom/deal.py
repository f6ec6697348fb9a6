"""The deal: P + 1 piles of N, cho cái with cards A and B, the cái pile, the nọc (TOTOM T2).

Two forms, as FORMATS.md's Tổ tôm section gives them: the piles form (how the cards lay and
what the person doing cho cái chose) and the hands form (who holds what). Both read back from
their JSON exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.totom.cards import COPIES, DECK, DECK_SIZE, Card, format_cards, parse_card
from engine.totom.errors import BadCard, BadDeal
from engine.totom.rules import DEFAULT_RULES, CaiMod, TomRules, hand_size


def cho_cai_count(a: Card, b: Card, players: int, cai_mod: CaiMod = "players") -> int:
    """T2.5.4: r = (value(A) + value(B)) mod m, r = m when the remainder is 0.

    m is P (`cai_mod` = players) or 5 (`five`); with `five` at P = 4, r may be 5.
    """
    m = players if cai_mod == "players" else 5
    r = (a.value + b.value) % m
    return r or m


def cai_ring_index(khe: int, r: int, players: int) -> int:
    """T2.5.5: the ring position (ring without the nọc) of pile r counted from gap `khe`.

    Gap k lies between ring piles k − 1 and k; counting in play order from it, the pile next
    to it (ring pile k) is 1, so pile r is ring pile k + r − 1, round the ring.
    """
    return (khe + r - 1) % players


@dataclass(frozen=True, slots=True)
class Piles:
    """The piles form (FORMATS): the P + 1 piles in ring order, top first, and the choices.

    ``noc_pile`` is the pile taken as the nọc; card A is its card at ``a_index``, laid in gap
    ``khe``; B is the card at ``b`` = (pile, index). Indices count each pile as dealt.
    """

    piles: tuple[tuple[Card, ...], ...]
    cai_seat: int
    noc_pile: int
    a_index: int
    khe: int
    b: tuple[int, int]

    @property
    def a(self) -> Card:
        """Card A, taken from the nọc and shown (T2.5.2)."""
        return self.piles[self.noc_pile][self.a_index]

    @property
    def b_card(self) -> Card:
        """Card B, turned up and put back (T2.5.3)."""
        return self.piles[self.b[0]][self.b[1]]

    @property
    def ring(self) -> tuple[int, ...]:
        """The piles left in the ring once the nọc is out, in play order (T2.5.1)."""
        return tuple(i for i in range(len(self.piles)) if i != self.noc_pile)

    def to_json(self) -> dict[str, Any]:
        """FORMATS piles form."""
        return {"piles": [[str(c) for c in p] for p in self.piles], "cai_seat": self.cai_seat,
                "noc_pile": self.noc_pile, "a_index": self.a_index, "khe": self.khe,
                "b": list(self.b)}


@dataclass(frozen=True, slots=True)
class Deal:
    """Who holds what when play begins, the same object whichever form it was read from.

    ``hands`` are sorted, one per seat; ``noc`` is listed top first; the cái holds N + 1 cards
    (T2.6). ``a`` and ``b`` are the cho cái cards when known (public for the whole game).
    """

    hands: tuple[tuple[Card, ...], ...]
    noc: tuple[Card, ...]
    cai_seat: int
    a: Card | None = None
    b: Card | None = None
    source: Piles | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        players = len(self.hands)
        if players not in (4, 5):
            raise BadDeal(f"a Tổ tôm deal has 5 or 4 hands, not {players} (T2.1)",
                          vi=f"tổ tôm chia cho 5 hoặc 4 người, không phải {players} (T2.1)")
        n = hand_size(players)
        sizes = [len(h) for h in self.hands]
        if not 0 <= self.cai_seat < players:
            raise BadDeal(f"the cái is seat {self.cai_seat}, not a seat of {players}",
                          vi=f"ghế cái {self.cai_seat} không có ở chiếu {players} người")
        want = [n + 1 if s == self.cai_seat else n for s in range(players)]
        if sizes != want:
            raise BadDeal(f"at {players} players the cái holds {n + 1} cards and the others {n} "
                          f"(T2.6); the hands hold {sizes}",
                          vi=f"chơi {players} người thì cái có {n + 1} quân, người khác {n} "
                             f"(T2.6); số quân là {sizes}")
        if len(self.noc) != n - 1:
            raise BadDeal(f"the nọc holds {n - 1} cards after cho cái (T2.6), not "
                          f"{len(self.noc)}",
                          vi=f"sau khi cho cái nọc còn {n - 1} quân (T2.6), không phải "
                             f"{len(self.noc)}")
        everything = Counter(c for h in self.hands for c in h)
        everything.update(self.noc)
        wrong = sorted((c, k) for c, k in everything.items() if k != COPIES)
        missing = sorted(set(DECK) - set(everything))
        if wrong or missing or sum(everything.values()) != DECK_SIZE:
            desc = ", ".join([f"{c} ×{k}" for c, k in wrong] + [f"{c} ×0" for c in missing])
            raise BadDeal(f"every kind must be dealt {COPIES} times, 120 cards (T1.1): {desc}",
                          vi=f"mỗi quân phải có đúng {COPIES} lá, đủ 120 quân (T1.1): {desc}")

    @property
    def players(self) -> int:
        """P, the number of seats (T2.1)."""
        return len(self.hands)

    # ----------------------------------------------------------------- building

    @classmethod
    def from_piles(cls, piles: Piles, rules: TomRules = DEFAULT_RULES) -> Deal:
        """T2.5: the nọc, card A, card B, the cái pile, then the other piles in play order."""
        players = len(piles.piles) - 1
        if players != rules.players:
            raise BadDeal(f"{len(piles.piles)} piles, but the làng plays with {rules.players} "
                          f"players: P + 1 = {rules.players + 1} piles (T2.3)",
                          vi=f"có {len(piles.piles)} phần bài nhưng làng chơi {rules.players} "
                             f"người: cần {rules.players + 1} phần (T2.3)")
        n = rules.hand_size
        if any(len(p) != n for p in piles.piles):
            raise BadDeal(f"each pile holds {n} cards (T2.3), not {[len(p) for p in piles.piles]}",
                          vi=f"mỗi phần bài có {n} quân (T2.3)")
        _index(piles.cai_seat, players, "cai_seat")
        _index(piles.noc_pile, players + 1, "noc_pile")
        _index(piles.a_index, n, "a_index")
        _index(piles.khe, players, "khe")
        _index(piles.b[0], players + 1, "b[0]")
        _index(piles.b[1], n, "b[1]")
        if piles.b == (piles.noc_pile, piles.a_index):
            raise BadDeal("card B must be another card than A: A has left the nọc (T2.5.3)",
                          vi="quân B phải khác quân A: A đã được lấy ra khỏi nọc (T2.5.3)")
        r = cho_cai_count(piles.a, piles.b_card, players, rules.cai_mod)
        ring = piles.ring
        first = cai_ring_index(piles.khe, r, players)
        hands: list[tuple[Card, ...]] = [()] * players
        for i in range(players):
            cards = piles.piles[ring[(first + i) % players]]
            hands[(piles.cai_seat + i) % players] = tuple(sorted(
                cards + ((piles.a,) if i == 0 else ())))
        noc = list(piles.piles[piles.noc_pile])
        del noc[piles.a_index]
        return cls(tuple(hands), tuple(noc), piles.cai_seat, piles.a, piles.b_card, piles)

    @classmethod
    def shuffled(cls, seed: int, rules: TomRules = DEFAULT_RULES, cai_seat: int = 0) -> Deal:
        """A deal from a seeded shuffle; the choices of cho cái are drawn too (T2.3, T2.5)."""
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        p, n = rules.players, rules.hand_size
        piles = tuple(tuple(deck[i * n:(i + 1) * n]) for i in range(p + 1))
        noc_pile = rng.randrange(p + 1)
        a_index = rng.randrange(n)
        b = (noc_pile, a_index)
        while b == (noc_pile, a_index):
            b = (rng.randrange(p + 1), rng.randrange(n))
        return cls.from_piles(Piles(piles, cai_seat, noc_pile, a_index, rng.randrange(p), b),
                              rules)

    @classmethod
    def from_hands(cls, hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
                   noc: list[Card] | tuple[Card, ...]) -> Deal:
        """The hands form (FORMATS): the seat holding N + 1 cards is the cái."""
        sizes = [len(h) for h in hands]
        longest = max(sizes, default=0)
        if sizes.count(longest) != 1:
            raise BadDeal(f"exactly one hand, the cái's, holds one card more (T2.6); sizes are "
                          f"{sizes}", vi=f"phải có đúng một tay (cái) hơn một quân (T2.6); số "
                                         f"quân là {sizes}")
        return cls(tuple(tuple(sorted(h)) for h in hands), tuple(noc), sizes.index(longest))

    # ----------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """The piles form when the deal came from piles, else the hands form (FORMATS)."""
        return self.source.to_json() if self.source is not None else self.hands_json()

    def hands_json(self) -> dict[str, Any]:
        """The hands form (FORMATS) of this deal."""
        return {"hands": [[str(c) for c in h] for h in self.hands],
                "noc": [str(c) for c in self.noc]}

    @classmethod
    def from_json(cls, data: object, rules: TomRules = DEFAULT_RULES) -> Deal:
        """Read either deal form of FORMATS's Tổ tôm section."""
        if not isinstance(data, dict):
            raise BadDeal(f"a deal is an object, not {type(data).__name__}",
                          vi="phần chia bài phải là một đối tượng JSON")
        if "piles" in data:
            b = data.get("b")
            if not isinstance(b, list) or len(b) != 2:
                raise BadDeal("'b' must be [pile, index]", vi="'b' phải là [phần bài, vị trí]")
            piles = Piles(tuple(tuple(_cards(p, f"piles[{i}]"))
                                for i, p in enumerate(_list(data, "piles"))),
                          _int(data, "cai_seat"), _int(data, "noc_pile"),
                          _int(data, "a_index"), _int(data, "khe"),
                          (_int({"b": b[0]}, "b"), _int({"b": b[1]}, "b")))
            return cls.from_piles(piles, rules)
        if "hands" in data:
            hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(_list(data, "hands"))]
            if len(hands) != rules.players:
                raise BadDeal(f"the deal has {len(hands)} hands but the làng plays with "
                              f"{rules.players} players",
                              vi=f"chia {len(hands)} tay nhưng làng chơi {rules.players} người")
            return cls.from_hands(hands, _cards(_list(data, "noc"), "noc"))
        raise BadDeal("a deal needs 'piles' (piles form) or 'hands' (hands form)",
                      vi="phần chia bài cần 'piles' hoặc 'hands'")

    def describe(self) -> str:
        """A short text form for people and test failures."""
        lines = [f"seat {i}{' (cái)' if i == self.cai_seat else ''}: {format_cards(h)}"
                 for i, h in enumerate(self.hands)]
        lines.append(f"nọc: {format_cards(self.noc)}")
        return "\n".join(lines)


def _index(value: int, size: int, name: str) -> None:
    if not 0 <= value < size:
        raise BadDeal(f"'{name}' is {value}, outside 0..{size - 1}",
                      vi=f"'{name}' là {value}, ngoài khoảng 0..{size - 1}")


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise BadDeal(f"'{key}' must be a list", vi=f"'{key}' phải là một danh sách")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadDeal(f"'{key}' must be a whole number, not {value!r}",
                      vi=f"'{key}' phải là số nguyên")
    return value


def _cards(values: object, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise BadDeal(f"'{where}' must be a list of card codes",
                      vi=f"'{where}' phải là danh sách mã quân bài")
    out = []
    for i, v in enumerate(values):
        try:
            out.append(parse_card(v))
        except BadCard as e:
            raise BadDeal(f"{where}[{i}]: {e}", vi=f"{where}[{i}]: {e.vi or e}") from None
    return out
