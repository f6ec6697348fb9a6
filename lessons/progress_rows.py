"""The rows of progress.db read as untrusted input (issue 20), as replays/columns.py reads
replays.db.

progress.db may have been edited by hand or by another program, or damaged on its disk: any
column may hold NULL, a number of any size, bytes, text that is no time or no JSON. Each reader
here returns values the lessons can use — checked so that FSRS, the graders and the screens
can never be handed something they would fail on — or raises ``BadColumn`` saying, in English
and Vietnamese, what the column should hold. lessons.progress sets such a row aside: it is not
asked, counted or rescheduled, never rewritten or deleted, and it is said once (``Damaged``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fsrs import State

from lessons.drills import ALL_FAMILIES
from lessons.item import JSON, Item, Text
from lessons.srs import Memory
from replays.columns import (
    PARSE_ERRORS,
    SHOWN_MAX,
    BadColumn,
    choice_column,
    json_column,
    must_be,
    real_column,
    whole_column,
)

DECKS = ("lessons", "mistakes")
MAX_COUNT = (1 << 31) - 1  # answers or lapses of one item: more is nobody's practice
MAX_STEP = 100  # FSRS (re)learning steps; this program uses one
MAX_STABILITY = 1e6  # days (FSRS caps intervals at 100 years)
MAX_ELAPSED_MS = 1 << 53
MAX_ID = 200  # characters of an item id ("boc_cai-" and 16 hex digits)
MAX_TIME = 64  # characters of a stored time
STATES = tuple(s.value for s in State)

# What reading a hostile row may raise besides BadColumn (a ValueError): the item's shape is
# checked field by field, but a grader or FSRS handed an unexpected value answers alike.
ROW_ERRORS = (*PARSE_ERRORS, ArithmeticError)


@dataclass(frozen=True, slots=True)
class Damaged:
    """A row set aside: where it is (``table``, its ``key``) and what is wrong with it."""

    table: str  # items | answers | schedule
    key: str  # the item id or the answer number, shortened
    en: str
    vi: str

    def text(self) -> Text:
        """"Schedule of item boc_cai-1f0c…: 'last_at' must be …", in both languages."""
        where = _WHERE[self.table]
        return Text(f"{where.vi} {self.key}: {self.vi}", f"{where.en} {self.key}: {self.en}")


_WHERE = {"items": Text("câu hỏi", "item"), "answers": Text("câu trả lời số", "answer"),
          "schedule": Text("lịch ôn của câu", "schedule of item")}


def key_text(value: object) -> str:
    """A row's key as a message names it (a hostile key may be anything, of any length)."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= SHOWN_MAX else f"{text[:SHOWN_MAX]}…"


def damaged(table: str, key: object, error: Exception) -> Damaged:
    """The Damaged of a row whose reading raised ``error``."""
    if isinstance(error, BadColumn):
        en, vi = error.en, error.vi
    elif isinstance(error, RecursionError):
        en, vi = "nested too deeply", "lồng nhau quá sâu"
    else:  # a shape the readers did not foresee: said, never raised
        said = str(error)[:SHOWN_MAX * 2]
        en = f"not a valid value ({type(error).__name__}: {said})"
        vi = f"giá trị không hợp lệ ({type(error).__name__}: {said})"
    return Damaged(table, key_text(key), en, vi)


# --------------------------------------------------------------------------- columns


def id_column(value: object, column: str) -> str:
    """An item id: text, short."""
    if isinstance(value, str) and 0 < len(value) <= MAX_ID:
        return value
    raise must_be(value, column, "an item id (short text)", "mã câu hỏi (văn bản ngắn)")


def time_column(value: object, column: str) -> datetime:
    """A stored time: ISO 8601 text with its time zone (lessons.progress_db.stamp)."""
    if isinstance(value, str) and len(value) <= MAX_TIME:
        try:
            t = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if t.tzinfo is not None and t.utcoffset() is not None:
                return t
    raise must_be(value, column, "a time with its time zone (as 2025-03-01T09:00:00+00:00)",
               "thời điểm kèm múi giờ (như 2025-03-01T09:00:00+00:00)")


def _optional(value: object, read: Any, *args: Any) -> Any:
    return None if value is None else read(value, *args)


# --------------------------------------------------------------------------- rows

# The columns of one schedule row, in the order ``memory`` reads them.
MEMORY_COLUMNS = ("s.state, s.step, s.stability, s.difficulty, s.last_at, s.reps, s.lapses, "
                  "s.last_correct, s.due_at")


def memory(row: Any) -> tuple[Memory, datetime]:
    """An item's FSRS memory and due time from the MEMORY_COLUMNS of its schedule row."""
    state = whole_column(row[0], "state", min(STATES), max(STATES))
    step = _optional(row[1], whole_column, "step", 0, MAX_STEP)
    stability = _optional(row[2], real_column, "stability", 1e-3, MAX_STABILITY)
    difficulty = _optional(row[3], real_column, "difficulty", 1.0, 10.0)
    last = _optional(row[4], time_column, "last_at")
    reps = whole_column(row[5], "reps", 0, MAX_COUNT)
    lapses = whole_column(row[6], "lapses", 0, reps)
    last_correct = whole_column(row[7], "last_correct", 0, 1)
    due = time_column(row[8], "due_at")
    answered = last is not None
    if (stability is None or difficulty is None) == answered:
        raise BadColumn("'stability', 'difficulty' and 'last_at' must all be set (an item "
                        "answered) or all be NULL (an item never answered)",
                        "'stability', 'difficulty' và 'last_at' phải cùng có giá trị (câu đã "
                        "trả lời) hoặc cùng rỗng (câu chưa trả lời)")
    if state != State.Review.value and step is None:
        raise BadColumn("'step' must be set while an item is (re)learnt (state 1 or 3)",
                        "'step' phải có giá trị khi câu đang được học (lại) (state 1 hoặc 3)")
    m = Memory(state, step, stability, difficulty, last, reps, lapses, bool(last_correct))
    m.retrievability(due)  # FSRS itself must take it (a last answer centuries away, …)
    return m, due


def answer_values(row: Any) -> tuple[str, datetime, bool, int, int, int | None, JSON,
                                     tuple[str, ...]]:
    """One row of ``answers`` (item_id, answered_at, correct, quality, rating, elapsed_ms,
    response, rule_ids), checked."""
    item_id = id_column(row[0], "item_id")
    at = time_column(row[1], "answered_at")
    correct = whole_column(row[2], "correct", 0, 1)
    quality = whole_column(row[3], "quality", 0, 5)
    rating = whole_column(row[4], "rating", 1, 4)
    elapsed = _optional(row[5], whole_column, "elapsed_ms", 0, MAX_ELAPSED_MS)
    response = None if row[6] is None else json_column(row[6], "response")
    rules = json_column(row[7], "rule_ids")
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise BadColumn("'rule_ids' must be a JSON list of rule ids",
                        "'rule_ids' phải là danh sách JSON các mã luật")
    return item_id, at, bool(correct), quality, rating, elapsed, response, tuple(rules)


# The columns of one items row, in the order ``item`` reads them.
ITEM_COLUMNS = "i.id, i.family, i.kind, i.deck, i.data, i.created_at"


def item(row: Any) -> tuple[Item, str]:
    """An item and its deck from the ITEM_COLUMNS of its row: its JSON must be an item this
    version can ask, the very one its id names (the id is a digest of the position)."""
    item_id = id_column(row[0], "id")
    family = choice_column(row[1], "family", ALL_FAMILIES)
    kind = choice_column(row[2], "kind", ALL_FAMILIES[family].kinds)
    deck = choice_column(row[3], "deck", DECKS)
    time_column(row[5], "created_at")
    it = item_of(json_column(row[4], "data"))
    if (it.family, it.kind) != (family, kind) or it.id != item_id:
        raise BadColumn("'data' holds another item than the row's id names",
                        "'data' chứa một câu hỏi khác với câu mà mã của hàng chỉ đến")
    if family == "nuoc_hay":  # its grader reads the stored answer (the moves' values)
        ALL_FAMILIES[family].grade(it, 1)
    return it, deck


def item_of(data: JSON) -> Item:
    """An Item from the JSON ``Item.to_json`` wrote, every field checked."""
    what = ("an item's JSON object (family, kind, question, position, answer)",
            "đối tượng JSON của một câu hỏi (family, kind, question, position, answer)")
    if not isinstance(data, dict) or not {"family", "kind", "question", "position",
                                          "answer"} <= data.keys():
        raise BadColumn(f"'data' must be {what[0]}", f"'data' phải là {what[1]}")
    q, rules, source = data["question"], data.get("rules", []), data.get("source", {})
    if not (isinstance(data["family"], str) and isinstance(data["kind"], str)
            and isinstance(q, dict) and isinstance(q.get("vi"), str)
            and isinstance(q.get("en"), str) and isinstance(rules, list)
            and all(isinstance(r, str) for r in rules) and isinstance(source, dict)):
        raise BadColumn(f"'data' must be {what[0]}", f"'data' phải là {what[1]}")
    return Item(data["family"], data["kind"], Text(q["vi"], q["en"]), data["position"],
                data["answer"], tuple(rules), dict(source))


def stored_json(item_: Item) -> str:
    """What ``items.data`` holds for an item."""
    return json.dumps(item_.to_json(), ensure_ascii=False)
