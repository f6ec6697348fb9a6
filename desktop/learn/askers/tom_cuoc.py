"""Cước and the call (T7): which cước does this won hand have (a count per cước), what does
this call score (a number), say a call in the canonical order and make the whole call of a won
hand (the call builder's token buttons, digits, Backspace). lessons grades: tom_cuoc's grader
and, for the whole call, the engine's judge_call."""

from __future__ import annotations

from desktop.chieu.board import BoardView, Plaque
from desktop.i18n import current, translate
from desktop.learn.askers.base import Asker
from desktop.learn.askers.numbers import NumberBox
from desktop.learn.askers.tom_base import hand_board
from desktop.learn.call_builder import CallBuilder
from desktop.qt import QFormLayout, QLabel, QObject, QWidget
from engine.totom import CUOC_IDS, NAMES_EN, NAMES_VI, TC_IDS, parse_card, spoken
from lessons.item import JSON, Item


def cuoc_label(cuoc: str, players: int) -> str:
    """"TC3 · tôm"; with the English gloss in English."""
    name = spoken(cuoc, players)
    vi, en = NAMES_VI[name], NAMES_EN[name]
    said = vi if current() == "vi" or en == vi else f"{vi} ({en})"
    return f"{TC_IDS[cuoc]} · {said}"


class TomCuocAsker(Asker):
    """tom_cuoc/cuoc: how many of each cước the won hand holds (all 0: suông)."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.players = int(item.position["players"])
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.form = QFormLayout()
        self.boxes = {c: NumberBox(4) for c in CUOC_IDS if c != "suong"}
        self.labels: dict[str, QLabel] = {}
        for cuoc, box in self.boxes.items():
            label = QLabel()
            self.labels[cuoc] = label
            box.valueChanged.connect(lambda _=0: self.changed.emit())
            self.form.addRow(label, box)
        self.controls_layout.addWidget(self.hint)
        self.controls_layout.addLayout(self.form)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnTom", "Gõ số lần của mỗi cước bài có (để trống là "
                                                "0; không cước sắc nào là suông), rồi Enter."))
        for cuoc, label in self.labels.items():
            label.setText(cuoc_label(cuoc, self.players))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The first count."""
        return next(iter(self.boxes.values()))

    def picture(self) -> BoardView:
        """The won hand: hand, mat, W; once graded, the engine's cước."""
        lines: tuple[str, ...] = ()
        if self.locked:
            ans = self.item.answer
            lines = (", ".join(f"{NAMES_VI.get(c, c)} × {n}" for c, n in
                               ans["cuoc"]) + f" — {ans['score']} điểm",)
        return hand_board(self.item.position, lines=lines)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"cuoc": [[id, n], …]}`` (empty: suông)."""
        said = [[c, n] for c, box in self.boxes.items() if (n := box.number() or 0) > 0]
        return {"cuoc": said}


class TomScoreAsker(Asker):
    """tom_cuoc/score: what the call is worth (T7.4)."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.box = NumberBox(500)
        self.box.valueChanged.connect(lambda _=0: self.changed.emit())
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        self.controls_layout.addWidget(self.box)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnTom", "Gõ số điểm rồi Enter."))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The number."""
        return self.box

    def picture(self) -> BoardView:
        """The call, one plaque per cước."""
        players = int(self.item.position["players"])
        plaques = tuple(Plaque(f"{NAMES_VI.get(c, c)}" + (f" × {n}" if n > 1 else ""),
                               TC_IDS.get(c, "")) for c, n in self.item.position["call"])
        headline = translate("LearnTom", "Chiếu {p} người — lời xướng").format(p=players)
        lines = (translate("LearnTom", "= {n} điểm").format(n=self.item.answer["score"]),) \
            if self.locked else ()
        return BoardView(headline=headline, lines=lines, plaques=plaques)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"score": n}``."""
        n = self.box.number()
        return None if n is None else {"score": n}


class TomCallAsker(Asker):
    """tom_cuoc/order and call: the tokens in the order said (dậy khàn first)."""

    commands = frozenset({"drill_option", "drill_undo"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        pos = item.position
        self.builder = CallBuilder(int(pos["players"]))
        if item.kind == "order":
            khan = tuple(parse_card(k) for k in pos.get("khan", []))
        else:
            khan = tuple(parse_card(m["cards"][0]) for m in pos.get("mat", [])
                         if m.get("face_down"))
        self.builder.set_khan(khan)
        self.builder.changed.connect(self.changed)
        self.controls_layout.addWidget(self.builder)

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.builder.retranslate()
        super().retranslate()

    def command(self, command: str, key: str) -> None:
        """A digit says a token; Backspace takes the last back."""
        if self.locked:
            return
        if command == "drill_option":
            self.builder.press(int(key))
        elif command == "drill_undo":
            self.builder.undo()

    def picture(self) -> BoardView:
        """The won hand (call), or the cước to order; the right call once graded."""
        pos = self.item.position
        lines: tuple[str, ...] = ()
        if self.locked:
            lines = (translate("LearnTom", "Xướng đúng: «{text}»").format(
                text=self.item.answer["text"]),)
        if self.item.kind == "call":
            return hand_board(pos, lines=lines)
        plaques = tuple(Plaque(NAMES_VI.get(c, c) + (f" × {n}" if n > 1 else ""),
                               TC_IDS.get(c, "")) for c, n in pos["cuoc"])
        khan = pos.get("khan", [])
        head = translate("LearnTom", "Khàn còn úp: {cards}").format(cards=" ".join(khan)) \
            if khan else translate("LearnTom", "Các cước của bài ù (chưa theo thứ tự)")
        return BoardView(headline=head, lines=lines, plaques=plaques)

    def response(self, elapsed_ms: int) -> JSON | None:
        """The tokens' texts in the order said."""
        said = self.builder.texts()
        return said or None

    def missing(self) -> str:
        """Nothing said yet."""
        return translate("LearnTom", "Chưa xướng gì: bấm các nút (hoặc gõ số) theo thứ tự.")
