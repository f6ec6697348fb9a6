"""Chơi for Tổ tôm: its start page, its chiếu (TomWidget, with a bar under it for hints and
the result) and the summary of a hội, and the dialogs of a game — the choice among several
moves, the teaching warning and the xướng. Holds no rules: the controller decides, this screen
shows and forwards clicks, keys and answers. PlayScreen shows it when the game is Tổ tôm.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from desktop.chieu.scene import Scene
from desktop.chieu.tom_widget import TomWidget
from desktop.i18n import translate
from desktop.keys import BINDINGS, Section, bind
from desktop.notices import ask
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.screen import HintBar
from desktop.play.tom_call_dialog import TomCallDialog
from desktop.play.tom_controller import TomChoice, TomController, TomWarning
from desktop.play.tom_dialogs import ChoiceDialog, TomWarningDialog
from desktop.play.tom_pages import TomStartPage, TomSummaryPage
from desktop.play.tom_result import result_html
from desktop.qt import (
    QDialog,
    QEvent,
    QMessageBox,
    QStackedWidget,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.error_text import error_text
from desktop.settings import Settings
from desktop.worker import Worker
from engine.totom import TomGame
from replays.recorder import NotSaved
from replays.store import Store

# The play keys that mean the same at a Tổ tôm table (Chắn's chíu has no place here).
SHARED_KEYS = ("next_card", "prev_card", "use_card", "eat", "draw", "pass", "win", "decline",
               "hint", "next_game", "end_session")


class TomPlay(QWidget):
    """Chơi for Tổ tôm; see the module docstring."""

    games_changed = Signal()  # a game was recorded to the end: the review list is stale
    session_ended = Signal()  # a hội was left (or a new one started): time for a backup
    settings_wanted = Signal()
    save_failed = Signal(object)  # NotSaved: for the library's guard (issue 20)

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 pacing: Pacing = HUMAN, seeds: Callable[[], int] | None = None,
                 scene: Scene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.settings = settings
        self.read_only = False
        self.resumable: Callable[[], str | None] = lambda: None  # PlayScreen says which
        self._shut = False
        self.controller = TomController(store, settings, worker, pacing, seeds, self)
        self.warning_dialog: TomWarningDialog | None = None
        self.choice_dialog: ChoiceDialog | None = None
        self.call_dialog: TomCallDialog | None = None
        self.save_box: QMessageBox | None = None
        self.end_box: QMessageBox | None = None

        self.start_page = TomStartPage()
        self.chieu = TomWidget(scene=scene)
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hint_bar = HintBar()
        self.table = QWidget()
        table_layout = QVBoxLayout(self.table)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(0)
        table_layout.addWidget(self.chieu, 1)
        table_layout.addWidget(self.hint_bar)
        self.summary_page = TomSummaryPage()
        self.stack = QStackedWidget()
        for page in (self.start_page, self.table, self.summary_page):
            self.stack.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

        c = self.controller
        c.view_changed.connect(self.chieu.set_view)
        c.warning.connect(self._warn)
        c.choice_requested.connect(self._ask_choice)
        c.call_requested.connect(self._ask_call)
        c.game_over.connect(self._game_over)
        c.hint_changed.connect(self.hint_bar.show_text)
        c.started.connect(self._show_table)
        c.save_failed.connect(self._save_failed)
        c.save_failed.connect(self.save_failed)
        c.resume_failed.connect(self._resume_failed)
        c.end_wanted.connect(self.ask_end_session)
        self.chieu.clicked.connect(c.click)
        self.chieu.hovered.connect(c.hover)
        self.start_page.new_button.clicked.connect(self.start_session)
        self.start_page.resume_button.clicked.connect(self._resume_offered)
        self.start_page.settings_button.clicked.connect(self.settings_wanted)
        self.summary_page.back_button.clicked.connect(self.show_start)
        self.resume_wanted: Callable[[], None] = lambda: None
        for b in BINDINGS:
            if b.id in SHARED_KEYS or (b.section is Section.TOM_PLAY and b.id != "tom_choose"):
                bind(self.table, b.id, partial(c.command, b.id))
        bind(self.summary_page, "leave_summary", self.show_start)
        self.show_start()

    # ------------------------------------------------------------------ pages

    def show_start(self) -> None:
        """The start page, with the interrupted Tổ tôm game to resume if there is one."""
        self.start_page.show_settings(self.settings, self.resumable())
        self.start_page.new_button.setEnabled(not self.read_only)
        self.start_page.resume_button.setEnabled(not self.read_only)
        self.stack.setCurrentWidget(self.start_page)

    def _show_table(self) -> None:
        self.hint_bar.show_text("")
        self.stack.setCurrentWidget(self.table)
        self.chieu.setFocus()

    def focus_table(self) -> None:
        """The chiếu takes the keys when its page is shown."""
        if self.stack.currentWidget() is self.table:
            self.chieu.setFocus()

    def start_session(self) -> None:
        """A new hội with the current settings."""
        if self.controller.session_id is not None:
            self.session_ended.emit()
        self.controller.settings = self.settings
        self.controller.start_session()

    def resume(self, game_id: int) -> None:
        """Continue an interrupted game (read off the UI thread)."""
        self.controller.settings = self.settings
        self.controller.resume(game_id)

    def _resume_offered(self) -> None:
        self.resume_wanted()

    def _resume_failed(self, error: BaseException) -> None:
        QMessageBox.warning(self, translate("TomPlay", "Không chơi tiếp được"), translate(
            "TomPlay", "Ván này không dựng lại được từ dữ liệu đã lưu:") + f"\n\n{error}")
        self.show_start()

    def apply_settings(self, settings: Settings) -> None:
        """New settings: the mode, levels and làng apply from the next hội; language at
        once."""
        self.settings = settings
        self.controller.settings = settings
        if self.stack.currentWidget() is self.start_page:
            self.show_start()
        self.controller.refresh()

    def ask_end_session(self) -> None:
        """End the hội (asked first, unless its pool has run out: T8.3), then sum it up."""
        if self.end_box is not None or self.controller.session_id is None:
            return
        if self.controller.hoi_over:
            self.end_session()
            return
        self.end_box = ask(
            self, QMessageBox.Icon.Question, translate("TomPlay", "Kết thúc hội?"),
            translate("TomPlay", "Kết thúc hội này và xem tổng kết? Các ván đã lưu; hội không "
                                 "chơi tiếp được nữa, nhưng xem lại được ở phần Xem lại."),
            translate("TomPlay", "Kết thúc hội"), translate("TomPlay", "Chơi tiếp"),
            self._end_answered, default_yes=False)

    def _end_answered(self, box: QMessageBox, end: bool) -> None:
        if self.end_box is box:
            self.end_box = None
        box.deleteLater()
        if end:
            self.end_session()
        else:
            self._refocus()

    def end_session(self) -> None:
        """Leave the hội (it stays in the store) and show what it came to."""
        session, names = self.controller.session, self.controller.names
        self.controller.stop()
        self.session_ended.emit()
        if session is None:
            self.show_start()
            return
        if not session.closed and session.is_over:
            session.close()
        self.summary_page.show_summary(session, names)
        self.stack.setCurrentWidget(self.summary_page)
        self.window().activateWindow()
        self.summary_page.back_button.setFocus()

    # ------------------------------------------------------------------ dialogs

    def _refocus(self) -> None:
        """Back to the chiếu after a dialog, so that the keys work at once."""
        self.window().activateWindow()
        self.chieu.setFocus()

    def _warn(self, warning: TomWarning) -> None:
        game = self.controller.game
        assert game is not None
        dialog = TomWarningDialog(warning, game.rules, self)
        self.warning_dialog = dialog
        dialog.finished.connect(lambda result: self._warned(dialog, result))
        dialog.open()

    def _warned(self, dialog: TomWarningDialog, result: int) -> None:
        if self.warning_dialog is dialog:
            self.warning_dialog = None
        dialog.deleteLater()
        if result == QDialog.DialogCode.Accepted:
            self.controller.confirm_pending()
        else:
            self.controller.take_back()
        self._refocus()

    def _ask_choice(self, choice: TomChoice) -> None:
        dialog = ChoiceDialog(choice, self)
        self.choice_dialog = dialog
        dialog.finished.connect(lambda result: self._chosen(dialog, result))
        dialog.open()

    def _chosen(self, dialog: ChoiceDialog, result: int) -> None:
        if self.choice_dialog is dialog:
            self.choice_dialog = None
        dialog.deleteLater()
        if result == QDialog.DialogCode.Accepted and dialog.chosen >= 0:
            self.controller.choose(dialog.chosen)
        else:
            self.controller.cancel_choice()
        self._refocus()

    def _ask_call(self, game: TomGame) -> None:
        c = self.controller
        dialog = TomCallDialog(game, c.learner, c.names[c.learner], self)
        self.call_dialog = dialog
        dialog.accepted.connect(lambda: self._called(dialog))
        dialog.open()

    def _called(self, dialog: TomCallDialog) -> None:
        if self.call_dialog is dialog:
            self.call_dialog = None
        tokens = dialog.tokens()
        dialog.deleteLater()
        self.controller.submit_call(tokens)
        self._refocus()

    def _save_failed(self, error: NotSaved) -> None:
        """The store could not write: say why, then retry or leave (issue 13)."""
        self.save_box = ask(self, QMessageBox.Icon.Warning, translate("TomPlay", "Chưa lưu được"),
                            error_text(error), translate("TomPlay", "Thử lại"),
                            translate("TomPlay", "Rời ván"), self._save_answered)

    def _save_answered(self, box: QMessageBox, again: bool) -> None:
        if self.save_box is box:
            self.save_box = None
        box.deleteLater()
        if again:
            self.controller.retry_save()
            if self.stack.currentWidget() is self.table:
                self._refocus()
        else:
            self.controller.leave_unsaved()
            self.show_start()

    def _game_over(self, game: TomGame) -> None:
        self.games_changed.emit()
        self._render_result()
        self._refocus()

    def _render_result(self) -> None:
        c = self.controller
        game, session = c.game, c.session
        if game is not None and session is not None and game.is_over:
            self.hint_bar.show_text(result_html(game, session, c.names))

    def changeEvent(self, event: QEvent) -> None:
        """A language change redraws the chiếu's words and the result."""
        if event.type() == QEvent.Type.LanguageChange and not self._shut:
            self.controller.refresh()
            if self.controller.state == "over":
                self._render_result()
            elif self.stack.currentWidget() is self.start_page:
                self.show_start()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """Stop timers and work (the game is in the store already)."""
        self._shut = True
        self.controller.shutdown()
