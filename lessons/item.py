"""A drill item and the grade of an answer: small JSON-able values the UI and the store share.

An item is a question about a position; its answer is computed by the engine from that
position when the item is made (and again when an answer is graded), never written by hand.
The id is a digest of the family, the kind and the position, so the same position asked twice
is the same item for spaced repetition, whichever seed or game it came from.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

JSON = Any  # a value json.dumps accepts (dicts, lists, str, int, float, bool, None)

# Position keys repeated at the top level of an item's JSON, for scripts (FORMATS `drill`).
PROMOTED: dict[str, tuple[str, ...]] = {
    "boc_cai": ("players", "picker", "card"),
    "nhan_dien": ("hand",),
}


@dataclass(frozen=True, slots=True)
class Text:
    """One sentence (or a few) in Vietnamese and in English."""

    vi: str
    en: str

    def to_json(self) -> dict[str, str]:
        """``{"vi": ..., "en": ...}``."""
        return {"vi": self.vi, "en": self.en}

    def __add__(self, other: Text) -> Text:
        return Text(_join(self.vi, other.vi), _join(self.en, other.en))


def _join(a: str, b: str) -> str:
    return f"{a} {b}" if a and b else a or b


def join(parts: list[Text]) -> Text:
    """Sentences one after the other."""
    out = Text("", "")
    for p in parts:
        out = out + p
    return out


def item_id(family: str, kind: str, position: JSON) -> str:
    """A stable id: the digest of family, kind and the canonical JSON of the position."""
    text = json.dumps([family, kind, position], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return f"{family}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


@dataclass(frozen=True, slots=True)
class Item:
    """One drill: a question on a position, with the engine's answer.

    ``rules`` are the RULES.md ids the item exercises; ``source`` says where a "practice my
    mistakes" item came from (game id, event, annotation kind), empty for generated items;
    ``lesson`` is the lesson that handed it out (practice.next_items), whose rounds ask it
    again — and no other lesson's (issue 20).
    """

    family: str
    kind: str
    question: Text
    position: JSON
    answer: JSON
    rules: tuple[str, ...] = ()
    source: dict[str, JSON] = field(default_factory=dict)
    lesson: str = ""

    @property
    def id(self) -> str:
        """The stable id (see item_id)."""
        return item_id(self.family, self.kind, self.position)

    def to_json(self) -> dict[str, JSON]:
        """The item as one JSON object (the ``drill --json`` form)."""
        out: dict[str, JSON] = {"id": self.id, "family": self.family, "kind": self.kind,
                                "question": self.question.to_json(), "position": self.position,
                                "answer": self.answer, "rules": list(self.rules)}
        if self.source:
            out["source"] = self.source
        if self.lesson:
            out["lesson"] = self.lesson
        for key in PROMOTED.get(self.family, ()):
            if isinstance(self.position, dict) and key in self.position:
                out[key] = self.position[key]
        return out

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Item:
        """Read what ``to_json`` wrote (the promoted keys are ignored)."""
        q = data["question"]
        lesson = data.get("lesson", "")
        return cls(family=data["family"], kind=data["kind"], question=Text(q["vi"], q["en"]),
                   position=data["position"], answer=data["answer"],
                   rules=tuple(data.get("rules", ())), source=dict(data.get("source", {})),
                   lesson=lesson if isinstance(lesson, str) else "")


@dataclass(frozen=True, slots=True)
class Grade:
    """The verdict on one answer: right or wrong, why (both languages), which rules."""

    correct: bool
    explanation_vi: str
    explanation_en: str
    rule_ids: tuple[str, ...] = ()

    @classmethod
    def of(cls, correct: bool, why: Text, rule_ids: tuple[str, ...] | list[str] = ()) -> Grade:
        """A grade from a Text; the verdict word leads the explanation."""
        head = Text("Đúng.", "Right.") if correct else Text("Chưa đúng.", "Not right.")
        text = head + why
        return cls(correct, text.vi, text.en, tuple(rule_ids))

    def to_json(self) -> dict[str, JSON]:
        """The grade as a JSON object."""
        return {"correct": self.correct, "explanation_vi": self.explanation_vi,
                "explanation_en": self.explanation_en, "rule_ids": list(self.rule_ids)}


class LessonError(ValueError):
    """Bad input to the lesson layer, with the message in English and Vietnamese."""

    def __init__(self, en: str, vi: str) -> None:
        self.en = en
        self.vi = vi
        super().__init__(f"{en}\n{vi}")


class BadResponse(LessonError):
    """An answer that does not have the shape the item's kind asks for (a UI bug, not a
    wrong answer: a wrong answer is graded, this is refused)."""
