"""Chia bài (RULES R2.3–R2.8), step by step: the learner deals 5 piles and the leftovers,
chooses the nọc, turns up the cái, counts to the recipient, hands out the piles and says who
holds what. Every step is its own item on the same deal (FORMATS piles form in the position);
the answers come from engine.chan.deal (``Deal.from_piles``), whichever pile a step lets the learner
choose.

Items come in walk order: a deal's six steps, then the next deal's.
"""

from __future__ import annotations

import random

from engine.chan import DECK, DEFAULT_RULES, N_LEFTOVER, N_PILES, PILE_SIZE, Card, Deal, Piles
from lessons import boc_cai
from lessons import phrases as P
from lessons import responses as R
from lessons.family import Family, Options
from lessons.item import JSON, Grade, Item, LessonError, Text

FAMILY = "chia_bai"
STEPS = ("piles", "noc", "cai", "recipient", "hand_out", "hands")
RULES: dict[str, tuple[str, ...]] = {
    "piles": ("R2.3",), "noc": ("R2.4",), "cai": ("R2.5",), "recipient": ("R2.6",),
    "hand_out": ("R2.7",), "hands": ("R2.7", "R2.8"),
}


def deal_of(pos: JSON) -> Deal:
    """The engine's deal of a position (FORMATS piles form, default làng options)."""
    return Deal.from_json(pos["deal"], int(pos["players"]), DEFAULT_RULES)


def pile_of_seat(deal: Deal) -> tuple[list[int], list[int]]:
    """Which pile each seat received and the piles set aside, read back from the engine's
    hands (R2.7): a seat's hand is its pile (plus the quân cái for the recipient)."""
    src = deal.source
    assert src is not None
    free = [p for p in range(N_PILES) if p != src.noc_pile]
    out: list[int] = []
    for s, hand in enumerate(deal.hands):
        extra = (deal.cai_card,) if s == deal.cai_seat and deal.cai_card is not None else ()
        p = next(p for p in free if tuple(sorted(src.piles[p] + extra)) == hand)
        free.remove(p)
        out.append(p)
    return out, free


def solve(kind: str, pos: JSON) -> JSON:
    """Each step's facts, from the engine's deal."""
    deal = deal_of(pos)
    src = deal.source
    assert src is not None
    if kind == "piles":
        return {"piles": len(src.piles), "pile_size": len(src.piles[0]),
                "leftover": len(src.leftover)}
    if kind == "noc":
        return {"noc_size": len(src.leftover) + len(src.piles[src.noc_pile]),
                "choices": list(range(len(src.piles)))}
    if kind == "cai":
        return {"cai_piles": [p for p in range(len(src.piles)) if p != src.noc_pile],
                "noc_after": len(deal.noc), "cai_pile_size": len(deal.hands[deal.cai_seat])}
    if kind == "recipient":
        assert deal.cai_card is not None
        return {"card": str(deal.cai_card), "number": deal.cai_card.rank,
                "recipient": deal.cai_seat}
    if kind == "hand_out":
        seats, dead = pile_of_seat(deal)
        return {"pile_of_seat": seats, "dead_piles": dead}
    if kind == "hands":
        return {"sizes": [len(h) for h in deal.hands], "first": deal.cai_seat,
                "noc": len(deal.noc)}
    raise LessonError(f"chia_bai has no step '{kind}'", f"chia bài không có bước '{kind}'")


def _question(kind: str, pos: JSON) -> Text:
    players = pos["players"]
    d = pos["deal"]
    picker, noc, cai = d["picker"], d["noc_pile"], d["cai_pile"]
    if kind == "piles":
        return Text(f"Chiếu {players} người. Chia cả cỗ bài thành các phần: bao nhiêu phần, "
                    f"mỗi phần bao nhiêu quân, thừa mấy quân?",
                    f"{players} players. Deal the whole deck into piles: how many piles, how "
                    f"many cards each, how many left over?")
    if kind == "noc":
        return Text(f"Ghế {picker} bốc cái: đặt các quân thừa lên một phần để làm nọc. Chọn "
                    f"phần nào, và nọc có bao nhiêu quân?",
                    f"Seat {picker} is the picker: put the leftovers on a pile to make the nọc. "
                    f"Which pile, and how many cards does the nọc hold?")
    if kind == "cai":
        return Text(f"Nọc là phần {noc}. Rút một quân trong nọc lật lên một phần khác: được "
                    f"lật lên phần nào, và nọc còn bao nhiêu quân?",
                    f"The nọc is pile {noc}. Take a card from the nọc and turn it up on "
                    f"another pile: which piles may take it, and how many cards stay in the "
                    f"nọc?")
    if kind == "recipient":
        card = P.card(d["leftover"][d["cai_index"]] if d["cai_index"] < N_LEFTOVER
                      else d["piles"][noc][d["cai_index"] - N_LEFTOVER])
        return Text(f"Quân cái {card.vi} lật lên phần {cai}, ghế {picker} bốc cái. Ghế nào "
                    f"được phần cái?",
                    f"The quân cái {card.en} lies on pile {cai}; seat {picker} picked. Which "
                    f"seat gets the cái pile?")
    if kind == "hand_out":
        return Text(f"Phần cái là phần {cai}, nọc là phần {noc}. Chia các phần còn lại: mỗi "
                    f"ghế nhận phần nào?",
                    f"The cái pile is pile {cai}, the nọc pile {noc}. Hand out the piles: "
                    f"which pile does each seat receive?")
    return Text("Bài đã chia xong. Ai cầm 20 quân và đi trước, nọc còn mấy quân?",
                "The deal is done. Who holds 20 cards and plays first, and how many cards are "
                "in the nọc?")


def make(kind: str, players: int, piles: Piles) -> Item:
    """One step of a deal."""
    pos: dict[str, JSON] = {"players": players, "step": kind, "deal": piles.to_json()}
    return Item(FAMILY, kind, _question(kind, pos), pos, solve(kind, pos), RULES[kind])


def random_piles(rng: random.Random, players: int) -> Piles:
    """A shuffled deck laid out as 5 piles and the leftovers, with the picker's choices."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles = tuple(tuple(deck[i * PILE_SIZE:(i + 1) * PILE_SIZE]) for i in range(N_PILES))
    noc = rng.randrange(N_PILES)
    return Piles(piles=piles, leftover=tuple(deck[N_PILES * PILE_SIZE:]),
                 picker=rng.randrange(players), noc_pile=noc,
                 cai_index=rng.randrange(PILE_SIZE + N_LEFTOVER),
                 cai_pile=rng.choice([p for p in range(N_PILES) if p != noc]))


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Deals walked step by step (only the requested steps when ``options.kinds``)."""
    steps = options.kinds or STEPS
    unknown = [s for s in steps if s not in STEPS]
    if unknown:
        raise LessonError(f"chia_bai has no step {', '.join(unknown)} (steps: "
                          f"{', '.join(STEPS)})",
                          f"chia bài không có bước {', '.join(unknown)} (các bước: "
                          f"{', '.join(STEPS)})")
    out: list[Item] = []
    while len(out) < count:
        players = options.players or rng.choice((2, 3, 4))
        piles = random_piles(rng, players)
        out.extend(make(s, players, piles) for s in steps[:count - len(out)])
    return out


def _explain(kind: str, pos: JSON, ans: JSON) -> Text:
    if kind == "piles":
        return Text(f"Cỗ bài 100 quân chia thành {ans['piles']} phần, mỗi phần "
                    f"{ans['pile_size']} quân, thừa {ans['leftover']} quân (R2.3).",
                    f"The 100 cards make {ans['piles']} piles of {ans['pile_size']}, with "
                    f"{ans['leftover']} left over (R2.3).")
    if kind == "noc":
        return Text(f"Người bốc cái được chọn phần nào cũng được; phần đó cộng {N_LEFTOVER} "
                    f"quân thừa thành nọc {ans['noc_size']} quân (R2.4).",
                    f"The picker may choose any pile; with the {N_LEFTOVER} leftovers it "
                    f"becomes the {ans['noc_size']}-card nọc (R2.4).")
    if kind == "cai":
        return Text(f"Quân cái được lật lên một trong bốn phần khác nọc "
                    f"({', '.join(map(str, ans['cai_piles']))}); phần đó thành phần cái "
                    f"{ans['cai_pile_size']} quân, nọc còn {ans['noc_after']} quân (R2.5).",
                    f"The quân cái goes on one of the four other piles "
                    f"({', '.join(map(str, ans['cai_piles']))}): that pile becomes the "
                    f"{ans['cai_pile_size']}-card cái pile and the nọc keeps "
                    f"{ans['noc_after']} (R2.5).")
    if kind == "recipient":
        return boc_cai.counting(int(pos["players"]), int(pos["deal"]["picker"]),
                                Card.parse(ans["card"]))
    if kind == "hand_out":
        seats = ", ".join(f"ghế {s} ← phần {p}" for s, p in enumerate(ans["pile_of_seat"]))
        seats_en = ", ".join(f"seat {s} ← pile {p}" for s, p in enumerate(ans["pile_of_seat"]))
        dead = ans["dead_piles"]
        tail = Text(f" Các phần {', '.join(map(str, dead))} không ai nhận, để riêng.",
                    f" Piles {', '.join(map(str, dead))} go to nobody and are set aside.") \
            if dead else Text("", "")
        return Text(f"Người được cái nhận phần cái; đi vòng các phần theo chiều chơi, bỏ qua "
                    f"nọc, phần tiếp theo về nhà bên phải của người vừa nhận: {seats} "
                    f"(R2.7).{tail.vi}",
                    f"The recipient takes the cái pile; going round the piles in play order, "
                    f"skipping the nọc, each next pile goes to the right neighbour of the last "
                    f"seat served: {seats_en} (R2.7).{tail.en}")
    return Text(f"Ghế {ans['first']} được cái nên cầm 20 quân và đánh trước; các nhà khác 19 "
                f"quân; nọc còn {ans['noc']} quân (R2.8).",
                f"Seat {ans['first']} got the cái pile: it holds 20 cards and plays first; the "
                f"others hold 19; the nọc holds {ans['noc']} (R2.8).")


def grade(item: Item, response: JSON) -> Grade:
    """Each step's response (the shapes are in lessons/README.md) against the engine's deal."""
    kind, pos = item.kind, item.position
    ans = solve(kind, pos)
    if kind == "piles":
        ok = all(R.whole(R.field(response, k)) == ans[k]
                 for k in ("piles", "pile_size", "leftover"))
    elif kind == "noc":
        ok = R.whole(R.field(response, "noc_pile")) in ans["choices"] \
            and R.whole(R.field(response, "noc_size")) == ans["noc_size"]
    elif kind == "cai":
        ok = R.whole(R.field(response, "cai_pile")) in ans["cai_piles"] \
            and R.whole(R.field(response, "noc_after")) == ans["noc_after"]
    elif kind == "recipient":
        ok = R.whole(R.field(response, "seat", "recipient")) == ans["recipient"]
    elif kind == "hand_out":
        got = R.field(response, "pile_of_seat")
        if not isinstance(got, list):
            raise R.bad("a list of piles, one per seat", "danh sách phần bài theo ghế", got)
        ok = [R.whole(p) for p in got] == ans["pile_of_seat"]
    else:
        ok = R.whole(R.field(response, "first", "seat")) == ans["first"] \
            and R.whole(R.field(response, "noc")) == ans["noc"]
    return Grade.of(ok, _explain(kind, pos, ans), RULES[kind])


CHIA_BAI = Family(FAMILY, STEPS, generate, solve, grade)
