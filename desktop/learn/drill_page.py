"""The drill player: one question at a time on the rendered picture (the chiếu, the dealing
table or the card board) with its controls beside it, answered by clicks and keys; the answer
is graded by lessons (player.Round), the Grade's explanation shown in the current language,
then the next question; at the end, `finished` (the summary follows)."""

from __future__ import annotations

from functools import partial
from html import escape

from desktop.chieu.hitmap import Hit
from desktop.chieu.scene import Scene
from desktop.i18n import pick, translate
from desktop.keys import BINDINGS, Section, bind, key_hint
from desktop.learn.askers import Asker, make_asker
from desktop.learn.canvas import Canvas
from desktop.learn.player import Round
from desktop.learn.words import text
from desktop.qt import (
    QAction,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QResizeEvent,
    QScrollArea,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from lessons.item import BadResponse, Grade

TICK_MS = 100  # the countdown of a timed question is redrawn this often
ALWAYS = frozenset({"drill_submit", "drill_leave"})
SIDE_WIDTH = 380
SIDE_MIN = 330


class DrillPage(QWidget):
    """Plays a Round; emits `finished(Round)` at its end and `left(Round)` when stopped."""

    finished = Signal(object)
    left = Signal(object)

    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round: Round | None = None
        self.asker: Asker | None = None
        self.grade: Grade | None = None
        self.leave_button = QPushButton()
        self.leave_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.leave_button.clicked.connect(self.leave)
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.score = QLabel()
        self.score.setObjectName("score")
        self.canvas = Canvas(scene)
        self.canvas.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.canvas.clicked.connect(self._clicked)
        self.canvas.hovered.connect(self._hovered)

        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setObjectName("question")
        self.rules = QLabel()
        self.rules.setObjectName("dim")
        self.rules.setWordWrap(True)
        self.controls = QVBoxLayout()
        self.submit_button = QPushButton()
        self.submit_button.setObjectName("primary")
        self.submit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.submit_button.clicked.connect(self.submit)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.feedback.setObjectName("feedback")
        self.feedback.hide()
        self.next_button = QPushButton()
        self.next_button.setObjectName("primary")
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.clicked.connect(self.next_question)
        self.next_button.hide()
        self.missing = QLabel()  # Enter before the answer is complete: what it still lacks
        self.missing.setWordWrap(True)
        self.missing.setObjectName("status")
        self.missing.hide()
        content = QWidget()
        content.setObjectName("drillSide")
        column = QVBoxLayout(content)
        column.setContentsMargins(10, 8, 10, 8)
        column.addWidget(self.question)
        column.addWidget(self.rules)
        column.addWidget(self.feedback)  # the verdict first: it is what the learner reads next
        column.addLayout(self.controls, 1)
        scroll = QScrollArea()
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the picture to the controls
        self.side = QWidget()  # the buttons stay in sight below the scrolling part
        self.side.setObjectName("drillSide")
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, 0, 10, 8)
        side.addWidget(scroll, 1)
        side.addWidget(self.missing)
        side.addWidget(self.submit_button)
        side.addWidget(self.next_button)
        head = QHBoxLayout()
        head.addWidget(self.leave_button)
        head.addWidget(self.title, 1)
        head.addWidget(self.score)
        body = QHBoxLayout()
        body.setSpacing(0)
        body.addWidget(self.canvas, 1)
        body.addWidget(self.side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 2, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addLayout(body, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.actions_of: dict[str, list[QAction]] = {}
        for b in BINDINGS:
            if b.section not in (Section.DRILL, Section.ARRANGE, Section.CHOOSE):
                continue
            for key in b.keys:  # one action per key: the key is the answer's argument
                action = bind(self, b.id, partial(self.command, b.id, key), (key,))
                self.actions_of.setdefault(b.id, []).append(action)
        self.retranslate()

    # ------------------------------------------------------------------ the round

    def start(self, round_: Round) -> None:
        """Play a round from its first item."""
        self.round = round_
        self.show_question()

    def show_question(self) -> None:
        """The round's current item, ready to be answered."""
        round_ = self.round
        assert round_ is not None and round_.item is not None
        if self.asker is not None:
            self.asker.controls.hide()
            self.asker.deleteLater()
            self.asker.controls.deleteLater()
        self.grade = None
        asker = make_asker(round_.item, self)
        self.asker = asker
        if asker.expands:
            self.controls.addWidget(asker.controls, 1)
        else:
            self.controls.addWidget(asker.controls, 0, Qt.AlignmentFlag.AlignTop)
        asker.changed.connect(self._refresh)
        asker.answer_now.connect(self.submit)
        for command, actions in self.actions_of.items():
            for action in actions:
                action.setEnabled(command in ALWAYS or command in asker.commands)
        self.feedback.hide()
        self.missing.hide()
        self.next_button.hide()
        self.submit_button.show()
        self._texts()
        round_.ask()
        if asker.timed_seconds() is not None:
            self.timer.start()
        self._refresh()
        self.focus_answer()

    def focus_answer(self) -> None:
        """The keyboard to where the question is answered: its first control, or the picture."""
        focus = self.asker.focus_widget() if self.asker is not None and self.grade is None \
            else None
        (focus or self.canvas).setFocus()

    def _refresh(self) -> None:
        asker = self.asker
        if asker is None:
            return
        self.canvas.set_picture(asker.picture())
        complete = asker.response(0) is not None
        self.submit_button.setEnabled(self.grade is None and complete)
        if not self.missing.isHidden():
            self._say_missing(not complete)

    def _say_missing(self, shown: bool) -> None:
        """What the answer lacks, told again as it changes (and in the current language)."""
        asker = self.asker
        shown = shown and asker is not None and self.grade is None
        if asker is not None and shown:
            self.missing.setText(asker.missing())
        self.missing.setVisible(shown)

    def _tick(self) -> None:
        if self.asker is not None and self.round is not None and self.grade is None:
            self.asker.tick(self.round.elapsed_ms() / 1000)

    def submit(self) -> None:
        """Grade the answer (Enter); once graded, Enter goes on to the next question."""
        round_, asker = self.round, self.asker
        if round_ is None or asker is None:
            return
        if self.grade is not None:
            self.next_question()
            return
        response = asker.response(round_.elapsed_ms())
        if response is None:  # Enter never does nothing: it says what is missing
            self._say_missing(True)
            asker.incomplete()
            return
        try:
            grade = round_.answer(response)
        except BadResponse as error:  # a bug of this screen, not a wrong answer: say so
            self.feedback.setText(escape(pick(error.vi, error.en)))
            self.feedback.setProperty("verdict", "wrong")
            self.feedback.show()
            return
        self.timer.stop()
        self.grade = grade
        self.missing.hide()
        asker.show_grade(grade)
        for command, actions in self.actions_of.items():
            for action in actions:
                action.setEnabled(command in ALWAYS)
        self.submit_button.hide()
        self._show_grade()
        self.next_button.show()
        self._texts()
        self.canvas.setFocus()

    def _show_grade(self) -> None:
        grade = self.grade
        if grade is None:
            return
        explanation = pick(grade.explanation_vi, grade.explanation_en)
        rules = " ".join(grade.rule_ids)
        self.feedback.setProperty("verdict", "right" if grade.correct else "wrong")
        self.feedback.style().unpolish(self.feedback)
        self.feedback.style().polish(self.feedback)
        self.feedback.setText(f"<p>{escape(explanation)}</p>"
                              + (f"<p><small>{escape(rules)}</small></p>" if rules else ""))
        self.feedback.show()

    def next_question(self) -> None:
        """On to the next item, or the summary after the last."""
        round_ = self.round
        if round_ is None or self.grade is None:
            return
        if round_.advance():
            self.show_question()
        else:
            self.timer.stop()
            self.finished.emit(round_)

    def leave(self) -> None:
        """Stop the round (Esc): what was answered is recorded already."""
        if self.asker is not None and self.asker.dismiss():
            return
        self.timer.stop()
        if self.round is not None:
            self.left.emit(self.round)

    def command(self, command: str, key: str) -> None:
        """A key of the drill sections."""
        if command == "drill_submit":
            self.submit()
        elif command == "drill_leave":
            self.leave()
        elif self.asker is not None and self.grade is None:
            self.asker.command(command, key)

    def stop(self) -> None:
        """The screen is closing."""
        self.timer.stop()

    # ------------------------------------------------------------------ the pointer

    def _clicked(self, hit: Hit) -> None:
        if self.asker is not None and self.grade is None:
            self.asker.click(hit)

    def _hovered(self, hit: Hit | None) -> None:
        if self.asker is not None:
            self.asker.hover(hit)

    # ------------------------------------------------------------------ texts

    def _texts(self) -> None:
        round_ = self.round
        if round_ is None:
            return
        item = round_.item
        total = len(round_.items)
        self.title.setText(translate("LearnDrill", "{title} · câu {n}/{of}").format(
            title=round_.title, n=min(round_.index + 1, total), of=total))
        self.score.setText(translate("LearnDrill", "Đúng {right} · Sai {wrong}").format(
            right=round_.right, wrong=round_.wrong))
        if item is not None:
            self.question.setText(text(item.question))
            # the item's rule ids name its answer (a lỗi, a cước): they come with the Grade
            self.rules.setText(translate("LearnDrill", "Từ ván đã chơi số {game}, ghế {seat}.")
                               .format(game=item.source.get("game_id", "?"),
                                       seat=item.source.get("seat", "?"))
                               if item.source else "")
            self.rules.setVisible(bool(item.source))
        last = round_.index + 1 >= total
        self.next_button.setText(
            translate("LearnDrill", "Xem kết quả ({key})").format(key=key_hint("drill_submit"))
            if last else translate("LearnDrill", "Câu tiếp theo ({key})").format(
                key=key_hint("drill_submit")))

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.leave_button.setText(translate("LearnDrill", "← Dừng ({key})").format(
            key=key_hint("drill_leave")))
        self.submit_button.setText(translate("LearnDrill", "Trả lời ({key})").format(
            key=key_hint("drill_submit")))
        self._texts()
        if self.asker is not None:
            self.asker.retranslate()
        if not self.missing.isHidden():
            self._say_missing(True)
        self._show_grade()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The side panel takes about a third of a small window, at most SIDE_WIDTH."""
        self.side.setFixedWidth(max(SIDE_MIN, min(SIDE_WIDTH, self.width() * 3 // 10)))
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
