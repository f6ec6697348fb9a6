"""What the replay viewers of both games share: the bar (back to the library, the game's title,
the drawn navigation buttons), the chiếu of the game with the timeline under it and the side
panel beside it, the keys (keys.py REPLAY), stepping, looking from another seat, and the
exports (.chan.json and the HTML report) with their save dialogs and messages.

A game's viewer (viewer.ViewerPage for Chắn, tom_viewer.TomViewerPage for Tổ tôm) gives the
chiếu widget, opens its games into its stepper (stepper.Steps), and shows each moment
(`_show`); the rest is here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

from desktop.elided import ElidedLabel
from desktop.i18n import translate
from desktop.keys import BINDINGS, Section, bind
from desktop.notices import notify
from desktop.qt import (
    QEvent,
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QResizeEvent,
    QSize,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.error_text import error_text
from desktop.review.export import Reportable, export_chanjson, export_report
from desktop.review.nav_icons import HEIGHT, WIDTH, nav_icon
from desktop.review.panel import ViewPanel
from desktop.review.replay import Annotation
from desktop.review.stepper import Steps
from desktop.review.timeline import Timeline
from desktop.review.words import key_label
from desktop.worker import Worker
from replays.errors import RecordError
from replays.store import Store

NAV = ("replay_first", "replay_prev", "replay_next", "replay_last", "replay_prev_note",
       "replay_next_note")  # drawn icons (nav_icons.py), never font glyphs
PANEL_SHARE, PANEL_WIDEST = 0.3, 420  # the side panel's part of the viewer's width
Titles = Callable[[Annotation, Sequence[str]], str]


class ViewerFrame(QWidget):
    """See the module docstring."""

    back = Signal()
    opened = Signal(int)  # a game asked for by open_game is shown (its id)
    open_failed = Signal(int)  # a game asked for could not be opened (said in a message)

    def __init__(self, store: Store, worker: Worker, chieu: QWidget, titles: Titles,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.worker = worker
        self.stepper: Steps[Any, Any] | None = None
        self.titles = titles  # one line per annotation, in the game's words
        self.last_error = ""  # the last error shown to the learner (tests read it)
        self.last_notice = ""  # the last news (a file written, and where)
        self._heading = 1  # the way the last step went: the chiếu of the next one is drawn
        self._ahead = QTimer(self)  # ahead when the event loop is idle
        self._ahead.setSingleShot(True)
        self._ahead.timeout.connect(self._draw_ahead)

        self.back_button = QPushButton()
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.back_button.clicked.connect(self.back)
        self.title = ElidedLabel()  # players' names: never markup, never wider than the room
        self.title.setObjectName("viewerTitle")
        self.nav: dict[str, QPushButton] = {}
        top = QHBoxLayout()
        top.setContentsMargins(6, 4, 6, 2)
        top.addWidget(self.back_button)
        top.addWidget(self.title, 1)
        for command in NAV:
            button = QPushButton()
            button.setIcon(nav_icon(command, self.devicePixelRatioF()))
            button.setIconSize(QSize(WIDTH, HEIGHT))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setFixedWidth(44)
            button.clicked.connect(lambda _=False, c=command: self.command(c))
            self.nav[command] = button
            top.addWidget(button)

        self.chieu = chieu
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.timeline = Timeline()
        self.timeline.jumped.connect(self.go)
        self.panel = ViewPanel()
        self.panel.seat_chosen.connect(self.set_seat)
        self.panel.open_chosen.connect(self.set_open)
        self.panel.annotation_chosen.connect(self.select_annotation)
        self.panel.command.connect(self.command)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        left.addWidget(self.chieu, 1)
        left.addWidget(self.timeline)
        middle = QHBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.setSpacing(0)
        middle.addLayout(left, 1)
        middle.addWidget(self.panel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(top)
        layout.addLayout(middle, 1)
        self._bind_keys()

    def _bind_keys(self) -> None:
        """The viewer's keys (keys.py REPLAY) work while the focus is inside the page."""
        for b in BINDINGS:
            if b.section is not Section.REPLAY:
                continue
            for key in b.keys:
                command = f"{b.id}:{key}" if b.id == "replay_answer" else b.id
                bind(self, b.id, partial(self.command, command), (key,))

    def retranslate(self) -> None:
        """Texts in the current language (the chiếu's view too: it has words)."""
        self.back_button.setText(translate("Viewer", "← Thư viện ({key})").format(
            key=key_label("replay_back")))
        tips = {"replay_first": translate("Viewer", "Về lúc chia bài"),
                "replay_prev": translate("Viewer", "Nước trước"),
                "replay_next": translate("Viewer", "Nước sau"),
                "replay_last": translate("Viewer", "Đến hết ván"),
                "replay_prev_note": translate("Viewer", "Chỗ cần xem trước đó"),
                "replay_next_note": translate("Viewer", "Chỗ cần xem tiếp theo")}
        for command, button in self.nav.items():
            button.setToolTip(f"{tips[command]} ({key_label(command)})")
        self.panel.retranslate()
        if self.stepper is not None:
            self._title()
            self.panel.set_seats(self.stepper.opened.names, self.stepper.seat)
            self.panel.set_annotations(self.stepper.opened.errors, self.stepper.opened.names,
                                       self.titles)
            self._show()

    def _title(self) -> None:
        s = self.stepper
        assert s is not None
        o = s.opened
        self.title.setText(translate("Viewer", "Hội {session} · ván {game} · {players}").format(
            session=o.session_id, game=o.position + 1, players=", ".join(o.names)))

    def _describe(self, position: int) -> str:
        s = self.stepper
        if s is None or position <= 0:
            return translate("Viewer", "Chia bài")
        return f"{position}. {s.event_text(position)}"

    def _start(self, opened: Any) -> None:
        """A newly built stepper's game on the timeline, the panel and the title."""
        s = self.stepper
        assert s is not None
        self.timeline.set_game(opened.events,
                               [(int(a["event"]), str(a["kind"])) for a in opened.errors],
                               self._describe)
        self.panel.set_seats(opened.names, s.seat)
        self.panel.set_annotations(opened.errors, opened.names, self.titles)
        self._title()
        self._show()

    # ------------------------------------------------------------------ commands

    def command(self, command: str) -> None:
        """A key or a button (keys.py REPLAY ids)."""
        if command == "replay_back":
            self.back.emit()
            return
        s = self.stepper
        if s is None:
            return
        moves = s.moves()
        if command in moves:
            self._head(command)
            if moves[command]():
                self._moved()
        else:
            self.other_command(command)

    def other_command(self, command: str) -> None:
        """The commands that do not move: how to look, the exports."""
        s = self.stepper
        if s is None:
            return
        if command == "replay_view":
            self.set_open(not s.open_hands)
        elif command == "replay_seat":
            self.set_seat((s.seat + 1) % len(s.opened.names))
        elif command == "replay_export":
            self._ask_path("export")
        elif command == "replay_report":
            self._ask_path("report")

    def _head(self, command: str) -> None:
        """The way a moving command goes (the chiếu drawn ahead is the next one that way)."""
        self._heading = -1 if command in ("replay_prev", "replay_first",
                                          "replay_prev_note") else 1

    def _draw_ahead(self) -> None:
        """The chiếu of the position a step the same way would show, drawn while the learner
        looks at this one: that step then costs no drawing (issue 20)."""
        s = self.stepper
        if s is None or not self._ahead_wanted():
            return
        position = s.position + self._heading
        if 0 <= position <= s.last:
            self.chieu.prepare(s.view(position))  # type: ignore[attr-defined]

    def _ahead_wanted(self) -> bool:
        """Whether the next chiếu may be drawn ahead now."""
        return True

    def _moment_html(self, annotation_html: Callable[..., str]) -> list[str]:
        """The moment's line, the selected annotation in full (with the event that caused
        it) and the others shown at this event, in the game's words (`annotation_html`)."""
        s = self.stepper
        assert s is not None
        o = s.opened
        parts = [f"<p><b>{escape(s.message())}</b></p>"]
        chosen = s.selected_annotation()
        here = s.here()
        if chosen is not None and s.selected in here:
            cause = chosen.get("cause_event")
            cause_text = s.event_text(cause + 1) if isinstance(cause, int) else ""
            parts.append(annotation_html(chosen, o.names, cause_text))
        others = [o.errors[i] for i in here if i != s.selected]
        if others:
            parts.append("<p><b>" + escape(translate("Viewer", "Cũng ở nước này:")) + "</b></p>")
            parts.extend(annotation_html(a, o.names) for a in others)
        return parts

    def go(self, position: int) -> None:
        """Jump to a position (timeline clicks)."""
        if self.stepper is not None and self.stepper.go(position):
            self._moved()

    def _moved(self) -> None:
        s = self.stepper
        assert s is not None
        self._looked()
        s.follow()  # the selection follows the position
        self._show()

    def _looked(self) -> None:
        """The position or the seat looked from changed (a game's viewer forgets what it
        asked about the old one)."""

    def select_annotation(self, index: int) -> None:
        """An annotation picked in the list: go where it is shown."""
        s = self.stepper
        if s is not None and 0 <= index < len(s.opened.errors):
            s.select(index)
            self._show()

    def set_seat(self, seat: int) -> None:
        """Look from another seat."""
        s = self.stepper
        if s is not None and 0 <= seat < len(s.opened.names) and seat != s.seat:
            s.seat = seat
            self._looked()
            self.panel.set_seats(s.opened.names, seat)
            self._show()

    def set_open(self, open_hands: bool) -> None:
        """Every hand open, or only what the seat could see (its observation)."""
        s = self.stepper
        if open_hands != self.panel.all_open.isChecked():
            (self.panel.all_open if open_hands else self.panel.as_player).setChecked(True)
            return  # the radio button's signal comes back here
        if s is not None and s.open_hands != open_hands:
            s.open_hands = open_hands
            self._show()

    def _show(self) -> None:
        """The chiếu, the timeline and the panel of the current moment (the game's own)."""
        raise NotImplementedError

    def _show_position(self) -> None:
        """The timeline, the selection and the navigation buttons at the current position."""
        s = self.stepper
        assert s is not None
        self.timeline.set_position(s.position)
        chosen = s.selected_annotation()
        self.timeline.set_selected(None if chosen is None else int(chosen["event"]),
                                   chosen.get("cause_event") if chosen else None)
        self.panel.set_current(s.selected)
        for command in ("replay_first", "replay_prev"):
            self.nav[command].setEnabled(s.position > 0)
        for command in ("replay_next", "replay_last"):
            self.nav[command].setEnabled(s.position < s.last)

    # ------------------------------------------------------------------ exports

    def _opened_game(self) -> Reportable | None:
        s = self.stepper
        return None if s is None else s.opened

    def record_filter(self) -> str:
        """The save dialog's filter of the game's records."""
        return translate("Viewer", "Ván Chắn (*.chan.json *.json)")

    def _ask_path(self, what: str) -> None:
        """The save dialog of an export (Qt's own dialog: the same on every platform)."""
        o = self._opened_game()
        if o is None:
            return
        if what == "export":
            title = translate("Viewer", "Xuất ván ra .chan.json")
            name = f"hoi{o.session_id}-van{o.position + 1}.chan.json"
            filters = self.record_filter()
        else:
            title = translate("Viewer", "Lưu báo cáo HTML")
            name = f"hoi{o.session_id}-van{o.position + 1}.html"
            filters = translate("Viewer", "Trang HTML (*.html)")
        dialog = QFileDialog(self, title, str(Path.home() / name), filters)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.fileSelected.connect(
            lambda path: self.export_to(Path(path)) if what == "export"
            else self.report_to(Path(path)))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def export_to(self, path: Path) -> bool:
        """Write the game as a one-game .chan.json (FORMATS.md)."""
        o = self._opened_game()
        if o is None:
            return False
        try:
            export_chanjson(self.store, o.game_id, path)
        except (RecordError, OSError) as error:
            self._error(translate("Viewer", "Không xuất được ván"), error_text(error))
            return False
        self._done(translate("Viewer", "Đã xuất ván"), translate(
            "Viewer", "Đã ghi ván vào tệp:\n{path}").format(path=path))
        return True

    def report_to(self, path: Path) -> bool:
        """Write the game's HTML report (replays.report)."""
        o = self._opened_game()
        if o is None:
            return False
        try:
            export_report(self.store, o, path)
        except (RecordError, OSError) as error:
            self._error(translate("Viewer", "Không lưu được báo cáo"), error_text(error))
            return False
        self._done(translate("Viewer", "Đã lưu báo cáo"), translate(
            "Viewer", "Đã ghi báo cáo vào tệp:\n{path}\n\nMở tệp này bằng trình duyệt web để "
                      "xem.").format(path=path))
        return True

    def _error(self, title: str, text: str) -> None:
        self.last_error = text
        notify(self, title, text, warning=True)

    def _done(self, title: str, text: str) -> None:
        """Say that a file was written, and where (issue 20: success was silent)."""
        self.last_notice = text
        notify(self, title, text)

    # ------------------------------------------------------------------ Qt

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._fit_panel()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The side panel is fitted again for the new width."""
        super().resizeEvent(event)
        self._fit_panel()

    def _fit_panel(self) -> None:
        """The side panel takes at most PANEL_SHARE of the width, so that at 1024 px the
        chiếu keeps hand cards wide enough to carry their names (issue 20) — never less
        than its words need, in the language shown."""
        layout = self.panel.layout()
        if layout is not None:
            layout.activate()
        least = max(self.panel.minimumWidth(), self.panel.minimumSizeHint().width())
        self.panel.setMaximumWidth(max(least, min(PANEL_WIDEST,
                                                  round(self.width() * PANEL_SHARE))))
