"""Chơi: the start page, the chiếu (with its hint bar) and the result page, and the dialogs of
a game — the teaching warning and the xướng. Holds no rules: the controller decides, this
screen shows and forwards clicks, keys and answers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.chieu.scene import Scene
from desktop.chieu.widget import ChieuWidget
from desktop.i18n import translate
from desktop.images import cards_image
from desktop.keys import BINDINGS, Section, bind
from desktop.notices import ask
from desktop.play.call_dialog import CallDialog
from desktop.play.controller import PlayController, Warning
from desktop.play.hoi_summary import HoiSummary, summarize
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.pages import HoiSummaryPage, ResultPage, StartPage
from desktop.play.result_text import result_html, winning_groups
from desktop.play.resume import game_kind, offerable_game
from desktop.play.warning_dialog import WarningDialog
from desktop.qt import (
    QDialog,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.error_text import error_text
from desktop.settings import Settings
from desktop.sound import Sounds
from desktop.worker import Job, Worker
from engine.chan import ChanGame as Game
from replays.errors import BadRecord
from replays.recorder import NotSaved
from replays.store import Store

if TYPE_CHECKING:  # built when Tổ tôm is first played (start-up time)
    from desktop.play.tom_screen import TomPlay


class HintBar(QFrame):
    """A strip under the chiếu for a hint (teaching mode); hidden when there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hintBar")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.close_button = QPushButton("×")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.setFixedWidth(32)
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_text(self, html: str) -> None:
        """Show a hint, or hide the bar for an empty text."""
        self.label.setText(html)
        self.setVisible(bool(html))


class PlayScreen(QWidget):
    """The Chơi activity: Chắn's pages, or Tổ tôm's part (tom_screen.TomPlay) when the game
    is Tổ tôm (issue 23)."""

    games_changed = Signal()  # a game was recorded to the end: the review list is stale
    session_ended = Signal()  # a hội was left (or a new one started): time for a backup
    settings_wanted = Signal()
    save_failed = Signal(object)  # NotSaved of either game: for the library's guard

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 sounds: Sounds | None = None, pacing: Pacing = HUMAN,
                 seeds: Callable[[], int] | None = None, scene: Scene | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._shut = False
        # another program writes this library (desktop.instance): no game is started or
        # resumed here, the other program's game included (issue 20)
        self.read_only = False
        self.settings = settings
        self.pacing = pacing
        self.controller = PlayController(store, settings, worker, sounds, pacing, seeds, self)
        self.tom: TomPlay | None = None  # built when Tổ tôm is first shown
        self._tom_args = (worker, pacing, seeds, scene)
        self._chan_page: QWidget | None = None  # Chắn's page while Tổ tôm is shown
        self.warning_dialog: WarningDialog | None = None
        self.call_dialog: CallDialog | None = None
        self.save_box: QMessageBox | None = None  # a write failed: retry or leave
        self._result_game: Game | None = None

        self.start_page = StartPage()
        self.chieu = ChieuWidget(scene=scene)
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hint_bar = HintBar()
        self.table = QWidget()
        table_layout = QVBoxLayout(self.table)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(0)
        table_layout.addWidget(self.chieu, 1)
        table_layout.addWidget(self.hint_bar)
        self.result_page = ResultPage()
        self.summary_page = HoiSummaryPage()
        self.end_box: QMessageBox | None = None  # "end the hội?" while it is asked
        self._summary_job: Job[HoiSummary] | None = None
        self.stack = QStackedWidget()
        for page in (self.start_page, self.table, self.result_page, self.summary_page):
            self.stack.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        c = self.controller
        c.view_changed.connect(self.chieu.set_view)
        c.warning.connect(self._warn)
        c.call_requested.connect(self._ask_call)
        c.game_over.connect(self._game_over)
        c.hint_changed.connect(self.hint_bar.show_text)
        c.started.connect(self._show_table)
        c.save_failed.connect(self._save_failed)
        c.save_failed.connect(self.save_failed)
        c.resume_failed.connect(self._resume_failed)
        self.chieu.clicked.connect(c.click)
        self.chieu.hovered.connect(c.hover)
        self.start_page.new_button.clicked.connect(self.start_session)
        self.start_page.resume_button.clicked.connect(lambda: self._resume_offered("chan"))
        self.start_page.settings_button.clicked.connect(self.settings_wanted)
        self.result_page.next_button.clicked.connect(c.next_game)
        self.result_page.end_button.clicked.connect(self.ask_end_session)
        self.summary_page.back_button.clicked.connect(self.show_start)
        self._result_timer = QTimer(self)
        self._result_timer.setSingleShot(True)
        self._result_timer.timeout.connect(self._show_result)
        self._bind_keys()
        self.show_start()

    def _bind_keys(self) -> None:
        """The play keys work while the chiếu page has the focus; N also on the result page."""
        for b in BINDINGS:
            if b.section is Section.PLAY:
                bind(self.table, b.id, partial(self.controller.command, b.id))
        bind(self.result_page, "next_game", self.controller.next_game)
        bind(self.result_page, "end_session", self.ask_end_session)
        bind(self.summary_page, "leave_summary", self.show_start)

    # ------------------------------------------------------------------ pages

    def tom_part(self) -> TomPlay:
        """Tổ tôm's part of Chơi, built the first time it is needed."""
        if self.tom is None:
            from desktop.play.tom_screen import TomPlay

            worker, pacing, seeds, scene = self._tom_args
            tom = TomPlay(self.store, self.settings, worker, pacing, seeds, scene)
            tom.read_only = self.read_only
            tom.resumable = partial(self._resumable_text, "to_tom")
            tom.resume_wanted = partial(self._resume_offered, "to_tom")
            tom.games_changed.connect(self.games_changed)
            tom.session_ended.connect(self.session_ended)
            tom.settings_wanted.connect(self.settings_wanted)
            tom.save_failed.connect(self.save_failed)
            self.stack.addWidget(tom)
            self.tom = tom
        return self.tom

    def playing_tom(self) -> bool:
        """Whether Tổ tôm's part is shown."""
        return self.tom is not None and self.stack.currentWidget() is self.tom

    def set_game(self, game: str) -> None:
        """Show the game chosen (MainWindow.game_changed): a game being played in the other
        one stays where it is, shown again when that game is chosen back."""
        if game == "to_tom":
            if not self.playing_tom():
                self._chan_page = self.stack.currentWidget()
            tom = self.tom_part()
            self.stack.setCurrentWidget(tom)
            if tom.stack.currentWidget() is tom.start_page:
                tom.show_start()
            tom.focus_table()
        elif self.playing_tom():
            page = self._chan_page or self.start_page
            if page is self.start_page:
                self.show_start()
            else:
                self.stack.setCurrentWidget(page)

    def focus_table(self) -> None:
        """The chiếu shown takes the keys (Chơi was chosen)."""
        if self.playing_tom():
            self.tom_part().focus_table()
        elif self.stack.currentWidget() is self.table:
            self.chieu.setFocus()

    def show_start(self) -> None:
        """The start page, with the interrupted game to resume if there is one."""
        if self.settings.game == "to_tom":
            tom = self.tom_part()
            tom.show_start()
            self.stack.setCurrentWidget(tom)
            return
        self.start_page.show_settings(self.settings, self._resumable_text())
        self.start_page.new_button.setEnabled(not self.read_only)
        self.start_page.resume_button.setEnabled(not self.read_only)
        self.stack.setCurrentWidget(self.start_page)

    def set_read_only(self, read_only: bool) -> None:
        """Another program writes this library (desktop.instance): nothing is played here."""
        self.read_only = read_only
        if self.tom is not None:
            self.tom.read_only = read_only
        if self.stack.currentWidget() is self.start_page or (
                self.tom is not None and self.tom.stack.currentWidget() is self.tom.start_page):
            self.show_start()

    def _refused_read_only(self) -> bool:
        """Say why nothing can be played here when another program writes the library."""
        if self.read_only:
            QMessageBox.information(self, translate("Play", "Chỉ đọc"), translate(
                "Play", "Chương trình đang mở với thư mục dữ liệu này ở một cửa sổ khác: chỉ "
                        "cửa sổ kia được chơi và ghi ván. Hãy chơi ở cửa sổ đó, hoặc đóng nó rồi "
                        "mở lại chương trình."))
        return self.read_only

    def _resumable_text(self, game: str = "chan") -> str | None:
        if self.read_only:
            return None
        game_id = offerable_game(self.store, self.settings.skip_resume, game)
        playing = self.tom.controller.game_id if game == "to_tom" and self.tom is not None \
            else self.controller.game_id
        if game_id is None or game_id == playing:
            return None
        return describe_game(self.store, game_id)

    def _show_table(self) -> None:
        self._result_timer.stop()
        self.stack.setCurrentWidget(self.table)
        self.chieu.setFocus()

    def start_session(self) -> None:
        """A new hội with the current settings."""
        if self._refused_read_only():
            return
        if self.settings.game == "to_tom":
            tom = self.tom_part()
            tom.settings = self.settings
            self.stack.setCurrentWidget(tom)
            tom.start_session()
            return
        if self.controller.session_id is not None:
            self.session_ended.emit()
        self.controller.settings = self.settings
        self.controller.start_session()

    def resume(self, game_id: int) -> None:
        """Continue an interrupted game (read off the UI thread; a record the engine cannot
        replay is reported by `_resume_failed`)."""
        if self._refused_read_only():
            return
        try:
            kind = game_kind(self.store, game_id)
        except (KeyError, BadRecord) as error:
            self._resume_failed(error)
            return
        if kind == "to_tom":
            tom = self.tom_part()
            tom.settings = self.settings
            self.stack.setCurrentWidget(tom)
            tom.resume(game_id)
            return
        self.controller.settings = self.settings
        self.controller.resume(game_id)

    def _resume_failed(self, error: BaseException) -> None:
        QMessageBox.warning(self, translate("Play", "Không chơi tiếp được"), translate(
            "Play", "Ván này không dựng lại được từ dữ liệu đã lưu:") + f"\n\n{error}")
        self.show_start()

    def _resume_offered(self, game: str = "chan") -> None:
        game_id = offerable_game(self.store, self.settings.skip_resume, game)
        if game_id is not None:
            self.resume(game_id)

    def ask_end_session(self) -> None:
        """ "Kết thúc hội": asked first (issue 20: it left at once), then summed up."""
        if self.end_box is not None or self.controller.session_id is None:
            return
        self.end_box = ask(
            self, QMessageBox.Icon.Question, translate("Play", "Kết thúc hội?"),
            translate("Play", "Kết thúc hội này và xem tổng kết? Các ván đã lưu; hội không "
                              "chơi tiếp được nữa, nhưng xem lại được ở phần Xem lại."),
            translate("Play", "Kết thúc hội"), translate("Play", "Chơi tiếp"),
            self._end_answered, default_yes=False)

    def _end_answered(self, box: QMessageBox, end: bool) -> None:
        if self.end_box is box:
            self.end_box = None
        box.deleteLater()
        if end:
            self.end_session()
        else:
            self.result_page.next_button.setFocus()

    def end_session(self) -> None:
        """Leave the hội (it stays in the store) and show what it came to (hoi_summary.py,
        made on the Worker from the library)."""
        session_id, learner = self.controller.session_id, self.controller.learner
        self.controller.stop()
        self.session_ended.emit()
        if self._summary_job is not None:
            self._summary_job.cancel()
        self.summary_page.show_summary(None)
        self.stack.setCurrentWidget(self.summary_page)
        self.window().activateWindow()  # back from the question: its keys work at once
        self.summary_page.back_button.setFocus()
        if session_id is None:
            self.show_start()
            return
        path = Path(self.store.path)
        self._summary_job = self.controller.worker.run(
            lambda: summarize(path, session_id, learner), self._summed_up, self._not_summed_up)

    def _summed_up(self, summary: HoiSummary) -> None:
        self._summary_job = None
        self.summary_page.show_summary(summary)

    def _not_summed_up(self, error: BaseException) -> None:
        self._summary_job = None
        self.summary_page.show_summary(None, error_text(error))

    def apply_settings(self, settings: Settings) -> None:
        """New settings: the mode and levels apply from the next hội; language and the
        countdown at once."""
        self.settings = settings
        self.controller.settings = settings
        if self.tom is not None:
            self.tom.apply_settings(settings)
        if self.stack.currentWidget() is self.start_page:
            self.show_start()
        self.controller.refresh()

    # ------------------------------------------------------------------ dialogs

    def _warn(self, warning: Warning) -> None:
        game = self.controller.game
        assert game is not None
        dialog = WarningDialog(warning, game, self)
        self.warning_dialog = dialog
        dialog.finished.connect(lambda result: self._warned(dialog, result))
        dialog.open()

    def _warned(self, dialog: WarningDialog, result: int) -> None:
        if self.warning_dialog is dialog:
            self.warning_dialog = None
        dialog.deleteLater()
        if result == QDialog.DialogCode.Accepted:
            self.controller.confirm_pending()
        else:
            self.controller.take_back()
        self._refocus()

    def _refocus(self) -> None:
        """Back to the chiếu after a dialog, so that the play keys work at once."""
        self.window().activateWindow()
        self.chieu.setFocus()

    def _ask_call(self, game: Game) -> None:
        dialog = CallDialog(game, self.controller.names[self.controller.learner], self)
        self.call_dialog = dialog
        dialog.accepted.connect(lambda: self._called(dialog))
        dialog.open()

    def _called(self, dialog: CallDialog) -> None:
        if self.call_dialog is dialog:
            self.call_dialog = None
        call = dialog.call()
        dialog.deleteLater()
        self.controller.submit_call(call)
        self._refocus()

    def _save_failed(self, error: NotSaved) -> None:
        """The store could not write (issue 13): play has stopped before the move was shown;
        say why, then retry (play goes on where it stopped) or leave (the game stays in the
        store up to its last saved move, offered for resuming)."""
        self.save_box = ask(self, QMessageBox.Icon.Warning, translate("Play", "Chưa lưu được"),
                            error_text(error), translate("Play", "Thử lại"),
                            translate("Play", "Rời ván"), self._save_answered)

    def _save_answered(self, box: QMessageBox, again: bool) -> None:
        if self.save_box is box:
            self.save_box = None
        box.deleteLater()
        if again:
            self.controller.retry_save()  # a new failure asks again
            if self.stack.currentWidget() is self.table:
                self._refocus()
        else:
            self.controller.leave_unsaved()
            self.show_start()

    def _game_over(self, game: Game) -> None:
        self._result_game = game
        self.games_changed.emit()
        self._result_timer.start(self.pacing.result_ms)

    def _show_result(self) -> None:
        self._render_result()
        self.stack.setCurrentWidget(self.result_page)
        self.result_page.next_button.setFocus()

    def _render_result(self) -> None:
        game, session = self._result_game, self.controller.session
        if game is None or session is None:
            return
        groups, glow = winning_groups(game)
        image = None
        if groups:
            cards = sum(len(g) for g in groups)
            room = self.width() - 60 - 12 * len(groups)  # the page may not be laid out yet
            image = cards_image(groups, max(18, min(36, room // cards - 2)), glow=glow,
                                ratio=self.devicePixelRatioF())
        self.result_page.show_result(
            result_html(game, session, self.controller.names, hand=image is not None), image)

    def changeEvent(self, event: QEvent) -> None:
        """A language change redraws the chiếu's words and the result text."""
        # a closed window waiting for deletion still gets the event; its store is closed
        if event.type() == QEvent.Type.LanguageChange and not self._shut:
            self.controller.refresh()
            if self.stack.currentWidget() is self.result_page:
                self._render_result()
            elif self.stack.currentWidget() is self.start_page:
                self.show_start()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """Stop timers and work (the game is in the store already)."""
        self._shut = True
        if self.tom is not None:
            self.tom.shutdown()
        self._result_timer.stop()
        if self._summary_job is not None:
            self._summary_job.cancel()
        self.controller.shutdown()


def describe_game(store: Store, game_id: int) -> str:
    """"Ván 3 của hội 2 · 17 nước · 2026-11-21 09:14" for the resume offer."""
    session_id, position = store.locate(game_id)
    row = store.db.execute("SELECT started_at, (SELECT COUNT(*) FROM events WHERE game_id = ?) "
                           "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
    started = (row[0] or "")[:16].replace("T", " ") if row else ""
    moves = row[1] if row else 0
    return translate("Play", "ván {game} của hội {session}").format(
        game=position + 1, session=session_id) + " · " + translate(
        "Play", "%n nước", None, moves) + f" · {started}"
