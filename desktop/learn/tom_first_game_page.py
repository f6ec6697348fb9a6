"""Học → "Ván tổ tôm đầu tiên": the guided first game of Tổ tôm (lessons/tom_first_game.py) on
the Tổ tôm chiếu.

As Chắn's page (first_game_page.py): the game as the learner sees it before each of its
decisions, the guide's instruction (with its T ids) beside the chiếu; keys and clicks become
moves that the guide checks — the right one is applied and explained, the other seats' fixed
moves up to the learner's next decision follow; any other is explained and taken back. The
first step is the cho cái count (1–5); the last is the call, composed with the token buttons
(call_builder.py) and judged by the engine's settlement. Keys: ←/→ choose a hand card, Enter or
Space plays it (discard, trả cửa), A eat (1–9 when several ways), B draw, D dưới, P phỗng, K dậy
khàn, U ù, X let a claim pass; Esc back to the lessons. The place is kept as Chắn's
(place.py), in first_game_to_tom.json of the data folder.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.scene import Scene
from desktop.chieu.tom_view import TomView
from desktop.chieu.tom_widget import TomWidget
from desktop.chieu.view import Prompt
from desktop.i18n import current, pick, translate
from desktop.keys import bind
from desktop.learn.call_builder import CallBuilder
from desktop.learn.place import Place, PlaceKeeping
from desktop.learn.tom_chieu import tom_view
from desktop.qt import (
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QResizeEvent,
    QScrollArea,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.worker import Worker
from engine.actions import Act
from engine.totom import Card, TomAction, TomGame
from lessons.first_game import Kept, load_position
from lessons.item import Text
from lessons.tom_first_game import (
    TITLE,
    Answer,
    Step,
    TomFirstGame,
    move_words,
    position_path,
    tom_first_game,
)

EAT_PREFIX = "eat"  # the chiếu's prompt "eat<k>": the k-th way of eating (1…)
PILE_PREFIX = "pile"  # the cho cái step's prompts "pile<n>"
# the page's keys (Qt key names) and the act each asks for
ACT_KEYS = {"B": Act.DRAW, "D": Act.PASS, "P": Act.PHONG, "K": Act.DAY_KHAN, "U": Act.WIN,
            "X": Act.DECLINE}
PROMPT_OF = {Act.DRAW: "draw", Act.PASS: "pass", Act.PHONG: "phong", Act.DAY_KHAN: "day_khan",
             Act.WIN: "win", Act.DECLINE: "decline"}
KEY_OF = {act: key for key, act in ACT_KEYS.items()}


class TomFirstGamePage(QWidget, PlaceKeeping[TomFirstGame]):
    """The guided first game of Tổ tôm; see the module docstring."""

    back_wanted = Signal()
    saving_changed = Signal()  # the place could not be saved, or is saved again

    def __init__(self, scene: Scene | None = None, data_dir: Path | None = None,
                 guide: TomFirstGame | None = None, parent: QWidget | None = None,
                 worker: Worker | None = None) -> None:
        loaded = guide or tom_first_game()  # a damaged guide raises before any widget exists
        super().__init__(parent)
        self.guide = loaded
        self.path = position_path(data_dir)
        self.worker = worker or Worker(self)
        self.kept = Kept(0)
        self.failure: Text | None = None
        self._wanted: int | None = None
        self._place = Place()
        self._kept_aside = False
        self.learner = loaded.learner
        self.step_no = 0
        self.game: TomGame = loaded.new_game()
        self.selected: Card | None = None
        self.feedback: Answer | None = None
        self.note: Text | None = None
        self.started = False

        self.chieu = TomWidget(scene=scene)
        self.chieu.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.chieu.clicked.connect(self.click)
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
        self.others = QLabel()
        self.others.setWordWrap(True)
        self.others.setObjectName("dim")
        self.file_note = QLabel()
        self.file_note.setObjectName("status")
        self.file_note.setWordWrap(True)
        self.file_note.hide()
        self.builder = CallBuilder()
        self.builder.submitted.connect(self._called)
        self.builder.hide()
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
        for widget in (self.title, self.file_note, self.counter, self.instruction, self.answer,
                       self.builder, self.others):
            column.addWidget(widget)
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

    def _bind_keys(self) -> None:
        bind(self, "next_card", partial(self.step_card, 1))
        bind(self, "prev_card", partial(self.step_card, -1))
        bind(self, "use_card", self.use_card)
        bind(self, "learn_back", self.back_wanted.emit, keys=("Escape",))
        bind(self, "eat", self.eat)
        for key, act in ACT_KEYS.items():
            bind(self, PROMPT_OF[act], partial(self.act, act), keys=(key,))
        for n in range(10):
            bind(self, "drill_number", partial(self.number, n), keys=(str(n),))
        bind(self, "drill_undo", self.builder.undo, keys=("Backspace",))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The guide's column takes under a third of the width."""
        self.side.setFixedWidth(max(250, min(370, round(self.width() * 0.29))))
        super().resizeEvent(event)

    def saving_said(self) -> None:
        """The place could not be saved, or is saved again."""
        self.saving_changed.emit()

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
        """Continue where the learner left off (the first step the first time)."""
        self.started = True
        if self._wanted is not None:
            self.go_to(self._wanted, resumed=True)
        else:
            self.kept = load_position(self.path, self.guide)
            self.go_to(self.kept.step, resumed=True)
        self.chieu.setFocus()

    def restart(self) -> None:
        """From the cho cái again."""
        self.go_to(0)
        self.save(0)
        self.chieu.setFocus()

    def go_to(self, number: int, resumed: bool = False) -> None:
        """Show step `number` (len(steps): the finished game)."""
        self.step_no = number
        step = self.step()
        self.game = self.guide.final_game() if step is None else self.guide.game_before(step)
        self.selected = None
        self.feedback = None
        self.note = Text(f"Tiếp tục từ bước {number + 1}.", f"Going on from step {number + 1}.") \
            if resumed and 0 < number < len(self.steps) else None
        self.builder.clear()
        if step is not None and step.topic == "call":
            self.builder.set_khan(tuple(m.cards[0] for m in self.game.mats[self.learner]
                                        if m.face_down))
        self._show()

    # ------------------------------------------------------------------ the learner

    def _legal(self) -> list[TomAction]:
        if self.game.actor != self.learner:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, TomAction)]

    def _eats(self) -> list[TomAction]:
        return [a for a in self._legal() if a.act is Act.EAT]

    def click(self, hit: Hit) -> None:
        """A click on the chiếu: a prompt, or a hand card."""
        if hit.kind is HitKind.BUTTON and hit.key is not None:
            key = hit.key
            if key.startswith(PILE_PREFIX):
                self.number(int(key[len(PILE_PREFIX):]))
            elif key.startswith(EAT_PREFIX) and key[len(EAT_PREFIX):].isdigit():
                self.number(int(key[len(EAT_PREFIX):]))
            elif key == "discard":
                self.use_card()
            else:
                act = next((a for a, k in PROMPT_OF.items() if k == key), None)
                if act is not None:
                    self.act(act)
            return
        if hit.kind is HitKind.HAND and hit.tom is not None:
            if self.selected == hit.tom:
                self.use_card()
            else:
                self.selected = hit.tom
                self._show_chieu()

    def step_card(self, by: int) -> None:
        """←/→: the next or previous hand card."""
        hand = self.game.hand_cards(self.learner)
        if not hand:
            return
        kinds = list(dict.fromkeys(hand))
        at = kinds.index(self.selected) if self.selected in kinds else (-1 if by > 0 else 0)
        self.selected = kinds[(at + by) % len(kinds)]
        self._show_chieu()

    def use_card(self) -> None:
        """Enter/Space: play the chosen card (a discard or trả cửa), or the step's one move."""
        step = self.step()
        if step is None:
            return
        if step.topic == "call":
            self.builder.submit()
            return
        plays = [a for a in self._legal() if a.act in (Act.DISCARD, Act.RETURN)]
        if plays:
            if self.selected is None:
                self.note = Text("Chọn một quân trên tay trước (←/→ hoặc bấm vào quân).",
                                 "Choose a hand card first (←/→ or click it).")
                self._show()
                return
            move = next((a for a in plays if a.card == self.selected), None)
            if move is None:
                self.note = Text("Quân ấy không đánh được.", "That card cannot be played.")
                self._show()
                return
            self.try_move(move)

    def eat(self) -> None:
        """A: eat — the only way, or the way holding the chosen card; else say to choose."""
        eats = self._eats()
        if len(eats) == 1:
            self.try_move(eats[0])
            return
        mine = [a for a in eats if self.selected in a.cards]
        if len(mine) == 1:
            self.try_move(mine[0])
        elif eats:
            self.note = Text("Có nhiều cách ăn: gõ số của cách ăn (nút trên chiếu).",
                             "There are several ways to eat: type the number of one (the "
                             "buttons on the chiếu).")
            self._show()
        elif self.step() is not None and self.step_no > 0:
            self.note = Text("Bây giờ không ăn được.", "You cannot eat now.")
            self._show()

    def act(self, act: Act) -> None:
        """A key or button asking for one act (draw, dưới, phỗng, dậy khàn, ù, let pass)."""
        found = [a for a in self._legal() if a.act is act]
        if act is Act.WIN:
            found.sort(key=lambda a: a.phong is not None)  # a plain ù first (T5.6)
        if found:
            self.try_move(found[0])
        elif self.step() is not None and self.step_no > 0:
            self.note = Text(f"Bây giờ không {move_words(TomAction(self.learner, act)).vi} "
                             f"được.",
                             f"You cannot {move_words(TomAction(self.learner, act)).en} now.")
            self._show()

    def number(self, n: int) -> None:
        """1–9: the cho cái pile, a way of eating, or a token of the call."""
        step = self.step()
        if step is None:
            return
        if step.kind == "cho_cai":
            self._answered(self.guide.try_pile(step, n))
        elif step.topic == "call":
            self.builder.press(n)
        else:
            eats = self._eats()
            if 1 <= n <= len(eats):
                self.try_move(eats[n - 1])

    def try_move(self, action: TomAction) -> None:
        """A move: the guide's answer, and the next step if it was the right one."""
        step = self.step()
        if step is None or step.kind != "move" or step.topic == "call":
            return
        self._answered(self.guide.try_move(step, action))

    def _called(self) -> None:
        step = self.step()
        if step is None or step.topic != "call":
            return
        self._answered(self.guide.try_call(step, self.builder.tokens()))

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

    def _prompts(self, step: Step | None) -> tuple[Prompt, ...]:
        if step is None:
            return ()
        if step.kind == "cho_cai":
            return tuple(Prompt(f"{PILE_PREFIX}{n}", label=pick(f"Phần {n}", f"Pile {n}"),
                                hint=str(n)) for n in range(1, self.guide.rules.players + 1))
        legal = self._legal()
        out: list[Prompt] = []
        eats = [a for a in legal if a.act is Act.EAT]
        for k, a in enumerate(eats, 1):
            label = pick("Ăn", "Eat") + (" " + " ".join(c.code for c in a.cards) if len(eats) > 1
                                          else "")
            out.append(Prompt(f"{EAT_PREFIX}{k}", label=label,
                              hint=str(k) if len(eats) > 1 else "A"))
        if any(a.act in (Act.DISCARD, Act.RETURN) for a in legal):
            out.append(Prompt("discard", label=pick("Đánh", "Discard"), hint="Enter",
                              primary=True, enabled=self.selected is not None))
        for act in (Act.WIN, Act.PHONG, Act.DAY_KHAN, Act.DRAW, Act.PASS, Act.DECLINE):
            if any(a.act is act for a in legal):
                words = move_words(TomAction(self.learner, act))
                out.append(Prompt(PROMPT_OF[act], label=_cap(pick(words.vi, words.en)),
                                  hint=KEY_OF[act]))
        return tuple(out)

    def view(self) -> TomView:
        """The chiếu of the current moment."""
        step = self.step()
        names = tuple(pick(f"Bạn (ghế {s})", f"You (seat {s})") if s == self.learner
                      else pick(f"Ghế {s}", f"Seat {s}") for s in range(self.game.players))
        message = _text(self.note) if self.note is not None else ""
        if not message and step is not None and step.expected is not None:
            message = _cap(_text(move_words(step.expected))) + "."
        elif not message and step is not None:
            message = translate("TomFirstGame", "Phần thứ mấy là phần cái? Gõ số 1–{p}.").format(
                p=self.guide.rules.players)
        highlighted = frozenset(c for a in self._eats() for c in a.cards)
        return tom_view(self.game, self.learner, names, "en" if current() == "en" else "vi",
                        self._prompts(step), message,
                        (self.selected,) if self.selected is not None else (), highlighted)

    def _show_chieu(self) -> None:
        self.chieu.set_view(self.view())

    def _show(self) -> None:
        """The chiếu and the guide's column, in the language shown."""
        self._show_chieu()
        step = self.step()
        total = len(self.steps)
        if step is None:
            self.counter.setText(translate("TomFirstGame", "Xong {total}/{total} bước").format(
                total=total))
            self.instruction.setText(translate(
                "TomFirstGame", "Bạn đã chơi xong ván tổ tôm đầu tiên: cho cái, đánh, phỗng và "
                                "trả cửa, ăn, bốc, dưới, ù, dậy khàn và xướng. Hãy sang phần Chơi "
                                "để chơi một ván thật, hoặc chơi lại ván này."))
        else:
            self.counter.setText(translate("TomFirstGame", "Bước {n}/{total} · bạn ngồi ghế {me}"
                                           ).format(n=step.number + 1, total=total,
                                                    me=self.learner))
            self.instruction.setText(_text(step.instruction))
        if self.feedback is None:
            self.answer.hide()
        else:
            self.answer.setText(_text(self.feedback.text))
            self.answer.setProperty("verdict", "right" if self.feedback.right else "wrong")
            self.answer.style().unpolish(self.answer)
            self.answer.style().polish(self.answer)
            self.answer.show()
        self.builder.setVisible(step is not None and step.topic == "call")
        problem = self.kept.problem
        self.file_note.setText(_text(problem) if problem is not None else "")
        self.file_note.setVisible(problem is not None)
        said = self._others_said(step)
        self.others.setText(said)
        self.others.setVisible(bool(said))

    def _others_said(self, step: Step | None) -> str:
        """The other seats' moves since the learner's previous decision."""
        if step is None or step.kind != "move":
            return ""
        moves = self.guide.moves[self.guide.since_previous(step):step.move]
        said = [f"{pick('Ghế', 'Seat')} {a.seat}: {_text(move_words(a))}" for a in moves
                if a.seat != self.learner and a.act is not Act.DECLINE]
        if not said:
            return ""
        return translate("TomFirstGame", "Các nhà khác vừa đi:") + " " + "; ".join(said) + "."

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.title.setText(_text(TITLE))
        self.restart_button.setText(translate("TomFirstGame", "Chơi lại từ đầu"))
        self.back_button.setText(translate("TomFirstGame", "Về danh sách bài (Esc)"))
        self.builder.retranslate()
        self._show()

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def _text(text: Text) -> str:
    return pick(text.vi, text.en)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
