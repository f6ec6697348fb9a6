"""Chia bài (RULES R2.3–R2.8) step by step on the dealing table: the learner deals the piles,
chooses the nọc, turns up the cái, counts to the recipient, hands out the piles and says who
holds what — clicking piles and seats (or typing their numbers) and typing the counts.

Each step shows only what its question takes as given (the piles are not counted for the
learner, the recipient is not marked before the count); once graded, the item's answer (the
engine's, computed when the item was made) is written on the table.
"""

from __future__ import annotations

from typing import Any

from desktop.chieu.backdrop import Mark
from desktop.chieu.dealing import PILE_KEY, Badge, DealingView, PilePlace, SeatPlace
from desktop.chieu.hitmap import Hit, HitKind
from desktop.i18n import translate
from desktop.learn.askers.base import Asker
from desktop.learn.askers.boc_cai import picker_badge, recipient_badge
from desktop.learn.askers.numbers import NumberBox
from desktop.learn.words import card_count, card_text, noc_count, pile_name, seat_name
from desktop.qt import QFormLayout, QLabel, QObject, Qt, QWidget
from engine.chan import Card
from lessons.chia_bai import deal_of
from lessons.item import JSON, Item


def given_to(seat: int) -> str:
    """A pile's tag once handed out: "cho Ghế 2"."""
    return translate("LearnAsk", "cho {seat}").format(seat=seat_name(seat))


def _and(first: str, second: str) -> str:
    return f"{first}\n{second}" if first else second


class ChiaBaiAsker(Asker):
    """One step of a deal; see the module docstring."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        pos = item.position
        self.step = item.kind
        self.players = int(pos["players"])
        self.deal: dict[str, Any] = pos["deal"]
        # the table is the position's deal: its piles and leftovers are counted, never restated
        self.piles = len(self.deal["piles"])
        self.leftover = len(self.deal["leftover"])
        self.picker = int(self.deal["picker"])
        self.noc = int(self.deal["noc_pile"])
        self.cai = int(self.deal["cai_pile"])
        self.pile: int | None = None  # the pile the learner chose (noc, cai)
        self.seat: int | None = None  # the seat the learner chose (recipient, hands)
        self.handed: list[int] = []  # hand_out: the pile given to seat 0, 1, …
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        form = QFormLayout()
        self.controls_layout.addLayout(form)
        self.numbers: dict[str, NumberBox] = {}
        self.number_labels: dict[str, QLabel] = {}
        for key in self._number_keys():
            box = NumberBox(100)
            box.valueChanged.connect(lambda _=0: self.changed.emit())
            label = QLabel()
            form.addRow(label, box)
            self.numbers[key] = box
            self.number_labels[key] = label
        self.commands = frozenset({"drill_number"} | ({"drill_undo"} if self.step == "hand_out"
                                                      else set()))
        self.retranslate()

    def _number_keys(self) -> tuple[str, ...]:
        return {"piles": ("piles", "pile_size", "leftover"), "noc": ("noc_size",),
                "cai": ("noc_after",), "hands": ("noc",)}.get(self.step, ())

    # ------------------------------------------------------------------ texts

    def retranslate(self) -> None:
        """Hints and the labels of the numbers in the current language."""
        last_seat = self.players - 1
        hints = {
            "piles": translate("LearnAsk", "Gõ ba con số rồi bấm Trả lời."),
            "noc": translate("LearnAsk", "Bấm vào phần làm nọc (hoặc gõ số phần 0–{last}), "
                                         "rồi gõ số quân của nọc.").format(last=self.piles - 1),
            "cai": translate("LearnAsk", "Bấm vào phần được lật quân cái lên (hoặc gõ số "
                                         "phần), rồi gõ số quân nọc còn lại."),
            "recipient": translate("LearnAsk", "Bấm vào ghế được phần cái, hoặc gõ số ghế "
                                               "(0–{last}).").format(last=last_seat),
            "hand_out": translate("LearnAsk", "Chia từng ghế theo thứ tự 0, 1, …: bấm vào phần "
                                              "(hoặc gõ số phần) cho ghế đang hỏi. Backspace "
                                              "bỏ phần vừa chia."),
            "hands": translate("LearnAsk", "Bấm vào ghế đi trước (hoặc gõ số ghế), rồi gõ số "
                                           "quân còn trong nọc."),
        }
        hint = hints[self.step]
        if self.step == "hand_out" and not self.locked:
            if len(self.handed) < self.players:
                hint += " " + translate("LearnAsk", "Đang chia cho: {seat}.").format(
                    seat=seat_name(len(self.handed)))
            else:
                hint += " " + translate("LearnAsk", "Đã chia đủ: bấm Trả lời.")
        self.hint.setText(hint)
        labels = {
            "piles": translate("LearnAsk", "Số phần"),
            "pile_size": translate("LearnAsk", "Mỗi phần (quân)"),
            "leftover": translate("LearnAsk", "Thừa (quân)"),
            "noc_size": translate("LearnAsk", "Nọc có (quân)"),
            "noc_after": translate("LearnAsk", "Nọc còn (quân)"),
            "noc": translate("LearnAsk", "Nọc còn (quân)"),
        }
        for key, label in self.number_labels.items():
            label.setText(labels[key])
        super().retranslate()

    def missing(self) -> str:
        """The pile or seat not chosen yet, the piles still to hand out, the numbers not typed."""
        said = []
        if self.step in ("noc", "cai") and self.pile is None:
            said.append(translate("LearnAsk", "Chưa chọn phần làm nọc.") if self.step == "noc"
                        else translate("LearnAsk", "Chưa chọn phần được lật quân cái lên."))
        if self.step in ("recipient", "hands") and self.seat is None:
            said.append(translate("LearnAsk", "Chưa chọn ghế được phần cái.")
                        if self.step == "recipient"
                        else translate("LearnAsk", "Chưa chọn ghế đi trước."))
        if self.step == "hand_out" and len(self.handed) < self.players:
            said.append(translate("LearnAsk", "Còn {n} ghế chưa được chia phần.").format(
                n=self.players - len(self.handed)))
        unset = [self.number_labels[k].text() for k, box in self.numbers.items()
                 if box.number() is None]
        if unset:
            said.append(translate("LearnAsk", "Chưa gõ: {names}.").format(
                names=", ".join(unset)))
        return " ".join(said) or super().missing()

    def focus_widget(self) -> QWidget | None:
        """The first number to type, when the step has one and nothing to click first."""
        if self.step == "piles":
            return self.numbers["piles"]
        return None

    def _to_number(self) -> None:
        """The pile or seat is chosen: the keyboard goes to the number to type next, as the
        hint says (digits on the table would choose again)."""
        box = next(iter(self.numbers.values()), None)
        if box is not None and not self.locked:
            box.setFocus(Qt.FocusReason.OtherFocusReason)

    # ------------------------------------------------------------------ the table

    def _cai_card(self) -> Card:
        deal = deal_of(self.item.position)
        assert deal.cai_card is not None
        return deal.cai_card

    def picture(self) -> DealingView:
        """The table at this step, the learner's choices and (once graded) the answer."""
        ans = self.item.answer if self.locked else None
        wrong = self.grade is not None and not self.grade.correct
        seats = [self._seat(s, ans, wrong) for s in range(self.players)]
        if self.step == "piles":
            return DealingView(tuple(seats), deck=10, deck_label=translate(
                "LearnAsk", "Cỗ bài đã xào: {cards}").format(cards=card_count(self._cards())),
                hovered=self.hovered)
        if self.step == "hands":  # dealt: the hands, the nọc and the quân cái remembered
            card = self._cai_card()
            noc = (noc_count(ans["noc"]) if ans
                   else translate("LearnAsk", "Nọc"))
            return DealingView(tuple(seats), deck=6, deck_label=noc, shown=card,
                               shown_label=translate("LearnAsk", "Quân cái: {card}").format(
                                   card=card_text(card)), hovered=self.hovered)
        piles = tuple(self._pile(k, ans, wrong) for k in range(self.piles))
        # the leftovers lie apart until they go onto the nọc (shown once the nọc is answered)
        leftover = self.leftover if self.step == "noc" and not (ans and self.pile is not None) \
            else 0
        return DealingView(tuple(seats), piles, leftover=leftover,
                           leftover_label=translate("LearnAsk", "Quân thừa"),
                           hovered=self.hovered)

    def _cards(self) -> int:
        return sum(len(p) for p in self.deal["piles"]) + len(self.deal["leftover"])

    def _seat(self, s: int, ans: Any, wrong: bool) -> SeatPlace:
        badges = [picker_badge()] if s == self.picker else []
        mark = Mark.CHOSEN if s == self.seat else Mark.NONE
        if self.step == "hand_out" and not self.locked and s == len(self.handed):
            mark = Mark.CHOSEN  # the seat being served
        note = ""
        stack = 4 if self.step == "hands" else 0
        if self.step == "hand_out" and s < len(self.handed):
            note = pile_name(self.handed[s])
            stack = 3
        # once graded, the engine's answer (the item's) is written on the table
        if ans is not None and self.step == "recipient" and s == ans["recipient"]:
            badges.append(recipient_badge())
            mark = Mark.RIGHT
        if ans is not None and self.step == "hands":
            note = card_count(ans["sizes"][s])
            if s == ans["first"]:
                badges.append(Badge(translate("LearnAsk", "đi trước"), "green"))
                mark = Mark.RIGHT
        if ans is not None and self.step == "hand_out" and wrong:
            note = translate("LearnAsk", "đáp án: {pile}").format(
                pile=pile_name(ans["pile_of_seat"][s]))
        return SeatPlace(seat_name(s), tuple(badges), mark, stack, note)

    def _pile(self, k: int, ans: Any, wrong: bool) -> PilePlace:
        step = self.step
        tag = ""
        layers = 4
        face_up: Card | None = None
        mark = Mark.CHOSEN if k == self.pile else Mark.NONE
        dim = False
        if step in ("cai", "recipient", "hand_out") and k == self.noc:
            tag, layers = translate("LearnAsk", "Nọc"), 6
        if step in ("recipient", "hand_out") and k == self.cai:
            tag, face_up = translate("LearnAsk", "Phần cái"), self._cai_card()
        if step == "hand_out" and k in self.handed:
            tag = _and(tag, given_to(self.handed.index(k)))
        if ans is not None:
            if step == "noc" and k == self.pile:
                tag = noc_count(ans["noc_size"])
                layers = 6
                mark = Mark.RIGHT if not wrong else Mark.WRONG
            if step == "cai":
                if k == self.pile:
                    tag = translate("LearnAsk", "Phần cái: {cards}").format(
                        cards=card_count(ans["cai_pile_size"]))
                    mark = Mark.RIGHT if not wrong else Mark.WRONG
                if k == self.noc:
                    tag = noc_count(ans["noc_after"])
            if step == "hand_out":
                if k in ans["dead_piles"]:
                    tag, dim = translate("LearnAsk", "để riêng"), True
                elif k in ans["pile_of_seat"]:
                    tag = _and(translate("LearnAsk", "Phần cái") if k == self.cai else "",
                               given_to(ans["pile_of_seat"].index(k)))
                mark = Mark.NONE
        return PilePlace(pile_name(k), layers, face_up, tag, mark, dim)

    # ------------------------------------------------------------------ input

    def _choose_pile(self, k: int) -> None:
        if self.step == "hand_out":
            if k not in self.handed and len(self.handed) < self.players:
                self.handed.append(k)
                self.retranslate()
            return
        if self.step in ("noc", "cai"):
            self.pile = k
            self.changed.emit()
            self._to_number()

    def _choose_seat(self, s: int) -> None:
        if self.step == "recipient":  # chosen; Enter answers, as in every step
            self.seat = s
            self.changed.emit()
        elif self.step == "hands":
            self.seat = s
            self.changed.emit()
            self._to_number()

    def click(self, hit: Hit) -> None:
        """Piles and seats are chosen by clicking them."""
        if self.locked:
            return
        if hit.kind is HitKind.BUTTON and hit.key == PILE_KEY and hit.index is not None:
            self._choose_pile(hit.index)
        elif hit.kind is HitKind.SEAT and hit.seat is not None:
            self._choose_seat(hit.seat)

    def command(self, command: str, key: str) -> None:
        """Numbers choose a pile or a seat; Backspace takes back the last pile handed out."""
        if self.locked:
            return
        if command == "drill_number" and key.isdigit():
            n = int(key)
            if self.step in ("recipient", "hands"):
                if n < self.players:
                    self._choose_seat(n)
            elif n < self.piles:
                self._choose_pile(n)
        elif command == "drill_undo" and self.handed:
            self.handed.pop()
            self.retranslate()

    def response(self, elapsed_ms: int) -> JSON | None:
        """The step's answer in lessons' shape (README: chia_bai kinds)."""
        n = {key: box.number() for key, box in self.numbers.items()}
        if any(v is None for v in n.values()):
            return None
        step = self.step
        if step == "piles":
            return {"piles": n["piles"], "pile_size": n["pile_size"], "leftover": n["leftover"]}
        if step == "noc":
            return None if self.pile is None else {"noc_pile": self.pile,
                                                   "noc_size": n["noc_size"]}
        if step == "cai":
            return None if self.pile is None else {"cai_pile": self.pile,
                                                   "noc_after": n["noc_after"]}
        if step == "recipient":
            return None if self.seat is None else {"seat": self.seat}
        if step == "hand_out":
            return {"pile_of_seat": list(self.handed)} if len(
                self.handed) == self.players else None
        return None if self.seat is None else {"first": self.seat, "noc": n["noc"]}
