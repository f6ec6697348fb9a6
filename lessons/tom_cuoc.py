"""Cước sắc and the call (TOTOM T7.1–T7.6): which cước does this winning hand have; what does
this call score (T7.4); say the call in the canonical order (T7.5); make the whole call of a
won hand, dậy khàn included (T5.8), judged as the làng judges it (T7.6).

Answers are the engine's: ``judged_arrangement`` (T5.3) for a hand's cước, ``score`` (T7.4),
``canonical`` / ``call_for`` / ``say`` (T7.5) and ``judge_call`` (T7.6) for a call. Hands are
seeded winning sets built for a cước (all black, exactly ten red, one ông cụ, four ông cụ, a
tôm, a lèo, a chi nẩy…) and kept only when the engine finds it. Levels: 1 — five players, no
thông, no khàn face down; 2 — five players, thông and khàn; 3 — four players (thập nhị hồng,
kính nhị cố, two lưng).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from lessons import responses as R
from lessons import tom_sets as S
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, BadResponse, Grade, Item, LessonError, Text, join
from lessons.tom_engine import (
    SPECIAL,
    BadCall,
    CallJudgement,
    CallToken,
    Card,
    Position,
    TomRules,
    call_for,
    canonical,
    judge_call,
    judged_arrangement,
    red_count,
    say,
    score,
    spoken,
)
from lessons.tom_positions import position_json, read, rules_of

FAMILY = "tom_cuoc"
KINDS = ("cuoc", "score", "order", "call")
LEVELS = (1, 2, 3)
RULES: dict[str, tuple[str, ...]] = {
    "cuoc": ("T7.1", "T7.2"), "score": ("T7.4",), "order": ("T7.5",),
    "call": ("T5.8", "T7.5", "T7.6"),
}
THEMES = ("plain", "tom", "leo", "bach_dinh", "thap_hong", "kinh_co", "kinh_tu_co", "chi_nay")
TRIES = 400
THONG = 0.3  # how often a level-2 hand also has the right to thông (TC2)


# ------------------------------------------------------------------------ winning hands

def _plan(theme: str, rules: TomRules, extra: str | None, level: int) -> S.Plan:
    """The set a theme asks for (and a tôm or lèo besides)."""
    size = rules.hand_size + 1
    force: list[tuple[Card, ...]] = []
    red = oc = None
    w = "any"
    if theme == "bach_dinh":
        red = 0
    elif theme == "thap_hong":
        red = rules.red_cuoc_count
    elif theme == "kinh_co":
        red = oc = rules.kinh_co_count
    elif theme == "kinh_tu_co":
        red = oc = 4
        force.append((Card.OC,) * 3)
    elif theme == "chi_nay":
        force.append(SPECIAL["SP2"])
        w = "cc"
    for t in (theme, extra):
        if t in ("tom", "leo"):
            force.append(SPECIAL["SP1" if t == "tom" else "SP2"])
    return S.Plan(size, rules.lung_required, red, oc, tuple(force), w,
                  face_down=0.0 if level == 1 else 0.4)


# The tôm or lèo a theme may hold besides (a lèo is all red: not beside the black themes).
EXTRAS: dict[str, tuple[str | None, ...]] = {
    "plain": (None, "tom", "leo"), "tom": (None,), "leo": (None,), "bach_dinh": (None, "tom"),
    "thap_hong": (None, "tom", "leo"), "kinh_co": (None, "tom"), "kinh_tu_co": (None, "tom"),
    "chi_nay": (None, "tom"),
}


def winning_hand(rng: random.Random, level: int, players: int, theme: str | None = None
                 ) -> dict[str, JSON]:
    """A won position for the level: hand and mat before the winning card, W, thông — with the
    theme's cước (any theme but "plain"), as the engine judges it."""
    rules = TomRules(players=players)
    for _ in range(TRIES):
        chosen = theme or rng.choice(THEMES)
        built = S.propose(rng, _plan(chosen, rules, rng.choice(EXTRAS[chosen]), level))
        if built is None or built.w is None:
            continue
        thong = level >= 2 and rules.allow_thong and rng.random() < THONG
        judged = judged_arrangement(built.position, built.w, rules, thong=thong)
        if judged is None or (chosen != "plain" and chosen not in judged.cuoc):
            continue
        pos = position_json(built.position, players)
        pos["w"] = built.w.code
        pos["thong"] = thong
        return pos
    raise LessonError(f"no winning hand found in {TRIES} tries",
                      f"không tìm được bài ù sau {TRIES} lần")


def _won(pos: JSON) -> tuple[Position, Card, TomRules, bool]:
    return read(pos), Card.parse(pos["w"]), rules_of(pos), bool(pos.get("thong", False))


def hand_cuoc(pos: JSON) -> dict[str, JSON]:
    """T5.3, T7.2: the judged arrangement of the won hand and its cước."""
    position, w, rules, thong = _won(pos)
    judged = judged_arrangement(position, w, rules, thong=thong)
    if judged is None:
        raise LessonError(f"{position} does not win with {w} (T5.2)",
                          f"{position} không ù với {w} (T5.2)")
    cards = [*position.cards(), w]
    return {"cuoc": [[spoken(c, rules.players), n] for c, n in judged.cuoc.items()],
            "score": judged.score, "red": red_count(cards), "oc": cards.count(Card.OC),
            "chi_nay": judged.chi_nay, "arrangement": judged.arrangement.to_json()}


def true_call(pos: JSON) -> tuple[CallToken, ...]:
    """The call a careful winner says: dậy khàn for each face-down khàn, then its cước in the
    canonical order (T5.8, T7.5)."""
    position, _, rules, _ = _won(pos)
    khan = [CallToken("khan", m.cards[0]) for m in position.mat if m.face_down]
    cuoc = {c: n for c, n in hand_cuoc(pos)["cuoc"]}
    return canonical([*khan, *call_for(_ids(cuoc), rules.players)])


def _ids(cuoc: dict[str, int]) -> dict[str, int]:
    """Cước as ids (the four-player names read back: thập nhị hồng is TC5)."""
    out: dict[str, int] = {}
    for name, n in cuoc.items():
        c = CallToken(name, None, n).cuoc
        assert c is not None
        out[c] = out.get(c, 0) + n
    return out


# ------------------------------------------------------------------------ reading calls

def read_tokens(value: JSON) -> list[CallToken]:
    """Call tokens: their text (``"khan:9v thong tom:2"``), a list of texts, or the JSON form
    (``[["khan", "9v"], ["tom", 2]]``); TC ids and the four-player names are read too."""
    try:
        if isinstance(value, str):
            return [CallToken.parse(t) for t in value.replace(",", " ").split()]
        if not isinstance(value, list):
            raise R.bad("call tokens, e.g. [\"thong\", \"tom:2\"]",
                        "lời xướng, ví dụ [\"thong\", \"tom:2\"]", value)
        return [CallToken.parse(t) if isinstance(t, str) else CallToken.from_json(t)
                for t in value]
    except BadCall as e:
        raise BadResponse(str(e), e.vi or str(e)) from None


def read_cuoc(response: JSON) -> dict[str, int]:
    """A set of cước: tokens as ``read_tokens`` takes them, or ``{id: count}``; ``[]`` is
    suông."""
    value = R.field(response, "cuoc", "call") if isinstance(response, dict) \
        and ("cuoc" in response or "call" in response) else response
    if isinstance(value, dict):
        value = [[k, n] for k, n in value.items()]
    out: dict[str, int] = {}
    for t in read_tokens(value):
        c = t.cuoc
        if c is None:
            raise R.bad("cước only (no khàn or bất thực)", "chỉ các cước (không khàn, bất thực)",
                        str(t))
        out[c] = out.get(c, 0) + t.count
    return out or {"suong": 1}


def _scoring(tokens: Sequence[CallToken]) -> list[tuple[str, int]]:
    """The scoring tokens as (cước, count), neighbours of one cước merged."""
    out: list[tuple[str, int]] = []
    for t in tokens:
        c = t.cuoc
        if c is None:
            continue
        if out and out[-1][0] == c:
            out[-1] = (c, out[-1][1] + t.count)
        else:
            out.append((c, t.count))
    return out


def same_call(said: Sequence[CallToken], right: Sequence[CallToken]) -> bool:
    """T7.5: the same khàn (in any order among themselves, all before the cước) and the same
    cước in the same order."""
    first = next((i for i, t in enumerate(said) if t.cuoc is not None), len(said))
    procedure = sorted(str(t) for t in said if t.cuoc is None)
    if any(t.cuoc is None for t in said[first:]):
        return False
    return procedure == sorted(str(t) for t in right if t.cuoc is None) \
        and _scoring(said) == _scoring(right)


# ------------------------------------------------------------------------ explanations

def _why_cuoc(pos: JSON, ans: dict[str, Any]) -> Text:
    rules = rules_of(pos)
    cuoc = [(c, n) for c, n in ans["cuoc"]]
    listed = W.cuoc_list(cuoc)
    parts = [Text(f"Bài ù có {ans['red']} quân đỏ, {ans['oc']} ông cụ (T7.1). Cước: "
                  f"{listed.vi} — {ans['score']} điểm (T7.2, T7.4).",
                  f"The winning set holds {ans['red']} red card{'s' * (ans['red'] != 1)} and "
                  f"{ans['oc']} ông cụ (T7.1). "
                  f"Cước: {listed.en} — {ans['score']} điểm (T7.2, T7.4).")]
    if ans["chi_nay"]:
        parts.append(Text("Bài chỉ chờ chi chi và ù bằng chi chi: chi nẩy (TC8).",
                          "The hand waited on chi chi alone and won on it: chi nẩy (TC8)."))
    if pos.get("thong") and rules.allow_thong:
        parts.append(Text("Ván trước cũng ù (không chèo đò): thêm thông (TC2).",
                          "The previous game was also this player's ù (not chèo đò): thông "
                          "(TC2)."))
    return join(parts)


def _why_score(cuoc: list[tuple[str, int]], rules: TomRules) -> Text:
    ids = _ids(dict(cuoc))
    total = score(ids, rules)
    sac = [(c, rules.point(c)) for c, n in ids.items() if c not in ("suong", "thong")
           for _ in range(n)]
    if not sac:
        top = ("suong", rules.point("suong"))
        others = ids.get("thong", 0)
    else:
        top = max(sac, key=lambda x: x[1])
        others = len(sac) - 1 + ids.get("thong", 0)
    name = W.cuoc_name(spoken(top[0], rules.players))
    return Text(f"Lấy cước cao nhất: {name.vi} {top[1]} điểm, mỗi cước khác thêm {rules.dich}: "
                f"{top[1]} + {others} × {rules.dich} = {total} điểm (T7.4).",
                f"Take the highest cước: {name.en}, {top[1]} điểm, and {rules.dich} for each "
                f"other: {top[1]} + {others} × {rules.dich} = {total} điểm (T7.4).")


def _why_call(pos: JSON, said: Sequence[CallToken], judged: CallJudgement | None) -> Text:
    right = true_call(pos)
    parts = [Text(f"Xướng đúng: {' '.join(str(t) for t in right)} — «{say(right)}», "
                  f"{hand_cuoc(pos)['score']} điểm (T5.8, T7.5).",
                  f"The right call: {' '.join(str(t) for t in right)} — «{say(right)}», "
                  f"{hand_cuoc(pos)['score']} điểm (T5.8, T7.5).")]
    if judged is None:
        return join(parts)
    for i, _ in judged.over:
        parts.append(Text(f"«{said[i]}» là xướng gian: bài không có cước ấy (TD8, chèo đò).",
                          f"«{said[i]}» is an over-call: the hand has no such cước (TD8, chèo "
                          f"đò)."))
    for i in judged.misplaced:
        parts.append(Text(f"«{said[i]}» nói sai thứ tự, sau một cước thấp hơn: không được tính "
                          f"(T7.5, T7.6).",
                          f"«{said[i]}» is out of the canonical order, after a lower cước: it is "
                          f"not paid (T7.5, T7.6)."))
    if judged.under:
        left = W.cuoc_list(judged.under.items())
        parts.append(Text(f"Xướng thiếu {left.vi}: chỉ được tính điểm đã xướng (T7.6).",
                          f"Under-called {left.en}: only what is said is paid (T7.6)."))
    for rule, _ in judged.procedure:
        parts.append(PROCEDURE[rule])
    if not judged.over:
        parts.append(Text(f"Lời xướng này được {judged.score} điểm.",
                          f"This call scores {judged.score} điểm."))
    return join(parts)


PROCEDURE: dict[str, Text] = {
    "TN4": Text("Dậy khàn sau khi đã xướng cước: hô ù rồi mới dậy khàn, ù không được tính "
                "điểm (TN4).",
                "A khàn turned up after a cước was said: ù not paid (TN4)."),
    "TN5": Text("Quên dậy khàn khi xướng: khê khàn, ù không được tính điểm (TN5).",
                "A face-down khàn never turned up in the call: khê khàn, ù not paid (TN5)."),
    "TN8": Text("Báo bất thực sai hoặc thiếu: ù không được tính điểm (TN8).",
                "A bất thực reported wrongly or not at all: ù not paid (TN8)."),
}


# ------------------------------------------------------------------------ the family

def solve(kind: str, pos: JSON) -> JSON:
    """The engine's cước, score, canonical order or call."""
    if kind == "cuoc":
        return hand_cuoc(pos)
    rules = rules_of(pos)
    if kind == "score":
        ids = _ids({c: n for c, n in pos["call"]})
        return {"score": score(ids, rules)}
    if kind == "order":
        tokens = canonical([*(CallToken("khan", Card.parse(k)) for k in pos.get("khan", [])),
                            *(CallToken(c, None, n) for c, n in pos["cuoc"])])
        return {"call": [str(t) for t in tokens], "text": say(tokens)}
    right = true_call(pos)
    return {"call": [str(t) for t in right], "text": say(right),
            "score": hand_cuoc(pos)["score"]}


def _question(kind: str, pos: JSON) -> Text:
    players = Text(f"Chiếu {pos['players']} người.", f"{pos['players']} players.")
    if kind == "score":
        call = W.cuoc_list([(c, n) for c, n in pos["call"]])
        return players + Text(f"Người ù xướng đúng: {call.vi}. Được bao nhiêu điểm?",
                              f"The winner rightly calls: {call.en}. How many điểm is it?")
    if kind == "order":
        cuoc = W.cuoc_list([(c, n) for c, n in pos["cuoc"]])
        khan = Text("", "") if not pos.get("khan") else Text(
            f" Dưới chiếu có khàn úp: {W.cards(pos['khan']).vi}.",
            f" Face-down khàn on the mat: {W.cards(pos['khan']).en}.")
        return players + Text(f"Bài ù có: {cuoc.vi}.{khan.vi} Xướng theo đúng thứ tự.",
                              f"The win has: {cuoc.en}.{khan.en} Say the call in the canonical "
                              f"order.")
    w = W.card(pos["w"])
    thong = Text(" Ván trước người này cũng ù (không chèo đò).",
                 " This player also won the previous game (not chèo đò).") \
        if pos.get("thong") else Text("", "")
    if kind == "cuoc":
        return players + Text(f"Ù với {w.vi}.{thong.vi} Bài ù có những cước nào?",
                              f"A win with {w.en}.{thong.en} Which cước does it have?")
    return players + Text(f"Ù với {w.vi}.{thong.vi} Xướng ù: dậy khàn (nếu có) rồi các cước "
                          f"theo đúng thứ tự.",
                          f"A win with {w.en}.{thong.en} Make the call: dậy khàn (if any), then "
                          f"the cước in order.")


def _position(rng: random.Random, kind: str, level: int, players: int) -> dict[str, JSON]:
    hand = winning_hand(rng, level, players)
    if kind in ("cuoc", "call"):
        return {**hand, "level": level}
    cuoc = [list(x) for x in hand_cuoc(hand)["cuoc"]]
    if kind == "score":
        return {"players": players, "call": cuoc, "level": level}
    rng.shuffle(cuoc)
    khan = [m["cards"][0] for m in hand["mat"] if m.get("face_down")]
    out: dict[str, JSON] = {"players": players, "cuoc": cuoc, "level": level}
    if khan:
        out["khan"] = khan
    return out


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """One item on a won hand or a call."""
    return Item(FAMILY, kind, _question(kind, pos), pos, solve(kind, pos), RULES[kind])


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Winning hands built for each cước, at the requested or a random level."""
    return [make(kind, _position(rng, kind, level, options.players or (4 if level == 3 else 5)))
            for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options)]


def grade(item: Item, response: JSON) -> Grade:
    """``cuoc``: the set of cước (tokens or ``{id: n}``); ``score``: a number; ``order`` and
    ``call``: the tokens in the order said (``["khan:9v", "thong", "tom:2"]``)."""
    pos, kind = item.position, item.kind
    ans = solve(kind, pos)
    if kind == "cuoc":
        said = read_cuoc(response)
        right = _ids({c: n for c, n in ans["cuoc"]})
        return Grade.of(said == right, _why_cuoc(pos, ans), item.rules)
    if kind == "score":
        n = R.whole(R.field(response, "score"), "a number of điểm", "số điểm")
        return Grade.of(n == ans["score"], _why_score([(c, k) for c, k in pos["call"]],
                                                      rules_of(pos)), item.rules)
    value = R.field(response, "call", "tokens") if isinstance(response, dict) else response
    tokens = read_tokens(value)
    right_tokens = [CallToken.parse(t) for t in ans["call"]]
    if kind == "order":
        return Grade.of(same_call(tokens, right_tokens),
                        Text(f"Thứ tự đúng: {' '.join(ans['call'])} — «{ans['text']}»: dậy khàn "
                             f"trước, rồi thông, kính tứ cố, chi nẩy, bạch định, thập hồng, kính "
                             f"cố, tôm, lèo (T5.8, T7.5).",
                             f"The canonical order: {' '.join(ans['call'])} — «{ans['text']}»: "
                             f"dậy khàn first, then thông, kính tứ cố, chi nẩy, bạch định, thập "
                             f"hồng, kính cố, tôm, lèo (T5.8, T7.5)."), item.rules)
    position, w, rules, thong = _won(pos)
    judged = judge_call(tokens, position, w, rules, thong=thong)
    ok = judged is not None and not judged.over and not judged.misplaced \
        and not judged.under and not judged.procedure
    return Grade.of(ok, _why_call(pos, tokens, judged), item.rules)


TOM_CUOC = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                  levels=LEVELS)
