"""The lỗi (RULES R7): a position and a proposed move → allowed, or which lỗi and why; the
claim windows (ù, chíu) and what letting them pass costs (bỏ ù, R7.1); báo (R7.3).

Kinds:
- ``move``: the position's ``move`` (an engine action in text form, ``"2 eat 9n"``) judged by
  ``Game.faults_of`` / ``Game.explain``; applying it tells whether the seat becomes báo.
- ``claim``: a card was just placed; may the seat ù or chíu it (the engine's claim list)?
- ``trai_vi``: L0, explanation only — the software always lays a meld right, so the position
  is a picture of a meld (``eaten``, ``hand``, ``top``), not a game.
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Act, Action
from engine.chan import CHAN, Card
from engine.chan import ChanGame as Game
from engine.events import BecameBao, EndKind, Origin
from engine.game import Phase
from lessons import phrases as P
from lessons import play
from lessons import responses as R
from lessons.family import Family, Options, pick_kind
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.position import game_position, rebuild

FAMILY = "loi"
KINDS = ("move", "claim", "trai_vi")
WEIGHTS = (0.75, 0.17, 0.08)  # how often each kind is drawn when all are asked for
TRIES = 40
FOCUS_TRIES = 12  # games searched for a move breaking a focus rule before any lỗi will do
PLACING = (Act.DRAW, Act.DISCARD, Act.RETURN)
RULES = CHAN.registry


# ------------------------------------------------------------------------ move

def solve_move(pos: JSON) -> dict[str, Any]:
    """The engine's judgement of the proposed move."""
    game = rebuild(pos)
    a = Action.parse(pos["move"])
    if not game.can(a):
        raise LessonError(f"the move '{a}' is impossible in this position",
                          f"nước '{a}' không thể đi ở thế bài này")
    faults = sorted({v.rule for v in game.faults_of(a)}, key=RULES.key)
    exps = game.explain(a)
    verdict = sorted({e.rule for e in exps}, key=RULES.key)
    events = game.apply(a)
    bao = any(isinstance(e, BecameBao) and e.seat == a.seat for e in events)
    u_lao = game.outcome is not None and game.outcome.kind is EndKind.U_LAO
    return {"move": str(a), "allowed": not faults and not u_lao, "verdict": verdict,
            "bao": bao, "explanations": [{"rule": e.rule, "vi": e.vi, "en": e.en}
                                         for e in exps]}


def consequences(verdict: list[str]) -> Text:
    """What the judgements cost (R7.1–R7.4), in the rulebook's words, in its order."""
    costs = {RULES.consequence_of(r) for r in verdict}
    parts = [Text(*RULES.consequence(c).lesson) for c in RULES.consequences() if c in costs]
    return join(parts)


def _move_text(ans: dict[str, Any], live: str | None) -> Text:
    a = Action.parse(ans["move"])
    m = P.move(a, None if live is None else Card.parse(live))
    if not ans["verdict"]:
        return Text(f"Nước {m.vi} không phạm lỗi nào.", f"{m.en.capitalize()} breaks no rule.")
    head = Text(f"Nước {m.vi}:", f"{m.en.capitalize()}:")
    said = [Text(f"{P.rule_name(e['rule']).vi} — {e['vi']}", f"{P.rule_name(e['rule']).en} — "
                                                              f"{e['en']}")
            for e in ans["explanations"]]
    return join([head, *said, consequences(ans["verdict"])])


def _move_question(pos: JSON) -> Text:
    a = Action.parse(pos["move"])
    live = pos.get("live")
    m = P.move(a, None if live is None else Card.parse(live))
    return Text(f"Ghế {a.seat} định {m.vi}. Có được không? Nếu không, phạm lỗi gì?",
                f"Seat {a.seat} is about to {m.en}. Is it allowed? If not, which lỗi?")


def _move_pool(game: Game, want_fault: bool, focus: frozenset[str]) -> list[Action]:
    moves = game.legal_actions()
    if not want_fault:
        return [a for a in moves if not game.faults_of(a)]
    if focus:
        return [a for a in moves if {v.rule for v in game.faults_of(a)} & focus]
    return [a for a in moves if game.faults_of(a)]


def _move_position(rng: random.Random, focus: tuple[str, ...] | None) -> dict[str, JSON]:
    """A decision of a seeded game and a proposed move: usually one that breaks a rule (one
    of ``focus`` when such a move turns up within FOCUS_TRIES games)."""
    want_fault = bool(focus) or rng.random() < 0.65
    wanted = frozenset(focus or ())
    for attempt in range(TRIES):
        if attempt == FOCUS_TRIES:
            wanted = frozenset()
        seed = rng.randrange(2**31)
        found: list[tuple[int, int, list[Action]]] = []
        game: Game | None = None
        for game in play.walk(seed):
            if game.phase not in (Phase.PLAY, Phase.DISCARD, Phase.RETURN, Phase.OPENING) \
                    or game.claims or game.actor is None:
                continue
            pool = _move_pool(game, want_fault, wanted)
            if pool:
                found.append((len(game.record), game.actor, pool))
        if found and game is not None:
            n, seat, pool = rng.choice(found)
            pos = game_position(game, seat, n)
            pos["move"] = str(rng.choice(pool))
            return pos
    raise LessonError(f"no position for a move drill in {TRIES} games",
                      f"không tìm được thế bài sau {TRIES} ván")


# ------------------------------------------------------------------------ claim

def solve_claim(pos: JSON) -> dict[str, Any]:
    """The seat's claims on the card just placed (R4.2), and the facts that decide them."""
    game = rebuild(pos)
    seat = int(pos["seat"])
    if game.phase is Phase.OPENING:  # a thiên ù is the only claim before the first discard
        acts = ["win"] if Action(seat, Act.WIN) in game.legal_actions() else []
        return {"card": None, "claims": acts, "best": acts[0] if acts else None,
                "if_declined": "bo_u" if acts else None, "thien_u": True}
    live = game.live
    assert live is not None
    acts = [c.act.value for c in game.pending_claims() if c.seat == seat]
    best = "win" if "win" in acts else "chiu" if "chiu" in acts else None
    return {"card": str(live.card), "claims": acts, "best": best,
            "if_declined": game.LET_PASS.get(Act(best)) if best else None,
            "origin": live.origin.value, "by": live.by, "final": live.final,
            "held": game.hand_count(seat, live.card), "bao": game.bao[seat],
            "hand_wins": game.can_win_on(seat, live.card)}


def _claim_text(ans: dict[str, Any]) -> Text:
    card = P.card(ans["card"]) if ans["card"] else Text("20 quân được chia", "the dealt 20")
    if ans.get("thien_u"):
        t = Text("Bài 20 quân vừa chia đã ù: phải báo thiên ù trước khi đánh (R5.2, C4).",
                 "The 20 dealt cards already win: declare thiên ù before discarding (R5.2, "
                 "C4).") if ans["best"] else Text("Bài chia chưa ù (R5.1).",
                                                  "The dealt cards do not win (R5.1).")
    elif ans["best"] == "win":
        how = Text(" (chíu ù, R5.4)", " (a chíu ù, R5.4)") if ans["held"] == 3 else \
            Text(" (quân bốc từ nọc, R5.2)", " (drawn from the nọc, R5.2)")
        t = Text(f"Ù được với {card.vi}{how.vi}: bài thành 10 đôi với ít nhất 6 chắn (R5.1).",
                 f"{card.en} wins{how.en}: the hand makes 10 pairs with at least 6 chắn "
                 f"(R5.1).")
    elif ans["best"] == "chiu":
        t = Text(f"Có ba quân {card.vi} trên tay: chíu được, rồi trả cửa một quân (R4.2, R4.6).",
                 f"Three {card.en} in hand: chíu it, then return a card (R4.2, R4.6).")
    else:
        t = _no_claim(ans, card)
    if ans["if_declined"] == "bo_u" and ans.get("final"):
        # R4.9: nothing follows the nọc-stop card, so no later win can go unpaid for it
        t = t + Text("Bỏ qua thì: đây là quân cuối nọc, ván thành hòa, không ai được tiền "
                     "(R4.9).",
                     "Letting it pass: this is the last card of the nọc, so the game ends "
                     "drawn and nobody is paid (R4.9).")
    elif ans["if_declined"]:
        e = RULES.explanation(ans["if_declined"], ans["card"] or "thiên ù")
        t = t + Text(f"Bỏ qua thì: {e.vi}", f"Letting it pass: {e.en}")
    return t


def _no_claim(ans: dict[str, Any], card: Text) -> Text:
    if ans["bao"]:
        return Text("Đã bị báo thì không được ù hay chíu (R4.8).",
                    "A báo player may neither ù nor chíu (R4.8).")
    if ans["hand_wins"] and ans["origin"] != Origin.DRAW.value:
        return Text(f"Bài ù được với {card.vi} nhưng quân này là quân đánh ra, không phải bốc "
                    f"từ nọc: chỉ chíu ù mới ù được quân đánh (R5.2, R5.4).",
                    f"The hand would win with {card.en}, but it was discarded, not drawn: only "
                    f"a chíu ù wins on a discard (R5.2, R5.4).")
    if ans["held"] == 3 and ans["final"]:
        return Text("Quân cuối nọc chỉ được ù, không được chíu (R4.9).",
                    "The last card of the nọc can only be won on, not chíu'd (R4.9).")
    if ans["held"] == 3:
        return Text("Không được chíu quân chính mình vừa đánh hoặc trả cửa (R4.2).",
                    "A player may not chíu a card it discarded or returned itself (R4.2).")
    if ans["held"] == 2:
        return Text(f"Chỉ có hai quân {card.vi}: chíu cần ba quân giống hệt (R4.2).",
                    f"Only two {card.en} in hand: a chíu needs three identical (R4.2).")
    return Text(f"Bài chưa ù được với {card.vi} và không có ba quân giống hệt để chíu "
                f"(R5.1, R4.2).",
                f"The hand does not win with {card.en} and holds no three identical to chíu "
                f"(R5.1, R4.2).")


def _claim_question(pos: JSON) -> Text:
    s = int(pos["seat"])
    if not pos["events"]:
        return Text(f"Ghế {s} vừa được chia 20 quân. Ù được không (thiên ù)?",
                    f"Seat {s} was dealt 20 cards. Does it win (thiên ù)?")
    c = P.card(pos["live"])
    return Text(f"Quân {c.vi} vừa vào cửa. Ghế {s} làm gì: ù, chíu, hay không được gì?",
                f"{c.en} was just placed. What may seat {s} do: ù, chíu, or nothing?")


def _tempted(game: Game, seat: int, card: int) -> bool:
    return game.can_win_on(seat, card) or game.hand_count(seat, card) >= 2


def _claim_position(rng: random.Random) -> dict[str, JSON]:
    want_claim = rng.random() < 0.55
    for _ in range(TRIES):
        seed = rng.randrange(2**31)
        found: list[tuple[int, int]] = []
        game: Game | None = None
        for game in play.walk(seed):
            live = game.live
            if not game.record or game.record[-1].act not in PLACING or live is None \
                    or not game.window_open or game.claim_pos or game.is_over:
                continue
            claimants = {c.seat for c in game.claims}
            for s in range(game.players):
                if (s in claimants) == want_claim and (want_claim or _tempted(game, s,
                                                                              live.card)):
                    found.append((len(game.record), s))
        if found and game is not None:
            n, seat = rng.choice(found)
            return game_position(game, seat, n)
    raise LessonError(f"no claim position found in {TRIES} games",
                      f"không tìm được thế bài sau {TRIES} ván")


# ------------------------------------------------------------------------ trái vỉ (L0)

def solve_trai_vi(pos: JSON) -> dict[str, Any]:
    """L0: a cạ meld with the eaten card on top is trái vỉ (the engine's explanation)."""
    meld = pos["meld"]
    wrong = meld["top"] == meld["eaten"]
    e = RULES.explanation("L0", meld["eaten"])
    return {"allowed": not wrong, "verdict": ["L0"] if wrong else [], "explain_only": True,
            "explanations": [{"rule": "L0", "vi": e.vi, "en": e.en}]}


def _trai_vi_position(rng: random.Random) -> dict[str, JSON]:
    rank = rng.randrange(8)
    a, b = rng.sample(range(3), 2)
    eaten, hand = Card(3 * rank + a), Card(3 * rank + b)
    return {"meld": {"eaten": str(eaten), "hand": str(hand),
                     "top": str(rng.choice((eaten, hand)))}}


# ------------------------------------------------------------------------ the family

def solve(kind: str, pos: JSON) -> JSON:
    """The engine's answer for each kind."""
    if kind == "move":
        return solve_move(pos)
    if kind == "claim":
        return solve_claim(pos)
    if kind == "trai_vi":
        return solve_trai_vi(pos)
    raise LessonError(f"loi has no kind '{kind}'", f"lỗi không có dạng '{kind}'")


def question(kind: str, pos: JSON) -> Text:
    """The question of an item."""
    if kind == "move":
        return _move_question(pos)
    if kind == "claim":
        return _claim_question(pos)
    m = pos["meld"]
    return Text(f"Ăn {P.card(m['eaten']).vi} bằng {P.card(m['hand']).vi}, đặt "
                f"{P.card(m['top']).vi} lên trên. Có đúng không? Nếu sai là lỗi gì?",
                f"{P.card(m['eaten']).en} eaten with {P.card(m['hand']).en}, laid with "
                f"{P.card(m['top']).en} on top. Is that right? If not, which lỗi?")


def rules_of(kind: str, answer: JSON) -> tuple[str, ...]:
    """The rule ids an item exercises."""
    if kind == "claim":
        return ("R4.2", "R5.2", "R5.4", "R7.1")
    if kind == "trai_vi":
        return ("L0",)
    return ("R7", *(r for r in answer["verdict"] if r.startswith("L")))


def make(kind: str, pos: dict[str, JSON], source: dict[str, JSON] | None = None) -> Item:
    """An item of ``kind`` on a position."""
    ans = solve(kind, pos)
    return Item(FAMILY, kind, question(kind, pos), pos, ans, rules_of(kind, ans),
                source or {})


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Positions of seeded games with a proposed move or a claim; now and then an L0 picture."""
    out = []
    for _ in range(count):
        if options.kinds is None:
            kind = rng.choices(KINDS, WEIGHTS)[0]
        else:
            kind = pick_kind(rng, FAMILY, KINDS, options)
        if kind == "move":
            pos = _move_position(rng, options.focus)
        elif kind == "claim":
            pos = _claim_position(rng)
        else:
            pos = _trai_vi_position(rng)
        out.append(make(kind, pos))
    return out


def grade(item: Item, response: JSON) -> Grade:
    """``move``/``trai_vi``: ``{"rules": [...]}`` (empty: allowed; ``bo_u``, ``missed_chiu``,
    ``u_lao`` count as rules here), optionally ``"bao": bool``; ``claim``: ``{"act": "win" |
    "chiu" | "none"}``."""
    ans = solve(item.kind, item.position)
    if item.kind == "claim":
        said = R.field(response, "act")
        if said not in ("win", "chiu", "none", None):
            raise R.bad("'win', 'chiu' or 'none'", "'win', 'chiu' hoặc 'none'", said)
        ok = (None if said == "none" else said) == ans["best"]
        return Grade.of(ok, _claim_text(ans), rules_of(item.kind, ans))
    said_rules = {r.upper() if r[:1] in "lL" else r
                  for r in R.strings(R.field(response, "rules", "verdict"))}
    ok = said_rules == set(ans["verdict"])
    if ok and isinstance(response, dict) and "bao" in response and item.kind == "move":
        ok = response["bao"] is ans["bao"]
    if item.kind == "trai_vi":
        e = ans["explanations"][0]
        why = Text(e["vi"], e["en"]) + (Text("Đặt thế này là trái vỉ (L0).",
                                             "Laid like this it is trái vỉ (L0).")
                                        if ans["verdict"] else
                                        Text("Đặt thế này là đúng.", "This is laid right."))
    else:
        why = _move_text(ans, item.position.get("live"))
    return Grade.of(ok, why, rules_of(item.kind, ans))


LOI = Family(FAMILY, KINDS, generate, solve, grade)
