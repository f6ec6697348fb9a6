"""Every keyboard shortcut of the program, in one table: the screens bind their actions from
it and the help screen (F1) lists it, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from desktop.i18n import translate


class Section(StrEnum):
    """Where a shortcut works."""

    APP = "app"
    PLAY = "play"
    CALL = "call"
    WARNING = "warning"
    REVIEW = "review"


@dataclass(frozen=True, slots=True)
class Binding:
    """One command: its id, its keys (QKeySequence text) and where it works."""

    id: str
    keys: tuple[str, ...]
    section: Section


BINDINGS: tuple[Binding, ...] = (
    Binding("help", ("F1",), Section.APP),
    Binding("learn", ("Ctrl+1",), Section.APP),
    Binding("play", ("Ctrl+2",), Section.APP),
    Binding("review", ("Ctrl+3",), Section.APP),
    Binding("new_session", ("Ctrl+N",), Section.APP),
    Binding("settings", ("Ctrl+,",), Section.APP),
    Binding("language", ("Ctrl+L",), Section.APP),
    Binding("mute", ("Ctrl+M",), Section.APP),
    Binding("about", ("Ctrl+I",), Section.APP),
    Binding("quit", ("Ctrl+Q",), Section.APP),
    Binding("next_card", ("Right",), Section.PLAY),
    Binding("prev_card", ("Left",), Section.PLAY),
    Binding("use_card", ("Return", "Enter", "Space"), Section.PLAY),
    Binding("eat", ("A",), Section.PLAY),
    Binding("draw", ("B",), Section.PLAY),
    Binding("pass", ("D",), Section.PLAY),
    Binding("chiu", ("C",), Section.PLAY),
    Binding("win", ("U",), Section.PLAY),
    Binding("decline", ("Escape", "X"), Section.PLAY),
    Binding("hint", ("H",), Section.PLAY),
    Binding("next_game", ("N",), Section.PLAY),
    Binding("call_add", ("Return",), Section.CALL),
    Binding("call_remove", ("Delete",), Section.CALL),
    Binding("call_more", ("+",), Section.CALL),
    Binding("call_less", ("-",), Section.CALL),
    Binding("call_up", ("Ctrl+Up",), Section.CALL),
    Binding("call_down", ("Ctrl+Down",), Section.CALL),
    Binding("call_submit", ("Ctrl+Return",), Section.CALL),
    Binding("take_back", ("Escape", "Backspace"), Section.WARNING),
    Binding("play_anyway", ("Ctrl+Return",), Section.WARNING),
    Binding("refresh", ("F5",), Section.REVIEW),
)
_BY_ID = {b.id: b for b in BINDINGS}


def binding(command: str) -> Binding:
    """The binding of a command id."""
    return _BY_ID[command]


def keys_of(command: str) -> tuple[str, ...]:
    """The keys of a command id."""
    return _BY_ID[command].keys


def key_hint(command: str) -> str:
    """The first key of a command, as shown under a button ("A", "Esc")."""
    key = _BY_ID[command].keys[0]
    return {"Escape": "Esc", "Return": "Enter"}.get(key, key)


def section_title(section: Section) -> str:
    """The heading of a section in the help screen."""
    return {
        Section.APP: translate("Keys", "Cả chương trình"),
        Section.PLAY: translate("Keys", "Khi chơi"),
        Section.CALL: translate("Keys", "Khi xướng"),
        Section.WARNING: translate("Keys", "Khi có cảnh báo"),
        Section.REVIEW: translate("Keys", "Khi xem lại"),
    }[section]


def describe(command: str) -> str:
    """What a command does, in the current language."""
    return {
        "help": translate("Keys", "Mở bảng phím tắt này"),
        "learn": translate("Keys", "Sang phần Học"),
        "play": translate("Keys", "Sang phần Chơi"),
        "review": translate("Keys", "Sang phần Xem lại"),
        "new_session": translate("Keys", "Bắt đầu một hội mới"),
        "settings": translate("Keys", "Mở cài đặt"),
        "language": translate("Keys", "Đổi ngôn ngữ (Tiếng Việt / English)"),
        "mute": translate("Keys", "Tắt hoặc bật âm thanh"),
        "about": translate("Keys", "Giới thiệu chương trình"),
        "quit": translate("Keys", "Thoát"),
        "next_card": translate("Keys", "Chọn quân bên phải trên tay"),
        "prev_card": translate("Keys", "Chọn quân bên trái trên tay"),
        "use_card": translate("Keys", "Dùng quân đang chọn: ăn, đánh hoặc trả cửa"),
        "eat": translate("Keys", "Ăn quân được ăn bằng quân đang chọn"),
        "draw": translate("Keys", "Bốc một quân từ nọc"),
        "pass": translate("Keys", "Dưới (để quân vừa bốc)"),
        "chiu": translate("Keys", "Chíu"),
        "win": translate("Keys", "Ù"),
        "decline": translate("Keys", "Bỏ qua, không ù / không chíu"),
        "hint": translate("Keys", "Gợi ý (chế độ học)"),
        "next_game": translate("Keys", "Ván tiếp theo (ở màn kết quả)"),
        "call_add": translate("Keys", "Thêm cước đang chọn vào lời xướng"),
        "call_remove": translate("Keys", "Bỏ cước đang chọn khỏi lời xướng"),
        "call_more": translate("Keys", "Tăng số lượng của cước đang chọn"),
        "call_less": translate("Keys", "Giảm số lượng của cước đang chọn"),
        "call_up": translate("Keys", "Đưa cước lên trước"),
        "call_down": translate("Keys", "Đưa cước xuống sau"),
        "call_submit": translate("Keys", "Xướng"),
        "take_back": translate("Keys", "Đi lại (không đi nước này)"),
        "play_anyway": translate("Keys", "Vẫn đi nước này"),
        "refresh": translate("Keys", "Tải lại danh sách ván"),
    }[command]
