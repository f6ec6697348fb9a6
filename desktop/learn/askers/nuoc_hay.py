"""Nước hay: a decision of a real game on the chiếu, seen as that seat saw it; the moves that
break no rule are buttons (keys 1–4); once graded, each shows its value (the share of games it
won in the engine's playouts, lessons/nuoc_hay.py) and the best one is marked and lit."""

from __future__ import annotations

from desktop.chieu.view import ChieuView
from desktop.i18n import pick, translate
from desktop.learn.askers.on_chieu import ChieuAsker
from desktop.learn.words import percent
from desktop.qt import QLabel, QObject, QPushButton, QSizePolicy, QWidget
from engine.actions import Act, Action
from engine.chan import Card
from lessons.item import JSON, Grade, Item


def short_move(a: Action) -> str:
    """A move in a few words with card codes, for a button: "ăn 7v bằng 7v" / "eat 7v with 7v"
    (the graded explanation names the cards in full)."""
    c = "" if a.card is None else str(Card(a.card))
    if a.act is Act.EAT:
        return translate("LearnAsk", "ăn bằng {card}").format(card=c)
    if a.act is Act.DISCARD:
        return translate("LearnAsk", "đánh {card}").format(card=c)
    if a.act is Act.RETURN:
        return translate("LearnAsk", "trả cửa {card}").format(card=c)
    return {Act.DRAW: translate("LearnAsk", "bốc"), Act.PASS: translate("LearnAsk", "dưới"),
            Act.CHIU: translate("LearnAsk", "chíu"),
            Act.DECLINE: translate("LearnAsk", "bỏ qua, không chíu")}.get(a.act, str(a))


class NuocHayAsker(ChieuAsker):
    """Which of the options is best? One button per option; 1–4 choose and answer."""

    commands = frozenset({"drill_number"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.options: list[dict[str, JSON]] = list(item.answer["options"])
        self.chosen: int | None = None
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        self.buttons: list[QPushButton] = []
        for n in range(len(self.options)):
            button = QPushButton()
            button.setObjectName("nuocHayOption")
            button.setCheckable(True)
            # short texts (card codes); the width never comes from them: the panel keeps its own
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, i=n: self.choose(i))
            self.controls_layout.addWidget(button)
            self.buttons.append(button)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.controls_layout.addWidget(self.verdict)
        self.retranslate()

    def _label(self, n: int) -> str:
        option = self.options[n]
        label = f"{n + 1} · {short_move(Action.parse(str(option['move'])))}"
        if self.locked:
            label += f" — {percent(float(option['value']))}"
            if option["move"] == self.item.answer["best"]:
                label += " ✓ " + translate("LearnAsk", "hay nhất")
        return label

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate(
            "LearnAsk", "Chọn nước hay nhất: bấm số 1–{n} hoặc bấm vào nút, rồi Enter để trả "
                        "lời. Các nước này đều không phạm lỗi; bạn chỉ thấy bài của ghế "
                        "này.").format(
            n=len(self.options)))
        for n, button in enumerate(self.buttons):
            button.setText(self._label(n))
            button.setChecked(n == self.chosen)
        if self.locked:
            self.verdict.setText(translate(
                "LearnAsk", "Tỉ lệ thắng của mỗi nước: số ván thắng khi chơi thử {w} thế bài "
                            "khớp với những gì ghế này thấy.").format(
                w=self.item.answer["worlds"]))
        else:
            self.verdict.setText("")
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The first option."""
        return self.buttons[0] if self.buttons else None

    def _card(self, n: int) -> Card | None:
        a = Action.parse(str(self.options[n]["move"]))
        return a.card if a.act in (Act.EAT, Act.DISCARD, Act.RETURN) else None

    def picture(self) -> ChieuView:
        """The seat's view; the chosen option's card lit, and once graded the best one's."""
        lit: set[Card] = set()
        if self.chosen is not None:
            card = self._card(self.chosen)
            if card is not None:
                lit.add(card)
        message = ""
        if self.locked:
            best = next(n for n, o in enumerate(self.options)
                        if o["move"] == self.item.answer["best"])
            card = self._card(best)
            if card is not None:
                lit = {card}
            o = self.options[best]
            message = translate("LearnAsk", "Nước hay nhất: {move} ({value})").format(
                move=pick(o["text"]["vi"], o["text"]["en"]), value=percent(float(o["value"])))
        return self.view(message=message, highlighted=frozenset(lit))

    def choose(self, n: int) -> None:
        """Option n (from 0) is chosen (Enter answers)."""
        if self.locked or not 0 <= n < len(self.options):
            return
        self.chosen = n
        for i, button in enumerate(self.buttons):
            button.setChecked(i == n)
        self.changed.emit()

    def command(self, command: str, key: str) -> None:
        """1–4: that option."""
        if command == "drill_number" and key.isdigit():
            self.choose(int(key) - 1)

    def missing(self) -> str:
        """No option chosen yet."""
        return translate("LearnAsk", "Chưa chọn nước nào: bấm số 1–{n}.").format(
            n=len(self.options))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"move": "2 eat 9n"}``."""
        return None if self.chosen is None else {"move": self.options[self.chosen]["move"]}

    def show_grade(self, grade: Grade) -> None:
        """Graded: every option's value, the best one marked."""
        super().show_grade(grade)
        self.retranslate()
