"""Nhận diện bài (recognising a hand): arrange it into chắn, cạ, ba đầu, què (R3.6); count the
chắn; is it chờ ù (R5.5); which cards win it and how many are still live; may this card be
eaten, and with what (R4.4, R7).

Answers come from engine.chan.hand (``arrange``, ``find_waits``, ``wait_shape``) and the game
(``faults_of``, ``seen_by``). Every answer carries the hand's canonical arrangement:
``chan``/``ca``/``ba_dau`` are lists of card-code groups, ``que`` a flat list of codes.
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Act, Action
from engine.chan import (
    CHAN,
    Arrangement,
    Card,
    Deal,
    arrange,
    chan_count_of,
    find_waits,
    odd_rank_count,
    wait_shape_of,
)
from engine.chan import ChanGame as Game
from engine.game import Phase
from engine.registry import CardRole
from lessons import phrases as P
from lessons import play
from lessons import responses as R
from lessons.family import Family, Options, pick_kind
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.position import deal_of, game_position, rebuild

FAMILY = "nhan_dien"
KINDS = ("arrange", "count_chan", "is_waiting", "waits", "eat_or_not")
DEALT = ("arrange", "count_chan")
RULES: dict[str, tuple[str, ...]] = {
    "arrange": ("R3.1", "R3.2", "R3.3", "R3.5", "R3.6"), "count_chan": ("R3.6", "R5.1"),
    "is_waiting": ("R5.1", "R5.5"), "waits": ("R5.5",), "eat_or_not": ("R4.4", "R7"),
}
LOI = CHAN.registry  # the lỗi named in the eat_or_not answers
TRIES = 40  # seeded games tried for a position of the wanted sort before giving up


def arrangement_json(a: Arrangement) -> dict[str, JSON]:
    """The canonical arrangement as JSON (què flat, the rest as groups)."""
    return {"chan": [P.codes(g) for g in a.chan], "ca": [P.codes(g) for g in a.ca],
            "ba_dau": [P.codes(g) for g in a.ba_dau], "que": P.codes(a.que),
            "chan_count": len(a.chan)}


def _hand(kind: str, pos: JSON) -> tuple[tuple[Card, ...], Game | None]:
    seat = int(pos["seat"])
    if kind in DEALT:
        return deal_of(pos).hands[seat], None
    game = rebuild(pos)
    return game.hand_cards(seat), game


def _eats(game: Game, seat: int) -> dict[str, list[str]]:
    """Each hand kind that pairs with the live card → the lỗi eating with it would commit."""
    live = game.live
    assert live is not None
    out: dict[str, list[str]] = {}
    for y in sorted(set(game.hand_cards(seat))):
        a = Action(seat, Act.EAT, y)
        if game.can(a):
            out[str(y)] = [v.rule for v in game.faults_of(a)]
    return out


def _declines(pos: JSON, seat: int) -> dict[str, list[str]]:
    """What leaving the live card would record against the seat (R7 B): bỏ chắn of the card,
    bỏ cạ with each hand card — the engine's history after the draw or dưới."""
    game = rebuild(pos)
    before = (set(game.hist[seat].declined_chan), set(game.hist[seat].declined_ca))
    act = Act.PASS if game.may_pass else Act.DRAW
    game.apply(Action(seat, act))
    after = game.hist[seat]
    return {"chan": P.codes(sorted(set(after.declined_chan) - before[0])),
            "ca_with": P.codes(sorted(set(after.declined_ca) - before[1]))}


def solve(kind: str, pos: JSON) -> JSON:
    """The engine's facts about the seat's hand at the position."""
    seat = int(pos["seat"])
    cards, game = _hand(kind, pos)
    ans: dict[str, Any] = arrangement_json(arrange(cards))
    if game is None:
        return ans
    mat_chan = game.mat_chan[seat]
    if kind in ("is_waiting", "waits"):
        waits = find_waits(cards, mat_chan, game.seen_by(seat))
        shape = wait_shape_of(cards, mat_chan)
        ans.update(mat_chan=mat_chan, waiting=bool(waits),
                   shape=None if shape is None else shape.value,
                   waits=[{"card": str(w.card), "live": w.live} for w in waits],
                   odd_ranks=odd_rank_count(cards), chan_total=mat_chan + chan_count_of(cards))
    elif kind == "eat_or_not":
        assert game.live is not None
        eats = _eats(game, seat)
        ans.update(live=str(game.live.card), eats=eats,
                   clean=[y for y, faults in eats.items() if not faults],
                   declines=_declines(pos, seat))
    return ans


# ------------------------------------------------------------------------ questions

def _question(kind: str, pos: JSON) -> Text:
    s = int(pos["seat"])
    if kind == "arrange":
        return Text(f"Xếp bài của ghế {s} thành chắn, cạ, ba đầu và què (R3.6).",
                    f"Arrange seat {s}'s hand into chắn, cạ, ba đầu and què (R3.6).")
    if kind == "count_chan":
        return Text(f"Bài trên tay ghế {s} có bao nhiêu chắn?",
                    f"How many chắn does seat {s} hold in hand?")
    if kind == "is_waiting":
        return Text(f"Bài của ghế {s} (trên tay và dưới chiếu) đã chờ ù chưa?",
                    f"Is seat {s}'s hand (in hand and on the mat) waiting to win (chờ ù)?")
    if kind == "waits":
        return Text(f"Bài của ghế {s} đang chờ ù. Quân nào ù được, và mỗi quân còn bao nhiêu "
                    f"quân chưa lộ?",
                    f"Seat {s}'s hand is waiting. Which cards win it, and how many of each are "
                    f"still unseen (live)?")
    live = P.card(pos["live"])
    return Text(f"Quân {live.vi} đang chờ ghế {s} ăn. Có được ăn không, và ăn bằng quân nào "
                f"cho đúng luật? (Không ăn thì trả lời rỗng.)",
                f"{live.en} is waiting for seat {s}. May it be eaten, and with which hand "
                f"card(s) without breaking a rule? (Answer none to leave it.)")


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """An item of ``kind`` on a position."""
    return Item(FAMILY, kind, _question(kind, pos), pos, solve(kind, pos), RULES[kind])


def _dealt(rng: random.Random) -> dict[str, JSON]:
    deal = Deal.shuffled(rng.randrange(2**31), 4, picker=rng.randrange(4))
    seat = rng.randrange(4)
    return {"players": 4, "deal": deal.to_json(), "seat": seat,
            "hand": [str(c) for c in deal.hands[seat]]}


def _between_turns(game: Game, seat: int) -> bool:
    """The seat holds its 19 cards (hand + mat) and is not in the middle of a turn."""
    mat = sum(len(m.cards) for m in game.mats[seat])
    return game.hand_n[seat] + mat == 19 and not (game.actor == seat and game.phase in (
        Phase.DISCARD, Phase.RETURN))


def _from_games(rng: random.Random, kind: str) -> dict[str, JSON]:
    want_waiting = kind == "waits" or rng.random() < 0.5
    for _ in range(TRIES):
        seed = rng.randrange(2**31)
        found: list[tuple[int, int]] = []
        game: Game | None = None
        for game in play.walk(seed):
            n = len(game.record)
            if kind == "eat_or_not":
                if game.phase is Phase.PLAY and not game.claims and game.actor is not None \
                        and any(a.act is Act.EAT for a in game.legal_actions()):
                    found.append((n, game.actor))
                continue
            for s in range(game.players):
                if _between_turns(game, s) and bool(game.waits(s)) == want_waiting:
                    found.append((n, s))
        if found and game is not None:
            n, s = rng.choice(found)
            return game_position(game, s, n)
    raise LessonError(f"no {kind} position found in {TRIES} games",
                      f"không tìm được thế bài {kind} sau {TRIES} ván")


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Dealt hands for arranging and counting; positions of seeded games for the rest."""
    out = []
    for _ in range(count):
        kind = pick_kind(rng, FAMILY, KINDS, options)
        pos = _dealt(rng) if kind in DEALT else _from_games(rng, kind)
        out.append(make(kind, pos))
    return out


# ------------------------------------------------------------------------ grading

def _groups_text(ans: JSON) -> Text:
    def g(key: str) -> str:
        return " ".join("[" + " ".join(x) + "]" for x in ans[key]) or "—"
    que = " ".join(ans["que"]) or "—"
    return Text(f"Chắn: {g('chan')}; cạ: {g('ca')}; ba đầu: {g('ba_dau')}; què: {que}.",
                f"Chắn: {g('chan')}; cạ: {g('ca')}; ba đầu: {g('ba_dau')}; què: {que}.")


ARRANGE_RULE = Text("Mỗi hàng lấy chắn trước (mỗi đôi giống hệt là một chắn); các quân lẻ còn "
                    "lại của hàng: hai quân là cạ, ba quân là ba đầu, một quân là què; chi chi "
                    "lẻ là què (R3.6).",
                    "Each rank gives its chắn first (each identical pair); its leftover cards "
                    "make a cạ (two), a ba đầu (three) or a què (one); an odd Chi chi is a què "
                    "(R3.6).")


def _waits_text(ans: JSON) -> Text:
    if not ans["waiting"]:
        return Text(f"Chưa chờ ù: bài có {ans['chan_total']} chắn (kể cả dưới chiếu) và "
                    f"{ans['odd_ranks']} hàng lẻ; chờ ù cần đúng một hàng lẻ và ít nhất 5 chắn "
                    f"(R5.1, R5.5).",
                    f"Not waiting: the hand has {ans['chan_total']} chắn (mat included) and "
                    f"{ans['odd_ranks']} odd ranks; a waiting hand has exactly one odd rank and "
                    f"at least 5 chắn (R5.1, R5.5).")
    shapes = {"rong": ("ù rộng", "ù rộng (wide wait)"), "bach_thu": ("bạch thủ", "bạch thủ"),
              "ba_dau": ("chờ ba đầu", "a ba đầu wait")}
    vi, en = shapes[ans["shape"]]
    ws = ans["waits"]
    return Text(f"Đang chờ ù ({vi}, {ans['chan_total']} chắn): "
                + ", ".join(f"{P.card(w['card']).vi} còn {w['live']} quân" for w in ws)
                + " (R5.5).",
                f"Waiting ({en}, {ans['chan_total']} chắn) on "
                + ", ".join(f"{P.card(w['card']).en}, {w['live']} live" for w in ws)
                + " (R5.5).")


def _eat_text(ans: JSON) -> tuple[Text, list[str]]:
    parts: list[Text] = []
    rules: list[str] = []
    live = ans["live"]
    for y, faults in ans["eats"].items():
        kind = Text("chắn", "a chắn") if y == live else Text("cạ", "a cạ")
        head = Text(f"Ăn bằng {P.card(y).vi} ({kind.vi}):", f"Eating with {P.card(y).en} "
                                                            f"({kind.en}):")
        if not faults:
            parts.append(head + Text("được.", "allowed."))
            continue
        rules.extend(faults)
        reasons = [LOI.explanation(r, y if LOI[r].card is CardRole.HAND else live)
                   for r in faults]
        parts.append(head + Text(" ".join(f"{P.rule_name(e.rule).vi}: {e.vi}" for e in reasons),
                                 " ".join(f"{P.rule_name(e.rule).en}: {e.en}"
                                          for e in reasons)))
    dec = ans["declines"]
    if dec["chan"] or dec["ca_with"]:
        bits_vi, bits_en = [], []
        if dec["chan"]:
            bits_vi.append(f"bỏ chắn {', '.join(dec['chan'])} (sau này ăn chắn đó là L6, "
                           f"đánh nó là L9)")
            bits_en.append(f"a declined chắn of {', '.join(dec['chan'])} (eating it later is "
                           f"L6, discarding it L9)")
        if dec["ca_with"]:
            bits_vi.append(f"bỏ cạ với {', '.join(dec['ca_with'])} (sau này ăn cạ bằng quân "
                           f"đó là L8)")
            bits_en.append(f"a declined cạ with {', '.join(dec['ca_with'])} (eating a cạ with "
                           f"it later is L8)")
        parts.append(Text("Nếu không ăn thì ghi nhận " + "; ".join(bits_vi) + ".",
                          "Leaving it records " + "; ".join(bits_en) + "."))
    return join(parts), rules


def grade(item: Item, response: JSON) -> Grade:
    """The learner's answer against the engine's (responses: lessons/README.md)."""
    kind = item.kind
    ans = solve(kind, item.position)
    rules = list(RULES[kind])
    if kind == "arrange":
        if not isinstance(response, dict):
            raise R.bad("an object with chan, ca, ba_dau, que", "đối tượng có chan, ca, "
                                                                "ba_dau, que", response)
        ok = all(R.groups(response.get(k, [])) == R.groups(ans[k])
                 for k in ("chan", "ca", "ba_dau", "que"))
        return Grade.of(ok, _groups_text(ans) + ARRANGE_RULE, rules)
    if kind == "count_chan":
        n = R.whole(R.field(response, "chan_count", "count"))
        return Grade.of(n == ans["chan_count"], Text(f"{ans['chan_count']} chắn.",
                                                     f"{ans['chan_count']} chắn.")
                        + _groups_text(ans), rules)
    if kind == "is_waiting":
        said = R.field(response, "waiting")
        if not isinstance(said, bool):
            raise R.bad("true or false", "đúng hoặc sai", said)
        return Grade.of(said == ans["waiting"], _waits_text(ans), rules)
    if kind == "waits":
        cards = set(R.card_list(R.field(response, "waits", "cards")))
        ok = cards == {Card.parse(w["card"]) for w in ans["waits"]}
        live = response.get("live") if isinstance(response, dict) else None
        if ok and live is not None:
            if not isinstance(live, dict):
                raise R.bad("an object card → count", "đối tượng quân → số quân", live)
            want = {w["card"]: w["live"] for w in ans["waits"]}
            ok = {str(R.card(c)): R.whole(n) for c, n in live.items()} == want
        return Grade.of(ok, _waits_text(ans), rules)
    if kind == "eat_or_not":
        said = set(R.card_list(R.field(response, "with", "eat")))
        why, faults = _eat_text(ans)
        ok = said == {Card.parse(c) for c in ans["clean"]}
        return Grade.of(ok, why, rules + sorted(set(faults), key=LOI.key))
    raise LessonError(f"nhan_dien has no kind '{kind}'", f"nhận diện không có dạng '{kind}'")


NHAN_DIEN = Family(FAMILY, KINDS, generate, solve, grade)
