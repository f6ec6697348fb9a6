"""The 30 Tổ tôm cards (TOTOM T1): name the card shown; is it a yêu (đen or đỏ), is it red.

Names, yêu and red come from engine/totom/cards.py (``Card.name_vi``, ``is_yeu_den``,
``is_yeu_do``, ``is_red``). Levels: 1 — pick the name among four far apart; 2 — among four
easily confused (the same rank in other suits, the neighbours in the suit; the three yêu đỏ
together); 3 — type the name (with or without diacritics, as T1.3 reads it).

The multiple-choice helpers here serve the couplets too (lessons/tom_tho.py): a choice is
answered by its number from 1, or by the card itself.
"""

from __future__ import annotations

import random

from lessons import responses as R
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, Text, join
from lessons.tom_engine import ALL_CARDS, YEU_DO, Card, card_of, parse_card

FAMILY = "tom_quan"
KINDS = ("name", "yeu_red")
LEVELS = (1, 2, 3)
CHOICES = 4
RULES: dict[str, tuple[str, ...]] = {"name": ("T1.2", "T1.3"), "yeu_red": ("T1.4", "T1.5")}
# T1.2 (S1): how the three suits are told apart, and the three pictures without a suit.
SUIT_LOOKS: dict[str, Text] = {
    "v": Text("Vạn vuông", "Vạn is the square one"),
    "n": Text("Văn chéo", "Văn is the crossed one"),
    "s": Text("Sách loằng ngoằng", "Sách is the squiggly one"),
}
PICTURES: dict[Card, Text] = {
    Card.OC: Text("ông già chống gậy", "an old man with a stick"),
    Card.TT: Text("người đàn bà bế con", "a woman with a child"),
    Card.CC: Text("người cầm hai chùy", "a man with two maces"),
}


def hang(c: Card) -> str:
    """The row (hàng) a card sits in for the couplets: its rank, or "yeu" for ông cụ, thang
    thang and chi chi (S1's "Hàng Yêu")."""
    return "yeu" if c in YEU_DO else str(c.rank)


def confusable(rng: random.Random, c: Card) -> list[Card]:
    """The cards a beginner mistakes for c, most confusing first: the rest of its row (its
    rank in the other suits; the three yêu đỏ together), then its neighbours in the suit (for a
    yêu đỏ, the yêu đen)."""
    same = [k for k in ALL_CARDS if k != c and hang(k) == hang(c)]
    if c.suit is not None:
        s = "vns".index(c.suit)
        near = [card_of(s, r) for r in (c.rank - 1, c.rank + 1) if 1 <= r <= 9]
    else:
        near = [Card.V1, Card.N1, Card.S1]
    rng.shuffle(same)
    rng.shuffle(near)
    return same + near


def choices(rng: random.Random, c: Card, level: int, n: int = CHOICES) -> list[Card]:
    """``n`` cards, c among them: far apart at level 1, easily confused above."""
    if level >= 2:
        others = confusable(rng, c)[:n - 1]
    else:
        far = [k for k in ALL_CARDS if hang(k) != hang(c) and k.suit != c.suit]
        others = rng.sample(far, n - 1)
    out = [c, *others]
    rng.shuffle(out)
    return out


def read_choice(response: JSON, options: list[str] | None) -> Card:
    """A card (its code or name) or, where there are choices, an option number from 1."""
    value = R.field(response, "option", "card") if isinstance(response, dict) else response
    if isinstance(value, int) and not isinstance(value, bool):
        if not options or not 1 <= value <= len(options):
            raise R.bad(f"an option from 1 to {len(options or [])}",
                        f"một lựa chọn từ 1 đến {len(options or [])}", value)
        return parse_card(options[value - 1])
    return W.read_card(value)


def option_of(c: Card, options: list[str] | None) -> int | None:
    """The number (from 1) of c among the choices."""
    return None if not options else options.index(c.code) + 1


def about(c: Card) -> Text:
    """What the card is: its rank and suit (T1.2), or its picture."""
    if c.suit is None:
        pic = PICTURES[c]
        return Text(f"{c.name_vi} ({c.code}) là quân không có chất, hình {pic.vi} (T1.2).",
                    f"{c.code} is {c.name_vi}, a card without a suit: {pic.en} (T1.2).")
    look = SUIT_LOOKS[c.suit]
    return Text(f"{c.name_vi} ({c.code}): hàng {c.name_vi.split()[0].lower()} ({c.rank}), chất "
                f"{c.name_vi.split()[1]} — chữ {c.han}; {look.vi} (T1.2, T1.3).",
                f"{c.code} is {c.name_vi}: rank {c.rank}, suit {c.name_vi.split()[1]} — "
                f"written {c.han}; {look.en} (T1.2, T1.3).")


def position(kind: str, c: Card, level: int, rng: random.Random) -> dict[str, JSON]:
    """The drill's position: the card, the level, and the names to choose from."""
    out: dict[str, JSON] = {"card": c.code}
    if kind == "name":
        out["level"] = level
        if level < 3:
            out["choices"] = [k.code for k in choices(rng, c, level)]
    return out


def solve(kind: str, pos: JSON) -> JSON:
    """T1.2–T1.5: the card's name, or its yêu and colour."""
    c = parse_card(pos["card"])
    if kind == "yeu_red":
        return {"yeu": "do" if c.is_yeu_do else "den" if c.is_yeu_den else None,
                "red": c.is_red}
    return {"card": c.code, "name": c.name_vi, "option": option_of(c, pos.get("choices"))}


QUESTIONS: dict[str, Text] = {
    "name": Text("Quân bài này tên là gì?", "What is this card called?"),
    "yeu_red": Text("Quân {vi} có phải là yêu không — yêu đen hay yêu đỏ? Nó là quân đỏ hay "
                    "quân đen?",
                    "Is {en} a yêu — a yêu đen or a yêu đỏ? Is it a red card or a black one?"),
}


def make(kind: str, c: Card, level: int, rng: random.Random) -> Item:
    """One item about a card."""
    pos = position(kind, c, level, rng)
    q = QUESTIONS[kind]
    name = W.card(c)
    return Item(FAMILY, kind, Text(q.vi.format(vi=name.vi), q.en.format(en=name.en)), pos,
                solve(kind, pos), RULES[kind])


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Random cards (every kind as likely), at the requested or a random level."""
    return [make(kind, rng.choice(ALL_CARDS), level, rng)
            for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options)]


def grade(item: Item, response: JSON) -> Grade:
    """A name (or option) for ``name``; ``{"yeu": "den"|"do"|null, "red": bool}`` for
    ``yeu_red``."""
    c = parse_card(item.position["card"])
    if item.kind == "yeu_red":
        if not isinstance(response, dict) or "yeu" not in response or "red" not in response:
            raise R.bad('{"yeu": "den" | "do" | null, "red": true | false}',
                        '{"yeu": "den" | "do" | null, "red": true | false}', response)
        yeu, red = response["yeu"], response["red"]
        if yeu not in ("den", "do", None) or not isinstance(red, bool):
            raise R.bad('{"yeu": "den" | "do" | null, "red": true | false}',
                        '{"yeu": "den" | "do" | null, "red": true | false}', response)
        right = solve(item.kind, item.position)
        why = Text(f"{c.name_vi} ({c.code}) là {W.yeu_red(c).vi}.",
                   f"{c.code} ({c.name_vi.lower()}) is {W.yeu_red(c).en}.")
        return Grade.of(yeu == right["yeu"] and red == right["red"], why, item.rules)
    said = read_choice(response, item.position.get("choices"))
    wrong = Text("", "") if said == c else Text(
        f"Quân bạn chọn là {W.card(said).vi}.", f"You chose {W.card(said).en}.")
    return Grade.of(said == c, join([about(c), wrong]), item.rules)


TOM_QUAN = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                  levels=LEVELS)
