"""The drill API the Learn screen and the CLI use: generate items, solve, grade.

    items = generate("boc_cai", 10, seed=7)           # deterministic: same seed, same items
    grade(items[0], {"seat": 2, "elapsed_ms": 3100})  # → Grade(correct, explanation_vi, ...)

Families of Chắn: chia_bai, boc_cai, nhan_dien, xuong, loi, nuoc_hay; of Tổ tôm: tom_quan,
tom_tho, tom_phu, tom_cho, tom_cho_cai, tom_cuoc, tom_loi (lessons/README.md lists their kinds,
positions, answers and the responses ``grade`` accepts). ``FAMILIES`` stays Chắn's alone, as the
Chắn screens read it; ``GAMES`` gives each game's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from lessons.boc_cai import BOC_CAI
from lessons.chia_bai import CHIA_BAI
from lessons.family import Family, Options
from lessons.item import JSON, Grade, Item, LessonError
from lessons.loi import LOI
from lessons.nhan_dien import NHAN_DIEN
from lessons.nuoc_hay import NUOC_HAY
from lessons.tom_cho import TOM_CHO
from lessons.tom_cho_cai import TOM_CHO_CAI
from lessons.tom_cuoc import TOM_CUOC
from lessons.tom_loi import TOM_LOI
from lessons.tom_phu import TOM_PHU
from lessons.tom_quan import TOM_QUAN
from lessons.tom_tho import TOM_THO
from lessons.xuong import XUONG

FAMILIES: dict[str, Family] = {f.name: f for f in (CHIA_BAI, BOC_CAI, NHAN_DIEN, XUONG, LOI,
                                                    NUOC_HAY)}
TOM_FAMILIES: dict[str, Family] = {f.name: f for f in (TOM_QUAN, TOM_THO, TOM_PHU, TOM_CHO,
                                                        TOM_CHO_CAI, TOM_CUOC, TOM_LOI)}
GAMES: dict[str, dict[str, Family]] = {"chan": FAMILIES, "to_tom": TOM_FAMILIES}
ALL_FAMILIES: dict[str, Family] = {**FAMILIES, **TOM_FAMILIES}
MAX_COUNT = 500


def family(name: str) -> Family:
    """A family of either game by name; LessonError naming the known ones otherwise."""
    try:
        return ALL_FAMILIES[name]
    except KeyError:
        known = ", ".join(ALL_FAMILIES)
        raise LessonError(f"unknown drill family '{name}' (one of {known})",
                          f"không có nhóm bài tập '{name}' (chọn một trong {known})") from None


def generate(name: str, count: int, seed: int, kinds: Sequence[str] | None = None,
             timed: bool = False, players: int | None = None,
             focus: Sequence[str] | None = None, level: int | None = None) -> list[Item]:
    """``count`` items of a family, decided by ``seed`` alone (and the options)."""
    fam = family(name)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise LessonError(f"the count must be a whole number from 1 to {MAX_COUNT}, not "
                          f"{count!r}",
                          f"số câu phải là số nguyên từ 1 đến {MAX_COUNT}, không phải "
                          f"{count!r}")
    if players is not None and players not in fam.players and fam.game == "chan":
        raise LessonError(f"2 to 4 players (R2.1), not {players}",
                          f"chơi 2 đến 4 người (R2.1), không phải {players}")
    if players is not None and players not in fam.players:
        raise LessonError(f"Tổ tôm is played by 5 or 4 players (T2.1), not {players}",
                          f"tổ tôm chơi 5 hoặc 4 người (T2.1), không phải {players}")
    if level is not None and level not in fam.levels:
        levels = ", ".join(map(str, fam.levels)) or "none"
        raise LessonError(f"{name} has no level {level} (levels: {levels})",
                          f"nhóm {name} không có mức {level} (các mức: "
                          f"{', '.join(map(str, fam.levels)) or 'không có'})")
    rng = random.Random(f"{name}:{seed}")  # a text seed: the same on every platform and run
    options = Options(tuple(kinds) if kinds else None, timed, players,
                      tuple(focus) if focus else None, level)
    return fam.generate(rng, count, options)


def solve(item: Item) -> JSON:
    """The engine's answer for the item's position, computed now."""
    return family(item.family).solve(item.kind, item.position)


def grade(item: Item, response: JSON) -> Grade:
    """Grade a response (BadResponse when it does not have the kind's shape)."""
    return family(item.family).grade(item, response)
