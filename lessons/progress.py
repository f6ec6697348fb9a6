"""The learner's progress: every answer recorded, an FSRS schedule per item (lessons/srs.py),
the items due now, and a strength per family for the Learn screen.

    with Progress.open(progress_db_path) as p:
        p.add(items)                                  # new items, due at once
        grade = drills.grade(item, response)
        p.record(item, grade, response, elapsed_ms=2300)
        p.due(family="boc_cai")                       # what to ask next
        p.strengths()["boc_cai"].strength             # 0..1

Each answer is written in its own transaction, as it happens (DESIGN.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from lessons.drills import FAMILIES
from lessons.item import JSON, Grade, Item
from lessons.progress_db import connect, default_path, stamp
from lessons.srs import Memory, quality, rating, review

DECKS = ("lessons", "mistakes")
RECENT = 20  # answers the recent accuracy is taken over


__all__ = ["Answer", "Progress", "Scheduled", "Strength", "stamp"]


def _now(now: datetime | None) -> datetime:
    return datetime.now(UTC) if now is None else now


@dataclass(frozen=True, slots=True)
class Answer:
    """One recorded answer."""

    item_id: str
    answered_at: str
    correct: bool
    quality: int  # SM-2's quality of the graded answer (lessons/srs.py)
    rating: int  # FSRS's rating: 1 again, 2 hard, 3 good, 4 easy
    elapsed_ms: int | None
    response: JSON
    rule_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scheduled:
    """An item's place in the schedule."""

    item_id: str
    memory: Memory
    due_at: str
    deck: str


@dataclass(frozen=True, slots=True)
class Strength:
    """How a family stands, for the Learn screen.

    ``strength`` is the mean over the answered items of their FSRS retrievability now (an
    item whose last answer was wrong counts 0: see lessons/srs.py).
    """

    family: str
    items: int  # items answered at least once
    new: int  # items added but never answered
    answers: int
    due: int  # items due now (new ones included)
    mature: int  # items with a stability of MATURE_DAYS or more
    recent_accuracy: float | None  # right answers among the family's last RECENT
    strength: float


class Progress:
    """One progress database, open for reading and writing."""

    def __init__(self, db: Database, path: Path) -> None:
        self.db = db
        self.path = path

    @classmethod
    def open(cls, path: Path) -> Progress:
        """Open or create the database at ``path`` (BadFile if it must not be touched)."""
        return cls(connect(Path(path)), Path(path))

    @classmethod
    def open_default(cls, data_dir: Path | None = None) -> Progress:
        """``progress.db`` in the user data folder (or ``data_dir``)."""
        return cls.open(default_path(data_dir))

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------------- writing

    def _add(self, item: Item, deck: str, now: datetime) -> bool:
        if deck not in DECKS:
            raise ValueError(f"deck is one of {', '.join(DECKS)}, not {deck!r}")
        cur = self.db.execute(
            "INSERT OR IGNORE INTO items (id, family, kind, deck, data, created_at) "
            "VALUES (?,?,?,?,?,?)",
            (item.id, item.family, item.kind, deck,
             json.dumps(item.to_json(), ensure_ascii=False), stamp(now)))
        if cur.rowcount != 1:
            return False
        self._schedule(item.id, Memory(), now, insert=True)
        return True

    def _schedule(self, item_id: str, m: Memory, due: datetime, insert: bool = False) -> None:
        values = (m.state, m.step, m.stability, m.difficulty, m.reps, m.lapses,
                  int(m.last_correct), stamp(due),
                  None if m.last_at is None else stamp(m.last_at), item_id)
        if insert:
            self.db.execute("INSERT INTO schedule (state, step, stability, difficulty, reps, "
                            "lapses, last_correct, due_at, last_at, item_id) "
                            "VALUES (?,?,?,?,?,?,?,?,?,?)", values)
        else:
            self.db.execute("UPDATE schedule SET state = ?, step = ?, stability = ?, "
                            "difficulty = ?, reps = ?, lapses = ?, last_correct = ?, "
                            "due_at = ?, last_at = ? WHERE item_id = ?", values)

    def add(self, items: Iterable[Item], deck: str = "lessons",
            now: datetime | None = None) -> int:
        """Store items not seen before, due at once; returns how many were new."""
        at = _now(now)
        with self.db.atomic():
            return sum(self._add(item, deck, at) for item in items)

    def record(self, item: Item, grade: Grade, response: JSON = None,
               elapsed_ms: int | None = None, now: datetime | None = None,
               deck: str = "lessons") -> Scheduled:
        """Record an answer and reschedule the item (FSRS), in one transaction."""
        at = _now(now)
        limit = item.position.get("seconds") if isinstance(item.position, dict) else None
        q = quality(grade.correct, elapsed_ms, limit)
        with self.db.atomic():
            self._add(item, deck, at)
            self.db.execute(
                "INSERT INTO answers (item_id, answered_at, correct, quality, rating, "
                "elapsed_ms, response, rule_ids) VALUES (?,?,?,?,?,?,?,?)",
                (item.id, stamp(at), int(grade.correct), q, int(rating(q)), elapsed_ms,
                 json.dumps(response, ensure_ascii=False), json.dumps(list(grade.rule_ids))))
            before = self.scheduled(item.id)
            assert before is not None
            memory, due = review(before.memory, q, at)
            self._schedule(item.id, memory, due)
        return Scheduled(item.id, memory, stamp(due), before.deck)

    # ------------------------------------------------------------------------- reading

    def item(self, item_id: str) -> Item | None:
        """A stored item."""
        row = self.db.execute("SELECT data FROM items WHERE id = ?", (item_id,)).fetchone()
        return None if row is None else Item.from_json(json.loads(row[0]))

    def scheduled(self, item_id: str) -> Scheduled | None:
        """An item's FSRS memory and due time."""
        row = self.db.execute(
            f"SELECT {_MEMORY}, s.due_at, i.deck "
            "FROM schedule s JOIN items i ON i.id = s.item_id WHERE s.item_id = ?",
            (item_id,)).fetchone()
        if row is None:
            return None
        return Scheduled(item_id, _memory(row), row[8], row[9])

    def _where(self, family: str | None, deck: str | None) -> tuple[str, list[Any]]:
        clauses, args = [], []
        if family is not None:
            clauses.append("i.family = ?")
            args.append(family)
        if deck is not None:
            clauses.append("i.deck = ?")
            args.append(deck)
        return "".join(f" AND {c}" for c in clauses), args

    def due(self, now: datetime | None = None, family: str | None = None,
            deck: str | None = None, limit: int = 20) -> list[Item]:
        """Items due at ``now``, the longest overdue first."""
        where, args = self._where(family, deck)
        rows = self.db.execute(
            "SELECT i.data FROM schedule s JOIN items i ON i.id = s.item_id "
            f"WHERE s.due_at <= ?{where} ORDER BY s.due_at, i.created_at, i.id LIMIT ?",
            (stamp(_now(now)), *args, limit)).fetchall()
        return [Item.from_json(json.loads(r[0])) for r in rows]

    def next_due(self, family: str | None = None, deck: str | None = None) -> str | None:
        """When the next item falls due (stored time text), or None when there is none."""
        where, args = self._where(family, deck)
        row = self.db.execute("SELECT MIN(s.due_at) FROM schedule s JOIN items i ON "
                              f"i.id = s.item_id WHERE 1 = 1{where}", args).fetchone()
        return None if row is None else row[0]

    def answers(self, item_id: str | None = None) -> list[Answer]:
        """Recorded answers, oldest first (of one item, or all)."""
        sql = ("SELECT item_id, answered_at, correct, quality, rating, elapsed_ms, response, "
               "rule_ids FROM answers")
        rows = self.db.execute(sql + (" WHERE item_id = ?" if item_id else "") + " ORDER BY id",
                               (item_id,) if item_id else ()).fetchall()
        return [Answer(r[0], r[1], bool(r[2]), r[3], r[4], r[5],
                       json.loads(r[6]) if r[6] else None, tuple(json.loads(r[7])))
                for r in rows]

    def _families(self) -> Iterator[str]:
        yield from FAMILIES
        for (name,) in self.db.execute("SELECT DISTINCT family FROM items ORDER BY family"):
            if name not in FAMILIES:
                yield name

    def strengths(self, now: datetime | None = None,
                  deck: str | None = None) -> dict[str, Strength]:
        """Every family's standing (families never practised included, at 0)."""
        when = _now(now)
        at = stamp(when)
        out: dict[str, Strength] = {}
        for fam in self._families():
            where, args = self._where(fam, deck)
            rows = self.db.execute(
                f"SELECT {_MEMORY}, s.due_at FROM schedule s JOIN items i ON i.id = s.item_id "
                f"WHERE 1 = 1{where}", args).fetchall()
            seen = [m for m in map(_memory, rows) if m.last_at is not None]
            recent = [r[0] for r in self.db.execute(
                "SELECT a.correct FROM answers a JOIN items i ON i.id = a.item_id "
                f"WHERE 1 = 1{where} ORDER BY a.id DESC LIMIT ?", (*args, RECENT))]
            answers = self.db.execute(
                "SELECT COUNT(*) FROM answers a JOIN items i ON i.id = a.item_id "
                f"WHERE 1 = 1{where}", args).fetchone()[0]
            out[fam] = Strength(
                family=fam, items=len(seen), new=len(rows) - len(seen), answers=answers,
                due=sum(1 for r in rows if r[8] <= at),
                mature=sum(1 for m in seen if m.mature),
                recent_accuracy=sum(recent) / len(recent) if recent else None,
                strength=sum(m.strength(when) for m in seen) / len(seen) if seen else 0.0)
        return out


_MEMORY = ("s.state, s.step, s.stability, s.difficulty, s.last_at, s.reps, s.lapses, "
           "s.last_correct")


def _memory(row: Any) -> Memory:
    """A Memory from the first eight columns of a ``_MEMORY`` select."""
    last = None if row[4] is None else datetime.fromisoformat(row[4])
    return Memory(row[0], row[1], row[2], row[3], last, row[5], row[6], bool(row[7]))
