"""Thơ tổ tôm điếm (TOTOM T1.7): at a điếm the card that comes up is announced only by its
couplet, so a player must name the card from the verse — and, the other way, know each card's
couplet.

The couplets are data: lessons/content/data/tho_to_tom.toml, transcribed from the seed with the
kind code of each (read back here and checked: 30 kinds, each once, NFC text, two lines). The
card names are the engine's (engine/totom/cards.py). Levels: 1 — four choices far apart; 2 —
four of the same row (hàng), as the seed groups them; 3 — type the card's name (``tho_card``)
or choose among six of the row and its neighbours (``card_tho``).
"""

from __future__ import annotations

import random
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from lessons import responses as R
from lessons import tom_quan as Q
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.tom_engine import ALL_CARDS, N_SUITED, BadCard, Card, parse_card

FAMILY = "tom_tho"
KINDS = ("tho_card", "card_tho")
LEVELS = (1, 2, 3)
RULES = ("T1.7",)
DATA = Path(__file__).resolve().parent / "content" / "data" / "tho_to_tom.toml"
CHOICES = {1: 4, 2: 4, 3: 6}


@dataclass(frozen=True, slots=True)
class Couplet:
    """One card's couplet: its two lines as lessons show them, the seed's heading and label,
    the seed's own lines where they were amended (with the reason), and a remark on what the
    seed leaves unclear."""

    card: Card
    lines: tuple[str, str]
    hang: str
    label: str
    seed: tuple[str, str] | None = None
    note: Text | None = None
    unclear: Text | None = None

    @property
    def text(self) -> str:
        """The couplet on one line: ``Vào chùa lễ hội cầu may / Tay bưng hòm sớ tỏ bày tâm can``."""
        return " / ".join(self.lines)


def _fail(where: str, en: str, vi: str) -> LessonError:
    return LessonError(f"{DATA.name}: {where}: {en}", f"{DATA.name}: {where}: {vi}")


def _lines(value: Any, where: str) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(x, str) and x.strip() == x and x for x in value)):
        raise _fail(where, "must be two lines of text", "phải là hai câu thơ")
    for line in value:
        if unicodedata.normalize("NFC", line) != line:
            raise _fail(where, "is not in NFC form", "không ở dạng chuẩn NFC")
    return value[0], value[1]


def _note(value: Any, where: str) -> Text | None:
    if value is None:
        return None
    if not (isinstance(value, dict) and isinstance(value.get("vi"), str)
            and isinstance(value.get("en"), str)):
        raise _fail(where, "needs 'vi' and 'en' text", "cần chữ 'vi' và 'en'")
    return Text(value["vi"], value["en"])


def load(path: Path = DATA) -> dict[Card, Couplet]:
    """The couplets by card, read and checked (LessonError naming the entry at fault)."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    out: dict[Card, Couplet] = {}
    seen: dict[str, Card] = {}
    for i, entry in enumerate(data.get("tho", [])):
        where = f"tho[{i}]"
        try:
            card = parse_card(entry.get("card"))
        except BadCard as e:
            raise _fail(where, str(e), e.vi or str(e)) from None
        if entry.get("card") != card.code:
            raise _fail(where, f"write the code {card.code!r}", f"hãy viết mã {card.code!r}")
        if card in out:
            raise _fail(where, f"a second couplet for {card.code}",
                        f"quân {card.code} có hai cặp thơ")
        lines = _lines(entry.get("lines"), where)
        seed = entry.get("seed")
        couplet = Couplet(card, lines, str(entry.get("hang", "")), str(entry.get("label", "")),
                          None if seed is None else _lines(seed, f"{where}.seed"),
                          _note(entry.get("note"), f"{where}.note"),
                          _note(entry.get("unclear"), f"{where}.unclear"))
        if (couplet.seed is None) != (couplet.note is None):
            raise _fail(where, "an amended line gives the seed's line and a note",
                        "câu đã sửa phải kèm câu gốc và lời ghi chú")
        if couplet.text in seen:
            raise _fail(where, f"the same couplet as {seen[couplet.text].code}",
                        f"trùng thơ với quân {seen[couplet.text].code}")
        seen[couplet.text] = card
        out[card] = couplet
    missing = [c.code for c in ALL_CARDS if c not in out]
    if missing:
        raise _fail("tho", f"no couplet for {', '.join(missing)}",
                    f"thiếu thơ của {', '.join(missing)}")
    return out


@cache
def couplets() -> dict[Card, Couplet]:
    """The couplets of lessons/content/data/tho_to_tom.toml, by card."""
    return load()


def card_of_couplet(lines: list[str] | tuple[str, ...]) -> Card:
    """The card a couplet belongs to (LessonError for a couplet not in the data)."""
    for card, couplet in couplets().items():
        if list(couplet.lines) == list(lines):
            return card
    raise LessonError(f"no card has the couplet {' / '.join(lines)!r}",
                      f"không quân nào có câu thơ {' / '.join(lines)!r}")


def _row(card: Card) -> str:
    """How a row is called: ``Hàng Thất``, ``Hàng Yêu`` (the seed's headings)."""
    return couplets()[card].hang


def _near(card: Card, n: int, rng: random.Random) -> list[Card]:
    """n − 1 cards of the same row, then of the next rows, as distractors."""
    same = [k for k in ALL_CARDS if k != card and Q.hang(k) == Q.hang(card)]
    nxt = [k for k in ALL_CARDS if k not in same and k != card
           and ((k < N_SUITED and card < N_SUITED and abs(k.rank - card.rank) == 1)
                or (Q.hang(card) == "yeu" and k.rank == 1))]
    rng.shuffle(same)
    rng.shuffle(nxt)
    return (same + nxt)[:n - 1]


def position(kind: str, card: Card, level: int, rng: random.Random) -> dict[str, JSON]:
    """The drill's position: the couplet sung (``tho_card``) or the card (``card_tho``), the
    level, and what to choose from."""
    n = CHOICES[level]
    if level == 1:
        others = rng.sample([k for k in ALL_CARDS if Q.hang(k) != Q.hang(card)], n - 1)
    else:
        others = _near(card, n, rng)
    options = [card, *others]
    rng.shuffle(options)
    if kind == "tho_card":
        out: dict[str, JSON] = {"couplet": list(couplets()[card].lines), "level": level}
        if level < 3:
            out["choices"] = [k.code for k in options]
        return out
    return {"card": card.code, "level": level,
            "choices": [list(couplets()[k].lines) for k in options]}


def solve(kind: str, pos: JSON) -> JSON:
    """The card of the couplet, or the number of the card's couplet among the choices."""
    if kind == "tho_card":
        card = card_of_couplet(pos["couplet"])
        return {"card": card.code, "name": card.name_vi,
                "option": Q.option_of(card, pos.get("choices"))}
    card = parse_card(pos["card"])
    mine = list(couplets()[card].lines)
    return {"card": card.code, "option": pos["choices"].index(mine) + 1}


def make(kind: str, card: Card, level: int, rng: random.Random) -> Item:
    """One couplet item."""
    pos = position(kind, card, level, rng)
    if kind == "tho_card":
        sung = couplets()[card].text
        q = Text(f"Người dẫn bài hát: «{sung}». Quân nào vừa lên?",
                 f"The announcer sings: «{sung}». Which card has come up?")
    else:
        name = W.card(card)
        q = Text(f"Quân {name.vi} lên thì người dẫn bài hát câu nào?",
                 f"Which couplet does the announcer sing when {name.en} comes up?")
    return Item(FAMILY, kind, q, pos, solve(kind, pos), RULES)


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Random cards (every kind as likely), at the requested or a random level."""
    return [make(kind, rng.choice(ALL_CARDS), level, rng)
            for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options)]


def explain(card: Card) -> Text:
    """Whose couplet it is, from the seed (T1.7)."""
    c = couplets()[card]
    return Text(f"«{c.text}» là thơ của quân {W.card(card).vi}, thuộc {_row(card)} trong thơ tổ "
                f"tôm điếm (T1.7).",
                f"«{c.text}» is the couplet of {W.card(card).en}, in the {_row(card)} row of the "
                f"điếm's verses (T1.7).")


def grade(item: Item, response: JSON) -> Grade:
    """``tho_card``: a card (code or name) or an option number from 1; ``card_tho``: the option
    number from 1 (``n`` or ``{"option": n}``)."""
    right = solve(item.kind, item.position)
    card = parse_card(right["card"])
    if item.kind == "tho_card":
        said = Q.read_choice(response, item.position.get("choices"))
        other = Text("", "") if said == card else \
            Text(f"Quân bạn chọn là {W.card(said).vi}, thơ của nó là «{couplets()[said].text}».",
                 f"You chose {W.card(said).en}, whose couplet is «{couplets()[said].text}».")
        return Grade.of(said == card, join([explain(card), other]), RULES)
    choices = item.position["choices"]
    n = R.whole(R.field(response, "option"), "an option number from 1",
                "số thứ tự lựa chọn, từ 1")
    if not 1 <= n <= len(choices):
        raise R.bad(f"an option from 1 to {len(choices)}", f"một lựa chọn từ 1 đến {len(choices)}",
                    n)
    said = card_of_couplet(choices[n - 1])
    other = Text("", "") if said == card else \
        Text(f"Câu bạn chọn là thơ của {W.card(said).vi}.",
             f"The couplet you chose is that of {W.card(said).en}.")
    return Grade.of(n == right["option"], join([explain(card), other]), RULES)


TOM_THO = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                 levels=LEVELS)
