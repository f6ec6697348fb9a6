"""The replay viewer of Tổ tôm (issue 23 §3): a saved Tổ tôm game on the drawn chiếu
(desktop.chieu.tom_widget), stepped event by event with the same keys as Chắn's viewer
(keys.py REPLAY, viewer_frame.py): every TN and TD, every ù and phỗng let pass and the call's
faults are listed and stepped to with n / Shift+N; at the ù the judged arrangement is drawn
over the table, and at the call the call as said and the verdict.

Opening reads and replays the game on the Worker (tom_replay.open_tom_game); the computer's
advice at each decision of the viewed seat is computed in the helper process (tom_advisor)
and shown when it arrives — stepping never waits for it (issue 20 §5). Predicting and
playing on from a position are Chắn's only for now: their controls are hidden here.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from desktop.chieu.scene import Scene
from desktop.chieu.tom_widget import TomWidget
from desktop.i18n import translate
from desktop.qt import QWidget
from desktop.review.advisor import Key
from desktop.review.connection import in_store
from desktop.review.error_text import error_text
from desktop.review.tom_advisor import TomAdvisor
from desktop.review.tom_details import annotation_html, annotation_title, notes_html, result_html
from desktop.review.tom_replay import TomOpened, open_tom_game
from desktop.review.tom_stepper import TomStepper
from desktop.review.viewer_frame import ViewerFrame
from desktop.worker import Job, Worker
from replays.store import Store


class TomViewerPage(ViewerFrame):
    """See the module docstring."""

    chieu: TomWidget
    stepper: TomStepper | None

    def __init__(self, store: Store, worker: Worker, scene: Scene | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(store, worker, TomWidget(scene=scene), annotation_title, parent)
        self.advisor = TomAdvisor(worker, self)
        self.advisor.ready.connect(self._advised)
        self.advisor.failed.connect(self._advice_failed)
        self._open_job: Job[TomOpened] | None = None
        for hidden in (self.panel.predict, self.panel.branch_button):
            hidden.hide()
        self.retranslate()

    def record_filter(self) -> str:
        """The save dialog's filter: a Tổ tôm record is a .chan.json too (FORMATS)."""
        return translate("TomReview", "Ván Tổ tôm (*.chan.json *.json)")

    # ------------------------------------------------------------------ opening

    def open_game(self, game_id: int, analysed: bool = False) -> None:
        """Open a Tổ tôm game of the store on the Worker (as ViewerPage.open_game):
        `opened(game_id)` once it is shown, or a message and `open_failed(game_id)`."""
        if self._open_job is not None:
            self._open_job.cancel()
        path, read_only = Path(self.store.path), self.store.read_only
        self._open_job = self.worker.run(
            lambda: in_store(path, lambda store: open_tom_game(store, game_id, analysed),
                             read_only),
            self._opened, lambda error: self._open_failed(game_id, error))

    @property
    def opening(self) -> bool:
        """A game is being read to be shown."""
        return self._open_job is not None

    def _opened(self, opened: TomOpened) -> None:
        self._open_job = None
        self.show_game(opened)
        self.opened.emit(opened.game_id)

    def _open_failed(self, game_id: int, error: BaseException) -> None:
        self._open_job = None
        self._error(translate("TomReview", "Không mở được ván Tổ tôm này"),
                    error_text(error, game_id))
        self.open_failed.emit(game_id)

    def show_game(self, opened: TomOpened) -> None:
        """Show an opened game from its deal."""
        self.advisor.reset(opened)
        s = self.stepper
        seat = s.seat if s is not None and s.opened.game_id == opened.game_id \
            and s.seat < len(opened.names) else None
        self.stepper = TomStepper(opened, seat, s.open_hands if s is not None else True)
        self._start(opened)

    # ------------------------------------------------------------------ showing

    def _show(self) -> None:
        """The chiếu, the timeline and the panel of the current moment."""
        s = self.stepper
        assert s is not None
        self.chieu.set_view(s.view())
        self._show_position()
        self.panel.show_details(self.details_html())
        for key in self._just_made():
            self.advisor.want(key)
        self._ahead.start(0)

    def details_html(self) -> str:
        """The panel's text of the current moment."""
        s = self.stepper
        assert s is not None
        o = s.opened
        parts = self._moment_html(annotation_html)
        parts.extend(self.advisor.advice_html(key, o.names) for key in self._just_made())
        parts.append(notes_html(s.notes_here(), o.names))
        if s.position == s.last:
            parts.append(result_html(o.doc, o.names))
        return "".join(p for p in parts if p)

    def _just_made(self) -> list[Key]:
        """The viewed seat's decision that led to this position (made one position back)."""
        s = self.stepper
        return [] if s is None else self.advisor.keys(s.position - 1, s.seat)

    def _advised(self, key: Key) -> None:
        if key in self._just_made():
            self.panel.show_details(self.details_html())

    def _advice_failed(self, key: Key, error: BaseException) -> None:
        if key in self._just_made():
            self.last_error = error_text(error)
            self.panel.show_details(self.details_html() + "<p><i>" + escape(translate(
                "TomReview", "Máy không đánh giá được nước này: {error}").format(
                error=self.last_error)) + "</i></p>")

    def shutdown(self) -> None:
        """Drop the game being opened and the advice still being computed."""
        if self._open_job is not None:
            self._open_job.cancel()
            self._open_job = None
        self.advisor.shutdown()
