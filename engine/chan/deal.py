"""Chia bài and bốc cái: 5 piles of 19, the nọc, the quân cái and who gets what (RULES R2)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.chan.cards import DECK, Card, format_cards, parse_card
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.errors import BadCardCode, BadDeal

N_PILES = 5
PILE_SIZE = 19
N_LEFTOVER = 5


def cai_recipient(picker: int, card: Card | int, players: int) -> int:
    """R2.6: counting the picker as 1, the seat reached at the card's number gets the cái pile."""
    return (picker + Card(card).rank - 1) % players


@dataclass(frozen=True, slots=True)
class Piles:
    """The piles form of a deal (FORMATS.md): how the cards lay before anyone took them."""

    piles: tuple[tuple[Card, ...], ...]
    leftover: tuple[Card, ...]
    picker: int
    noc_pile: int
    cai_index: int
    cai_pile: int

    def to_json(self) -> dict[str, Any]:
        """FORMATS piles form."""
        return {
            "piles": [[str(c) for c in p] for p in self.piles],
            "leftover": [str(c) for c in self.leftover],
            "picker": self.picker,
            "noc_pile": self.noc_pile,
            "cai_index": self.cai_index,
            "cai_pile": self.cai_pile,
        }


@dataclass(frozen=True, slots=True)
class Deal:
    """Who holds what when play begins: the same object whichever form it was read from.

    ``hands`` are sorted; ``noc`` is listed top first; ``dead`` holds piles set aside (R2.7).
    """

    hands: tuple[tuple[Card, ...], ...]
    noc: tuple[Card, ...]
    cai_seat: int
    cai_card: Card | None = None
    picker: int | None = None
    dead: tuple[Card, ...] = ()
    source: Piles | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        players = len(self.hands)
        if not 2 <= players <= 4:
            raise BadDeal(f"a deal has 2 to 4 hands, not {players} (R2.1)",
                          vi=f"một ván chia cho 2 đến 4 người, không phải {players} (R2.1)")
        sizes = [len(h) for h in self.hands]
        if sizes.count(20) != 1 or any(s not in (19, 20) for s in sizes):
            raise BadDeal(f"one hand must hold 20 cards and the others 19 (R2.8); sizes are "
                          f"{sizes}", vi=f"một tay phải có 20 quân, các tay khác 19 quân (R2.8); "
                                     f"số quân là {sizes}")
        if sizes[self.cai_seat] != 20:
            raise BadDeal(f"the cái recipient is seat {self.cai_seat}, but it holds "
                          f"{sizes[self.cai_seat]} cards, not 20 (R2.8)",
                          vi=f"ghế {self.cai_seat} được cái nhưng có {sizes[self.cai_seat]} "
                             f"quân, không phải 20 (R2.8)")
        everything = Counter(c for h in self.hands for c in h)
        everything.update(self.noc)
        everything.update(self.dead)
        total = sum(everything.values())
        if total != 100:
            raise BadDeal(f"the deal holds {total} cards, not 100 (R1.1)",
                          vi=f"bộ bài có {total} quân, không phải 100 (R1.1)")
        wrong = sorted((str(Card(k)), n) for k, n in everything.items() if n != 4)
        if wrong:
            desc = ", ".join(f"{code} ×{n}" for code, n in wrong)
            raise BadDeal(f"every kind must appear 4 times (R1.1): {desc}",
                          vi=f"mỗi quân phải có đúng 4 lá (R1.1): {desc}")
        if self.cai_card is not None and self.cai_card not in self.hands[self.cai_seat]:
            raise BadDeal(f"the quân cái {self.cai_card} is not in the hand of seat "
                          f"{self.cai_seat}, who received the cái pile (R2.5)",
                          vi=f"quân cái {self.cai_card} không nằm trong tay ghế {self.cai_seat}, "
                             f"người được cái (R2.5)")
        if players == 4 and self.dead:
            raise BadDeal(f"a 4-player deal sets no pile aside, but {len(self.dead)} dead cards "
                          f"were given (R2.7)",
                          vi=f"chơi 4 người thì không bỏ phần bài nào, nhưng có {len(self.dead)} "
                             f"quân bỏ ra (R2.7)")
        if self.picker is not None and not 0 <= self.picker < players:
            raise BadDeal(f"picker {self.picker} is not a seat of a {players}-player table",
                          vi=f"người bốc cái {self.picker} không phải một ghế của chiếu "
                             f"{players} người")

    @property
    def players(self) -> int:
        """Number of players (R2.1)."""
        return len(self.hands)

    # ----------------------------------------------------------------- building

    @classmethod
    def from_piles(cls, piles: Piles, players: int = 4,
                   rules: LangRules = DEFAULT_RULES) -> Deal:
        """R2.4–R2.7: the nọc, the quân cái, the recipient and the other piles."""
        if not 2 <= players <= 4:
            raise BadDeal(f"2 to 4 players (R2.1), not {players}",
                          vi=f"chơi 2 đến 4 người (R2.1), không phải {players}")
        if len(piles.piles) != N_PILES or any(len(p) != PILE_SIZE for p in piles.piles):
            raise BadDeal(f"the piles form needs {N_PILES} piles of {PILE_SIZE} cards, got "
                          f"{[len(p) for p in piles.piles]} (R2.3)",
                          vi=f"cần {N_PILES} phần bài, mỗi phần {PILE_SIZE} quân; nhận được "
                             f"{[len(p) for p in piles.piles]} (R2.3)")
        if len(piles.leftover) != N_LEFTOVER:
            raise BadDeal(f"the piles form needs {N_LEFTOVER} left-over cards, got "
                          f"{len(piles.leftover)} (R2.3)",
                          vi=f"cần {N_LEFTOVER} quân thừa, nhận được {len(piles.leftover)} (R2.3)")
        if not 0 <= piles.picker < players:
            raise BadDeal(f"picker {piles.picker} is not a seat of a {players}-player table",
                          vi=f"người bốc cái {piles.picker} không phải một ghế của chiếu "
                             f"{players} người")
        if not 0 <= piles.noc_pile < N_PILES:
            raise BadDeal(f"noc_pile {piles.noc_pile} is not a pile (0..4)",
                          vi=f"phần nọc {piles.noc_pile} không phải một phần bài (0..4)")
        if not 0 <= piles.cai_pile < N_PILES or piles.cai_pile == piles.noc_pile:
            raise BadDeal(f"cai_pile {piles.cai_pile} must be one of the four piles other "
                          f"than the nọc pile {piles.noc_pile} (R2.5)",
                          vi=f"phần cái {piles.cai_pile} phải là một trong bốn phần khác phần "
                             f"nọc {piles.noc_pile} (R2.5)")
        noc24 = list(piles.leftover) + list(piles.piles[piles.noc_pile])
        if not 0 <= piles.cai_index < len(noc24):
            raise BadDeal(f"cai_index {piles.cai_index} is outside the 24-card nọc (R2.5)",
                          vi=f"vị trí quân cái {piles.cai_index} nằm ngoài nọc 24 quân (R2.5)")
        cai_card = noc24.pop(piles.cai_index)
        recipient = cai_recipient(piles.picker, cai_card, players)
        hands: list[tuple[Card, ...]] = [()] * players
        order = [(piles.cai_pile + i) % N_PILES for i in range(N_PILES)]
        order = [p for p in order if p != piles.noc_pile]
        for i, pile in enumerate(order):
            cards = piles.piles[pile]
            if i < players:
                seat = (recipient + i) % players
                extra = (cai_card,) if i == 0 else ()
                hands[seat] = tuple(sorted(cards + extra))
        unused = [c for pile in order[players:] for c in piles.piles[pile]]
        dead: tuple[Card, ...] = ()
        if rules.unused_piles == "noc":
            noc24.extend(unused)
        else:
            dead = tuple(unused)
        return cls(hands=tuple(hands), noc=tuple(noc24), cai_seat=recipient, cai_card=cai_card,
                   picker=piles.picker, dead=dead, source=piles)

    @classmethod
    def shuffled(cls, seed: int, players: int = 4, picker: int = 0,
                 rules: LangRules = DEFAULT_RULES) -> Deal:
        """A deal from a seeded shuffle: the picker's choices (nọc, cái) are drawn too."""
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        piles = tuple(tuple(deck[i * PILE_SIZE:(i + 1) * PILE_SIZE]) for i in range(N_PILES))
        leftover = tuple(deck[N_PILES * PILE_SIZE:])
        noc_pile = rng.randrange(N_PILES)
        cai_pile = rng.choice([p for p in range(N_PILES) if p != noc_pile])
        cai_index = rng.randrange(PILE_SIZE + N_LEFTOVER)
        return cls.from_piles(Piles(piles, leftover, picker, noc_pile, cai_index, cai_pile),
                              players, rules)

    @classmethod
    def from_hands(cls, hands: list[list[Card]] | tuple[tuple[Card, ...], ...],
                   noc: list[Card] | tuple[Card, ...], cai_card: Card | None = None,
                   dead: list[Card] | tuple[Card, ...] = (), picker: int | None = None) -> Deal:
        """The hands form (FORMATS.md): the seat holding 20 cards is the cái recipient."""
        sizes = [len(h) for h in hands]
        if sizes.count(20) != 1:
            raise BadDeal(f"exactly one hand must hold 20 cards (the cái recipient, R2.8); "
                          f"sizes are {sizes}", vi=f"phải có đúng một tay 20 quân (người được "
                                                   f"cái, R2.8); số quân là {sizes}")
        return cls(hands=tuple(tuple(sorted(h)) for h in hands), noc=tuple(noc),
                   cai_seat=sizes.index(20), cai_card=cai_card, picker=picker,
                   dead=tuple(dead))

    # ----------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """The piles form when the deal came from piles, else the hands form (FORMATS.md)."""
        if self.source is not None:
            return self.source.to_json()
        return self.hands_json()

    def hands_json(self) -> dict[str, Any]:
        """The hands form (FORMATS.md) of this deal."""
        out: dict[str, Any] = {"hands": [[str(c) for c in h] for h in self.hands],
                               "noc": [str(c) for c in self.noc]}
        if self.cai_card is not None:
            out["cai_card"] = str(self.cai_card)
        if self.dead:
            out["dead"] = [str(c) for c in self.dead]
        if self.picker is not None:
            out["picker"] = self.picker
        return out

    @classmethod
    def from_json(cls, data: object, players: int | None = None,
                  rules: LangRules = DEFAULT_RULES) -> Deal:
        """Read either deal form of FORMATS.md."""
        if not isinstance(data, dict):
            raise BadDeal(f"a deal is an object, not {type(data).__name__}",
                          vi="phần chia bài phải là một đối tượng JSON")
        if "piles" in data:
            p = Piles(
                piles=tuple(tuple(_cards(pile, f"piles[{i}]"))
                            for i, pile in enumerate(_list(data, "piles"))),
                leftover=tuple(_cards(_list(data, "leftover"), "leftover")),
                picker=_int(data, "picker"), noc_pile=_int(data, "noc_pile"),
                cai_index=_int(data, "cai_index"), cai_pile=_int(data, "cai_pile"))
            return cls.from_piles(p, 4 if players is None else players, rules)
        if "hands" in data:
            hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(_list(data, "hands"))]
            if players is not None and len(hands) != players:
                raise BadDeal(f"the deal has {len(hands)} hands but the table has {players} "
                              f"players", vi=f"chia {len(hands)} tay nhưng chiếu có {players} "
                                             f"người")
            noc = _cards(_list(data, "noc"), "noc")
            dead = _cards(data.get("dead", []), "dead")
            cai = data.get("cai_card")
            cai_card = None if cai is None else _card(cai, "cai_card")
            picker = data.get("picker")
            if picker is not None and (not isinstance(picker, int) or isinstance(picker, bool)):
                raise BadDeal(f"'picker' must be a seat number, not {picker!r}",
                              vi="'picker' phải là số ghế")
            return cls.from_hands(hands, noc, cai_card, dead, picker)
        raise BadDeal("a deal needs either 'piles' (piles form) or 'hands' (hands form)",
                      vi="phần chia bài cần 'piles' hoặc 'hands'")

    def describe(self) -> str:
        """A short text form for people and test failures."""
        lines = [f"seat {i}: {format_cards(h)}" for i, h in enumerate(self.hands)]
        lines.append(f"nọc: {format_cards(self.noc)}")
        return "\n".join(lines)


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


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise BadDeal(f"{where}: a card code is text like '9v', not {value!r}",
                      vi=f"{where}: mã quân bài viết như '9v'")
    try:
        return parse_card(value)
    except BadCardCode as e:
        raise BadDeal(f"{where}: {e}", vi=f"{where}: mã quân bài không đúng (viết như '9v', "
                                          f"'9n', '9s' hoặc 'cc')") from None


def _cards(values: object, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise BadDeal(f"'{where}' must be a list of card codes",
                      vi=f"'{where}' phải là danh sách mã quân bài")
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(values)]
