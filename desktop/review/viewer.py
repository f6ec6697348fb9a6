"""The replay viewer: a saved game on the rendered chiếu, stepped event by event (←/→, Home/End,
n/Shift+N between annotations), with the timeline under it and the side panel beside it.

Opening reads and replays the game once (replay.open_game), on the Worker: the viewer shows
it when it is ready (issue 20: the UI thread never waits on the database); every step after
that is a lookup and one chiếu redraw. The computer's view of a decision (replays.advice) is
searched in the Worker's helper process — or read back, kept in the library database the
first time (advisor.py) — and shown when it arrives; stepping never waits for it. The predict
mode asks before a decision of the viewed seat is revealed. "Play on from here" stores a
branch of the game and hands its id to the Play activity (branch.py); exports write
.chan.json and the HTML report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from html import escape
from pathlib import Path

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.scene import Scene
from desktop.chieu.view import ChieuView, Prompt
from desktop.chieu.widget import ChieuWidget
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
from desktop.review.advisor import Advisor, Key, live_card
from desktop.review.branch import branch_game
from desktop.review.connection import in_store
from desktop.review.details import annotation_html, notes_html, result_html
from desktop.review.error_text import error_text
from desktop.review.export import export_chanjson, export_report
from desktop.review.nav_icons import HEIGHT, WIDTH, nav_icon
from desktop.review.panel import ViewPanel
from desktop.review.replay import OpenedGame, annotation_position, open_game
from desktop.review.stepper import Stepper
from desktop.review.timeline import Timeline
from desktop.review.words import key_label
from desktop.worker import Job, Worker
from engine.actions import Act, Action
from replays.errors import RecordError
from replays.store import Store

NAV = ("replay_first", "replay_prev", "replay_next", "replay_last", "replay_prev_note",
       "replay_next_note")  # drawn icons (nav_icons.py), never font glyphs
PANEL_SHARE, PANEL_WIDEST = 0.3, 420  # the side panel's part of the viewer's width
# Predict prompts on the chiếu: the actions that name no hand card.
_BUTTON_ACTS = (Act.WIN, Act.CHIU, Act.DRAW, Act.PASS, Act.DECLINE)


class ViewerPage(QWidget):
    """See the module docstring."""

    back = Signal()
    branched = Signal(int)  # the stored branch's game id, to play on in Chơi
    opened = Signal(int)  # a game asked for by open_game is shown (its id)
    open_failed = Signal(int)  # a game asked for could not be opened (said in a message)

    def __init__(self, store: Store, worker: Worker, scene: Scene | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.worker = worker
        self.stepper: Stepper | None = None
        # advice kept in the library (read only, when another program writes it)
        self.advisor = Advisor(worker, self, Path(store.path), store.read_only)
        self.advisor.ready.connect(self._advised)
        self.advisor.failed.connect(self._advice_failed)
        self.predicting = False
        self._open_before = True  # "every hand open" as it was before predicting
        self._open_job: Job[OpenedGame] | None = None
        self._heading = 1  # the way the last step went: the chiếu of the next one is drawn
        self._ahead = QTimer(self)  # ahead when the event loop is idle
        self._ahead.setSingleShot(True)
        self._ahead.timeout.connect(self._draw_ahead)
        # an answer waiting for its advice, with the question it answers: graded only by
        # that question's advice, dropped when the viewer moves on
        self._answer: tuple[Key, Action] | None = None
        self.last_error = ""  # the last error shown to the learner (tests read it)
        self.last_notice = ""  # the last news (a file written, and where)

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

        self.chieu = ChieuWidget(scene=scene)
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.chieu.clicked.connect(self._clicked)
        self.timeline = Timeline()
        self.timeline.jumped.connect(self.go)
        self.panel = ViewPanel()
        self.panel.seat_chosen.connect(self.set_seat)
        self.panel.open_chosen.connect(self.set_open)
        self.panel.predict_toggled.connect(self.set_predict)
        self.panel.annotation_chosen.connect(self.select_annotation)
        self.panel.command.connect(self.command)
        self.panel.predict_box.answered.connect(self.answer)
        self.panel.predict_box.skipped.connect(lambda: self.command("replay_next"))
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
        self.retranslate()

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
            self.panel.set_annotations(self.stepper.opened.errors, self.stepper.opened.names)
            self._show()

    # ------------------------------------------------------------------ opening

    def open_game(self, game_id: int, analysed: bool = False) -> None:
        """Open a game of the store on the Worker, on a connection of its own (its analysis
        cached unless `analysed` already): `opened(game_id)` once it is shown, or a message
        and `open_failed(game_id)` when it cannot be rebuilt. The game shown stays until
        then; a newer request replaces one still being read."""
        if self._open_job is not None:
            self._open_job.cancel()
        path, read_only = Path(self.store.path), self.store.read_only
        self._open_job = self.worker.run(
            lambda: in_store(path, lambda store: open_game(store, game_id, analysed), read_only),
            self._opened, lambda error: self._open_failed(game_id, error))

    @property
    def opening(self) -> bool:
        """A game is being read to be shown."""
        return self._open_job is not None

    def _opened(self, opened: OpenedGame) -> None:
        self._open_job = None
        self.show_game(opened)
        self.opened.emit(opened.game_id)

    def _open_failed(self, game_id: int, error: BaseException) -> None:
        self._open_job = None
        self._error(translate("Viewer", "Không mở được ván này"), error_text(error, game_id))
        self.open_failed.emit(game_id)

    def show_game(self, opened: OpenedGame) -> None:
        """Show an opened game from its deal."""
        self.advisor.reset(opened)
        self._answer = None
        seat = self.stepper.seat if self.stepper is not None \
            and self.stepper.opened.game_id == opened.game_id else None
        open_hands = self.stepper.open_hands if self.stepper is not None else True
        self.stepper = Stepper(opened, seat, open_hands)
        self.timeline.set_game(opened.events,
                               [(int(a["event"]), str(a["kind"])) for a in opened.errors],
                               self._describe)
        self.panel.set_seats(opened.names, self.stepper.seat)
        self.panel.set_annotations(opened.errors, opened.names)
        self._title()
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

    # ------------------------------------------------------------------ commands

    def command(self, command: str) -> None:
        """A key or a button (keys.py REPLAY ids)."""
        if command == "replay_back":
            self.back.emit()
            return
        s = self.stepper
        if s is None:
            return
        if command.startswith("replay_answer:"):
            if self.question_open():
                self.panel.predict_box.choose(int(command.split(":")[1]))
            return
        if command == "replay_answer_chosen":
            if self.question_open():
                self.panel.predict_box.answer_chosen()
            return
        moves: dict[str, Callable[[], bool]] = {
            "replay_next": lambda: s.step(1), "replay_prev": lambda: s.step(-1),
            "replay_first": lambda: s.go(0), "replay_last": lambda: s.go(s.last),
            "replay_next_note": lambda: s.next_annotation(True),
            "replay_prev_note": lambda: s.next_annotation(False)}
        if command in moves:
            self._heading = -1 if command in ("replay_prev", "replay_first",
                                              "replay_prev_note") else 1
            skipped = command == "replay_next" and self.question_open()
            if skipped:
                self._skip_question()
            if moves[command]():
                self._moved()
            elif skipped:  # the question was at the last position: nothing to step to
                self._show()
        elif command == "replay_view" and not self.predicting:
            self.set_open(not s.open_hands)
        elif command == "replay_seat":
            self.set_seat((s.seat + 1) % len(s.opened.names))
        elif command == "replay_predict":
            self.panel.predict.setChecked(not self.predicting)
        elif command == "replay_branch":
            self.branch()
        elif command == "replay_export":
            self._ask_path("export")
        elif command == "replay_report":
            self._ask_path("report")

    def go(self, position: int) -> None:
        """Jump to a position (timeline clicks)."""
        if self.stepper is not None and self.stepper.go(position):
            self._moved()

    def _moved(self) -> None:
        s = self.stepper
        assert s is not None
        self._answer = None
        # the selection follows the position: kept while its annotation is shown
        if s.selected is not None and \
                annotation_position(s.opened.errors[s.selected]) != s.position:
            here = s.here()
            s.selected = here[0] if here else None
        elif s.selected is None and s.here():
            s.selected = s.here()[0]
        self._show()

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
            self._answer = None
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

    def set_predict(self, on: bool) -> None:
        """Predict mode on or off. While predicting only what the seat saw is shown, and
        "every hand open" cannot be chosen (issue 20: the hands to guess from were open); it
        comes back as it was when predicting stops."""
        if on != self.predicting:
            self.predicting = on
            self._answer = None
            if self.panel.predict.isChecked() != on:
                self.panel.predict.setChecked(on)
            if on:
                self._open_before = self.panel.all_open.isChecked()
                self.set_open(False)
            self.panel.all_open.setEnabled(not on)
            if not on and self._open_before:
                self.set_open(True)
            if self.stepper is not None:
                self._show()

    # ------------------------------------------------------------------ showing

    def _show(self) -> None:
        """The chiếu, the timeline and the panel of the current moment."""
        s = self.stepper
        assert s is not None
        question = self.question()
        view = s.view()
        if question is not None:
            view = self._question_view(view, question)
        self.chieu.set_view(view)
        self.timeline.set_position(s.position)
        self.timeline.set_hidden_after(s.position if question is not None else None)
        chosen = s.selected_annotation()
        self.timeline.set_selected(None if chosen is None else int(chosen["event"]),
                                   chosen.get("cause_event") if chosen else None)
        self.panel.set_current(s.selected)
        for command in ("replay_first", "replay_prev"):
            self.nav[command].setEnabled(s.position > 0)
        for command in ("replay_next", "replay_last"):
            self.nav[command].setEnabled(s.position < s.last)
        self.panel.branch_button.setEnabled(not s.opened.states[s.position].is_over)
        if question is not None:
            self._ask(question)
        else:
            self.panel.show_details(self.details_html())
            for key in self._just_made():
                self.advisor.want(key)
            self._ahead.start(0)

    def _draw_ahead(self) -> None:
        """The chiếu of the position a step the same way would show, drawn while the learner
        looks at this one: that step then costs no drawing (issue 20)."""
        s = self.stepper
        if s is None or self.predicting:
            return
        position = s.position + self._heading
        if 0 <= position <= s.last:
            self.chieu.prepare(s.view(position))

    def details_html(self) -> str:
        """The panel's text of the current moment."""
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
        parts.extend(self.advisor.advice_html(key, o.names) for key in self._just_made())
        parts.append(notes_html(s.notes_here(), o.names))
        if s.position == s.last:
            parts.append(result_html(o.doc, o.names))
        return "".join(p for p in parts if p)

    def _just_made(self) -> list[Key]:
        """The viewed seat's decisions that led to this position (made one position back;
        at the end, a claim let pass on the last card too)."""
        s = self.stepper
        if s is None:
            return []
        keys = self.advisor.keys(s.position - 1, s.seat)
        if s.position == s.last:
            keys += self.advisor.keys(s.position, s.seat)
        return keys

    def _advised(self, key: Key) -> None:
        """An advice arrived: grade the answer waiting for it, or show it."""
        waiting = self._answer
        if waiting is not None and waiting[0] == key and key == self.question():
            self._grade(key, waiting[1])
        elif key in self._just_made() and self.question() is None:
            self.panel.show_details(self.details_html())

    def _advice_failed(self, key: Key, error: BaseException) -> None:
        if key in self._just_made() or key == self.question():
            self.last_error = error_text(error)
            self.panel.show_details(self.details_html() + "<p><i>" + escape(translate(
                "Viewer", "Máy không đánh giá được nước này: {error}").format(
                error=self.last_error)) + "</i></p>")

    # ------------------------------------------------------------------ predict

    def question(self) -> Key | None:
        """The decision predict mode is asking about at this position (None: no question)."""
        s = self.stepper
        if s is None or not self.predicting:
            return None
        return self.advisor.question(s.position, s.seat)

    def question_open(self) -> bool:
        """Predict mode is waiting for the learner's answer."""
        return self.question() is not None

    def _ask(self, key: Key) -> None:
        choices = self.advisor.choices(key)
        box = self.panel.predict_box
        if box.offered != choices or self.panel.below.currentWidget() is not box:
            box.ask(choices, live_card(self.advisor.point(key)))
        if self._answer is None or self._answer[0] != key:
            box.retranslate()  # not "grading…": no answer waits for this question
        box.show_feedback("".join(self.advisor.graded_short[k]() for k in self._just_made()
                                  if k in self.advisor.graded_short))
        self.panel.show_question()
        self.advisor.want(key)

    def _question_view(self, view: ChieuView, key: Key) -> ChieuView:
        """The chiếu asks: the choices without a card as buttons, the eaters lit."""
        s = self.stepper
        assert s is not None
        choices = self.advisor.choices(key)
        prompts = tuple(Prompt(a.act.value, hint=str(i + 1) if i < 9 else "",
                               primary=a.act in (Act.WIN, Act.CHIU))
                        for i, a in enumerate(choices) if a.act in _BUTTON_ACTS)
        eaters = frozenset(a.card for a in choices if a.act is Act.EAT and a.card is not None)
        return replace(view, obs=self.advisor.point(key).before.observation(s.seat),
                       prompts=prompts, highlighted=eaters, message=translate(
                           "Viewer", "Đoán: {name} sẽ làm gì? Bấm quân hoặc nút, hoặc phím "
                                     "số.").format(name=s.opened.names[s.seat]))

    def _clicked(self, hit: Hit) -> None:
        """A click on the chiếu answers the question (a hand card or a button)."""
        key = self.question()
        if key is None:
            return
        choices = self.advisor.choices(key)
        wanted: Action | None = None
        if hit.kind is HitKind.BUTTON and hit.key is not None:
            wanted = next((a for a in choices if a.act.value == hit.key), None)
        elif hit.kind is HitKind.HAND and hit.card is not None:
            wanted = next((a for a in choices if a.card == hit.card
                           and a.act in (Act.DISCARD, Act.RETURN, Act.EAT)), None)
        if wanted is not None:
            self.answer(wanted)

    def answer(self, action: Action) -> None:
        """The learner's prediction: graded once the computer's advice is there."""
        key = self.question()
        if key is None:
            return
        if key in self.advisor.advice:
            self._grade(key, action)
        else:
            self._answer = (key, action)
            self.advisor.want(key)
            self.panel.predict_box.title.setText(translate("Viewer", "Đang chấm…"))

    def _grade(self, key: Key, action: Action) -> None:
        s = self.stepper
        assert s is not None
        self._answer = None
        self.advisor.grade(key, action, s.opened.names)
        self.panel.predict_box.retranslate()
        if self.question() is None and s.step(1):  # the real move is played
            self._moved()
        else:
            self._show()

    def _skip_question(self) -> None:
        """→ while asking: no answer; the real move is shown."""
        s = self.stepper
        assert s is not None
        self.advisor.skip(s.position, s.seat)
        self._answer = None

    # ------------------------------------------------------------------ branch, export

    def branch(self) -> None:
        """Play on from here against the computer: a new game, same deal, same events so far,
        the viewed seat played by the learner."""
        s = self.stepper
        if s is None or s.opened.states[s.position].is_over:
            return
        if self.store.read_only:  # another program writes the library (desktop.instance)
            self._error(translate("Viewer", "Không chơi tiếp được"), translate(
                "Viewer", "Chương trình đang mở với thư mục dữ liệu này ở một cửa sổ khác: chỉ "
                          "cửa sổ kia được chơi và ghi ván."))
            return
        try:
            game_id = branch_game(self.store, s.opened, s.position, s.seat)
        except RecordError as error:
            self._error(translate("Viewer", "Không chơi tiếp được"), error_text(error))
            return
        self.branched.emit(game_id)

    def _ask_path(self, what: str) -> None:
        """The save dialog of an export (Qt's own dialog: the same on every platform)."""
        s = self.stepper
        if s is None:
            return
        o = s.opened
        if what == "export":
            title = translate("Viewer", "Xuất ván ra .chan.json")
            name = f"hoi{o.session_id}-van{o.position + 1}.chan.json"
            filters = translate("Viewer", "Ván Chắn (*.chan.json *.json)")
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
        s = self.stepper
        if s is None:
            return False
        try:
            export_chanjson(self.store, s.opened.game_id, path)
        except (RecordError, OSError) as error:
            self._error(translate("Viewer", "Không xuất được ván"), error_text(error))
            return False
        self._done(translate("Viewer", "Đã xuất ván"), translate(
            "Viewer", "Đã ghi ván vào tệp:\n{path}").format(path=path))
        return True

    def report_to(self, path: Path) -> bool:
        """Write the game's HTML report (replays.report)."""
        s = self.stepper
        if s is None:
            return False
        try:
            export_report(self.store, s.opened, path)
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

    def shutdown(self) -> None:
        """Drop the game being opened and the answers of advice still being computed."""
        if self._open_job is not None:
            self._open_job.cancel()
            self._open_job = None
        self.advisor.shutdown()
