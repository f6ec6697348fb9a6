"""The values of a replay database's columns, read as untrusted input (issue 13, class 5).

A database the learner brought from elsewhere, or one edited by hand or by another program,
may hold anything in any column: NULL where text belongs, a number or bytes instead of JSON,
JSON nested thousands deep, a number too large for any game. Each reader here either returns
a value the record layer can use or raises ``BadColumn`` (a ValueError) saying, in English
and Vietnamese, what the column should hold; the store turns it into a located problem
(``problem``), so the command line exits 2 and the desktop says what is wrong — never
"internal error".
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeGuard

from replays.errors import Problem, problem_of

ROW_ID_MAX = (1 << 63) - 1  # SQLite's INTEGER: a larger id cannot even be asked for
POSITION_MAX = 1 << 32  # no hội holds more games than this (positions count from 0)
SHOWN_MAX = 40  # characters of a bad text value quoted in a message

# What reading an untrusted value may raise besides ValueError: the engine's and the record
# layer's readers check shapes, but a hostile value is answered as bad data all the same.
PARSE_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError)


class BadColumn(ValueError):
    """A column whose value cannot be what it should: ``en`` / ``vi`` say what it should be."""

    def __init__(self, en: str, vi: str) -> None:
        super().__init__(en)
        self.en = en
        self.vi = vi


def _kind(value: object) -> tuple[str, str]:
    if value is None:
        return "NULL", "rỗng (NULL)"
    if isinstance(value, bytes):
        return "binary data", "dữ liệu nhị phân"
    if isinstance(value, bool | int | float):
        return f"the number {value!r}", f"số {value!r}"
    return f"a {type(value).__name__}", f"kiểu {type(value).__name__}"


def json_column(value: object, column: str) -> Any:
    """The JSON held by a text column; BadColumn if it is not JSON text."""
    if not isinstance(value, str):
        en, vi = _kind(value)
        raise BadColumn(f"'{column}' holds {en}, not JSON text (an edited database?)",
                        f"'{column}' chứa {vi}, không phải văn bản JSON (cơ sở dữ liệu đã bị "
                        f"sửa?)")
    try:
        return json.loads(value)
    except RecursionError:
        raise BadColumn(f"'{column}' holds JSON nested too deeply to be a game record",
                        f"'{column}' chứa JSON lồng nhau quá sâu, không thể là bản ghi ván "
                        f"đấu") from None
    except ValueError as e:
        raise BadColumn(f"'{column}' is not valid JSON ({e})",
                        f"'{column}' không phải JSON hợp lệ ({e})") from None


def must_be(value: object, column: str, en: str, vi: str) -> BadColumn:
    """The error for a column that must be `en` (`vi` in Vietnamese) and holds `value`."""
    if isinstance(value, str):  # shortened: a hostile value may be megabytes long
        shown = repr(value) if len(value) <= SHOWN_MAX else f"{value[:SHOWN_MAX]!r}…"
        got_en = got_vi = shown
    else:
        got_en, got_vi = _kind(value)
    return BadColumn(f"'{column}' must be {en}, not {got_en}",
                     f"'{column}' phải là {vi}, không phải {got_vi}")


def _whole(value: object) -> TypeGuard[int]:
    """Whether `value` is a whole number (bool, though an int to Python, is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def text_column(value: object, column: str) -> str | None:
    """A text column that may be NULL (a time, a version)."""
    if value is None or isinstance(value, str):
        return value
    raise must_be(value, column, "text or NULL", "văn bản hoặc rỗng")


def choice_column(value: object, column: str, choices: Iterable[str]) -> str:
    """A column that holds one of a few words (a mode, a status)."""
    allowed = tuple(choices)
    if isinstance(value, str) and value in allowed:
        return value
    names = ", ".join(allowed)
    raise must_be(value, column, f"one of {names}", f"một trong {names}")


def whole_column(value: object, column: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (a count, a code, a flag)."""
    if _whole(value) and low <= value <= high:
        return value
    raise must_be(value, column, f"a whole number from {low} to {high}",
                   f"số nguyên từ {low} đến {high}")


def real_column(value: object, column: str, low: float, high: float) -> float:
    """A finite number from ``low`` to ``high`` (a whole number is one too)."""
    if (_whole(value) or isinstance(value, float)) and low <= value <= high:
        return float(value)  # NaN and the infinities fail the comparison above
    raise must_be(value, column, f"a number from {low:g} to {high:g}",
                   f"số từ {low:g} đến {high:g}")


def seat_column(value: object, column: str, players: int) -> int | None:
    """A seat number (0 .. players-1) or NULL."""
    if value is None or (_whole(value) and 0 <= value < players):
        return value
    raise must_be(value, column, f"a seat from 0 to {players - 1} or NULL",
                   f"số ghế từ 0 đến {players - 1} hoặc rỗng")


def position_column(value: object) -> int:
    """A game's place in its hội: 0, 1, 2, ..."""
    if _whole(value) and 0 <= value < POSITION_MAX:
        return value
    raise must_be(value, "position", "the game's place in its hội (0, 1, 2, ...)",
                   "thứ tự của ván trong hội (0, 1, 2, ...)")


def fits_row_id(value: object) -> bool:
    """Whether ``value`` can be a row id at all (SQLite cannot even look up a larger one)."""
    return _whole(value) and -ROW_ID_MAX - 1 <= value <= ROW_ID_MAX


def problem(error: Exception, game: int | None, event: int | None, part: str) -> Problem:
    """A located problem from what reading a column raised: its own words for a BadColumn,
    the engine's (replays.errors.problem_of) otherwise."""
    if isinstance(error, BadColumn):
        return Problem(game, event, part, error.en, error.vi)
    if isinstance(error, RecursionError):
        return Problem(game, event, part, "nested too deeply to be a game record",
                       "lồng nhau quá sâu, không thể là bản ghi ván đấu")
    if not isinstance(error, ValueError):  # a shape the reader did not expect
        return Problem(game, event, part, f"not a valid value ({type(error).__name__}: "
                                          f"{error})",
                       f"giá trị không hợp lệ ({type(error).__name__}: {error})")
    return problem_of(error, game, event, part)
