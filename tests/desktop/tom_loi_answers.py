"""Answers to Tổ tôm's offence drills (lessons/tom_loi.py) given through their askers as the
learner gives them: TN/TD ticked in the list or N for no offence, the verdict by its digit and
the điểm of a paid ù typed digit by digit."""

from __future__ import annotations

from desktop.learn.askers.base import Asker
from desktop.learn.askers.tom_loi import VERDICTS, TomMoveAsker
from lessons.item import Item


def say_verdict(asker: Asker, verdict: str, score: int | None = None) -> None:
    """The verdict's digit, then (paid) the điểm's digits."""
    asker.command("drill_option", str(VERDICTS.index(verdict) + 1))
    if verdict == "paid" and score is not None and item_kind(asker) == "call":
        for digit in str(score):
            asker.command("drill_option", digit)


def item_kind(asker: Asker) -> str:
    """The kind of the asker's item."""
    return asker.item.kind


def answer(asker: Asker, item: Item, right: bool) -> None:
    """The engine's answer (``right``) or one it differs from."""
    ans = item.answer
    if item.kind == "move":
        assert isinstance(asker, TomMoveAsker)
        rules = set(ans["rules"]) if right else set(ans["rules"][1:] or ["TD9"])
        if rules:
            asker.rules.set_ticked(rules)
        else:
            asker.command("drill_no", "")
        return
    verdict = ans["verdict"] if right else ("cheo_do" if ans["verdict"] == "paid" else "paid")
    say_verdict(asker, verdict, ans["score"] if right else ans["score"] + 2)
