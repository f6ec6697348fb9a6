"""Tổ tôm's offences and their verdicts (TOTOM T4.10–T4.14, T6, T7.6): is this move an offence,
and which TN or TD; this seat committed offences earlier and now declares ù — paid, unpaid or
chèo đò; what does this call's fault cost.

Positions are real games: a seeded deal (FORMATS, piles form) played in real mode with no
automations (T4.16) by the engine's beginner players, some seats steered into offences now and
then (a faulty move, an ù let pass, a win without its phỗng statement), kept as the deal and
the actions in the engine's text form. Every answer is the engine's, computed when the item is
made and again when it is graded: ``TomGame.faults_of`` and the violations the move records
(``move``), the game's settlement after the right call (``verdict``) or after the proposed call
(``call``). The words of each offence are the rulebook's (``REGISTRY``).

Kinds (lessons/README.md): ``move`` — ``{"rules": [ids]}`` (empty: allowed); ``verdict`` —
``{"verdict": "paid" | "unpaid" | "cheo_do"}``; ``call`` — ``{"verdict": …, "score": n}`` (the
score only counts for a paid ù). Levels: 1 — the plain offences (a yêu discarded or let pass, a
mat card discarded, treo tranh), the verdict of named offences, a call with a false cước or a
forgotten khàn; 2 — the offences a player must remember (TD2, TD4–TD7), offences described by
what happened, under-calls and a late khàn; 3 — bỏ ù and a missing phỗng statement at the ù, the
làng's options ``yeu_offence`` and ``call_order`` (T9), four players as well.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.actions import Act
from engine.errors import BadAction
from engine.game import Mode, Phase
from engine.totom import REGISTRY, TomAction, TomGame, consequence_of, make_player
from lessons import responses as R
from lessons import tom_words as W
from lessons.family import Family, Options, picks
from lessons.item import JSON, Grade, Item, LessonError, Text, join
from lessons.tom_engine import BadCall, BadDeal, BadRules, CallToken, Deal, TomRules, say
from lessons.tom_first_game import move_words

FAMILY = "tom_loi"
KINDS = ("move", "verdict", "call")
LEVELS = (1, 2, 3)
VERDICTS = ("paid", "unpaid", "cheo_do")
POOL = {5: 120, 4: 60}  # the games items are drawn from, per table size
GAMES_FILE = Path(__file__).resolve().parent / "content" / "data" / "tom_loi_games.json"
TRIES = 60
CLEAN = 0.25  # how often a move item proposes a move that breaks no rule
# The offences each level asks about (T6.2, T6.3); the lower levels' are asked at the higher.
LEVEL_RULES: dict[int, tuple[str, ...]] = {
    1: ("TD9", "TD3", "TD10", "TN2"),
    2: ("TD2", "TD4", "TD5", "TD6", "TD7"),
    3: ("TN1", "TN7", "TD1"),
}
# Every offence a ``move`` item can be about (TD1: an ù whose phỗng statement no arrangement
# fits); TN3 cannot happen in the software (T6.2), the call's own faults are the ``call``
# kind's (and TN6, TN8 need a bất thực, which the pool's players never declare).
MOVE_RULES = tuple(r for level in LEVELS for r in LEVEL_RULES[level])
CALL_RULES = ("TD8", "TN4", "TN5")
# The faults a proposed call has, by level (T7.6): "true" is the right call.
CALL_FAULTS: dict[int, tuple[str, ...]] = {
    1: ("true", "over", "khe_khan", "thong"),
    2: ("under", "suong", "late_khan", "thong_ok"),
    3: ("misplaced",),
}
RULES: dict[str, tuple[str, ...]] = {
    "move": ("T4.10", "T4.11", "T4.14", "T6.2", "T6.3"), "verdict": ("T6.1", "T6.4"),
    "call": ("T5.8", "T7.6"),
}
VERDICT_WORDS: dict[str, Text] = {
    "paid": Text("được tính điểm", "paid"),
    "unpaid": Text("không được tính điểm, chỉ được cái", "not paid (only the cái)"),
    "cheo_do": Text("chèo đò", "chèo đò"),
}


# ------------------------------------------------------------------------ games

@dataclass(frozen=True, slots=True)
class Played:
    """A game played to its ù (or its end): the deal, the actions, and what a move item can
    ask at each decision — (event, seat, move, rule ids) of the moves with faults and of some
    without."""

    deal: dict[str, JSON]
    events: tuple[str, ...]  # every action applied (a claim's decline too, unlike the record)
    faulty: tuple[tuple[int, int, str, tuple[str, ...]], ...]
    clean: tuple[tuple[int, int, str], ...]
    winner: int | None  # the seat whose ù is the last event


def _rules(players: int, options: dict[str, Any] | None = None) -> TomRules:
    try:
        return TomRules(players=players).replace(**(options or {}))
    except (BadRules, TypeError) as e:
        raise LessonError(f"bad làng options: {e}", f"tùy chọn làng sai: {e}") from None


def _steer(game: TomGame, rng: random.Random, temper: float,
           moves: list[TomAction], faults: list[tuple[str, ...]]) -> TomAction | None:
    """A steered seat's offence now and then: any faulty move, an ù let pass (TN1 if it wins
    later), a win without its phỗng statement (TN7)."""
    if game.phase is Phase.CLAIM and any(a.act is Act.WIN for a in moves):
        unsaid = [a for a in moves if a.act is Act.WIN and a.phong is None
                  and game.hand[a.seat][game.live.card] >= 2] if game.live else []
        if unsaid and rng.random() < 0.3:
            return unsaid[0]
        if not game.hist[moves[0].seat].bo_u and rng.random() < 0.25:
            return next((a for a in moves if a.act is Act.DECLINE), None)
        return None
    if rng.random() < temper:
        bad = [a for a, f in zip(moves, faults, strict=True) if f]
        return rng.choice(bad) if bad else None
    return None


def _new_game(seed: int, players: int) -> tuple[TomGame, random.Random]:
    rules = TomRules(players=players)
    rng = random.Random(f"tom_loi-game:{seed}:{players}")
    deal = Deal.shuffled(seed, rules, cai_seat=rng.randrange(players))
    return TomGame(deal, rules, Mode.REAL, automations=()), rng


def _faults(game: TomGame) -> tuple[list[TomAction], list[tuple[str, ...]]]:
    """The actor's moves and the TN/TD each would record (the ù after a bỏ ù records TN1 at
    the ù itself, T5.7, which ``faults_of`` does not foresee)."""
    moves = [a for a in game.legal_actions() if isinstance(a, TomAction)]
    faults = []
    for a in moves:
        f = {v.rule for v in game.faults_of(a)}
        if a.act is Act.WIN and a.seat is not None and game.hist[a.seat].bo_u:
            f.add("TN1")
        faults.append(tuple(sorted(f, key=REGISTRY.key)))
    return moves, faults


def play(seed: int, players: int) -> list[str]:
    """Game ``seed`` at a table of ``players``, played by beginners with steered offences to
    its ù or its end: every action applied, a claim's decline included (unlike the record)."""
    game, rng = _new_game(seed, players)
    seats = [make_player("beginner", seed * 10 + s) for s in range(players)]
    temper = [rng.choice((0.0, 0.03, 0.1)) for _ in range(players)]
    done: list[str] = []
    while game.phase not in (Phase.OVER, Phase.CALL) and game.actor is not None:
        s = game.actor
        moves, faults = _faults(game)
        chosen = _steer(game, rng, temper[s], moves, faults) \
            or seats[s].choose(game.observation(s)).action
        game.apply(chosen)
        done.append(str(chosen))
    return done


@cache
def _stored() -> dict[tuple[int, int], tuple[str, ...]]:
    """The pool's games as tools/make_tom_loi_games.py played them (``play``), so a drill need
    not play them again; empty when the file is missing or damaged (they are played then)."""
    try:
        data = json.loads(GAMES_FILE.read_text(encoding="utf-8"))
        return {(int(g["seed"]), int(g["players"])): tuple(str(a) for a in g["actions"])
                for g in data["games"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


@cache
def played(seed: int, players: int) -> Played:
    """Game ``seed`` of the pool at a table of ``players`` (see ``play``), replayed to find
    what a move item can ask at each decision."""
    actions = _stored().get((seed, players)) or tuple(play(seed, players))
    game, _ = _new_game(seed, players)
    rng = random.Random(f"tom_loi-clean:{seed}:{players}")
    faulty: list[tuple[int, int, str, tuple[str, ...]]] = []
    clean: list[tuple[int, int, str]] = []
    winner = None
    for n, text in enumerate(actions):
        s = game.actor
        assert s is not None
        moves, faults = _faults(game)
        faulty += [(n, s, str(a), f) for a, f in zip(moves, faults, strict=True) if f]
        plain = [str(a) for a, f in zip(moves, faults, strict=True) if not f]
        if plain and len(moves) > 1:
            clean.append((n, s, rng.choice(plain)))
        game.apply(TomAction.parse(text))
        if game.phase is Phase.CALL:
            winner = s
    return Played(game.deal.to_json(), actions, tuple(faulty), tuple(clean), winner)


def rebuild(pos: JSON, events: int | None = None) -> TomGame:
    """The position's game, its actions replayed (real mode, no automations); LessonError
    saying what is wrong with a damaged position."""
    if not isinstance(pos, dict) or not isinstance(pos.get("events"), list):
        raise LessonError("a tom_loi position has 'deal' and 'events'",
                          "thế bài tom_loi cần 'deal' và 'events'")
    rules = rules_of(pos)
    try:
        deal = Deal.from_json(pos.get("deal"), rules)
        actions = [TomAction.parse(str(t)) for t in pos["events"][:events]]
        thong = int(pos["seat"]) if pos.get("thong") else None
        return TomGame.replay(deal, actions, rules, Mode.REAL, thong_seat=thong,
                              automations=())
    except (BadDeal, BadAction, BadCall, ValueError, KeyError) as e:
        raise LessonError(f"a damaged tom_loi position: {e}",
                          f"thế bài tom_loi bị hỏng: {e}") from None


def rules_of(pos: JSON) -> TomRules:
    """The làng of the position: its table size and the options it sets (T9)."""
    players = pos.get("players", 5) if isinstance(pos, dict) else 5
    options = pos.get("rules", {}) if isinstance(pos, dict) else {}
    if not isinstance(options, dict):
        raise LessonError("'rules' must be an object of làng options",
                          "'rules' phải là một đối tượng các tùy chọn làng")
    return _rules(players, options)


def _base(p: Played, players: int, seat: int, events: int, level: int) -> dict[str, JSON]:
    return {"players": players, "deal": p.deal, "events": list(p.events[:events]),
            "seat": seat, "level": level}


# ------------------------------------------------------------------------ what a seat knows

def memory(pos: JSON) -> dict[str, JSON]:
    """What the seat of the position has on the chiếu and remembers, as the engine keeps it:
    hand, mat, the live card, its declines (T4.14), the cards it took and what it discarded
    since (TD2), the ù it let pass (T5.7) — for the question's picture."""
    game = rebuild(pos)
    seat = int(pos["seat"])
    hist = game.hist[seat]
    obs = game.observation(seat)
    first_take = hist.taken[0][1] if hist.taken else None
    live = game.live
    return {
        "hand": [c.code for c in obs.hand],
        "mat": [{"cards": [c.code for c in m.cards], **({"trung": [c.code for c in m.trung]}
                                                        if m.trung else {}),
                 **({"face_down": True} if m.face_down else {})} for m in obs.mats[seat]],
        "live": None if live is None or game.phase is Phase.CALL else live.card.code,
        "w": None if game.phase is not Phase.CALL or game.outcome is None
        or game.outcome.card is None else game.outcome.card.code,
        "live_by": None if live is None else live.by,
        "declined": [c.code for c in obs.declined],
        "pairs_declined": [c.code for c in sorted(hist.declined_phong)],
        "taken": [c.code for c, _ in hist.taken],
        "discarded_since": [c.code for c, e in hist.discards
                            if first_take is not None and e > first_take],
        "let_pass": [c.code for c in (game.record[e].card for e in hist.bo_u) if c is not None],
    }


# ------------------------------------------------------------------------ move

def _name(rule: str) -> Text:
    n = REGISTRY.name(rule)
    return Text(f"{rule} ({n.vi})", f"{rule} ({n.en})")


def solve_move(pos: JSON) -> dict[str, JSON]:
    """The engine's judgement of the proposed move: the TN/TD it records, each with the
    rulebook's sentence, and what each costs at this làng."""
    game = rebuild(pos)
    try:
        said = str(TomAction.parse(str(pos["move"])))
    except (BadAction, KeyError) as err:
        raise LessonError(f"a damaged proposed move: {err}",
                          f"nước đi bị hỏng: {err}") from None
    a = next((m for m in game.legal_actions() if str(m) == said), None)
    if a is None:
        raise LessonError(f"the move '{pos['move']}' is impossible in this position",
                          f"nước '{pos['move']}' không thể đi ở thế bài này")
    found = {v.rule: v for v in game.faults_of(a)}
    n = len(game.record)
    game.apply(a)
    for v in game.hist[a.seat].faults:
        if v.event == n:
            found.setdefault(v.rule, v)
    rules = sorted(found, key=REGISTRY.key)
    out = []
    for r in rules:
        e = REGISTRY.explanation(r, W.card(found[r].card).vi)
        en = REGISTRY.explanation(r, W.card(found[r].card).en)
        out.append({"rule": r, "vi": e.vi, "en": en.en,
                    "cost": consequence_of(r, game.rules) or ""})
    return {"move": str(a), "allowed": not rules, "rules": rules, "explanations": out}


def _move_question(pos: JSON) -> Text:
    a = TomAction.parse(str(pos["move"]))
    m = describe(a)
    if a.act is Act.WIN:  # T5.6: the statement is owed only with two cards like W held
        game = rebuild(pos)
        live = game.live
        if live is not None:
            held = game.hand[a.seat][live.card]
            c = W.card(live.card)
            m = m + Text(f"— trên tay có {held} quân {c.vi}", f"— holding {held} {c.en}")
    return Text(f"Ghế {a.seat} định {m.vi}. Nước này có phạm lỗi không? Nếu có, là lỗi nào "
                f"(TN, TD)?",
                f"Seat {a.seat} is about to {m.en}. Is it an offence? If so, which one (TN, "
                f"TD)?")


def describe(a: TomAction) -> Text:
    """A move in words (the guided game's, and the acts it does not name)."""
    card = W.card(a.card) if a.card is not None else None
    if a.act is Act.WIN and a.phong is not None:
        return Text("ù, nói «phỗng»" if a.phong else "ù, nói «không phỗng»",
                    "ù, saying «phỗng»" if a.phong else "ù, saying «không phỗng»")
    if a.act is Act.WIN:
        return Text("ù (không nói gì về phỗng)", "ù (saying nothing of phỗng)")
    if a.act is Act.HA_TRUNG and card is not None:
        return Text(f"hạ trùng {card.vi}", f"lay {card.en} on its run (hạ trùng)")
    if a.act in (Act.UP_KHAN, Act.UP_THIEN_KHAI) and card is not None:
        return Text(f"úp {card.vi} xuống chiếu", f"lay the {card.en} face down")
    if a.act is Act.BAT_THUC and card is not None:
        return Text(f"xin bất thực {card.vi}", f"declare {card.en} bất thực")
    if a.act is Act.REVEAL and card is not None:
        return Text(f"trình thiên khai {card.vi}", f"show the thiên khai of {card.en}")
    if a.act is Act.DECLINE:
        return Text("bỏ qua (không làm gì)", "let it pass (do nothing)")
    return move_words(a)


def _costs(rules: list[str], tom_rules: TomRules) -> Text:
    """What the offences cost if the seat wins later, at this làng (T6.1, T6.4; TD9 and TD10
    follow ``yeu_offence``), in the rulebook's words."""
    by_cost: dict[str, list[str]] = {}
    for r in rules:
        by_cost.setdefault(consequence_of(r, tom_rules) or "", []).append(r)
    parts = []
    for cost, ids in by_cost.items():
        if cost:
            short = REGISTRY.consequence(cost).short
            parts.append(Text(f"{', '.join(ids)}: {short.vi}.", f"{', '.join(ids)}: {short.en}."))
    return join(parts)


def _why_move(pos: JSON, ans: JSON) -> Text:
    a = TomAction.parse(ans["move"])
    m = describe(a)
    if not ans["rules"]:
        return Text(f"{m.vi[:1].upper()}{m.vi[1:]}: không phạm lỗi nào.",
                    f"{m.en[:1].upper()}{m.en[1:]}: no offence.")
    said = [_name(e["rule"]) + Text(f"— {e['vi']}", f"— {e['en']}") for e in ans["explanations"]]
    return join([Text(f"{m.vi[:1].upper()}{m.vi[1:]}:", f"{m.en[:1].upper()}{m.en[1:]}:"),
                 *said, _costs(ans["rules"], rules_of(pos))])


def _move_position(rng: random.Random, level: int, players: int,
                   focus: tuple[str, ...] | None) -> dict[str, JSON]:
    """A decision of a pooled game and a proposed move with (usually) an offence of the level
    — one of ``focus`` when asked."""
    clean = not focus and rng.random() < CLEAN
    target = rng.choice(list(focus or LEVEL_RULES[level]))
    fallback = [r for lv in LEVELS if lv <= level for r in LEVEL_RULES[lv]]
    for attempt in range(TRIES):
        p = played(rng.randrange(POOL[players]), players)
        if clean and p.clean:
            n, seat, move = rng.choice(p.clean)
            return {**_base(p, players, seat, n, level), "move": move}
        targets = [target] if attempt < TRIES // 2 else fallback
        found = [(n, s, m) for n, s, m, f in p.faulty
                 if any(r in f for r in targets) and (level == 3 or len(f) == 1)]
        if found:
            n, seat, move = rng.choice(found)
            return {**_base(p, players, seat, n, level), "move": move}
    raise LessonError(f"no position for a tom_loi move in {TRIES} games",
                      f"không tìm được thế bài sau {TRIES} ván")


# ------------------------------------------------------------------------ verdict

def _settle(pos: JSON, call: list[str] | None) -> tuple[TomGame, Any, int]:
    """The won game of the position, called (the right call when ``call`` is None)."""
    game = rebuild(pos)
    seat = int(pos["seat"])
    if game.phase is not Phase.CALL or game.actor != seat:
        raise LessonError("the position does not end with the seat's ù",
                          "thế bài không kết thúc bằng ù của ghế này")
    try:
        tokens = game.true_tokens() if call is None else \
            tuple(CallToken.parse(t) for t in call)
    except BadCall as e:
        raise LessonError(f"a damaged call: {e}", f"lời xướng bị hỏng: {e}") from None
    event = len(game.record)
    game.apply(TomAction(seat, Act.CALL, tokens=tokens))
    settled = game.settlement
    assert settled is not None
    return game, settled, event


def solve_verdict(pos: JSON) -> dict[str, JSON]:
    """T6.1: the settlement of the seat's ù, called rightly: the verdict, the ids that decided
    it, every offence the seat committed in the game (in order), the score when paid."""
    game, settled, _ = _settle(pos, None)
    seat = int(pos["seat"])
    moves = [str(a) if a.seat == seat else None for a in game.record]
    return {"verdict": settled.verdict.value, "decided": list(settled.rules),
            "offences": [[v.rule, v.card.code, moves[v.event]] for v in settled.offences],
            "call": say(settled.call), "score": settled.score}


def _offence_lines(pos: JSON, offences: list[Any], named: bool) -> Text:
    """The seat's offences, as the question gives them: by id and name (level 1), or by what
    happened (the move that committed it)."""
    parts = []
    for rule, card, move in offences:
        if named:
            parts.append(_name(rule) + Text(f"({W.card(card).vi})", f"({W.card(card).en})"))
        elif rule == "TN1":  # recorded at the ù, caused by the window let pass (T5.7)
            c = W.card(card)
            parts.append(Text(f"bỏ ù {c.vi} rồi ù sau", f"let a win on {c.en} pass, won later"))
        elif rule == "TN2" and move and TomAction.parse(move).act is Act.WIN:
            c = W.card(card)
            parts.append(Text(f"khàn {c.vi} không úp xuống chiếu", f"the khàn of {c.en} never "
                                                                    f"laid face down"))
        elif move:
            parts.append(describe(TomAction.parse(move)))
        else:  # a claim let pass is no move of the seat's in the record
            c = W.card(card)
            parts.append(Text(f"bỏ qua {c.vi}", f"let {c.en} pass"))
    parts = list(dict.fromkeys(parts))  # one move may commit two offences (TD9 and TD3)
    return Text("; ".join(t.vi for t in parts), "; ".join(t.en for t in parts))


def _verdict_question(pos: JSON, ans: JSON) -> Text:
    seat, level = int(pos["seat"]), int(pos.get("level", 1))
    offences = [o for o in ans["offences"] if o[0] not in ("TD8", "TN4", "TN5", "TN6", "TN8")]
    head = Text(f"Ghế {seat} ù và xướng đúng «{ans['call']}».",
                f"Seat {seat} declares ù and calls rightly «{ans['call']}».")
    if not offences:
        body = Text("Trong ván, ghế này không phạm lỗi nào được ghi lại.",
                    "In this game the engine recorded no offence of this seat.")
    elif level == 1:
        body = Text(f"Trước đó ghế này phạm: {_offence_lines(pos, offences, True).vi}.",
                    f"Earlier it committed: {_offence_lines(pos, offences, True).en}.")
    else:
        body = Text(f"Các nước bị ghi lỗi của ghế này: {_offence_lines(pos, offences, False).vi}.",
                    f"Its moves the engine recorded as offences: "
                    f"{_offence_lines(pos, offences, False).en}.")
    yeu = Text("", "")
    if rules_of(pos).yeu_offence == "unpaid":
        yeu = Text("Làng này: đánh yêu, bỏ yêu chỉ là không được tính điểm (yeu_offence).",
                   "This làng judges a yêu discarded or let pass as unpaid only (yeu_offence).")
    return head + body + yeu + Text("Ù này được tính điểm, không được tính điểm (chỉ được cái) "
                                    "hay bị chèo đò?",
                                    "Is this ù paid, unpaid (only the cái) or chèo đò?")


def _why_verdict(pos: JSON, ans: JSON) -> Text:
    rules = rules_of(pos)
    ids = [o[0] for o in ans["offences"]]
    head = Text(f"Ù này: {VERDICT_WORDS[ans['verdict']].vi}", f"This ù: "
                f"{VERDICT_WORDS[ans['verdict']].en}")
    if ans["verdict"] == "paid":
        return head + Text(f"— không có lỗi nào, được {ans['score']} điểm (T6.1, T7.4).",
                           f"— no offence, worth {ans['score']} điểm (T6.1, T7.4).")
    decided = ", ".join(ans["decided"])
    parts = [head + Text(f"— vì {decided} (T6.1: có lỗi TD thì chèo đò, chỉ có lỗi TN thì "
                         f"không được tính điểm).",
                         f"— because of {decided} (T6.1: any TD cause gives chèo đò; TN causes "
                         f"alone give unpaid).")]
    for rule, card, _ in ans["offences"]:
        e = REGISTRY.explanation(rule, W.card(card).vi)
        en = REGISTRY.explanation(rule, W.card(card).en)
        parts.append(_name(rule) + Text(f"— {e.vi}", f"— {en.en}"))
    parts.append(_costs(sorted(set(ids), key=REGISTRY.key), rules))
    return join(parts)


def _verdict_position(rng: random.Random, level: int, players: int) -> dict[str, JSON]:
    """A pooled game won by a seat, with the verdict the item aims at (any, after half the
    tries)."""
    aim = rng.choice(VERDICTS)
    options: dict[str, Any] = {}
    if level == 3 and rng.random() < 0.5:
        options["yeu_offence"] = "unpaid"
    for attempt in range(TRIES):
        p = played(rng.randrange(POOL[players]), players)
        if p.winner is None:
            continue
        pos = _base(p, players, p.winner, len(p.events), level)
        if options:
            pos["rules"] = dict(options)
        if attempt < TRIES // 2 and solve_verdict(pos)["verdict"] != aim:
            continue
        return pos
    raise LessonError(f"no won game for a verdict in {TRIES} games",
                      f"không tìm được ván ù sau {TRIES} ván")


# ------------------------------------------------------------------------ call

def solve_call(pos: JSON) -> dict[str, JSON]:
    """T7.6 on the proposed call: the verdict, what it scores, what the right call scores, and
    the faults the engine found (over, misplaced, under, procedure)."""
    call = pos.get("call")
    if not isinstance(call, list):
        raise LessonError("a call item has 'call': its tokens", "câu hỏi xướng cần 'call'")
    game, settled, event = _settle(pos, [str(t) for t in call])
    found = settled.judgement
    faults = sorted({v.rule for v in settled.offences if v.event == event},
                    key=REGISTRY.key)
    return {"verdict": settled.verdict.value, "score": settled.score,
            "true_score": settled.true_score, "faults": faults,
            "said": say(settled.call), "right": say(game.true_tokens()),
            "over": [] if found is None else [str(settled.call[i]) for i, _ in found.over],
            "misplaced": [] if found is None else [str(settled.call[i])
                                                   for i in found.misplaced],
            "under": [] if found is None else [[c, n] for c, n in found.under.items()]}


def _proposed(rng: random.Random, right: tuple[CallToken, ...], fault: str, thong: bool
              ) -> list[CallToken] | None:
    """The right call changed by one fault of T7.6 (None when the hand does not allow it)."""
    khan = [t for t in right if t.cuoc is None]
    cuoc = [t for t in right if t.cuoc is not None and t.cuoc != "suong"]
    if fault in ("true", "thong_ok"):
        return list(right)
    if fault == "over":
        have = {t.cuoc for t in cuoc}
        extra = rng.choice([c for c in ("bach_dinh", "thap_hong", "kinh_tu_co", "chi_nay")
                            if c not in have])
        return [*khan, CallToken(extra), *cuoc]
    if fault == "thong":
        return None if thong else [*khan, CallToken("thong"), *cuoc]
    if fault == "khe_khan":
        return [t for t in right if t is not khan[0]] if khan else None
    if fault == "late_khan":
        return [*khan[1:], *(cuoc or [CallToken("suong")]), khan[0]] if khan else None
    if fault == "under":
        return [*khan, *cuoc[1:]] if cuoc else None
    if fault == "suong":
        return [*khan, CallToken("suong"), *cuoc] if cuoc else None
    if fault == "misplaced":
        kinds = [t for t in cuoc if t.cuoc != "thong"]
        if len({t.cuoc for t in cuoc}) < 2:
            return None
        return [*khan, *reversed(cuoc)] if kinds else None
    return None


def _call_position(rng: random.Random, level: int, players: int) -> dict[str, JSON]:
    """A pooled game won by a seat with no offence, and a call with one fault of the level."""
    faults = [f for lv in LEVELS if lv <= level for f in CALL_FAULTS[lv]]
    fault = rng.choice(CALL_FAULTS[level] if rng.random() < 0.6 else faults)
    for attempt in range(TRIES):
        p = played(rng.randrange(POOL[players]), players)
        if p.winner is None:
            continue
        pos = _base(p, players, p.winner, len(p.events), level)
        game = rebuild(pos)
        if game.hist[p.winner].faults or game.phase is not Phase.CALL:
            continue
        thong = fault == "thong_ok" or (level >= 2 and rng.random() < 0.2)
        if thong:
            pos["thong"] = True
            game = rebuild(pos)
        call = _proposed(rng, game.true_tokens(), fault if attempt < TRIES // 2 else "true",
                         thong)
        if call is None:
            continue
        if level == 3:
            pos["rules"] = {"call_order": rng.choice(("unpaid", "ignore", "wrong"))}
        pos["call"] = [str(t) for t in call]
        return pos
    raise LessonError(f"no won game for a call in {TRIES} games",
                      f"không tìm được ván ù sau {TRIES} ván")


def _call_question(pos: JSON) -> Text:
    seat = int(pos["seat"])
    said = say(tuple(CallToken.parse(t) for t in pos["call"]))
    tokens = f" ({' '.join(pos['call'])})" if pos["call"] else ""
    thong = Text(" Ván trước ghế này cũng ù (không chèo đò).",
                 " This seat also won the previous game (not chèo đò).") \
        if pos.get("thong") else Text("", "")
    order = rules_of(pos).call_order
    rule = Text("", "") if "rules" not in pos else Text(
        f" Làng này: xướng sai thứ tự thì {ORDER_WORDS[order].vi} (call_order).",
        f" This làng: a cước out of order {ORDER_WORDS[order].en} (call_order).")
    return Text(f"Ghế {seat} ù, không phạm lỗi nào trước đó, và xướng «{said}»{tokens}."
                f"{thong.vi}{rule.vi} Ù này được tính điểm (bao nhiêu điểm?), không được tính "
                f"điểm hay chèo đò?",
                f"Seat {seat} wins, with no earlier offence, and calls «{said}»{tokens}."
                f"{thong.en}{rule.en} Is this ù paid (how many điểm?), unpaid, or chèo đò?")


ORDER_WORDS: dict[str, Text] = {
    "unpaid": Text("cước ấy không được tính", "is not paid"),
    "ignore": Text("vẫn được tính", "is still paid"),
    "wrong": Text("là xướng gian (TD8)", "is an over-call (TD8)"),
}


def _why_call(pos: JSON, ans: JSON) -> Text:
    parts = [Text(f"Xướng đúng là «{ans['right']}», {ans['true_score']} điểm (T7.4, T7.5).",
                  f"The right call is «{ans['right']}», {ans['true_score']} điểm (T7.4, "
                  f"T7.5).")]
    for t in ans["over"]:
        parts.append(Text(f"«{t}»: bài không có — xướng gian (TD8).",
                          f"«{t}»: the hand does not have it — an over-call (TD8)."))
    for t in ans["misplaced"]:
        parts.append(Text(f"«{t}» nói sai thứ tự (T7.6).", f"«{t}» is out of order (T7.6)."))
    if ans["under"]:
        left = W.cuoc_list([(c, n) for c, n in ans["under"]])
        parts.append(Text(f"Xướng thiếu {left.vi}: chỉ tính điểm đã xướng (T7.6).",
                          f"Under-called {left.en}: only what is said is paid (T7.6)."))
    for r in ans["faults"]:
        if r != "TD8":
            parts.append(_name(r) + Text(f"— {REGISTRY[r].explanation.vi.format(card='')}",
                                         f"— {REGISTRY[r].explanation.en.format(card='')}"))
    verdict = VERDICT_WORDS[ans["verdict"]]
    if ans["verdict"] == "paid":
        parts.append(Text(f"Ù được tính {ans['score']} điểm.",
                          f"The ù is paid {ans['score']} điểm."))
    else:
        parts.append(Text(f"Ù này {verdict.vi} (T6.1).", f"This ù is {verdict.en} (T6.1)."))
    return join(parts)


# ------------------------------------------------------------------------ the family

def solve(kind: str, pos: JSON) -> JSON:
    """The engine's answer for each kind."""
    if kind == "move":
        return solve_move(pos)
    if kind == "verdict":
        return solve_verdict(pos)
    if kind == "call":
        return solve_call(pos)
    raise LessonError(f"tom_loi has no kind '{kind}'", f"tom_loi không có dạng '{kind}'")


def question(kind: str, pos: JSON, ans: JSON) -> Text:
    """The question of an item."""
    if kind == "move":
        return _move_question(pos)
    if kind == "verdict":
        return _verdict_question(pos, ans)
    return _call_question(pos)


def rules_of_item(kind: str, ans: JSON) -> tuple[str, ...]:
    """The rule ids an item exercises: the kind's, and the offences in its answer."""
    named: list[str] = ans.get("rules", []) if kind == "move" else \
        [o[0] for o in ans.get("offences", [])] if kind == "verdict" else ans.get("faults", [])
    return tuple(dict.fromkeys([*RULES[kind], *named]))


def make(kind: str, pos: dict[str, JSON]) -> Item:
    """An item of ``kind`` on a position."""
    ans = solve(kind, pos)
    return Item(FAMILY, kind, question(kind, pos, ans), pos, ans, rules_of_item(kind, ans))


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """Moves, won games and calls of pooled games, at the requested or a random level."""
    out = []
    for kind, level in picks(rng, count, FAMILY, KINDS, LEVELS, options):
        players = options.players or (4 if level == 3 and rng.random() < 0.3 else 5)
        if kind == "move":
            pos = _move_position(rng, level, players, options.focus)
        elif kind == "verdict":
            pos = _verdict_position(rng, level, players)
        else:
            pos = _call_position(rng, level, players)
        out.append(make(kind, pos))
    return out


def _verdict_said(response: JSON) -> str:
    said = R.field(response, "verdict")
    if said not in VERDICTS:
        raise R.bad("'paid', 'unpaid' or 'cheo_do'", "'paid', 'unpaid' hoặc 'cheo_do'", said)
    return str(said)


def grade(item: Item, response: JSON) -> Grade:
    """``move``: ``{"rules": [ids]}`` (empty: allowed); ``verdict``: ``{"verdict": v}``;
    ``call``: ``{"verdict": v, "score": n}`` (the score is needed for a paid ù)."""
    pos, kind = item.position, item.kind
    ans = solve(kind, pos)
    if kind == "move":
        said = {r.upper() for r in R.strings(R.field(response, "rules"))}
        return Grade.of(said == set(ans["rules"]), _why_move(pos, ans), item.rules)
    verdict = _verdict_said(response)
    if kind == "verdict":
        return Grade.of(verdict == ans["verdict"], _why_verdict(pos, ans), item.rules)
    ok = verdict == ans["verdict"]
    if ok and verdict == "paid":
        score = response.get("score") if isinstance(response, dict) else None
        ok = R.whole(score, "a number of điểm", "số điểm") == ans["score"] \
            if score is not None else False
    return Grade.of(ok, _why_call(pos, ans), item.rules)


TOM_LOI = Family(FAMILY, KINDS, generate, solve, grade, game="to_tom", players=(4, 5),
                 levels=LEVELS)
