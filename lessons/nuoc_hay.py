"""Nước hay — "find the best move": decisions of real games where one move is clearly best.

A position comes from a self-play game (engine.chan.ai ``normal`` at every seat, lessons/play.py) or
from one of the learner's saved games (``from_store``): a decision of one seat with two to
``MAX_OPTIONS`` moves that commit no lỗi (engine.chan.violations, ``Game.faults_of``, and no other
judgement of ``Game.explain``: bỏ ù, a chíu let pass — the moves teaching mode warns about);
positions where the seat may ù are left out, the ù being always right. The learner sees what
that seat saw (its observation: own hand, mats, cửa piles, the live card); the options are those
moves.

Every option is valued by the strongest evaluation the engine has, in one place
(``evaluate``): the strong player's search (engine.chan.ai.strong) — hidden worlds sampled from the
seat's observation, each option played in the same worlds and the game rolled out to its end
by the normal policy at every seat; an option's value is its share of games won (plus 0.002 per
điểm won or lost, which only separates equal win rates). A position is a puzzle when, after a
screening with ``SCREEN_WORLDS`` worlds and a second, independent evaluation with ``WORLDS``
worlds, the best option wins at least ``MARGIN`` (10 percentage points of win chance) more
often than the second best, and by ``Z`` standard errors of their paired difference.

The evaluation seed is taken from the position itself, so ``solve`` recomputes exactly the
stored answer; bench/puzzles.py re-evaluates with other seeds to measure how often an
independent evaluation agrees on the best move. The difficulty is how often the ``beginner``
player picks another move (``BEGINNER_TRIES`` seeds). The same position from two games is the
same item (its id is the digest of the position).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator
from typing import Any

from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan import Observation
from engine.chan.ai import BeginnerPlayer, NormalPlayer
from engine.chan.ai import explain_move as explain
from engine.game import Phase
from lessons import phrases as P
from lessons import play
from lessons.family import Family, Options, pick_kind
from lessons.item import JSON, BadResponse, Grade, Item, LessonError, Text, item_id
from lessons.position import game_position, rebuild, replay

FAMILY = "nuoc_hay"
KINDS = ("best_move",)
MAX_OPTIONS = 4  # the options are answered with the keys 1..4
SCREEN_WORLDS = 8
WORLDS = 32
MARGIN = 0.10  # win chance the best move must gain over the second best
Z = 3.0  # ... and this many standard errors of the paired difference
BEGINNER_TRIES = 20
PER_GAME = 4  # decisions of one game screened at most
GAMES_PER_ITEM = 40  # games tried per item asked for, before giving up
DIGITS = 4

Answer = dict[str, Any]


# ------------------------------------------------------------------------ the evaluation

def evaluate(obs: Observation, actions: list[Action], seed: int, worlds: int
             ) -> tuple[list[float], list[float]]:
    """The value of each action at ``obs`` and the standard error of its difference with the
    first action (paired over the same sampled worlds): the strong player's search with a
    fixed number of worlds. The one call of the lessons into engine.chan.ai.strong."""
    from engine.chan.ai import StrongPlayer

    result = StrongPlayer(seed=seed, budget_ms=None, worlds=worlds).search(obs, actions)
    return list(result.means), list(result.errors)


def eval_seed(pos: JSON, salt: int = 0) -> int:
    """The evaluation seed of a position (salt 0: the stored answer; others: re-evaluations)."""
    text = f"{item_id(FAMILY, KINDS[0], pos)}:{salt}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)


# ------------------------------------------------------------------------ positions

def options_of(game: Game, seat: int) -> list[Action] | None:
    """The clean moves of ``seat``'s decision when it can be a puzzle, else None."""
    if game.is_over or game.actor != seat or game.phase not in (Phase.PLAY, Phase.CLAIM):
        return None
    legal = game.legal_actions()
    if any(a.act in (Act.WIN, Act.CALL) for a in legal):
        return None
    # explain names every lỗi (faults_of) and every claim the move would let pass
    clean = [a for a in dict.fromkeys(legal) if a.seat == seat and not game.explain(a)]
    return clean if 2 <= len(clean) <= MAX_OPTIONS else None


def _ranked(obs: Observation, options: list[Action], seed: int
            ) -> tuple[list[Action], list[float], list[float]] | None:
    """Screen, then evaluate again independently with the options best first; None when the
    best does not stand out by the margin."""
    means, _ = evaluate(obs, options, seed, SCREEN_WORLDS)
    order = sorted(range(len(options)), key=lambda i: -means[i])
    if means[order[0]] - means[order[1]] < MARGIN / 2:
        return None
    ranked = [options[i] for i in order]
    means, errors = evaluate(obs, ranked, seed + 1, WORLDS)
    second = max(range(1, len(ranked)), key=lambda i: means[i])
    gap = means[0] - means[second]
    if gap < MARGIN or gap < Z * errors[second]:
        return None
    return ranked, means, errors


def _difficulty(obs: Observation, best: Action) -> float:
    """How often the beginner player picks another move than ``best``."""
    wrong = sum(BeginnerPlayer(seed=k).choose(obs).action != best
                for k in range(BEGINNER_TRIES))
    return wrong / BEGINNER_TRIES


def _live(game: Game) -> Any:
    live = game.live if game.phase in (Phase.CLAIM, Phase.PLAY) else None
    return None if live is None else live.card


_SOLVED: dict[str, Answer | None] = {}  # solve is a function of the position: kept per process
_SOLVED_MAX = 4096


def solve(kind: str, pos: JSON) -> Answer | None:
    """The evaluation of every option at the position (None when it is no puzzle)."""
    if kind not in KINDS:
        raise LessonError(f"nuoc_hay has no kind {kind!r}", f"nuoc_hay không có dạng {kind!r}")
    key = item_id(FAMILY, kind, pos)
    if key not in _SOLVED:
        if len(_SOLVED) >= _SOLVED_MAX:
            _SOLVED.clear()
        _SOLVED[key] = _solve_now(pos)
    found = _SOLVED[key]
    return None if found is None else json.loads(json.dumps(found))  # a copy


def _solve_now(pos: JSON) -> Answer | None:
    game = rebuild(pos)
    seat = int(pos["seat"])
    options = options_of(game, seat)
    if options is None:
        return None
    obs = game.observation(seat)
    found = _ranked(obs, options, eval_seed(pos))
    if found is None:
        return None
    ranked, means, errors = found
    s, scored = NormalPlayer().scored(obs)
    by_action = {x.action: x for x in scored}
    live = _live(game)
    value = dict(zip(ranked, means, strict=True))
    error = dict(zip(ranked, errors, strict=True))
    second = max(ranked[1:], key=lambda a: value[a])
    out = []
    for a in options:  # in the engine's order: the list does not give the answer away
        why = explain(s, by_action[a], scored)
        out.append({"move": str(a), "text": P.move(a, live).to_json(),
                    "value": round(value[a], DIGITS), "error": round(error[a], DIGITS),
                    "reason": {"vi": why.vi, "en": why.en}})
    return {"best": str(ranked[0]), "second": str(second),
            "margin": round(value[ranked[0]] - value[second], DIGITS), "worlds": WORLDS,
            "difficulty": _difficulty(obs, ranked[0]), "options": out}


def reevaluate(item: Item, salt: int = 1, worlds: int = WORLDS) -> tuple[str, dict[str, float]]:
    """An independent evaluation of the item's options (another seed): the best move by it and
    every option's value."""
    game = rebuild(item.position)
    seat = int(item.position["seat"])
    options = [Action.parse(o["move"]) for o in item.answer["options"]]
    means, _ = evaluate(game.observation(seat), options, eval_seed(item.position, salt), worlds)
    values = {str(a): m for a, m in zip(options, means, strict=True)}
    return max(values, key=lambda m: values[m]), values


QUESTION = Text("Ghế {seat} đến lượt. Trong các nước không phạm lỗi, nước nào hay nhất? (Bạn chỉ "
                "thấy những gì ghế {seat} thấy.)",
                "Seat {seat} is to move. Of the moves that break no rule, which is best? (You "
                "see only what seat {seat} saw.)")


def make(pos: JSON, answer: Answer, source: dict[str, JSON] | None = None) -> Item:
    """The item of a position and its evaluation."""
    seat = pos["seat"]
    q = Text(QUESTION.vi.format(seat=seat), QUESTION.en.format(seat=seat))
    return Item(FAMILY, KINDS[0], q, pos, answer, (), source or {})


def puzzles_of(game: Game, seats: Iterable[int], rng: random.Random, limit: int = PER_GAME,
               seen: set[str] | None = None, source: dict[str, JSON] | None = None
               ) -> Iterator[Item]:
    """Puzzles from the decisions of ``seats`` in a finished (or stopped) game: up to
    ``limit`` candidate decisions, drawn by ``rng``, are evaluated."""
    wanted = set(seats)
    state = replay(game.deal, (), game.rules, game.thong_seat)
    candidates: list[tuple[int, int]] = []
    for n, action in enumerate(game.record):
        seat = state.actor
        if seat is not None and seat in wanted and options_of(state, seat) is not None:
            candidates.append((n, seat))
        state.apply(action)
    rng.shuffle(candidates)
    for n, seat in candidates[:limit]:
        pos = game_position(game, seat, n)
        iid = item_id(FAMILY, KINDS[0], pos)
        if seen is not None:
            if iid in seen:
                continue
            seen.add(iid)
        answer = solve(KINDS[0], pos)
        if answer is not None:
            yield make(pos, answer, dict(source or {}, event=n, seat=seat) if source else None)


def generate(rng: random.Random, count: int, options: Options) -> list[Item]:
    """``count`` puzzles from seeded self-play games."""
    pick_kind(rng, FAMILY, KINDS, options)
    players = options.players or 4
    out: list[Item] = []
    seen: set[str] = set()
    for _ in range(GAMES_PER_ITEM * count):
        game = play.played(rng.randrange(2**31), players)
        for item in puzzles_of(game, range(players), rng, seen=seen):
            out.append(item)
            if len(out) == count:
                return out
    raise LessonError(f"no {count} nuoc_hay puzzles found in {GAMES_PER_ITEM * count} games",
                      f"không tìm được {count} câu nuoc_hay trong {GAMES_PER_ITEM * count} ván")


def from_store(store: Any, count: int, seed: int, game_ids: Iterable[int] | None = None
               ) -> list[Item]:
    """Up to ``count`` puzzles from the learner's saved games (a replays.store.Store): the
    decisions of the seats a person played (newest games first)."""
    from lessons.mistakes import learner_seats

    rng = random.Random(f"{FAMILY}:store:{seed}")
    ids = list(store.game_ids()) if game_ids is None else list(game_ids)
    out: list[Item] = []
    seen: set[str] = set()
    for gid in reversed(ids):
        seats = learner_seats(store, store.locate(gid)[0])
        if not seats:
            continue
        for item in puzzles_of(store.resume(gid), seats, rng, seen=seen,
                               source={"game_id": gid}):
            out.append(item)
            if len(out) == count:
                return out
    return out


LEARNER_GAMES = 2  # the learner's newest saved games looked at when a round is prepared


def refresh(progress: Any, store: Any, seed: int, games: int = LEARNER_GAMES) -> int:
    """Add the puzzles of the learner's ``games`` newest saved games (a replays.store.Store)
    not yet taken from, to the schedule (a lessons.progress.Progress, deck ``lessons``): how
    many were new. Runs where the lesson's round is prepared (the Học screen's Worker)."""
    taken = progress.source_games(FAMILY)
    ids = [g for g in list(store.game_ids())[-games:] if g not in taken] if games > 0 else []
    return int(progress.add(from_store(store, games * PER_GAME, seed, ids)))


# ------------------------------------------------------------------------ grading

def _pct(v: float) -> str:
    return f"{round(100 * v)}%"


def chosen_move(item: Item, response: JSON) -> str:
    """The move a response names: ``"2 eat 9n"``, ``{"move": ...}``, an option number from 1,
    or ``{"option": n}``."""
    options = [str(o["move"]) for o in item.answer["options"]]
    if isinstance(response, dict):
        response = response.get("move", response.get("option"))
    if isinstance(response, int) and not isinstance(response, bool) \
            and 1 <= response <= len(options):
        return options[response - 1]
    if isinstance(response, str) and response in options:
        return response
    raise BadResponse(f"a nuoc_hay answer is one of the moves {options} or their number 1.."
                      f"{len(options)}, not {response!r}",
                      f"câu trả lời nuoc_hay là một trong các nước {options} hoặc số thứ tự "
                      f"1..{len(options)} của nó, không phải {response!r}")


def grade(item: Item, response: JSON) -> Grade:
    """Right when the move chosen is the best; the explanation gives every option's value."""
    move = chosen_move(item, response)
    ans = item.answer
    opts = {o["move"]: o for o in ans["options"]}
    best = opts[ans["best"]]
    second = opts[ans["second"]]
    parts = [Text(f"Nước hay nhất: {best['text']['vi']} — thắng khoảng {_pct(best['value'])} "
                  f"số ván (mô phỏng {ans['worlds']} thế bài), hơn nước thứ hai "
                  f"({second['text']['vi']}, {_pct(second['value'])}) "
                  f"{round(100 * ans['margin'])} điểm phần trăm. Lý do: "
                  f"{best['reason']['vi']}.",
                  f"Best move: {best['text']['en']} — wins about {_pct(best['value'])} of "
                  f"games ({ans['worlds']} sampled deals), {round(100 * ans['margin'])} "
                  f"percentage points more than the second best ({second['text']['en']}, "
                  f"{_pct(second['value'])}). Why: {best['reason']['en']}.")]
    if move != ans["best"]:
        mine = opts[move]
        parts.append(Text(f"Nước bạn chọn, {mine['text']['vi']}: khoảng "
                          f"{_pct(mine['value'])} ({mine['reason']['vi']}).",
                          f"Your move, {mine['text']['en']}: about {_pct(mine['value'])} "
                          f"({mine['reason']['en']})."))
    return Grade.of(move == ans["best"], parts[0] if len(parts) == 1 else parts[0] + parts[1])


def _solve(kind: str, pos: JSON) -> JSON:
    return solve(kind, pos)


NUOC_HAY = Family(FAMILY, KINDS, generate, _solve, grade)
