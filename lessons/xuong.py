"""Xướng (RULES R6, R8): a won position from a real (seeded) game; compose the call in
canonical order with counts. The answer is the engine's true call (``Game.true_call``, which is
``engine.chan.cuoc.detect``), rendered by ``engine.chan.call.render`` and scored by
``engine.chan.cuoc.total``; a response is judged by applying it as the winner's ``call`` action, so
the verdict (R8.2–R8.5) and the settlement are the engine's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan import Payout, ga_count, in_order, parse_cuoc_id, rule_id, total
from engine.chan import parse_call as parse
from engine.chan import render_call as render
from engine.errors import BadAction
from engine.events import EndKind
from engine.game import Phase
from lessons import phrases as P
from lessons import play
from lessons import responses as R
from lessons.family import Family, Options, pick_kind
from lessons.item import JSON, BadResponse, Grade, Item, LessonError, Text, join
from lessons.position import game_position, rebuild, replay
from replays import messages as M

FAMILY = "xuong"
KINDS = ("call",)
TRIES = 60
PLAIN = frozenset({"xuong", "chi"})  # wins with only these are common: keep fewer of them
PLAIN_KEPT = 0.3
THONG = 0.2  # how often the winner is also said to have won the previous game (C2)


def _game(pos: JSON) -> tuple[Game, int]:
    game = rebuild(pos)
    seat = int(pos["seat"])
    if game.phase is not Phase.CALL or game.actor != seat:
        raise LessonError("a xướng position must end on the seat's win",
                          "thế bài xướng phải dừng ở nước ù của ghế đó")
    return game, seat


def solve(kind: str, pos: JSON) -> JSON:
    """The true cước in canonical order, the call's text and what it collects (R6.2, R6.3)."""
    game, _ = _game(pos)
    true = game.true_call()
    return {"call": [[cid, n] for cid, n in true], "text": render(true),
            "score": total(true, game.rules), "ga": ga_count(true, game.rules),
            "cuoc_rules": [rule_id(cid) for cid, _ in true]}


def winning_position(game: Game, thong: bool = False) -> dict[str, JSON]:
    """The position of a won game just before its call (optionally with the winner allowed
    thông, C2: as if it had won the previous game of the hội correctly)."""
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None and outcome.win_event is not None
    upto = outcome.win_event + 1
    if thong:
        game = replay(game.deal, game.record[:upto], game.rules, outcome.winner)
    pos = game_position(game, outcome.winner, upto)
    pos["winning_card"] = None if outcome.card is None else str(outcome.card)
    return pos


def _question(pos: JSON) -> Text:
    s = int(pos["seat"])
    w = pos.get("winning_card")
    card = P.card(w) if w else Text("bài chia (thiên ù)", "the dealt hand (thiên ù)")
    thong = Text(" Ván trước ghế này cũng ù và xướng đúng.",
                 " This seat also won the previous game and called it right.") \
        if pos.get("thong_seat") == s else Text("", "")
    return Text(f"Ghế {s} ù với {card.vi}.{thong.vi} Xướng cước theo đúng thứ tự, kèm số "
                f"lượng (R8).",
                f"Seat {s} wins with {card.en}.{thong.en} Call the cước in canonical order, "
                f"with counts (R8).")


def make(pos: dict[str, JSON], source: dict[str, JSON] | None = None) -> Item:
    """A call item on a won position."""
    ans = solve("call", pos)
    return Item(FAMILY, "call", _question(pos), pos, ans, ("R8.5", *ans["cuoc_rules"]),
                source or {})


def _won(rng: random.Random) -> dict[str, JSON]:
    for _ in range(TRIES):
        game = play.played(rng.randrange(2**31))
        outcome = game.outcome
        if outcome is None or outcome.kind is not EndKind.WIN:
            continue
        cuoc = {cid for cid, _ in game.true_call()}
        if cuoc <= PLAIN and rng.random() >= PLAIN_KEPT:
            continue
        return winning_position(game, rng.random() < THONG)
    raise LessonError(f"no won game found in {TRIES} games",
                      f"không có ván ù nào trong {TRIES} ván")


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Wins of seeded games, richer calls preferred."""
    out = []
    for _ in range(count):
        pick_kind(rng, FAMILY, KINDS, options)
        out.append(make(_won(rng)))
    return out


def read_call(response: JSON) -> tuple[tuple[str, int], ...]:
    """A call: ``[[id, count], ...]`` (ids or C1…C25), or the spoken text ("Chì, có tôm")."""
    value = R.field(response, "call", "text") if isinstance(response, dict) else response
    try:
        if isinstance(value, str):
            return parse(value)
        if not isinstance(value, list):
            raise R.bad("a call: [[id, count], ...] or its text", "một lời xướng: "
                        "[[id, số], ...] hoặc lời nói", value)
        out = []
        for entry in value:
            if not (isinstance(entry, list | tuple) and len(entry) == 2
                    and isinstance(entry[0], str)):
                raise R.bad("[id, count]", "[id, số]", entry)
            n = R.whole(entry[1])
            if n < 1:
                raise R.bad("a count ≥ 1", "số lượng ≥ 1", n)
            out.append((parse_cuoc_id(entry[0]), n))
        return tuple(out)
    except BadAction as e:
        raise BadResponse(str(e), str(e)) from None


def judged(pos: JSON, call: tuple[tuple[str, int], ...]) -> Game:
    """The game after the winner makes ``call``: its verdict and settlement are set."""
    game, seat = _game(pos)
    game.apply(Action(seat, Act.CALL, None, call))
    return game


def _why(game: Game, ans: dict[str, Any]) -> Text:
    v, s = game.verdict, game.settlement
    assert v is not None and s is not None
    true = [(c, n) for c, n in ans["call"]]
    parts = [Text(f"Cước đúng: {ans['text']} — {ans['score']} điểm mỗi nhà (R6.2).",
                  f"The true call: {ans['text']} ({P.call_text(true).en}) — {ans['score']} "
                  f"điểm from each player (R6.2).")]
    if v.wrong:
        parts.append(Text(*M.call_wrong_text([(f.cuoc, f.count) for f in v.wrong],
                                             s.penalty)))
    if v.missing:
        lost = max(0, total(v.true, game.rules) - total(v.call, game.rules))
        parts.append(Text(*M.call_missing_text(list(v.missing), lost)))
    if v.misplaced:
        parts.append(Text(*M.call_order_text(list(in_order(v.call)))))
    if v.bach_thu_not_called is not None:
        parts.append(Text(*M.bach_thu_text(v.bach_thu_not_called.cuoc)))
    parts.append(OUTCOME[s.payout](s.score, s.penalty))
    return join(parts)


OUTCOME: dict[Payout, Callable[[int, int], Text]] = {
    Payout.NORMAL: lambda score, _: Text(f"Kết quả: lời xướng này thu {score} điểm mỗi nhà.",
                                         f"Result: this call collects {score} điểm from each "
                                         f"player."),
    Payout.XUONG_SAI: lambda _, pen: Text(f"Kết quả: không thu được gì, đền {pen} điểm cho mỗi "
                                          f"nhà (R8.2).",
                                          f"Result: nothing collected, {pen} điểm paid to each "
                                          f"player (R8.2)."),
    Payout.NGHI_AN_TIEN: lambda *_: Text("Kết quả: ván ù nghỉ ăn tiền, không ai trả (R7.2).",
                                         "Result: the win stands but nobody pays (R7.2)."),
    Payout.U_BAO: lambda _, pen: Text(f"Kết quả: ù báo, đền {pen} điểm cho mỗi nhà (R7.4).",
                                      f"Result: ù báo, {pen} điểm paid to each player (R7.4)."),
    Payout.U_LAO: lambda _, pen: Text(f"Kết quả: ù láo, đền {pen} điểm (R7.4).",
                                      f"Result: ù láo, {pen} điểm paid (R7.4)."),
    Payout.NONE: lambda *_: Text("", ""),
}


def grade(item: Item, response: JSON) -> Grade:
    """Right when the engine's verdict finds nothing wrong, missing or out of order."""
    ans = solve(item.kind, item.position)
    call = read_call(response)
    game = judged(item.position, call)
    v = game.verdict
    assert v is not None
    ok = not v.sai and not v.missing and not v.misplaced
    rules = ["R8.2", "R8.3", "R8.4", "R8.5", *ans["cuoc_rules"]]
    return Grade.of(ok, _why(game, ans), rules)


XUONG = Family(FAMILY, KINDS, generate, solve, grade)
