"""The replay viewer of Chắn: a saved game on the rendered chiếu, stepped event by event (←/→,
Home/End, n/Shift+N between annotations), with the timeline under it and the side panel beside
it (the frame shared with Tổ tôm's viewer: viewer_frame.py).

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

from dataclasses import replace
from html import escape
from pathlib import Path

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.scene import Scene
from desktop.chieu.view import ChieuView, Prompt
from desktop.chieu.widget import ChieuWidget
from desktop.i18n import translate
from desktop.qt import (
    QWidget,
    Signal,
)
from desktop.review.advisor import Advisor, Key, live_card
from desktop.review.branch import branch_game
from desktop.review.connection import in_store
from desktop.review.details import annotation_html, notes_html, result_html
from desktop.review.error_text import error_text
from desktop.review.replay import OpenedGame, open_game
from desktop.review.stepper import Stepper
from desktop.review.viewer_frame import ViewerFrame
from desktop.review.words import annotation_title
from desktop.worker import Job, Worker
from engine.actions import Act, Action
from replays.errors import RecordError
from replays.store import Store

# Predict prompts on the chiếu: the actions that name no hand card.
_BUTTON_ACTS = (Act.WIN, Act.CHIU, Act.DRAW, Act.PASS, Act.DECLINE)


class ViewerPage(ViewerFrame):
    """See the module docstring."""

    chieu: ChieuWidget
    stepper: Stepper | None

    branched = Signal(int)  # the stored branch's game id, to play on in Chơi

    def __init__(self, store: Store, worker: Worker, scene: Scene | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(store, worker, ChieuWidget(scene=scene), annotation_title, parent)
        # advice kept in the library (read only, when another program writes it)
        self.advisor = Advisor(worker, self, Path(store.path), store.read_only)
        self.advisor.ready.connect(self._advised)
        self.advisor.failed.connect(self._advice_failed)
        self.predicting = False
        self._open_before = True  # "every hand open" as it was before predicting
        self._open_job: Job[OpenedGame] | None = None
        # an answer waiting for its advice, with the question it answers: graded only by
        # that question's advice, dropped when the viewer moves on
        self._answer: tuple[Key, Action] | None = None
        self.chieu.clicked.connect(self._clicked)
        self.panel.predict_toggled.connect(self.set_predict)
        self.panel.predict_box.answered.connect(self.answer)
        self.panel.predict_box.skipped.connect(lambda: self.command("replay_next"))
        self.retranslate()

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
        self._start(opened)

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
        moves = s.moves()
        if command in moves:
            self._head(command)
            skipped = command == "replay_next" and self.question_open()
            if skipped:
                self._skip_question()
            if moves[command]():
                self._moved()
            elif skipped:  # the question was at the last position: nothing to step to
                self._show()
        elif command == "replay_predict":
            self.panel.predict.setChecked(not self.predicting)
        elif command == "replay_branch":
            self.branch()
        elif command != "replay_view" or not self.predicting:
            self.other_command(command)

    def _looked(self) -> None:
        self._answer = None  # an answer waiting for its advice is dropped

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
        self.timeline.set_hidden_after(s.position if question is not None else None)
        self._show_position()
        self.panel.branch_button.setEnabled(not s.opened.states[s.position].is_over)
        if question is not None:
            self._ask(question)
        else:
            self.panel.show_details(self.details_html())
            for key in self._just_made():
                self.advisor.want(key)
            self._ahead.start(0)

    def _ahead_wanted(self) -> bool:
        return not self.predicting  # the next move is what the learner is asked to guess

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

    def shutdown(self) -> None:
        """Drop the game being opened and the answers of advice still being computed."""
        if self._open_job is not None:
            self._open_job.cancel()
            self._open_job = None
        self.advisor.shutdown()
