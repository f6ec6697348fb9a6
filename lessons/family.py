"""What every drill family provides, and the options a generator takes."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from lessons.item import JSON, Grade, Item, LessonError


@dataclass(frozen=True, slots=True)
class Options:
    """Generator options: the kinds to draw from (None: all of the family's), a timed mode
    (bốc cái), a number of players (None: the family's choice), rule ids to focus on (lỗi
    drills prefer moves that break one of them), and a level of difficulty (None: the
    family's mix; only families with levels take one)."""

    kinds: tuple[str, ...] | None = None
    timed: bool = False
    players: int | None = None
    focus: tuple[str, ...] | None = None
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Family:
    """A drill family: its kinds, a seeded generator, the engine's solver and the grader; the
    game it teaches (``chan`` or ``to_tom``), the table sizes it can be asked at, and its levels
    of difficulty (none for Chắn's families)."""

    name: str
    kinds: tuple[str, ...]
    generate: Callable[[random.Random, int, Options], list[Item]]
    solve: Callable[[str, JSON], JSON]
    grade: Callable[[Item, JSON], Grade]
    game: str = "chan"
    players: tuple[int, ...] = (2, 3, 4)
    levels: tuple[int, ...] = ()


def pick_kind(rng: random.Random, family: str, known: Sequence[str], options: Options) -> str:
    """One of the requested kinds (all of the family's by default)."""
    kinds = options.kinds or tuple(known)
    unknown = [k for k in kinds if k not in known]
    if unknown:
        raise LessonError(f"{family} has no drill kind {', '.join(unknown)} (kinds: "
                          f"{', '.join(known)})",
                          f"nhóm {family} không có dạng bài {', '.join(unknown)} (các dạng: "
                          f"{', '.join(known)})")
    return kinds[0] if len(kinds) == 1 else rng.choice(list(kinds))


def picks(rng: random.Random, count: int, family: str, kinds: Sequence[str],
          levels: Sequence[int], options: Options) -> Iterator[tuple[str, int]]:
    """The kind and the level of each of ``count`` items: the requested ones, or the family's
    at random (a family with levels)."""
    for _ in range(count):
        kind = pick_kind(rng, family, kinds, options)
        yield kind, options.level if options.level is not None else rng.choice(list(levels))
