"""Every keyboard shortcut of the program, in one table: the screens bind their actions from
it and the help screen (F1) lists it, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from desktop.i18n import translate
from desktop.qt import QAction, QKeySequence, Qt, QWidget
from engine.chan import N_PILES


class Section(StrEnum):
    """Where a shortcut works."""

    APP = "app"
    PLAY = "play"
    TOM_PLAY = "tom_play"
    CALL = "call"
    WARNING = "warning"
    SUMMARY = "summary"
    REVIEW = "review"
    REPLAY = "replay"
    LEARN = "learn"
    DRILL = "drill"
    ARRANGE = "arrange"
    CHOOSE = "choose"  # a drill answered by picking one of numbered options (Tổ tôm's)


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
    Binding("switch_game", ("Ctrl+G",), Section.APP),
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
    Binding("end_session", ("E",), Section.PLAY),
    # Tổ tôm's own decisions (TOTOM T4); the play keys above work at its table too
    Binding("tom_pick", ("Up",), Section.TOM_PLAY),
    Binding("tom_unpick", ("Down",), Section.TOM_PLAY),
    Binding("tom_phong", ("P",), Section.TOM_PLAY),
    Binding("tom_day_khan", ("K",), Section.TOM_PLAY),
    Binding("tom_ha_trung", ("G",), Section.TOM_PLAY),
    Binding("tom_bat_thuc", ("T",), Section.TOM_PLAY),
    Binding("tom_reveal", ("R",), Section.TOM_PLAY),
    Binding("tom_lay", ("L",), Section.TOM_PLAY),
    Binding("tom_choose", tuple(str(n) for n in range(1, 10)), Section.TOM_PLAY),
    Binding("leave_summary", ("Return", "Enter", "Escape"), Section.SUMMARY),
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
    Binding("review_open", ("Return", "Enter"), Section.REVIEW),
    Binding("review_move", ("Up", "Down", "PgUp", "PgDown"), Section.REVIEW),
    Binding("review_filter", ("Ctrl+F",), Section.REVIEW),
    Binding("review_import", ("Ctrl+O",), Section.REVIEW),
    Binding("review_batch", ("Ctrl+B",), Section.REVIEW),
    Binding("review_cancel", ("Ctrl+Shift+B",), Section.REVIEW),
    Binding("review_only_errors", ("Alt+E",), Section.REVIEW),
    Binding("review_result", ("Alt+R",), Section.REVIEW),
    Binding("review_game", ("Alt+G",), Section.REVIEW),
    Binding("review_stats_seat", ("Alt+S",), Section.REVIEW),
    Binding("review_library", ("Alt+1",), Section.REVIEW),
    Binding("review_stats", ("Alt+2",), Section.REVIEW),
    Binding("replay_next", ("Right",), Section.REPLAY),
    Binding("replay_prev", ("Left",), Section.REPLAY),
    Binding("replay_first", ("Home",), Section.REPLAY),
    Binding("replay_last", ("End",), Section.REPLAY),
    Binding("replay_next_note", ("N",), Section.REPLAY),
    Binding("replay_prev_note", ("Shift+N",), Section.REPLAY),
    Binding("replay_view", ("V",), Section.REPLAY),
    Binding("replay_seat", ("S",), Section.REPLAY),
    Binding("replay_predict", ("P",), Section.REPLAY),
    Binding("replay_answer", tuple(str(n) for n in range(1, 10)), Section.REPLAY),
    Binding("replay_answer_chosen", ("Return", "Enter"), Section.REPLAY),
    Binding("replay_branch", ("C",), Section.REPLAY),
    Binding("replay_export", ("Ctrl+E",), Section.REPLAY),
    Binding("replay_report", ("Ctrl+R",), Section.REPLAY),
    Binding("replay_back", ("Escape", "Backspace"), Section.REPLAY),
    Binding("learn_open", ("Return", "Enter"), Section.LEARN),
    Binding("learn_prev", ("Left", "PgUp"), Section.LEARN),
    Binding("learn_next", ("Right", "PgDown"), Section.LEARN),
    Binding("learn_practice", ("P",), Section.LEARN),
    Binding("learn_due", ("R",), Section.LEARN),
    Binding("learn_mistakes", ("M",), Section.LEARN),
    Binding("learn_first_game", ("G",), Section.LEARN),
    Binding("learn_reference", ("T",), Section.LEARN),
    Binding("learn_back", ("Escape", "Backspace"), Section.LEARN),
    Binding("learn_retry", ("Ctrl+S",), Section.LEARN),
    Binding("drill_submit", ("Return", "Enter"), Section.DRILL),
    Binding("drill_leave", ("Escape",), Section.DRILL),
    # piles and seats are numbered from 0 (R2.1, R2.3); every seat receives a pile (R2.7), so
    # the pile numbers cover the seat numbers too
    Binding("drill_number", tuple(str(n) for n in range(N_PILES)), Section.DRILL),
    Binding("drill_left", ("Left",), Section.DRILL),
    Binding("drill_right", ("Right",), Section.DRILL),
    Binding("drill_toggle", ("Space",), Section.DRILL),
    Binding("drill_undo", ("Backspace",), Section.DRILL),
    Binding("drill_yes", ("Y",), Section.DRILL),
    Binding("drill_no", ("N",), Section.DRILL),
    Binding("drill_win", ("U",), Section.DRILL),
    Binding("drill_chiu", ("C",), Section.DRILL),
    Binding("drill_call", ("X",), Section.DRILL),
    Binding("drill_bao", ("B",), Section.DRILL),
    # Tổ tôm's drills (issue 23): choices numbered from 1 (0 is the tenth), a lưng made of the
    # chosen hand cards
    Binding("drill_option", (*(str(n) for n in range(1, 10)), "0"), Section.CHOOSE),
    Binding("drill_group", ("L",), Section.DRILL),
    Binding("arrange_chan", ("C",), Section.ARRANGE),
    Binding("arrange_ca", ("A",), Section.ARRANGE),
    Binding("arrange_ba_dau", ("B",), Section.ARRANGE),
    Binding("arrange_que", ("Q",), Section.ARRANGE),
)
_BY_ID = {b.id: b for b in BINDINGS}


def binding(command: str) -> Binding:
    """The binding of a command id."""
    return _BY_ID[command]


def keys_of(command: str) -> tuple[str, ...]:
    """The keys of a command id."""
    return _BY_ID[command].keys


def bind(widget: QWidget, command: str, slot: Callable[[], object],
         keys: Sequence[str] | None = None,
         context: Qt.ShortcutContext = Qt.ShortcutContext.WidgetWithChildrenShortcut,
         ) -> QAction:
    """An action on `widget` that runs `slot` on the command's keys from this table — or on
    `keys`, some of them, where each key says something of its own (a number, a letter) —
    while the focus is inside `widget` (or its window, with `context`)."""
    action = QAction(widget)
    action.setShortcuts([QKeySequence(k) for k in (keys if keys is not None else keys_of(command))])
    action.setShortcutContext(context)
    action.triggered.connect(lambda _=False: slot())
    widget.addAction(action)
    return action


def key_hint(command: str) -> str:
    """The first key of a command, as shown under a button ("A", "Esc")."""
    key = _BY_ID[command].keys[0]
    return {"Escape": "Esc", "Return": "Enter"}.get(key, key)


def section_title(section: Section) -> str:
    """The heading of a section in the help screen."""
    return {
        Section.APP: translate("Keys", "Cả chương trình"),
        Section.PLAY: translate("Keys", "Khi chơi"),
        Section.TOM_PLAY: translate("Keys", "Khi chơi Tổ tôm (thêm vào các phím khi chơi)"),
        Section.CALL: translate("Keys", "Khi xướng"),
        Section.WARNING: translate("Keys", "Khi có cảnh báo"),
        Section.SUMMARY: translate("Keys", "Ở màn tổng kết hội"),
        Section.REVIEW: translate("Keys", "Khi xem lại: thư viện và thống kê"),
        Section.REPLAY: translate("Keys", "Khi xem lại một ván"),
        Section.LEARN: translate("Keys", "Khi học: danh sách bài và bài học"),
        Section.DRILL: translate("Keys", "Khi làm bài tập"),
        Section.ARRANGE: translate("Keys", "Khi xếp bài thành chắn, cạ, ba đầu, què"),
        Section.CHOOSE: translate("Keys", "Khi chọn một trong các đáp án đánh số"),
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
        "switch_game": translate("Keys", "Đổi trò: Chắn / Tổ tôm"),
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
        "end_session": translate("Keys", "Kết thúc hội (ở màn kết quả): hỏi lại, rồi tổng kết"),
        "tom_pick": translate("Keys", "Tổ tôm: chọn thêm quân đang trỏ để ăn cùng"),
        "tom_unpick": translate("Keys", "Tổ tôm: bỏ chọn quân đang trỏ"),
        "tom_phong": translate("Keys", "Tổ tôm: phỗng"),
        "tom_day_khan": translate("Keys", "Tổ tôm: dậy khàn"),
        "tom_ha_trung": translate("Keys", "Tổ tôm: hạ trùng"),
        "tom_bat_thuc": translate("Keys", "Tổ tôm: xin bất thực"),
        "tom_reveal": translate("Keys", "Tổ tôm: trình thiên khai"),
        "tom_lay": translate("Keys", "Tổ tôm: úp khàn, úp thiên khai"),
        "tom_choose": translate("Keys", "Tổ tôm: chọn cách đi số 1–9 trong bảng lựa chọn"),
        "leave_summary": translate("Keys", "Rời màn tổng kết hội, về trang đầu"),
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
        "review_open": translate("Keys", "Mở ván đang chọn để xem lại"),
        "review_move": translate("Keys", "Chọn ván trên/dưới (cả khi đang gõ trong ô tìm)"),
        "review_filter": translate("Keys", "Tìm trong thư viện"),
        "review_import": translate("Keys", "Mở tệp .chan.json hoặc .db (nhập một bản sao)"),
        "review_batch": translate("Keys", "Phân tích mọi ván chưa phân tích"),
        "review_cancel": translate("Keys", "Dừng phân tích (giữ các ván đã xong)"),
        "review_only_errors": translate("Keys", "Bật/tắt: chỉ hiện ván có lỗi"),
        "review_result": translate("Keys", "Lọc theo kết quả (lần lượt từng loại)"),
        "review_game": translate("Keys", "Lọc theo trò: Chắn, Tổ tôm hay cả hai"),
        "review_stats_seat": translate("Keys", "Thống kê cho ghế tiếp theo"),
        "review_library": translate("Keys", "Sang thư viện ván"),
        "review_stats": translate("Keys", "Sang trang thống kê"),
        "replay_next": translate("Keys", "Nước sau"),
        "replay_prev": translate("Keys", "Nước trước"),
        "replay_first": translate("Keys", "Về lúc chia bài"),
        "replay_last": translate("Keys", "Đến hết ván"),
        "replay_next_note": translate("Keys", "Chỗ cần xem tiếp theo (lỗi, bỏ ù, xướng…)"),
        "replay_prev_note": translate("Keys", "Chỗ cần xem trước đó"),
        "replay_view": translate("Keys", "Đổi: mở hết bài / chỉ thấy như người chơi"),
        "replay_seat": translate("Keys", "Xem từ ghế tiếp theo"),
        "replay_predict": translate("Keys", "Bật/tắt đoán trước rồi xem nước thật"),
        "replay_answer": translate("Keys", "Chọn câu trả lời số 1–9 (khi đoán)"),
        "replay_answer_chosen": translate("Keys", "Trả lời bằng nước đang chọn trong danh "
                                                  "sách (khi đoán)"),
        "replay_branch": translate("Keys", "Chơi tiếp từ đây với máy"),
        "replay_export": translate("Keys", "Xuất ván ra tệp .chan.json"),
        "replay_report": translate("Keys", "Lưu báo cáo HTML của ván"),
        "replay_back": translate("Keys", "Về thư viện"),
        "learn_open": translate("Keys", "Mở bài đang chọn; sang phần tiếp theo; luyện tiếp"),
        "learn_prev": translate("Keys", "Phần trước của bài học"),
        "learn_next": translate("Keys", "Phần sau của bài học (hết bài thì luyện tập)"),
        "learn_practice": translate("Keys", "Luyện tập bài này ngay"),
        "learn_due": translate("Keys", "Ôn các câu đến hạn"),
        "learn_mistakes": translate("Keys", "Luyện lỗi của tôi (từ các ván đã chơi)"),
        "learn_first_game": translate("Keys", "Ván đầu tiên: chơi một ván có hướng dẫn"),
        "learn_reference": translate("Keys", "Mở hoặc đóng bảng tra luật"),
        "learn_back": translate("Keys", "Quay lại danh sách bài học"),
        "learn_retry": translate("Keys", "Thử lưu lại câu trả lời hay chỗ đang chơi chưa lưu "
                                         "được"),
        "drill_submit": translate("Keys", "Trả lời; sang câu tiếp theo"),
        "drill_leave": translate("Keys", "Dừng vòng luyện (câu đã trả lời vẫn được ghi)"),
        "drill_number": translate("Keys", "Chọn ghế hoặc phần bài mang số đó"),
        "drill_left": translate("Keys", "Trỏ sang quân bên trái"),
        "drill_right": translate("Keys", "Trỏ sang quân bên phải"),
        "drill_toggle": translate("Keys", "Chọn hoặc bỏ chọn quân đang trỏ"),
        "drill_undo": translate("Keys", "Bỏ bước vừa làm (nhóm vừa xếp, phần vừa chia)"),
        "drill_yes": translate("Keys", "Có: bài đang chờ ù"),
        "drill_no": translate("Keys", "Không: chưa chờ ù, không ăn, không ù không chíu, "
                                      "nước đi hợp lệ"),
        "drill_win": translate("Keys", "Trả lời: ù được"),
        "drill_chiu": translate("Keys", "Trả lời: chíu được"),
        "drill_call": translate("Keys", "Mở bảng xướng cước"),
        "drill_bao": translate("Keys", "Đánh dấu: nước này làm người đi bị báo"),
        "drill_option": translate("Keys", "Chọn lựa chọn số 1–9 (0 là số 10) của câu hỏi tổ tôm"),
        "drill_group": translate("Keys", "Các quân đã chọn trên tay thành một lưng"),
        "arrange_chan": translate("Keys", "Xếp các quân đang chọn thành một chắn"),
        "arrange_ca": translate("Keys", "Xếp các quân đang chọn thành một cạ"),
        "arrange_ba_dau": translate("Keys", "Xếp các quân đang chọn thành một ba đầu"),
        "arrange_que": translate("Keys", "Đặt quân đang chọn vào què"),
    }[command]
