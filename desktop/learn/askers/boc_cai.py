"""Bốc cái (RULES R2.6): the seats around the table, the picker marked, the quân cái shown;
the learner clicks the seat that receives the cái pile (or types its number), then Enter
answers. In the timed
mode a countdown runs on the table and the time taken goes with the answer."""

from __future__ import annotations

import math

from desktop.chieu.backdrop import Mark
from desktop.chieu.dealing import Badge, DealingView, SeatPlace
from desktop.chieu.hitmap import Hit, HitKind
from desktop.i18n import translate
from desktop.learn.askers.base import Asker
from desktop.learn.words import card_text, seat_name
from desktop.qt import QLabel, QObject
from engine.chan import Card
from lessons.item import JSON, Item


def picker_badge() -> Badge:
    """The picker's mark on its plate."""
    return Badge(translate("LearnAsk", "bốc cái"), "gold")


def play_order() -> str:
    """The label of the play-order arrows."""
    return translate("LearnAsk", "chiều chơi")


def recipient_badge() -> Badge:
    """The cái recipient's mark, once the answer is known."""
    return Badge(translate("LearnAsk", "được cái"), "green")


class BocCaiAsker(Asker):
    """Who receives the cái pile?"""

    commands = frozenset({"drill_number"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        pos = item.position
        self.players = int(pos["players"])
        self.picker = int(pos["picker"])
        self.card = Card.parse(pos["card"])
        self.limit: float | None = float(pos["seconds"]) if "seconds" in pos else None
        self.seat: int | None = None
        self.elapsed = 0.0
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        self.retranslate()

    def retranslate(self) -> None:
        """The hint in the current language."""
        self.hint.setText(translate("LearnAsk", "Bấm vào ghế được phần cái, hoặc gõ số ghế "
                                                "(0–{last}), rồi Enter để trả lời.").format(
            last=self.players - 1))
        super().retranslate()

    def picture(self) -> DealingView:
        """The table: seats, the picker, the card turned up, the countdown."""
        right = self.item.answer if self.locked else None
        seats = []
        for s in range(self.players):
            badges = [picker_badge()] if s == self.picker else []
            mark = Mark.CHOSEN if s == self.seat else Mark.NONE
            if right is not None and s == right:  # the engine's answer, shown once graded
                badges.append(recipient_badge())
                mark = Mark.RIGHT
            seats.append(SeatPlace(seat_name(s), tuple(badges), mark))
        countdown = label = None
        if self.limit is not None:
            left = max(0.0, self.limit - self.elapsed)
            countdown = left / self.limit
            label = (translate("LearnAsk", "Còn {n} giây").format(n=math.ceil(left)) if left > 0
                     else translate("LearnAsk", "Hết giờ"))
        return DealingView(
            tuple(seats), shown=self.card,
            shown_label=translate("LearnAsk", "Quân cái: {card}").format(card=card_text(self.card)),
            countdown=countdown, countdown_label=label or "", direction=play_order(),
            hovered=self.hovered)

    def choose(self, seat: int) -> None:
        """The learner names a seat (Enter answers)."""
        if self.locked or not 0 <= seat < self.players:
            return
        self.seat = seat
        self.changed.emit()

    def click(self, hit: Hit) -> None:
        """A click on a seat's plate chooses it."""
        if hit.kind is HitKind.SEAT and hit.seat is not None:
            self.choose(hit.seat)

    def command(self, command: str, key: str) -> None:
        """A number key names a seat."""
        if command == "drill_number" and key.isdigit():
            self.choose(int(key))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"seat": s, "elapsed_ms": t}`` (lessons/README.md, boc_cai/recipient)."""
        if self.seat is None:
            return None
        return {"seat": self.seat, "elapsed_ms": elapsed_ms}

    def missing(self) -> str:
        """No seat named yet."""
        return translate("LearnAsk", "Chưa chọn ghế được phần cái: bấm vào ghế hoặc gõ số ghế.")

    def timed_seconds(self) -> float | None:
        """The timed mode's limit (the position's ``seconds``)."""
        return self.limit

    def tick(self, elapsed_s: float) -> None:
        """Redraw the countdown."""
        if not self.locked:
            self.elapsed = elapsed_s
            self.changed.emit()
