"""What Tổ tôm's drill questions share (issue 23, Học): their pictures on the card board with
Tổ tôm's faces (a position's hand, its mat as it lies, the winning card; a card; a couplet) and
numbered choices answered by a digit (1–9, 0 for the tenth) or a click. Nothing is judged here:
the response goes to lessons' grader in the shape lessons/README.md gives, and once graded the
item's engine answer is marked."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Shelf
from desktop.i18n import pick, translate
from desktop.learn.askers.base import Asker
from desktop.qt import QButtonGroup, QGridLayout, QObject, QPushButton, Qt, QWidget, Signal
from engine.totom import Card, parse_card
from lessons.item import JSON, Grade, Item

KEYS = "1234567890"


def tom_card_text(card: Card | str) -> str:
    """"Cửu vạn (9v)"; "9v (cửu vạn)" in English."""
    c = parse_card(card) if isinstance(card, str) else card
    return pick(f"{c.name_vi} ({c.code})", f"{c.code} ({c.name_vi.lower()})")


def cards_of(codes: Sequence[str]) -> tuple[Card, ...]:
    """Tổ tôm cards from their codes (T1.3)."""
    return tuple(parse_card(c) for c in codes)


def position_shelves(pos: dict[str, JSON], chosen: frozenset[int] = frozenset(),
                     lung: frozenset[int] = frozenset()) -> tuple[Shelf, ...]:
    """A Tổ tôm position's mat (as it lies, a face-down meld marked, lưng chosen marked) and,
    for a won position, the winning card."""
    shelves = []
    mat = pos.get("mat") or []
    if mat:
        groups = tuple(cards_of(m["cards"]) + cards_of(m.get("trung", [])) for m in mat)
        notes = tuple(f"{k + 1} · " + translate("LearnTom", "úp") if m.get("face_down")
                      else str(k + 1) for k, m in enumerate(mat))
        marks = tuple(Mark.CHOSEN if k in lung else Mark.NONE for k in range(len(mat)))
        shelves.append(Shelf("mat", translate("LearnTom", "Dưới chiếu ({n} phu)").format(
            n=len(mat)), groups, notes=notes, marks=marks, overlap=False))
    if pos.get("w"):
        shelves.append(Shelf("w", translate("LearnTom", "Quân ù: {card}").format(
            card=tom_card_text(pos["w"])), ((parse_card(pos["w"]),),), center=True,
            marks=(Mark.RIGHT,)))
    return tuple(shelves)


def hand_board(pos: dict[str, JSON], headline: str = "", lines: tuple[str, ...] = (),
               raised: frozenset[int] = frozenset(), cursor: int | None = None,
               lung: frozenset[int] = frozenset()) -> BoardView:
    """A position on the board: the hand along the bottom, the mat and W above."""
    hand = cards_of(pos.get("hand", []))
    players = pos.get("players", 5)
    return BoardView(shelves=position_shelves(pos, lung=lung), row=hand,
                     row_title=translate("LearnTom", "Trên tay ({n} quân) · chiếu {p} người"
                                         ).format(n=len(hand), p=players),
                     raised=raised, cursor=cursor, headline=headline, lines=lines)


class Options(QWidget):
    """Numbered choice buttons (one chosen, or several with ``many``); ``changed`` when the
    choice changes."""

    changed = Signal()

    def __init__(self, labels: Sequence[str], many: bool = False, columns: int = 1,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(3)
        self.group = QButtonGroup(self)
        self.group.setExclusive(not many)
        self.buttons: list[QPushButton] = []
        for i in range(len(labels)):
            button = QPushButton()
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setStyleSheet("QPushButton { text-align: left; padding: 4px 8px; }"
                                 "QPushButton:checked { background: #f2c450; "
                                 "border: 2px solid #aa261e; }")
            self.group.addButton(button, i)
            grid.addWidget(button, i // columns, i % columns)
            self.buttons.append(button)
        self.set_labels(labels)
        self.group.buttonToggled.connect(lambda *_: self.changed.emit())

    def set_labels(self, labels: Sequence[str]) -> None:
        """The buttons' texts (numbered for the keys)."""
        for i, (button, label) in enumerate(zip(self.buttons, labels, strict=True)):
            key = KEYS[i] if i < len(KEYS) else ""
            button.setText(f"{key}. {label}" if key else label)

    def press(self, index: int) -> None:
        """Choose (or, with many, toggle) option ``index``."""
        if 0 <= index < len(self.buttons):
            button = self.buttons[index]
            button.setChecked(not button.isChecked() if not self.group.exclusive() else True)

    def chosen(self) -> list[int]:
        """The chosen options, in order."""
        return [i for i, b in enumerate(self.buttons) if b.isChecked()]

    def mark(self, right: Sequence[int]) -> None:
        """Once graded: the engine's answer in green."""
        for i, button in enumerate(self.buttons):
            if i in right:
                button.setStyleSheet(button.styleSheet() + "QPushButton { border: 3px solid "
                                                           "#2f7a44; }")


def option_index(key: str) -> int:
    """The option a digit key names (1 → 0 … 0 → 9)."""
    return KEYS.index(key) if key in KEYS else -1


class OptionsAsker(Asker):
    """A question answered by numbered options (digits or clicks); subclasses give the
    labels, the picture and the response of the chosen options."""

    commands = frozenset({"drill_option"})
    many = False
    columns = 1

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.options = Options(self.labels(), self.many, self.columns)
        self.options.changed.connect(self.changed)
        self.controls_layout.addWidget(self.options)

    def labels(self) -> list[str]:
        """The options' texts in the current language."""
        raise NotImplementedError

    def right_options(self) -> list[int]:
        """The options the engine's answer names (marked once graded)."""
        return []

    def command(self, command: str, key: str) -> None:
        """A digit chooses an option."""
        if command == "drill_option" and not self.locked:
            self.options.press(option_index(key))

    def focus_widget(self) -> QWidget | None:
        """The first option."""
        return self.options.buttons[0] if self.options.buttons else None

    def missing(self) -> str:
        """Nothing chosen yet."""
        return translate("LearnTom", "Chưa chọn: gõ số của lựa chọn hoặc bấm vào nó.")

    def show_grade(self, grade: Grade) -> None:
        """Graded: the engine's answer marked."""
        self.options.mark(self.right_options())
        super().show_grade(grade)

    def retranslate(self) -> None:
        """The options in the current language."""
        self.options.set_labels(self.labels())
        super().retranslate()
