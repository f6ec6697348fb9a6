"""The regression corpus: what Chắn's behaviour was, byte for byte, before the ruleset seam
(issue 21) — and what it must stay.

Every item is a function of a seed: sessions (self-play at every level, random real-mode play
full of lỗi, missed claims, ù láo and wrong calls, teaching and strict games, records with a
damaged event), their ``analyze --json`` documents (and the plain text of some), a database
of them analysed whole and game by game, HTML reports, the normal and beginner players'
decisions with their reasons and values, and ``drill --json`` of every family (nước hay
included: its answers are the strong player's evaluation). ``build_corpus.py`` writes the
expected outputs into ``data/``; ``test_regression_corpus.py`` makes them again with the
current code and compares them byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.actions import Act, Action
from engine.chan.cuoc_ids import CUOC_IDS
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.chan.session import ChanSession as Session
from engine.game import Mode, Phase
from replays.chanjson import dumps, to_json
from replays.record import GameRecord, Player, SessionRecord

DATA = Path(__file__).resolve().parent / "data"

# Làng options the random sessions cycle through (RULES R11).
RULES: tuple[LangRules, ...] = (
    DEFAULT_RULES,
    LangRules(ga="rong", diem_per_ga=5),
    LangRules(ga="hep", diem_per_ga=3, ga_bach_thu_chi=False),
    LangRules(strict_order=True),
    LangRules(allow_xuong=False),
    LangRules(noc_stop=0, draw_picker="same_picker"),
    LangRules(unused_piles="noc", stake=2.5),
    LangRules(ga="rong", strict_order=True, allow_xuong=False, stake=0.5),
)


# ------------------------------------------------------------------ a lawless random player

@dataclass(frozen=True)
class Chaos:
    """A seeded player of real mode that breaks rules on purpose: any physically possible
    move (lỗi included), claims let pass, ù láo, calls with cước dropped, added, miscounted
    and out of order."""

    win: float = 0.6  # take an ù when offered
    chiu: float = 0.5
    lao: float = 0.01  # declare ù láo when the window allows it
    true_call: float = 0.4  # call exactly the true cước
    guide: float = 0.0  # otherwise play the normal player's move (games that reach a win)

    def choose(self, rng: random.Random, game: Game) -> Action:
        """One action (of the actor, or an ù láo by any seat)."""
        actor = game.actor
        assert actor is not None
        if game.phase is Phase.CALL:
            return Action(actor, Act.CALL, None, self.call(rng, game.true_call()))
        if game.mode is Mode.REAL and rng.random() < self.lao:
            seat = rng.randrange(game.players)
            lao = Action(seat, Act.WIN)
            if game.can(lao):
                return lao
        moves = game.legal_actions()
        claim = next((a for a in moves if a.act in (Act.WIN, Act.CHIU)), None)
        if claim is None and len(moves) > 1 and rng.random() < self.guide:
            from engine.chan.ai.players import NormalPlayer
            return NormalPlayer().choose(game.observation(actor)).action
        if claim is not None and game.phase is Phase.CLAIM:
            p = self.win if claim.act is Act.WIN else self.chiu
            return claim if rng.random() < p else next(a for a in moves if a is not claim)
        wins = [a for a in moves if a.act is Act.WIN]
        if wins and rng.random() < self.win:
            return wins[0]
        return rng.choice(moves)

    def call(self, rng: random.Random, true: tuple[tuple[str, int], ...]
             ) -> tuple[tuple[str, int], ...]:
        """The true call, or a wrong one (R8.2–R8.5)."""
        if rng.random() < self.true_call:
            return true
        items = list(true)
        for _ in range(rng.randrange(1, 4)):
            what = rng.randrange(5)
            if what == 0 and items:
                items.pop(rng.randrange(len(items)))
            elif what == 1:
                items.append((rng.choice(CUOC_IDS), rng.randrange(1, 3)))
            elif what == 2 and items:
                i = rng.randrange(len(items))
                items[i] = (items[i][0], items[i][1] + 1)
            elif what == 3:
                rng.shuffle(items)
            elif items:
                i = rng.randrange(len(items))
                swap = {"bach_thu": "bach_thu_chi", "bach_thu_chi": "bach_thu",
                        "xuong": "thong", "chi": "thien_u"}
                items[i] = (swap.get(items[i][0], items[i][0]), items[i][1])
        return tuple(items)


def chaos_game(rng: random.Random, game: Game, player: Chaos, stop: int | None = None
               ) -> Game:
    """Play ``game`` on (to its end, or ``stop`` recorded events)."""
    while not game.is_over and (stop is None or len(game.record) < stop):
        game.apply(player.choose(rng, game))
    return game


# ------------------------------------------------------------------ sessions

@dataclass(frozen=True)
class SessionSpec:
    """How one session of the corpus is made."""

    name: str
    kind: str  # selfplay | chaos | mode | damaged
    seed: int
    games: int
    players: int = 4
    rules: int = 0  # index in RULES
    levels: tuple[str, ...] = ()
    mode: str = "real"
    hands_form: bool = False
    thong_seat: int | None = None
    text: bool = False  # also the plain-text analysis
    extra: dict[str, Any] = field(default_factory=dict)


def session_specs() -> list[SessionSpec]:
    """Every session of the corpus, in order (≥ 300)."""
    out: list[SessionSpec] = []
    levels4 = [("normal",) * 4, ("beginner",) * 4, ("random",) * 4,
               ("normal", "beginner", "random", "normal"),
               ("beginner", "normal", "beginner", "random")]
    for i in range(100):  # self-play at every level but strong
        players = (4, 4, 4, 3, 2)[i % 5]
        lv = levels4[i % len(levels4)]
        if players < 4:
            lv = (lv * 2)[i % 4:i % 4 + players]
        out.append(SessionSpec(f"selfplay-{i:03d}", "selfplay", 1000 + i, 2 + i % 3, players,
                               rules=(i // 5) % len(RULES), levels=lv, text=i % 10 == 0))
    for i in range(6):  # strong (a fixed number of worlds: reproducible)
        lv = ("strong", "normal", "normal", "normal") if i % 2 == 0 else \
            ("beginner", "strong", "random", "normal")
        out.append(SessionSpec(f"strong-{i:03d}", "selfplay", 2000 + i, 1 + i % 2, 4,
                               rules=i % 3, levels=lv))
    for i in range(170):  # lawless real-mode play
        players = (4, 4, 4, 3, 2, 4)[i % 6]
        out.append(SessionSpec(f"chaos-{i:03d}", "chaos", 3000 + i, 1 + i % 4, players,
                               rules=i % len(RULES), hands_form=i % 7 == 3,
                               thong_seat=(i % players) if i % 11 == 5 else None,
                               text=i % 15 == 0,
                               extra={"unfinished": i % 9 == 4, "closing_pass": i % 4 == 1,
                                      "lao": 0.01 if i % 3 else 0.04,
                                      "guide": (0.0, 0.6, 0.85, 0.95)[i % 4]}))
    for i in range(30):  # teaching and strict games (strict refuses lỗi while another move exists)
        mode = ("teaching", "strict")[i % 2]
        out.append(SessionSpec(f"mode-{i:03d}", "mode", 4000 + i, 1 + i % 3, (4, 3)[i % 4 == 3],
                               rules=i % len(RULES), mode=mode))
    for i in range(40):  # a damaged event: the error names the game and the event
        out.append(SessionSpec(f"damaged-{i:03d}", "damaged", 5000 + i, 1 + i % 2,
                               (4, 4, 3, 2)[i % 4], rules=i % len(RULES)))
    return out


def _players(levels: tuple[str, ...]) -> tuple[Player, ...]:
    return tuple(Player(f"Máy {i + 1} ({level})", "ai", level)
                 for i, level in enumerate(levels))


def _record(game: Game, unfinished: bool = False) -> GameRecord:
    return GameRecord(game.deal, tuple(game.record), game.mode,
                      unfinished=unfinished or not game.is_over)


def make_session(spec: SessionSpec) -> SessionRecord:
    """The session of ``spec`` (a function of the spec alone)."""
    rules = RULES[spec.rules]
    if spec.kind == "selfplay":
        from engine.chan.ai.selfplay import play_session
        games = play_session(spec.levels, spec.games, spec.seed, spec.players, rules)
        return SessionRecord(rules, _players(spec.levels), tuple(_record(g) for g in games))
    rng = random.Random(f"corpus:{spec.name}:{spec.seed}")
    mode = Mode(spec.mode)
    chaos = Chaos(lao=0.0 if spec.kind == "mode" else spec.extra.get("lao", 0.01),
                  guide=spec.extra.get("guide", 0.8))
    session = Session(spec.players, rules, first_picker=rng.randrange(spec.players))
    players = tuple(Player(f"Người {i}", "human") if i == 0 else
                    Player(f"Máy {i}", "ai", "normal") for i in range(spec.players))
    records: list[GameRecord] = []
    carried = spec.thong_seat
    for gi in range(spec.games):
        deal = Deal.shuffled(rng.randrange(2**32), spec.players, session.next_picker, rules)
        if spec.hands_form:
            deal = Deal.from_hands(deal.hands, deal.noc, deal.cai_card, deal.dead, deal.picker)
        thong = session.thong_seat if session.results else carried
        game = Game(deal, rules, mode, thong)
        last = gi == spec.games - 1
        stop = rng.randrange(5, 60) if last and spec.extra.get("unfinished") else None
        chaos_game(rng, game, chaos, stop)
        actions = list(game.record)
        if game.is_over:
            session.record(game)
            live = game.live
            if spec.extra.get("closing_pass") and live is not None and live.final \
                    and game.outcome is not None and game.outcome.kind.value == "draw":
                actions.append(Action(live.by, Act.PASS))  # R4.9: the drawer's dưới, after
        else:
            session, carried = Session(spec.players, rules, session.next_picker), None
        records.append(GameRecord(game.deal, tuple(actions), game.mode,
                                  unfinished=not game.is_over))
    if spec.kind == "damaged":
        records = _damage(rng, records, spec.players)
    return SessionRecord(rules, players, tuple(records), spec.thong_seat)


def _damage(rng: random.Random, records: list[GameRecord], players: int) -> list[GameRecord]:
    """One event of one game replaced by something the table cannot do (or a bad seat)."""
    gi = rng.randrange(len(records))
    g = records[gi]
    if not g.actions:
        return records
    i = rng.randrange(len(g.actions))
    acts = list(g.actions)
    old = acts[i]
    card = rng.choice(g.deal.noc)
    choices = [Action(old.seat, Act.DISCARD, card), Action(old.seat, Act.EAT, card),
               Action((old.seat + 1) % players, old.act, old.card, old.cuoc),
               Action(old.seat, Act.CHIU), Action(old.seat, Act.RETURN, card),
               Action(old.seat, Act.DRAW, card), Action(old.seat, Act.PASS),
               Action(old.seat, Act.CALL, None, (("xuong", 1),)),
               Action(players, Act.DRAW), Action(old.seat, Act.WIN)]
    acts[i] = rng.choice(choices)
    records[gi] = replace(g, actions=tuple(acts))
    return records


def session_text(record: SessionRecord) -> str:
    """The .chan.json text of a session, as the app writes it."""
    return dumps(to_json(record))


# ------------------------------------------------------------------ running the CLI

def run_cli(main: Callable[[list[str]], int], argv: list[str]) -> str:
    """A verb's exit code, stdout and stderr, as one text."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return f"exit {code}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"


def analyze_outputs(spec: SessionSpec, path: Path) -> dict[str, str]:
    """``analyze --json`` of the file (and the plain text, for some sessions)."""
    from replays.cli import main
    out = {"analyze_json": run_cli(main, ["analyze", str(path), "--json"])}
    if spec.text:
        out["analyze_text"] = run_cli(main, ["analyze", str(path)])
    return out


# ------------------------------------------------------------------ decisions of the AI

def decision_lines(seed: int, levels: tuple[str, ...]) -> list[str]:
    """Every decision of one game among ``levels``: the action, its reason and its value,
    and the normal player's value of every legal action (repr: every digit)."""
    from engine.chan.ai.players import NormalPlayer
    from engine.chan.ai.selfplay import reproducible_player

    rng = random.Random(seed)
    table = [reproducible_player(lv, rng.randrange(2**32)) for lv in levels]
    normal = NormalPlayer()
    game = Game(Deal.shuffled(seed, len(levels), rng.randrange(len(levels))))
    lines = []
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        obs = game.observation(seat)
        d = table[seat].choose(obs)
        values = normal.evaluate(obs) if len(obs.legal) > 1 else {}
        shown = " ".join(f"{a}={v!r}" for a, v in values.items())
        lines.append(f"{d.action} | {d.value!r} | {d.reason.vi} | {d.reason.en} | {shown}")
        game.apply(d.action)
    return lines


DECISION_GAMES: tuple[tuple[int, tuple[str, ...]], ...] = tuple(
    (7000 + i, (("normal",) * 4, ("beginner", "normal", "beginner", "normal"),
                ("normal", "normal", "normal"), ("beginner", "normal"))[i % 4])
    for i in range(24))


# ------------------------------------------------------------------ drills

@dataclass(frozen=True)
class DrillSpec:
    """One ``drill FAMILY --count N --seed S [...] --json`` run."""

    family: str
    count: int
    seed: int
    args: tuple[str, ...] = ()

    @property
    def argv(self) -> list[str]:
        """The command's arguments."""
        return ["drill", self.family, "--count", str(self.count), "--seed", str(self.seed),
                *self.args, "--json"]


def drill_specs() -> list[DrillSpec]:
    """Every drill run of the corpus: each family and kind, several seeds."""
    out: list[DrillSpec] = []
    for seed in (0, 1, 7, 42):
        out.append(DrillSpec("chia_bai", 20, seed))
        out.append(DrillSpec("boc_cai", 30, seed))
        out.append(DrillSpec("nhan_dien", 30, seed))
        out.append(DrillSpec("xuong", 20, seed))
        out.append(DrillSpec("loi", 30, seed))
    for players in (2, 3, 4):
        out.append(DrillSpec("chia_bai", 10, 5, ("--players", str(players))))
        out.append(DrillSpec("boc_cai", 10, 5, ("--players", str(players))))
    out.append(DrillSpec("boc_cai", 10, 9, ("--timed",)))
    for kind in ("arrange", "count_chan", "is_waiting", "waits", "eat_or_not"):
        out.append(DrillSpec("nhan_dien", 15, 11, ("--kind", kind)))
    for kind in ("move", "claim", "trai_vi"):
        out.append(DrillSpec("loi", 25, 13, ("--kind", kind)))
    out.append(DrillSpec("xuong", 25, 17, ("--kind", "call")))
    out.append(DrillSpec("nuoc_hay", 2, 12))
    out.append(DrillSpec("nuoc_hay", 2, 3))
    return out


def drill_output(spec: DrillSpec) -> str:
    """The run's exit code and output."""
    from lessons.cli import main
    return run_cli(main, spec.argv)


# ------------------------------------------------------------------ storage

def write_lines(path: Path, items: Iterator[tuple[str, Any]]) -> None:
    """JSON lines ``[key, value]``, gzip-compressed with a fixed mtime (a reproducible file)."""
    import gzip
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                                filename="") as gz:
        for key, value in items:
            gz.write((json.dumps([key, value], ensure_ascii=False) + "\n").encode())


def read_lines(path: Path) -> dict[str, Any]:
    """What ``write_lines`` wrote, by key."""
    import gzip
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return {k: v for k, v in (json.loads(line) for line in f)}


# ------------------------------------------------------------------ the groups

_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?")


def normalised(text: str, tmp: Path) -> str:
    """Output with the scratch folder's path replaced by ``<tmp>`` and the times a database
    stamps (``created_at``, ``started_at``) by ``<time>``."""
    return _TIME.sub("<time>", text.replace(str(tmp), "<tmp>"))


def session_items(tmp: Path, specs: list[SessionSpec] | None = None
                  ) -> Iterator[tuple[str, dict[str, str]]]:
    """For each session: its file and what ``analyze`` prints of it."""
    for spec in session_specs() if specs is None else specs:
        record = make_session(spec)
        text = session_text(record)
        path = tmp / f"{spec.name}.chan.json"
        path.write_text(text, encoding="utf-8")
        outputs = {k: normalised(v, tmp) for k, v in analyze_outputs(spec, path).items()}
        yield spec.name, {"file": text, **outputs}


# Sessions put into one database, analysed whole, game by game, and reported.
DB_SESSIONS = ("selfplay-000", "selfplay-003", "chaos-000", "chaos-001", "chaos-005",
               "chaos-012", "chaos-030", "mode-001", "mode-002", "strong-000")


def database_items(tmp: Path) -> Iterator[tuple[str, str]]:
    """The corpus database: import, analyze (whole and ``--game N``), export and report."""
    from replays.cli import main
    specs = {s.name: s for s in session_specs()}
    db = tmp / "corpus.db"
    for name in DB_SESSIONS:
        path = tmp / f"db-{name}.chan.json"
        path.write_text(session_text(make_session(specs[name])), encoding="utf-8")
        yield f"import {name}", normalised(run_cli(main, ["import", str(path), "--db", str(db),
                                                          "--json"]), tmp)
    yield "analyze db", normalised(run_cli(main, ["analyze", str(db), "--json"]), tmp)
    for n in (0, 3, 7, 11, 15):
        yield f"analyze db --game {n}", normalised(
            run_cli(main, ["analyze", str(db), "--game", str(n), "--json"]), tmp)
    for session in (1, 4):
        out = tmp / f"session-{session}.chan.json"
        yield f"export --session {session}", normalised(run_cli(main, [
            "export", str(db), "--session", str(session), "--out", str(out), "--json"]), tmp)
        yield f"exported session {session}", normalised(out.read_text(encoding="utf-8"), tmp)
    for n in (2, 9):
        html = tmp / f"report-{n}.html"
        yield f"report --game {n}", normalised(run_cli(main, [
            "report", str(db), "--game", str(n), "--html", str(html), "--json"]), tmp)
        yield f"report page {n}", normalised(html.read_text(encoding="utf-8"), tmp)


# Self-play through the CLI (its summary is the engine's audit).
SELFPLAY_RUNS: tuple[tuple[str, ...], ...] = (
    ("--games", "4", "--seed", "11", "--levels", "normal,normal,normal,normal"),
    ("--games", "4", "--seed", "12", "--levels", "beginner,random,normal,beginner"),
    ("--games", "3", "--seed", "13", "--levels", "random,random,random"),
    ("--games", "3", "--seed", "14", "--levels", "normal,beginner"),
    ("--games", "2", "--seed", "15", "--levels", "strong,normal,beginner,random"),
)


def selfplay_items(tmp: Path) -> Iterator[tuple[str, str]]:
    """``selfplay --json`` summaries and the files they save."""
    from replays.cli import main
    for i, args in enumerate(SELFPLAY_RUNS):
        out = tmp / f"selfplay-{i}.chan.json"
        yield " ".join(args), normalised(run_cli(main, ["selfplay", *args, "--out", str(out),
                                                        "--json"]), tmp)
        yield f"file {i}", out.read_text(encoding="utf-8")


def decision_items() -> Iterator[tuple[str, list[str]]]:
    """Every decision of some games, with the AI's reason and values."""
    for seed, levels in DECISION_GAMES:
        yield f"{seed} {','.join(levels)}", decision_lines(seed, levels)


def drill_items(family: str | None = None) -> Iterator[tuple[str, str]]:
    """``drill --json`` of every family (or one)."""
    for spec in drill_specs():
        if family is not None and spec.family != family:
            continue
        yield " ".join(spec.argv), drill_output(spec)


GROUPS = ("sessions", "database", "selfplay", "decisions", "drills")
