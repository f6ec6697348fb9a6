"""Tổ tôm's offences and verdicts (T6, T7.6) on the card board with Tổ tôm's faces: a seat's hand
and mat, the card just placed and what the seat remembers (its declines, its takes, an ù let
pass), with the proposed move's cards raised — the learner ticks the TN and TD it commits (↑/↓,
Space) or says it is allowed (N); a won hand after offences — paid, unpaid or chèo đò (1–3); a
call — its verdict (1–3) and, for a paid ù, the điểm it scores (digits, Backspace). lessons
grades (tom_loi's grader, the engine's answer); the answer is marked once graded."""

from __future__ import annotations

from dataclasses import replace

from desktop.chieu.board import BoardView, Shelf
from desktop.i18n import pick, translate
from desktop.keys import key_hint
from desktop.learn.askers.base import Asker
from desktop.learn.askers.loi import RuleList, SaysAllowed
from desktop.learn.askers.tom_base import (
    Options,
    OptionsAsker,
    hand_board,
    option_index,
    tom_card_text,
)
from desktop.qt import QLabel, QObject, QWidget
from engine.actions import Act
from engine.totom import REGISTRY, TomAction, parse_card
from lessons import tom_loi
from lessons.item import JSON, Grade, Item

VERDICTS = tom_loi.VERDICTS  # the options' order: 1 paid, 2 unpaid, 3 chèo đò
MAX_SCORE = 999


def tom_rule_label(rule: str) -> str:
    """"TD9 — Đánh quân yêu"; with the English gloss in English."""
    vi, en = REGISTRY.name(rule)
    return f"{rule} — {vi}" + pick("", f" ({en})")


def verdict_label(verdict: str) -> str:
    """A verdict of T6.1 in words."""
    return {"paid": translate("LearnTomLoi", "Được tính điểm"),
            "unpaid": translate("LearnTomLoi", "Không được tính điểm (chỉ được cái)"),
            "cheo_do": translate("LearnTomLoi", "Chèo đò (nợ làng một ván ù)")}[verdict]


def _codes(value: object) -> list[str]:
    return [str(c) for c in value] if isinstance(value, list) else []


def memory_lines(mem: dict[str, JSON]) -> tuple[str, ...]:
    """What the seat remembers (T4.14, TD2, T5.7), one line each, only what it has."""
    out = []
    facts = (("declined", translate("LearnTomLoi", "Đã bỏ không ăn/phỗng: {cards}")),
             ("pairs_declined", translate("LearnTomLoi", "Có đôi mà không phỗng: {cards}")),
             ("taken", translate("LearnTomLoi", "Đã lấy (ăn, phỗng, dậy khàn): {cards}")),
             ("discarded_since", translate("LearnTomLoi", "Đánh ra từ khi lấy quân: {cards}")),
             ("let_pass", translate("LearnTomLoi", "Đã bỏ ù quân: {cards}")))
    for key, text in facts:
        codes = _codes(mem.get(key))
        if codes:
            out.append(text.format(cards=" ".join(codes)))
    return tuple(out)


def seat_board(mem: dict[str, JSON], players: int, headline: str, lines: tuple[str, ...],
               raised: frozenset[int] = frozenset()) -> BoardView:
    """The seat's hand along the bottom; its mat, W (a won hand) and the card just placed
    above."""
    board = hand_board({"hand": _codes(mem.get("hand")), "mat": mem.get("mat") or [],
                        "players": players, "w": mem.get("w")}, headline, lines, raised)
    live = mem.get("live")
    if not isinstance(live, str):
        return board
    shelf = Shelf("live", translate("LearnTomLoi", "Quân vừa vào cửa: {card}").format(
        card=tom_card_text(live)), ((parse_card(live),),), center=True)
    return replace(board, shelves=(*board.shelves, shelf))


class _SeatAsker(Asker):
    """A question on one seat of a game: its memory computed once from the engine."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.memory = tom_loi.memory(item.position)
        self.players = int(item.position.get("players", 5))
        self.seat = int(item.position["seat"])


class TomMoveAsker(SaysAllowed, _SeatAsker):
    """tom_loi/move: which TN and TD the proposed move commits, or none (N)."""

    commands = frozenset({"drill_no"})
    expands = True

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.move = TomAction.parse(item.position["move"])
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.rules = RuleList(rules=[r.id for r in REGISTRY.faults()], label=tom_rule_label)
        self.rules.itemChanged.connect(lambda _: self.changed.emit())
        self.allowed = False  # "không phạm lỗi" said with N: an empty list is then an answer
        self.controls_layout.addWidget(self.hint)
        self.controls_layout.addWidget(self.rules, 1)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnTomLoi", "Đánh dấu mọi lỗi nước này phạm (↑/↓ rồi "
                                                "Space), hoặc bấm {no} nếu không phạm lỗi nào; "
                                                "rồi Enter.").format(no=key_hint("drill_no")))
        self.rules.retranslate()
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The list of TN and TD."""
        return self.rules

    def _raised(self) -> frozenset[int]:
        """The hand cards the move plays: the discarded or returned card, an eat's cards."""
        hand = _codes(self.memory.get("hand"))
        wanted = [c.code for c in self.move.cards]
        if self.move.act in (Act.DISCARD, Act.RETURN, Act.HA_TRUNG) and self.move.card:
            wanted.append(self.move.card.code)
        out: set[int] = set()
        for code in wanted:
            i = next((i for i, c in enumerate(hand) if c == code and i not in out), None)
            if i is not None:
                out.add(i)
        return frozenset(out)

    def picture(self) -> BoardView:
        """The seat, the move's cards raised, the move in words; once graded, its offences."""
        words = tom_loi.describe(self.move)
        head = translate("LearnTomLoi", "Ghế {seat} định: {move}").format(
            seat=self.seat, move=pick(words.vi, words.en))
        lines = memory_lines(self.memory)
        if self.locked:
            found = self.item.answer["rules"]
            lines = (translate("LearnTomLoi", "Lỗi: {rules}").format(rules=", ".join(found))
                     if found else translate("LearnTomLoi", "Không phạm lỗi nào."), *lines)
        return seat_board(self.memory, self.players, head, lines, self._raised())

    def missing(self) -> str:
        """Nothing ticked and "no offence" not said."""
        return translate("LearnTomLoi", "Chưa đánh dấu lỗi nào. Không phạm lỗi nào thì bấm "
                                     "{no}.").format(no=key_hint("drill_no"))

    def show_grade(self, grade: Grade) -> None:
        """Mark the engine's answer in the list."""
        self.rules.show_verdict(set(self.item.answer["rules"]))
        super().show_grade(grade)


class TomVerdictAsker(OptionsAsker):
    """tom_loi/verdict: paid, unpaid or chèo đò (1–3)."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        self.memory = tom_loi.memory(item.position)
        super().__init__(item, parent)

    def labels(self) -> list[str]:
        """The three verdicts."""
        return [verdict_label(v) for v in VERDICTS]

    def right_options(self) -> list[int]:
        """The engine's verdict."""
        return [VERDICTS.index(self.item.answer["verdict"])]

    def picture(self) -> BoardView:
        """The won hand; once graded, the verdict and the offences that decided it."""
        pos = self.item.position
        head = translate("LearnTomLoi", "Ghế {seat} ù").format(seat=pos["seat"])
        lines: tuple[str, ...] = ()
        if self.locked:
            ans = self.item.answer
            decided = ", ".join(ans["decided"])
            lines = (verdict_label(ans["verdict"]) + (f" — {decided}" if decided else ""),)
        return seat_board(self.memory, int(pos.get("players", 5)), head, lines)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"verdict": v}``."""
        chosen = self.options.chosen()
        return {"verdict": VERDICTS[chosen[0]]} if chosen else None


class TomCallFaultAsker(_SeatAsker):
    """tom_loi/call: the verdict of the call (1–3) and, for a paid ù, its điểm (the digits
    typed after choosing 1; Backspace takes the last back)."""

    commands = frozenset({"drill_option", "drill_undo"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.options = Options([verdict_label(v) for v in VERDICTS])
        self.options.changed.connect(self._chosen)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.score_label = QLabel()
        self.score = ""
        for widget in (self.hint, self.options, self.score_label):
            self.controls_layout.addWidget(widget)
        self.retranslate()

    def _chosen(self) -> None:
        if not self.paid():
            self.score = ""
        self._said()
        self.changed.emit()

    def paid(self) -> bool:
        """"Được tính điểm" is chosen."""
        return self.options.chosen() == [VERDICTS.index("paid")]

    def _said(self) -> None:
        if self.paid():
            self.score_label.setText(translate("LearnTomLoi", "Số điểm: {n}").format(
                n=self.score or "?"))
        else:
            self.score_label.setText("")

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.options.set_labels([verdict_label(v) for v in VERDICTS])
        self.hint.setText(translate("LearnTomLoi", "Chọn 1–3; nếu được tính điểm, gõ tiếp số "
                                                "điểm (Backspace xóa), rồi Enter."))
        self._said()
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The first option."""
        return self.options.buttons[0]

    def command(self, command: str, key: str) -> None:
        """A digit chooses the verdict, then (paid) types the điểm; Backspace takes back."""
        if self.locked:
            return
        if command == "drill_undo":
            if self.score:
                self.score = self.score[:-1]
            else:
                self.options.group.setExclusive(False)
                for button in self.options.buttons:
                    button.setChecked(False)
                self.options.group.setExclusive(True)
        elif command == "drill_option":
            if self.paid():
                if len(self.score) < len(str(MAX_SCORE)):
                    self.score = (self.score + key).lstrip("0") or "0"
            else:
                self.options.press(option_index(key))
        self._said()
        self.changed.emit()

    def picture(self) -> BoardView:
        """The won hand and the call said; once graded, the right call and what this one
        costs."""
        pos, ans = self.item.position, self.item.answer
        head = translate("LearnTomLoi", "Ghế {seat} xướng: «{call}»").format(
            seat=self.seat, call=ans["said"])
        lines: tuple[str, ...] = (" ".join(pos["call"]),) if pos["call"] else ()
        if self.locked:
            cost = verdict_label(ans["verdict"])
            if ans["verdict"] == "paid":
                cost += " — " + translate("LearnTomLoi", "{n} điểm").format(n=ans["score"])
            lines = (*lines, translate("LearnTomLoi", "Xướng đúng: «{text}», {n} điểm").format(
                text=ans["right"], n=ans["true_score"]), cost)
        return seat_board(self.memory, self.players, head, lines)

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"verdict": v}``; ``{"verdict": "paid", "score": n}``."""
        chosen = self.options.chosen()
        if not chosen:
            return None
        verdict = VERDICTS[chosen[0]]
        if verdict != "paid":
            return {"verdict": verdict}
        return {"verdict": verdict, "score": int(self.score)} if self.score else None

    def missing(self) -> str:
        """The verdict, or the điểm of a paid ù."""
        if self.paid():
            return translate("LearnTomLoi", "Gõ số điểm của ù này.")
        return translate("LearnTom", "Chưa chọn: gõ số của lựa chọn hoặc bấm vào nó.")

    def show_grade(self, grade: Grade) -> None:
        """The engine's verdict marked."""
        self.options.mark([VERDICTS.index(self.item.answer["verdict"])])
        super().show_grade(grade)
