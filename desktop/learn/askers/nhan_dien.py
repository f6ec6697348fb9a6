"""Recognising a hand on the game chiếu (RULES R5.1, R5.5, R4.4, R7): is it waiting, which cards
win it (and how many are still live), may the live card be eaten and with what. Answers are
given with the chiếu's prompts and hand cards, a card picker, and keys."""

from __future__ import annotations

from desktop.chieu.drawing import hand_groups
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.view import ChieuView, Prompt
from desktop.i18n import translate
from desktop.keys import key_hint
from desktop.learn.askers.card_picker import CardPicker
from desktop.learn.askers.numbers import NumberBox
from desktop.learn.askers.on_chieu import ChieuAsker
from desktop.learn.words import card_text
from desktop.qt import QFormLayout, QLabel, QObject, QWidget
from engine.chan import Card
from lessons.item import JSON, Item


class WaitingAsker(ChieuAsker):
    """Is the hand waiting to win (chờ ù)?"""

    commands = frozenset({"drill_yes", "drill_no"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.said: bool | None = None

    def picture(self) -> ChieuView:
        """The position, with Có / Chưa on the chiếu."""
        yes = Prompt("drill_yes", translate("LearnAsk", "Có, chờ ù"), key_hint("drill_yes"),
                     primary=self.said is True, enabled=not self.locked)
        no = Prompt("drill_no", translate("LearnAsk", "Chưa chờ ù"), key_hint("drill_no"),
                    primary=self.said is False, enabled=not self.locked)
        return self.view((yes, no))

    def command(self, command: str, key: str) -> None:
        """Y or N chooses the answer (Enter gives it)."""
        if self.locked or command not in self.commands:
            return
        self.said = command == "drill_yes"
        self.changed.emit()

    def missing(self) -> str:
        """Neither answer given yet."""
        return translate("LearnAsk", "Chưa trả lời: có chờ ù ({yes}) hay chưa ({no})?").format(
            yes=key_hint("drill_yes"), no=key_hint("drill_no"))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"waiting": bool}``."""
        return None if self.said is None else {"waiting": self.said}


class WaitsAsker(ChieuAsker):
    """Which cards win the waiting hand, and how many of each are still live?"""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.picker = CardPicker()
        self.picker.changed.connect(self._picked)
        self.live_form = QFormLayout()
        self.live: dict[Card, NumberBox] = {}
        self.live_title = QLabel()
        self.live_title.setWordWrap(True)
        for widget in (self.hint, self.picker, self.live_title):
            self.controls_layout.addWidget(widget)
        self.controls_layout.addLayout(self.live_form)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnAsk", "Bấm chọn mọi quân ù được (Tab rồi Space cũng "
                                                "được)."))
        self.live_title.setText(translate("LearnAsk", "Nếu muốn, gõ số quân còn sống (chưa lộ) "
                                                      "của mỗi quân ù:"))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The first card of the picker."""
        return self.picker.buttons[Card.V2]

    def _picked(self) -> None:
        chosen = self.picker.chosen()
        for card in list(self.live):
            if card not in chosen:
                self.live_form.removeRow(self.live.pop(card))
        for card in chosen:
            if card not in self.live:
                box = NumberBox(4)
                box.valueChanged.connect(lambda _=0: self.changed.emit())
                self.live[card] = box
                self.live_form.addRow(card_text(card), box)
        self.changed.emit()

    def picture(self) -> ChieuView:
        """The position; once graded, the winning cards and their live counts."""
        message = ""
        if self.locked:
            waits = self.item.answer.get("waits", [])
            message = translate("LearnAsk", "Ù được với: {cards}").format(cards=", ".join(
                translate("LearnAsk", "{card} còn {n}").format(card=card_text(w["card"]),
                                                              n=w["live"]) for w in waits))
        return self.view(message=message)

    def missing(self) -> str:
        """No winning card chosen yet."""
        return translate("LearnAsk", "Chưa chọn quân ù nào.")

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"waits": [codes], "live": {code: n}}`` (live only when every count is given)."""
        chosen = self.picker.chosen()
        if not chosen:
            return None
        out: dict[str, JSON] = {"waits": [str(c) for c in chosen]}
        counts = {str(c): box.number() for c, box in self.live.items()}
        if counts and all(n is not None for n in counts.values()):
            out["live"] = counts
        return out


class EatAsker(ChieuAsker):
    """May the live card be eaten, and with which hand cards without a lỗi?"""

    commands = frozenset({"drill_left", "drill_right", "drill_toggle", "drill_no"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.order = [c for _, group in hand_groups(self.game.hand_cards(self.seat))
                      for c in group]
        self.cursor = 0
        self.with_: set[Card] = set()
        self.declined = False  # "không ăn" said (N, the prompt): never Enter on nothing chosen
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        self.retranslate()

    def retranslate(self) -> None:
        """The hint in the current language."""
        self.hint.setText(translate(
            "LearnAsk", "Bấm vào mọi quân trên tay ăn được quân này mà không phạm lỗi (hoặc "
                        "←/→ rồi Space); không được ăn thì bấm Không ăn (N). Rồi Enter để trả "
                        "lời."))
        super().retranslate()

    def picture(self) -> ChieuView:
        """The position, the chosen cards lit; once graded, the cards that may eat."""
        live = self.item.position.get("live")
        if self.locked:
            clean = self.item.answer.get("clean", [])
            message = (translate("LearnAsk", "Ăn đúng luật với: {cards}").format(
                cards=", ".join(card_text(c) for c in clean)) if clean
                else translate("LearnAsk", "Không được ăn quân này."))
            return self.view(message=message,
                             highlighted=frozenset(Card.parse(c) for c in clean))
        prompts = (Prompt("drill_submit", translate("LearnAsk", "Ăn với quân đã chọn"),
                          key_hint("drill_submit"), primary=True, enabled=bool(self.with_)),
                   Prompt("drill_no", translate("LearnAsk", "Không ăn"), key_hint("drill_no"),
                          primary=self.declined and not self.with_))
        message = translate("LearnAsk", "{card} đang chờ ăn.").format(
            card=card_text(live)) if live else ""
        cursor = self.order[self.cursor] if self.order else None
        return self.view(prompts, message, frozenset(self.with_), cursor)

    def click(self, hit: Hit) -> None:
        """Hand cards toggle; the prompts answer."""
        if self.locked:
            return
        if hit.kind is HitKind.HAND and hit.card is not None:
            if hit.index is not None:
                self.cursor = hit.index
            self.with_ ^= {hit.card}
            self.changed.emit()
        else:
            super().click(hit)

    def command(self, command: str, key: str) -> None:
        """Cursor moves and choosing; N leaves the card; the prompt answers."""
        if self.locked:
            return
        if command in ("drill_left", "drill_right") and self.order:
            step = -1 if command == "drill_left" else 1
            self.cursor = (self.cursor + step) % len(self.order)
            self.changed.emit()
        elif command == "drill_toggle" and self.order:
            self.with_ ^= {self.order[self.cursor]}
            self.changed.emit()
        elif command == "drill_no":  # chosen; Enter answers
            self.with_.clear()
            self.declined = True
            self.changed.emit()
        elif command == "drill_submit":  # the picture's Enter button
            self.answer_now.emit()

    def missing(self) -> str:
        """Nothing chosen and "không ăn" not said."""
        return translate("LearnAsk", "Chưa chọn quân nào để ăn. Không ăn thì bấm Không ăn "
                                     "({key}).").format(key=key_hint("drill_no"))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"with": [codes]}``; ``[]`` (leaving the card) only once "không ăn" was said, so an
        Enter with nothing chosen is not taken for it."""
        if self.declined:
            return {"with": []}
        return {"with": sorted(str(c) for c in self.with_)} if self.with_ else None
