"""Waits and their names (TOTOM T5.5): which cards win this position, and what is the wait
called — thập thành, bạch thủ, chờ xuyên, chờ chi chi nẩy?

Answers are engine/totom/waits.py's ``named_waits`` (every kind K with a copy unseen such that
the position + K wins, with S1's names). Positions are seeded hands built to wait in the way
asked (a lone yêu taken out: thập thành; the middle of a run: xuyên; the third of a pair:
bạch thủ; the chi chi of a lèo: chi nẩy); the engine says what they are. Levels: 1 — a few
cards (8–12 with the winning card); 2 — a full five-player hand (20); 3 — a four-player hand
(24, two lưng required).
"""

from __future__ import annotations

import random
from typing import Any

from lessons import responses as R
from lessons import tom_sets as S
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.tom_engine import SPECIAL, Card, TomRules, WaitName, named_waits
from lessons.tom_positions import position_json, read, rules_of

FAMILY = "tom_cho"
KINDS = ("waits", "wait_name")
LEVELS = (1, 2, 3)
RULES = ("T5.5",)
ROLES = ("any", "yeu", "middle", "giong", "cc")
TRIES = 60
# What a learner may call a wait (T5.5), with or without diacritics.
NAME_WORDS: dict[str, str] = {
    "thap_thanh": WaitName.THAP_THANH, "thập thành": WaitName.THAP_THANH,
    "thap thanh": WaitName.THAP_THANH, "bach_thu": WaitName.BACH_THU,
    "bạch thủ": WaitName.BACH_THU, "bach thu": WaitName.BACH_THU, "xuyen": WaitName.XUYEN,
    "xuyên": WaitName.XUYEN, "chờ xuyên": WaitName.XUYEN, "cho xuyen": WaitName.XUYEN,
    "chi_nay": WaitName.CHI_NAY, "chi nẩy": WaitName.CHI_NAY, "chi nay": WaitName.CHI_NAY,
    "chờ chi chi nẩy": WaitName.CHI_NAY, "cho chi chi nay": WaitName.CHI_NAY,
}
WHY_NAME: dict[str, Text] = {
    WaitName.THAP_THANH: Text(
        "Chưa có quân ấy bài đã tròn và đủ lưng: thập thành — chờ mọi quân yêu và mọi quân ghép "
        "được vào phu (T3.9, T5.5).",
        "Without that card the hand is already tròn with its lưng: thập thành — it waits on "
        "every yêu and on every card that joins one of its phu (T3.9, T5.5)."),
    WaitName.BACH_THU: Text(
        "Trên tay có đôi quân ấy và mọi cách ù đều lấy quân thứ ba làm phỗng: bạch thủ — ù "
        "phải hô “phỗng” (T5.5, T5.6).",
        "The hand holds a pair of it and every winning arrangement takes the third as a phỗng: "
        "bạch thủ — the win must say “phỗng” (T5.5, T5.6)."),
    WaitName.XUYEN: Text(
        "Mọi cách ù đều đặt quân ấy vào giữa một phu dọc mới: chờ xuyên (T5.5).",
        "Every winning arrangement puts it inside a new run: chờ xuyên (T5.5)."),
    WaitName.CHI_NAY: Text(
        "Bài chỉ chờ đúng một quân chi chi: chờ chi chi nẩy — ù bằng nó là cước chi nẩy (T5.5, "
        "TC8).",
        "The hand waits on chi chi and nothing else: chi nẩy — winning on it is the cước chi "
        "nẩy (T5.5, TC8)."),
}


def waits_json(pos: JSON) -> list[dict[str, JSON]]:
    """The engine's named waits of a position, as JSON."""
    position, rules = read(pos), rules_of(pos)
    return [{"card": w.card.code, "names": sorted(str(n) for n in w.names), "unseen": w.unseen}
            for w in named_waits(position, rules)]


def solve(kind: str, pos: JSON) -> JSON:
    """T5.5: every wait with its names; or the names of the wait asked about."""
    found = waits_json(pos)
    if kind == "waits":
        return {"waits": found, "cards": [w["card"] for w in found]}
    card = Card.parse(pos["card"]).code
    mine = next((w for w in found if w["card"] == card), None)
    if mine is None:
        raise LessonError(f"the position does not wait on {card}",
                          f"bài không chờ quân {card}")
    return {"card": card, "names": mine["names"]}


def _plan(rng: random.Random, level: int, players: int, role: str) -> S.Plan:
    rules = TomRules(players=players)
    size = rng.randint(8, 12) if level == 1 else rules.hand_size + 1
    force = (SPECIAL["SP2"],) if role == "cc" else ()
    return S.Plan(size, rules.lung_required, force=force, w=role,
                  mat_share={1: 0.2, 2: 0.25}.get(level, 0.15))


def _position(rng: random.Random, level: int, players: int, role: str, want: str | None
              ) -> tuple[dict[str, JSON], Card]:
    """A waiting position built for the role (and, when asked, whose wait W has name
    ``want``, "" for none)."""
    for _ in range(TRIES):
        built = S.build(rng, _plan(rng, level, players, role))
        assert built.w is not None
        pos = position_json(built.position, players)
        if want is not None:
            names = next((w["names"] for w in waits_json(pos) if w["card"] == built.w.code), None)
            if names is None or (want not in names if want else names):
                continue
        return pos, built.w
    raise LessonError(f"no position waiting as {role} found in {TRIES} tries",
                      f"không tìm được bài chờ kiểu {role} sau {TRIES} lần")


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """One item on a waiting position."""
    if kind == "waits":
        q = Text("Bài này chờ những quân nào — quân nào lên (ở bất cứ cửa nào) thì ù?",
                 "Which cards does this hand wait on — which card, coming up at any cửa, wins?")
    else:
        card = W.card(pos["card"])
        q = Text(f"Bài này chờ {card.vi}. Cách chờ ấy tên là gì: thập thành, bạch thủ, chờ "
                 f"xuyên, chi nẩy — hay không có tên riêng?",
                 f"This hand waits on {card.en}. What is that wait called: thập thành, bạch "
                 f"thủ, xuyên, chi nẩy — or has it no name?")
    return Item(FAMILY, kind, q, pos, solve(kind, pos), RULES)


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Waiting hands built for each way of waiting, at the requested or a random level."""
    out = []
    for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options):
        role = rng.choice(ROLES)
        want = {"yeu": WaitName.THAP_THANH, "middle": WaitName.XUYEN,
                "giong": WaitName.BACH_THU, "cc": WaitName.CHI_NAY, "any": ""}[role] \
            if kind == "wait_name" else None
        players = options.players or (4 if level == 3 else 5)
        pos, w = _position(rng, level, players, role, None if want is None else str(want))
        pos["level"] = level
        if kind == "wait_name":
            pos["card"] = w.code
        out.append(make(kind, pos))
    return out


def read_names(response: JSON) -> set[str]:
    """Wait names: ``{"names": [...]}``, a list, or one name; ``[]``/``"none"`` for none."""
    value = R.field(response, "names", "name") if isinstance(response, dict) else response
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "")):
        return set()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise R.bad("a list of wait names (thap_thanh, bach_thu, xuyen, chi_nay)",
                    "danh sách tên cách chờ (thap_thanh, bach_thu, xuyen, chi_nay)", value)
    out = set()
    for v in items:
        key = " ".join(v.strip().lower().split())
        if key not in NAME_WORDS:
            raise R.bad("a wait name: thap_thanh, bach_thu, xuyen or chi_nay",
                        "tên cách chờ: thập thành, bạch thủ, xuyên hoặc chi nẩy", v)
        out.add(str(NAME_WORDS[key]))
    return out


def _why_waits(found: list[dict[str, Any]], said: set[str] | None) -> Text:
    parts = []
    for w in found:
        names = W.wait_names(w["names"]) if w["names"] else Text("", "")
        card = W.card(w["card"])
        tail_vi = f" — {names.vi}" if w["names"] else ""
        tail_en = f" — {names.en}" if w["names"] else ""
        parts.append(Text(f"{card.vi}{tail_vi} (còn {w['unseen']} quân chưa thấy)",
                          f"{card.en}{tail_en} ({w['unseen']} unseen)"))
    listed = Text("; ".join(p.vi for p in parts), "; ".join(p.en for p in parts))
    out = [Text(f"Bài chờ {len(found)} quân (T5.5): {listed.vi}.",
                f"The hand waits on {len(found)} card(s) (T5.5): {listed.en}.")]
    if said is not None:
        right = {w["card"] for w in found}
        if said - right:
            out.append(Text(f"Thêm {W.cards(sorted(said - right)).vi} vào thì bài không ù.",
                            f"With {W.cards(sorted(said - right)).en} the hand does not win."))
        if right - said:
            out.append(Text(f"Còn thiếu {W.cards(sorted(right - said)).vi}.",
                            f"Missing: {W.cards(sorted(right - said)).en}."))
    return join(out)


def grade(item: Item, response: JSON) -> Grade:
    """``waits``: ``{"waits": [codes]}`` (or a list of codes) — the set must be the engine's;
    ``wait_name``: ``{"names": [...]}`` — the names of that wait, ``[]`` for none."""
    ans = solve(item.kind, item.position)
    if item.kind == "waits":
        value = R.field(response, "waits", "cards") if isinstance(response, dict) else response
        said = {c.code for c in W.read_cards(value)}
        ok = said == set(ans["cards"])
        return Grade.of(ok, _why_waits(ans["waits"], said), RULES)
    names = read_names(response)
    right = set(ans["names"])
    why = [WHY_NAME[WaitName(n)] for n in sorted(right)] or [Text(
        "Bài không thập thành, quân ấy không phải quân thứ ba của một đôi phải phỗng, không nằm "
        "giữa phu dọc, và bài không chỉ chờ chi chi: cách chờ thường, không có tên riêng (T5.5).",
        "The hand is not thập thành, the card is not the third of a pair taken as a phỗng, nor "
        "inside a run, nor the only wait on chi chi: an ordinary wait with no name (T5.5).")]
    return Grade.of(names == right, join(why), RULES)


TOM_CHO = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                 levels=LEVELS)
