"""Recognising phu and lưng (TOTOM T3): is this group a phu, and which kind — phu bí, phu dọc,
a special phu SP1–SP7 (tôm, lèo…), a bộ giống, a yêu standing alone? Is this hand tròn, and which
lưng does it have?

Answers come from engine/totom: ``classify`` and the predicates of melds.py for a group;
``is_tron``, ``is_thap_thanh`` and ``arrange`` for a hand (T3.7, T3.9). Levels: 1 — a clear
group, or a few cards without a mat; 2 — near misses (two suits, a gap, a wrapped run, a special
phu with one card wrong), a full hand with its mat; 3 — long groups, a four-player hand (24 cards,
two lưng required).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from lessons import responses as R
from lessons import tom_sets as S
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.tom_engine import (
    ALL_CARDS,
    COPIES,
    SPECIAL,
    YEU,
    YEU_DO,
    Card,
    GroupType,
    Position,
    TomRules,
    arrange,
    card_of,
    classify,
    is_bo_giong,
    is_phu_bi,
    is_phu_doc,
    is_thap_thanh,
    is_tron,
    special_of,
)
from lessons.tom_positions import position_json, read, rules_of

FAMILY = "tom_phu"
KINDS = ("group", "tron")
LEVELS = (1, 2, 3)
RULES: dict[str, tuple[str, ...]] = {
    "group": ("T3.2", "T3.3", "T3.4", "T3.5", "T3.6"), "tron": ("T3.7", "T3.9"),
}
TYPES = tuple(str(t) for t in GroupType)
MAX_LUNG = 3  # TomRules.lung_required goes to 3: hands asked never hold more possible lưng
TRIES = 200


# ------------------------------------------------------------------------ one group

def group_facts(cards: list[Card]) -> dict[str, Any]:
    """The engine's verdict on a group: its type (None: no group), SP id, lưng, and the other
    types whose definition it also meets (``1n 2n 3n`` is SP7 and also a run)."""
    found = classify(cards)
    kind, sp = (None, None) if found is None else (str(found[0]), found[1])
    meets = {GroupType.SP: special_of(cards) is not None, GroupType.DOC: is_phu_doc(cards),
             GroupType.BI: is_phu_bi(cards), GroupType.GIONG: is_bo_giong(cards),
             GroupType.YEU: len(cards) == 1 and cards[0] in YEU}
    return {"type": kind, "sp": sp, "lung": kind in (GroupType.SP, GroupType.GIONG),
            "also": [str(t) for t, ok in meets.items() if ok and str(t) != kind]}


def _long_group(rng: random.Random) -> tuple[Card, ...]:
    """A level-3 group: a long run, a phu bí of five, four identical cards."""
    roll = rng.randrange(3)
    if roll == 0:
        suit, length = rng.randrange(3), rng.randint(5, 9)
        lo = rng.randint(1, 10 - length)
        return tuple(card_of(suit, r) for r in range(lo, lo + length))
    if roll == 1:
        rank = rng.randint(1, 9)
        return tuple(sorted([card_of(s, rank) for s in range(3)]
                            + [card_of(rng.randrange(3), rank) for _ in range(2)]))
    return (rng.choice(ALL_CARDS),) * 4


def _spoil(rng: random.Random, g: tuple[Card, ...]) -> tuple[Card, ...]:
    """A group with one card changed, added or taken away (copies permitting)."""
    while True:
        cards = list(g)
        roll = rng.random()
        if roll < 0.6 or len(cards) <= 2:
            cards[rng.randrange(len(cards))] = _neighbour(rng, rng.choice(cards))
        elif roll < 0.8:
            cards.append(_neighbour(rng, rng.choice(cards)))
        else:
            cards.pop(rng.randrange(len(cards)))
        if cards and max(Counter(cards).values()) <= COPIES:
            return tuple(sorted(cards))


def _neighbour(rng: random.Random, c: Card) -> Card:
    """A card a beginner confuses with c: the same rank in another suit, the next rank, a yêu."""
    if c.suit is None:
        return rng.choice([*sorted(YEU_DO - {c}), Card.V1, Card.N1, Card.S1, Card.S9, Card.V9])
    s, r = "vns".index(c.suit), c.rank
    near = [card_of(t, r) for t in range(3) if t != s]
    near += [card_of(s, x) for x in (r - 1, r + 1, r + 2) if 1 <= x <= 9]
    return rng.choice(near)


def _group(rng: random.Random, level: int) -> tuple[Card, ...]:
    """A group for the level: half of them phu, half not (near misses from level 2)."""
    base = _long_group(rng) if level == 3 and rng.random() < 0.5 else rng.choice(S.pool())
    if rng.random() < 0.5:
        return tuple(sorted(base))
    if level == 1:
        while True:
            cards = tuple(sorted(rng.sample(ALL_CARDS, 3)))
            if classify(cards) is None:
                return cards
    return _spoil(rng, base)


def why_group(cards: list[Card], facts: dict[str, Any]) -> Text:
    """Why the group is what the engine says (rule ids of T3)."""
    kind, sp = facts["type"], facts["sp"]
    shown = W.cards(cards)
    ranks = sorted({c.rank for c in cards})
    suits = sorted({s for c in cards if (s := c.suit) is not None})
    if kind == GroupType.SP:
        also = Text(" Cũng là một phu dọc.", " It is also a run.") if facts["also"] else \
            Text("", "")
        return join([Text(f"{shown.vi}: đúng ba quân của {W.group_name(kind, sp).vi} (T3.4), "
                          f"là lưng (T3.7).",
                          f"{shown.en}: exactly the three cards of {W.group_name(kind, sp).en} "
                          f"(T3.4), a lưng (T3.7)."), also])
    if kind == GroupType.BI:
        return Text(f"{shown.vi}: {len(cards)} quân cùng hàng {ranks[0]}, có đủ ba chất: phu bí "
                    f"(T3.2).",
                    f"{shown.en}: {len(cards)} cards of rank {ranks[0]} with all three suits: "
                    f"a phu bí (T3.2).")
    if kind == GroupType.DOC:
        return Text(f"{shown.vi}: {len(cards)} quân cùng chất, hàng liền nhau từ {ranks[0]} đến "
                    f"{ranks[-1]}, mỗi hàng một quân: phu dọc (T3.3).",
                    f"{shown.en}: {len(cards)} cards of one suit, consecutive ranks {ranks[0]} to "
                    f"{ranks[-1]}, one of each: a phu dọc (T3.3).")
    if kind == GroupType.GIONG:
        return Text(f"{shown.vi}: {len(cards)} quân giống hệt nhau: bộ giống — khàn, phỗng hay "
                    f"thiên khai tùy cách có được (T3.5); là lưng (T3.7).",
                    f"{shown.en}: {len(cards)} identical cards: a bộ giống — khàn, phỗng or "
                    f"thiên khai by how they came (T3.5); a lưng (T3.7).")
    if kind == GroupType.YEU:
        return Text(f"{shown.vi}: một quân yêu đứng riêng vẫn tính là đã vào phu (T3.6).",
                    f"{shown.en}: a yêu standing alone counts as placed (T3.6).")
    return Text(f"{shown.vi}: không phải phu. {_not_a_group(cards, ranks, suits).vi}",
                f"{shown.en}: not a phu. {_not_a_group(cards, ranks, suits).en}")


def _not_a_group(cards: list[Card], ranks: list[int], suits: list[str]) -> Text:
    """The nearest definition the cards miss."""
    suitless = [c for c in cards if c.suit is None]
    mixed = len(suits) > 1 and len(ranks) > 1
    if len(cards) == 3 and len(set(cards)) == 3 and (suitless or mixed):
        return Text("Ba quân này không phải một trong bảy phu đặc biệt (T3.4).",
                    "These three cards are none of the seven special phu (T3.4).")
    if len(ranks) == 1 and not suitless:
        return Text(f"Cùng hàng nhưng phu bí cần 3 đến 5 quân có đủ ba chất vạn, văn, sách; ở "
                    f"đây chỉ có {len(cards)} quân, {len(suits)} chất (T3.2).",
                    f"One rank, but a phu bí needs 3 to 5 cards with all three suits; here "
                    f"{len(cards)} cards, {len(suits)} suit(s) (T3.2).")
    if len(suits) == 1 and not suitless:
        return Text("Cùng chất nhưng phu dọc cần 3 quân trở lên, hàng liền nhau, mỗi hàng một "
                    "quân, không vòng từ cửu về nhất (T3.3).",
                    "One suit, but a phu dọc needs 3 or more cards of consecutive ranks, one of "
                    "each, with no wrap from cửu to nhất (T3.3).")
    if len(set(cards)) == 1:
        return Text("Bộ giống cần 3 hoặc 4 quân giống nhau (T3.5).",
                    "A bộ giống needs 3 or 4 identical cards (T3.5).")
    return Text("Không cùng hàng, không cùng chất liền nhau, không phải phu đặc biệt hay bộ "
                "giống (T3.2–T3.5).",
                "Neither one rank, nor a run of one suit, nor a special phu, nor identical "
                "cards (T3.2–T3.5).")


def read_group_answer(response: JSON) -> tuple[str | None, str | None]:
    """``{"type": t | null, "sp": id?}``, or a text: a type, an SP id, "tôm"/"lèo", "none"."""
    if isinstance(response, dict):
        if "type" not in response:
            raise R.bad("an object with 'type'", "một đối tượng có 'type'", response)
        kind, sp = response["type"], response.get("sp")
    elif isinstance(response, str) or response is None:
        kind, sp = response, None
    else:
        raise R.bad('{"type": "bi" | "doc" | "sp" | "giong" | "yeu" | null, "sp"?: "SP1"…}',
                    '{"type": "bi" | "doc" | "sp" | "giong" | "yeu" | null, "sp"?: "SP1"…}',
                    response)
    if isinstance(kind, str):
        low = kind.strip().lower()
        by_name = {"tôm": "SP1", "tom": "SP1", "lèo": "SP2", "leo": "SP2"}
        if low in by_name or low.upper() in SPECIAL:
            kind, sp = "sp", by_name.get(low, low.upper())
        elif low in ("none", "no", "khong", "không"):
            kind = None
        else:
            kind = low
    if kind is not None and kind not in TYPES:
        raise R.bad(f"a type among {', '.join(TYPES)} or null", f"một loại trong "
                    f"{', '.join(TYPES)} hoặc null", kind)
    if sp is not None and (not isinstance(sp, str) or sp.upper() not in SPECIAL):
        raise R.bad("an SP id from SP1 to SP7", "mã phu đặc biệt từ SP1 đến SP7", sp)
    return kind, None if sp is None else sp.upper()


# ------------------------------------------------------------------------ a hand

def lung_count(position: Position, players: int) -> int:
    """The most lưng an arrangement of the position can have (0 when it is not tròn), by
    asking the engine for 1, 2, 3 lưng in turn (T3.7, T3.9)."""
    if S.lung_bound(position) > MAX_LUNG:
        raise LessonError(f"a hand that may hold more than {MAX_LUNG} lưng is not asked",
                          f"không hỏi bài có thể có hơn {MAX_LUNG} lưng")
    most = 0
    for k in range(1, MAX_LUNG + 1):
        if not is_thap_thanh(position, TomRules(players=players, lung_required=k)):
            break
        most = k
    return most


def solve_tron(pos: JSON) -> dict[str, JSON]:
    """T3.9: tròn or not; the most lưng (T3.7) and an arrangement holding them."""
    position, rules = read(pos), rules_of(pos)
    tron = is_tron(position)
    most = lung_count(position, rules.players) if tron else 0
    arrangement = None if not most else arrange(
        position, None, TomRules(players=rules.players, lung_required=most))
    lung = [] if arrangement is None else [
        [c.code for c in g.cards] for g in arrangement.groups if g.is_lung]
    return {"tron": tron, "lung_required": rules.lung_required, "lung_count": most,
            "thap_thanh": tron and most >= rules.lung_required, "lung": lung,
            "arrangement": None if arrangement is None else arrangement.to_json()}


def _hand(rng: random.Random, level: int, players: int) -> dict[str, JSON]:
    """A hand for the level: built tròn, then half of them spoilt by one card."""
    for _ in range(TRIES):
        size = rng.randint(6, 12) if level == 1 else TomRules(players=players).hand_size
        lung = rng.choice((0, 1, 1, 2)) if level < 3 else rng.choice((1, 2, 2, 3))
        plan = S.Plan(size, lung, w=None, mat_share=0.0 if level == 1 else 0.3,
                      lung_only_planned=True)
        built = S.propose(rng, plan)
        if built is None:
            continue
        position = built.position
        if rng.random() < 0.5:
            position = S.near_miss(rng, position)
        if S.lung_bound(position) <= MAX_LUNG:
            return position_json(position, players)
    raise AssertionError("no hand found")  # cannot happen: plans of this size always fit


def read_lung(response: JSON) -> list[list[Card]]:
    """The lưng a response names: a list of card groups."""
    value = response.get("lung", []) if isinstance(response, dict) else []
    if not isinstance(value, list):
        raise R.bad("a list of card groups", "danh sách các nhóm quân", value)
    return [W.read_cards(g) for g in value]


def lung_fits(position: Position, claimed: list[list[Card]], most: int) -> bool:
    """Whether the claimed groups are ``most`` lưng of one arrangement — all asked of the
    engine: each is a mat lưng as it lies (a bộ giống perhaps with a hand copy of its kind laid
    on it, T5.2) or hand cards making a special phu or bộ giống; none shares a card; and the
    cards left, with every mat meld, are tròn."""
    if len(claimed) != most:
        return False
    hand = Counter(position.hand)
    used: set[int] = set()
    for g in claimed:
        need = Counter(g)
        lying = next((i for i, m in enumerate(position.mat) if i not in used and m.is_lung
                      and not Counter(m.all_cards) - need), None)
        if lying is not None:
            used.add(lying)
            meld = position.mat[lying]
            need -= Counter(meld.all_cards)
            if need and (set(need) != {meld.cards[0]} or meld.giong_room < need.total()):
                return False
        else:
            found = classify(g)
            if found is None or found[0] not in (GroupType.SP, GroupType.GIONG):
                return False
        if any(hand[c] < n for c, n in need.items()):
            return False
        hand.subtract(need)
    return is_tron(Position(tuple(hand.elements()), position.mat))


def _why_tron(ans: dict[str, Any]) -> Text:
    need = ans["lung_required"]
    if not ans["tron"]:
        return Text("Bài chưa tròn: không có cách xếp nào để mọi quân vào phu hoặc là yêu đứng "
                    "riêng (T3.9).",
                    "Not tròn: no arrangement places every card in a phu or as a lone yêu "
                    "(T3.9).")
    listed = ", ".join(f"[{' '.join(g)}]" for g in ans["lung"]) or "—"
    lung = Text(listed, listed)
    head = Text(f"Bài tròn: mọi quân đều xếp được vào phu hoặc là yêu đứng riêng (T3.9). Nhiều "
                f"nhất {ans['lung_count']} lưng (T3.7): {lung.vi}.",
                f"Tròn: every card goes into a phu or stands as a lone yêu (T3.9). At most "
                f"{ans['lung_count']} lưng (T3.7): {lung.en}.")
    if ans["thap_thanh"]:
        tail = Text(f"Đủ {need} lưng nên bài đã thập thành: chờ mọi quân yêu (T3.9, T5.5).",
                    f"With the {need} lưng required it is thập thành: it waits on every yêu "
                    f"(T3.9, T5.5).")
    else:
        tail = Text(f"Chưa đủ {need} lưng để ù (T3.7).",
                    f"Short of the {need} lưng a win needs (T3.7).")
    return head + tail


# ------------------------------------------------------------------------ the family

def solve(kind: str, pos: JSON) -> JSON:
    """The engine's verdict on the group, or on the hand."""
    if kind == "group":
        return group_facts([Card.parse(c) for c in pos["cards"]])
    return solve_tron(pos)


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """One item on a group or a hand."""
    if kind == "group":
        q = Text("Nhóm quân này có phải là phu không? Nếu có, là loại nào (phu bí, phu dọc, phu "
                 "đặc biệt nào, bộ giống, yêu đứng riêng)?",
                 "Is this group a phu? If so, which kind (phu bí, phu dọc, which special phu, "
                 "bộ giống, a lone yêu)?")
    else:
        q = Text("Bài này (trên tay và dưới chiếu) có tròn không? Nếu tròn, nó có những lưng "
                 "nào?",
                 "Is this hand (in hand and on the mat) tròn? If so, which lưng does it have?")
    return Item(FAMILY, kind, q, pos, solve(kind, pos), RULES[kind])


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Groups and hands at the requested or a random level."""
    out = []
    for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options):
        if kind == "group":
            pos: dict[str, JSON] = {"cards": [c.code for c in _group(rng, level)],
                                    "level": level}
        else:
            players = options.players or (4 if level == 3 else 5)
            pos = {**_hand(rng, level, players), "level": level}
        out.append(make(kind, pos))
    return out


def grade(item: Item, response: JSON) -> Grade:
    """``group``: ``{"type": t | null, "sp"?: id}`` (or the text of a type or SP id);
    ``tron``: ``{"tron": bool, "lung": [[codes], ...]}`` — right when tròn is, and for a tròn
    hand the lưng named are as many as it can hold, in one arrangement the engine accepts."""
    ans = solve(item.kind, item.position)
    if item.kind == "group":
        cards = [Card.parse(c) for c in item.position["cards"]]
        kind, sp = read_group_answer(response)
        ok = (kind == ans["type"] and (kind != "sp" or sp == ans["sp"])) \
            or (kind is not None and kind != "sp" and kind in ans["also"])
        return Grade.of(ok, why_group(cards, ans), item.rules)
    tron = R.field(response, "tron")
    if not isinstance(tron, bool):
        raise R.bad('{"tron": true | false, "lung": [[codes], ...]}',
                    '{"tron": true | false, "lung": [[mã quân], ...]}', response)
    ok = tron == ans["tron"]
    if ok and tron:
        ok = lung_fits(read(item.position), read_lung(response), ans["lung_count"])
    return Grade.of(ok, _why_tron(ans), item.rules)


TOM_PHU = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                 levels=LEVELS)
