"""The learner's progress: every answer recorded, an FSRS schedule per item (lessons/srs.py),
the items due now, and a strength per family for the Learn screen.

    with Progress.open(progress_db_path) as p:
        p.add(items)                                  # new items, due at once
        grade = drills.grade(item, response)
        p.record(item, grade, response, elapsed_ms=2300)
        p.due(family="boc_cai")                       # what to ask next
        p.due(game="to_tom")                          # what to ask next, of one game
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

from lessons import progress_rows as rows
from lessons.drills import FAMILIES, GAMES
from lessons.item import JSON, Grade, Item
from lessons.progress_db import connect, default_path, stamp
from lessons.progress_rows import DECKS, ITEM_COLUMNS, MEMORY_COLUMNS, ROW_ERRORS, Damaged
from lessons.srs import Memory, quality, rating, review
from replays.columns import BadColumn, choice_column

RECENT = 20  # answers the recent accuracy is taken over


__all__ = ["DECKS", "Answer", "Damaged", "Progress", "Scheduled", "Strength", "stamp"]


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
    """One progress database, open for reading and writing.

    Every row is read as untrusted (lessons/progress_rows.py): a damaged one is set aside —
    not asked, counted or rescheduled, never rewritten or deleted — and kept in ``damaged``
    (one entry per row) for the screen to say once.
    """

    def __init__(self, db: Database, path: Path) -> None:
        self.db = db
        self.path = path
        self.damaged: dict[tuple[str, str], Damaged] = {}
        # text that is not UTF-8 is read, not refused: the row it is in is then set aside
        db.conn.text_factory = _text

    def _set_aside(self, table: str, key: object, error: Exception) -> None:
        bad = rows.damaged(table, key, error)
        self.damaged.setdefault((table, bad.key), bad)

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
             rows.stored_json(item), stamp(now)))
        if cur.rowcount != 1:
            return False
        self._schedule(item.id, Memory(), now, insert=True)
        return True

    def _schedule(self, item_id: str, m: Memory, due: datetime, insert: bool = False) -> None:
        values = (m.state, m.step, m.stability, m.difficulty, m.reps, m.lapses,
                  int(m.last_correct), stamp(due),
                  None if m.last_at is None else stamp(m.last_at), item_id)
        if insert:
            # OR IGNORE: a schedule row left without its item (an edited file) stays as it is
            self.db.execute("INSERT OR IGNORE INTO schedule (state, step, stability, "
                            "difficulty, reps, "
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
               deck: str = "lessons") -> Scheduled | None:
        """Record an answer and reschedule the item (FSRS), in one transaction. None when the
        item's schedule row is damaged: the answer is kept, the row is left as it is."""
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
            if before is None:
                return None
            memory, due = review(before.memory, q, at)
            self._schedule(item.id, memory, due)
        return Scheduled(item.id, memory, stamp(due), before.deck)

    # ------------------------------------------------------------------------- reading

    def item(self, item_id: str) -> Item | None:
        """A stored item (None if there is none, or its row is damaged)."""
        row = self.db.execute(f"SELECT {ITEM_COLUMNS} FROM items i WHERE i.id = ?",
                              (item_id,)).fetchone()
        return None if row is None else self._item(row)

    def _item(self, row: Any) -> Item | None:
        try:
            return rows.item(row)[0]
        except ROW_ERRORS as error:
            self._set_aside("items", row[0], error)
            return None

    def _memory(self, key: object, row: Any) -> tuple[Memory, datetime] | None:
        try:
            return rows.memory(row)
        except ROW_ERRORS as error:
            self._set_aside("schedule", key, error)
            return None

    def scheduled(self, item_id: str) -> Scheduled | None:
        """An item's FSRS memory and due time (None if it has none, or its row is damaged)."""
        row = self.db.execute(
            f"SELECT {MEMORY_COLUMNS}, i.deck FROM schedule s JOIN items i ON i.id = s.item_id "
            "WHERE s.item_id = ?", (item_id,)).fetchone()
        if row is None:
            return None
        read = self._memory(item_id, row)
        if read is None:
            return None
        try:
            deck = choice_column(row[9], "deck", DECKS)
        except BadColumn as error:
            self._set_aside("items", item_id, error)
            return None
        return Scheduled(item_id, read[0], stamp(read[1]), deck)

    def known(self, item_id: str) -> bool:
        """Whether the item has a row, sound or damaged (a damaged one is never added again)."""
        row = self.db.execute(
            "SELECT EXISTS (SELECT 1 FROM items WHERE id = ?) OR EXISTS (SELECT 1 FROM "
            "schedule WHERE item_id = ?)", (item_id, item_id)).fetchone()
        return bool(row[0])

    def _where(self, family: str | None, deck: str | None,
               game: str | None = None) -> tuple[str, list[Any]]:
        clauses, args = [], []
        if family is not None:
            clauses.append("i.family = ?")
            args.append(family)
        if game is not None:
            names = list(GAMES[game])
            clauses.append(f"i.family IN ({', '.join('?' * len(names))})")
            args.extend(names)
        if deck is not None:
            clauses.append("i.deck = ?")
            args.append(deck)
        return "".join(f" AND {c}" for c in clauses), args

    def _rows(self, where: str, args: list[Any]) -> Iterator[tuple[Memory, datetime]]:
        """The memory and due time of every sound schedule row matching ``where`` (damaged
        rows set aside, and those of an item known to be damaged: ``damaged`` may hold what
        an earlier reading found, ``check`` all)."""
        for row in self.db.execute(
                f"SELECT {MEMORY_COLUMNS}, s.item_id FROM schedule s JOIN items i ON "
                f"i.id = s.item_id WHERE 1 = 1{where}", args):
            if ("items", row[9]) in self.damaged:
                continue
            read = self._memory(row[9], row)
            if read is not None:
                yield read

    def due(self, now: datetime | None = None, family: str | None = None,
            deck: str | None = None, limit: int = 20, game: str | None = None) -> list[Item]:
        """Items due at ``now``, the longest overdue first (damaged rows set aside); of one
        game's families only when ``game`` is given (``chan``, ``to_tom``)."""
        when = _now(now)
        where, args = self._where(family, deck, game)
        out: list[Item] = []
        cursor = self.db.execute(
            f"SELECT {MEMORY_COLUMNS}, {ITEM_COLUMNS} FROM schedule s JOIN items i ON "
            f"i.id = s.item_id WHERE s.due_at <= ?{where} ORDER BY s.due_at, i.created_at, i.id",
            (stamp(when), *args))
        for row in cursor:
            read = self._memory(row[9], row)
            if read is None or read[1] > when:
                continue
            it = self._item(row[9:])
            if it is not None:
                out.append(it)
                if len(out) >= limit:
                    break
        cursor.close()
        return out

    def next_due(self, family: str | None = None, deck: str | None = None,
                 game: str | None = None) -> str | None:
        """When the next item falls due (stored time text), or None when there is none."""
        where, args = self._where(family, deck, game)
        first = min((due for _, due in self._rows(where, args)), default=None)
        return None if first is None else stamp(first)

    def answers(self, item_id: str | None = None) -> list[Answer]:
        """Recorded answers, oldest first (of one item, or all; damaged rows set aside)."""
        sql = ("SELECT item_id, answered_at, correct, quality, rating, elapsed_ms, response, "
               "rule_ids, id FROM answers")
        found = self.db.execute(
            sql + (" WHERE item_id = ?" if item_id else "") + " ORDER BY id",
            (item_id,) if item_id else ())
        return [a for a in map(self._answer, found) if a is not None]

    def _answer(self, row: Any) -> Answer | None:
        try:
            values = rows.answer_values(row)
        except ROW_ERRORS as error:
            self._set_aside("answers", row[8], error)
            return None
        item_id, at, correct, q, r, elapsed, response, rule_ids = values
        return Answer(item_id, stamp(at), correct, q, r, elapsed, response, rule_ids)

    def source_games(self, family: str) -> set[int]:
        """The saved games the family's items were taken from (``source.game_id``)."""
        out: set[int] = set()
        for row in self.db.execute(f"SELECT {ITEM_COLUMNS} FROM items i WHERE i.family = ?",
                                   (family,)):
            it = self._item(row)
            game = it.source.get("game_id") if it is not None else None
            if isinstance(game, int) and not isinstance(game, bool):
                out.add(game)
        return out

    def check(self) -> list[Damaged]:
        """Read every row of the three tables (nothing is written): the damaged ones, each
        once (also kept in ``damaged``)."""
        for row in self.db.execute(f"SELECT {ITEM_COLUMNS} FROM items i"):
            self._item(row)
        for row in self.db.execute(f"SELECT {MEMORY_COLUMNS}, s.item_id, i.id IS NOT NULL "
                                   "FROM schedule s LEFT JOIN items i ON i.id = s.item_id"):
            if self._memory(row[9], row) is not None and not row[10]:
                self._set_aside("schedule", row[9], _ORPHAN)
        for row in self.db.execute(
                "SELECT a.item_id, a.answered_at, a.correct, a.quality, a.rating, "
                "a.elapsed_ms, a.response, a.rule_ids, a.id, i.id IS NOT NULL FROM answers a "
                "LEFT JOIN items i ON i.id = a.item_id"):
            if self._answer(row) is not None and not row[9]:
                self._set_aside("answers", row[8], _ORPHAN)
        return list(self.damaged.values())

    def _families(self, game: str | None) -> Iterator[str]:
        if game is not None:
            yield from GAMES[game]
            return
        yield from FAMILIES
        for (name,) in self.db.execute("SELECT DISTINCT family FROM items WHERE typeof(family) "
                                       "= 'text' ORDER BY family"):
            if name not in FAMILIES:
                yield name

    def strengths(self, now: datetime | None = None, deck: str | None = None,
                  game: str | None = None) -> dict[str, Strength]:
        """Every family's standing (families never practised included, at 0; damaged rows
        set aside): Chắn's and any other family practised, or the families of ``game``."""
        when = _now(now)
        out: dict[str, Strength] = {}
        for fam in self._families(game):
            where, args = self._where(fam, deck)
            read = list(self._rows(where, args))
            seen = [m for m, _ in read if m.last_at is not None]
            recent: list[bool] = []
            for row in self.db.execute(
                    "SELECT a.item_id, a.answered_at, a.correct, a.quality, a.rating, "
                    "a.elapsed_ms, a.response, a.rule_ids, a.id FROM answers a JOIN items i ON "
                    f"i.id = a.item_id WHERE 1 = 1{where} ORDER BY a.id DESC", args):
                answer = self._answer(row)
                if answer is not None:
                    recent.append(answer.correct)
                    if len(recent) >= RECENT:
                        break
            answers = self.db.execute(
                "SELECT COUNT(*) FROM answers a JOIN items i ON i.id = a.item_id "
                f"WHERE 1 = 1{where}", args).fetchone()[0]
            out[fam] = Strength(
                family=fam, items=len(seen), new=len(read) - len(seen), answers=answers,
                due=sum(1 for _, due in read if due <= when),
                mature=sum(1 for m in seen if m.mature),
                recent_accuracy=sum(recent) / len(recent) if recent else None,
                strength=sum(m.strength(when) for m in seen) / len(seen) if seen else 0.0)
        return out


_ORPHAN = BadColumn("'item_id' names no item of the file",
                         "'item_id' không chỉ đến câu hỏi nào trong tệp")


def _text(data: bytes) -> str:
    """SQLite text as Python text; bytes that are not UTF-8 are replaced, never raised."""
    return data.decode("utf-8", errors="replace")
