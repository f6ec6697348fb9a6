"""Bốc cái counting (RULES R2.6): a picker, the quân cái and 2–4 players → who gets the cái
pile. The answer is engine.chan.deal.cai_recipient; the explanation counts seat by seat and, at four
players, names the mnemonic *nhị (lục) tiến, tứ (bát) tụt, tam (thất) đối*."""

from __future__ import annotations

import random

from engine.chan import ALL_CARDS, Card, cai_recipient
from lessons import phrases as P
from lessons import responses as R
from lessons.family import Family, Options, pick_kind
from lessons.item import JSON, Grade, Item, Text, join

FAMILY = "boc_cai"
KINDS = ("recipient",)
TIME_LIMIT_S = 6  # the timed mode's limit: a village counts faster than this
RULES = ("R2.6",)

# At four players the seat reached depends only on (number − 1) mod 4 (R2.6).
MNEMONIC: dict[int, Text] = {
    0: Text("chi, ngũ, cửu: người bốc cái tự lấy phần cái",
            "chi (1), 5 and 9: the picker keeps the cái pile"),
    1: Text("nhị (lục) tiến: phần cái về nhà bên phải người bốc",
            "nhị (lục) tiến — 2 and 6 go forward: the picker's right neighbour"),
    2: Text("tam (thất) đối: phần cái về nhà đối diện",
            "tam (thất) đối — 3 and 7: the seat opposite"),
    3: Text("tứ (bát) tụt: phần cái về nhà bên trái người bốc",
            "tứ (bát) tụt — 4 and 8 step back: the picker's left neighbour"),
}


def position(players: int, picker: int, card: Card, timed: bool = False) -> dict[str, JSON]:
    """The drill's position: the table size, who picked, the card turned up."""
    out: dict[str, JSON] = {"players": players, "picker": picker, "card": str(card)}
    if timed:
        out["seconds"] = TIME_LIMIT_S
    return out


def _read(pos: JSON) -> tuple[int, int, Card]:
    return int(pos["players"]), int(pos["picker"]), Card.parse(pos["card"])


def solve(kind: str, pos: JSON) -> JSON:
    """R2.6: the recipient seat, by engine.chan.deal.cai_recipient."""
    players, picker, card = _read(pos)
    return cai_recipient(picker, card, players)


def counting(players: int, picker: int, card: Card) -> Text:
    """The count seat by seat, the recipient and (at four players) the mnemonic."""
    n = card.rank
    recipient = cai_recipient(picker, card, players)
    steps = [(picker + i) % players for i in range(n)]
    seq = ", ".join(f"{s}→{i + 1}" for i, s in enumerate(steps))
    parts = [Text(f"Quân cái {P.card(card).vi} là {n}. Người bốc cái (ghế {picker}) đếm là 1, "
                  f"rồi theo chiều chơi (ghế → số): {seq}. Ghế {recipient} được cái (R2.6).",
                  f"The quân cái {P.card(card).en} counts {n}. The picker (seat {picker}) "
                  f"counts 1, then round in play order (seat → count): {seq}. Seat "
                  f"{recipient} gets the cái pile (R2.6).")]
    if players == 4:
        m = MNEMONIC[(recipient - picker) % 4]
        parts.append(Text(f"Mẹo nhớ: {m.vi}.", f"Mnemonic: {m.en}."))
    return join(parts)


def make(players: int, picker: int, card: Card, timed: bool = False) -> Item:
    """One bốc cái item."""
    pos = position(players, picker, card, timed)
    limit = Text(f" Trả lời trong {TIME_LIMIT_S} giây.", f" Answer within {TIME_LIMIT_S} "
                                                          f"seconds.") if timed else Text("", "")
    q = Text(f"Chiếu {players} người, ghế {picker} bốc cái và lật được {P.card(card).vi}. "
             f"Ghế nào được phần cái?{limit.vi}",
             f"{players} players; seat {picker} picks and turns up {P.card(card).en}. Which "
             f"seat receives the cái pile?{limit.en}")
    return Item(FAMILY, "recipient", q, pos, solve("recipient", pos), RULES)


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Random picker, card and table size (2–4 unless ``options.players``)."""
    out = []
    for _ in range(count):
        pick_kind(rng, FAMILY, KINDS, options)
        players = options.players or rng.choice((2, 3, 4))
        picker = rng.randrange(players)
        card = rng.choice(ALL_CARDS)
        out.append(make(players, picker, card, options.timed))
    return out


def grade(item: Item, response: JSON) -> Grade:
    """The seat answered (an int, or ``{"seat": s, "elapsed_ms": t}``) against R2.6; in the
    timed mode a right seat given too late is not right."""
    players, picker, card = _read(item.position)
    seat = R.whole(R.field(response, "seat", "recipient"), "a seat number", "số ghế")
    right = solve(item.kind, item.position)
    why = counting(players, picker, card)
    limit = item.position.get("seconds")
    if seat == right and limit is not None and isinstance(response, dict):
        elapsed = response.get("elapsed_ms")
        if isinstance(elapsed, int | float) and not isinstance(elapsed, bool) \
                and elapsed > limit * 1000:
            late = Text(f"Đúng ghế nhưng quá {limit} giây.",
                        f"The right seat, but after more than {limit} seconds.")
            return Grade.of(False, late + why, RULES)
    return Grade.of(seat == right, why, RULES)


BOC_CAI = Family(FAMILY, KINDS, generate, solve, grade)
