"""Waits (T5.5) and cho cái (T2.5): which cards win this hand — the 30 kinds as toggle buttons
(Tab, Space, clicks); what is the wait called (1–5); which pile is the cái's, or a seat's
(a digit, 1 the pile next to the khe)."""

from __future__ import annotations

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Shelf
from desktop.i18n import translate
from desktop.learn.askers.base import Asker
from desktop.learn.askers.tom_base import OptionsAsker, hand_board, option_index, tom_card_text
from desktop.qt import QGridLayout, QObject, QPushButton, QWidget, Signal
from engine.totom import ALL_CARDS, Card, parse_card
from lessons.item import JSON, Grade, Item

WAIT_NAMES = ("thap_thanh", "bach_thu", "xuyen", "chi_nay")


class TomCardPicker(QWidget):
    """Toggle buttons for the 30 kinds: a row per suit (nhất to cửu), the yêu đỏ below."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.buttons: dict[Card, QPushButton] = {}
        for card in ALL_CARDS:
            c = Card(card)
            button = QPushButton(c.code)
            button.setCheckable(True)
            button.setToolTip(tom_card_text(c))
            button.setAccessibleName(c.name_vi)
            button.setMinimumWidth(30)
            button.setStyleSheet("QPushButton { padding: 3px 2px; }"
                                 "QPushButton:checked { background: #f2c450; "
                                 "border: 2px solid #aa261e; }")
            button.toggled.connect(lambda _=False: self.changed.emit())
            row, col = ("vns".index(c.suit), c.rank - 1) if c.suit else (3, ["oc", "tt", "cc"]
                                                                             .index(c.code))
            grid.addWidget(button, row, col)
            self.buttons[c] = button

    def chosen(self) -> list[Card]:
        """The kinds toggled on, in card order."""
        return [c for c, b in self.buttons.items() if b.isChecked()]

    def mark(self, right: set[Card]) -> None:
        """Once graded: the engine's waits in green."""
        for c in right:
            self.buttons[c].setStyleSheet(self.buttons[c].styleSheet()
                                          + "QPushButton { border: 3px solid #2f7a44; }")


class TomWaitsAsker(Asker):
    """tom_cho/waits: every card that wins the hand."""

    expands = True

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.picker = TomCardPicker()
        self.picker.changed.connect(self.changed)
        self.controls_layout.addWidget(self.picker)

    def picture(self) -> BoardView:
        """The hand and mat; once graded, the waits with their names and unseen copies."""
        lines: tuple[str, ...] = ()
        if self.locked:
            lines = (translate("LearnTom", "Ù được với: {cards}").format(cards=", ".join(
                translate("LearnTom", "{card} (còn {n} quân chưa thấy)").format(
                    card=tom_card_text(w["card"]), n=w["unseen"])
                for w in self.item.answer["waits"]) or "—"),)
        return hand_board(self.item.position, lines=lines)

    def focus_widget(self) -> QWidget | None:
        """The first card button."""
        return next(iter(self.picker.buttons.values()))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"waits": [codes]}``."""
        chosen = self.picker.chosen()
        return {"waits": [c.code for c in chosen]} if chosen else None

    def missing(self) -> str:
        """No card chosen."""
        return translate("LearnTom", "Chưa chọn quân ù nào (bấm các nút mã quân).")

    def show_grade(self, grade: Grade) -> None:
        """Graded: the engine's waits marked."""
        self.picker.mark({parse_card(c) for c in self.item.answer["cards"]})
        super().show_grade(grade)


class TomWaitNameAsker(OptionsAsker):
    """tom_cho/wait_name: the names of the wait on the card asked (several may hold)."""

    many = True

    def labels(self) -> list[str]:
        """The four names of T5.5, and none."""
        return [translate("LearnTom", "Thập thành"), translate("LearnTom", "Bạch thủ"),
                translate("LearnTom", "Chờ xuyên"), translate("LearnTom", "Chờ chi chi nẩy"),
                translate("LearnTom", "Chờ thường, không có tên riêng")]

    def right_options(self) -> list[int]:
        """The engine's names (or none)."""
        names = self.item.answer["names"]
        return [WAIT_NAMES.index(n) for n in names] or [len(WAIT_NAMES)]

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.options.group.idClicked.connect(self._exclusive)

    def command(self, command: str, key: str) -> None:
        """A digit toggles a name; "none" and the names exclude each other."""
        super().command(command, key)
        self._exclusive(option_index(key))

    def _exclusive(self, index: int) -> None:
        """Option ``index`` was pressed: "none" unchecks the names, a name unchecks "none"."""
        none = len(WAIT_NAMES)
        buttons = self.options.buttons
        if not 0 <= index < len(buttons) or not buttons[index].isChecked():
            return
        for i, button in enumerate(buttons):
            if (index == none) != (i == none):
                button.setChecked(False)

    def picture(self) -> BoardView:
        """The hand and mat, the card waited on."""
        card = self.item.position["card"]
        shelf = Shelf("card", translate("LearnTom", "Chờ {card}").format(
            card=tom_card_text(card)), ((parse_card(card),),), center=True,
            marks=(Mark.RIGHT,))
        board = hand_board(self.item.position)
        return BoardView(shelves=(*board.shelves, shelf), row=board.row,
                         row_title=board.row_title)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"names": [...]}``, ``[]`` for an ordinary wait."""
        chosen = self.options.chosen()
        if not chosen:
            return None
        return {"names": [WAIT_NAMES[i] for i in chosen if i < len(WAIT_NAMES)]}


class TomPileAsker(OptionsAsker):
    """tom_cho_cai/pile and seat_pile: which pile, counted from the khe?"""

    columns = 5

    def labels(self) -> list[str]:
        """Pile 1 … P."""
        return [translate("LearnTom", "Phần {n}").format(n=n)
                for n in range(1, int(self.item.position["players"]) + 1)]

    def right_options(self) -> list[int]:
        """The engine's pile."""
        return [int(self.item.answer["pile"]) - 1]

    def picture(self) -> BoardView:
        """Cards A and B, and the count once graded."""
        pos = self.item.position
        a, b = parse_card(pos["a"]), parse_card(pos["b"])
        lines: tuple[str, ...] = ()
        if self.locked:
            ans = self.item.answer
            lines = (translate("LearnTom", "{n} chia {m}: đếm {r} từ khe → phần {pile}.").format(
                n=ans["n"], m=ans["modulus"], r=ans["r"], pile=ans["pile"]),)
        return BoardView(shelves=(
            Shelf("a", translate("LearnTom", "A: {card} = {v}").format(card=tom_card_text(a),
                                                                       v=a.value),
                  ((a,),), center=True),
            Shelf("b", translate("LearnTom", "B: {card} = {v}").format(card=tom_card_text(b),
                                                                      v=b.value),
                  ((b,),), center=True)), lines=lines,
            headline=translate("LearnTom", "Cho cái — chiếu {p} người").format(
                p=pos["players"]))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"pile": n}``."""
        chosen = self.options.chosen()
        return {"pile": chosen[0] + 1} if chosen else None

