"""Errors of the record layer: each says what is wrong and where, in English and Vietnamese.

Everything here is *bad input* (the CLI exits 2): a file that is not a record, a record that
breaks FORMATS.md, a database this version cannot read. Bugs stay ordinary exceptions.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from engine.actions import Act, Action
from engine.errors import (
    BadAction,
    BadCardCode,
    BadDeal,
    BadRules,
    BaoRestricted,
    CardNotHeld,
    ChanError,
    ForbiddenMove,
    GameOver,
    IllegalAction,
    NocMismatch,
    NothingToEat,
    NotYourTurn,
)

MAX_LISTED = 20  # problems shown in one message; the rest are counted


class RecordError(Exception):
    """Bad input: a message in English (``en``) and in Vietnamese (``vi``)."""

    def __init__(self, en: str, vi: str) -> None:
        self.en = en
        self.vi = vi
        super().__init__(f"{en}\n{vi}")


class BadFile(RecordError):
    """A file that cannot be read as a record at all (size, encoding, JSON, database)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem of a record and its place: the game index and the event index (FORMATS)."""

    game: int | None
    event: int | None
    part: str  # what part of the record: "events", "deal", "rules", "players", ...
    en: str
    vi: str

    def where_en(self) -> str:
        """``game 2, event 17`` / ``game 0, deal`` / ``rules``."""
        bits = [] if self.game is None else [f"game {self.game}"]
        bits.append(self.part if self.event is None else f"event {self.event}")
        return ", ".join(bits)

    def where_vi(self) -> str:
        """``ván 2, nước 17`` / ``ván 0, chia bài`` / ``luật làng``."""
        bits = [] if self.game is None else [f"ván {self.game}"]
        bits.append(_PART_VI.get(self.part, self.part) if self.event is None
                    else f"nước {self.event}")
        return ", ".join(bits)


_PART_VI = {"deal": "chia bài", "events": "danh sách nước đi", "rules": "luật làng",
            "players": "người chơi", "game": "ván", "file": "tệp", "format": "định dạng",
            "games": "danh sách ván", "thong_seat": "thông", "mode": "chế độ chơi",
            "session": "hội", "status": "trạng thái ván", "position": "thứ tự ván",
            "ruleset": "trò chơi", "carried": "hội mang sang", "pool": "tiền góp của hội",
            "debts": "nợ chèo đò"}


class BadRecord(RecordError):
    """A record that breaks FORMATS.md; ``problems`` lists every problem found, with its place."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        head = f"{source}: " if source else ""
        shown = problems[:MAX_LISTED]
        more = len(problems) - len(shown)
        en = [f"{head}{p.where_en()}: {p.en}" for p in shown]
        vi = [f"{head}{p.where_vi()}: {p.vi}" for p in shown]
        if more:
            en.append(f"... and {more} more problem(s)")
            vi.append(f"... và {more} lỗi nữa")
        super().__init__("\n".join(en), "\n".join(vi))

    def located(self, source: str) -> BadRecord:
        """The same problems, named after the file they were found in."""
        return BadRecord(self.problems, source)


def problem_of(error: Exception, game: int | None, event: int | None, part: str,
               action: Action | None = None) -> Problem:
    """A located problem from an engine error: the engine's words and a Vietnamese summary."""
    return Problem(game, event, part, str(error), _vi(error, action))


def _vi(error: Exception, action: Action | None) -> str:
    """What the engine error means, in Vietnamese (the engine's own words are English)."""
    seat = f"ghế {error.seat}" if isinstance(error, IllegalAction) else ""
    act = f" ({action})" if action is not None else ""
    if isinstance(error, CardNotHeld):
        card = "" if action is None or action.card is None else f" {action.card}"
        return f"{seat} không có quân{card} trên tay{act}"
    if isinstance(error, BaoRestricted):
        return f"{seat} đã bị báo, chỉ được bốc và dưới (R4.8){act}"
    if isinstance(error, NotYourTurn):
        return f"chưa đến lượt {seat}{act}"
    if isinstance(error, NothingToEat):
        return f"{seat} không có quân nào để ăn như vậy{act}"
    if isinstance(error, GameOver):
        return f"ván đã kết thúc, không thể có thêm nước đi{act}"
    if isinstance(error, NocMismatch):
        return f"quân bốc không phải quân trên cùng của nọc{act}"
    if isinstance(error, ForbiddenMove):
        return f"chế độ nghiêm cấm nước đi phạm lỗi này{act}"
    if isinstance(error, IllegalAction):
        if action is not None and action.act is Act.RETURN:
            return f"trả cửa chỉ được ngay sau khi chính mình chíu (R4.6){act}"
        return f"nước đi không thể có của {seat}{act}"
    if isinstance(error, BadCardCode):
        return "mã quân bài không đúng (viết như '9v', '9n', '9s' hoặc 'cc')"
    if isinstance(error, BadDeal):
        return error.vi or "chia bài không hợp lệ (R2)"
    if isinstance(error, BadRules):
        return error.vi or "luật làng không hợp lệ (xem RULES R11)"
    if isinstance(error, BadAction):
        return error.vi or "nước đi viết sai định dạng (xem FORMATS.md)"
    if isinstance(error, ChanError) and error.vi:  # a ruleset's own error (Tổ tôm's BadDeal…)
        return error.vi
    return "dữ liệu không hợp lệ"


def write_cause(error: sqlite3.Error, path: Path | None = None) -> tuple[str, str]:
    """Why SQLite could not write, in English and Vietnamese: a database locked by another
    program past the busy wait, a full disk, a disk turned read-only, a read-only file, a disk
    error (issue 13). With ``path``, the disk the database is on is asked too (cause_at)."""
    # the one classification (below), shared with database_error
    cause = cause_of(error) if path is None else cause_at(error, path)
    text = str(error)
    if cause == LOCKED:
        return ("the database is locked by another program (still busy after waiting)",
                "cơ sở dữ liệu đang bị chương trình khác khoá (vẫn bận sau khi chờ)")
    if cause == FULL:
        return "the disk is full", "ổ đĩa đã đầy"
    if cause == READONLY:
        return _WORDS[READONLY]
    if cause == MOVED:
        return _WORDS[MOVED]
    if cause == PERMISSION:
        return ("the database cannot be written (a read-only file or folder)",
                "không ghi được cơ sở dữ liệu (tệp hoặc thư mục chỉ cho đọc)")
    if cause == DISK:
        return f"a disk read/write error ({text})", f"lỗi đọc/ghi ổ đĩa ({text})"
    return f"the database refused the write ({text})", f"cơ sở dữ liệu từ chối ghi ({text})"


# ----------------------------------------------------------------------- database causes
# Why a database could not be used, judged once here from SQLite's own error code (or the
# system's errno) and worded for the command line and the desktop alike (issue 13, class 5).

LOCKED = "locked"  # SQLITE_BUSY / SQLITE_LOCKED: another program holds it past the wait
FULL = "full"  # SQLITE_FULL / ENOSPC / EDQUOT: no room left on the disk
PERMISSION = "permission"  # SQLITE_CANTOPEN / PERM / READONLY / AUTH, EACCES / EPERM
READONLY = "readonly"  # EROFS, or the disk found mounted read-only (cause_at): issue 20
MOVED = "moved"  # SQLITE_READONLY_DBMOVED: the file was renamed or deleted while open
DAMAGED = "damaged"  # SQLITE_NOTADB / SQLITE_CORRUPT, or anything else SQLite refuses
DISK = "disk"  # SQLITE_IOERR / EIO: the disk itself failed

_SQLITE_CAUSES = {
    sqlite3.SQLITE_BUSY: LOCKED, sqlite3.SQLITE_LOCKED: LOCKED, sqlite3.SQLITE_FULL: FULL,
    sqlite3.SQLITE_CANTOPEN: PERMISSION, sqlite3.SQLITE_PERM: PERMISSION,
    sqlite3.SQLITE_READONLY: PERMISSION, sqlite3.SQLITE_AUTH: PERMISSION,
    sqlite3.SQLITE_NOTADB: DAMAGED, sqlite3.SQLITE_CORRUPT: DAMAGED,
    sqlite3.SQLITE_IOERR: DISK,
}
_ERRNO_CAUSES = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EACCES: PERMISSION,
                 errno.EPERM: PERMISSION, errno.EROFS: READONLY, errno.EIO: DISK,
                 errno.EBUSY: LOCKED}


def cause_of(error: BaseException) -> str | None:
    """The real cause of a failed database or file operation: LOCKED, FULL, PERMISSION,
    READONLY, MOVED, DAMAGED or DISK; None when it is none of these (then it is a bug, not
    the user's). SQLite's own code does not tell a read-only disk from a read-only file:
    ``cause_at`` asks the disk."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if isinstance(code, int):
            if code == sqlite3.SQLITE_IOERR_SHMSIZE:  # its index could not grow: no room
                return FULL
            if code == sqlite3.SQLITE_READONLY_DBMOVED:
                return MOVED
            cause = _SQLITE_CAUSES.get(code & 0xFF)
            if cause is not None:
                return cause
        text = str(error).lower()  # sqlite3 errors made without a code (old or wrapped)
        for words, cause in (("locked", LOCKED), ("busy", LOCKED), ("full", FULL),
                             ("readonly", PERMISSION), ("unable to open", PERMISSION),
                             ("disk i/o", DISK), ("not a database", DAMAGED),
                             ("malformed", DAMAGED)):
            if words in text:
                return cause
        return DAMAGED if isinstance(error, sqlite3.DatabaseError) else None
    if isinstance(error, OSError):
        return _ERRNO_CAUSES.get(error.errno or 0)
    return None


def cause_at(error: BaseException, path: Path) -> str | None:
    """``cause_of``, with the disk that holds ``path`` asked when SQLite's words are vague:
    a disk mounted read-only (as after an error, ``errors=remount-ro``) is READONLY, not a
    "disk I/O error" nor a permission; a disk with no free block left is FULL."""
    cause = cause_of(error)
    if cause in (DISK, PERMISSION, None) and _disk_flag(path, "read_only"):
        return READONLY
    if cause in (DISK, None) and _disk_flag(path, "full"):
        return FULL
    return cause


def _disk_flag(path: Path, flag: str) -> bool:
    """Whether the disk holding ``path`` is mounted read-only (``read_only``) or has no free
    block left (``full``); False when it cannot be told (no statvfs on Windows)."""
    try:
        st = os.statvfs(path if path.is_dir() else path.parent)
    except (OSError, AttributeError):
        return False
    if flag == "read_only":
        return bool(st.f_flag & os.ST_RDONLY)
    return st.f_bavail == 0


class DatabaseProblem(BadFile):
    """A database that cannot be used, for a real cause (``cause``: one of LOCKED, FULL,
    PERMISSION, READONLY, MOVED, DAMAGED, DISK) said in both languages."""

    def __init__(self, en: str, vi: str, cause: str) -> None:
        super().__init__(en, vi)
        self.cause = cause


_WORDS: dict[str, tuple[str, str]] = {
    LOCKED: ("the database is in use by another program (it stayed locked past the wait); "
             "close that program or wait for it to finish, then try again",
             "cơ sở dữ liệu đang được một chương trình khác dùng (vẫn bị khoá sau thời gian "
             "chờ); hãy đóng chương trình đó hoặc chờ nó xong rồi thử lại"),
    FULL: ("the disk is full; free some space, then try again",
           "ổ đĩa đã đầy; hãy giải phóng bớt dung lượng rồi thử lại"),
    PERMISSION: ("no permission to open or write it (check the rights of the file and its "
                 "folder, or a read-only disk)",
                 "không có quyền mở hoặc ghi tệp (hãy kiểm tra quyền của tệp và thư mục chứa "
                 "nó, hoặc ổ đĩa chỉ cho đọc)"),
    READONLY: ("the disk is read-only (it may have been switched to read-only after a disk "
               "error); nothing can be written there until it is writable again",
               "ổ đĩa đang chỉ cho đọc (có thể bị chuyển sang chỉ đọc sau một lỗi ổ đĩa); "
               "không ghi được gì vào đó cho đến khi ghi lại được"),
    MOVED: ("the database file was moved, renamed or deleted while in use",
            "tệp cơ sở dữ liệu đã bị chuyển, đổi tên hoặc xoá trong khi đang dùng"),
    DAMAGED: ("the database is damaged or truncated",
              "cơ sở dữ liệu bị hỏng hoặc bị cắt cụt"),
    DISK: ("the disk reported a read/write error", "ổ đĩa báo lỗi đọc/ghi"),
}


def database_error(name: str, error: BaseException, cause: str | None = None) -> BadFile:
    """The bad-input error for a database ``name`` that could not be used, naming its real
    cause (``cause``, or the one ``cause_of`` finds; DAMAGED when none is known) in both
    languages, with the system's own words beside it."""
    cause = cause or cause_of(error) or DAMAGED
    en, vi = _WORDS[cause]
    said = str(error)
    if isinstance(error, OSError) and error.strerror:
        said = error.strerror if error.filename is None or str(error.filename) == name \
            else f"{error.strerror}: {error.filename}"
    detail = f" ({said})" if said else ""
    head = f"{name}: " if name else ""
    return DatabaseProblem(f"{head}{en}{detail}", f"{head}{vi}{detail}", cause)
