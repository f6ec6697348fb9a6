"""Errors of the record layer: each says what is wrong and where, in English and Vietnamese.

Everything here is *bad input* (the CLI exits 2): a file that is not a record, a record that
breaks FORMATS.md, a database this version cannot read. Bugs stay ordinary exceptions.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Act, Action
from engine.errors import (
    BadAction,
    BadCardCode,
    BadDeal,
    BadRules,
    BaoRestricted,
    CardNotHeld,
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
            "games": "danh sách ván", "thong_seat": "thông", "mode": "chế độ chơi"}


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
        return "luật làng không hợp lệ (xem RULES R11)"
    if isinstance(error, BadAction):
        return "nước đi viết sai định dạng (xem FORMATS.md)"
    return "dữ liệu không hợp lệ"
