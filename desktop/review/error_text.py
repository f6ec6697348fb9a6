"""What Xem lại tells the learner when something fails: the current language's text first.

The record layer's errors carry both languages (RecordError.vi / .en), and the store says a
game is missing with a bare KeyError (its id), which means nothing to a learner; both
screens of Xem lại (the library and the viewer) and the statistics word errors here.
"""

from __future__ import annotations

import sqlite3

from desktop.i18n import pick, translate
from replays.errors import RecordError, cause_of, database_error


def error_text(error: BaseException, game_id: int | None = None) -> str:
    """The learner's language first, then the other one when the error has both; a missing
    game (`game_id`, or the id the KeyError names) as a sentence; a database or disk that
    failed by its real cause (locked, full, no permission, damaged: replays.errors)."""
    if isinstance(error, sqlite3.Error) or (isinstance(error, OSError)
                                            and cause_of(error) is not None):
        error = database_error(str(getattr(error, "filename", None) or ""), error)
    if isinstance(error, RecordError):
        return f"{pick(error.vi, error.en)}\n\n{pick(error.en, error.vi)}"
    if isinstance(error, KeyError):
        named = error.args[0] if error.args else None
        wanted = game_id if game_id is not None else named
        return translate("ReviewErrors", "Ván #{id} không có trong thư viện (có thể tệp dữ "
                                         "liệu đã bị sửa hoặc thay).").format(
            id=wanted if wanted is not None else "?")
    if isinstance(error, OSError) and error.filename is not None:
        return translate("ReviewErrors", "Không đọc hoặc ghi được tệp {file}: {why}").format(
            file=error.filename, why=error.strerror or error)
    return str(error)
