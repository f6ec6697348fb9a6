"""A dealt hand on the card board (RULES R3.6): the learner sorts it into chắn, cạ, ba đầu and
què by choosing cards and naming the group (clicks or keys), or counts its chắn. The board
shows the hand unarranged — the game chiếu would arrange it and give the answer away — and,
once graded, the engine's arrangement from the item's answer; after a wrong answer, under the
learner's own groups, each marked right or wrong."""

from __future__ import annotations

from typing import Any

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Shelf
from desktop.chieu.hitmap import Hit, HitKind
from desktop.i18n import translate
from desktop.keys import key_hint
from desktop.learn.askers.base import Asker
from desktop.learn.askers.numbers import NumberBox
from desktop.learn.words import seat_name
from desktop.qt import QFormLayout, QGridLayout, QLabel, QObject, QPushButton, Qt, QWidget
from engine.chan import Card
from lessons.item import JSON, Item

KINDS = ("chan", "ca", "ba_dau", "que")
COMMAND_KIND = {"arrange_chan": "chan", "arrange_ca": "ca", "arrange_ba_dau": "ba_dau",
                "arrange_que": "que"}


def kind_title(kind: str) -> str:
    """The name of a kind of group."""
    return {"chan": translate("LearnAsk", "Chắn"), "ca": translate("LearnAsk", "Cạ"),
            "ba_dau": translate("LearnAsk", "Ba đầu"), "que": translate("LearnAsk", "Què")}[kind]


def answer_groups(answer: Any, kind: str) -> tuple[tuple[Card, ...], ...]:
    """The groups of one kind in the engine's arrangement (an item's answer)."""
    if kind == "que":
        return tuple((Card.parse(c),) for c in answer["que"])
    return tuple(tuple(Card.parse(c) for c in g) for g in answer[kind])


def answer_shelves(answer: Any, titled: bool = False) -> tuple[Shelf, ...]:
    """The engine's arrangement on four shelves, marked right (`titled`: each title says it
    is the answer, beside the learner's own)."""
    shelves = []
    for kind in KINDS:
        groups = answer_groups(answer, kind)
        title = f"{kind_title(kind)} ({len(groups)})"
        if titled:
            title = translate("LearnAsk", "Đáp án — {shelf}").format(shelf=title)
        shelves.append(Shelf(kind, title, groups, marks=(Mark.RIGHT,) * len(groups),
                             empty="—"))
    return tuple(shelves)


def judged_shelves(groups: list[tuple[str, tuple[Card, ...]]], answer: Any
                   ) -> tuple[Shelf, ...]:
    """The learner's own groups on four shelves, each marked right when the engine's
    arrangement has it (same kind, same cards) and wrong otherwise (issue 20: a wrong
    arrangement showed the right one, not which of the learner's groups was wrong)."""
    shelves = []
    for kind in KINDS:
        right = [sorted(g) for g in answer_groups(answer, kind)]
        mine = tuple(g for k, g in groups if k == kind)
        marks = []
        for g in mine:
            found = sorted(g) in right
            if found:
                right.remove(sorted(g))
            marks.append(Mark.RIGHT if found else Mark.WRONG)
        title = translate("LearnAsk", "Bạn xếp — {shelf}").format(
            shelf=f"{kind_title(kind)} ({len(mine)})")
        shelves.append(Shelf(kind, title, mine, marks=tuple(marks), empty="—"))
    return tuple(shelves)


class ArrangeAsker(Asker):
    """Arrange the hand into chắn, cạ, ba đầu, què."""

    commands = frozenset({"drill_left", "drill_right", "drill_toggle", "drill_undo",
                          *COMMAND_KIND})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.pool: list[Card] = sorted(Card.parse(c) for c in item.position["hand"])
        self.chosen: set[int] = set()
        self.cursor = 0
        self.groups: list[tuple[str, tuple[Card, ...]]] = []
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        grid = QGridLayout()
        self.kind_buttons: dict[str, QPushButton] = {}
        for k, (command, kind) in enumerate(COMMAND_KIND.items()):
            button = QPushButton()
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, c=command: self.command(c, ""))
            grid.addWidget(button, k // 2, k % 2)
            self.kind_buttons[kind] = button
        self.undo_button = QPushButton()
        self.undo_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.undo_button.clicked.connect(lambda: self.command("drill_undo", ""))
        grid.addWidget(self.undo_button, 2, 0, 1, 2)
        self.controls_layout.addLayout(grid)
        self.retranslate()

    def retranslate(self) -> None:
        """Button texts and the hint in the current language."""
        self.hint.setText(translate(
            "LearnAsk", "Chọn quân (bấm vào quân, hoặc ←/→ rồi Space), rồi bấm loại nhóm. Bấm "
                        "vào một nhóm đã xếp để trả nó về tay. Xếp hết bài rồi Trả lời."))
        keys = {"chan": "arrange_chan", "ca": "arrange_ca", "ba_dau": "arrange_ba_dau",
                "que": "arrange_que"}
        for kind, button in self.kind_buttons.items():
            button.setText(f"{kind_title(kind)} ({key_hint(keys[kind])})")
        self.undo_button.setText(translate("LearnAsk", "Bỏ nhóm vừa xếp ({key})").format(
            key=key_hint("drill_undo")))
        super().retranslate()

    def picture(self) -> BoardView:
        """The cards still in hand along the bottom, the groups made on four shelves."""
        if self.locked:
            answer = self.item.answer
            right = self.grade is not None and self.grade.correct
            return BoardView(shelves=answer_shelves(answer) if right else judged_shelves(
                self.groups, answer) + answer_shelves(answer, titled=True), hovered=self.hovered)
        shelves = []
        for kind in KINDS:
            groups = tuple(g for k, g in self.groups if k == kind)
            shelves.append(Shelf(kind, f"{kind_title(kind)} ({len(groups)})", groups,
                                 empty=translate("LearnAsk", "chưa có")))
        left = len(self.pool)  # a plain name: lupdate sees a count only so
        title = translate("LearnAsk", "Bài của {seat}: còn %n quân chưa xếp", None, left).format(
            seat=seat_name(int(self.item.position["seat"])))
        return BoardView(shelves=tuple(shelves), row=tuple(self.pool), row_title=title,
                         raised=frozenset(self.chosen),
                         cursor=self.cursor if self.pool else None, hovered=self.hovered)

    def click(self, hit: Hit) -> None:
        """A hand card is chosen or put back; a group on a shelf goes back to the hand."""
        if self.locked:
            return
        if hit.kind is HitKind.HAND and hit.index is not None:
            self.cursor = hit.index
            self._toggle(hit.index)
        elif hit.kind is HitKind.BUTTON and hit.key in KINDS and hit.index is not None:
            mine = [i for i, (k, _) in enumerate(self.groups) if k == hit.key]
            if hit.index < len(mine):
                self._unmake(mine[hit.index])

    def _toggle(self, index: int) -> None:
        if 0 <= index < len(self.pool):
            self.chosen ^= {index}
            self.changed.emit()

    def _make(self, kind: str) -> None:
        picked = sorted(self.chosen) or ([self.cursor] if self.pool else [])
        cards = tuple(self.pool[i] for i in picked)
        if not cards:
            return
        if kind == "que":  # què is a list of lone cards: each its own group
            self.groups.extend(("que", (c,)) for c in cards)
        else:
            self.groups.append((kind, cards))
        for i in sorted(picked, reverse=True):
            del self.pool[i]
        self.chosen.clear()
        self.cursor = min(self.cursor, max(0, len(self.pool) - 1))
        self.changed.emit()

    def _unmake(self, index: int) -> None:
        _, cards = self.groups.pop(index)
        self.pool = sorted([*self.pool, *cards])
        self.chosen.clear()
        self.changed.emit()

    def command(self, command: str, key: str) -> None:
        """Cursor moves, choosing, grouping and taking back."""
        if self.locked:
            return
        if command in COMMAND_KIND:
            self._make(COMMAND_KIND[command])
        elif command == "drill_undo" and self.groups:
            self._unmake(len(self.groups) - 1)
        elif command in ("drill_left", "drill_right") and self.pool:
            step = -1 if command == "drill_left" else 1
            self.cursor = (self.cursor + step) % len(self.pool)
            self.changed.emit()
        elif command == "drill_toggle":
            self._toggle(self.cursor)

    def missing(self) -> str:
        """The cards not placed in a group yet."""
        left = len(self.pool)
        return translate("LearnAsk", "Còn %n quân chưa xếp vào nhóm nào.", None, left)

    def response(self, elapsed_ms: int) -> JSON | None:
        """The groups as lessons takes them; None while cards remain unplaced."""
        if self.pool:
            return None
        out: dict[str, list[Any]] = {k: [] for k in KINDS}
        for kind, cards in self.groups:
            if kind == "que":
                out["que"].extend(str(c) for c in cards)
            else:
                out[kind].append([str(c) for c in cards])
        return out


class CountChanAsker(Asker):
    """How many chắn does the hand hold?"""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.hand = tuple(sorted(Card.parse(c) for c in item.position["hand"]))
        self.number = NumberBox(20)
        self.number.valueChanged.connect(lambda _=0: self.changed.emit())
        form = QFormLayout()
        self.label = QLabel()
        form.addRow(self.label, self.number)
        self.controls_layout.addLayout(form)
        self.retranslate()

    def retranslate(self) -> None:
        """The label in the current language."""
        self.label.setText(translate("LearnAsk", "Số chắn"))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The number is typed at once."""
        return self.number

    def missing(self) -> str:
        """The count not typed yet."""
        return translate("LearnAsk", "Chưa gõ số chắn.")

    def picture(self) -> BoardView:
        """The hand as dealt (sorted by card); once graded, its arrangement."""
        if self.locked:
            return BoardView(shelves=answer_shelves(self.item.answer), hovered=self.hovered)
        cards = len(self.hand)
        title = translate("LearnAsk", "Bài của {seat}: %n quân", None, cards).format(
            seat=seat_name(int(self.item.position["seat"])))
        return BoardView(row=self.hand, row_title=title, hovered=self.hovered)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"chan_count": n}``."""
        n = self.number.number()
        return None if n is None else {"chan_count": n}
