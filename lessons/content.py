"""Lesson content: the TOML files of lessons/content/, one per family — short explanations in
Vietnamese and English with illustrated positions ("figures"), each lesson followed by drills.

The files hold text and positions only, never answers: what a figure shows (the recipient of
a bốc cái, a hand's arrangement and waits, a call's rendering and score, a rule's sentence) is
computed here by the engine when the lesson is shown. The file format is in
lessons/README.md.

Each game has its own course: Chắn's files are lessons/content/*.toml (``lessons()``, what the
Chắn screens list), Tổ tôm's lessons/content/to_tom/*.toml (``course("to_tom")``); a file may
only name families of its game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.chan import (
    CHAN,
    DEFAULT_RULES,
    Card,
    Deal,
    arrange,
    find_waits,
    in_order,
    misplaced,
    parse_cuoc_id,
    total,
    wait_shape_of,
)
from engine.chan import render_call as render
from lessons import boc_cai, drills, loi, nhan_dien, tom_figures
from lessons.item import JSON, Item, LessonError, Text

CONTENT_DIR = Path(__file__).resolve().parent / "content"
COURSES: dict[str, Path] = {"chan": CONTENT_DIR, "to_tom": CONTENT_DIR / "to_tom"}

# Figure types and the keys each may hold: anything else (an "answer"!) is refused.
FIGURE_KEYS: dict[str, frozenset[str]] = {
    "boc_cai": frozenset({"type", "players", "picker", "card"}),
    "hand": frozenset({"type", "hand", "mat", "seen"}),
    "deal": frozenset({"type", "players", "seed", "picker"}),
    "call": frozenset({"type", "cuoc"}),
    "rule": frozenset({"type", "rule", "card"}),
    "meld": frozenset({"type", "eaten", "hand", "top"}),
    **tom_figures.FIGURE_KEYS,
}


@dataclass(frozen=True, slots=True)
class Section:
    """A short explanation, the rule ids it teaches, and an optional figure (a position)."""

    text: Text
    rules: tuple[str, ...]
    figure: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class DrillSpec:
    """The drills that follow a lesson: how many items of which kinds."""

    count: int
    kinds: tuple[str, ...] | None = None
    timed: bool = False
    players: int | None = None
    focus: tuple[str, ...] | None = None
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson of a family (of the game ``game``)."""

    id: str
    family: str
    title: Text
    sections: tuple[Section, ...]
    drills: tuple[DrillSpec, ...]
    game: str = "chan"

    @property
    def questions(self) -> int:
        """How many questions a practice round of the lesson asks (the list says it)."""
        return sum(spec.count for spec in self.drills)

    def serves(self, item: Item) -> bool:
        """The lesson's own question: one it handed out, or (an item kept from before items
        named their lesson) one its drills could have made — of its kinds, timed as they are,
        at their table size, breaking a rule they focus on (issue 20: "Đếm cái thật nhanh"
        asked the untimed 2- and 3-player questions left over from the other bốc cái
        lesson, "Ăn hay không?" the arranging ones)."""
        if item.family != self.family:
            return False
        if item.lesson:
            return item.lesson == self.id
        return any(_spec_serves(spec, item) for spec in self.drills)


def _spec_serves(spec: DrillSpec, item: Item) -> bool:
    """Whether `spec` could have made `item` (see Lesson.serves)."""
    pos = item.position if isinstance(item.position, dict) else {}
    if spec.kinds and item.kind not in spec.kinds:
        return False
    if spec.timed != ("seconds" in pos):
        return False
    if spec.players is not None and pos.get("players", spec.players) != spec.players:
        return False
    if spec.level is not None and pos.get("level") != spec.level:
        return False
    return not spec.focus or bool(set(spec.focus) & set(item.rules))


def _text(data: Any, where: str) -> Text:
    if not (isinstance(data, dict) and isinstance(data.get("vi"), str)
            and isinstance(data.get("en"), str)):
        raise LessonError(f"{where}: needs 'vi' and 'en' text", f"{where}: cần chữ 'vi' và 'en'")
    return Text(data["vi"].strip(), data["en"].strip())


def _strings(data: Any, where: str) -> tuple[str, ...] | None:
    if data is None:
        return None
    if not (isinstance(data, list) and all(isinstance(x, str) for x in data)):
        raise LessonError(f"{where}: must be a list of texts", f"{where}: phải là danh sách chữ")
    return tuple(data)


def _figure(data: Any, where: str) -> dict[str, Any] | None:
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("type") not in FIGURE_KEYS:
        raise LessonError(f"{where}: a figure needs a type ({', '.join(FIGURE_KEYS)})",
                          f"{where}: hình minh họa cần 'type' ({', '.join(FIGURE_KEYS)})")
    extra = set(data) - FIGURE_KEYS[data["type"]]
    if extra:
        raise LessonError(f"{where}: a {data['type']} figure has no {', '.join(sorted(extra))} "
                          f"(answers are computed, never written)",
                          f"{where}: hình {data['type']} không có {', '.join(sorted(extra))} "
                          f"(đáp án do chương trình tính, không viết tay)")
    return dict(data)


def _lesson(data: dict[str, Any], family: str, where: str, game: str) -> Lesson:
    sections = tuple(
        Section(_text(s, f"{where}.sections[{i}]"),
                _strings(s.get("rules", []), f"{where}.sections[{i}].rules") or (),
                _figure(s.get("figure"), f"{where}.sections[{i}].figure"))
        for i, s in enumerate(data.get("sections", [])))
    specs = []
    for i, d in enumerate(data.get("drills", [])):
        w = f"{where}.drills[{i}]"
        level = d.get("level")
        specs.append(DrillSpec(count=int(d["count"]), kinds=_strings(d.get("kinds"), w),
                               timed=bool(d.get("timed", False)), players=d.get("players"),
                               focus=_strings(d.get("focus"), w),
                               level=None if level is None else int(level)))
    return Lesson(id=str(data["id"]), family=family, title=_text(data.get("title"), where),
                  sections=sections, drills=tuple(specs), game=game)


def load_file(path: Path, game: str = "chan") -> list[Lesson]:
    """The lessons of one content file of a game's course (LessonError naming the place of a
    problem)."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    family = data.get("family")
    if family not in drills.GAMES[game]:
        raise LessonError(f"{path.name}: unknown family {family!r}",
                          f"{path.name}: không có nhóm bài {family!r}")
    return [_lesson(lesson, family, f"{path.name}: lessons[{i}]", game)
            for i, lesson in enumerate(data.get("lessons", []))]


def lessons(folder: Path = CONTENT_DIR, game: str = "chan") -> tuple[Lesson, ...]:
    """Every lesson of a course folder (Chắn's by default), in the order of the families'
    ``order`` and then of their files; read once."""
    return _course(folder, game)


@cache
def _course(folder: Path, game: str) -> tuple[Lesson, ...]:
    files = []
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as f:
            order = tomllib.load(f).get("order", 99)
        files.append((order, path))
    return tuple(lesson for _, path in sorted(files) for lesson in load_file(path, game))


def course(game: str) -> tuple[Lesson, ...]:
    """A game's lessons: ``course("chan")`` is ``lessons()``; ``course("to_tom")`` Tổ tôm's."""
    if game not in COURSES:
        raise LessonError(f"no course for the game {game!r} (games: {', '.join(COURSES)})",
                          f"không có khóa học cho trò {game!r} (các trò: {', '.join(COURSES)})")
    return lessons(COURSES[game], game)


def lesson(lesson_id: str) -> Lesson:
    """A lesson of either course by id."""
    for game in COURSES:
        for le in course(game):
            if le.id == lesson_id:
                return le
    raise LessonError(f"no lesson '{lesson_id}'", f"không có bài học '{lesson_id}'")


def drill_items(le: Lesson, seed: int) -> list[Item]:
    """The drills that follow a lesson, generated from ``seed``."""
    out: list[Item] = []
    for i, spec in enumerate(le.drills):
        out.extend(drills.generate(le.family, spec.count, seed * 31 + i, spec.kinds, spec.timed,
                                   spec.players, spec.focus, spec.level))
    return out


# ------------------------------------------------------------------------ figures

def _mat_chan(mat: list[list[str]]) -> int:
    """Chắn a mat of melds counts for (R3.7): chắn 1, chíu 2, cạ 0."""
    out = 0
    for meld in mat:
        cards = [Card.parse(c) for c in meld]
        if len(set(cards)) == 1:
            out += len(cards) // 2
    return out


def illustrate(figure: dict[str, Any]) -> dict[str, JSON]:
    """What a figure shows, computed by the engine."""
    kind = figure["type"]
    if kind == "boc_cai":
        card = Card.parse(figure["card"])
        players, picker = int(figure["players"]), int(figure["picker"])
        why = boc_cai.counting(players, picker, card)
        return {"recipient": boc_cai.solve("recipient", boc_cai.position(players, picker, card)),
                "explanation": why.to_json()}
    if kind == "hand":
        hand = [Card.parse(c) for c in figure["hand"]]
        mat = figure.get("mat", [])
        mat_chan = _mat_chan(mat)
        seen = [Card.parse(c) for c in figure.get("seen", [])] + \
            [Card.parse(c) for meld in mat for c in meld]
        out = nhan_dien.arrangement_json(arrange(hand))
        waits = find_waits(hand, mat_chan, seen)
        shape = wait_shape_of(hand, mat_chan)
        out.update(mat_chan=mat_chan, waits=[{"card": str(w.card), "live": w.live}
                                             for w in waits],
                   shape=None if shape is None else shape.value)
        return out
    if kind == "deal":
        deal = Deal.shuffled(int(figure["seed"]), int(figure["players"]),
                             int(figure.get("picker", 0)))
        return {"deal": deal.to_json(), "cai_card": str(deal.cai_card),
                "cai_seat": deal.cai_seat, "sizes": [len(h) for h in deal.hands],
                "noc": len(deal.noc), "dead": len(deal.dead)}
    if kind == "call":
        call = tuple((parse_cuoc_id(c), int(n)) for c, n in figure["cuoc"])
        return {"text": render(call), "score": total(call, DEFAULT_RULES),
                "in_order": [list(x) for x in in_order(call)],
                "misplaced": [list(x) for x in misplaced(call)]}
    if kind == "rule":
        e = CHAN.registry.explanation(figure["rule"], figure.get("card", ""))
        return {"rule": e.rule, "vi": e.vi, "en": e.en}
    if kind in tom_figures.FIGURE_KEYS:
        return tom_figures.illustrate(figure)
    return loi.solve_trai_vi({"meld": {k: figure[k] for k in ("eaten", "hand", "top")}})

