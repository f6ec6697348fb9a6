"""Xướng as tokens, scored "the highest điểm + the dịch of every other instance" — the rule
both games share (RULES R6.2, TOTOM T7.4); each ruleset gives its table of (điểm, dịch) per
cước and its canonical order (DESIGN.md "Two games on one engine")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Instances = tuple[tuple[str, int], ...]  # (cước id, count), in the order said


def score(call: Iterable[tuple[str, int]], points: Mapping[str, tuple[int, int]]) -> int:
    """One instance → its điểm; several → the highest điểm + the dịch of every other.

    Counted per entry, never per instance, so the work does not grow with a count. Equal
    điểm come with equal dịch in both games' tables, so which of them is "the highest" does
    not matter.
    """
    best: str | None = None
    dich = 0
    for cid, n in call:
        if n <= 0:
            continue
        dich += points[cid][1] * n
        if best is None or points[cid][0] > points[best][0]:
            best = cid
    if best is None:
        return 0
    return points[best][0] + dich - points[best][1]


def canonical(items: Iterable[tuple[str, int]], position: Mapping[str, int]) -> Instances:
    """The tokens sorted into a ruleset's canonical order (``position``: id → place)."""
    return tuple(sorted(items, key=lambda it: position[it[0]]))
