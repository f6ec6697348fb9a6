"""Học → "Ván đầu tiên": the guided first game (lessons/first_game.py) on the real chiếu.

The page shows the game as the learner sees it before each of its decisions, with the guide's
instruction beside the chiếu; clicks and keys (the Play screen's, desktop/keys.py) become moves
that the guide checks. The right move is applied, explained, and the other seats' fixed moves up
to the learner's next decision are applied and told; any other move is explained and taken back.
Where the learner is, is saved after every step (first_game.json in the data folder), so the
game continues at the same step after a restart: on the Worker, so a slow or failing disk never
freezes the page; a place the disk refuses is kept in memory, said above the page and written on
retry (Ctrl+S) or at the next step (issue 20). A first_game.json that cannot be used is said on
the page and left as it is; one of garbage is kept aside (first_game.json.damaged) at the first
save, and anything that is not a regular file is never replaced. No rule is decided here: the
guide and the engine decide, this page shows and forwards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.scene import Scene
from desktop.chieu.view import ChieuView, Prompt
from desktop.chieu.widget import ChieuWidget
from desktop.i18n import current, pick, translate
from desktop.keys import BINDINGS, Section, bind
from desktop.learn.place import Place, PlaceKeeping
from desktop.play import moves, words
from desktop.play.call_dialog import CallDialog
from desktop.qt import (
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPoint,
    QPushButton,
    QResizeEvent,
    QScrollArea,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.worker import Worker
from engine.actions import Act, Action
from engine.chan import Card
from engine.chan import ChanGame as Game
from engine.game import Phase
from lessons.first_game import (
    TITLE,
    Answer,
    FirstGame,
    Kept,
    Step,
    action_words,
    first_game,
    load_position,
    position_path,
)
from lessons.item import Text

SEAT_PREFIX = "seat"
ACTS = {"draw": Act.DRAW, "pass": Act.PASS, "chiu": Act.CHIU, "win": Act.WIN,
        "decline": Act.DECLINE}


class FirstGamePage(QWidget, PlaceKeeping[FirstGame]):
    """The guided first game; see the module docstring."""

    back_wanted = Signal()
    saving_changed = Signal()  # the place could not be saved, or is saved again

    def __init__(self, scene: Scene | None = None, data_dir: Path | None = None,
                 guide: FirstGame | None = None, parent: QWidget | None = None,
                 worker: Worker | None = None) -> None:
        # the data first: a damaged guide raises before any widget exists (a half-built one
        # would still get the language's LanguageChange, issue 20)
        loaded = guide or first_game()
        super().__init__(parent)
        self.guide = loaded
        self.path = position_path(data_dir)
        self.worker = worker or Worker(self)
        self.kept = Kept(0)  # first_game.json as last read
        self.failure: Text | None = None  # why the place could not be saved
        self._wanted: int | None = None  # the step to save (None: saved)
        self._place = Place()  # shared with the Worker's job that writes it
        self._kept_aside = False  # a damaged first_game.json was moved aside and replaced
        self.learner = self.guide.learner
        self.step_no = 0
        self.game: Game = self.guide.new_game()
        self.selected: Card | None = None
        self.hovered: Hit | None = None
        self.note: Callable[[], str] | None = None  # a one-line remark on the chiếu
        self.feedback: Answer | None = None  # the answer to the learner's last try
        self.told: list[tuple[int, Action, Card | None]] = []  # the others' moves since
        self.call_dialog: CallDialog | None = None
        self.started = False

        self.chieu = ChieuWidget(scene=scene)
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.chieu.clicked.connect(self.click)
        self.chieu.hovered.connect(self.hover)
        self.title = QLabel()
        self.title.setObjectName("sectionTitle")
        self.counter = QLabel()
        self.counter.setObjectName("dim")
        self.instruction = QLabel()
        self.instruction.setObjectName("question")
        self.instruction.setWordWrap(True)
        self.answer = QLabel()
        self.answer.setObjectName("feedback")
        self.answer.setWordWrap(True)
        self.answer.hide()
        self.others_title = QLabel()
        self.others_title.setObjectName("dim")
        self.others = QLabel()
        self.others.setWordWrap(True)
        self.file_note = QLabel()  # first_game.json could not be used: what, and what now
        self.file_note.setObjectName("status")
        self.file_note.setWordWrap(True)
        self.file_note.hide()
        self.restart_button = QPushButton()
        self.restart_button.clicked.connect(self.restart)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.back_wanted)
        for button in (self.restart_button, self.back_button):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)

        side = QWidget()
        side.setObjectName("drillSide")
        column = QVBoxLayout(side)
        column.setContentsMargins(14, 12, 14, 12)
        column.addWidget(self.title)
        column.addWidget(self.file_note)
        column.addWidget(self.counter)
        column.addWidget(self.instruction)
        column.addWidget(self.answer)
        column.addSpacing(6)
        column.addWidget(self.others_title)
        column.addWidget(self.others)
        column.addStretch(1)
        column.addWidget(self.restart_button)
        column.addWidget(self.back_button)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.side = scroll
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.chieu, 1)
        layout.addWidget(scroll)
        self._bind_keys()
        self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The guide's column takes under a third of the width: the chiếu keeps the rest."""
        self.side.setFixedWidth(max(250, min(370, round(self.width() * 0.29))))
        super().resizeEvent(event)

    def _bind_keys(self) -> None:
        """The Play screen's keys (Esc leaves instead of letting a claim pass: X does that),
        and 0–3 for the seat that receives the cái."""
        for b in BINDINGS:
            if b.section is Section.PLAY and b.id not in ("hint", "next_game", "decline"):
                bind(self, b.id, partial(self.command, b.id))
        bind(self, "decline", lambda: self.command("decline"), keys=("X",))
        bind(self, "learn_back", self.back_wanted.emit)
        for seat in range(self.guide.deal.players):
            bind(self, "drill_number", partial(self.answer_seat, seat), keys=(str(seat),))

    # ------------------------------------------------------------------ where we are

    @property
    def steps(self) -> list[Step]:
        """The learner's decisions."""
        return self.guide.steps

    @property
    def finished(self) -> bool:
        """Every step was answered: the game is over."""
        return self.step_no >= len(self.steps)

    def step(self) -> Step | None:
        """The step being asked (None once finished)."""
        return None if self.finished else self.steps[self.step_no]

    def start(self) -> None:
        """Continue where the learner left off (the first step the first time); a place that
        is still being saved, or that the disk refused, is where the learner is."""
        self.started = True
        if self._wanted is not None:
            self.go_to(self._wanted, resumed=True)
        else:
            self.kept = load_position(self.path, self.guide)
            self.go_to(self.kept.step, resumed=True)
        self.chieu.setFocus()

    def restart(self) -> None:
        """From bốc cái again."""
        self.go_to(0)
        self.save(0)
        self.chieu.setFocus()

    # ------------------------------------------------------------------ keeping the place
    def saving_said(self) -> None:
        """The place could not be saved, or is saved again."""
        self.saving_changed.emit()

    def go_to(self, number: int, resumed: bool = False) -> None:
        """Show step `number` (len(steps): the finished game)."""
        self.step_no = number
        step = self.step()
        self.game = self.guide.final_game() if step is None else self.guide.game_before(step)
        self.selected = None
        self.note = None
        self.feedback = None
        self.told = []
        if resumed and number > 0:
            self.note = lambda: translate("FirstGame", "Tiếp tục từ bước {n}.").format(
                n=number + 1) if not self.finished else ""
        if step is not None:
            self._tell_others(step)
            self._preselect(step)
        self._show()

    def _tell_others(self, step: Step) -> None:
        """The other seats' moves since the learner's previous decision, as the chiếu showed
        them (the card each eat or chíu took is the live card before it)."""
        game = self.guide.new_game()
        told: list[tuple[int, Action, Card | None]] = []
        since = self.guide.since_previous(step)
        for i, a in enumerate(self.guide.moves[:step.move]):
            live = game.live.card if game.live is not None else None
            game.apply(a)
            if i >= since and a.act is not Act.DECLINE and a.seat != self.learner:
                # as recorded: a draw names the card drawn
                told.append((a.seat, game.record[-1],
                             live if a.act in (Act.EAT, Act.CHIU) else None))
        self.told = told

    def _preselect(self, step: Step) -> None:
        """The only card that may eat is picked already, as on the Play screen — when eating
        is the step's move (an eat the guide advises against is not offered ready-made)."""
        eaters = moves.eaters(self.game, self.learner)
        if step.expected is not None and step.expected.act is Act.EAT and len(eaters) == 1:
            self.selected = next(iter(eaters))

    # ------------------------------------------------------------------ the learner

    def click(self, hit: Hit) -> None:
        """A click on the chiếu."""
        if hit.kind is HitKind.BUTTON and hit.key is not None:
            if hit.key.startswith(SEAT_PREFIX):
                self.answer_seat(int(hit.key[len(SEAT_PREFIX):]))
            else:
                self.command(hit.key)
            return
        step = self.step()
        if step is None or step.kind != "move":
            return
        target = moves.clicked(self.game, hit)
        if isinstance(target, str):
            self.command(target)
        elif target is not None:
            self._card_clicked(target)

    def hover(self, hit: Hit | None) -> None:
        """The pointer moved onto something (buttons and cards light up)."""
        if hit != self.hovered:
            self.hovered = hit
            self._show_chieu()

    def _card_clicked(self, card: Card) -> None:
        game = self.game
        move = moves.card_move(game, self.learner, card)
        if move is not None:
            self.try_move(move)
            return
        self.selected = card
        if game.phase is Phase.PLAY:
            live = game.live.card if game.live is not None else None
            self.note = lambda: words.cannot_eat_with(card, live)
        self._show_chieu()

    def command(self, command: str) -> None:
        """A command from a key or a button (desktop/keys.py ids, chiếu prompt keys)."""
        step = self.step()
        if step is None:
            return
        if command in ("next_card", "prev_card"):
            order = moves.hand_order(self.game, self.learner)
            chosen = moves.step_selection(order, self.selected,
                                          1 if command == "next_card" else -1)
            if chosen is not None:
                self.selected = chosen
                self._show_chieu()
            return
        if step.kind != "move":
            return
        if command == "call" or (command == "use_card" and self.game.phase is Phase.CALL):
            self.open_call()
        elif command in ("use_card", "discard", "return"):
            if self.selected is None:
                self.note = words.choose_card
                self._show_chieu()
            else:
                self._card_clicked(self.selected)
        elif command == "eat":
            self._eat()
        elif command in ACTS:
            self.try_move(Action(self.learner, ACTS[command]))

    def _eat(self) -> None:
        eaters = moves.eaters(self.game, self.learner)
        if self.selected in eaters:
            self.try_move(Action(self.learner, Act.EAT, self.selected))
        elif len(eaters) == 1:
            self.try_move(Action(self.learner, Act.EAT, next(iter(eaters))))
        elif eaters:
            self.note = words.choose_eater
            self._show_chieu()
        else:
            hand = self.game.hand_cards(self.learner)
            card = self.selected if self.selected is not None else hand[0]
            self.try_move(Action(self.learner, Act.EAT, card))

    def answer_seat(self, seat: int) -> None:
        """Who receives the cái (the first step)."""
        step = self.step()
        if step is None or step.kind != "boc_cai":
            return
        answer = self.guide.try_seat(step, seat)
        self._answered(answer)

    def try_move(self, action: Action) -> None:
        """A move: the guide's answer, and the next step if it was the right one."""
        step = self.step()
        if step is None or step.kind != "move":
            return
        if step.topic == "call":
            self.open_call()
            return
        self._answered(self.guide.try_move(step, action))

    def open_call(self) -> None:
        """The xướng dialog of the Play screen (R8)."""
        step = self.step()
        if step is None or step.topic != "call" or self.call_dialog is not None:
            return
        dialog = CallDialog(self.game, pick("Bạn", "You"), self)
        self.call_dialog = dialog
        dialog.accepted.connect(lambda: self._called(dialog))
        dialog.open()
        chieu = self.chieu
        if dialog.width() <= chieu.width():  # over the chiếu: the guide's column stays in view
            corner = chieu.mapToGlobal(QPoint(0, 0))
            dialog.move(corner.x() + (chieu.width() - dialog.width()) // 2,
                        corner.y() + max(0, (chieu.height() - dialog.height()) // 2))

    def _called(self, dialog: CallDialog) -> None:
        self.call_dialog = None
        call = dialog.call()
        dialog.deleteLater()
        step = self.step()
        if step is not None:
            self._answered(self.guide.try_call(step, call))
        self.window().activateWindow()
        self.chieu.setFocus()

    def _answered(self, answer: Answer) -> None:
        if not answer.right:
            self.feedback = answer
            self.note = None
            self._show()
            return
        number = self.step_no + 1
        self.save(number)
        self.go_to(number)
        self.feedback = answer
        self._show()

    # ------------------------------------------------------------------ showing

    def view(self) -> ChieuView:
        """The chiếu of the current moment."""
        step = self.step()
        game = self.game
        obs = game.observation(self.learner)
        prompts: tuple[Prompt, ...] = ()
        highlighted: frozenset[Card] = frozenset()
        if step is not None and step.kind == "boc_cai":
            prompts = tuple(Prompt(f"{SEAT_PREFIX}{s}", label=pick(f"Ghế {s}", f"Seat {s}"),
                                   hint=str(s), primary=False)
                            for s in range(game.players))
        elif step is not None and game.phase is Phase.CALL:
            prompts = (Prompt("call", label=pick("Xướng", "Call"), hint="Enter", primary=True),)
        elif step is not None:
            prompts = moves.prompts(game, self.learner, self.selected)
            highlighted = moves.eaters(game, self.learner)
        message = self.note() if self.note is not None else ""
        if not message and step is not None:
            message = self._short(step)
        # every plate says its seat number, the learner's too (issue 20: the game never said
        # the learner is seat 0, which the bốc cái question counts from); the hội is this one
        # game, its totals 0 until the win settles it (the panel showed "—")
        settled = game.settlement
        scores = tuple(round(t) for t in settled.transfers) if settled is not None \
            else (0,) * game.players
        return ChieuView(obs=obs, names=tuple(self._name(s, plate=True)
                                              for s in range(game.players)),
                         scores=scores, game_no=1, lang=current(), selected=self.selected,
                         hovered=self.hovered, highlighted=highlighted, prompts=prompts,
                         message=message, conceal_cai=step is not None and step.kind == "boc_cai")

    def _short(self, step: Step) -> str:
        """The chiếu's one line: what to do now."""
        if step.kind == "boc_cai":
            return translate("FirstGame", "Bạn ngồi ghế {me}. Ai được cái? Bấm số ghế 0–3."
                             ).format(me=self.learner)
        assert step.expected is not None
        words_ = action_words(step.expected, self.game)
        said = pick(words_.vi, words_.en)
        return said[:1].upper() + said[1:] + "."

    def _show_chieu(self) -> None:
        self.chieu.set_view(self.view())

    def _show(self) -> None:
        """The chiếu and the guide's column, in the language shown."""
        self._show_chieu()
        step = self.step()
        total = len(self.steps)
        if step is None:
            self.counter.setText(translate("FirstGame", "Xong {total}/{total} bước").format(
                total=total))
            self.instruction.setText(translate(
                "FirstGame", "Bạn đã chơi xong ván đầu tiên: bốc cái, ăn, bốc, chíu và trả "
                             "cửa, chờ ù, ù và xướng. Hãy sang phần Chơi để chơi một ván thật, "
                             "hoặc chơi lại ván này."))
        else:
            self.counter.setText(translate("FirstGame", "Bước {n}/{total} · bạn ngồi ghế {me}")
                                 .format(n=step.number + 1, total=total, me=self.learner))
            self.instruction.setText(_text(step.instruction))
        if self.feedback is None:
            self.answer.hide()
        else:
            self.answer.setText(_text(self.feedback.text))
            self.answer.setProperty("verdict", "right" if self.feedback.right else "wrong")
            self.answer.style().unpolish(self.answer)
            self.answer.style().polish(self.answer)
            self.answer.show()
        problem = self.kept.problem
        self.file_note.setText(_text(problem) if problem is not None else "")
        self.file_note.setVisible(problem is not None)
        said = [words.did(self._name(seat), action, eaten) for seat, action, eaten in self.told]
        self.others_title.setVisible(bool(said))
        self.others.setVisible(bool(said))
        self.others.setText(" ".join(said))

    def _name(self, seat: int, plate: bool = False) -> str:
        """"Bạn" or "Ghế 2"; on the chiếu's plates the learner's seat number too."""
        if seat == self.learner:
            return pick(f"Bạn (ghế {seat})", f"You (seat {seat})") if plate else \
                pick("Bạn", "You")
        return pick(f"Ghế {seat}", f"Seat {seat}")

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.title.setText(_text(TITLE))
        self.others_title.setText(translate("FirstGame", "Các nhà khác vừa đi:"))
        self.restart_button.setText(translate("FirstGame", "Chơi lại từ đầu"))
        self.back_button.setText(translate("FirstGame", "Về danh sách bài (Esc)"))
        self._show()

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def _text(text: Text) -> str:
    return pick(text.vi, text.en)
