"""The 30 Tổ tôm cards and their couplets (T1.2–T1.7): name the card shown (its printed name
and code covered), read the couplet the announcer sings and name its card, find a card's
couplet, say whether a card is a yêu and red. Choices by digit or click; at level 3 the name is
typed (T1.3: with or without diacritics) — lessons reads it."""

from __future__ import annotations

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Shelf
from desktop.chieu.hitmap import Hit, HitKind
from desktop.i18n import translate
from desktop.learn.askers.tom_base import Options, OptionsAsker, cards_of, tom_card_text
from desktop.learn.canvas import Picture
from desktop.learn.veil import VeiledBoard
from desktop.qt import QLabel, QLineEdit, QObject, QWidget
from engine.totom import parse_card
from lessons.item import JSON, Grade, Item

CHOICES_KEY = "choices"
CARD_KEY = "card"


class TomNameAsker(OptionsAsker):
    """tom_quan/name and tom_tho/tho_card: which card is it? Options by name (a card shown
    veiled) or by face (a couplet sung); typed at level 3."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        self.choices: list[str] = list(item.position.get("choices") or [])
        super().__init__(item, parent)
        self.typed = QLineEdit()
        self.typed.textChanged.connect(lambda _: self.changed.emit())
        self.typed_label = QLabel()
        self.typed_label.setWordWrap(True)
        if self.choices:
            self.typed.hide()
            self.typed_label.hide()
        else:
            self.options.hide()
        self.controls_layout.addWidget(self.typed_label)
        self.controls_layout.addWidget(self.typed)
        self.retranslate()

    def labels(self) -> list[str]:
        """The names to choose from (Vietnamese names, as the cards print them)."""
        return [tom_card_text(c) for c in self.choices]

    def right_options(self) -> list[int]:
        """The card's option."""
        option = self.item.answer.get("option")
        return [option - 1] if isinstance(option, int) else []

    def retranslate(self) -> None:
        """Texts in the current language."""
        if hasattr(self, "typed_label"):
            self.typed_label.setText(translate("LearnTom", "Gõ tên quân (có dấu hay không dấu "
                                                           "đều được, ví dụ “cửu vạn”, “cuu van”) "
                                                           "hoặc mã của nó (9v):"))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The typing box at level 3, else the first option."""
        return self.typed if not self.choices else super().focus_widget()

    def picture(self) -> Picture:
        """The card (its name and code covered), or the couplet sung and the choices' faces."""
        pos = self.item.position
        right = self.right_options() if self.locked else []
        if "couplet" in pos:
            lines = tuple(pos["couplet"])
            shelves: tuple[Shelf, ...] = ()
            if self.choices:
                chosen = self.options.chosen()
                marks = tuple(Mark.RIGHT if k in right else Mark.CHOSEN if k in chosen
                              else Mark.NONE for k in range(len(self.choices)))
                shelves = (Shelf(CHOICES_KEY, translate("LearnTom", "Quân nào? (gõ 1–{n} hoặc "
                                                                    "bấm)").format(
                    n=len(self.choices)), tuple((c,) for c in cards_of(self.choices)),
                    notes=tuple(str(k + 1) for k in range(len(self.choices))), marks=marks,
                    center=True),)
            return BoardView(shelves=shelves, headline=translate("LearnTom",
                                                                 "Người dẫn bài hát:"),
                             lines=lines, hovered=self.hovered)
        card = parse_card(pos["card"])
        shelf = Shelf(CARD_KEY, translate("LearnTom", "Quân này tên là gì?"), ((card,),),
                      center=True, marks=(Mark.RIGHT,) if self.locked else ())
        board = BoardView(shelves=(shelf,))
        if self.locked:
            return board  # the answer is shown: the name is no longer hidden
        return VeiledBoard(board, CARD_KEY, suited=card.suit is not None)

    def click(self, hit: Hit) -> None:
        """A click on a choice's face chooses it."""
        if hit.kind is HitKind.BUTTON and hit.key == CHOICES_KEY and hit.index is not None:
            self.options.press(hit.index)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"option": n}`` (from 1), or the typed name at level 3."""
        if not self.choices:
            typed = self.typed.text().strip()
            return typed or None
        chosen = self.options.chosen()
        return {"option": chosen[0] + 1} if chosen else None

    def missing(self) -> str:
        """Nothing chosen or typed yet."""
        if not self.choices:
            return translate("LearnTom", "Chưa gõ tên quân.")
        return super().missing()


class TomCoupletAsker(OptionsAsker):
    """tom_tho/card_tho: which couplet does the announcer sing for this card?"""

    def labels(self) -> list[str]:
        """The couplets, each on two lines."""
        return ["\n".join(lines) for lines in self.item.position["choices"]]

    def right_options(self) -> list[int]:
        """The card's couplet."""
        return [int(self.item.answer["option"]) - 1]

    def picture(self) -> BoardView:
        """The card, large."""
        card = parse_card(self.item.position["card"])
        return BoardView(shelves=(Shelf(CARD_KEY, tom_card_text(card), ((card,),),
                                        center=True),))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"option": n}`` (from 1)."""
        chosen = self.options.chosen()
        return {"option": chosen[0] + 1} if chosen else None


YEU = ("den", "do", None)


class TomYeuRedAsker(OptionsAsker):
    """tom_quan/yeu_red: a yêu đen, a yêu đỏ or not a yêu (1–3); red or black (Y/N)."""

    commands = frozenset({"drill_option", "drill_yes", "drill_no"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.red = Options(self.red_labels())
        self.red.changed.connect(self.changed)
        self.red_title = QLabel()
        self.controls_layout.addWidget(self.red_title)
        self.controls_layout.addWidget(self.red)
        self.retranslate()

    def labels(self) -> list[str]:
        """Yêu đen, yêu đỏ, not a yêu."""
        return [translate("LearnTom", "Yêu đen"), translate("LearnTom", "Yêu đỏ"),
                translate("LearnTom", "Không phải yêu")]

    def red_labels(self) -> list[str]:
        """Red (Y), black (N)."""
        return [translate("LearnTom", "Quân đỏ (Y)"), translate("LearnTom", "Quân đen (N)")]

    def right_options(self) -> list[int]:
        """The engine's yêu."""
        return [YEU.index(self.item.answer["yeu"])]

    def retranslate(self) -> None:
        """Texts in the current language."""
        if hasattr(self, "red"):
            self.red_title.setText(translate("LearnTom", "Màu của quân:"))
            for button, label in zip(self.red.buttons, self.red_labels(), strict=True):
                button.setText(label)
        super().retranslate()

    def command(self, command: str, key: str) -> None:
        """Digits: the yêu; Y/N: red or black."""
        if self.locked:
            return
        if command == "drill_yes":
            self.red.press(0)
        elif command == "drill_no":
            self.red.press(1)
        else:
            super().command(command, key)

    def picture(self) -> BoardView:
        """The card."""
        card = parse_card(self.item.position["card"])
        return BoardView(shelves=(Shelf(CARD_KEY, tom_card_text(card), ((card,),),
                                        center=True),))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"yeu": "den" | "do" | null, "red": bool}``."""
        yeu, red = self.options.chosen(), self.red.chosen()
        if not yeu or not red:
            return None
        return {"yeu": YEU[yeu[0]], "red": red[0] == 0}

    def show_grade(self, grade: Grade) -> None:
        """Graded: the engine's colour marked too."""
        self.red.mark([0 if self.item.answer["red"] else 1])
        super().show_grade(grade)

    def missing(self) -> str:
        """What is not chosen yet."""
        return translate("LearnTom", "Chọn yêu (1–3) và màu (Y: đỏ, N: đen).")

